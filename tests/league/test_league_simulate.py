"""A headless season on the lab's worker pool: the same results for any number of
workers."""

from __future__ import annotations

from companion.league.simulate import simulate


def test_a_season_comes_out_the_same_on_one_worker_and_on_two():
    one = simulate("skirmish", 6, 2, 1, seed=3)
    two = simulate("skirmish", 6, 2, 2, seed=3)
    assert one.digest == two.digest and one.matches == two.matches == 30
    assert [s.table for s in one.seasons] == [s.table for s in two.seasons]
    assert one.ratings == two.ratings


def test_each_season_has_its_own_dice():
    found = simulate("battle", 4, 3, 1, seed=1)
    assert len(found.seasons) == 3 and found.matches == 18
    assert simulate("battle", 4, 3, 1, seed=2).digest != found.digest
