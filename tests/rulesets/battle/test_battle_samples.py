"""The sample gladiators: a new player can duel two different ones before he has
written a sheet of his own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.dice.sources import SeededDice
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.battle.sheet import (
    find_sheet,
    load_sheet,
    points_spent,
    samples_dir,
    sheet_problems,
)
from companion.session.session import Session
from companion.tables.loader import TableSet, load_tables

SAMPLES = sorted(samples_dir().glob("*.json"))


@pytest.fixture(scope="module")
def tables() -> TableSet:
    return load_tables()


def test_at_least_four_samples_each_with_his_own_name_and_a_weapon_class_of_his_own():
    sheets = [load_sheet(p) for p in SAMPLES]
    assert len(sheets) >= 4
    assert len({s.name for s in sheets}) == len(sheets)
    t = BattleTables.load()
    classes = {t.weapon(w).weapon_class for s in sheets for w in s.weapons}
    assert {"A", "B", "C", "D"} <= classes


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_every_sample_is_a_legal_new_gladiator_of_forty_points(path: Path):
    t = BattleTables.load()
    sheet = load_sheet(path)
    assert sheet_problems(sheet, t) == []
    assert points_spent(sheet, t) == sheet.development_points == t.starting_development_points


def test_a_sample_is_found_by_his_name_without_a_roster():
    assert find_sheet("Spear Rookie") == samples_dir() / "spear-rookie.json"


def _next(rules: BattleRules, state: Any) -> dict[str, Any]:
    """The duel played as eager players play it: attack when he may, never quit."""
    legal = rules.legal_actions(state)
    for kind in ("attack", "stay_conscious", "death_door", "focus"):
        found = [a for a in legal if a["type"] == kind]
        if found:
            return found[0]
    return next(a for a in legal if a["type"] != "quit")


@pytest.mark.parametrize("pair", [("spear-rookie", "morning-star-brute"),
                                  ("war-hammer-giant", "dart-thrower"),
                                  ("hammer-rookie", "war-hammer-giant")])
def test_two_different_samples_duel_to_the_end(tables, pair):
    rules = BattleRules()
    setup = rules.make_setup({"sheets": list(pair)})
    session = Session(rules, setup, tables)
    state, dice = session.state, SeededDice(11)
    for _ in range(2000):
        if rules.is_over(state):
            break
        rules.apply(state, _next(rules, state), dice)
    assert rules.is_over(state)
    assert state.result is not None
    assert {state.result.winner, state.result.loser} == {"a", "b"}
