"""Every limit of what companion reads, at the limit, one below and one above (README,
"Files and their limits", and the notation's limits), so that a comparison slipped by
one fails a test: a file of exactly its size limit and one byte more, nesting, the
largest number, control characters in one-line messages, the dice notation's counts,
sizes and numbers, a Discord message of exactly 2,000 characters and one more, the
bounds of an action, a sheet, a scenario, a coaching, the forum sheet and the
settings. The figures are typed as the README gives them, not imported: a limit
changed in the code must change here too."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from companion.dice.notation.parse import parse
from companion.dice.notation.roll import evaluate
from companion.dice.odds.size import check_size
from companion.dice.sources import ScriptedDice
from companion.errors import UserError, one_line
from companion.files.jsonfile import (
    OTHER,
    SESSION,
    SETTINGS,
    SHEET,
    TABLE,
    FileKind,
    JsonFileError,
    parse_json,
    problem,
    read_file,
    shown,
)
from companion.files.settings import load_settings
from companion.reports import discord
from companion.reports.model import Report, Turn
from companion.rulesets.battle.sheet import GladiatorSheet
from companion.rulesets.grimdark.coachfile import Coaching
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.forum import ForumError, read_forum
from companion.rulesets.grimdark.sheet import Gladiator
from companion.rulesets.registry import get_ruleset
from companion.rulesets.skirmish.scenario import parse_scenario
from companion.tables.loader import _short, load_tables
from companion.tables.model import Axis

MB = 1_000_000


def refusals(model: type[BaseModel], data: dict[str, Any]) -> list[str]:
    """What the model says of the data in a player's words; [] when it takes it."""
    try:
        model.model_validate(data)
    except ValidationError as err:
        return [problem(e) for e in err.errors()]
    return []


# ------------------------------------------------------------------ file sizes


def padded(path: Path, size: int, head: bytes = b"[", tail: bytes = b"]") -> Path:
    """A JSON file of exactly `size` bytes: its text padded with spaces."""
    path.write_bytes(head + b" " * (size - len(head) - len(tail)) + tail)
    return path


@pytest.mark.parametrize(("kind", "limit", "words"), [
    (OTHER, 1 * MB, "1,000,000 bytes"), (SHEET, 1 * MB, "1,000,000 bytes"),
    (SETTINGS, 1 * MB, "1,000,000 bytes"), (TABLE, 2 * MB, "2,000,000 bytes"),
    (SESSION, 20 * MB, "20,000,000 bytes")])
def test_a_file_of_exactly_its_size_limit_is_read_and_one_byte_more_is_not(
        tmp_path: Path, kind: FileKind, limit: int, words: str) -> None:
    # A list: a file of no kind of its own, which none of them refuses for its kind.
    assert read_file(padded(tmp_path / "below.json", limit - 1), kind) == []
    assert read_file(padded(tmp_path / "at.json", limit), kind) == []
    # Just over, rounded sizes would read alike ("1 MB ... at most 1 MB"): in bytes.
    with pytest.raises(JsonFileError, match=f"{limit + 1:,} bytes is too large "
                       f"\\(at most {words} for {kind.name}\\)"):
        read_file(padded(tmp_path / "over.json", limit + 1), kind)


def test_a_file_that_grows_past_its_limit_as_it_is_read_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = padded(tmp_path / "growing.json", MB + 1)
    real = Path.stat

    def smaller(self: Path, **kw: Any) -> os.stat_result:
        found = real(self, **kw)
        if self != path:
            return found
        fields = list(found)
        fields[stat.ST_SIZE] = MB  # it was 1 MB when looked at
        return os.stat_result(fields)

    monkeypatch.setattr(Path, "stat", smaller)
    with pytest.raises(JsonFileError, match="more than 1 MB is too large"):
        read_file(path, OTHER)


def test_a_byte_order_mark_counts_in_the_size(tmp_path: Path) -> None:
    bom = b"\xef\xbb\xbf"
    assert read_file(padded(tmp_path / "at.json", MB, head=bom + b"["), OTHER) == []
    with pytest.raises(JsonFileError, match="too large"):
        read_file(padded(tmp_path / "over.json", MB + 1, head=bom + b"["), OTHER)


# ------------------------------------------------------------------ nesting, numbers, text


def parsed(text: str) -> Any:
    return parse_json(Path("f.json"), text)


@pytest.mark.parametrize("depth", [63, 64])
def test_lists_and_objects_nest_64_deep(depth: int) -> None:
    assert parsed("[" * depth + "]" * depth) is not None
    assert parsed('{"a": ' * depth + "1" + "}" * depth) is not None


def test_but_not_65() -> None:
    with pytest.raises(JsonFileError, match=r"column 65: nested too deep \(at most 64"):
        parsed("[" * 65 + "]" * 65)
    with pytest.raises(JsonFileError, match="nested too deep"):
        parsed('{"a": ' * 65 + "1" + "}" * 65)


@pytest.mark.parametrize("number", [
    "999999999999999", "1000000000000000", "-1000000000000000", "1e15", "-1e15",
    "999999999999999.9"])
def test_numbers_up_to_10_to_the_15_either_way_are_read(number: str) -> None:
    assert parsed(f"[{number}]") == [json.loads(number)]


@pytest.mark.parametrize("number", [
    "1000000000000001", "-1000000000000001", "1.0000000000000002e15", "1e16",
    "10000000000000000"])
def test_one_more_is_too_large(number: str) -> None:
    with pytest.raises(JsonFileError, match=r"too large \(numbers here are at most "
                       r"1,000,000,000,000,000 either way\)"):
        parsed(f"[{number}]")


@pytest.mark.parametrize(("literal", "words"), [
    ("1" * 20, "the number " + "1" * 20), ("1" * 21, "a number of 21 digits")])
def test_a_huge_number_is_quoted_up_to_20_characters(literal: str, words: str) -> None:
    with pytest.raises(JsonFileError, match=words + " is too large"):
        parsed(f"[{literal}]")


@pytest.mark.parametrize(("char", "ok"), [
    ("\\u0008", False), ("\\t", True), ("\\n", True), ("\\u000b", False), ("\\u000c", False),
    ("\\r", True), ("\\u000e", False), ("\\u001f", False), (" ", True), ("~", True),
    ("\\u007f", False), ("\\u009f", False), ("\\u00a0", True)])
def test_control_characters_in_the_text_of_a_file(char: str, ok: bool) -> None:
    text = f'["a{char}b"]'
    if ok:
        assert parsed(text) is not None
    else:
        with pytest.raises(JsonFileError, match="the text holds a control character"):
            parsed(text)


@pytest.mark.parametrize(("length", "cut"), [(39, False), (40, False), (41, True)])
def test_a_value_is_quoted_up_to_40_characters(length: int, cut: bool) -> None:
    quoted = shown("x" * length)
    assert quoted == "'" + "x" * min(length, 40) + ("...'" if cut else "'")


# ------------------------------------------------------------------ one-line messages


@pytest.mark.parametrize(("code", "kept"), [
    (0x00, False), (0x1F, False), (0x20, True), (0x7E, True), (0x7F, False), (0x9F, False),
    (0xA0, True)])
def test_a_message_is_one_line_of_printable_text(code: int, kept: bool) -> None:
    assert one_line(f"a{chr(code)}b") == (f"a{chr(code)}b" if kept else "a b")


@pytest.mark.parametrize(("length", "cut"), [(299, False), (300, False), (301, True)])
def test_a_tables_message_is_at_most_300_characters(length: int, cut: bool) -> None:
    text = "x" * length
    short = _short(text)
    assert short == (text[:297] + "..." if cut else text)
    assert len(short) == min(length, 300)


# ------------------------------------------------------------------ dice notation


@pytest.mark.parametrize("notation", [
    "1000d2", "999d2", "d1000", "d2", "0d6", "d1", "1000000", "0001000000", "500d2+500d2",
    "d66+998d2",
    "1000000*1000000", "-1000000*1000000", "165d6e6rr1+35d6", "1" + " " * 999])
def test_the_notations_limits_are_reached(notation: str) -> None:
    assert parse(notation) is not None


@pytest.mark.parametrize(("notation", "words"), [
    ("1001d2", "a term rolls 0 to 1000 dice"),
    ("d1001", "dice have 1 to 1000 sides"),
    ("d0", "dice have 1 to 1000 sides"),
    ("1000001", "numbers go up to 1000000"),
    ("10000000", "numbers go up to 1000000"),
    ("500d2+501d2", "1001 in all, at most 1000"),
    ("d66+999d2", "1001 in all, at most 1000"),
    ("1000000*1000000+1", "totals could reach 1,000,000,000,001; at most 1,000,000,000,000"),
    ("-1000000*1000000-1", "totals could reach 1,000,000,000,001"),
    ("165d6e6rr1+36d6", "could draw 20,001 in all, at most 20,000"),
    ("1" + " " * 1000, "notation too long at column 1001: at most 1000 characters"),
])
def test_one_past_each_of_the_notations_limits_is_refused(notation: str, words: str) -> None:
    with pytest.raises(UserError, match=words.replace("*", r"\*").replace("(", r"\(")):
        parse(notation)


def test_a_die_is_rerolled_at_most_10_times_and_the_last_reroll_stands() -> None:
    dice = ScriptedDice([1] * 11)
    assert evaluate("d6rr1", dice).total == 1
    assert dice.remaining == ()


def test_a_die_explodes_at_most_10_times() -> None:
    dice = ScriptedDice([6] * 11)
    assert evaluate("d6!", dice).total == 66
    assert dice.remaining == ()


def test_a_pool_counts_the_dice_showing_its_target_or_more() -> None:
    assert evaluate("3d6>=5", ScriptedDice([4, 5, 6])).total == 2


def test_exact_odds_are_worked_out_for_up_to_10000_totals() -> None:
    assert check_size(parse("101d100")).totals == 10_000  # 101 to 10,100
    with pytest.raises(UserError, match="10,001 possible totals; exact odds are worked "
                       "out for up to 10,000"):
        check_size(parse("101d100+d2"))


# ------------------------------------------------------------------ Discord's 2,000


def report(*lines: str) -> Report:
    return Report(title="T", system="S", sheets=(), turns=(Turn("Turn", lines),))


HEAD = "# T\n*S*"  # the header block: 7 characters
END = "## Outcome"


@pytest.mark.parametrize("length", [1999, 2000])
def test_a_turn_of_exactly_2000_characters_is_one_message(length: int) -> None:
    line = "y" * (length - len("## Turn\n> "))
    sent = discord.messages(report(line))
    assert sent == [HEAD, f"## Turn\n> {line}", END]
    assert len(sent[1]) == length


def test_a_turn_of_2001_characters_is_cut_between_its_lines() -> None:
    line = "y" * (2001 - len("## Turn\n> "))
    sent = discord.messages(report(line))
    assert sent == [HEAD, "## Turn", f"> {line}", END]


@pytest.mark.parametrize(("length", "joined"), [(2000, True), (2001, False)])
def test_a_block_joins_the_message_before_it_up_to_2000_characters(length: int,
                                                                    joined: bool) -> None:
    # The header, a blank line and the turn: 7 + 2 + the turn's block.
    line = "y" * (length - len(HEAD) - 2 - len("## Turn\n> "))
    sent = discord.messages(report(line))
    if joined:
        assert sent[0] == f"{HEAD}\n\n## Turn\n> {line}" and len(sent[0]) == 2000
    else:
        assert sent[0] == HEAD and sent[1] == f"## Turn\n> {line}"


@pytest.mark.parametrize("length", [2000, 2001])
def test_a_word_longer_than_a_message_is_cut_at_2000(length: int) -> None:
    sent = discord.messages(report("y" * length))
    assert max(len(m) for m in sent) == 2000
    assert "y" * 2000 in sent
    assert sum(m.count("y") for m in sent) == length
    # What is left of the word goes on with the next block.
    assert sent[-1] == ("y\n\n" if length == 2001 else "") + END


# ------------------------------------------------------------------ a duel's actions


def action(data: dict[str, Any]) -> Any:
    return get_ruleset("battle").parse_action(data)


@pytest.mark.parametrize(("data", "words"), [
    ({"type": "attack", "luck": 101}, "at most 100 (not 101)"),
    ({"type": "attack", "defence_luck": 101}, "at most 100 (not 101)"),
    ({"type": "heal", "dice": 101}, "at most 100 (not 101)"),
    ({"type": "heal", "dice": 0}, "at least 1 (not 0)"),
    ({"type": "stay_conscious", "luck": 101}, "at most 100 (not 101)"),
    ({"type": "death_door", "luck": 101}, "at most 100 (not 101)"),
    ({"type": "restore_luck", "who": "a", "n": 10000}, "at most 9999 (not 10000)"),
    ({"type": "spend_heal", "who": "a", "n": 0}, "at least 1 (not 0)"),
    ({"type": "adjust_health", "who": "a", "op": "+10000"}, "at most 9999"),
    ({"type": "adjust_health", "who": "a", "op": "=-10000"}, "at most 9999"),
    ({"type": "ammo", "who": "a", "weapon": "war-dart", "op": "-10000"}, "at most 9999"),
])
def test_one_past_an_actions_bound_is_refused(data: dict[str, Any], words: str) -> None:
    with pytest.raises(UserError, match=words.replace("(", r"\(").replace(")", r"\)")):
        action(data)


@pytest.mark.parametrize("data", [
    {"type": "attack", "luck": 100}, {"type": "attack", "defence_luck": 100},
    {"type": "heal", "dice": 100}, {"type": "heal", "dice": 1},
    {"type": "stay_conscious", "luck": 100}, {"type": "death_door", "luck": 100},
    {"type": "restore_luck", "who": "a", "n": 9999}, {"type": "spend_heal", "who": "a", "n": 1},
    {"type": "adjust_health", "who": "a", "op": "+9999"},
    {"type": "adjust_health", "who": "a", "op": "=-9999"},
    {"type": "ammo", "who": "a", "weapon": "war-dart", "op": "-9999"}])
def test_an_action_at_its_bound_is_taken(data: dict[str, Any]) -> None:
    assert action(data) is not None


# ------------------------------------------------------------------ sheets


BATTLE_SHEET: dict[str, Any] = {"format": "companion-gladiator", "name": "Aulus",
                                "skills": {"attack": 2}, "weapons": {}, "carried": {}}


@pytest.mark.parametrize(("change", "limit"), [
    ({"skills": {"health": "{}"}}, 100), ({"weapons": {"hammer": "{}"}}, 100),
    ({"luck": "{}"}, 50), ({"carried": {"war-dart": "{}"}}, 100),
    ({"development_points": "{}"}, 100_000), ({"wins": "{}"}, 1000),
    ({"losses": "{}"}, 1000), ({"kills": "{}"}, 1000)])
def test_a_battle_sheets_numbers_at_their_bound_and_one_more(change: dict[str, Any],
                                                             limit: int) -> None:
    def at(value: int) -> dict[str, Any]:
        return json.loads(json.dumps({**BATTLE_SHEET, **change}).replace('"{}"', str(value)))

    assert refusals(GladiatorSheet, at(limit)) == []
    assert refusals(GladiatorSheet, at(limit - 1)) == []
    assert refusals(GladiatorSheet, at(limit + 1)) == [f"at most {limit} (not {limit + 1})"]


@pytest.mark.parametrize(("length", "ok"), [(59, True), (60, True), (61, False)])
def test_a_battle_sheets_name_is_at_most_60_characters(length: int, ok: bool) -> None:
    found = refusals(GladiatorSheet, {**BATTLE_SHEET, "name": "n" * length})
    assert found == ([] if ok else ["at most 60 characters (this has 61)"])


GRIMDARK: dict[str, Any] = {"name": "Rex", "brutality": 6, "style": 3, "mind": 3, "weird": 3}


@pytest.mark.parametrize(("field", "limit"), [
    ("brutality", 99), ("style", 99), ("mind", 99), ("weird", 99), ("armour", 99),
    ("fame", 10_000), ("wins", 10_000), ("losses", 10_000)])
def test_a_grimdark_gladiators_numbers_at_their_bound_and_one_more(field: str,
                                                                   limit: int) -> None:
    assert refusals(Gladiator, {**GRIMDARK, field: limit}) == []
    assert refusals(Gladiator, {**GRIMDARK, field: limit + 1}) == [
        f"at most {limit} (not {limit + 1})"]
    assert refusals(Gladiator, {**GRIMDARK, field: 0}) == []
    assert refusals(Gladiator, {**GRIMDARK, field: -1}) == ["at least 0 (not -1)"]


@pytest.mark.parametrize(("field", "limit"), [("name", 80), ("description", 20_000)])
def test_a_grimdark_gladiators_name_and_story_at_their_length_and_one_more(field: str,
                                                                           limit: int) -> None:
    assert refusals(Gladiator, {**GRIMDARK, field: "n" * limit}) == []
    assert refusals(Gladiator, {**GRIMDARK, field: "n" * (limit + 1)}) == [
        f"at most {limit} characters (this has {limit + 1})"]


# ------------------------------------------------------------------ a scenario


def scenario(**changes: Any) -> dict[str, Any]:
    two = [{"type": "samnite", **changes.pop("first", {})}, {"type": "retiarius"}]
    return {"gladiators": changes.pop("gladiators", two), **changes}


@pytest.mark.parametrize(("setup", "words"), [
    (scenario(first={"strength": 101}), "strength: .*(at most|less than or equal to) 100"),
    (scenario(first={"strength": 0}), "strength: .*(at least|greater than or equal to) 1"),
    (scenario(first={"defeated_today": 101}), "today: .*(at most|less than or equal to) 100"),
    (scenario(first={"kit": {"weapons": [{"weapon": "throwing-darts"}], "darts": 101}}),
     "darts: .*(at most|less than or equal to) 100"),
    (scenario(spared_today=101), "spared_today: .*(at most|less than or equal to) 100"),
    (scenario(gladiators=[{"type": "samnite"}] * 27), "gladiators: .*at most 26 items"),
    (scenario(gladiators=[{"type": "samnite"}]), "gladiators: .*at least 2"),
    (scenario(first={"name": "n" * 61}), "name: .*at most 60 characters"),
    (scenario(first={"side": "s" * 41}), "side: .*at most 40 characters"),
])
def test_one_past_a_scenarios_bound_is_refused(setup: dict[str, Any], words: str) -> None:
    # (The scenario's messages are pydantic's own words: either wording names the bound.)
    with pytest.raises(UserError, match=words):
        parse_scenario(setup)


@pytest.mark.parametrize("setup", [
    scenario(first={"strength": 100}), scenario(first={"strength": 1}),
    scenario(first={"defeated_today": 100}), scenario(spared_today=100),
    scenario(first={"kit": {"weapons": [{"weapon": "throwing-darts"}], "darts": 100}}),
    scenario(gladiators=[{"type": "samnite"}] * 26),
    scenario(first={"name": "n" * 60}), scenario(first={"side": "s" * 40})])
def test_a_scenario_at_its_bounds_is_taken(setup: dict[str, Any]) -> None:
    assert parse_scenario(setup) is not None


# ------------------------------------------------------------------ a coaching


@pytest.mark.parametrize(("weight", "ok"), [(-6, False), (-5, True), (5, True), (6, False)])
def test_a_coachings_weights_go_from_minus_5_to_5(weight: int, ok: bool) -> None:
    found = refusals(Coaching, {"format": "companion-grimdark-coaching",
                                "prefer": {"Basic Melee": weight}})
    assert found == ([] if ok else [
        f"'Basic Melee' is weighted {weight}; weights go from -5 (avoid) to 5 (favour)"])


@pytest.mark.parametrize(("moves", "ok"), [(3, True), (4, False)])
def test_a_coaching_opens_with_at_most_3_moves(moves: int, ok: bool) -> None:
    found = refusals(Coaching, {"format": "companion-grimdark-coaching",
                                "opening": ["Basic Melee"] * moves})
    assert found == ([] if ok else ["at most 3 items (this has 4)"])


# ------------------------------------------------------------------ the forum sheet

DATA = GrimdarkData.load(load_tables(include_user=False))
SHEET_TEXT = """[b]Rex[/b]
Brutality: 6
Style: 3
Mind: 3
Weird: 3

Moves:
Basic Melee x15
{line}

Weapons:
Axe (Heavy melee)
"""


@pytest.mark.parametrize(("length", "words"), [
    (200, "is not a move in the Grimdark moves table"),
    (201, "is too long for a line of the list (201 characters; at most 200)")])
def test_a_line_of_the_forum_sheets_lists_is_at_most_200_characters(length: int,
                                                                    words: str) -> None:
    with pytest.raises(ForumError) as caught:
        read_forum(SHEET_TEXT.format(line="q" * length), DATA)
    assert [words in p for p in caught.value.problems] == [True]


@pytest.mark.parametrize(("extra", "ok"), [(0, True), (1, False)])
def test_a_forum_post_is_at_most_a_million_characters(extra: int, ok: bool) -> None:
    # Padded with a line of spaces, which reads as a blank line.
    text = SHEET_TEXT.format(line="")
    text += "\n" + " " * (1_000_000 - len(text) - 1 + extra)
    if ok:
        assert len(text) == 1_000_000
        assert read_forum(text, DATA).gladiator.name == "Rex"
    else:
        with pytest.raises(ForumError, match="1,000,001 characters; at most 1,000,000"):
            read_forum(text, DATA)


# ------------------------------------------------------------------ the settings and tables


def settings(tmp_path: Path, **data: Any) -> Any:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return load_settings(path)


@pytest.mark.parametrize(("size", "kept"), [
    ([16384, 16384], True), ([16385, 800], False), ([1, 1], True), ([0, 800], False)])
def test_a_saved_window_is_1_to_16384_pixels_a_side(tmp_path: Path, size: list[int],
                                                    kept: bool) -> None:
    assert settings(tmp_path, window_size=size).window_size == (tuple(size) if kept else None)


@pytest.mark.parametrize(("place", "kept"), [
    ([63, 16384, -16384, 800, 600], True), ([64, 0, 0, 800, 600], False),
    ([0, 16385, 0, 800, 600], False), ([0, 0, -16385, 800, 600], False),
    ([-1, 0, 0, 800, 600], False)])
def test_the_players_window_is_on_display_0_to_63_within_16384(tmp_path: Path,
                                                               place: list[int],
                                                               kept: bool) -> None:
    found = settings(tmp_path, player_place=place).player_place
    assert found == (tuple(place) if kept else None)


@pytest.mark.parametrize(("count", "kept"), [(7, 7), (8, 8), (9, 8)])
def test_the_recent_files_are_the_last_8(tmp_path: Path, count: int, kept: int) -> None:
    recent = [f"/bouts/{i}.json" for i in range(count)]
    assert settings(tmp_path, recent_files=recent).recent_files == recent[:kept]


@pytest.mark.parametrize(("length", "kept"), [(4095, True), (4096, True), (4097, False)])
def test_a_recent_files_path_is_at_most_4096_characters(tmp_path: Path, length: int,
                                                        kept: bool) -> None:
    path = "/" + "p" * (length - 1)
    assert settings(tmp_path, recent_files=[path]).recent_files == ([path] if kept else [])


@pytest.mark.parametrize(("low", "high", "ok"), [
    (-10_000, 10_000, True), (-10_001, 0, False), (0, 10_001, False)])
def test_a_tables_range_axis_lies_within_10000_either_way(low: int, high: int,
                                                          ok: bool) -> None:
    found = refusals(Axis, {"name": "roll", "kind": "range", "min": low, "max": high})
    assert (found == []) is ok
