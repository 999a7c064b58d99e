"""The exact odds of every kind of dice the notation reads, checked against counting
every way the dice can fall: each face of each die drawn, rerolls and explosions too."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

import pytest

from companion.dice import groups
from companion.dice.notation import limits
from companion.dice.notation.parse import parse
from companion.dice.notation.reader import NotationError
from companion.dice.notation.roll import evaluate
from companion.dice.odds.expression import distribution
from companion.dice.odds.size import OddsTooBig, check_size
from companion.dice.sources import DiceSource, RollRequest, SeededDice


class _NeedsAnotherDie(Exception):
    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class _Prefix(DiceSource):
    """The faces of one way the dice fall, so far: asking for more says so."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        super().__init__()
        self.faces = faces
        self.used = 0

    def _draw(self, request: RollRequest) -> Sequence[int]:
        stop = self.used + request.count
        if stop > len(self.faces):
            raise _NeedsAnotherDie(request.sides)
        drawn = self.faces[self.used:stop]
        self.used = stop
        return drawn


def every_way(text: str) -> dict[int, Fraction]:
    """Roll `text` once for each way its dice can fall, one die at a time, each face
    of a d`n` one chance in n: the chance of each total, by counting."""
    expr = parse(text)
    chances: dict[int, Fraction] = {}
    todo: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while todo:
        faces, chance = todo.pop()
        try:
            total = evaluate(expr, _Prefix(faces)).total
        except _NeedsAnotherDie as need:
            todo.extend(((*faces, face), chance / need.sides)
                        for face in range(1, need.sides + 1))
            continue
        chances[total] = chances.get(total, Fraction(0)) + chance
    return chances


@pytest.mark.parametrize("text", [
    "4d6kh3", "2d20kl1", "2d20kh1", "2d6ro<3", "1d6e6", "d6!", "2d6mi2", "3d6ma4",
    "(1d4+1)*2", "7//2", "-7//2", "7/2", "-7/2", "7%2", "-7%2", "d%", "d20/3",
    "2d6rr1", "4d6pl1", "3d6kh1kl1", "4d6k>4", "4d6p<3", "3d6k5", "2d4ra4", "2d6pl3",
    "3d4kh2ra1", "3d6ro1kh2", "d6mi3e6", "4d6kh3>=4", "2d6*d4", "d20//(d4+1)",
    "(2d6)%4", "2d6-1d4*2", "3d6kh2kl1", "3d6kh7", "-d6//2", "-(1d4+1)*2", "-2d4%3+d4",
])
def test_the_odds_are_those_of_every_way_the_dice_fall(text: str) -> None:
    assert dict(distribution(text)) == every_way(text)


@pytest.mark.parametrize(
    "text", ["3d6rr1", "3d6!", "2d6e>4", "3d6e6>=5", "2d6rr<2ro6", "3d4rr<2kh2"])
def test_with_the_caps_lowered_longer_chains_still_match(
        text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # At the real caps these have tens of thousands of ways to fall: counting them one
    # by one takes a minute. The caps are the only difference.
    for module in (limits, groups):
        monkeypatch.setattr(module, "MAX_REROLLS", 2)
        monkeypatch.setattr(module, "MAX_EXPLOSIONS", 2)
    assert dict(distribution(text)) == every_way(text)


def test_four_d6_keep_the_highest_three_is_the_classic_curve() -> None:
    odds = distribution("4d6kh3")
    assert odds[18] == Fraction(21, 1296)
    assert odds[3] == Fraction(1, 1296)


def test_an_exploding_d6_stops_at_the_cap() -> None:
    odds = distribution("1d6e6")
    assert max(odds) == 6 * limits.MAX_EXPLOSIONS + 6
    assert odds[max(odds)] == Fraction(1, 6 ** (limits.MAX_EXPLOSIONS + 1))


@pytest.mark.parametrize(("text", "total"), [
    ("7/2", 3), ("-7/2", -3), ("7//2", 3), ("-7//2", -4), ("7%2", 1), ("-7%2", 1),
    ("(-7)//2", -4), ("-7*2+1", -13), ("1-7//2", -2), ("-(7//2)", -3),
])
def test_a_leading_minus_belongs_to_the_first_factor_as_in_d20(text: str,
                                                               total: int) -> None:
    expr = parse(text)
    assert evaluate(expr, SeededDice(1)).total == total
    assert dict(distribution(expr)) == {total: 1}
    assert parse(str(expr)) == expr


def test_d_percent_is_a_hundred_sided_die() -> None:
    assert dict(distribution("d%")) == dict(distribution("d100"))
    assert str(parse("d%")) == "1d100"


@pytest.mark.parametrize(("text", "column", "words"), [
    ("d6/0", 4, "division by zero after '/' at column 4"),
    ("d6//(d4-1)", 5, "a divisor that could be 0 is refused"),
    ("d6%(2-2)", 4, "the divisor is 0"),
    ("4d6kh0", 4, "it keeps no dice"),
    ("2d6rr<7", 4, "it rerolls every face of a d6"),
    ("d6e>0", 3, "every face of a d6 explodes"),
    ("d6mi7", 3, "a d6 shows 1 to 6"),
    ("2d", 3, "expected a die size after 'd' at column 3"),
    ("4d6e6kh3", 6, "choose first"),
])
def test_impossible_expressions_are_refused_with_their_column(
        text: str, column: int, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert caught.value.column == column
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def _operated(rng: random.Random) -> str:
    sides = rng.choice([2, 3, 4, 6, 8, 10, 12, 20, 100])
    text = f"{rng.choice(['', '1', '2', '3', '4', '6', '10'])}d{sides}"
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        name = rng.choice(["k", "p", "rr", "ro", "ra", "e", "!", "mi", "ma"])
        if name == "!":
            text += "!"
        elif name in ("mi", "ma"):
            text += f"{name}{rng.randint(1, sides)}"
        else:
            kinds = ["", "<", ">"] + (["h", "l"] * 2 if name in ("k", "p") else [])
            text += f"{name}{rng.choice(kinds)}{rng.randint(0, sides + 1)}"
    return text


def _expression(rng: random.Random, depth: int = 0) -> str:
    r = rng.random()
    if depth < 2 and r < 0.2:
        return f"({_expression(rng, depth + 1)})"
    if depth < 2 and r < 0.45:
        op = rng.choice(["+", "-", "*", "/", "//", "%"])
        return f"{_expression(rng, depth + 1)}{op}{_expression(rng, depth + 1)}"
    if r < 0.55:
        return str(rng.randint(0, 12))
    return _operated(rng)


def test_every_roll_lands_where_its_odds_say_it_can() -> None:
    rng = random.Random(11)
    worked_out = 0
    for index in range(700):
        text = _expression(rng)
        if rng.random() < 0.1:
            text = _operated(rng) + f">={rng.randint(1, 6)}"
        try:
            expr = parse(text)
        except NotationError as err:
            assert "\n" not in str(err)
            continue
        rolled = evaluate(expr, SeededDice(index))
        try:
            check_size(expr)
        except OddsTooBig as err:
            assert "\n" not in str(err)
            continue
        odds = distribution(expr)
        assert sum(odds.values()) == 1
        assert rolled.total in odds, (text, rolled.total)
        worked_out += 1
    assert worked_out >= 200


def test_the_highest_of_many_dice_is_below_k_when_every_die_is():
    odds = distribution("1000d6kh1")
    for k in range(1, 7):
        assert odds.at_most(k) == Fraction(k, 6) ** 1000


def test_the_lowest_two_of_many_dice_are_worked_out_from_the_low_end():
    odds = distribution("300d10kl2")
    assert odds[2] == 1 - Fraction(9, 10) ** 300 - 300 * Fraction(1, 10) * Fraction(9, 10) ** 299
    assert sum(odds.values()) == 1 and max(odds) == 20
