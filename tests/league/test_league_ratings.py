"""Ratings: a winner rises, a loser falls, uncertainty shrinks, teams and all against
all are rated, and the chances before a match follow the ratings."""

from __future__ import annotations

import pytest

from companion.league.ratings import Rating, chances, rated
from companion.league.standings import Played


def duel(winner, loser):
    return Played({winner: "A", loser: "B"}, {winner: "win", loser: "loss"})


def test_a_winner_rises_a_loser_falls_and_both_grow_surer():
    ratings = rated([duel("a", "b")])
    assert ratings["a"].mu > 25 > ratings["b"].mu
    assert ratings["a"].sigma < Rating().sigma and ratings["b"].sigma < Rating().sigma


def test_equals_have_even_chances_and_a_proven_winner_is_favoured():
    assert chances([["a"], ["b"]], {}) == pytest.approx([0.5, 0.5])
    ratings = rated([duel("a", "b")] * 5)
    a, b = chances([["a"], ["b"]], ratings)
    assert a > 0.8 and a + b == pytest.approx(1.0)


def test_teams_are_rated_as_sides_and_all_against_all_ranks_every_side():
    teams = Played({"a": "1", "b": "1", "c": "2", "d": "2"},
                   {"a": "win", "b": "win", "c": "loss", "d": "loss"})
    ratings = rated([teams])
    assert ratings["a"].mu == ratings["b"].mu > 25 > ratings["c"].mu == ratings["d"].mu
    melee = Played({"a": "1", "b": "2", "c": "3"}, {"a": "win", "b": "loss", "c": "loss"})
    ratings = rated([melee])
    assert ratings["a"].mu > ratings["b"].mu and ratings["a"].mu > ratings["c"].mu
    assert sum(chances([["a"], ["b"], ["c"]], ratings)) == pytest.approx(1.0)


def test_a_draw_moves_no_one_much_and_a_forfeit_rates_no_one():
    draw = Played({"a": "A", "b": "B"}, {"a": "draw", "b": "draw"})
    ratings = rated([draw])
    assert ratings["a"].mu == pytest.approx(25) == ratings["b"].mu
    forfeit = Played({"a": "A", "b": "B"}, {"a": "win", "b": "loss"}, forfeit=True)
    assert rated([forfeit]) == {}
