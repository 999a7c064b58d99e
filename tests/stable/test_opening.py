"""A stable that is not one the companion can use, whatever it is instead: one line
naming the file and what is wrong, on opening and from every command; the file never
rewritten and nothing put beside it; the app still starts."""

from __future__ import annotations

import hashlib
import os
import random
import sqlite3
from pathlib import Path

import pytest

from companion import paths
from companion.cli import main
from companion.stable.model import SheetFile
from companion.stable.opening import StableError
from companion.stable.schema import APPLICATION_ID, SCHEMA_VERSION
from companion.stable.store import Stable

SHEET = SheetFile("Brenna", '{"name": "Brenna"}')


def good_stable(path: Path, gladiators: int = 1) -> None:
    with Stable.open(path) as stable:
        for i in range(gladiators):
            stable.add_gladiator("battle", SheetFile(f"Brenna {i}", "{}" + " " * 2000))


def raw_sqlite(path: Path, *statements: str) -> None:
    db = sqlite3.connect(path)
    for sql in statements:
        db.execute(sql)
    db.commit()
    db.close()


def empty_file(path: Path) -> None:
    path.write_bytes(b"")


def random_bytes(path: Path) -> None:
    path.write_bytes(random.Random(5).randbytes(8192))


def text_file(path: Path) -> None:
    path.write_text("Brenna, 3 wins\nMarcus, dead\n")


def another_programs(path: Path) -> None:
    raw_sqlite(path, "CREATE TABLE cookies (name TEXT, value TEXT)",
               "INSERT INTO cookies VALUES ('session', 'abc')")


def a_newer_stable(path: Path) -> None:
    good_stable(path)
    raw_sqlite(path, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")


def truncated(path: Path) -> None:
    good_stable(path, gladiators=40)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def cut_in_the_header(path: Path) -> None:
    good_stable(path)
    path.write_bytes(path.read_bytes()[:60])


def with_a_trigger(path: Path) -> None:
    good_stable(path)
    raw_sqlite(path, "CREATE TRIGGER wipe AFTER INSERT ON gladiators "
               "BEGIN DELETE FROM managers; END")


def without_a_table(path: Path) -> None:
    good_stable(path)
    raw_sqlite(path, "DROP TABLE purse")


def in_write_ahead_mode(path: Path) -> None:
    good_stable(path)
    raw_sqlite(path, "PRAGMA journal_mode = WAL")


def marked_but_empty(path: Path) -> None:
    raw_sqlite(path, f"PRAGMA application_id = {APPLICATION_ID}", "PRAGMA user_version = 1")


def damaged_page(path: Path) -> None:
    good_stable(path, gladiators=40)
    data = bytearray(path.read_bytes())
    data[4096 * 3: 4096 * 3 + 200] = b"\xff" * 200  # a page of the tables, scribbled on
    path.write_bytes(bytes(data))


HOSTILE = {
    "an empty file": (empty_file, "the file is empty, not a stable"),
    "random bytes": (random_bytes, "not a SQLite database, not a stable"),
    "a text file": (text_file, "a text file, not a stable"),
    "another program's database": (another_programs, "a SQLite database of another program"),
    "a newer stable": (a_newer_stable, "made by a newer companion (stable version "
                       f"{SCHEMA_VERSION + 1}; this one knows up to {SCHEMA_VERSION})"),
    "a truncated stable": (truncated, "damaged"),
    "a stable cut in its header": (cut_in_the_header, "cut short: 60 bytes"),
    "a stable with a trigger": (with_a_trigger, "it holds wipe, which the companion did "
                                "not make"),
    "a stable without a table": (without_a_table, "it lacks purse"),
    "a stable in write-ahead mode": (in_write_ahead_mode, "write-ahead log"),
    "a marked file with no tables": (marked_but_empty, "it lacks"),
    "a stable with a page scribbled on": (damaged_page, "damaged"),
}


def files_beside(path: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(path.parent.iterdir())}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_stable_is_refused_in_one_line_and_left_as_it_is(case, capsys):
    path = paths.stable_path()
    path.parent.mkdir(parents=True)
    make, words = HOSTILE[case]
    make(path)
    before = files_beside(path)
    with pytest.raises(StableError) as refused:
        Stable.open(path)
    assert str(refused.value).startswith(f"{path}: ")
    assert words in str(refused.value)
    capsys.readouterr()
    for args in (["list"], ["show", "1"], ["add", "Spear Rookie"], ["import"],
                 ["remove", "1"], ["export", "1"]):
        assert main(["stable", *args]) == 1, args
        out, err = capsys.readouterr()
        assert out == ""
        assert err.count("\n") == 1 and err.startswith(f"companion: {path}: "), (args, err)
        assert "Error" not in err and "Traceback" not in err
    assert files_beside(path) == before


def test_a_folder_where_the_stable_should_be_is_said_so():
    path = paths.stable_path()
    path.mkdir(parents=True)
    with pytest.raises(StableError, match="this is a folder, not a stable"):
        Stable.open(path)


def test_a_read_only_stable_is_read_and_its_changes_refused_in_words(monkeypatch, capsys):
    path = paths.stable_path()
    good_stable(path)
    path.chmod(0o444)
    if os.geteuid() == 0:  # the system lets root write anything: it refuses for him here
        real = os.access
        monkeypatch.setattr(os, "access", lambda p, mode, **kw:
                            False if mode & os.W_OK else real(p, mode, **kw))
    before = files_beside(path)
    with Stable.open(path) as stable:
        assert not stable.writable
        assert [g.name for g in stable.gladiators()] == ["Brenna 0"]
        with pytest.raises(StableError, match="read-only: the stable can be read but not "
                           "changed"):
            stable.add_gladiator("battle", SHEET)
    assert main(["stable", "list"]) == 0
    assert "Brenna 0" in capsys.readouterr().out
    assert main(["stable", "add", "Spear Rookie"]) == 1
    assert capsys.readouterr().err == f"companion: {path}: read-only: the stable can be " \
        "read but not changed\n"
    assert files_beside(path) == before


def test_a_change_sqlite_itself_refuses_is_said_in_words(tmp_path):
    path = tmp_path / "stable.sqlite3"
    good_stable(path)
    with Stable.open(path) as stable:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another companion, in the middle of a change
        try:
            stable._db.execute("PRAGMA busy_timeout = 50")  # type: ignore[union-attr]
            with pytest.raises(StableError, match="busy: another companion is changing"):
                stable.add_gladiator("battle", SHEET)
        finally:
            other.execute("ROLLBACK")
            other.close()
        stable.add_gladiator("battle", SHEET)
        assert len(stable.gladiators()) == 2


def test_the_app_starts_beside_a_hostile_stable(app):
    path = paths.stable_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    random_bytes(path)
    before = path.read_bytes()
    app.draw()
    assert path.read_bytes() == before
