"""Computer-against-computer duels in bulk, straight on the engine: no session, no
journal, no copies of the state, dice without roll records.

`play_duel` is what the balance lab calls for each duel of a pairing; `duel_setup`
makes the setup of two sheets.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.dice.quick import QuickDice
from companion.rulesets.base import Event
from companion.rulesets.battle.ai import MAX_TURNS, decide
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.battle.state import BattleState
from companion.tables.loader import TableSet, load_tables

# A duel needs a time only for a fate roll's coma; a fixed one keeps a seeded duel the
# same whenever it is played.
DEFAULT_START = "2025-01-01T20:00:00+00:00"

# One instance for every duel of a process: it keeps the BattleTables it built for each
# TableSet, and the computer's memo of figures hangs on those (see `forecast`).
_RULES = BattleRules()


def duel_setup(a: Mapping[str, Any], b: Mapping[str, Any],
               started: str = DEFAULT_START) -> dict[str, Any]:
    """The setup of a duel between two sheets (JSON data, as in a sheet file)."""
    return {"a": dict(a), "b": dict(b), "options": {"started": started}}


def play_duel(setup: Mapping[str, Any] | BattleState, seed: int,
              tables: TableSet | None = None, *, max_turns: int = MAX_TURNS,
              events: list[Event] | None = None) -> dict[str, Any]:
    """Play one duel computer against computer, with dice seeded by `seed`.

    `setup` is a battle setup ({"a": SHEET, "b": SHEET, "options": {...}}, see
    `duel_setup`; without a start time one is given) or a fresh `BattleState` to play
    on in place; `tables` the TableSet to play with (the installed tables when None;
    a lab's override tables otherwise). The same setup, seed and tables play the same
    duel. What happened goes to `events` when given.

    Returns {"winner": "a" | "b" | None, "loser": side or None, "turns": turns begun,
    "actions": actions taken, "loser_died": bool, "how": how it ended ("killed",
    "quits", "falls unconscious", ...) or None, "stalled": bool}. A duel still going
    after `max_turns` turns (neither side can hurt the other) is stopped there as a
    draw: winner None, stalled True.
    """
    if isinstance(setup, BattleState):
        state = setup
    else:
        if not (setup.get("options") or {}).get("started"):
            setup = {**setup, "options": {**(setup.get("options") or {}),
                                          "started": DEFAULT_START}}
        state = _RULES.new_state(setup, tables if tables is not None else load_tables())
    dice: Any = QuickDice(random.Random(seed))
    actions = 0
    limit = min(max_turns, MAX_TURNS)
    while state.phase != "over" and state.turn_count <= limit:
        decision = decide(state)
        if decision is None:
            break
        found = _RULES.apply(state, decision.action, dice).events
        if events is not None:
            events += found
        actions += 1
    result = state.result
    return {
        "winner": result.winner if result else None,
        "loser": result.loser if result else None,
        "turns": state.turn_count,
        "actions": actions,
        "loser_died": bool(result and result.loser in result.dead),
        "how": result.how if result else None,
        "stalled": result is None,
    }
