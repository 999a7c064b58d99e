"""Finished bouts of the hex skirmish for the careers tests: the computer plays every
gladiator to the end on seeded dice."""

from __future__ import annotations

from typing import Any

from companion.dice.sources import SeededDice
from companion.rulesets.registry import get_ruleset
from companion.session.session import Session
from companion.tables.loader import load_tables


def gladiator(name: str | None, kind: str, skills: list[str] | None = None,
              **fields: Any) -> dict[str, Any]:
    """A gladiator of a scenario: named (a career) or not (a house extra)."""
    spec: dict[str, Any] = {"type": kind, "human": False, "skills": skills or [], **fields}
    if name is not None:
        spec["name"] = name
    return spec


def bout(gladiators: list[dict[str, Any]], seed: int, *, experience: bool = True,
         most: int = 2000) -> Session:
    """The bout of `gladiators`, each for himself, the computer playing all, to its end."""
    session = Session(get_ruleset("skirmish"),
                      {"gladiators": gladiators, "options": {"experience": experience}},
                      load_tables())
    rules = session.ruleset
    dice = SeededDice(seed)
    for _ in range(most):
        if rules.is_over(session.state):
            break
        action = rules.choose(session.state)
        if action is None:
            break
        session.act(action, dice)
    return session
