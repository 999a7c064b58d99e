"""Every file the companion writes names the release that wrote it; a file of a newer
release is opened where it can be, refused in one line naming both releases where it
cannot, and never written over."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion import __version__
from companion.cli import main
from companion.files.sheetfile import SheetError
from companion.files.written_by import (
    WRITTEN_BY,
    is_newer,
    release_of,
    with_written_by,
    without_written_by,
)
from companion.rulesets.battle.sheet import find_sheet, load_sheet, save_sheet
from companion.rulesets.registry import get_ruleset
from companion.session.journal import read_session_file
from companion.session.session import load_session, undo_in_file
from companion.stable.opening import StableError
from companion.stable.store import Stable

NEWER = "companion 99.0.0"


def test_a_release_is_newer_by_its_numbers():
    assert release_of(WRITTEN_BY) == tuple(int(n) for n in __version__.split("."))
    assert is_newer(NEWER) and is_newer("companion 0.10") and not is_newer(WRITTEN_BY)
    assert not is_newer("companion 0.0.9") and not is_newer("another program 9")
    assert not is_newer(None) and not is_newer(3)
    assert not is_newer(f"{WRITTEN_BY}.0")  # 1.0 and 1.0.0 are one release


def test_a_sheets_text_names_its_writer_after_its_version_and_reads_without_it():
    text = '{\n  "format": "x",\n  "version": 1,\n  "name": "A"\n}\n'
    stamped = with_written_by(text)
    assert list(json.loads(stamped)) == ["format", "version", "written_by", "name"]
    assert without_written_by(json.loads(stamped)) == (json.loads(text), WRITTEN_BY)


# --- sessions -----------------------------------------------------------------------
@pytest.fixture
def bout(tmp_path: Path) -> Path:
    path = tmp_path / "bout.json"
    assert main(["new", "skirmish", "--gladiators", "samnite,velite", "--seed", "3",
                 "--out", str(path)]) == 0
    assert main(["auto", str(path), "--turns", "1", "--seed", "3"]) == 0
    return path


def _rewritten(path: Path, **fields: object) -> bytes:
    data = json.loads(path.read_text("utf-8"))
    data.update(fields)
    path.write_text(json.dumps(data, indent=1), "utf-8")
    return path.read_bytes()


def test_a_session_file_names_the_release_that_wrote_it(bout):
    assert json.loads(bout.read_text("utf-8"))["written_by"] == WRITTEN_BY
    assert read_session_file(bout).written_by == WRITTEN_BY


def test_a_newer_releases_session_that_reads_is_opened_and_never_saved_over(bout, capsys):
    before = _rewritten(bout, written_by=NEWER)
    session = load_session(bout, get_ruleset)
    assert any(NEWER in w and WRITTEN_BY in w for w in session.warnings)
    with pytest.raises(OSError, match=f"{NEWER}, newer than this {WRITTEN_BY}"):
        session.save(bout)
    session.save(bout.with_name("copy.json"))  # under another name it is saved
    capsys.readouterr()
    assert main(["auto", str(bout), "--turns", "1"]) == 1
    assert main(["undo", str(bout)]) == 1
    err = capsys.readouterr().err
    # auto notes what it opened, then says why it cannot save; undo refuses at once.
    refusals = [line for line in err.splitlines() if "note:" not in line]
    assert len(refusals) == 2 and all(NEWER in r and WRITTEN_BY in r for r in refusals)
    assert bout.read_bytes() == before
    with pytest.raises(OSError, match=NEWER):
        undo_in_file(bout)
    assert main(["replay", str(bout)]) == 0  # read, as it can be


def test_a_newer_releases_session_that_cannot_be_read_is_refused_naming_both(bout, capsys):
    before = _rewritten(bout, written_by=NEWER, version=7, shiny="new")
    capsys.readouterr()
    assert main(["replay", str(bout)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"written by {NEWER}, newer than this {WRITTEN_BY}" in err
    assert bout.read_bytes() == before


def test_an_older_file_without_a_writer_still_opens(bout):
    data = json.loads(bout.read_text("utf-8"))
    del data["written_by"]
    bout.write_text(json.dumps(data), "utf-8")
    assert read_session_file(bout).written_by is None
    assert load_session(bout, get_ruleset).warnings == []


# --- sheets -------------------------------------------------------------------------
def test_a_saved_sheet_names_its_writer_and_a_newer_ones_is_kept_as_it_is(tmp_path):
    sheet = load_sheet(find_sheet("Spear Rookie"))
    path = save_sheet(sheet, tmp_path / "rookie.json")
    assert json.loads(path.read_text("utf-8"))["written_by"] == WRITTEN_BY
    assert load_sheet(path) == sheet  # the writer is the file's, not the gladiator's

    data = json.loads(path.read_text("utf-8"))
    path.write_text(json.dumps({**data, "written_by": NEWER}), "utf-8")
    before = path.read_bytes()
    assert load_sheet(path) == sheet  # opened: its shape is one this release reads
    with pytest.raises(OSError, match=f"{NEWER}, newer than this {WRITTEN_BY}"):
        save_sheet(sheet, path)
    path.write_text(json.dumps({**data, "written_by": NEWER, "shiny": 1}), "utf-8")
    before = path.read_bytes()
    with pytest.raises(SheetError) as refused:
        load_sheet(path)
    assert str(refused.value).count(NEWER) == 1 and WRITTEN_BY in str(refused.value)
    assert "\n" not in str(refused.value) and path.read_bytes() == before


# --- the stable ---------------------------------------------------------------------
def _release(path: Path) -> list[tuple[str]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT release FROM written_by").fetchall()


def test_the_stable_names_the_release_that_last_changed_it(tmp_path):
    path = tmp_path / "stable.sqlite3"
    with Stable.open(path) as stable:
        stable.add_manager("Marcus")
    assert _release(path) == [(WRITTEN_BY,)]


def test_a_stable_made_before_the_release_was_kept_gains_it_when_opened(tmp_path):
    path = tmp_path / "stable.sqlite3"
    with Stable.open(path) as stable:
        stable.add_manager("Marcus")
    with sqlite3.connect(path) as db:  # as stable version 2 made it
        db.execute("DROP TABLE written_by")
        db.execute("DROP TABLE league_events")  # and what version 4 added after it
        db.execute("DROP INDEX purse_by_fight")
        db.execute("ALTER TABLE league_matches DROP COLUMN commitment")
        db.execute("PRAGMA user_version = 2")
    with Stable.open(path) as stable:
        assert [m.name for m in stable.managers()] == ["Marcus"]
    assert _release(path) == [(WRITTEN_BY,)]


def test_a_newer_releases_stable_is_read_and_never_changed(tmp_path):
    path = tmp_path / "stable.sqlite3"
    with Stable.open(path) as stable:
        stable.add_manager("Marcus")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE written_by SET release = ?", (NEWER,))
    before = path.read_bytes()
    with Stable.open(path) as stable:
        assert [m.name for m in stable.managers()] == ["Marcus"]
        with pytest.raises(StableError) as refused:
            stable.add_manager("Livia")
    assert f"{NEWER}, newer than this {WRITTEN_BY}" in str(refused.value)
    assert path.read_bytes() == before
