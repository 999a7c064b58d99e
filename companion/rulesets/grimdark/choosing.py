"""The computer's move for one gladiator: the coaching chooser (`coaching.choose_move`)
on the public summary, turned into a `turn` action's move with its reasons."""

from __future__ import annotations

from typing import Any

from companion.rulesets.grimdark.coaching import choose_move
from companion.rulesets.grimdark.state import Fighter, GrimdarkState
from companion.rulesets.grimdark.summary import summary


def choose_for(state: GrimdarkState, f: Fighter) -> dict[str, Any]:
    """His move by his coaching (the default coaching when he has none)."""
    choice = choose_move(summary(state), f.id, state.coaching.get(f.id), state.data)
    out: dict[str, Any] = {"move": choice.move, "why": list(choice.why)}
    if choice.target is not None:
        out["target"] = choice.target
    if choice.reach is not None:
        out["reach"] = choice.reach
    if choice.active_stat is not None:
        out["as"] = choice.active_stat
    return out
