"""Exact outcome distributions: every probability is a Fraction, nothing is sampled.

Internally a distribution is a table of whole-number counts over one common total
(2d6: 36 ways in all, 6 of them make 7). Sums convolve counts, which stays in fast
integer arithmetic; Fractions are made only when a probability is read.

One Distribution for every game. The other modules of companion.dice.odds build theirs
with the trusted `Distribution._make` and read `_counts` and `_total` directly: the
counts they make are already whole, positive and summed."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from math import lcm


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
