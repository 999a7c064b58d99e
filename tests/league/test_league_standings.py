"""The standings' tie-breaks, in the order the header names them."""

from __future__ import annotations

from companion.league.standings import Played, Tiebreak, header, standings


def duel(winner, loser, *, died=False, figures=None):
    return Played({winner: "A", loser: "B"}, {winner: "win", loser: "loss"},
                  figures or {}, frozenset({loser}) if died else frozenset())


MEMBERS = {"a": "Aulus", "b": "Brutus", "c": "Crixus", "d": "Decimus"}


def test_points_then_wins_rank_the_table():
    table = standings(MEMBERS, [duel("a", "b"), duel("a", "c"), duel("b", "c")])
    assert [r.who for r in table] == ["a", "b", "c", "d"]
    assert (table[0].points, table[0].wins, table[0].played) == (2.0, 2, 2)


def test_head_to_head_breaks_a_tie_on_points_and_wins():
    # b and c both win once and lose once; c beat b.
    table = standings(MEMBERS, [duel("c", "b"), duel("b", "d"), duel("a", "c")])
    order = [r.who for r in table]
    assert order.index("c") < order.index("b")
    assert table[order.index("c")].head_to_head == 1.0


def test_the_games_figure_breaks_what_head_to_head_cannot():
    fame = Tiebreak("Fame", higher_first=True, summed=False)
    matches = [duel("a", "c", figures={"a": 3, "c": 1}), duel("b", "d", figures={"b": 5})]
    table = standings(MEMBERS, matches, tiebreak=fame)
    assert [r.who for r in table][:2] == ["b", "a"]
    lost = Tiebreak("health lost", higher_first=False, summed=True)
    matches = [duel("a", "c", figures={"a": 3}), duel("b", "d", figures={"b": 5}),
               duel("a", "d", figures={"a": 4})]
    table = standings(MEMBERS, matches[:2], tiebreak=lost)
    assert [r.who for r in table][:2] == ["a", "b"]
    assert standings(MEMBERS, matches, tiebreak=lost)[0].figure == 7
    assert header(lost, swiss=True) == ["points", "wins", "head-to-head",
                                        "opponents' points (Buchholz)",
                                        "health lost, fewer first"]


def test_swiss_adds_the_opponents_points():
    matches = [duel("a", "b"), duel("c", "d"), duel("b", "d")]
    table = standings(MEMBERS, matches, swiss=True)
    by = {r.who: r for r in table}
    assert by["a"].buchholz == 1.0 and by["c"].buchholz == 0.0
    # a, b and c each have a point; a beat b; b met the stronger field.
    assert [r.who for r in table][:3] == ["a", "b", "c"]
    assert [r.who for r in standings(MEMBERS, matches)][:3] == ["a", "b", "c"]


def test_kills_and_deaths_and_byes_are_counted():
    table = standings(MEMBERS, [duel("a", "b", died=True)], byes=["c"])
    by = {r.who: r for r in table}
    assert (by["a"].kills, by["b"].deaths, by["c"].points, by["c"].byes) == (1, 1, 1.0, 1)


def test_all_against_all_counts_for_every_gladiator():
    melee = Played({"a": "1", "b": "2", "c": "3"}, {"a": "win", "b": "loss", "c": "loss"},
                   died=frozenset({"c"}))
    by = {r.who: r for r in standings(MEMBERS, [melee])}
    assert (by["a"].wins, by["b"].losses, by["c"].losses, by["a"].kills) == (1, 1, 1, 1)


def test_equal_rows_share_a_rank():
    table = standings({"a": "A", "b": "B"}, [])
    assert [r.rank for r in table] == [1, 1]
