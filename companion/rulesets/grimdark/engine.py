"""Which engine adjudicates a match: a match's setup names it (`options.engine`), so
that a match replays with the rules and the computer player it was played with.

- Engine 2 (every new match) reads the seed as issue 23 does: the group bonus is the
  attackers', situational bonuses count only against a move's own target, Toxic
  defeats at once, a Natural Weapon is used when its die is larger; the computer
  chooses by the exact odds of each move ("odds").
- Engine 1 is every match saved before: no `engine` in its setup. It replays with the
  readings of its day held whatever the table says, and the computer chooses by the
  coaching's weights ("weights").

A gladiator's entry may name his chooser (`"chooser": "weights"`): the balance lab
sets the two against each other that way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import UserError

ENGINE = 2  # what every new match is adjudicated with
ENGINES = (1, 2)
CHOOSERS = ("odds", "weights")

# The readings engine 1 played with, held for its matches.
ENGINE_1_READINGS: Mapping[str, str] = {
    "extra-attacker-bonus-goes-to": "target",
    "situational-bonuses-against": "every opponent",
    "poison-defeat": "end of turn",
    "toxic-dose-on": "every hit",
    "face-off-binds": "its user's fights",
    "natural-weapon-use": "listed weapon first",
}


def engine_of(options: Mapping[str, Any]) -> int:
    """The engine a setup's options name; none named: engine 1, a match saved before
    engines were named."""
    engine = options.get("engine", 1)
    if isinstance(engine, bool) or engine not in ENGINES:
        raise UserError(f"options.engine: {ENGINES[0]} (matches saved before December "
                        f"2026) or {ENGINE}, not {engine!r}")
    return int(engine)


def chooser_of(entry: Mapping[str, Any], engine: int, where: str) -> str:
    """The chooser a gladiator's setup entry names, else the engine's own."""
    chooser = entry.get("chooser")
    if chooser is None:
        return "odds" if engine >= 2 else "weights"
    if chooser not in CHOOSERS:
        raise UserError(f"{where}.chooser: 'odds' (by the exact odds of each move) or "
                        f"'weights' (by the coaching's weights, as before December 2026), "
                        f"not {chooser!r}")
    return str(chooser)


def stamped(setup: Mapping[str, Any]) -> dict[str, Any]:
    """A new match's setup with the engine it is to be played with (a setup that names
    one keeps it)."""
    out = dict(setup)
    options = out.get("options")
    options = dict(options) if isinstance(options, Mapping) else {}
    options.setdefault("engine", ENGINE)
    out["options"] = options
    return out
