"""The totals of plain dice (NdS of a few sizes, d66) by one recurrence, O(totals)
big-integer steps, and how a parsed sum splits into its plain part and the rest."""

from __future__ import annotations

from collections.abc import Mapping

from companion.dice.notation.tree import D66, Const, Dice, Signed, Sum
from companion.dice.odds.distribution import Distribution


def _factors(dice: Mapping[tuple[int, int], int]) -> set[int]:
    """The m of every factor (1 - x^m) of D below: each die's faces x scale, and scale."""
    return {m for (faces, scale), n in dice.items() if n and faces > 1
            for m in (faces * scale, scale)}


def recurrence_size(dice: Mapping[tuple[int, int], int]) -> int:
    """A bound on the steps of the recurrence below, without building D and E.

    A step is an offset below the degree of D where D or E has a term. D, a product
    of n factors, has at most 2^n terms; E is a sum of at most n shifted products of
    n - 1 of them.
    """
    factors = _factors(dice)
    n = len(factors)
    return min(2 ** n + n * 2 ** max(n - 1, 0), sum(factors))


def _dice_ways(dice: Mapping[tuple[int, int], int]) -> list[int]:
    """Ways to make each total of dice given as {(faces, scale): count}: [q_0, q_1, ...],
    q_k being the ways to make (the lowest total) + k, 0 for a total no roll makes.

    A die of `faces` faces read `scale` times shows scale, 2 scale, ... faces x scale:
    a d8 is (8, 1), and the tens die of a d66 is (6, 10), so d66 is (6, 10) + (6, 1).
    The ways are the coefficients of Q = prod P_i^n_i, P_i = 1 + y + ... + y^(f-1) with
    y = x^b, = (1 - x^a)/(1 - x^b), a = f b, for a die of f faces and scale b. Its
    logarithmic derivative gives D Q' = E Q with
        D = prod (1 - x^m) over the distinct m among the a's and b's,
        E = sum_i n_i (b x^(b-1) D/(1 - x^b) - a x^(a-1) D/(1 - x^a)),
    short polynomials for a few sizes of dice, so each coefficient follows from a
    few earlier ones: O(totals) big-integer steps, where convolving the dice one by
    one costs O(dice x totals).
    """
    dice = {die: n for die, n in dice.items() if n and die[0] > 1}
    top = sum(n * (faces - 1) * scale for (faces, scale), n in dice.items())
    if not dice:
        return [1]
    factors = _factors(dice)
    degree = sum(factors)
    every = [0] * (degree + 1)  # D = prod (1 - x^m), built densely: O(factors x degree)
    every[0] = 1
    for m in factors:
        for k in range(degree, m - 1, -1):
            every[k] -= every[k - m]
    without: dict[int, list[int]] = {}  # D / (1 - x^m): divide one factor back out
    for m in factors:
        others = without[m] = every[:]
        for k in range(m, degree + 1):
            others[k] += others[k - m]
    e_poly = [0] * (degree + 1)
    for (faces, scale), n in dice.items():
        for m, weight in ((scale, n * scale), (faces * scale, -n * faces * scale)):
            for k, c in enumerate(without[m][:degree - m + 1]):
                if c:
                    e_poly[k + m - 1] += weight * c
    # (k+1) q_(k+1) = sum_o E_o q_(k-o) - sum_o D_(o+1) (k-o) q_(k-o), o >= 0: one
    # list of offsets o with the coefficient of q_(k-o) as a + b k, small numbers, so
    # each step is one big-integer product.
    steps = [(o, e_poly[o] + o * every[o + 1], -every[o + 1]) for o in range(degree)
             if e_poly[o] or every[o + 1]]
    q = [0] * (top + 1)
    q[0] = 1
    half = top // 2
    for k in range(half):
        ways = 0
        for o, a, b in steps:
            if o > k:
                break
            ways += (a + b * k) * q[k - o]
        q[k + 1] = ways // (k + 1)
    for k in range(half + 1, top + 1):
        q[k] = q[top - k]  # a product of palindromes: the totals are symmetric
    return q


def dice_distribution(dice: Mapping[tuple[int, int], int]) -> Distribution:
    """The total of dice given as {(faces, scale): count} (see `_dice_ways`)."""
    q = _dice_ways(dice)
    low = sum(n * scale for (_, scale), n in dice.items())
    total = 1
    for (faces, _), count in dice.items():
        total *= faces ** count
    return Distribution._make({low + k: c for k, c in enumerate(q) if c}, total)


def dice_sum(count: int, sides: int) -> Distribution:
    """The total of `count` dice of `sides` sides (count 0 gives the constant 0)."""
    if count < 0 or sides < 1:
        raise ValueError(f"no such dice: {count}d{sides}")
    return dice_distribution({(sides, 1): count})


def d66() -> Distribution:
    """Two d6 read as tens and units: 36 values from 11 to 66, each 1/36."""
    return Distribution._make({10 * t + u: 1 for t in range(1, 7) for u in range(1, 7)}, 36)


def plain_groups(expr: Sum) -> tuple[dict[tuple[int, int], int], int]:
    """Split a sum into dice {(faces, scale): count} (see `_dice_ways`) and a shift.

    Dice go into one product whatever their sign: minus NdS has the law of
    NdS - N(S+1), because NdS is symmetric about N(S+1)/2; minus d66 that of d66 - 77.
    A d66 is ten times one d6 plus another: a tens die (6, 10) and a units die (6, 1).
    """
    dice: dict[tuple[int, int], int] = {}
    shift = 0
    for signed in expr.terms:
        term = signed.term
        if isinstance(term, Const):
            shift += signed.sign * term.value
        elif isinstance(term, Dice) and term.sides == 1:  # always 1 a die
            shift += signed.sign * term.count
        elif isinstance(term, Dice):
            dice[(term.sides, 1)] = dice.get((term.sides, 1), 0) + term.count
            if signed.sign < 0:
                shift -= term.count * (term.sides + 1)
        elif isinstance(term, D66):
            for part in ((6, 10), (6, 1)):
                dice[part] = dice.get(part, 0) + 1
            if signed.sign < 0:
                shift -= 11 + 66
        else:
            raise TypeError(f"no distribution for term {term!r}")
    return dice, shift


def plain_parts(expr: Sum) -> tuple[Sum | None, list[Signed]]:
    """A sum's plain terms (constants, dice, d66: the fast way) and the others."""
    plain = tuple(s for s in expr.terms if isinstance(s.term, Const | Dice | D66))
    others = [s for s in expr.terms if not isinstance(s.term, Const | Dice | D66)]
    return (Sum(plain) if plain else None), others


def plain_sum(expr: Sum) -> Distribution:
    dice, shift = plain_groups(expr)
    return dice_distribution(dice) + shift
