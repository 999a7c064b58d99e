"""What a fight report shows of a duel: the turn headings, each gladiator's sheet as
it stands, and at the end the tally of what the fight cost each man (damage, healing,
luck and heal dice, with the trackers' changes counted too) and how it ended."""

from __future__ import annotations

from typing import Any

import pytest

from companion.dice.sources import ScriptedDice
from companion.rulesets.battle.rules import BattleRules
from companion.session.session import Session

NOW = "2025-05-01T20:00:00"


@pytest.fixture(scope="module")
def rules() -> BattleRules:
    return BattleRules()


def gladiator(name: str, *, luck: int = 0, wins: int = 0, **skills: int) -> dict[str, Any]:
    return {"format": "companion-gladiator", "name": name, "development_points": 500,
            "skills": {"attack": 2, "health": 10, **skills}, "weapons": {"club": 2},
            "carried": {"club": 1}, "wins": wins, "luck": luck}


def duel(rules: BattleRules, a: dict[str, Any], b: dict[str, Any]) -> Session:
    return Session(rules, {"a": a, "b": b, "options": {"started": NOW}})


def test_before_the_initiative_the_report_says_to_roll_it(rules):
    session = duel(rules, gladiator("Aulus"), gladiator("Brenna"))
    assert rules.report_next(session.state) == "roll the initiative"


def test_each_turn_is_headed_with_its_number_and_its_man(rules):
    session = duel(rules, gladiator("Aulus"), gladiator("Brenna"))
    outcome = session.act({"type": "initiative"}, ScriptedDice([1, 1, 6, 6]))
    heads = [rules.turn_of(session.state, e) for e in outcome.events]
    assert [h for h in heads if h is not None] == ["Turn 1: Brenna"]
    assert rules.report_next(session.state) == "Brenna: his action"


def test_two_men_of_one_name_are_told_apart_by_side(rules):
    session = duel(rules, gladiator("Aulus"), gladiator("aulus "))
    outcome = session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    heads = [rules.turn_of(session.state, e) for e in outcome.events]
    assert [h for h in heads if h is not None] == ["Turn 1: Aulus (side A)"]


def test_a_sheet_lists_his_skills_weapons_trackers_and_past(rules):
    a = gladiator("Aulus", luck=1, heal=2, armor=3, wins=4)
    a["carried"] = {"club": 1, "war-dart": 3}
    a["weapons"]["war-dart"] = 1
    a["shield"] = True
    a["skills"]["shield"] = 1
    a["insanities"] = [{"key": 12, "name": "Mr. Nice Guy Complex", "permanent": False}]
    b = gladiator("Brenna", luck=2)
    b["weapons"] = {}
    b["carried"] = {}
    session = duel(rules, a, b)
    (name_a, lines_a), (name_b, lines_b) = rules.report_sheets(session.state)
    assert name_a == "Aulus"
    assert lines_a[1:] == [
        "weapon skills: Club 2, War Dart 1",
        "health 10 of 10, 1 luck die, 2 heal dice",
        "carries Club, War Dart (3), shield",
        "4 fights before this one",
        "insanities: Mr. Nice Guy Complex"]
    assert "ATTACK 2" in lines_a[0].upper() and "ARMOR 3" in lines_a[0].upper()
    assert (name_b, lines_b) == ("Brenna", [
        "Health 10, Attack 2, Initiative 2, Retrieve Weapon 2", "weapon skills: none",
        "health 10 of 10, 2 luck dice, no heal dice",
        "carries nothing", "no fights before this one"])


def test_one_fight_and_one_heal_die_are_singular(rules):
    session = duel(rules, gladiator("Aulus", heal=1, wins=1), gladiator("Brenna"))
    lines = rules.report_sheets(session.state)[0][1]
    assert lines[2] == "health 10 of 10, no luck dice, 1 heal die"
    assert lines[4] == "1 fight before this one"


def test_the_tally_adds_up_a_duel_and_the_trackers(rules):
    session = duel(rules, gladiator("Aulus", luck=3, heal=3), gladiator("Brenna", luck=2))
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    # Aulus: 5 5 and a luck die of 2 (lost): Brenna's one die blocks nothing, 3 damage.
    session.act({"type": "attack", "luck": 1}, ScriptedDice([5, 5, 2, 1]))
    # Brenna: 6 and a luck 5 (kept): 4 damage on Aulus, who rolls a 1.
    session.act({"type": "attack", "luck": 1}, ScriptedDice([6, 1, 5, 1]))
    # Aulus heals with two dice: 6 and 5, 4 back.
    session.act({"type": "heal", "dice": 2}, ScriptedDice([6, 5]))
    # The trackers: Brenna healed 2 and hurt 1 by hand; Aulus spends a luck die by hand
    # and gets it back, gets a heal die back and spends two (a die given back is no
    # die spent, and takes none off the count).
    for action in ({"type": "adjust_health", "who": "b", "op": "+2"},
                   {"type": "adjust_health", "who": "b", "op": "-1"},
                   {"type": "spend_luck", "who": "a", "n": 1},
                   {"type": "restore_luck", "who": "a", "n": 1},
                   {"type": "restore_heal", "who": "a", "n": 1},
                   {"type": "spend_heal", "who": "a", "n": 2}):
        session.act(action, ScriptedDice([]))
    session.act({"type": "set_stun", "who": "b", "stunned": True}, ScriptedDice([]))
    lines = rules.report_outcome(session.state, session.events)
    assert lines[:2] == [
        "Aulus: took 4 damage, healed 4, spent 2 luck dice and 4 heal dice, "
        "health 10 of 10",
        "Brenna: took 4 damage, healed 2, spent no luck dice and no heal dice, "
        "health 8 of 10, stunned"]


def test_the_tally_of_an_untouched_man_and_how_the_fight_ended(rules):
    session = duel(rules, gladiator("Aulus"), gladiator("Brenna"))
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    session.act({"type": "quit"}, ScriptedDice([]))
    lines = rules.report_outcome(session.state, session.events)
    assert lines[0] == ("Aulus: took 0 damage, spent no luck dice and no heal dice, "
                        "health 10 of 10")
    assert len(lines) == 3 and "Brenna" in lines[2] and "quit" in lines[2].lower()
    assert rules.report_next(session.state) == "roll the initiative"


def test_one_luck_die_spent_is_one_die(rules):
    session = duel(rules, gladiator("Aulus", luck=2), gladiator("Brenna"))
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    session.act({"type": "spend_luck", "who": "a", "n": 1}, ScriptedDice([]))
    line = rules.report_outcome(session.state, session.events)[0]
    assert "spent 1 luck die and no heal dice" in line
