"""A chooser's lapses, counted from one turn: the public summary before it and the
turn's `choice` events. Issue 23 wants none of these from the computer:

- ineffective: he was Ineffective, held a card he could play that sets his active
  stat again (Brutal Bash, Stylish Strike, Basic Adjustment...) and played another;
- stuck: he held no card he could play and did not assess the situation (the move
  every hand holds that trades it for a new one).

Each is counted apart for a choice an explicit coaching rule made (a reason "rule:..."),
which the issue lets win over the score, and one the chooser's own score made. For
context: his turns counted, the Ineffective turns he held a way back, and the turns he
held two or more cards he could not play. A stunned gladiator chooses nothing and is
left out. Pure: plain data in, counts out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from operator import add
from typing import TYPE_CHECKING, Any, NamedTuple

from companion.rulesets.grimdark.events import MoveChosen

if TYPE_CHECKING:
    from companion.rulesets.base import Event
    from companion.rulesets.grimdark.data import GrimdarkData

NEW_HAND = "discard-hand-draw-three"  # the moves table's rule for a new hand


class Lapses(NamedTuple):
    turns: int = 0  # his turns with a choice of his own: standing, not stunned
    way_back: int = 0  # of them: Ineffective, holding a playable card that sets his stat
    ineffective_by_rule: int = 0
    ineffective_by_score: int = 0
    stuck_by_rule: int = 0
    stuck_by_score: int = 0
    unplayable_two: int = 0  # he held two or more cards he could not play

    def plus(self, other: Lapses) -> Lapses:
        return Lapses(*map(add, self, other))

    @property
    def ineffective(self) -> int:
        return self.ineffective_by_rule + self.ineffective_by_score

    @property
    def stuck(self) -> int:
        return self.stuck_by_rule + self.stuck_by_score


class LapseMoves(NamedTuple):
    """What the counting needs to know of the moves table, which the summary's hand
    does not say."""

    setters: frozenset[str]  # they set the active stat: a way back from Ineffective
    assess: frozenset[str]  # they trade the hand for a new one: Assess the Situation


def lapse_moves(data: GrimdarkData) -> LapseMoves:
    from companion.rulesets.grimdark.table_models import Rule

    return LapseMoves(
        frozenset(key for key, move in data.moves.items() if move.sets_active_stat),
        frozenset(key for key, move in data.moves.items()
                  if any(isinstance(e, Rule) and e.rule == NEW_HAND for e in move.effects)))


def turn_lapses(before: Mapping[str, Any], events: Iterable[Event],
                moves: LapseMoves) -> dict[str, Lapses]:
    """Each gladiator's lapses in the turn whose events these are, by his id; only
    those who chose a move appear."""
    choices = {e.who: e for e in events if isinstance(e, MoveChosen)}
    found: dict[str, Lapses] = {}
    for glad in before["gladiators"]:
        choice = choices.get(glad["id"])
        if choice is None or choice.move is None or _stunned(glad):
            continue
        found[glad["id"]] = lapses_of(glad, choice.move, choice.why, moves)
    return found


def lapses_of(glad: Mapping[str, Any], move: str, why: Iterable[str],
              moves: LapseMoves) -> Lapses:
    """One gladiator's turn: his summary before it, the move he played and why."""
    held = [card for card in glad.get("hand") or () if not card.get("always")]
    unplayable = sum(1 for card in held if not card.get("playable"))
    by_rule = any(str(code).startswith("rule:") for code in why)
    ways_back = {card.get("key") for card in held
                 if card.get("playable") and card.get("key") in moves.setters}
    way_back = glad.get("active_stat") == "ineffective" and bool(ways_back)
    missed_way_back = way_back and move not in ways_back
    stuck = unplayable == len(held) and move not in moves.assess
    return Lapses(
        turns=1, way_back=int(way_back),
        ineffective_by_rule=int(missed_way_back and by_rule),
        ineffective_by_score=int(missed_way_back and not by_rule),
        stuck_by_rule=int(stuck and by_rule), stuck_by_score=int(stuck and not by_rule),
        unplayable_two=int(unplayable >= 2))


def _stunned(glad: Mapping[str, Any]) -> bool:
    return any(c.get("key") == "stunned" for c in glad.get("conditions") or ())
