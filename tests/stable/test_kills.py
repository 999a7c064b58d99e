"""Nothing is lost and nothing is half done: the stable killed at any moment of a
change opens afterwards holding exactly the state before that change or the state
after it. Kills are real SIGKILLs of a forked child: before each statement of each
change, while SQLite writes the file at a commit, at each step of making a new stable,
and at random moments. 200 and more in all."""

from __future__ import annotations

import itertools
import os
import random
import shutil
import signal
import sqlite3
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from support.killed_child import KillAt, _in_child

from companion.stable import opening
from companion.stable.model import SheetFile
from companion.stable.store import NewChange, NewEntrant, NewFight, Stable

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

NOW = "2025-03-01T12:00:00Z"
TABLES = ("managers", "gladiators", "fights", "entrants", "changes", "purse")


def sheet(name: str, wins: int = 0) -> SheetFile:
    # A sheet of a few KB, as a real one is, so a change spans several pages.
    return SheetFile(name, f'{{"name": "{name}", "wins": {wins}, "notes": "'
                     + "x" * 3000 + '"}\n')


def _fight(digest: str) -> NewFight:
    return NewFight("battle", "2025-03-01", f"/tmp/{digest}.json", digest, "A beat B")


# The changes, in order, each one transaction of the store; ids are as they come.
SCRIPT: list[Callable[[Stable], Any]] = [
    lambda s: s.add_manager("Livia", "the north stable"),
    lambda s: s.add_gladiators([("battle", sheet("Brenna"), "/roster/brenna.json"),
                                ("grimdark", sheet("Marcus"), ""),
                                ("battle", sheet("Quintus"), "")], manager="Livia"),
    lambda s: s.add_to_purse("Livia", 100, "a prize"),
    lambda s: s.record_fight(_fight("duel-1"), [(1, "a", "win"), (3, "b", "died")],
                             [NewChange(1, "sheet", sheet("Brenna", 1).text),
                              NewChange(3, "alive", False),
                              NewChange(1, "name", "Brenna the Bold")],
                             purse=[(1, 50, "the prize")]),
    lambda s: s.take_back(1),
    lambda s: s.record_fight(_fight("duel-2"), [(2, "a", "win"), (1, "b", "loss")],
                             [NewChange(2, "sheet", sheet("Marcus", 1).text),
                              NewChange(2, "starred", True)]),
    lambda s: s.set_starred(2, False, sheet("Marcus", 2).text),
    lambda s: s.remove_gladiator(1, with_career=True),
    lambda s: s.add_gladiator("battle", sheet("Titus"), manager="Gaius"),
    lambda s: s.remove_gladiator(3),
    # A fight that brings a gladiator (and his manager) into the stable, in one change
    # with its careers; taken back, he goes out again.
    lambda s: s.record_fight_of(_fight("duel-3"), [
        NewEntrant("a", "win", gladiator_id=2, sheet=sheet("Marcus", 2).text,
                   after=(("sheet", sheet("Marcus", 3).text),)),
        NewEntrant("b", "loss", newcomer=SheetFile("Varro", sheet("Varro").text,
                                                   manager="Crassus"),
                   source="/tmp/duel-3.json",
                   after=(("sheet", sheet("Varro", 0).text + " "), ("alive", False)),
                   purse=((-30, "the surgeon"),))]),
    lambda s: s.take_back(2),
]


def snapshot(path: Path) -> dict[str, list[tuple[Any, ...]]] | None:
    """Every row of every table, after opening the stable as the app does (which rolls
    back what a kill left half written); None when there is no stable."""
    if not path.exists():
        return None
    Stable.open(path, create=False).close()
    db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return {t: db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in TABLES}
    finally:
        db.close()


@dataclass(frozen=True)
class States:
    """The stable after each change of the script (rows[0]: before any), and a copy of
    its file then, for a child to start from."""

    rows: list[Any]
    files: list[Path]

    def start(self, path: Path, n: int) -> None:
        """The stable at `path` as it is after `n` changes, nothing of a kill left."""
        path.with_name(path.name + "-journal").unlink(missing_ok=True)
        shutil.copyfile(self.files[n], path)


@pytest.fixture(scope="module")
def states(tmp_path_factory: pytest.TempPathFactory) -> States:
    folder = tmp_path_factory.mktemp("states")
    path = folder / "stable.sqlite3"
    Stable.open(path).close()
    rows, files = [snapshot(path)], [folder / "0.sqlite3"]
    shutil.copyfile(path, files[0])
    for n, change in enumerate(SCRIPT, start=1):
        with Stable.open(path, clock=lambda: NOW) as stable:
            change(stable)
        rows.append(snapshot(path))
        files.append(folder / f"{n}.sqlite3")
        shutil.copyfile(path, files[-1])
    assert all(a != b for a, b in itertools.pairwise(rows))  # each change changes something
    return States(rows, files)


def _run(path: Path, start: int, report: int, arm: Callable[[Stable], None] | None = None
         ) -> None:
    """The child: the script's changes from `start` on, a line to `report` after each;
    with `arm` (which sets the kill up), the one change `start` only."""
    with Stable.open(path, clock=lambda: NOW) as stable:
        if arm is not None:
            arm(stable)
        for i in range(start, start + 1 if arm is not None else len(SCRIPT)):
            SCRIPT[i](stable)
            os.write(report, f"{i + 1}\n".encode())


def _child(path: Path, start: int, arm: Callable[[Stable], None] | None = None,
           delay: float | None = None) -> tuple[int, int]:
    """Run the script from `start` in a child, killed after `delay` seconds if given;
    (its exit status, how many changes it said were done)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read)
        try:
            _run(path, start, write, arm)
        except BaseException:  # a child must never return into pytest
            os._exit(3)
        os._exit(0)
    os.close(write)
    if delay is not None:
        time.sleep(delay)
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    with os.fdopen(read) as stream:
        done = [int(n) for n in stream.read().split()]
    code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    return code, max(done, default=start)


def _where(path: Path, states: States, done: int) -> int:
    """Which state the stable is in: the one the child said it had reached, or the
    next (it finished a change but was killed before saying so). Anything else fails."""
    found = snapshot(path)
    assert found in (states.rows[done], *states.rows[done + 1: done + 2]), \
        f"after change {done}: a state that is neither before nor after"
    return done if found == states.rows[done] else done + 1


def _kill_before_statement(at: int) -> Callable[[Stable], None]:
    def arm(stable: Stable) -> None:
        count = [0]

        def statement(_sql: str) -> None:
            if count[0] == at:
                os.kill(os.getpid(), signal.SIGKILL)
            count[0] += 1

        stable._db.set_trace_callback(statement)  # type: ignore[union-attr]
    return arm


def test_a_change_killed_before_any_of_its_statements_leaves_before_or_after(tmp_path,
                                                                              states):
    path = tmp_path / "stable.sqlite3"
    kills = before = 0
    for i in range(len(SCRIPT)):
        for at in range(100):
            states.start(path, i)
            status, _ = _child(path, i, _kill_before_statement(at))
            reached = _where(path, states, i)
            if status == 0:
                assert reached == i + 1  # the change went through before statement `at`
                break
            assert status == -signal.SIGKILL, f"change {i}, statement {at}"
            # Before its COMMIT, nothing of the change; after it (reading back what it
            # made), all of it.
            kills += 1
            before += reached == i
        else:
            pytest.fail("a change takes more statements than expected")
    print(f"\n{kills} kills before a statement, {before} of them before the commit",
          file=sys.stderr)
    assert before >= 40


def _kill_while_the_file_is_written(path: Path) -> Callable[[Stable], None]:
    """Kill the child once a commit has begun writing the stable itself (its header's
    change counter, on the first page, which SQLite writes first) while the journal
    that undoes it is still there: the middle of a commit."""
    journal = path.with_name(path.name + "-journal")

    def counter() -> bytes:
        with path.open("rb") as file:
            file.seek(24)
            return file.read(4)

    def arm(_stable: Stable) -> None:
        start = counter()

        def watch() -> None:
            while True:
                if journal.exists() and counter() != start:
                    os.kill(os.getpid(), signal.SIGKILL)

        threading.Thread(target=watch, daemon=True).start()
    return arm


def test_a_change_killed_while_sqlite_writes_the_file_is_rolled_back(tmp_path, states):
    path = tmp_path / "stable.sqlite3"
    journal = path.with_name(path.name + "-journal")
    kills = rolled_back = 0
    for i in range(len(SCRIPT)):
        for _ in range(2):
            states.start(path, i)
            status, done = _child(path, i, _kill_while_the_file_is_written(path))
            hot = journal.exists()
            reached = _where(path, states, done)
            if status == 0:
                continue  # the watcher looked a moment too late: the change is whole
            assert status == -signal.SIGKILL
            kills += 1
            # A journal left behind is the change half written: it was undone.
            rolled_back += hot and reached == i
    print(f"\n{kills} kills in a commit, {rolled_back} with the journal to roll back",
          file=sys.stderr)
    assert rolled_back > 0


def test_a_stable_killed_at_random_moments_is_always_before_or_after_a_change(
        tmp_path, states):
    rng = random.Random(26)
    path = tmp_path / "stable.sqlite3"
    kills = in_a_change = rounds = reached = 0
    started = time.monotonic()
    while kills < 120:
        if reached == len(SCRIPT):
            reached, rounds = 0, rounds + 1
        if reached == 0:
            states.start(path, 0)
        status, done = _child(path, reached, delay=rng.uniform(0.0, 0.03))
        in_a_change += path.with_name(path.name + "-journal").exists()
        reached = _where(path, states, done)
        kills += status == -signal.SIGKILL
        assert status in (0, -signal.SIGKILL)
        assert time.monotonic() - started < 120, "the kills took too long"
    print(f"\n{kills} kills at random, {in_a_change} in the middle of a change, "
          f"{rounds} rounds of the script", file=sys.stderr)
    assert in_a_change > 0


# The file-system calls making a new stable makes; a kill may come just before any.
STEPS = ("listdir", "open", "fsync", "close", "link", "unlink")


def test_making_the_stable_killed_at_each_step_leaves_none_or_a_whole_one(tmp_path, states):
    kills = 0
    for at in range(40):
        path = tmp_path / f"{at}" / "stable.sqlite3"

        def make(at: int = at, path: Path = path) -> None:
            opening.os = KillAt(STEPS, at)  # type: ignore[attr-defined]
            Stable.open(path).close()

        status = _in_child(make)
        assert not path.exists() or snapshot(path) == states.rows[0], \
            f"killed before step {at}"
        Stable.open(path).close()  # the next start makes it, or opens it, and tidies
        assert snapshot(path) == states.rows[0]
        assert opening.leftover_temps(path) == []
        if status == 0:
            break
        assert status == -signal.SIGKILL
        kills += 1
    else:
        pytest.fail("making a stable takes more steps than expected")
    print(f"\n{kills} kills in the making", file=sys.stderr)
    assert kills >= 5
