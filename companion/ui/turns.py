"""The turn a status bar names, in the numbering its game's log uses.

Each game's log heads a turn with its number ("Turn 3: Brutus", "-- turn 3: Aulus
(health 9) --", Grimdark's "Turn 3."), counted as the rules count the turns begun
(`Ruleset.due(...).turn`); the status bar takes the same number from the same place, so
that no screen numbers the turns its own way."""

from __future__ import annotations

from typing import Any

from companion.rulesets.base import Ruleset


def turn_part(ruleset: Ruleset[Any], state: Any) -> str:
    """"Turn 3  " before a status bar's hint while a turn is under way; nothing before
    the first turn or once the fight is over. A part of its own (parts are two spaces
    apart), which a short bar keeps to the last with F1 (`ui.app.fewer_parts`)."""
    due = ruleset.due(state)
    if due.turn <= 0 or due.step == "over":
        return ""
    return f"Turn {due.turn}  "
