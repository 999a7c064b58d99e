"""Nothing is lost: a save killed at any moment leaves the file in place (the old one or
the new one, whole), a backup of the one before, and no litter; a session killed in the
middle of play opens with every action it had finished. Kills are real SIGKILLs of a
forked child process."""

from __future__ import annotations

import json
import os
import random
import signal
import stat
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from support.killed_child import KillAt, _in_child

from companion.dice.sources import SeededDice
from companion.files import atomic
from companion.files.atomic import atomic_write, backup_path, leftover_temps
from companion.rulesets.base import Ruleset
from companion.rulesets.registry import get_ruleset
from companion.session.session import Session, SessionFileError, can_open, load_session
from companion.tables.loader import TableSet, load_tables

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

# The file-system calls a save makes; a kill may come just before any of them.
STEPS = ("open", "fchmod", "write", "fsync", "close", "link", "replace", "listdir", "unlink")




def test_a_save_killed_before_any_of_its_steps_leaves_the_old_file_or_the_new(tmp_path):
    path = tmp_path / "game.json"
    old, new = "old " * 5000, "new " * 5000
    outcomes = set()
    for at in range(40):
        atomic_write(path, "older")
        atomic_write(path, old)

        def save(at: int = at) -> None:
            atomic.os = KillAt(STEPS, at)  # type: ignore[attr-defined]
            atomic_write(path, new)

        status = _in_child(save)
        assert path.read_text() in (old, new), f"killed before step {at}"
        assert backup_path(path).read_text() in ("older", old)
        outcomes.add(path.read_text() == new)
        atomic_write(path, "after")  # the next save clears what the kill left behind
        assert leftover_temps(path) == []
        if status == 0:
            break  # the save went through before step `at`: every step was tried
        assert status == -signal.SIGKILL
    else:
        pytest.fail("a save takes more steps than expected")
    assert outcomes == {False, True}  # kills came both before and after the switch


def test_saving_over_a_file_keeps_its_permissions_and_a_new_file_gets_the_usual_ones(
        tmp_path):
    path = tmp_path / "game.json"
    atomic_write(path, "first")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
    path.chmod(0o640)
    atomic_write(path, "second")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_temp_files_an_earlier_crash_left_are_removed_at_the_next_save(tmp_path):
    path = tmp_path / "game.json"
    for i in range(5):
        (tmp_path / f".game.json.{i}dead.tmp").write_text("half a save")
    (tmp_path / ".other.json.1.tmp").write_text("not ours")
    atomic_write(path, "whole")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.json.1.tmp", "game.json"]


# --- sessions ------------------------------------------------------------------------------
SETUP = {"gladiators": [{"type": "samnite"}, {"type": "retiarius"},
                        {"type": "thracian"}, {"type": "gaetulian"}]}


def _play(path: Path, seed: int, report: int, rules: Ruleset[Any], tables: TableSet) -> None:
    """The child: open (or start) the session, then let the computer play it, saving
    after every action, and report each finished action's journal length."""
    session = (load_session(path, lambda _id: rules, tables=tables) if can_open(path)
               else Session(rules, SETUP, tables))
    session.autosave_path = path
    dice = SeededDice(seed)
    while not rules.is_over(session.state):
        action = rules.choose(session.state)
        assert action is not None
        session.act(action, dice)
        os.write(report, f"{len(session.journal)}\n".encode())
    os.write(report, b"over\n")


def test_a_session_killed_in_play_opens_with_every_action_it_had_finished(tmp_path):
    rng = random.Random(7)
    # Tables read and rules made once, before the forks: every child plays at once.
    tables = load_tables()
    rules = get_ruleset("skirmish")
    Session(rules, SETUP, tables)
    kills = inside_a_save = bouts = longest = 0
    path = tmp_path / "bout-0.json"
    started = time.monotonic()
    while kills < 200:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            os.close(read)
            try:
                _play(path, rng.randrange(10**6), write, rules, tables)
            except BaseException:  # a child must never return into pytest
                os._exit(3)
            os._exit(0)
        os.close(write)
        time.sleep(rng.uniform(0.0, 0.05))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        with os.fdopen(read) as stream:
            lines = stream.read().split()
        over = "over" in lines
        finished = max((int(n) for n in lines if n.isdigit()), default=0)
        if os.WIFSIGNALED(status):
            kills += 1
            inside_a_save += bool(leftover_temps(path))
        else:
            assert os.WEXITSTATUS(status) == 0, "the child failed"
        if finished or path.exists():
            session = load_session(path, lambda _id: rules, tables=tables)
            assert len(session.journal) >= finished
            longest = max(longest, len(session.journal))
        if over:
            bouts += 1
            path = tmp_path / f"bout-{bouts}.json"
        assert time.monotonic() - started < 600, "the kills took too long"
    # Figures for the record (pytest -s shows them).
    print(f"\n{kills} kills, {inside_a_save} in the middle of a save, {bouts} bouts over, "
          f"longest session {longest} actions", file=sys.stderr)
    assert inside_a_save > 0


def test_an_unreadable_save_opens_its_backup_and_says_so(tmp_path):
    path = tmp_path / "bout.json"
    session = Session(get_ruleset("skirmish"), SETUP)
    session.act({"type": "start"}, SeededDice(1))
    session.save(path)
    session.act({"type": "roll_ap"}, SeededDice(2))
    session.save(path)
    path.write_text('{"format": "companion-session", "version": 2, "rul')  # torn
    opened = load_session(path, get_ruleset)
    assert len(opened.journal) == 1
    assert "not valid JSON" in opened.warnings[0] and "backup" in opened.warnings[0]
    path.unlink()
    assert len(load_session(path, get_ruleset).journal) == 1
    backup_path(path).write_text("[]")
    with pytest.raises(SessionFileError, match="no such file"):
        load_session(path, get_ruleset)


def test_resume_offers_the_backup_when_the_autosave_is_gone(tmp_path):
    from companion.ui.app import App

    app = App()
    try:
        app.draw()
        auto = app.autosave_path()
        session = Session(get_ruleset("skirmish"), SETUP)
        session.act({"type": "start"}, SeededDice(1))
        session.save(auto)
        session.act({"type": "roll_ap"}, SeededDice(2))
        session.save(auto)
        auto.unlink()
        assert app.can_resume()
        app.resume()
        screen = app.screen
        assert screen is not None and len(screen.session.journal) == 1
        assert "backup" in screen.message
        assert json.loads(backup_path(auto).read_text())["journal"]
    finally:
        app.close()
