"""The exact odds of one Grimdark fight before the dice: each side's chance of a hit,
of a critical, of an inconclusive exchange, the whole spread of the damage each side
may take, and his chance of being defeated by it. Built from the same rules as
`fight`, counted as fractions, with the chance bonuses not yet rolled (Combat Focus,
Gambler, Huge) mixed in."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.fight import (
    Band,
    Keep,
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

Dist = dict[int, Fraction]  # a total and its chance; a part of a whole may sum below 1


@dataclass(frozen=True)
class SideOdds:
    hit: Fraction  # he wins by a hit short of a critical (a non-attack does no harm)
    critical: Fraction
    out_of_position: Fraction  # his non-attack won by a critical margin
    damage_taken: Dist  # damage he takes, 0 included; sums to 1
    # The part of `damage_taken` that comes with a gruesome demise (sums to its chance).
    demise_damage: Dist
    hit_taken: Fraction  # his opponent's attack wins, by a hit or a critical
    defeated_if_hit: bool  # his move defeats him if he is hit (Last Stand)
    defeated_at: int  # the HP at or below which he is defeated (grimdark-rules)

    @property
    def demise(self) -> Fraction:
        """His chance of a gruesome demise in this fight."""
        return sum(self.demise_damage.values(), Fraction(0))

    def defeat_chance(self, hp: int) -> Fraction:
        """His chance of being defeated by this fight alone, from `hp`: the damage
        takes him to the defeat line, a gruesome demise, or any hit while his move
        says a hit defeats him."""
        need = hp - self.defeated_at
        if need <= 0:
            return Fraction(1)
        if self.defeated_if_hit:
            return self.hit_taken
        reached = sum((p for d, p in self.damage_taken.items() if d >= need), Fraction(0))
        reached -= sum((p for d, p in self.demise_damage.items() if d >= need), Fraction(0))
        return reached + self.demise


@dataclass(frozen=True)
class FightOdds:
    sides: tuple[SideOdds, SideOdds]
    inconclusive: Fraction


def distribution(text: str, keep: Keep = "all") -> Dist:
    """Every total of a plain dice sum ("d4+5", "2d4", "0") and its chance; with keep
    "worse", the lowest die of "2d12" instead of the sum (High Stakes)."""
    dice, const = terms(text)
    if keep == "worse":
        return _worst_die(dice, const)
    out: Dist = {const: Fraction(1)}
    for count, sides in dice:
        for _ in range(count):
            out = _add(out, {face: Fraction(1, sides) for face in range(1, sides + 1)})
    return out


def _worst_die(dice: tuple[tuple[int, int], ...], const: int) -> Dist:
    (count, sides), = dice  # one kind of die, rolled `count` times

    def at_least(face: int) -> Fraction:
        return Fraction(sides - face + 1, sides) ** count

    return {face + const: at_least(face) - at_least(face + 1) for face in range(1, sides + 1)}


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


def _mass(dist: Dist) -> Fraction:
    return sum(dist.values(), Fraction(0))


def blow(data: GrimdarkData, me: Side, target: Side, advantage: int,
         critical: bool) -> tuple[Dist, Dist]:
    """The damage of a winning attack by this advantage, over all its remaining dice;
    and the part of it that comes with a gruesome demise."""
    weapon = me.armed
    die = damage_die(weapon, me, target, advantage)
    if not critical:
        if has_rule(me.move, "damage-only-on-critical"):
            return {0: Fraction(1)}, {}
        return _after(data, me, target, _map(distribution(die), lambda x: x + advantage),
                      critical), {}
    fixed = critical_base(data, advantage, weapon) + maximum(die) + sum(
        p.crit_bonus_damage for p in weapon.properties)
    severity = severity_of(data, advantage, weapon, me.cz_lead)
    total: Dist = {}
    demise: Dist = {}
    rows = data.crit_sides
    for roll in range(1, rows + 1):
        entry = data.crit(roll, severity)
        bonus = _map(distribution(entry.bonus_damage), lambda x: x + fixed)
        _mix(demise if entry.gruesome else total, bonus, Fraction(1, rows))
    return (_after(data, me, target, total, critical),
            _after(data, me, target, demise, critical) if demise else {})


def _after(data: GrimdarkData, me: Side, target: Side, total: Dist,
           critical: bool) -> Dist:
    """The move's extra damage and halving, then what the target turns aside, on a
    part of the blow's spread (its chance kept: the parts add up to the whole)."""
    move = me.move
    if isinstance(move.bonus_damage, str) and not move.weapon:  # else it is the weapon
        total = _add(total, distribution(move.bonus_damage))
    elif isinstance(move.bonus_damage, int) and move.bonus_damage:
        extra = move.bonus_damage
        total = _map(total, lambda x: x + extra)
    if move.half_damage:
        total = _map(total, lambda x: halve(data, x))
    if not critical and has_rule(target.move, "no-damage-from-non-critical-hits"):
        return {0: _mass(total)}
    deflect = None if critical else deflect_die(me, target)
    if deflect is not None:
        turned = distribution(deflect)[maximum(deflect)]
        mixed: Dist = {0: turned * _mass(total)}
        _mix(mixed, total, 1 - turned)
        total = mixed
    return _map(total, lambda x: max(0, x))


def power_distribution(data: GrimdarkData, me: Side, other: Side) -> Dist:
    """Every total of his power roll against the other side and its chance: his dice,
    the modifiers already known, and each chance bonus that may or may not come."""
    text, keep = power_dice(data, me)
    bonus = sum(m.amount for m in power_modifiers(data, me, other))
    out = _map(distribution(text, keep), lambda x: x + bonus)
    for chance in me.chances:
        out = _add(out, {0: 1 - chance.chance, chance.amount: chance.chance})
    return {x: p for x, p in out.items() if p}


def fight_odds(data: GrimdarkData, sides: tuple[Side, Side]) -> FightOdds:
    a, b = sides
    powers = [power_distribution(data, a, b), power_distribution(data, b, a)]
    # First the chance of each outcome of the power rolls: (winner, advantage, band).
    outcomes: dict[tuple[int, int, Band], Fraction] = defaultdict(Fraction)
    inconclusive = Fraction(0)
    for pa, p in powers[0].items():
        for pb, q in powers[1].items():
            diff = pa - pb
            winner = 0 if diff > 0 else 1
            band = band_of(data, abs(diff), sides[winner].armed)
            if band == "inconclusive":
                inconclusive += p * q
            else:
                outcomes[(winner, abs(diff), band)] += p * q
    hit = [Fraction(0), Fraction(0)]
    crit = [Fraction(0), Fraction(0)]
    out_of_position = [Fraction(0), Fraction(0)]
    hit_taken = [Fraction(0), Fraction(0)]
    taken: list[Dist] = [{}, {}]
    demise: list[Dist] = [{}, {}]
    for (winner, advantage, band), chance in outcomes.items():
        me, target = sides[winner], sides[1 - winner]
        (crit if band == "critical" else hit)[winner] += chance
        if me.attack is None:
            if band == "critical":
                out_of_position[winner] += chance
            continue
        hit_taken[1 - winner] += chance
        damage, gruesome = blow(data, me, target, advantage, band == "critical")
        _mix(taken[1 - winner], damage, chance)
        _mix(taken[1 - winner], gruesome, chance)
        _mix(demise[1 - winner], gruesome, chance)
    for index in (0, 1):  # whatever is left of the whole he takes no damage
        taken[index][0] = taken[index].get(0, Fraction(0)) + 1 - _mass(taken[index])
    defeated_at = data.figures.value("defeated-at-hp")
    return FightOdds(
        tuple(SideOdds(hit[i], crit[i], out_of_position[i], taken[i], demise[i],  # type: ignore[arg-type]
                       hit_taken[i], has_rule(sides[i].move, "defeated-if-hit"), defeated_at)
              for i in (0, 1)),
        inconclusive,
    )
