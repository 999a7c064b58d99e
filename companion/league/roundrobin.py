"""Round robin by Berger's tables, as FIDE publishes them: player n (the last) meets
the others in turn, and player i meets player j in the round where i + j is the
round's number plus one, counted modulo n - 1. Who has the first move (plays at
home) alternates so that each player is at home about as often as away.

An odd number of players adds a bye: whoever meets the missing last player rests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

Pair = tuple[int, int | None]  # (home, away) by number from 1; None: a bye for home


def berger(count: int, *, double: bool = False) -> list[list[Pair]]:
    """Each round's pairings for `count` players numbered from 1, Berger's table
    (with `double`, a second half with home and away swapped). A player with a bye is
    paired with None."""
    if count < 2:
        return []
    n = count + count % 2
    m = n - 1
    rounds: list[list[Pair]] = []
    for r in range(1, n):
        key = (r + 1) % m
        games: list[tuple[int, int]] = []
        for i in range(1, n):
            if (2 * i) % m == key:
                # The last player is away in the odd rounds and at home in the even.
                games.insert(0, (n, i) if r % 2 == 0 else (i, n))
        for i in range(1, n):
            for j in range(i + 1, n):
                if (i + j) % m == key:
                    # An odd difference: the lower number at home; even: the higher.
                    games.append((i, j) if (j - i) % 2 == 1 else (j, i))
        rounds.append([_bye(game, count) for game in games])
    if double:
        rounds += [[(away, home) if away is not None else (home, None)
                    for home, away in round_] for round_ in rounds]
    return rounds


def _bye(game: tuple[int, int], count: int) -> Pair:
    home, away = game
    if away > count:
        return (home, None)
    if home > count:
        return (away, None)
    return (home, away)


def rounds_of(players: Sequence[T], *, double: bool = False) -> list[list[tuple[T, T | None]]]:
    """Berger's table with the players themselves, numbered in the order given."""
    return [[(players[home - 1], None if away is None else players[away - 1])
             for home, away in round_] for round_ in berger(len(players), double=double)]
