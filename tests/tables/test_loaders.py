"""Every loader against hostile files: truncated, bytes flipped, nested 100,000 deep,
10,000-digit numbers, 1e999, wrong types, oversize, not UTF-8, NUL and control
characters, a file of another kind. Never a traceback: one line naming the file (or,
for the settings, the defaults), and the file left exactly as it was.

The mutations and base files here are shared with test_loaders_app and
test_loaders_cli."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.hostile_files import (
    FUZZ,
    HOSTILE_FILES,
    KIT_DATA,
    LOADERS,
    SENTINEL,
    _replaced,
    _user_home,
    base_files,
    mutated,
    read_kit,
    replay_session,
    write,
)

from companion import paths
from companion.errors import UserError
from companion.files.jsonfile import (
    KIT,
    MAX_DEPTH,
    SESSION,
    SETTINGS,
    SHEET,
    TABLE,
    FileKind,
    JsonFileError,
    read_file,
)
from companion.files.settings import load_settings
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.sheet import (
    MAX_RANKS,
    SheetError,
    parse_sheet,
    points_spent,
    sheet_problems,
)
from companion.rulesets.skirmish.kits import saved_kits
from companion.rulesets.skirmish.scenario import ScenarioError, parse_scenario
from companion.tables.loader import TableFileError, load_table_file, load_tables

# The place the broken-options test below puts its hostile values.
KNOWN_BROKEN = ("setup", "options")














# --- what every loader must do ------------------------------------------------------
def refused_on_one_line(load: Callable[[Path], object], path: Path, content: bytes) -> str:
    """Load the file: it loads, or a UserError says why on one line naming the file.
    Either way the file is as it was and nothing is written beside it. The message
    (empty when it loaded)."""
    message = ""
    try:
        load(path)
    except UserError as err:
        message = str(err)
        assert "\n" not in message and "\r" not in message, message
        assert str(path) in message, message
    assert path.read_bytes() == content
    # The test's own user folders (conftest) may sit beside it: the tables' cache is
    # written there, and never beside the file.
    assert [p.name for p in path.parent.iterdir() if p != _user_home()] == [path.name]
    return message

















@pytest.mark.parametrize("loader", list(LOADERS))
@FUZZ
@given(data=st.data())
def test_no_mutation_of_a_file_gives_a_traceback(loader, data, tmp_path):
    prefix, load = LOADERS[loader]
    content = data.draw(mutated(prefix), label="content")
    refused_on_one_line(load, write(tmp_path / "case", content), content)


@pytest.mark.parametrize("options", ["true", "5", '{"started": 5}',
                                     '{"started": "soon\\nafter"}'])
def test_a_battle_setup_with_broken_options_is_refused_on_one_line(options, tmp_path):
    data = json.loads(base_files()["session-v2-battle"])
    text = json.dumps(_replaced(data, KNOWN_BROKEN, SENTINEL)).replace(
        json.dumps(SENTINEL), options)
    refused_on_one_line(replay_session, write(tmp_path, text.encode()), text.encode())






@pytest.mark.parametrize("case", list(HOSTILE_FILES))
@pytest.mark.parametrize("loader", list(LOADERS))
def test_each_hostile_file_is_refused_naming_the_file_and_the_place(loader, case, tmp_path):
    content, words = HOSTILE_FILES[case]
    prefix, load = LOADERS[loader]
    message = refused_on_one_line(load, write(tmp_path / "case", content), content)
    if prefix == "settings":
        return  # the settings are never refused: the defaults stand in
    assert words in message, message
    if case not in ("empty", "a NUL in a name", "half a character pair", "a terminal escape"):
        assert "line " in message and "column " in message, message


def test_the_depth_limit_lets_real_files_through(tmp_path):
    nested = b"[" * MAX_DEPTH + b"]" * MAX_DEPTH
    assert read_file(write(tmp_path, nested)) is not None
    with pytest.raises(JsonFileError, match="line 1, column 65: nested too deep"):
        read_file(write(tmp_path, b"[" + nested + b"]"))


@pytest.mark.parametrize(("text", "words"), [
    ("1000000000000000", None), ("-1000000000000000", None), ("1e15", None),
    ("1000000000000001", "too large"), ("-1e16", "too large"),
    ("123456789012345678901234567890", "too large"), ("Infinity", "not a number"),
])
def test_numbers_are_bounded(tmp_path, text, words):
    path = write(tmp_path, f'{{"n": {text}}}'.encode())
    if words is None:
        assert read_file(path)["n"] == float(text)
    else:
        with pytest.raises(JsonFileError, match=words):
            read_file(path)


def test_a_byte_order_mark_is_read_past(tmp_path):
    assert read_file(write(tmp_path, b'\xef\xbb\xbf{"a": 1}')) == {"a": 1}


def test_tabs_and_line_breaks_are_text_but_not_field_names(tmp_path):
    assert read_file(write(tmp_path, b'{"notes": "one\\ntwo\\tthree"}'))
    with pytest.raises(JsonFileError, match="a field name holds a line break"):
        read_file(write(tmp_path, b'{"no\\ntes": 1}'))


# --- sizes --------------------------------------------------------------------------
@pytest.mark.parametrize("kind", [SESSION, SHEET, KIT, TABLE, SETTINGS])
def test_a_file_over_its_kinds_limit_is_refused_before_it_is_read(kind, tmp_path):
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(kind.limit + 1)  # sparse: no disk used, every byte a NUL
    with pytest.raises(JsonFileError, match=rf"is too large \(at most .* for {kind.name}\)"):
        read_file(path, kind)


def test_a_file_just_within_its_limit_is_read_and_one_byte_more_is_not(tmp_path):
    table = (paths.builtin_tables_dir() / "fate.json").read_bytes()
    path = write(tmp_path, table + b" " * (TABLE.limit - len(table)))
    assert load_table_file(path).id == "fate"
    path.write_bytes(table + b" " * (TABLE.limit - len(table) + 1))
    with pytest.raises(TableFileError, match="too large"):
        load_table_file(path)


def test_no_more_than_the_limit_is_read_of_a_file_that_grows(tmp_path, monkeypatch):
    # The size looked at first says the file is small; it is not, when it is read.
    path = write(tmp_path, b" " * 5000 + b"{}")
    small = FileKind("a test file", 1000)
    real_open = Path.open
    asked: list[int] = []

    class Spy:
        def __init__(self, file):
            self.file = file

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.file.close()

        def read(self, n=-1):
            asked.append(n)
            return self.file.read(n)

    monkeypatch.setattr(Path, "stat", lambda self, **kw: type(
        "Stat", (), {"st_mode": 0o100644, "st_size": 10})())
    monkeypatch.setattr(Path, "open", lambda self, *a, **kw: Spy(real_open(self, *a, **kw)))
    with pytest.raises(JsonFileError, match="more than 1 KB is too large"):
        read_file(path, small)
    assert asked == [small.limit + 1]


def test_a_folder_and_a_missing_file_are_named(tmp_path):
    with pytest.raises(JsonFileError, match=r"^'.*' is a folder, not a gladiator sheet$"):
        read_file(tmp_path, SHEET)
    with pytest.raises(JsonFileError, match="no such file"):
        read_file(tmp_path / "nope.json", SHEET)


# --- a file of another kind ---------------------------------------------------------
KIND_OF_BASE = {"session-v2-battle": "a session", "sheet": "a gladiator sheet",
                "kit": "a kit", "table": "a rules table"}
EXPECTS = {"sessions (read)": "a session", "sheets": "a gladiator sheet", "kits": "a kit",
           "tables": "a rules table"}


@pytest.mark.parametrize("base", list(KIND_OF_BASE))
@pytest.mark.parametrize("loader", list(EXPECTS))
def test_a_file_of_another_kind_is_named_as_what_it_is(loader, base, tmp_path):
    content = base_files()[base]
    message = refused_on_one_line(LOADERS[loader][1], write(tmp_path, content), content)
    if KIND_OF_BASE[base] == EXPECTS[loader]:
        assert message == ""
    else:
        assert f"this is {KIND_OF_BASE[base]}, not {EXPECTS[loader]}" in message


# --- bounds on numbers --------------------------------------------------------------
def sample_sheet(**change: Any) -> dict[str, Any]:
    data = json.loads(base_files()["sheet"])
    return {**data, **change}


@pytest.mark.parametrize(("change", "words"), [
    ({"skills": {"health": 10_000_000}}, "skills.health: at most 100 (not 10000000)"),
    ({"skills": {"health": 2**64}}, "skills.health: at most 100"),
    ({"weapons": {"hammer": 101}}, "weapons.hammer: at most 100"),
    ({"carried": {"war-dart": 101}}, "carried.war-dart: at most 100"),
    ({"luck": 51}, "luck: at most 50"),
    ({"development_points": 100_001}, "development_points: at most 100000"),
    ({"wins": 1001}, "wins: at most 1000"), ({"kills": 1001}, "kills: at most 1000"),
    ({"name": "x" * 61}, "name: at most 60 characters"),
    ({"name": "Aulus\nthe Bold"}, "name: a name is one line of text"),
])
def test_a_sheet_out_of_bounds_is_refused_at_once_with_the_bound(change, words):
    with pytest.raises(SheetError) as err:
        parse_sheet(sample_sheet(**change), "aulus.json")
    assert words in str(err.value)


def test_a_sheet_at_every_bound_is_checked_without_delay():
    tables = BattleTables.load()
    skills = {row.key: MAX_RANKS for row in tables.skill_costs() if not row.per_weapon}
    weapons = {str(e.key): MAX_RANKS for e in tables.table("pool-weapons").entries}
    sheet = parse_sheet(sample_sheet(skills=skills, weapons=weapons, luck=50, wins=1000,
                                     losses=1000, kills=1000, development_points=100_000))
    assert 0 < points_spent(sheet, tables) <= sheet.development_points
    assert sheet_problems(sheet, tables) == []  # a legal sheet, summed rank by rank


@pytest.mark.parametrize(("change", "words"), [
    ({"darts": 101}, "kit.darts: at most 100"), ({"arrows": -1}, "kit.arrows: at least 0")])
def test_a_kit_out_of_bounds_is_refused_with_the_bound(change, words, tmp_path):
    content = json.dumps(dict(KIT_DATA, kit={**KIT_DATA["kit"], **change})).encode()
    assert words in refused_on_one_line(read_kit, write(tmp_path, content), content)


@pytest.mark.parametrize(("change", "words"), [
    ({"strength": 101}, "less than or equal to 100"),
    ({"defeated_today": 10**9}, "less than or equal to 100"),
    ({"kit": {"darts": 1000}}, "less than or equal to 100"),
])
def test_a_scenario_out_of_bounds_is_refused_with_the_bound(change, words):
    gladiator = {"type": "samnite", **change}
    if "kit" in change:
        gladiator = {"kit": change["kit"]}
    with pytest.raises(ScenarioError, match=words):
        parse_scenario({"gladiators": [gladiator, {"type": "retiarius"}]})


def test_a_scenario_of_more_gladiators_than_there_are_ids_is_refused():
    with pytest.raises(ScenarioError, match="at most 26"):
        parse_scenario({"gladiators": [{"type": "samnite"}] * 27})


# --- the user's folders -------------------------------------------------------------
@pytest.mark.parametrize("case", list(HOSTILE_FILES))
def test_a_broken_user_table_or_kit_is_a_problem_reported_never_an_error(case):
    content = HOSTILE_FILES[case][0]
    table = write(paths.user_tables_dir(), content, "bad.json")
    kit = write(paths.user_data_dir() / "kits", content, "bad.json")
    found = load_tables()
    assert [p.file for p in found.problems] == [table]
    assert "fate" in found.tables  # the built-in tables stand
    kits, problems = saved_kits()
    assert kits == [] and len(problems) == 1 and str(kit) in problems[0]
    assert all("\n" not in str(p) for p in [*found.problems, *problems])
    assert table.read_bytes() == content and kit.read_bytes() == content


def test_an_oversize_user_table_is_reported_without_being_read(tmp_path):
    folder = paths.user_tables_dir()
    folder.mkdir(parents=True)
    with (folder / "huge.json").open("wb") as file:
        file.truncate(50 * TABLE.limit)
    [problem] = load_tables().problems
    assert "too large" in str(problem) and "huge.json" in str(problem)


def test_a_broken_settings_file_gives_the_defaults_and_stays(tmp_path):
    from companion.files.settings import settings_path

    for content in (b"[" * 100_000, b'{"ui_scale": true}', b'{"ui_scale": 1e999}',
                    b'{"recent_files": ["a\\u0000b", "/tmp/ok.json", 3]}', b"\xff\xfe"):
        path = write(settings_path().parent, content, settings_path().name)
        found = load_settings()
        assert found.ui_scale == 1.0 and found.recent_files in ([], ["/tmp/ok.json"])
        assert path.read_bytes() == content
