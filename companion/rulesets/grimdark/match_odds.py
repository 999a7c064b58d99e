"""The exact odds of a turn's moves before the dice: for each fight the turn would
make, each side's chance of a hit, of a critical, of leaving the other out of position,
the chance of an inconclusive exchange, and the spread of the damage each may take."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.dice.sources import DiceSource, RollRequest
from companion.rulesets.grimdark.odds import FightOdds, fight_odds
from companion.rulesets.grimdark.sides import Pairing, Rolled, build_side, pair_fights
from companion.rulesets.grimdark.state import GrimdarkState


class _NoDice(DiceSource):
    def _draw(self, request: RollRequest) -> Sequence[int]:
        raise AssertionError("the odds roll no dice")


@dataclass(frozen=True)
class FightChances:
    pairing: Pairing
    ids: tuple[str, str]
    odds: FightOdds
    hps: tuple[int, int]  # each side's HP as the fight begins

    def to_json(self) -> dict[str, Any]:
        sides: list[dict[str, Any]] = []
        for who, side in zip(self.ids, self.odds.sides, strict=True):
            sides.append({
                "id": who, "hit": float(side.hit), "critical": float(side.critical),
                "out_of_position": float(side.out_of_position),
                "defeat": float(side.defeat_chance(self.hps[len(sides)])),
                "damage_taken": {str(k): float(v) for k, v in sorted(side.damage_taken.items())},
            })
        return {**self.pairing.to_json(), "sides": sides,
                "inconclusive": float(self.odds.inconclusive)}


@dataclass(frozen=True)
class TurnOdds:
    fights: tuple[FightChances, ...]
    moves: dict[str, dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {"fights": [f.to_json() for f in self.fights], "moves": self.moves}


def turn_odds(state: GrimdarkState, action: Mapping[str, Any], chooser: Any) -> TurnOdds:
    from companion.rulesets.grimdark.harm import Ctx
    from companion.rulesets.grimdark.turn import _before, plays_of

    plays = plays_of(state, action, chooser)
    trial = copy.deepcopy(state)
    ctx = Ctx(trial, _NoDice())
    for p in sorted(plays.values(), key=lambda p: (-trial.fighter(p.who).init, p.who)):
        _before(ctx, trial.fighter(p.who), p)
    rolled = Rolled(known=False)
    fights = []
    for pairing in pair_fights(trial, plays):
        a, b = trial.fighter(pairing.first), trial.fighter(pairing.second)
        pa, pb = plays[a.id], plays[b.id]
        sides = (build_side(trial, a, pa, b, pb, rolled, pairing),
                 build_side(trial, b, pb, a, pa, rolled, pairing))
        fights.append(FightChances(pairing, (a.id, b.id), fight_odds(trial.data, sides),
                                    (a.hp, b.hp)))
    moves = {p.who: {"move": p.key, "target": p.target, "reach": p.reach,
                     "why": list(p.why), "by": p.by} for p in plays.values()}
    return TurnOdds(tuple(fights), moves)
