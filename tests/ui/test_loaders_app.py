"""The window against broken user files: a bad file in the user tables or kits folder,
a broken settings file or roster sheet, a hostile session opened, quick-tracker numbers
out of bounds. The app starts, the start screen names the broken file, nothing raises,
and no file is changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.hostile_files import HOSTILE_FILES, base_files, write

from companion import paths
from companion.files.jsonfile import TABLE
from companion.files.settings import settings_path
from companion.ui.app import App
from companion.ui.battle.setup import BattleSetup

# In the user tables and kits folders; the start screen must start, and name them.
BROKEN = {name: HOSTILE_FILES[name][0] for name in (
    "100,000 nested lists", "a 10,000-digit number", "1e999", "not UTF-8",
    "a NUL in a name", "half a character pair", "cut short")}
BROKEN["a session"] = base_files()["session-v2-skirmish"]
BROKEN["a kit whose name holds a line break"] = json.dumps(
    {"format": "companion-kit", "name": "Net\nfighter", "kit": {"armour": "light-armour"}}
).encode()


@pytest.fixture
def app():
    app = App()
    try:
        app.draw()  # as run() does: the first frame, then the start screen
        yield app
    finally:
        app.close()


def oversize(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "huge.json"
    with path.open("wb") as file:
        file.truncate(10 * TABLE.limit)
    return path


@pytest.mark.parametrize("case", list(BROKEN))
def test_the_start_screen_starts_and_names_a_broken_user_file(case):
    content = BROKEN[case]
    table = write(paths.user_tables_dir(), content, "bad.json")
    kit = write(paths.user_data_dir() / "kits", content, "bad.json")
    app = App()
    try:
        app.draw()
        app.show_home()
        app.draw()
        message = app.screen.message
        assert str(table) in message and str(kit) in message, message
        assert "\n" not in message
        assert len(app.screen.types) == 13  # the 13 types; the broken kit left out
        app.show_home()  # again, as after a bout: still fine
        app.draw()
    finally:
        app.close()
    assert table.read_bytes() == content and kit.read_bytes() == content


def test_oversize_user_files_are_named_without_being_read(app):
    table, kit = oversize(paths.user_tables_dir()), oversize(paths.user_data_dir() / "kits")
    app.show_home()
    app.draw()
    assert str(table) in app.screen.message and str(kit) in app.screen.message
    assert "too large" in app.screen.message


@pytest.mark.parametrize("content", [
    b"[" * 100_000, b'{"ui_scale": 1e999, "recent_files": "x"}', b"\xff\xfe\x00",
    b'{"ui_scale": true, "recent_files": ["a\\u0000b", "/tmp/x.json\\n"]}', b""])
def test_a_broken_settings_file_gives_the_defaults(content):
    path = write(settings_path().parent, content, settings_path().name)
    app = App()
    try:
        app.draw()
        app.show_home()
        app.draw()
        assert app.settings.ui_scale == 1.0 and app.settings.recent_files == []
    finally:
        app.close()
    assert path.read_bytes() == content


@pytest.mark.parametrize("case", ["100,000 nested lists", "a 10,000-digit number",
                                  "a NUL in a name", "not UTF-8"])
def test_a_broken_roster_sheet_is_listed_by_its_file_and_refused_when_chosen(app, case):
    content = HOSTILE_FILES[case][0]
    path = write(paths.roster_dir(), content, "broken-sheet.json")
    app.show_setup("battle")
    screen = app.screen
    assert isinstance(screen, BattleSetup)
    index = screen.files.index(path)
    assert screen.options[index + 1] == "broken-sheet"
    screen.sides[0].choice = index + 1
    screen.start()
    app.draw()
    assert screen.message.startswith(str(path)) and "\n" not in screen.message
    assert path.read_bytes() == content


@pytest.mark.parametrize(("field", "typed", "words"), [
    ("health", "10000000", "Health: at most 100 (not 10000000)"),
    ("health", "1" * 5000, "Health: at most 100 (not a number of 5000 digits)"),
    ("luck", "51", "Luck dice: at most 50 (not 51)"),
    ("heal", "101", "Heal dice: at most 100 (not 101)"),
    ("ammo", "1000", "Darts (ammo): at most 100 (not 1000)"),
    ("health", "²", "Health must be a whole number"),
    ("name", "x" * 61, "Name: at most 60 characters"),
])
def test_quick_tracker_numbers_out_of_bounds_are_refused_with_the_bound(app, field, typed,
                                                                         words):
    app.show_setup("battle")
    screen = app.screen
    screen.sides[1].fields[field].text = typed
    screen.start()
    app.draw()
    assert words in screen.message
    assert isinstance(app.screen, BattleSetup)  # nothing started


def test_quick_trackers_at_their_bounds_start(app):
    app.show_setup("battle")
    screen = app.screen
    # Darts weigh: the carrying limit, not the bound, keeps them near a dozen.
    for key, typed in (("health", "100"), ("luck", "50"), ("heal", "100"), ("ammo", "10")):
        screen.sides[0].fields[key].text = typed
    screen.start()
    assert not screen.message and not isinstance(app.screen, BattleSetup)
    app.draw()


@pytest.mark.parametrize("case", ["100,000 nested lists", "a 10,000-digit number", "1e999",
                                  "not UTF-8", "cut short"])
def test_opening_a_hostile_file_says_why_in_a_dialog(app, tmp_path, case):
    content = HOSTILE_FILES[case][0]
    path = write(tmp_path / "saves", content, "game.json")
    app.show_home()
    app.open_file(path)
    app.draw()
    assert app.dialog is not None and str(path) in app.dialog.lines[0]
    assert path.read_bytes() == content


def test_opening_a_sheet_as_a_session_says_what_it_is(app, tmp_path):
    content = base_files()["sheet"]
    path = write(tmp_path / "saves", content, "aulus.json")
    app.show_home()
    app.open_file(path)
    assert "this is a gladiator sheet, not a session" in app.dialog.lines[0]
