"""Exact outcome distributions: every probability is a Fraction, nothing is sampled.

Internally a distribution is a table of whole-number counts over one common total
(2d6: 36 ways in all, 6 of them make 7). Sums convolve counts, which stays in fast
integer arithmetic; Fractions are made only when a probability is read.

One long module: the single Distribution type and the pool evaluators every game's odds
are built on live together so that there is one of each; issue 25 moves each game's
evaluator beside its rules."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial
from itertools import product as every
from math import comb, lcm, log2, prod
from statistics import median

from companion.dice.groups import group_counts, rank_reach
from companion.dice.notation import (
    D66,
    MAX_EXPLOSIONS,
    Const,
    Dice,
    Expr,
    Frac,
    Neg,
    Op,
    Operated,
    Paren,
    Pool,
    Product,
    Rounded,
    SetOf,
    Signed,
    Sum,
    Term,
    divide,
    exact,
    parse,
    round_half_down,
    set_kept,
    shape,
)
from companion.errors import UserError

# Exact odds are worked out only for expressions of bounded size, checked before any
# work (`check_size`), so that no expression the notation accepts can freeze the app
# or flood a terminal; the notation alone allows 1000d1000, 999,001 totals of
# 10,000-bit counts. Two bounds:
#
# The possible totals, lowest to highest: the lines `companion odds` prints. 10,000
# keeps 1000d10 (9,001), 500d6+500d8 and anything a table needs; it also bounds the
# memory, 10,000 counts of at most 3,500 bits (1000d11 is the longest) or, for a
# pool, 1,001 of at most 10,000 bits: a few megabytes.
MAX_TOTALS = 10_000
# The time: totals x (bits + 750) x steps, the steps being (a bound on) those of
# the recurrence in `_dice_ways`, at most 8 for one size of dice, hundreds for a
# dozen sizes (d66 is two: a d6 read as tens, one as units); the 750 stands for the
# interpreter's cost of a step. Measured at up to 1.7e-10 s a unit on a busy 2-core
# machine (a third of that idle), so this cap means a third of a second at worst
# (0.25 s was the slowest found). 1000d10 is 2.9e8 and 181 d66 8e8; refused are
# 36d96+36d3+36d7+36d108+36d16+36d52 (4.9e9) and 52d2+52d3+...+52d20 (8.2e9).
MAX_WORK = 2_000_000_000


class OddsTooBig(UserError):
    """An expression whose exact distribution is too big to work out (or to print)."""


@dataclass(frozen=True)
class OddsSize:
    """What the exact odds of an expression cost, known before working them out."""

    totals: int  # possible totals, lowest to highest, some perhaps never made
    bits: float  # of the common total of ways: no count is longer
    steps: int  # big-integer products per total, in the recurrence of a plain sum
    # The work of the rest (operators, products, sums of those), in the same units.
    extra: float = 0.0

    @property
    def work(self) -> float:
        return self.totals * (self.bits + 750) * self.steps + self.extra


class Distribution(Mapping[int, Fraction]):
    """An exact distribution: value -> probability, the probabilities summing to 1.

    Reading a value that cannot occur raises KeyError, like any mapping; use `.get`
    or `p(...)` for a 0.
    """

    __slots__ = ("_counts", "_total")

    def __init__(self, probabilities: Mapping[int, Fraction | int]) -> None:
        # Bring every probability over one common denominator: the internal form.
        total = 1
        for prob in probabilities.values():
            total = lcm(total, Fraction(prob).denominator)
        counts: dict[int, int] = {}
        for value, prob in probabilities.items():
            prob = Fraction(prob)
            if not 0 <= prob <= 1:
                raise ValueError(f"probability {prob} of {value} is not between 0 and 1")
            if prob:
                counts[value] = prob.numerator * (total // prob.denominator)
        if sum(counts.values()) != total:
            raise ValueError("probabilities must sum to exactly 1")
        self._counts = counts
        self._total = total

    @classmethod
    def from_counts(cls, counts: Mapping[int, int]) -> Distribution:
        """Equally likely ways: {value: number of ways}."""
        if any(count < 0 for count in counts.values()):
            raise ValueError("counts cannot be negative")
        total = sum(counts.values())
        if total <= 0:
            raise ValueError("a distribution needs at least one way to happen")
        return cls._make({v: c for v, c in counts.items() if c}, total)

    @classmethod
    def _make(cls, counts: dict[int, int], total: int) -> Distribution:
        # Trusted constructor: counts are positive and sum to total.
        self = cls.__new__(cls)
        self._counts = counts
        self._total = total
        return self

    @classmethod
    def constant(cls, value: int) -> Distribution:
        return cls._make({value: 1}, 1)

    # -- the mapping

    def __getitem__(self, value: int) -> Fraction:
        return Fraction(self._counts[value], self._total)

    def __iter__(self) -> Iterator[int]:
        return iter(sorted(self._counts))

    def __len__(self) -> int:
        return len(self._counts)

    @property
    def ways(self) -> int:
        """The common total of ways (36 for 2d6): every chance is `ways_of(v) / ways`."""
        return self._total

    def ways_of(self, value: int) -> int:
        """The ways to make `value` (6 for a 7 on 2d6), 0 if it cannot occur."""
        return self._counts.get(value, 0)

    def table(self) -> list[tuple[int, int]]:
        """(value, ways) for every value that can occur, lowest first."""
        return sorted(self._counts.items())

    def __contains__(self, value: object) -> bool:
        return value in self._counts

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Distribution):
            # Cross-multiplying avoids building Fractions for every value.
            return self._counts.keys() == other._counts.keys() and all(
                count * other._total == other._counts[v] * self._total
                for v, count in self._counts.items()
            )
        return super().__eq__(other)

    def __repr__(self) -> str:
        shown = ", ".join(f"{v}: {self[v]}" for v in list(self)[:8])
        more = ", ..." if len(self) > 8 else ""
        return f"Distribution({{{shown}{more}}})"

    # -- questions

    @property
    def min(self) -> int:
        return min(self._counts)

    @property
    def max(self) -> int:
        return max(self._counts)

    def mean(self) -> Fraction:
        return Fraction(sum(v * c for v, c in self._counts.items()), self._total)

    def variance(self) -> Fraction:
        mean = self.mean()
        return sum((Fraction(c, self._total) * (v - mean) ** 2
                    for v, c in self._counts.items()), Fraction(0))

    def p(self, predicate: Callable[[int], bool]) -> Fraction:
        """The chance that the outcome satisfies `predicate`."""
        return Fraction(sum(c for v, c in self._counts.items() if predicate(v)), self._total)

    def at_least(self, k: int) -> Fraction:
        return self.p(lambda v: v >= k)

    def at_most(self, k: int) -> Fraction:
        return self.p(lambda v: v <= k)

    def probabilities(self) -> dict[int, Fraction]:
        """A plain dict, sorted by value."""
        return {v: self[v] for v in self}

    # -- arithmetic on independent outcomes

    def __add__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, int):
            return Distribution._make({v + other: c for v, c in self._counts.items()},
                                      self._total)
        if isinstance(other, Distribution):
            return Distribution._make(_convolve(self._counts, other._counts),
                                      self._total * other._total)
        return NotImplemented

    __radd__ = __add__

    def __neg__(self) -> Distribution:
        return Distribution._make({-v: c for v, c in self._counts.items()}, self._total)

    def __sub__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, int | Distribution):
            return self + (-other)
        return NotImplemented

    def __rsub__(self, other: int) -> Distribution:
        return -self + other

    def repeat(self, n: int) -> Distribution:
        """The sum of `n` independent copies (n = 0 gives the constant 0)."""
        if n < 0:
            raise ValueError("cannot add a negative number of copies")
        result, base = Distribution.constant(0), self
        while n:  # repeated squaring: log2(n) convolutions instead of n
            if n & 1:
                result = result + base
            n >>= 1
            if n:
                base = base + base
        return result


def _convolve(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    """Counts of the sum of two independent outcomes."""
    lo_a, lo_b = min(a), min(b)
    span_a, span_b = max(a) - lo_a + 1, max(b) - lo_b + 1
    dense = span_a <= 4 * len(a) + 16 and span_b <= 4 * len(b) + 16
    # Packing pads every slot to the widest count, so a short table (a d66) is cheaper
    # to add term by term than to multiply as a padded big integer.
    if min(len(a), len(b)) <= 64 or not dense:
        return _sparse_mul(a, b)
    # Kronecker substitution: pack each table into one big integer (a slot per value,
    # wide enough that no coefficient of the product overflows into the next), let
    # Python's big-integer multiplication do the convolution, and unpack.
    bound = max(a.values()) * max(b.values()) * min(span_a, span_b)
    width = (bound.bit_length() + 8) // 8  # bytes per slot
    packed_a = _pack(a, lo_a, span_a, width)
    packed_b = _pack(b, lo_b, span_b, width)
    raw = (packed_a * packed_b).to_bytes((span_a + span_b) * width, "little")
    out = {}
    for i in range(span_a + span_b - 1):
        count = int.from_bytes(raw[i * width:(i + 1) * width], "little")
        if count:
            out[lo_a + lo_b + i] = count
    return out


def _pack(counts: dict[int, int], lo: int, span: int, width: int) -> int:
    zero = bytes(width)
    return int.from_bytes(
        b"".join(counts[lo + i].to_bytes(width, "little") if lo + i in counts else zero
                 for i in range(span)),
        "little",
    )


def die(sides: int) -> Distribution:
    """One fair die, 1..sides."""
    if sides < 1:
        raise ValueError(f"a die needs at least one side, got {sides}")
    return Distribution._make(dict.fromkeys(range(1, sides + 1), 1), sides)


def _sparse_mul(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for ea, ca in a.items():
        for eb, cb in b.items():
            out[ea + eb] = out.get(ea + eb, 0) + ca * cb
    return {e: c for e, c in out.items() if c}


def _factors(dice: Mapping[tuple[int, int], int]) -> set[int]:
    """The m of every factor (1 - x^m) of D below: each die's faces x scale, and scale."""
    return {m for (faces, scale), n in dice.items() if n and faces > 1
            for m in (faces * scale, scale)}


def _recurrence_size(dice: Mapping[tuple[int, int], int]) -> int:
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


def _dice_distribution(dice: Mapping[tuple[int, int], int]) -> Distribution:
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
    return _dice_distribution({(sides, 1): count})


def d66() -> Distribution:
    """Two d6 read as tens and units: 36 values from 11 to 66, each 1/36."""
    return Distribution._make({10 * t + u: 1 for t in range(1, 7) for u in range(1, 7)}, 36)


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


def _groups(expr: Sum) -> tuple[dict[tuple[int, int], int], int]:
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


def _plain_size(expr: Sum) -> OddsSize:
    dice, _ = _groups(expr)
    totals = 1 + sum(n * (faces - 1) * scale for (faces, scale), n in dice.items())
    bits = sum(n * log2(faces) for (faces, _), n in dice.items())
    return OddsSize(totals, bits, _recurrence_size(dice))


# The work of the other parts, in the units of MAX_WORK (1.7e-10 s each), from timings
# of each method (see `bench`): a step of a loop in Python with a count of `bits` bits
# costs bits + 750 units, as in the recurrence of a plain sum; a product of two packed
# integers of b bytes, KARATSUBA x b^1.585 (Python multiplies big integers by Karatsuba).
KARATSUBA = 4.0
SET_WAY = 6.0  # a way of a set's items falling, ranked and summed in Python, in steps
RANKED = 0.4  # a step down the faces of kept dice, against one of the recurrence


def _step(bits: float) -> float:
    return bits + 750


def _group_size(count: int, sides: int, ops: tuple[Op, ...], pool: bool) -> OddsSize:
    """What the exact odds of a group with operators cost (see companion.dice.groups)."""
    whole, one = shape(count, sides, ops), shape(1, sides, ops)
    if pool:
        totals, each = whole.kept_high - 0 + 1, one.kept_high + 1
    else:
        totals = whole.kept_high * whole.face_high - whole.kept_low * whole.face_low + 1
        each = one.kept_high * one.face_high + 1
    bits = whole.rolls * log2(sides)
    explosions = sum(1 for op in ops if op.name == "e")
    # A die's own distribution: a mixture of the faces for each face before each
    # operator, and for each link of each chain of explosions.
    singly = sum(1 for op in ops if not op.by_rank)  # the choices by rank are not
    links = (singly + 1) * sides + explosions * (MAX_EXPLOSIONS + 1) * sides
    work = links * each * _step(one.rolls * log2(sides))
    if any(op.by_rank for op in ops):
        # Down the faces: for each face, each number of dice placed short of the
        # positions looked at (`reach`) and each number of them showing it, the ways
        # so far (what `reach` kept dice can add) times the ways of those dice.
        reach, _ = rank_reach(count, ops)
        each_span = 1 if pool else whole.face_high - whole.face_low
        kept = min(totals, reach * each_span + 1)
        work += sides * reach * (reach + 1) * kept * _step(bits) * RANKED
    else:
        work += totals * _step(bits) * each * (2 if any(op.name == "ra" for op in ops) else 1)
    return OddsSize(totals, bits, 0, work)


def _convolution(a: OddsSize, b: OddsSize, totals: int) -> float:
    if min(a.totals, b.totals) <= 64:
        return a.totals * b.totals * _step(a.bits + b.bits)
    return KARATSUBA * ((a.totals + b.totals) * ((a.bits + b.bits) / 8 + 1)) ** 1.585


def _span(node: Term | Expr) -> int:
    low, high = node.bounds()
    return high - low + 1


def _checked(node: Term | Expr, size: OddsSize) -> OddsSize:
    if size.totals > MAX_TOTALS:
        raise OddsTooBig(
            f"{named(node)} has {size.totals:,} possible totals; exact odds are worked "
            f"out for up to {MAX_TOTALS:,}: use fewer or smaller dice, or roll it instead"
        )
    return size


def _term_size(term: Term) -> OddsSize:
    if isinstance(term, Const):
        return OddsSize(1, 0, 0)
    if isinstance(term, Dice | D66):
        return _checked(term, _plain_size(Sum((Signed(1, term),))))
    if isinstance(term, Operated):
        return _checked(term, _group_size(term.count, term.sides, term.ops, pool=False))
    if isinstance(term, Paren):
        return _sum_size(term.inner)
    if isinstance(term, Neg):
        return _term_size(term.inner)
    if isinstance(term, Frac):
        return OddsSize(1, 0, 0)
    if isinstance(term, Rounded):
        return _term_size(term.inner)
    if isinstance(term, SetOf):
        # Every way the items can fall together, each kept or dropped as it falls.
        sizes = [_sum_size(item) for item in term.items]
        joint = prod(size.totals for size in sizes)
        bits = sum(size.bits for size in sizes)
        work = sum(size.work for size in sizes) + joint * len(sizes) * SET_WAY * _step(bits)
        return _checked(term, OddsSize(min(_span(term), joint), bits, 0, work))
    if isinstance(term, Product):
        a, b = _term_size(term.left), _term_size(term.right)
        totals = min(_span(term), a.totals * b.totals)
        pairs = a.totals * b.totals
        return _checked(term, OddsSize(totals, a.bits + b.bits, 0,
                                       a.work + b.work + pairs * _step(a.bits + b.bits)))
    raise TypeError(f"no distribution for term {term!r}")


def _parts(expr: Sum) -> tuple[Sum | None, list[Signed]]:
    """A sum's plain terms (constants, dice, d66: the fast way) and the others."""
    plain = tuple(s for s in expr.terms if isinstance(s.term, Const | Dice | D66))
    others = [s for s in expr.terms if not isinstance(s.term, Const | Dice | D66)]
    return (Sum(plain) if plain else None), others


def _sum_size(expr: Sum) -> OddsSize:
    if expr.is_plain:
        return _checked(expr, _plain_size(expr))
    plain, others = _parts(expr)
    sizes = ([_checked(plain, _plain_size(plain))] if plain else []) + [
        _term_size(s.term) for s in others]
    acc = sizes[0]
    for size in sizes[1:]:
        totals = min(_span(expr), acc.totals * size.totals)
        work = acc.work + size.work + _convolution(acc, size, totals)
        acc = OddsSize(totals, acc.bits + size.bits, 0, work)
    return _checked(expr, OddsSize(min(acc.totals, _span(expr)), acc.bits, 0, acc.work))


def _size(expr: Expr) -> OddsSize:
    if isinstance(expr, Pool):
        if not expr.ops:
            return OddsSize(expr.count + 1, expr.count * log2(expr.sides), 1)
        return _checked(expr, _group_size(expr.count, expr.sides, expr.ops, pool=True))
    if not isinstance(expr, Sum):
        raise TypeError(f"no distribution for {expr!r}")
    return _sum_size(expr)


def named(expr: Expr | Term) -> str:
    """The expression for a one-line message: a long one cut after a whole term."""
    text = str(expr)
    if len(text) <= 40:
        return text
    cut = max(text.rfind("+", 1, 38), text.rfind("-", 1, 38))
    return text[:cut if cut > 0 else 37] + "..."


def check_size(expr: Expr) -> OddsSize:
    """The cost of the exact odds of `expr`; raise OddsTooBig if beyond the bounds.

    It takes a moment whatever the expression: nothing is worked out.
    """
    size = _size(expr)
    if size.totals > MAX_TOTALS:
        raise OddsTooBig(
            f"{named(expr)} has {size.totals:,} possible totals; exact odds are worked "
            f"out for up to {MAX_TOTALS:,}: use fewer or smaller dice, or roll it instead"
        )
    if size.work > MAX_WORK:
        if isinstance(expr, Sum) and expr.is_plain:
            # A plain sum gets here only with many sizes of dice: a pool is one size.
            kinds = {s.term.sides if isinstance(s.term, Dice) else 66 for s in expr.terms
                     if not isinstance(s.term, Const)}
            raise OddsTooBig(
                f"{named(expr)}: {len(kinds)} sizes of dice over {size.totals:,} totals "
                f"are {size.work / MAX_WORK:.1f} times the work exact odds are worked out "
                "for: use fewer sizes of dice or fewer dice, or roll it instead"
            )
        raise OddsTooBig(
            f"{named(expr)}: its exact odds are {size.work / MAX_WORK:.1f} times the work "
            "they are worked out for: use fewer dice, fewer operators or smaller dice, or "
            "roll it instead"
        )
    return size


def _score(target: int | None) -> Callable[[int], int]:
    if target is None:
        return lambda face: face
    return lambda face: 1 if face >= target else 0


def _group(count: int, sides: int, ops: tuple[Op, ...], target: int | None) -> Distribution:
    counts, total = group_counts(count, sides, ops, _score(target))
    return Distribution._make(counts, total)


def _product(a: Distribution, b: Distribution, op: str) -> Distribution:
    """The distribution of `a op b` for independent a and b: every pair of values."""
    counts: dict[int, int] = {}
    for va, ca in a._counts.items():
        for vb, cb in b._counts.items():
            v = divide(va, vb, op)
            counts[v] = counts.get(v, 0) + ca * cb
    return Distribution._make(counts, a._total * b._total)


def _plain(expr: Sum) -> Distribution:
    dice, shift = _groups(expr)
    return _dice_distribution(dice) + shift


def _term(term: Term) -> Distribution:
    if isinstance(term, Const):
        return Distribution.constant(term.value)
    if isinstance(term, Dice | D66):
        return _plain(Sum((Signed(1, term),)))
    if isinstance(term, Operated):
        return _group(term.count, term.sides, term.ops, None)
    if isinstance(term, Paren):
        return _sum(term.inner)
    if isinstance(term, Neg):
        return -_term(term.inner)
    if isinstance(term, SetOf):
        return _set(term)
    if isinstance(term, Rounded):
        counts, total = _exact_counts(term.inner)
        rounded: dict[int, int] = {}
        for value, ways in counts.items():
            key = round_half_down(value)
            rounded[key] = rounded.get(key, 0) + ways
        return Distribution._make(rounded, total)
    if isinstance(term, Product):
        return _product(_term(term.left), _term(term.right), term.op)
    raise TypeError(f"no distribution for term {term!r}")


def _exact_counts(term: Term) -> tuple[dict[Fraction, int], int]:
    """The ways of each exact value of a factor or product of a `Rounded`."""
    if isinstance(term, Frac):
        return {term.value: 1}, 1
    if isinstance(term, Neg):
        counts, total = _exact_counts(term.inner)
        return {-value: ways for value, ways in counts.items()}, total
    if isinstance(term, Product) and term.decimal:
        (a, at), (b, bt) = _exact_counts(term.left), _exact_counts(term.right)
        found: dict[Fraction, int] = {}
        for va, ca in a.items():
            for vb, cb in b.items():
                value = exact(va, vb, term.op)
                found[value] = found.get(value, 0) + ca * cb
        return found, at * bt
    part = _term(term)
    return {Fraction(value): ways for value, ways in part._counts.items()}, part._total


def _set(term: SetOf) -> Distribution:
    """Every way the items of a set fall together: what its keeps and drops leave."""
    parts = [_sum(item) for item in term.items]
    counts: dict[int, int] = {}
    for way in every(*(part._counts.items() for part in parts)):
        values = [value for value, _ in way]
        kept = set_kept(values, term.ops)
        total = sum(v for v, k in zip(values, kept, strict=True) if k)
        counts[total] = counts.get(total, 0) + prod(c for _, c in way)
    return Distribution._make(counts, prod(part._total for part in parts))


def _sum(expr: Sum) -> Distribution:
    if expr.is_plain:
        return _plain(expr)
    plain, others = _parts(expr)
    result = _plain(plain) if plain else Distribution.constant(0)
    for signed in others:
        part = _term(signed.term)
        result = result + part if signed.sign > 0 else result - part
    return result


def distribution(expr: Expr | str) -> Distribution:
    """The exact distribution of parsed notation (or of notation text).

    Raises OddsTooBig, before any work, beyond the bounds of `check_size` (1000d1000,
    or 292d245 with its 71,249 totals): every expression within them is worked out
    in well under a second.
    """
    if isinstance(expr, str):
        expr = parse(expr)
    check_size(expr)
    if isinstance(expr, Pool):
        if not expr.ops:
            return pool_successes(expr.count, expr.sides, expr.target)
        return _group(expr.count, expr.sides, expr.ops, expr.target)
    if not isinstance(expr, Sum):
        raise TypeError(f"no distribution for {expr!r}")
    return _sum(expr)


def bench(repeat: int = 5) -> dict[str, float]:
    """Time the common questions; print and return the median seconds of each."""
    cases: dict[str, Callable[[], object]] = {
        "pool_highest(30)": lambda: pool_highest(30),
        "pool_successes(30, 6, 6)": lambda: pool_successes(30, 6, 6),
        "100d6, every chance read": lambda: distribution("100d6").probabilities(),
    }
    for text in ("4d6>=5", "2d6+d66", "100d6", "1000d6", "1000d10", "300d6+300d8-d66",
                 "+".join(["d66"] * 181), "+".join(f"d{sides}" for sides in range(2, 50)),
                 "1000d1000>=500"):
        cases[text if len(text) < 30 else text[:26] + "..."] = partial(distribution, text)
    results: dict[str, float] = {}
    for name, case in cases.items():
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            case()
            times.append(time.perf_counter() - start)
        results[name] = median(times)
        print(f"{name:30s} {results[name] * 1000:10.3f} ms")
    return results


if __name__ == "__main__":
    bench()
