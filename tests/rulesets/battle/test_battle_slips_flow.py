"""The flow of a duel: a stun for two rounds with focus barred in the first, and a
computer duel stopped at the turn limit it is given."""

from __future__ import annotations

from typing import Any

import pytest

from companion.dice.sources import ScriptedDice
from companion.rulesets.battle.duel import duel_setup, play_duel
from companion.rulesets.battle.rules import BattleRules
from companion.session.session import Session
from companion.tables.loader import load_tables

NOW = "2025-05-01T20:00:00"


@pytest.fixture(scope="module")
def rules() -> BattleRules:
    return BattleRules()


def gladiator(name: str, **skills: int) -> dict[str, Any]:
    return {"format": "companion-gladiator", "name": name, "development_points": 500,
            "skills": {"attack": 2, "health": 60, **skills}, "weapons": {"club": 2},
            "carried": {"club": 1}}


def test_two_rounds_stunned_and_no_focus_in_the_first(rules):
    session = Session(rules, {"a": gladiator("Aulus"), "b": gladiator("Brenna", focus=2),
                              "options": {"started": NOW}})
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    # Slashing 32: 33 damage, stunned two rounds, focus cannot help in the first.
    session.act({"type": "apply_entry", "who": "b", "table": "crit-slashing",
                 "keys": [32]}, ScriptedDice([]))
    brenna = session.state.fighters["b"]
    assert (brenna.stunned, brenna.stun_turns, brenna.no_focus_turns) == (True, 2, 1)
    session.act({"type": "wait"}, ScriptedDice([]))
    barred = session.act({"type": "focus"}, ScriptedDice([]))
    assert session.narrate(barred)[:2] == ["Brenna may not focus this turn.",
                                           "Brenna loses his turn and stays stunned."]
    assert (brenna.stunned, brenna.stun_turns, brenna.no_focus_turns) == (True, 1, 0)
    session.act({"type": "wait"}, ScriptedDice([]))
    failed = session.act({"type": "focus"}, ScriptedDice([1, 2]))
    assert "Brenna loses his turn; the stun ends." in session.narrate(failed)
    assert (brenna.stunned, brenna.stun_turns) == (False, 0)


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_a_computer_duel_stops_at_the_turn_limit_it_is_given(limit):
    big = {"format": "companion-gladiator", "name": "Big", "development_points": 500,
           "skills": {"attack": 2, "health": 100}}
    result = play_duel(duel_setup(big, {**big, "name": "Bigger"}), 1, load_tables(),
                       max_turns=limit)
    assert result["stalled"] and result["winner"] is None
    assert result["turns"] == limit + 1
