"""The exact odds of one Grimdark fight before the dice: each side's chance of a hit,
of a critical, of an inconclusive exchange, and the whole spread of the damage each
side may take. Built from the same rules as `fight`, counted as fractions."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.fight import (
    Side,
    band_of,
    critical_base,
    damage_die,
    deflect_die,
    halve,
    has_rule,
    maximum,
    power_dice,
    power_modifiers,
    severity_of,
    terms,
)

Dist = dict[int, Fraction]


@dataclass(frozen=True)
class SideOdds:
    hit: Fraction  # he wins by a hit short of a critical (a non-attack does no harm)
    critical: Fraction
    out_of_position: Fraction  # his non-attack won by a critical margin
    damage_taken: Dist  # damage he takes, 0 included


@dataclass(frozen=True)
class FightOdds:
    sides: tuple[SideOdds, SideOdds]
    inconclusive: Fraction


def distribution(text: str) -> Dist:
    """Every total of a plain dice sum ("d4+5", "2d4", "0") and its chance."""
    dice, const = terms(text)
    out: Dist = {const: Fraction(1)}
    for count, sides in dice:
        for _ in range(count):
            out = _add(out, {face: Fraction(1, sides) for face in range(1, sides + 1)})
    return out


def _add(a: Dist, b: Dist) -> Dist:
    out: Dist = defaultdict(Fraction)
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] += p * q
    return dict(out)


def _map(dist: Dist, how: Callable[[int], int]) -> Dist:
    out: Dist = defaultdict(Fraction)
    for x, p in dist.items():
        out[how(x)] += p
    return dict(out)


def _mix(into: Dist, dist: Dist, weight: Fraction) -> None:
    for x, p in dist.items():
        into[x] = into.get(x, Fraction(0)) + p * weight


def blow(data: GrimdarkData, me: Side, target: Side, advantage: int, critical: bool) -> Dist:
    """The damage of a winning attack by this advantage, over all its remaining dice."""
    weapon = me.armed
    die = damage_die(weapon, me, target, advantage)
    if not critical:
        if has_rule(me.move, "damage-only-on-critical"):
            return {0: Fraction(1)}
        total = _map(distribution(die), lambda x: x + advantage)
    else:
        fixed = critical_base(data, advantage, weapon) + maximum(die) + sum(
            p.crit_bonus_damage for p in weapon.properties)
        severity = severity_of(data, advantage, weapon, me.cz_lead)
        total = {}
        rows = data.crit_sides
        for roll in range(1, rows + 1):
            bonus = distribution(data.crit(roll, severity).bonus_damage)
            _mix(total, _map(bonus, lambda x: x + fixed), Fraction(1, rows))
    move = me.move
    if isinstance(move.bonus_damage, str) and not move.weapon:  # else it is the weapon
        total = _add(total, distribution(move.bonus_damage))
    elif isinstance(move.bonus_damage, int) and move.bonus_damage:
        extra = move.bonus_damage
        total = _map(total, lambda x: x + extra)
    if move.half_damage:
        total = _map(total, lambda x: halve(data, x))
    if not critical and has_rule(target.move, "no-damage-from-non-critical-hits"):
        return {0: Fraction(1)}
    deflect = None if critical else deflect_die(me, target)
    if deflect is not None:
        turned = distribution(deflect)[maximum(deflect)]
        mixed: Dist = {0: turned}
        _mix(mixed, total, 1 - turned)
        total = mixed
    return _map(total, lambda x: max(0, x))


def _power(data: GrimdarkData, me: Side, other: Side) -> Dist:
    bonus = sum(m.amount for m in power_modifiers(data, me, other))
    return _map(distribution(power_dice(me.weapon)), lambda x: x + bonus)


def fight_odds(data: GrimdarkData, sides: tuple[Side, Side]) -> FightOdds:
    a, b = sides
    powers = [_power(data, a, b), _power(data, b, a)]
    hit = [Fraction(0), Fraction(0)]
    crit = [Fraction(0), Fraction(0)]
    out_of_position = [Fraction(0), Fraction(0)]
    taken: list[Dist] = [{}, {}]
    inconclusive = Fraction(0)
    blows: dict[tuple[int, int, bool], Dist] = {}
    for pa, p in powers[0].items():
        for pb, q in powers[1].items():
            chance = p * q
            diff = pa - pb
            winner = 0 if diff > 0 else 1
            me, target = sides[winner], sides[1 - winner]
            band = band_of(data, abs(diff), me.armed)
            if band == "inconclusive":
                inconclusive += chance
                _mix(taken[0], {0: Fraction(1)}, chance)
                _mix(taken[1], {0: Fraction(1)}, chance)
                continue
            if band == "critical":
                crit[winner] += chance
            else:
                hit[winner] += chance
            _mix(taken[winner], {0: Fraction(1)}, chance)
            if me.attack is None:
                if band == "critical":
                    out_of_position[winner] += chance
                _mix(taken[1 - winner], {0: Fraction(1)}, chance)
                continue
            key = (winner, abs(diff), band == "critical")
            if key not in blows:
                blows[key] = blow(data, me, target, abs(diff), band == "critical")
            _mix(taken[1 - winner], blows[key], chance)
    return FightOdds(
        tuple(SideOdds(hit[i], crit[i], out_of_position[i], taken[i])  # type: ignore[arg-type]
              for i in (0, 1)),
        inconclusive,
    )
