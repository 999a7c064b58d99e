"""The computer's move for one gladiator, by his chooser (`engine.py`): by the odds
(`choose_odds.choose_by_odds`, every new match's) or by the coaching's weights
(`choose.choose_move` on the public summary, the matches saved before), turned into a
`turn` action's move with its reasons."""

from __future__ import annotations

from companion.rulesets.grimdark.actions import MoveGiven
from companion.rulesets.grimdark.choose_odds import choose_by_odds
from companion.rulesets.grimdark.coaching import choose_move
from companion.rulesets.grimdark.state import Fighter, GrimdarkState
from companion.rulesets.grimdark.summary import summary


def choose_for(state: GrimdarkState, f: Fighter) -> MoveGiven:
    """His move by his coaching (the default coaching when he has none)."""
    if f.chooser == "weights":
        choice = choose_move(summary(state), f.id, state.coaching.get(f.id), state.data)
    else:
        choice = choose_by_odds(state, f)
    out: MoveGiven = {"move": choice.move, "why": list(choice.why)}
    if choice.target is not None:
        out["target"] = choice.target
    if choice.reach is not None:
        out["reach"] = choice.reach
    if choice.active_stat is not None:
        out["as"] = choice.active_stat
    return out
