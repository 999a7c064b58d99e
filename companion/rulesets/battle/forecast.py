"""What an attack, a heal or a roll for a 6 is likely to do, in floats, for the computer
player (`ai`): the exact odds of `odds.attack_odds` carried on through the critical
tables, so that a critical counts by the damage its dice would roll, not as one number.

Every figure is memoised per `BattleTables`: a duel asks about the same few pools
turn after turn, and a bulk run (`duel.play_duel`) about the same ones duel after duel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.dice.odds.plain import dice_sum
from companion.dice.odds.pools import pool_successes
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.odds import attack_odds
from companion.rulesets.battle.table_models import WeaponEntry


@dataclass(frozen=True)
class Strike:
    """One attack's likely result: `damage` is each amount of damage that gets through
    (hits and criticals) with its chance; the rest of the chance does no harm. `whiff`
    is the chance the attacker whiffs (and loses his PARRY/DODGE dice for a turn),
    `stun` that a stun comes with the damage, `landed` that any damage gets through."""

    whiff: float
    damage: tuple[tuple[int, float], ...]
    stun: float
    critical: float

    @property
    def landed(self) -> float:
        return sum(p for _, p in self.damage)

    def at_least(self, amount: int) -> float:
        """The chance of `amount` damage or more (certain for 0 or less)."""
        if amount <= 0:
            return 1.0
        return sum(p for d, p in self.damage if d >= amount)


class Forecaster:
    """The memo of one BattleTables' figures."""

    def __init__(self, tables: BattleTables) -> None:
        self.tables = tables
        self._strikes: dict[tuple[Any, ...], Strike] = {}
        self._heals: dict[tuple[Any, ...], tuple[tuple[int, float], ...]] = {}
        # The computer player's own memo (`ai`): pool sizes by what they depend on, and
        # what a Strike takes off a gladiator at a given health.
        self.pools: dict[tuple[Any, ...], Any] = {}
        self.defences: dict[tuple[Any, ...], int] = {}
        self.losses: dict[tuple[int, int], float] = {}
        self.decisions: dict[tuple[Any, ...], Any] = {}
        dead = tables.dead_at()
        self.dead_at = dead
        # The highest health at death's door (-11): the second cliff of `standing`.
        self.door_at = next((h for h in range(-1, dead, -1)
                             if tables.health(h).stage == "deaths-door"), dead)

    def size(self) -> int:
        return (len(self._strikes) + len(self.pools) + len(self.defences)
                + len(self.losses) + len(self._heals) + len(self.decisions))

    def strike(self, weapon_class: str, weapon: WeaponEntry, attack_dice: int,
               defence_dice: int, *, max_sixes: int | None = None, cannot_whiff: bool = False,
               crit_extra_dice: int = 0) -> Strike:
        key = (weapon_class, weapon.damage_type, weapon.crit_bonus, attack_dice, defence_dice,
               max_sixes, cannot_whiff, crit_extra_dice)
        found = self._strikes.get(key)
        if found is None:
            found = self._strike(weapon_class, weapon, attack_dice, defence_dice, max_sixes,
                                 cannot_whiff, crit_extra_dice)
            self._strikes[key] = found
        return found

    def _strike(self, weapon_class: str, weapon: WeaponEntry, attack_dice: int,
                defence_dice: int, max_sixes: int | None, cannot_whiff: bool,
                extra: int) -> Strike:
        odds = attack_odds(self.tables, weapon_class, attack_dice, defence_dice,
                           max_sixes=max_sixes, cannot_whiff=cannot_whiff,
                           crit_extra_dice=extra)
        damage: dict[int, float] = {d: float(p) for d, p in odds.hit_by_damage.items() if p}
        stun = float(odds.stun_hit)
        for dice, chance in odds.critical_dice.items():
            summed = dice_sum(max(dice, 0), 6)
            whole = summed.ways
            for total, count in summed.table():
                p = float(chance) * count / whole
                score = total + weapon.crit_bonus
                entry = self.tables.crit(weapon.damage_type, score)
                amount = entry.damage_at(score)
                damage[amount] = damage.get(amount, 0.0) + p
                if entry.stun:
                    stun += p
        return Strike(float(odds.whiff), tuple(sorted(damage.items())), stun,
                      float(odds.critical))

    def heal(self, per_face: dict[int, int], dice: int) -> tuple[tuple[int, float], ...]:
        """Each amount `dice` heal dice heal, with its chance."""
        key = (tuple(sorted(per_face.items())), dice)
        found = self._heals.get(key)
        if found is None:
            dist = {0: 1.0}
            for _ in range(dice):
                step: dict[int, float] = {}
                for amount, p in dist.items():
                    for face in range(1, 7):
                        more = amount + per_face.get(face, 0)
                        step[more] = step.get(more, 0.0) + p / 6
                dist = step
            found = tuple(sorted(dist.items()))
            self._heals[key] = found
        return found


def sixes_at_least(dice: int, needed: int) -> float:
    """The chance `dice` d6 show `needed` 6s or more."""
    if needed <= 0:
        return 1.0
    if dice <= 0:
        return 0.0
    sixes = pool_successes(dice, 6, 6)
    return sum(sixes.ways_of(k) for k in range(needed, dice + 1)) / sixes.ways


# Figures kept past this many are begun afresh: a long bulk run of many sheets would
# otherwise keep every pool it ever met.
_MOST_KEPT = 400_000


def forecaster(tables: BattleTables) -> Forecaster:
    """The Forecaster of `tables`, kept with them: the same one while they are in use
    (begun afresh when it has grown past _MOST_KEPT figures)."""
    known = tables.derived.get("forecaster")
    if isinstance(known, Forecaster) and known.size() <= _MOST_KEPT:
        return known
    made = tables.derived["forecaster"] = Forecaster(tables)
    return made
