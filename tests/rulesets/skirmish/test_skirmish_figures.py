"""The figures of `skirmish-rules` drive the engine: the save target, the standard
arena and how many gladiators a board holds, the D6 for a random neighbouring hex,
the appeal dice and the experience limits. A changed table changes the game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.core.hexgrid import Board, neighbour
from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.skirmish import SkirmishRules, apply_action, summary
from companion.rulesets.skirmish.core import random_adjacent
from companion.rulesets.skirmish.data import SkirmishDataError, build_game_data
from companion.rulesets.skirmish.state import SPARED, State
from companion.rulesets.skirmish.turn import finish
from companion.tables.loader import TableSet, load_tables, parse_table

RULES = SkirmishRules()
TABLES = load_tables()


def changed_rules(**changes: dict[str, Any] | None) -> TableSet:
    """The built-in tables with skirmish-rules entries changed (None: removed)."""
    tables = load_tables(include_user=False)
    raw = tables.get("skirmish-rules").file.model_dump(mode="json")
    entries = []
    for entry in raw["entries"]:
        change = changes.get(entry["key"].replace("-", "_"), {})
        if change is not None:
            entries.append({**entry, **change})
    raw["entries"] = entries
    table = parse_table(Path("skirmish-rules.json"), json.dumps(raw))
    return TableSet({**tables.tables, "skirmish-rules": table}, dict(tables.origins))


def started(tables: TableSet, *gladiators: dict[str, Any]) -> State:
    state = RULES.new_state({"gladiators": [{"strength": 8, **g} for g in gladiators]}, tables)
    apply_action(state, {"type": "start"}, ScriptedDice([6, 1]))
    return state


def test_the_engine_reads_the_figures_of_the_table():
    figures = RULES.data_for(TABLES).rules
    assert figures.save_target == 7
    assert (figures.board_columns, figures.board_rows) == (10, 12)
    assert figures.random_direction == (0, 1, 2, 3, 4, 5)
    assert (figures.appeal_dice, figures.skill_limit, figures.skill_copies,
            figures.skills_per_bout) == (2, 5, 1, 1)


@pytest.mark.parametrize(("columns", "rows", "limit"), [
    (10, 12, 4),  # the seed's arena: two to four gladiators
    (20, 12, 8),  # twice the hexes, twice the gladiators
    (15, 12, 6),
    (11, 12, 4),  # rounded down
    (5, 5, 4),  # never fewer than four
    (26, 99, 26),  # never more than the letters A to Z
])
def test_a_board_holds_gladiators_in_proportion_to_its_hexes(columns, rows, limit):
    assert RULES.data_for(TABLES).rules.gladiator_limit(Board(columns, rows)) == limit


def test_a_scenario_without_a_board_gets_the_standard_arena():
    state = RULES.new_state({"gladiators": [{"type": "samnite"}, {"type": "velite"}]}, TABLES)
    assert summary(state)["board"] == {"columns": 10, "rows": 12}


def test_a_changed_table_changes_the_arena_and_the_number_of_gladiators():
    tables = changed_rules(board_columns={"value": 6}, board_rows={"value": 6},
                           gladiators_per_board={"value": 2}, fewest_gladiator_limit={"value": 2})
    three = {"gladiators": [{"type": "samnite"}] * 3}
    with pytest.raises(UserError, match="at most 2"):
        RULES.new_state(three, tables)
    state = RULES.new_state({**three, "board": {"columns": 6, "rows": 9}}, tables)
    assert summary(state)["board"] == {"columns": 6, "rows": 9}
    assert summary(RULES.new_state({"gladiators": three["gladiators"][:2]}, tables))["board"] == {
        "columns": 6, "rows": 6}


def test_a_changed_save_target_changes_the_save():
    tables = changed_rules(save_target={"value": 8})
    state = started(tables, {"type": "samnite", "at": "E5", "facing": "S"},
                    {"type": "cataphractarius", "at": "E6", "facing": "N"})
    apply_action(state, {"type": "roll_ap"}, ScriptedDice([3]))
    lines = RULES.narrate(state, apply_action(
        state, {"type": "attack", "target": "B", "weapon": "sword"}, ScriptedDice([6, 1, 4])))
    assert "Cataphractarius's save fails: 4 + 3 makes 7, 8 needed" in lines
    assert state.glad("B").strength == 3


def test_the_direction_d6_reads_the_table():
    state = started(TABLES, {"type": "samnite", "at": "E5"}, {"type": "velite", "at": "E9"})
    centre = state.glad("A").hex
    assert centre is not None
    assert [random_adjacent(state, centre, ScriptedDice([f]), "A", "sword")
            for f in range(1, 7)] == [neighbour(centre, d) for d in range(6)]
    faces = {"1": "S", "2": "SW", "3": "NW", "4": "N", "5": "NE", "6": "SE"}
    turned = changed_rules(random_direction={"by_face": faces})
    state = started(turned, {"type": "samnite", "at": "E5"}, {"type": "velite", "at": "E9"})
    assert random_adjacent(state, centre, ScriptedDice([1]), "A", "sword") == neighbour(centre, 3)


def test_more_appeal_dice_are_all_rolled_and_shown():
    tables = changed_rules(appeal_dice={"value": 3})
    state = started(tables, {"type": "samnite", "at": "E5", "facing": "S"},
                    {"type": "cataphractarius", "at": "E6", "facing": "N", "strength": 1})
    apply_action(state, {"type": "roll_ap"}, ScriptedDice([3]))
    apply_action(state, {"type": "attack", "target": "B", "weapon": "sword"},
                 ScriptedDice([6, 1, 1]))
    lines = RULES.narrate(state, apply_action(state, {"type": "appeal"},
                                              ScriptedDice([2, 3, 4])))
    assert lines[0].startswith("Cataphractarius appeals to the crowd: he rolls 2, 3 and 4,")


def test_the_skill_limits_bound_a_scenario():
    with pytest.raises(UserError, match="only once"):
        RULES.new_state({"gladiators": [{"type": "samnite", "skills": ["popular"] * 2},
                                        {"type": "velite"}]}, TABLES)
    tables = changed_rules(skill_limit={"value": 1}, skill_copies={"value": 2})
    with pytest.raises(UserError, match="at most 1"):
        RULES.new_state({"gladiators": [{"type": "samnite", "skills": ["popular", "extra-ap"]},
                                        {"type": "velite"}]}, tables)
    RULES.new_state({"gladiators": [{"type": "samnite", "skills": ["popular"]},
                                    {"type": "velite"}]}, tables)


def test_a_table_without_a_figure_the_engine_needs_is_refused():
    with pytest.raises(SkirmishDataError, match="save-target"):
        build_game_data(changed_rules(save_target=None))
    with pytest.raises(SkirmishDataError, match="most-gladiators"):
        build_game_data(changed_rules(most_gladiators={"value": 27}))


def _won_against(tables: TableSet, skills: list[list[str]]) -> State:
    """A bout over: A (with the first skills) defeated all the others."""
    state = RULES.new_state({"options": {"experience": True}, "gladiators": [
        {"type": "samnite", "strength": 8, "skills": s} for s in skills]}, tables)
    for g in state.gladiators[1:]:
        g.status, g.hex = SPARED, None
        state.glad("A").defeated.append(g.id)
    finish(state)
    return state


def test_a_bout_gains_at_most_the_skills_a_bout_and_the_skill_limit_allow():
    three = [[], [], [], []]
    assert _won_against(TABLES, three).glad("A").skills_gained == ["extra-ap"]
    tables = changed_rules(skills_per_bout={"value": 2}, skill_limit={"value": 3})
    assert _won_against(tables, three).glad("A").skills_gained == ["extra-ap", "attack-die"]
    two = ["extra-ap", "popular"]
    state = _won_against(tables, [two, two, two, []])
    assert state.glad("A").skills_gained == ["attack-die"]  # the third and last


@pytest.mark.parametrize(("dice", "taken"), [(0, False), (1, True), (2, True)])
def test_an_appeal_rolls_at_least_one_die(dice, taken):
    tables = changed_rules(appeal_dice={"value": dice})
    if taken:
        assert build_game_data(tables).rules.appeal_dice == dice
    else:
        with pytest.raises(SkirmishDataError, match="an appeal rolls at least one die"):
            build_game_data(tables)
