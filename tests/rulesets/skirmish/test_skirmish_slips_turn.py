"""The flow of a bout at its edges: initiative that ties again and again, AP held
before the roll, fatigue exactly at his strength, skills that give AP among others,
and a weight rating a house table gives no modifier."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.skirmish_scenes import RULES, TABLES, act, scene

from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.skirmish import SkirmishRules, ap_modifiers, apply_action, summary
from companion.tables.loader import TableSet, load_tables, parse_table


def two_fixed():
    return RULES.new_state({"gladiators": [{"type": "samnite", "strength": 8},
                                           {"type": "velite", "strength": 8}]}, TABLES)


# --- initiative ---------------------------------------------------------------------------

def test_the_initiative_may_tie_99_times_running_and_be_decided_on_the_100th_roll():
    state = two_fixed()
    act(state, {"type": "start"}, *[3, 3] * 99, 2, 5)
    assert state.order == ["B", "A"]


def test_the_100th_tie_running_is_refused():
    state = two_fixed()
    with pytest.raises(UserError, match="tied 100 times running"):
        apply_action(state, {"type": "start"}, ScriptedDice([3, 3] * 100 + [2, 5]))


def test_three_who_tie_roll_again_among_themselves_and_the_fourth_waits():
    state = RULES.new_state({"gladiators": [{"type": t, "strength": 8} for t in (
        "samnite", "velite", "thracian", "gaetulian")]}, TABLES)
    # A, B and C tie on 5, D has 2; then C 6, A 4, B 1.
    act(state, {"type": "start"}, 5, 5, 5, 2, 4, 1, 6)
    assert state.order == ["C", "A", "B", "D"]


# --- AP -------------------------------------------------------------------------------------

def test_the_next_gladiator_holds_no_ap_until_he_rolls():
    state = scene({"type": "samnite", "at": "E2"}, {"type": "velite", "at": "J12"}, ap=4)
    act(state, {"type": "end_turn"})
    assert state.active == "B" and state.phase == "ap"
    assert summary(state)["gladiators"][1]["ap"] == 0
    assert state.glad("A").ap == 0


def fatigued(fatigue, strength=8):
    state = scene({"type": "thracian", "at": "E2", "facing": "S", "strength": strength},
                  {"type": "velite", "at": "J12"}, options={"fatigue": True})
    g = state.glad("A")
    g.fatigue = fatigue
    return state, g


def test_fatigue_equal_to_his_strength_costs_nothing_and_one_over_costs_one():
    state, g = fatigued(8)
    assert ap_modifiers(state, g) == []
    act(state, {"type": "roll_ap"}, 5)
    assert g.ap == 5
    state, g = fatigued(9)
    assert ap_modifiers(state, g) == [("fatigue 9", -1)]
    act(state, {"type": "roll_ap"}, 5)
    assert g.ap == 4


def test_the_quick_skill_among_others_still_adds_its_ap():
    # An unskilled Samnite of the same kit and strength rolls first, so that a slip
    # that mistook the skilled one for him would show.
    state = scene({"type": "samnite", "at": "E2", "facing": "S"},
                  {"type": "samnite", "at": "J12", "skills": ["popular", "extra-ap"]},
                  options={"experience": True})
    act(state, {"type": "roll_ap"}, 3)
    assert state.glad("A").ap == 2  # heavy -1
    act(state, {"type": "end_turn"})
    b = state.glad("B")
    assert ap_modifiers(state, b) == [("heavy", -1), ("experience", 1)]
    act(state, {"type": "roll_ap"}, 3)
    assert b.ap == 3


def without(table_id: str, key: str) -> TableSet:
    """The built-in tables less one entry of one skirmish table, as a group's own
    table file could leave it out."""
    tables = load_tables(include_user=False)
    raw = tables.get(table_id).file.model_dump(mode="json")
    raw["entries"] = [e for e in raw["entries"] if e["key"] != key]
    table = parse_table(Path(f"{table_id}.json"), json.dumps(raw))
    return TableSet({**tables.tables, table_id: table}, dict(tables.origins))


def test_a_weight_rating_a_house_table_gives_no_modifier_adds_nothing():
    rules = SkirmishRules()
    state = rules.new_state({"gladiators": [
        {"type": "velite", "strength": 8, "at": "E2"},  # light: +1 by the built-in table
        {"type": "thracian", "strength": 8, "at": "J12"}]}, without("skirmish-ap-modifiers",
                                                                    "light"))
    apply_action(state, {"type": "start"}, ScriptedDice([6, 1]))
    assert ap_modifiers(state, state.glad("A")) == []
    apply_action(state, {"type": "roll_ap"}, ScriptedDice([4]))
    assert state.glad("A").ap == 4
