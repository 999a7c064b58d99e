"""The pairing rules of each format, read as the rules say them."""

from __future__ import annotations

import itertools
import random

from companion.league.challenge import refusal
from companion.league.elimination import Double, bracket_order, first_round, next_round, seeded
from companion.league.roundrobin import berger, rounds_of
from companion.league.swiss import swiss_round

# FIDE's published Berger table for 5 or 6 players (Handbook C.05, annex 1).
BERGER_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
BERGER_8_FIRST_TWO = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
]
BERGER_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]


def test_berger_for_six_players_is_the_published_table():
    assert [sorted(r) for r in berger(6)] == [sorted(r) for r in BERGER_6]


def test_berger_for_four_and_eight_players_is_the_published_table():
    assert [sorted(r) for r in berger(4)] == [sorted(r) for r in BERGER_4]
    assert [sorted(r) for r in berger(8)[:2]] == [sorted(r) for r in BERGER_8_FIRST_TWO]


def test_everyone_meets_everyone_once_and_is_at_home_about_half_the_time():
    for n in range(2, 17):
        met = sorted(tuple(sorted(p)) for r in berger(n) for p in r if p[1] is not None)
        assert met == list(itertools.combinations(range(1, n + 1), 2))
        homes = {i: sum(1 for r in berger(n) for h, a in r if h == i and a is not None)
                 for i in range(1, n + 1)}
        assert max(homes.values()) - min(homes.values()) <= 1 + n % 2


def test_home_and_away_plays_each_pairing_twice_with_home_swapped():
    rounds = berger(6, double=True)
    assert len(rounds) == 10
    assert rounds[5:] == [[(a, h) for h, a in r] for r in rounds[:5]]


def test_an_odd_count_gives_one_bye_a_round_and_each_player_one():
    rounds = rounds_of(["a", "b", "c", "d", "e"])
    byes = [h for r in rounds for h, a in r if a is None]
    assert len(rounds) == 5 and all(sum(a is None for _h, a in r) == 1 for r in rounds)
    assert sorted(byes) == ["a", "b", "c", "d", "e"]


def _swiss_season(players, rounds, rng):
    scores = {p: 0.0 for p in players}
    met: set[frozenset[str]] = set()
    byes: set[str] = set()
    seen = []
    for _ in range(rounds):
        pairs, bye = swiss_round(players, scores, met, byes)
        for a, b in pairs:
            assert abs(scores[a] - scores[b]) <= rounds
            seen.append(frozenset((a, b)))
            met.add(frozenset((a, b)))
            scores[rng.choice((a, b))] += 1
        if bye is not None:
            byes.add(bye)
            scores[bye] += 1
    return seen, byes


def test_swiss_never_repeats_a_pairing_in_five_rounds_of_eight():
    for seed in range(200):
        players = [f"p{i}" for i in range(8)]
        seen, _byes = _swiss_season(players, 5, random.Random(seed))
        assert len(seen) == len(set(seen)) == 20


def test_swiss_pairs_by_score_first():
    players = list("abcdefgh")
    scores = {"a": 2, "b": 0, "c": 2, "d": 0, "e": 1, "f": 1, "g": 1, "h": 1}
    pairs, bye = swiss_round(players, scores, set())
    assert bye is None and pairs == [("a", "c"), ("e", "f"), ("g", "h"), ("b", "d")]


def test_swiss_avoids_a_rematch_by_floating_a_player_down():
    pairs, _ = swiss_round(list("abcd"), {"a": 1, "b": 1}, {frozenset("ab")})
    assert frozenset("ab") not in {frozenset(p) for p in pairs}


def test_swiss_allows_a_rematch_only_when_forced():
    pairs, _ = swiss_round(list("ab"), {}, {frozenset("ab")})
    assert pairs == [("a", "b")]


def test_swiss_bye_goes_to_the_lowest_ranked_without_one():
    players = list("abcde")
    scores = {"a": 3, "b": 2, "c": 1, "d": 1, "e": 0}
    assert swiss_round(players, scores, set(), {"e"})[1] == "d"
    assert swiss_round(players, scores, set(), set())[1] == "e"
    _seen, byes = _swiss_season(list("abcdefg"), 7, random.Random(3))
    assert len(byes) == 7


def test_swiss_pairs_1024_players_quickly():
    import time

    players = list(range(1024))
    rng = random.Random(1)
    scores = {p: float(rng.randint(0, 5)) for p in players}
    start = time.perf_counter()
    pairs, bye = swiss_round(players, scores, set())
    assert time.perf_counter() - start < 1.0 and len(pairs) == 512 and bye is None


def test_single_elimination_seeds_meet_as_a_bracket_says():
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert first_round(list(range(1, 9))) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    # Six players: the two best seeds have a bye.
    assert first_round(list(range(1, 7))) == [(1, None), (4, 5), (2, None), (3, 6)]
    assert next_round([1, 4, 2, 3]) == [(1, 4), (2, 3)]


def test_seeding_by_rating_or_by_hand():
    assert seeded(["a", "b", "c"], {"a": 1.0, "b": 3.0, "c": 2.0}) == ["b", "c", "a"]
    assert seeded(["c", "a", "b"]) == ["c", "a", "b"]


def _double(n, rng):
    event = Double.start(list(range(n)))
    losses = dict.fromkeys(range(n), 0)
    rounds = 0
    while event.champion is None:
        won, lost = event.pairs()
        beaten = set()
        for a, b in won + lost:
            if b is None:
                continue
            loser = rng.choice((a, b))
            beaten.add(loser)
            losses[loser] += 1
        event.play(beaten)
        rounds += 1
        assert rounds < 4 * n
    return event, losses


def test_double_elimination_puts_a_player_out_at_his_second_loss_only():
    for seed in range(100):
        for n in (2, 3, 4, 5, 8, 13, 16):
            event, losses = _double(n, random.Random(seed))
            assert sorted([*event.out, event.champion]) == list(range(n))
            assert losses[event.champion] <= 1
            assert all(losses[p] == 2 for p in event.out)


def test_double_elimination_losers_bracket_takes_the_winners_bracket_losers():
    event = Double.start([1, 2, 3, 4])
    assert event.pairs() == ([(1, 4), (2, 3)], [])
    event.play({4, 3})
    assert event.winners == [1, 2] and event.losers == [3, 4]
    assert event.pairs() == ([(1, 2)], [(3, 4)])


def test_open_challenges_book_any_two_living_members():
    members = {"a", "b", "c"}
    assert refusal(["a", "b"], members, members) is None
    assert refusal(["a", "a"], members, members) == "a gladiator cannot be booked against himself"
    assert refusal(["a", "z"], members, members) == "z is not in the league"
    assert "dead" in (refusal(["a", "b"], members, {"a"}) or "")
