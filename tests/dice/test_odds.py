"""Exact odds: every chance is a Fraction, checked against counting by hand."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.dice.notation.parse import parse
from companion.dice.notation.roll import evaluate
from companion.dice.notation.tree import D66, Const, Dice, Sum
from companion.dice.odds.distribution import Distribution, die
from companion.dice.odds.expression import distribution
from companion.dice.odds.plain import d66, dice_sum
from companion.dice.odds.pools import pool_highest, pool_highest_ways, pool_successes
from companion.dice.odds.size import MAX_TOTALS, MAX_WORK, OddsTooBig, check_size
from companion.dice.sources import ScriptedDice, SeededDice
from companion.errors import UserError


def brute_force(count: int, sides: int) -> Distribution:
    """Enumerate every way `count` dice can fall."""
    return Distribution.from_counts(Counter(map(sum, product(range(1, sides + 1),
                                                                 repeat=count))))


# ---------------------------------------------------------------- known answers


def test_two_d6_make_seven_one_time_in_six() -> None:
    odds = distribution(parse("2d6"))
    assert odds[7] == Fraction(1, 6)
    assert odds[2] == odds[12] == Fraction(1, 36)
    assert list(odds) == list(range(2, 13))
    assert odds.mean() == 7
    assert odds.at_least(10) == Fraction(6, 36)
    assert odds.at_most(3) == Fraction(3, 36)
    assert odds.p(lambda v: v % 2 == 0) == Fraction(1, 2)


def test_d66_has_thirty_six_values_each_one_in_thirty_six() -> None:
    odds = distribution("d66")
    assert len(odds) == 36
    assert set(odds) == {10 * t + u for t in range(1, 7) for u in range(1, 7)}
    assert set(odds.values()) == {Fraction(1, 36)}
    assert odds == d66()


def test_a_success_pool_is_binomial() -> None:
    odds = distribution("4d6>=5")
    for s in range(5):
        assert odds[s] == comb(4, s) * Fraction(1, 3) ** s * Fraction(2, 3) ** (4 - s)
    assert odds == pool_successes(4, 6, 5)


def test_pool_thresholds_outside_the_die_are_certain() -> None:
    assert pool_successes(3, 6, 1) == Distribution({3: 1})
    assert pool_successes(3, 6, 7) == Distribution({0: 1})
    assert pool_successes(0, 6, 6) == Distribution({0: 1})


def test_constants_shift_and_differences_negate() -> None:
    assert distribution("d6+3") == die(6) + 3
    assert distribution("10-d6") == Distribution({v: Fraction(1, 6) for v in range(4, 10)})
    assert distribution("7") == Distribution.constant(7)
    assert distribution("-d6") == -die(6)


@pytest.mark.parametrize(
    "text",
    ["2d6-1d4-1d8", "d66-d6+3", "-d66+d6", "3d4+2d6-d10", "d2+d3+d4+d5", "-2d6-1", "d66+d66"],
)
def test_mixed_expressions_match_enumeration(text: str) -> None:
    expr = parse(text)
    assert isinstance(expr, Sum)
    axes: list[list[int]] = []
    constant = 0
    for signed in expr.terms:
        sign, term = signed.sign, signed.term
        if isinstance(term, D66):
            axes.append([sign * (10 * t + u) for t in range(1, 7) for u in range(1, 7)])
        elif isinstance(term, Dice):
            axes += [[sign * f for f in range(1, term.sides + 1)]] * term.count
        else:
            assert isinstance(term, Const)
            constant += sign * term.value
    counts = Counter(sum(faces) + constant for faces in product(*axes))
    assert distribution(expr) == Distribution.from_counts(counts)


def test_distribution_arithmetic() -> None:
    two = die(6) + die(6)
    assert two == dice_sum(2, 6) == die(6).repeat(2)
    assert die(6).repeat(0) == Distribution.constant(0)
    assert (two - two).mean() == 0
    assert 1 - die(2) == Distribution({0: Fraction(1, 2), -1: Fraction(1, 2)})
    assert two.variance() == Fraction(35, 6)


def test_a_distribution_refuses_chances_that_do_not_add_up() -> None:
    with pytest.raises(ValueError):
        Distribution({1: Fraction(1, 2)})
    with pytest.raises(ValueError):
        Distribution({1: Fraction(3, 2), 2: Fraction(-1, 2)})


# ---------------------------------------------------------------- properties


small_sums = st.lists(
    st.tuples(st.sampled_from([1, -1]), st.integers(1, 5), st.integers(2, 12)),
    min_size=1, max_size=3,
).map(lambda terms: "".join(f"{'+' if s > 0 else '-'}{n}d{d}" for s, n, d in terms)
      .removeprefix("+"))


@given(text=small_sums)
def test_every_distribution_sums_to_exactly_one(text: str) -> None:
    assert sum(distribution(text).values()) == 1


@settings(deadline=None)  # exact arithmetic: keep a busy machine from failing it
@given(count=st.integers(1, 60), sides=st.integers(2, 30))
def test_the_mean_of_n_dice_is_n_times_s_plus_one_over_two(count: int, sides: int) -> None:
    odds = dice_sum(count, sides)
    assert odds.mean() == Fraction(count * (sides + 1), 2)
    assert sum(odds.values()) == 1
    assert odds.min == count and odds.max == count * sides


@given(count=st.integers(1, 4), sides=st.integers(2, 7))
def test_small_dice_sums_match_enumeration(count: int, sides: int) -> None:
    assert dice_sum(count, sides) == brute_force(count, sides)


@settings(max_examples=40, deadline=None)
@given(text=st.one_of(small_sums, st.sampled_from(["d66+1", "3d6>=4", "d66-2d6"])),
       seed=st.integers(0, 2**32))
def test_every_rolled_total_is_a_possible_value(text: str, seed: int) -> None:
    odds = distribution(text)
    assert evaluate(text, SeededDice(seed)).total in odds


mixed_terms = st.lists(
    st.tuples(st.sampled_from([1, -1]),
              st.one_of(st.just("d66"), st.integers(0, 20).map(str),
                        st.builds("{}d{}".format, st.integers(1, 6),
                                  st.sampled_from([2, 3, 6, 7, 10, 12, 60])))),
    min_size=1, max_size=6,
)


@settings(deadline=None)
@given(terms=mixed_terms)
def test_sums_with_d66_match_adding_the_terms_one_by_one(terms: list[tuple[int, str]]) -> None:
    # d66 goes into the one product of dice as a tens die and a units die: check it
    # against plain convolution of each term's own distribution.
    expected = Distribution.constant(0)
    for sign, term in terms:
        if term == "d66":
            part = d66()
        elif "d" in term:
            count, sides = map(int, term.split("d"))
            part = die(sides).repeat(count)
        else:
            part = Distribution.constant(int(term))
        expected = expected + part if sign > 0 else expected - part
    text = "".join(("-" if sign < 0 else "+") + term for sign, term in terms)
    assert distribution(text.removeprefix("+")) == expected


def test_many_d66_are_worked_out_exactly() -> None:
    odds = distribution("+".join(["d66"] * 100))
    assert odds.min == 1100 and odds.max == 6600
    assert odds[1100] == Fraction(1, 36**100)
    assert odds.mean() == 100 * d66().mean()


def test_the_possible_values_are_exactly_what_the_dice_can_make() -> None:
    # A script can force any faces; each total it makes must have a positive chance.
    for faces in product(range(1, 5), repeat=3):
        total = evaluate("2d4-1d4+1", ScriptedDice(faces)).total
        assert distribution("2d4-1d4+1")[total] > 0


# ---------------------------------------------------------------- highest of a pool


def test_an_empty_pool_has_no_highest_face() -> None:
    assert pool_highest(0) == {(0, 0): 1}


@pytest.mark.parametrize("n", range(1, 31))
def test_pool_highest_sums_to_one(n: int) -> None:
    odds = pool_highest(n)
    assert sum(odds.values()) == 1
    assert all(1 <= m <= 6 and 1 <= k <= n for m, k in odds)


@pytest.mark.parametrize("n", range(1, 5))
@pytest.mark.parametrize("sides", [4, 6])
def test_pool_highest_matches_enumeration(n: int, sides: int) -> None:
    counts = Counter()
    for faces in product(range(1, sides + 1), repeat=n):
        best = max(faces)
        counts[(best, faces.count(best))] += 1
    expected = {key: Fraction(c, sides**n) for key, c in counts.items()}
    assert pool_highest(n, sides) == expected


@pytest.mark.parametrize("n", [0, 1, 5, 30])
def test_pool_highest_is_its_whole_number_ways_over_all_the_ways(n: int) -> None:
    ways, total = pool_highest_ways(n)
    assert total == 6 ** n and sum(ways.values()) == total
    assert pool_highest(n) == {key: Fraction(count, total) for key, count in ways.items()}


def test_changing_an_answer_of_pool_highest_changes_no_later_answer() -> None:
    first = pool_highest(7)
    first[(6, 1)] = Fraction(1)
    del first[(6, 2)]
    again = pool_highest(7)
    assert again[(6, 1)] == Fraction(7 * 5 ** 6, 6 ** 7)
    assert sum(again.values()) == 1 and again is not first


def test_pool_highest_answers_the_attack_table() -> None:
    # Three 6s or more out of five dice: the critical column.
    odds = pool_highest(5)
    critical = sum(p for (m, k), p in odds.items() if m == 6 and k >= 3)
    assert critical == pool_successes(5, 6, 6).at_least(3)
    # "3 or less" means no die above 3.
    assert sum(p for (m, _), p in odds.items() if m <= 3) == Fraction(1, 2) ** 5


# ---------------------------------------------------------------- limits


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1000d1000", "1000d1000 has 999,001 possible totals"),
        ("292d245", "292d245 has 71,249 possible totals"),
        ("1000d11", "1000d11 has 10,001 possible totals"),
        ("101d100+d2", "101d100+1d2 has 10,001 possible totals"),
        ("d66+" * 182 + "1", "d66+d66+d66+d66+d66+d66+d66+d66+d66... has 10,011"),
    ],
)
def test_too_many_totals_are_refused_before_any_work(text: str, words: str) -> None:
    with pytest.raises(OddsTooBig) as caught:
        check_size(parse(text))
    message = str(caught.value)
    assert isinstance(caught.value, UserError) and caught.value.exit_code == 2
    assert message.startswith(words)
    assert f"up to {MAX_TOTALS:,}" in message and "roll it" in message
    assert "\n" not in message
    with pytest.raises(OddsTooBig):
        distribution(text)


def test_the_totals_bound_is_exactly_ten_thousand() -> None:
    assert MAX_TOTALS == 10_000
    assert check_size(parse("101d100")).totals == MAX_TOTALS  # 101 x 99 + 1
    assert len(distribution("101d100")) == MAX_TOTALS
    assert check_size(parse("1000d10")).totals == 9001
    assert check_size(parse("1000d1000>=500")).totals == 1001  # a pool: successes


def test_too_many_sizes_of_dice_at_once_are_refused_by_their_work() -> None:
    text = "+".join(f"12d{s}" for s in (2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233))
    size = check_size(parse("+".join(f"12d{s}" for s in (2, 3, 5, 8, 13))))
    assert size.work <= MAX_WORK
    with pytest.raises(OddsTooBig) as caught:
        check_size(parse(text))
    message = str(caught.value)
    assert message.startswith("12d2+12d3+12d5+12d8+12d13+12d21+12d34...: 11 sizes of dice")
    assert "times the work" in message and "fewer sizes of dice" in message
    assert "\n" not in message


def test_a_refused_expression_still_rolls() -> None:
    result = evaluate("292d245", SeededDice(1))
    assert len(result.faces) == 292 and 292 <= result.total <= 292 * 245


def test_large_but_sensible_expressions_are_worked_out() -> None:
    odds = distribution("100d6")
    assert odds.mean() == 350 and sum(odds.values()) == 1
    assert distribution("1000d6")[1000] == Fraction(1, 6**1000)
    assert sum(distribution("30d6>=6").values()) == 1


def test_many_die_sizes_at_once_still_add_up() -> None:
    text = "+".join(f"d{s}" for s in range(2, 21))
    expected = Distribution.constant(0)
    for sides in range(2, 21):
        expected = expected + die(sides)
    assert distribution(text) == expected


@given(a=st.lists(st.integers(0, 10**30), min_size=70, max_size=120),
       b=st.lists(st.integers(0, 10**6), min_size=70, max_size=120))
@settings(max_examples=25, deadline=None)
def test_big_convolutions_match_the_schoolbook_way(a: list[int], b: list[int]) -> None:
    # Large tables are multiplied as packed big integers; small ones term by term.
    from companion.dice.odds.distribution import _convolve, _sparse_mul

    table_a = {v - 40: c for v, c in enumerate(a) if c}
    table_b = {v: c for v, c in enumerate(b) if c}
    if table_a and table_b:
        assert _convolve(table_a, table_b) == _sparse_mul(table_a, table_b)
