"""A kill at every step of recording a round and of playing it: the stable opens
afterwards with the round whole or not there at all, and each match's result is
recorded once, whatever was killed where; the same command run again finishes the job.
Kills are real SIGKILLs of a forked child, before each SQL statement the command runs."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
from pathlib import Path

import pytest
from support.killed_child import _in_child

from companion import paths
from companion.cli import main
from companion.stable import opening

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

SAMPLES = paths.assets_dir() / "samples"
BATTLE = ["hammer-rookie", "spear-rookie", "morning-star-brute", "dart-thrower"]


def quiet(*args: str) -> int:
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return main(list(args))


def counts(path: Path) -> tuple[int, int, int, int]:
    """(rounds, matches, matches with a result, fights) after opening as the app does."""
    from companion.stable.store import Stable

    Stable.open(path, create=False).close()
    db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return (db.execute("SELECT count(*) FROM league_rounds").fetchone()[0],
                db.execute("SELECT count(*) FROM league_matches").fetchone()[0],
                db.execute("SELECT count(*) FROM league_matches WHERE fight_id IS NOT NULL "
                           "OR forfeit != ''").fetchone()[0],
                db.execute("SELECT count(*) FROM fights").fetchone()[0])
    finally:
        db.close()


def killed_at(at: int, *args: str) -> int:
    """Run the command in a child that kills itself before its SQL statement `at`."""
    real = opening._connect

    def work() -> None:
        count = [0]

        def traced(path: Path, writable: bool) -> sqlite3.Connection:
            connection = real(path, writable)

            def statement(_sql: str) -> None:
                if count[0] == at:
                    os.kill(os.getpid(), signal.SIGKILL)
                count[0] += 1

            connection.set_trace_callback(statement)
            return connection

        opening._connect = traced  # type: ignore[assignment]
        if quiet(*args) != 0:
            os._exit(4)

    return _in_child(work)


@pytest.fixture
def league() -> Path:
    quiet("stable", "add", *(str(SAMPLES / f"{s}.json") for s in BATTLE), "--manager", "M")
    quiet("league", "new", "Summer", "--game", "battle", "--format", "round-robin")
    quiet("league", "add", "Summer", "Hammer Rookie", "Spear Rookie", "Morning Star Brute",
          "Dart Thrower")
    return paths.stable_path()


def test_a_round_killed_at_any_statement_is_whole_or_not_there(league, tmp_path):
    saved = tmp_path / "before.sqlite3"
    shutil.copyfile(league, saved)
    kills = 0
    for at in range(200):
        shutil.copyfile(saved, league)
        league.with_name(league.name + "-journal").unlink(missing_ok=True)
        status = killed_at(at, "league", "round", "Summer")
        found = counts(league)
        assert found in ((0, 0, 0, 0), (1, 2, 0, 0)), (at, found)
        if status == 0:
            assert found == (1, 2, 0, 0)
            break
        assert status == -signal.SIGKILL
        kills += 1
        if found == (0, 0, 0, 0):  # made again, whole
            assert quiet("league", "round", "Summer") == 0
            assert counts(league) == (1, 2, 0, 0)
    else:
        pytest.fail("a round takes more statements than expected")
    assert kills > 10


def test_playing_a_round_killed_at_any_statement_records_each_match_once(league, tmp_path):
    quiet("league", "round", "Summer")
    saved = tmp_path / "before.sqlite3"
    shutil.copyfile(league, saved)
    folder = Path(sorted(league.parent.glob("leagues/*"))[0])
    files = {p: p.read_bytes() for p in folder.glob("*.json")}
    kills = 0
    for at in range(0, 400, 3):
        shutil.copyfile(saved, league)
        league.with_name(league.name + "-journal").unlink(missing_ok=True)
        for p, data in files.items():
            p.write_bytes(data)
        status = killed_at(at, "league", "play", "Summer", "--seed", "4")
        if status == 0:
            assert counts(league) == (1, 2, 2, 2)
            break
        assert status == -signal.SIGKILL, at
        kills += 1
        rounds, made, done, fights = counts(league)
        assert (rounds, made) == (1, 2) and done <= fights <= 2
        # Played again (or applied again), every match ends recorded exactly once.
        quiet("league", "play", "Summer", "--seed", "4")
        for p in files:
            quiet("career", "apply", str(p))
        quiet("league", "results", "Summer")
        assert counts(league) == (1, 2, 2, 2), at
    else:
        pytest.fail("playing a round takes more statements than expected")
    assert kills > 10
