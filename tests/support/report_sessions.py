"""The known sessions the report tests write: a skirmish bout, a battle duel, a
trackers session and a Grimdark match, each from a fixed setup and seed."""

from __future__ import annotations

import json
from typing import Any

from companion import paths
from companion.dice.sources import ScriptedDice, SeededDice, TypedDice
from companion.rulesets.base import Ruleset
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.grimdark.coaching import samples_dir as coaching_dir
from companion.rulesets.grimdark.rules import GrimdarkRules
from companion.rulesets.grimdark.sheet import samples_dir
from companion.rulesets.skirmish.rules import SkirmishRules
from companion.session.session import Session
from companion.tables.loader import load_tables

NOW = "2025-05-01T20:00:00"


def _played(rules: Ruleset[Any], setup: dict[str, Any], seed: int,
            most: int = 400) -> Session:
    return _played_on(Session(rules, setup, load_tables()), seed, most)


def _played_on(session: Session, seed: int, most: int) -> Session:
    """The computer plays both sides on, with dice seeded by `seed`, `most` actions at
    the most."""
    dice = SeededDice(seed)
    for _ in range(most):
        action = session.ruleset.choose(session.state)
        if action is None:
            break
        session.act(action, dice)
    return session


def skirmish(most: int = 400) -> Session:
    rules = SkirmishRules()
    setup = rules.make_setup({"gladiators": "samnite,retiarius"})
    session = Session(rules, setup, load_tables())
    session.act({"type": "start"}, SeededDice(3))
    return _played_on(session, 4, most)


def _sample(name: str) -> dict[str, Any]:
    return json.loads((paths.assets_dir() / "samples" / f"{name}.json").read_text("utf-8"))


def duel() -> Session:
    """Hammer Rookie against Spear Rookie to the end, on seeded dice."""
    rules = BattleRules()
    session = Session(rules, {"a": _sample("hammer-rookie"), "b": _sample("spear-rookie"),
                              "options": {"started": NOW}}, load_tables())
    dice = SeededDice(5)
    for _ in range(200):
        legal = rules.legal_actions(session.state)
        if not legal:
            break
        session.act(legal[0], dice)
    return session


def trackers() -> Session:
    """A paper game's two trackers: damage, luck and heal dice spent, a roll typed in."""
    rules = BattleRules()
    session = Session(rules, {"a": _sample("hammer-rookie"), "b": _sample("spear-rookie"),
                              "options": {"started": NOW}}, load_tables())
    for action in ({"type": "adjust_health", "who": "a", "op": "-4"},
                   {"type": "restore_luck", "who": "b", "n": 2},
                   {"type": "spend_luck", "who": "b", "n": 1},
                   {"type": "adjust_health", "who": "b", "op": "-7"},
                   {"type": "adjust_health", "who": "a", "op": "+1"}):
        session.act(action, ScriptedDice([]))
    session.act({"type": "initiative"}, TypedDice([6, 5, 1, 2]))
    return session


def _entry(name: str, team: str) -> dict[str, Any]:
    key = name.lower().replace(" ", "-")
    return {"sheet": json.loads((samples_dir() / f"{key}.json").read_text("utf-8")),
            "team": team,
            "coaching": json.loads((coaching_dir() / f"{key}.json").read_text("utf-8"))}


def grimdark(most: int = 400, seed: int = 7) -> Session:
    return _played(GrimdarkRules(), {"gladiators": [_entry("Lord Smash", "1"),
                                                    _entry("Sewer Beast", "2")],
                                     "options": {"started": NOW, "engine": 2}}, seed, most)


SESSIONS = {"skirmish": skirmish, "duel": duel, "trackers": trackers, "grimdark": grimdark}
