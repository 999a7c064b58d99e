"""Veteran (seed 000: "Start with 1 Fame and d6 wins. After gaining 1 Fame, these points
can be reallocated"): rolled once when the gladiator is made, kept on his sheet and
his forum sheet, never rolled again; read from the ability's table entry."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from support.places import TESTS

from companion.dice.sources import ScriptedDice
from companion.rulesets.grimdark import career
from companion.rulesets.grimdark.build import notes, points_spent, problems
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.forum import ForumError, read_forum, write_forum
from companion.rulesets.grimdark.sheet import Gladiator, SheetError, load_gladiator
from companion.rulesets.grimdark.table_models import Starting
from companion.tables.loader import load_tables

DATA = GrimdarkData.load(load_tables(include_user=False))
POST = (TESTS / "grimdark_forum" / "brannoc-veteran.txt").read_text(
    encoding="utf-8")
NO_DICE = ScriptedDice([])  # asked for a face, it raises: nothing may be rolled


def brannoc(text: str = POST) -> Gladiator:
    return read_forum(text, DATA).gladiator


def made(face: int, g: Gladiator | None = None) -> tuple[Gladiator, list[career.Made]]:
    return career.make(g or brannoc(), DATA, ScriptedDice([face]))


def test_a_veteran_imported_from_the_forum_starts_with_1_fame_and_the_wins_his_d6_shows() -> None:
    g, given = made(4)
    assert (g.fame, g.wins, g.losses) == (1, 4, 0)
    assert [m.words() for m in given] == ["Veteran: 1 Fame and 4 wins (d6: 4), rolled now"]
    assert career.record_lines(g, DATA) == ["Veteran: 1 Fame and 4 wins (d6: 4)"]
    assert problems(g, DATA) == [] and notes(g, DATA) == []


def test_the_d6_is_rolled_as_veterans_wins_by_the_gladiator() -> None:
    dice = ScriptedDice([6])
    career.make(brannoc(), DATA, dice)
    [roll] = dice.history
    assert (roll.sides, roll.faces, roll.purpose, roll.roller) == (
        6, (6,), "Veteran's wins", "Old Brannoc")


def test_his_roll_is_on_his_forum_sheet_and_reads_back_without_rolling_again() -> None:
    g, _ = made(3)
    text = write_forum(g, DATA)
    assert "Fame: 1\nRecord: 3-0\nVeteran: 1 Fame and 3 wins (d6: 3)\n" in text
    again = brannoc(text)
    assert again == g
    assert career.make(again, DATA, NO_DICE) == (again, [])
    assert write_forum(again, DATA) == text


def test_a_gladiator_without_veteran_is_never_rolled_for() -> None:
    g = brannoc(POST.replace("Veteran\n", "Combat Focus 6\n").replace("Combat Focus 2\n", ""))
    assert career.make(g, DATA, NO_DICE) == (g, [])
    assert "Veteran" not in write_forum(g, DATA)


def test_a_sheet_already_showing_his_veteran_fame_is_not_given_it_twice() -> None:
    g, _ = made(2, brannoc(POST.replace("Fame: 0", "Fame: 1")))
    assert (g.fame, g.wins) == (1, 2)


def test_dropping_veteran_after_his_roll_keeps_his_fame_and_wins_and_frees_its_4_points() -> None:
    g, _ = made(5)
    dropped = g.model_copy(update={"abilities": {k: v for k, v in g.abilities.items()
                                                 if k != "veteran"}})
    assert points_spent(dropped, DATA) == points_spent(g, DATA) - 4
    assert (dropped.fame, dropped.wins) == (1, 5) and problems(dropped, DATA) == []
    assert career.career_lines(dropped, DATA) == [
        "Veteran: 1 Fame and 5 wins (d6: 5); Veteran dropped since, its points free to spend"]
    # His forum sheet keeps the roll, and taking Veteran again gives nothing twice.
    assert brannoc(write_forum(dropped, DATA)) == dropped
    assert career.make(g, DATA, NO_DICE) == (g, [])


def _house(**veteran: object) -> GrimdarkData:
    abilities = dict(DATA.abilities)
    abilities["veteran"] = abilities["veteran"].model_copy(update=veteran)
    return replace(DATA, abilities=abilities)


def test_what_veteran_gives_is_read_from_its_table_entry() -> None:
    house = _house(starting=[Starting(resource="fame", amount=2),
                             Starting(resource="wins", dice="2d4+1")])
    g, [given] = career.make(read_forum(POST, house).gladiator, house, ScriptedDice([3, 2]))
    assert (g.fame, g.wins) == (2, 6)
    assert given.words() == "Veteran: 2 Fame and 6 wins (2d4+1: 3, 2), rolled now"
    # The roll recorded stands when the table changes again: it is his history.
    assert career.make(g, DATA, NO_DICE) == (g, [])
    assert "his Veteran line gives 2 Fame and 6 wins (2d4+1: 3, 2); Veteran gives 1 Fame " \
        "and d6 wins" in notes(g, DATA)


def test_an_ability_whose_points_may_not_be_spent_again_must_be_kept() -> None:
    house = _house(effects=[])
    g, _ = career.make(read_forum(POST, house).gladiator, house, ScriptedDice([1]))
    dropped = g.model_copy(update={"abilities": {k: v for k, v in g.abilities.items()
                                                 if k != "veteran"}})
    assert problems(dropped, house) == [
        "Veteran gave him 1 Fame and 1 win (d6: 1): he keeps Veteran, whose points may not "
        "be spent again"]


def test_an_old_sheet_with_veteran_and_no_roll_says_it_is_due_and_rolls_only_when_made() -> None:
    old = brannoc()  # as a file saved before Veteran was rolled: no roll recorded
    assert old.career_start is None and problems(old, DATA) == []
    assert notes(old, DATA) == ["Veteran: 1 Fame and d6 wins, not rolled yet: rolled when he "
                                "is next imported or saved in the builder"]
    assert (old.fame, old.wins) == (0, 0)
    g, _ = made(6, old)
    assert (g.fame, g.wins) == (1, 6) and notes(g, DATA) == []


def test_the_same_gladiator_imported_again_keeps_the_roll_his_roster_file_records() -> None:
    first, _ = made(2)
    again, [given] = career.make(brannoc(), DATA, NO_DICE, first.career_start)
    assert again == first
    assert given.words() == ("Veteran: 1 Fame and 2 wins (d6: 2), as his file in your "
                             "roster records it")


def test_a_sheet_showing_less_than_veteran_gave_is_noted() -> None:
    g, _ = made(4)
    assert notes(g.model_copy(update={"wins": 1}), DATA) == [
        "his career start gave him 4 wins; his sheet shows 1"]


def test_wins_past_the_most_a_sheet_holds_are_refused_in_a_line() -> None:
    with pytest.raises(SheetError) as err:
        made(4, brannoc(POST.replace("Record: 0-0", "Record: 9999-0")))
    assert str(err.value) == "Old Brannoc: wins: at most 10000 (not 10003)"


@pytest.mark.parametrize(("line", "why"), [
    ("Veteran: 1 Fame and 7 wins (d6: 7)", "gives a roll the dice cannot make: 7 is "
     "impossible on a d6"),
    ("Veteran: 1 Fame and 0 wins (d6: 0)", "gives a roll the dice cannot make: at least 1 "
     "(not 0)"),
    ("Veteran: 1 Fame and 3 wins (d6: 4)", "gives a roll the dice cannot make: d6 showing 4 "
     "gives 4, not 3"),
    ("Veteran: 1 Fame and 4 wins (d6: x)", "needs the faces its d6 showed, such as "
     "'(d6: 4)'"),
    ("Veteran: 1 Fame and d6 wins", "should read like 'Veteran: 1 Fame and 4 wins (d6: 4)'; "
     "without the line, its dice are rolled as he is imported"),
])
def test_a_forum_line_with_a_roll_that_cannot_be_is_named_with_its_number(line: str,
                                                                          why: str) -> None:
    with pytest.raises(ForumError) as err:
        brannoc(POST.replace("Record: 0-0", f"Record: 0-0\n{line}"))
    assert err.value.problems == [f"line 12: '{line}' {why}"]


def test_the_forum_line_reads_as_managers_write_it() -> None:
    text = POST.replace("Fame: 0\nRecord: 0-0", "Fame: 1\nRecord: 6-0\n"
                        "[b]veteran[/b] : 1 fame, 6 WINS ( d6 : 6 )")
    g = brannoc(text)
    assert career.record_lines(g, DATA) == ["Veteran: 1 Fame and 6 wins (d6: 6)"]
    twice = text.replace("Fame: 1", "Veteran: 1 Fame and 2 wins (d6: 2)\nFame: 1")
    with pytest.raises(ForumError, match="gives what Veteran gave him a second time"):
        brannoc(twice)
    # An ability's level in the list is not such a line.
    assert brannoc(POST).abilities["combat-focus"] == 2


GOOD = {"resource": "wins", "amount": 4, "dice": "d6", "faces": [4]}


@pytest.mark.parametrize(("change", "message"), [
    ({"faces": [0]}, "career_start.veteran[1].faces[0]: at least 1 (not 0)"),
    ({"faces": [7], "amount": 7}, "career_start.veteran[1].faces: 7 is impossible on a d6"),
    ({"faces": ["x"]}, "career_start.veteran[1].faces[0]: must be a whole number (not 'x')"),
    ({"faces": [123456789]}, "career_start.veteran[1].faces[0]: at most 1000 (not 123456789)"),
    ({"faces": [4, 4]}, "career_start.veteran[1].faces: d6 rolls 1 die; 2 given"),
    ({"amount": 5}, "career_start.veteran[1]: d6 showing 4 gives 4, not 5"),
    ({"dice": None}, "career_start.veteran[1]: give the dice and their faces together, or "
     "neither"),
    ({"dice": "4d6kh3"}, "career_start.veteran[1].dice: 4d6kh3 is not a plain sum of dice"),
    ({"resource": "gold"}, "career_start.veteran[1].resource: must be 'fame' or 'wins'"),
])
def test_a_broken_roll_in_his_file_is_one_line_naming_the_file_and_field(
        tmp_path: Path, change: dict[str, object], message: str) -> None:
    g, _ = made(4)
    sheet = json.loads(g.model_dump_json(exclude_none=True))
    sheet["career_start"]["veteran"][1] = {**GOOD, **change}
    path = tmp_path / "brannoc.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    with pytest.raises(SheetError) as err:
        load_gladiator(path)
    assert str(err.value) == f"{path}: {message}"


def test_a_career_start_of_no_known_ability_breaks_a_rule_and_one_that_gives_none_is_noted(
        ) -> None:
    g, _ = made(4)
    grants = g.career_start["veteran"]
    odd = g.model_copy(update={"career_start": {"veterann": grants, "berserker": grants}})
    assert problems(odd, DATA) == [
        "veterann (in his career start) is not an ability in the Grimdark abilities table"]
    assert "his Berserker line gives 1 Fame and 4 wins (d6: 4); Berserker gives nothing to a " \
        "career" in notes(odd, DATA)


@pytest.mark.parametrize("amount", [0, 1, 12])
def test_a_starting_number_is_granted_as_the_table_gives_it_even_none(amount):
    from types import SimpleNamespace

    from companion.dice.sources import ScriptedDice
    from companion.rulesets.grimdark.career import _roll
    from companion.rulesets.grimdark.table_models import Starting

    grant = _roll(Starting(resource="fame", amount=amount), SimpleNamespace(name="Veteran"),
                  None, ScriptedDice([]))  # type: ignore[arg-type]
    assert (grant.resource, grant.amount) == ("fame", amount)
