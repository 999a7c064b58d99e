"""The exact odds of one Grimdark fight, checked against counting every die face: the
fight itself is played out once for every sequence of faces its dice can show, each
weighted by its chance, and the tally must equal the odds to the last fraction."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import product

import pytest

from companion.dice.sources import DiceSource, RollRequest
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.fight import (
    ChanceBonus,
    FightResult,
    Side,
    Weapon,
    chances_of,
    resolve,
)
from companion.rulesets.grimdark.odds import FightOdds, distribution, fight_odds
from companion.tables.loader import load_tables

DATA = GrimdarkData.load(load_tables(include_user=False))


class _Unscripted(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _Prefix(DiceSource):
    """Shows the faces given, then stops to say which die comes next."""

    def __init__(self, faces: Sequence[int]) -> None:
        super().__init__()
        self._faces = list(faces)

    def _draw(self, request: RollRequest) -> Sequence[int]:
        out = []
        for _ in range(request.count):
            if not self._faces:
                raise _Unscripted(request.sides)
            out.append(self._faces.pop(0))
        return out


def every_fight(sides: tuple[Side, Side]) -> Iterator[tuple[FightResult, Fraction]]:
    """Every way the fight can go: each chance bonus that came or did not, as the
    engine passes it, then every sequence of faces."""
    for rolled, weight in every_chance(sides):
        stack: list[tuple[tuple[int, ...], Fraction]] = [((), weight)]
        while stack:
            faces, chance = stack.pop()
            try:
                yield resolve(DATA, rolled, _Prefix(faces)), chance
            except _Unscripted as need:
                stack.extend(((*faces, face), chance / need.sides)
                             for face in range(1, need.sides + 1))


def every_chance(sides: tuple[Side, Side]) -> Iterator[tuple[tuple[Side, Side], Fraction]]:
    both = [*sides[0].chances, *sides[1].chances]
    for came in product((False, True), repeat=len(both)):
        weight = Fraction(1)
        for bonus, won in zip(both, came, strict=True):
            weight *= bonus.chance if won else 1 - bonus.chance
        if not weight:
            continue
        split = len(sides[0].chances)
        yield (_rolled(sides[0], both[:split], came[:split]),
               _rolled(sides[1], both[split:], came[split:])), weight


def _rolled(side: Side, chances: list[ChanceBonus], came: Sequence[bool]) -> Side:
    won = tuple(c.modifier() for c, w in zip(chances, came, strict=True) if w)
    return side._replace(chances=(), extra=side.extra + won)


HPS = (1, 5, 9, 14, 20, 30)  # the HP he might have left when the fight is fought


def counted(sides: tuple[Side, Side]) -> dict[str, object]:
    tally: dict[str, Fraction] = defaultdict(Fraction)
    taken: list[dict[int, Fraction]] = [defaultdict(Fraction), defaultdict(Fraction)]
    defeated_at = DATA.figures.value("defeated-at-hp")
    for result, chance in every_fight(sides):
        if result.winner is None:
            tally["inconclusive"] += chance
        else:
            what = "out of position" if result.out_of_position else result.band
            tally[f"{what} {result.winner}"] += chance
        for index in (0, 1):
            # the winner's attack lands on him (a non-attack's win carries no damage)
            hurt = result.damage is not None and result.loser == index
            damage = result.damage.total if hurt and result.damage else 0
            taken[index][damage] += chance
            demise = hurt and result.crit is not None and result.crit.gruesome
            if demise:
                tally[f"demise {index}"] += chance
            last_stand = any(getattr(e, "rule", "") == "defeated-if-hit"
                             for e in sides[index].move.effects)
            for hp in HPS:
                if hp - damage <= defeated_at or demise or (hurt and last_stand):
                    tally[f"defeat {index} at {hp}"] += chance
    return {**{k: v for k, v in tally.items() if v}, "taken": [dict(t) for t in taken]}


def reckoned(odds: FightOdds) -> dict[str, object]:
    tally: dict[str, Fraction] = {"inconclusive": odds.inconclusive}
    for index, side in enumerate(odds.sides):
        tally[f"hit {index}"] = side.hit
        tally[f"critical {index}"] = side.critical - side.out_of_position
        tally[f"out of position {index}"] = side.out_of_position
        tally[f"demise {index}"] = side.demise
        for hp in HPS:
            tally[f"defeat {index} at {hp}"] = side.defeat_chance(hp)
    taken = [{k: v for k, v in side.damage_taken.items() if v} for side in odds.sides]
    return {**{k: v for k, v in tally.items() if v}, "taken": taken}


def move(name: str):  # type: ignore[no-untyped-def]
    found = DATA.move_named(name)
    assert found is not None
    return found


def weapon(die: str, *props: str, element: str | None = None) -> Weapon:
    found = [DATA.property_named(p) for p in props]
    assert all(found)
    return Weapon(die, tuple(p for p in found if p), element)


def focus(level: int) -> tuple[ChanceBonus, ...]:
    return chances_of(DATA, {"combat-focus": level}, False, False)


MATCHUPS = {
    "an axe against a sword": (
        Side(move("Basic Melee"), 4, weapon("d6")), Side(move("Basic Melee"), 3, weapon("d2"))),
    "paired blades against a deadly axe": (
        Side(move("Basic Melee"), 3, weapon("d2", "Paired")),
        Side(move("Powerful Attack"), 5, weapon("d6", "Deadly"))),
    "a fireball against an elemental blade": (
        Side(move("Fireball"), 4, weapon("0")),
        Side(move("Basic Melee"), 2, weapon("d2", "Elemental", element="ice"))),
    "three on one against an out-of-position target": (
        Side(move("Basic Disarm"), 2, weapon("d6", "Crushing"), gang=2),
        Side(move("Basic Melee"), 6, weapon("d2"), gang=2, targeted=True,
             opponent_out_of_position=True)),
    "assessing the situation against a ranged attack": (
        Side(move("Assess the Situation"), 6, weapon("d2", "Paired")),
        Side(move("Basic Ranged"), 3, weapon("d4", "Quickshot"))),
    "a shot at a deflecting blade": (
        Side(move("Basic Ranged"), 5, weapon("d4")),
        Side(move("Basic Melee"), 4, weapon("d2", "Deflecting"))),
    "a blow at a magic shield": (
        Side(move("Basic Melee"), 5, weapon("d6", "Unsafe")),
        Side(move("Magic Shield"), 3, weapon("d2"))),
    "combat focus 6 against a gambler": (
        Side(move("Basic Melee"), 4, weapon("d6"), chances=focus(6)),
        Side(move("Powerful Attack"), 4, weapon("d2"),
             chances=chances_of(DATA, {"gambler": 1}, False, False))),
    "a huge beast against a focused gladiator": (
        Side(move("Basic Melee"), 5, weapon("d6", "Crushing"), huge=True,
             chances=chances_of(DATA, {}, False, True)),
        Side(move("Basic Melee"), 3, weapon("d2", "Deadly"), chances=focus(3))),
    "high stakes against paired blades": (
        Side(move("High Stakes"), 4, weapon("d4")),
        Side(move("Basic Melee"), 3, weapon("d2", "Paired"))),
    "high stakes with paired blades in hand against a deflecting blade": (
        Side(move("High Stakes"), 4, weapon("d2", "Paired")),
        Side(move("Basic Melee"), 4, weapon("d2", "Deflecting"))),
    "crowd favorite at a CZ gap of 4 against a deadly axe": (
        Side(move("Crowd Favorite"), 4, weapon("d6"), cz=5),
        Side(move("Basic Melee"), 4, weapon("d6", "Deadly"), cz=1, chances=focus(1))),
    "the target of three with combat focus, against a huge attacker": (
        Side(move("Basic Melee"), 3, weapon("d6"), gang=2, targeted=True, chances=focus(2)),
        Side(move("Basic Melee"), 4, weapon("d2"), gang=2, huge=True,
             chances=chances_of(DATA, {"huge": 1}, False, True))),
    "the target of two, timing is everything against twirling scarves": (
        Side(move("Timing is Everything"), 4, weapon("d6"), init=8, active_stat="brutality",
             gang=1, targeted=True),
        Side(move("Twirling Scarves"), 4, weapon("d2"), init=10, active_stat="brutality",
             gang=1)),
    "a last stand against a deadly critical": (
        Side(move("Last Stand"), 2, weapon("d6")),
        Side(move("Basic Melee"), 7, weapon("d6", "Deadly"), chances=focus(8))),
}


@pytest.mark.parametrize("name", MATCHUPS)
def test_the_odds_are_exactly_what_every_die_face_gives(name: str) -> None:
    sides = MATCHUPS[name]
    assert reckoned(fight_odds(DATA, sides)) == counted(sides)


def test_a_defence_that_would_have_been_a_critical_leaves_him_out_of_position() -> None:
    odds = fight_odds(DATA, MATCHUPS["assessing the situation against a ranged attack"])
    assessing, shooter = odds.sides
    assert assessing.out_of_position == assessing.critical > 0
    assert shooter.damage_taken == {0: 1}


def test_each_sides_damage_spread_is_a_whole_chance() -> None:
    odds = fight_odds(DATA, MATCHUPS["paired blades against a deadly axe"])
    for side in odds.sides:
        assert sum(side.damage_taken.values()) == 1
    total = odds.inconclusive + sum(s.hit + s.critical for s in odds.sides)
    assert total == 1


def test_two_equal_gladiators_tie_within_the_band_11_times_in_32() -> None:
    # a d8 against a d8 differs by 0 or 1 in 8 + 14 of the 64 pairs
    equal = Side(move("Basic Melee"), 3, weapon("d2"))
    odds = fight_odds(DATA, (equal, equal))
    assert odds.inconclusive == Fraction(22, 64)
    assert odds.sides[0].hit == odds.sides[1].hit


def test_2d4_is_a_triangle_from_2_to_8() -> None:
    assert distribution("2d4") == {
        2: Fraction(1, 16), 3: Fraction(2, 16), 4: Fraction(3, 16), 5: Fraction(4, 16),
        6: Fraction(3, 16), 7: Fraction(2, 16), 8: Fraction(1, 16)}


def test_the_worse_of_two_d12_shows_1_twenty_three_times_in_144() -> None:
    worse = distribution("2d12", "worse")
    assert worse[1] == Fraction(23, 144) and worse[12] == Fraction(1, 144)
    assert sum(worse.values()) == 1


def test_combat_focus_8_is_a_certain_1() -> None:
    sure = Side(move("Basic Melee"), 3, weapon("d2"), chances=focus(8))
    plain = Side(move("Basic Melee"), 4, weapon("d2"))
    other = Side(move("Basic Melee"), 3, weapon("d6"))
    assert fight_odds(DATA, (sure, other)) == fight_odds(DATA, (plain, other))


def test_a_chance_bonus_shifts_the_odds_his_way() -> None:
    other = Side(move("Basic Melee"), 3, weapon("d2"))
    hoping = Side(move("Basic Melee"), 3, weapon("d2"), chances=focus(4))
    even = fight_odds(DATA, (other, other))
    odds = fight_odds(DATA, (hoping, other))
    assert odds.sides[0].hit + odds.sides[0].critical > even.sides[0].hit + even.sides[0].critical


def test_from_1_hp_any_damage_defeats_him_and_at_0_he_is_already_down() -> None:
    odds = fight_odds(DATA, MATCHUPS["an axe against a sword"])
    sword = odds.sides[1]
    assert sword.defeat_chance(1) == 1 - sword.damage_taken[0]
    assert sword.defeat_chance(0) == 1


def test_a_last_stand_falls_to_any_hit_whatever_his_hp() -> None:
    odds = fight_odds(DATA, MATCHUPS["a last stand against a deadly critical"])
    stand = odds.sides[0]
    assert stand.defeat_chance(40) == stand.hit_taken == odds.sides[1].hit + odds.sides[1].critical


def test_a_gruesome_demise_defeats_him_however_many_hp_he_has() -> None:
    odds = fight_odds(DATA, MATCHUPS["high stakes against paired blades"])
    paired = odds.sides[1]
    assert paired.demise > 0 and paired.defeat_chance(500) == paired.demise
