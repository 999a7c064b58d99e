"""The exact odds of one Grimdark fight before the dice: each side's chance of a hit,
of a critical, of an inconclusive exchange, the whole spread of the damage each side
may take, and his chance of being defeated by it. Built from the same rules as
`fight`, counted as fractions, with the chance bonuses not yet rolled (Combat Focus,
Gambler, Huge) mixed in. The computer player counts the same in floats (`exact=False`):
the same enumeration, some five times faster, rounded in the last digits."""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache

from companion.dice.odds.distribution import Distribution
from companion.dice.odds.plain import dice_sum
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.fight import (
    Band,
    Keep,
    Side,
    crit_threshold,
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

# A chance: a Fraction when exact, a float for the computer player's quick counts.
Num = Fraction | float
Dist = dict[int, Num]  # a total and its chance; a part of a whole may sum below 1


@dataclass(frozen=True)
class SideOdds:
    hit: Num  # he wins by a hit short of a critical (a non-attack does no harm)
    critical: Num
    out_of_position: Num  # his non-attack won by a critical margin
    damage_taken: Dist  # damage he takes, 0 included; sums to 1
    # The part of `damage_taken` that comes with a gruesome demise (sums to its chance).
    demise_damage: Dist
    hit_taken: Num  # his opponent's attack wins, by a hit or a critical
    defeated_if_hit: bool  # his move defeats him if he is hit (Last Stand)
    defeated_at: int  # the HP at or below which he is defeated (grimdark-rules)

    @cached_property
    def demise(self) -> Num:
        """His chance of a gruesome demise in this fight."""
        return _mass(self.demise_damage)

    def at_least(self, damage: int) -> Num:
        """His chance of taking `damage` or more in this fight."""
        return _tail(self._tails, damage)

    def defeat_chance(self, hp: int) -> Num:
        """His chance of being defeated by this fight alone, from `hp`: the damage
        takes him to the defeat line, a gruesome demise, or any hit while his move
        says a hit defeats him."""
        need = hp - self.defeated_at
        if need <= 0:
            return Fraction(1) if isinstance(self.hit_taken, Fraction) else 1.0
        if self.defeated_if_hit:
            return self.hit_taken
        return _tail(self._tails, need) - _tail(self._demise_tails, need) + self.demise

    @cached_property
    def _tails(self) -> tuple[list[int], list[Num]]:
        return _tails(self.damage_taken)

    @cached_property
    def _demise_tails(self) -> tuple[list[int], list[Num]]:
        return _tails(self.demise_damage)

    @cached_property
    def mean_damage(self) -> Num:
        """The damage he takes on average in this fight."""
        return _mass({d: d * p for d, p in self.damage_taken.items()})


def _tails(dist: Dist) -> tuple[list[int], list[Num]]:
    """The amounts in order and, for each, the chance of it or more."""
    amounts = sorted(dist)
    tails: list[Num] = []
    running: Num = 0
    for amount in reversed(amounts):
        running += dist[amount]
        tails.append(running)
    tails.reverse()
    return amounts, tails


def _tail(tails: tuple[list[int], list[Num]], least: int) -> Num:
    amounts, chances = tails
    at = bisect_left(amounts, least)
    return chances[at] if at < len(chances) else 0


@dataclass(frozen=True)
class FightOdds:
    sides: tuple[SideOdds, SideOdds]
    inconclusive: Num


def distribution(text: str, keep: Keep = "all", exact: bool = True) -> Dist:
    """Every total of a plain dice sum ("d4+5", "2d4", "0") and its chance; with keep
    "worse", the lowest die of "2d12" instead of the sum (High Stakes)."""
    return dict(_distribution(text, keep, exact))


# Kept per text: a fight asks for the same few dice again and again. Callers get a
# copy (`distribution`) or only read it.
@lru_cache(maxsize=512)
def _distribution(text: str, keep: Keep, exact: bool) -> Dist:
    dice, const = terms(text)
    if keep == "worse":
        return _worst_die(dice, const, Fraction(1) if exact else 1.0)
    # A plain sum is the dice package's one Distribution, counted in whole ways; the
    # fight's own chances below are parts of a whole (they sum below 1), so they are
    # kept as plain dicts, in floats for the computer player.
    summed = sum((dice_sum(count, sides) for count, sides in dice),
                 Distribution.constant(const))
    return {total: (Fraction(ways, summed.ways) if exact else ways / summed.ways)
            for total, ways in summed.table()}


def _worst_die(dice: tuple[tuple[int, int], ...], const: int, one: Num) -> Dist:
    (count, sides), = dice  # one kind of die, rolled `count` times

    def at_least(face: int) -> Num:
        return (one * (sides - face + 1) / sides) ** count

    return {face + const: at_least(face) - at_least(face + 1) for face in range(1, sides + 1)}


def _add(a: Dist, b: Dist) -> Dist:
    out: Dist = defaultdict(int)
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] += p * q
    return dict(out)


def _map(dist: Dist, how: Callable[[int], int]) -> Dist:
    out: Dist = defaultdict(int)
    for x, p in dist.items():
        out[how(x)] += p
    return dict(out)


def _mix(into: Dist, dist: Dist, weight: Num) -> None:
    for x, p in dist.items():
        into[x] = into.get(x, 0) + p * weight


def _mass(dist: Dist) -> Num:
    return sum(dist.values(), 0)


def blow(data: GrimdarkData, me: Side, target: Side, advantage: int,
         critical: bool, exact: bool = True) -> tuple[Dist, Dist]:
    """The damage of a winning attack by this advantage, over all its remaining dice;
    and the part of it that comes with a gruesome demise."""
    weapon = me.armed
    die = damage_die(weapon, me, target, advantage)
    if not critical:
        if has_rule(me.move, "damage-only-on-critical"):
            return {0: Fraction(1) if exact else 1.0}, {}
        return _after(data, me, target, _map(_distribution(die, "all", exact),
                                             lambda x: x + advantage), critical, exact), {}
    fixed = critical_base(data, advantage, weapon) + maximum(die) + sum(
        p.crit_bonus_damage for p in weapon.properties)
    severity = severity_of(data, advantage, weapon, me.cz_lead)
    total, demise = _crit_spread(data, severity, fixed, exact)
    return (_after(data, me, target, total, critical, exact),
            _after(data, me, target, demise, critical, exact) if demise else {})


@lru_cache(maxsize=256)
def _crit_spread(data: GrimdarkData, severity: int, fixed: int, exact: bool
                 ) -> tuple[Dist, Dist]:
    """A critical's damage before the move's part, over the table's rows: the whole,
    and the part that comes with a gruesome demise. Only read by its callers."""
    total: Dist = {}
    demise: Dist = {}
    rows = data.crit_sides
    row: Num = Fraction(1, rows) if exact else 1 / rows
    for roll in range(1, rows + 1):
        entry = data.crit(roll, severity)
        bonus = _map(_distribution(entry.bonus_damage, "all", exact), lambda x: x + fixed)
        _mix(demise if entry.gruesome else total, bonus, row)
    return total, demise


def _after(data: GrimdarkData, me: Side, target: Side, total: Dist,
           critical: bool, exact: bool = True) -> Dist:
    """The move's extra damage and halving, then what the target turns aside, on a
    part of the blow's spread (its chance kept: the parts add up to the whole)."""
    move = me.move
    if isinstance(move.bonus_damage, str) and not move.weapon:  # else it is the weapon
        total = _add(total, _distribution(move.bonus_damage, "all", exact))
    elif isinstance(move.bonus_damage, int) and move.bonus_damage:
        extra = move.bonus_damage
        total = _map(total, lambda x: x + extra)
    if move.half_damage:
        total = _map(total, lambda x: halve(data, x))
    if not critical and has_rule(target.move, "no-damage-from-non-critical-hits"):
        return {0: _mass(total)}
    deflect = None if critical else deflect_die(me, target)
    if deflect is not None:
        turned = _distribution(deflect, "all", exact)[maximum(deflect)]
        mixed: Dist = {0: turned * _mass(total)}
        _mix(mixed, total, 1 - turned)
        total = mixed
    return _map(total, lambda x: max(0, x))


def power_distribution(data: GrimdarkData, me: Side, other: Side,
                       exact: bool = True) -> Dist:
    """Every total of his power roll against the other side and its chance: his dice,
    the modifiers already known, and each chance bonus that may or may not come."""
    text, keep = power_dice(data, me)
    bonus = sum(m.amount for m in power_modifiers(data, me, other))
    out = _map(_distribution(text, keep, exact), lambda x: x + bonus)
    for chance in me.chances:
        came: Num = chance.chance if exact else float(chance.chance)
        out = _add(out, {0: 1 - came, chance.amount: came})
    return {x: p for x, p in out.items() if p}


def fight_odds(data: GrimdarkData, sides: tuple[Side, Side], exact: bool = True) -> FightOdds:
    """The odds of the fight; `exact=False` counts them in floats (the computer
    player's quick counts)."""
    a, b = sides
    powers = [power_distribution(data, a, b, exact), power_distribution(data, b, a, exact)]
    # First the chance of each outcome of the power rolls: (winner, advantage, band).
    outcomes: dict[tuple[int, int, Band], Num] = defaultdict(int)
    inconclusive: Num = Fraction(0) if exact else 0.0
    diffs: Dist = defaultdict(int)
    for pa, p in powers[0].items():
        for pb, q in powers[1].items():
            diffs[pa - pb] += p * q
    # As `fight.band_of` has it, each side's threshold read once.
    tie = data.figures.value("tie-band")
    limits = (crit_threshold(data, a.armed), crit_threshold(data, b.armed))
    for diff, chance in diffs.items():
        winner, advantage = (0, diff) if diff > 0 else (1, -diff)
        if advantage < tie:
            inconclusive += chance
            continue
        band: Band = "critical" if advantage >= limits[winner] else "hit"
        outcomes[(winner, advantage, band)] += chance
    zero: Num = Fraction(0) if exact else 0.0
    hit = [zero, zero]
    crit = [zero, zero]
    out_of_position = [zero, zero]
    hit_taken = [zero, zero]
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
        damage, gruesome = blow(data, me, target, advantage, band == "critical", exact)
        _mix(taken[1 - winner], damage, chance)
        _mix(taken[1 - winner], gruesome, chance)
        _mix(demise[1 - winner], gruesome, chance)
    for index in (0, 1):  # whatever is left of the whole he takes no damage
        taken[index][0] = taken[index].get(0, zero) + 1 - _mass(taken[index])
    defeated_at = data.figures.value("defeated-at-hp")
    return FightOdds(
        tuple(SideOdds(hit[i], crit[i], out_of_position[i], taken[i], demise[i],  # type: ignore[arg-type]
                       hit_taken[i], has_rule(sides[i].move, "defeated-if-hit"), defeated_at)
              for i in (0, 1)),
        inconclusive,
    )
