"""The exact odds of one Grimdark fight, checked against counting every die face: the
fight itself is played out once for every sequence of faces its dice can show, each
weighted by its chance, and the tally must equal the odds to the last fraction."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from fractions import Fraction

import pytest

from companion.dice import DiceSource, RollRequest
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.fight import FightResult, Side, Weapon, resolve
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
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        faces, chance = stack.pop()
        try:
            yield resolve(DATA, sides, _Prefix(faces)), chance
        except _Unscripted as need:
            stack.extend(((*faces, face), chance / need.sides)
                         for face in range(1, need.sides + 1))


def counted(sides: tuple[Side, Side]) -> dict[str, object]:
    tally: dict[str, Fraction] = defaultdict(Fraction)
    taken: list[dict[int, Fraction]] = [defaultdict(Fraction), defaultdict(Fraction)]
    for result, chance in every_fight(sides):
        if result.winner is None:
            tally["inconclusive"] += chance
        else:
            what = "out of position" if result.out_of_position else result.band
            tally[f"{what} {result.winner}"] += chance
        for index in (0, 1):
            hurt = result.damage is not None and result.loser == index
            taken[index][result.damage.total if hurt and result.damage else 0] += chance
    return {**{k: v for k, v in tally.items() if v}, "taken": [dict(t) for t in taken]}


def reckoned(odds: FightOdds) -> dict[str, object]:
    tally: dict[str, Fraction] = {"inconclusive": odds.inconclusive}
    for index, side in enumerate(odds.sides):
        tally[f"hit {index}"] = side.hit
        tally[f"critical {index}"] = side.critical - side.out_of_position
        tally[f"out of position {index}"] = side.out_of_position
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
