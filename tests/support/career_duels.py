"""Finished duels of the battle system for the careers tests: the computer plays both
sides to the end on seeded dice, each action dated as the command line dates it."""

from __future__ import annotations

import json
from typing import Any

from companion import paths
from companion.dice.sources import SeededDice
from companion.rulesets.battle.rules import BattleRules
from companion.session.session import Session
from companion.tables.loader import load_tables

NOW = "2025-05-01T20:00:00"

# Seeds whose duel ends in a way a test needs (found by playing them: the computer's
# choices and the dice are fixed by the seed).
ROOKIES_SPEAR_WINS = 5  # Spear Rookie beats Hammer Rookie; no scar, no death
BRENNA_SCARRED = 4  # Brenna beats Varro and takes a scar
VARRO_DIES = 42  # Brenna kills Varro at death's door


def sample(name: str) -> dict[str, Any]:
    return json.loads((paths.assets_dir() / "samples" / f"{name}.json").read_text("utf-8"))


def fighter(name: str, weapon: str, **fields: Any) -> dict[str, Any]:
    """A veteran's sheet: ATTACK 6 with his weapon, HEALTH 20, points to spare."""
    return {"format": "companion-gladiator", "name": name, "development_points": 500,
            "skills": {"attack": 6, "health": 20, "parry-dodge": 2},
            "weapons": {weapon: 6}, "carried": {weapon: 1}, **fields}


def brenna(**fields: Any) -> dict[str, Any]:
    return fighter("Brenna", "club", **fields)


def varro(**fields: Any) -> dict[str, Any]:
    return fighter("Varro", "hammer", **fields)


def played(a: dict[str, Any], b: dict[str, Any], seed: int, most: int = 400) -> Session:
    """The duel of `a` and `b`, the computer playing both, to its end."""
    rules = BattleRules()
    session = Session(rules, {"a": a, "b": b, "options": {"started": NOW}}, load_tables())
    dice = SeededDice(seed)
    for _ in range(most):
        action = rules.choose(session.state)
        if action is None:
            break
        session.act(rules.stamp(action, NOW), dice)
    return session


def rookies() -> Session:
    return played(sample("hammer-rookie"), sample("spear-rookie"), ROOKIES_SPEAR_WINS)
