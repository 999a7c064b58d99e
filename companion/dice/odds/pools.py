"""The odds of pools of dice as the games read them: how many show a target or more
(`pool_successes`), and the highest face with how many show it (`pool_highest`)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from companion.dice.odds.distribution import Distribution


def pool_successes(n: int, sides: int, k: int) -> Distribution:
    """How many of `n` dice of `sides` sides show `k` or more (binomial).

    `k` may lie outside 1..sides: k <= 1 always succeeds, k > sides never does.
    """
    if n < 0 or sides < 1:
        raise ValueError(f"no such pool: {n}d{sides}")
    good = min(max(sides - k + 1, 0), sides)
    bad = sides - good
    # comb(n, s) good^s bad^(n-s), each factor from the last one's: a few products a
    # value. Powers and binomials afresh took 1000d1000>=500 2.5 times as long.
    goods, bads = [1], [1]
    for _ in range(n):
        goods.append(goods[-1] * good)
        bads.append(bads[-1] * bad)
    counts, ways = {}, 1
    for s in range(n + 1):
        if goods[s] and bads[n - s]:
            counts[s] = ways * goods[s] * bads[n - s]
        ways = ways * (n - s) // (s + 1)
    return Distribution._make(counts, sides ** n)


def pool_highest_ways(n: int, sides: int = 6) -> tuple[dict[tuple[int, int], int], int]:
    """For a pool of `n` dice: the ways of each (highest face, how many dice show it),
    and the ways in all (sides^n), whole numbers. See `pool_highest`."""
    if n < 0 or sides < 1:
        raise ValueError(f"no such pool: {n}d{sides}")
    if n == 0:
        return {(0, 0): 1}, 1
    ways: dict[tuple[int, int], int] = {}
    for m in range(1, sides + 1):
        for k in range(1, n + 1):
            # Choose the k dice showing m; the others show less.
            count = comb(n, k) * (m - 1) ** (n - k)
            if count:
                ways[(m, k)] = count
    return ways, sides ** n


def pool_highest(n: int, sides: int = 6) -> dict[tuple[int, int], Fraction]:
    """For a pool of `n` dice: P(highest face, how many dice show it).

    P(max = m, count = k) = C(n, k) (m-1)^(n-k) / sides^n: choose the k dice showing
    m, the others show less. An empty pool (n = 0) has no highest face: it gives
    {(0, 0): 1}, which every attack table reads as "3 or less".

    A fresh dict each call (the chances themselves, Fractions, cannot change).
    """
    if n < 0 or sides < 1:
        raise ValueError(f"no such pool: {n}d{sides}")
    return dict(_pool_highest(n, sides))


# The same few pools are asked for again and again, and making the Fractions was
# three quarters of the time: the answers are kept, a few kilobytes each.
# `pool_highest` hands out copies, so no caller can change them.
@lru_cache(maxsize=128)
def _pool_highest(n: int, sides: int) -> dict[tuple[int, int], Fraction]:
    ways, total = pool_highest_ways(n, sides)
    return {key: Fraction(count, total) for key, count in ways.items()}
