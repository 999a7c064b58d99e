"""The actions of a Grimdark match as typed dicts, for the places that build them (the
computer player, the screen, the command line, the lab) to have their keys checked.
They are the plain JSON objects a session's journal records, exactly as before:
`{"type": "start"}`, then `{"type": "turn", "moves": {"a": {"move": ..., ...}}}`.
What comes from a file or the command line is checked by the rules themselves
(`rules.parse_action`, `legal.check_play`), not by these types."""

from __future__ import annotations

from typing import Literal, NotRequired, Required, TypedDict


class StartAction(TypedDict):
    """The match starts: HP, Init and the opening hands."""

    type: Literal["start"]


# One gladiator's move in a turn: the move's key; its target, when he has more than
# one to choose from; its reach, for a melee-or-ranged move; "as", the stat Basic
# Adjustment sets. "why", the coaching's reason codes, marks the coaching's choice: a
# move given without it is the GM's. ("as" is a keyword: hence the functional form.)
MoveGiven = TypedDict("MoveGiven", {
    "move": Required[str],
    "target": str,
    "reach": str,
    "as": str,
    "why": list[str],
}, total=False)


class TurnAction(TypedDict):
    """A whole turn: the moves given (by the GM, or the coaching's with their
    reasons); the coaching chooses those not given."""

    type: Literal["turn"]
    moves: NotRequired[dict[str, MoveGiven]]


GrimdarkAction = StartAction | TurnAction
