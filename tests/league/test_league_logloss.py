"""The arithmetic of the ratings' check against the lab (`tools/league_logloss.py`):
the log-loss of a chance over counted bouts, and the lab's win rate as a predictor."""

from __future__ import annotations

import math

import pytest

from tools.league_logloss import log_loss, mean_chance, rate


def test_log_loss_is_the_mean_of_minus_ln_the_chance_given_to_what_happened():
    cells = {(0, 1): (3, 1, 0), (1, 0): (1, 3, 0)}
    want = -(3 * math.log(0.75) + math.log(0.25) + math.log(0.25) + 3 * math.log(0.75)) / 8
    chance = {(0, 1): 0.75, (1, 0): 0.25}
    assert log_loss(cells, lambda a, b: chance[(a, b)]) == pytest.approx(want)
    assert log_loss(cells, lambda a, b: 0.5) == pytest.approx(math.log(2))


def test_a_draw_counts_half_each_way_and_a_certainty_is_not_infinite():
    assert log_loss({(0, 1): (0, 0, 2)}, lambda a, b: 0.5) == pytest.approx(math.log(2))
    assert math.isfinite(log_loss({(0, 1): (0, 1, 0)}, lambda a, b: 1.0))


def test_the_labs_rate_as_a_predictor_is_never_0_or_1():
    assert rate((9, 0, 0)) == pytest.approx(9.5 / 10)
    assert rate((0, 0, 0)) == 0.5
    assert rate((2, 2, 2)) == pytest.approx(0.5)


def test_equal_ratings_give_an_even_chance():
    from companion.league.ratings import Rating

    ratings = {1: Rating(), 2: Rating(), 3: Rating(30.0, 2.0)}
    assert mean_chance([1], [2], ratings) == pytest.approx(0.5)
    assert mean_chance([3], [1, 2], ratings) > 0.6
