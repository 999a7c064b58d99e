"""The tree a text is parsed into: its terms (constants, dice, d66, dice with
operators, sets, products, sums in parentheses) and its whole expressions (a sum, a
success pool), each immutable, each knowing its canonical text and its bounds.

The plan of the quick way of rolling (`_quick_plan`) is here, not with the roller:
each tree keeps its own (`Expr.quick`), and the roller imports the tree, not the other way."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import ceil, floor

from companion.dice.notation.arithmetic import PRODUCT_OPS, divide, exact, round_half_down
from companion.dice.notation.limits import MAX_CONSTANT, MAX_DICE, MAX_SIDES
from companion.dice.notation.operators import Op, Shape, shape


class Term(ABC):
    """A factor of a product or an addend of a sum: a constant, dice, d66, dice with
    operators, a product, or a sum in parentheses."""

    @abstractmethod
    def describe(self) -> str: ...

    @property
    def dice_count(self) -> int:
        return 0

    @abstractmethod
    def bounds(self) -> tuple[int, int]:
        """The lowest and the highest total this can make (perhaps never made)."""

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True)
class Const(Term):
    value: int

    def __post_init__(self) -> None:
        if not 0 <= self.value <= MAX_CONSTANT:
            raise ValueError(f"a constant term must be 0..{MAX_CONSTANT}, got {self.value}")

    def describe(self) -> str:
        return str(self.value)

    def bounds(self) -> tuple[int, int]:
        return self.value, self.value


@dataclass(frozen=True)
class Dice(Term):
    count: int
    sides: int

    def __post_init__(self) -> None:
        if not 0 <= self.count <= MAX_DICE or not 1 <= self.sides <= MAX_SIDES:
            raise ValueError(f"impossible dice term {self.count}d{self.sides}")
        if self.sides == 66:
            raise ValueError("a 66-sided die is not offered: d66 is the D66 term")

    @property
    def dice_count(self) -> int:
        # The dice drawn: a d1 always shows 1 and is never drawn (the limit of dice
        # written, MAX_DICE, counts it all the same).
        return self.count if self.sides > 1 else 0

    def describe(self) -> str:
        # The count is always written, so "1d8" and "d8" share one canonical form.
        return f"{self.count}d{self.sides}"

    def bounds(self) -> tuple[int, int]:
        return self.count, self.count * self.sides


@dataclass(frozen=True)
class D66(Term):
    @property
    def dice_count(self) -> int:
        return 2

    def describe(self) -> str:
        return "d66"

    def bounds(self) -> tuple[int, int]:
        return 11, 66


@dataclass(frozen=True)
class Operated(Term):
    """Dice with operators: `4d6kh3`, `3d6rr1`, `d6e6`."""

    count: int
    sides: int
    ops: tuple[Op, ...]
    # A roll in parentheses kept or dropped again, `((10d6kh5)kl2)kh1`: for each ')',
    # how many of the operators come before it (here (1, 2)). The operators act one
    # after another whatever the parentheses; they only keep two keeps apart, which
    # written in a row would pick the dice either picks.
    closes: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        Dice(self.count, self.sides)  # the same limits as plain dice
        if not self.ops:
            raise ValueError("dice with operators need at least one")
        if list(self.closes) != sorted(self.closes) or any(
                not 0 <= c < len(self.ops) for c in self.closes):
            raise ValueError(f"no such parentheses {self.closes!r}")

    @property
    def dice_count(self) -> int:
        return self.count

    def describe(self) -> str:
        text = "(" * len(self.closes) + f"{self.count}d{self.sides}"
        for index, op in enumerate(self.ops):
            text += ")" * self.closes.count(index) + op.describe()
        return text

    @property
    def shape(self) -> Shape:
        return shape(self.count, self.sides, self.ops)

    def bounds(self) -> tuple[int, int]:
        s = self.shape
        return s.kept_low * s.face_low, s.kept_high * s.face_high


@dataclass(frozen=True)
class Paren(Term):
    """A sum in parentheses."""

    inner: Sum

    @property
    def dice_count(self) -> int:
        return self.inner.dice_count

    def describe(self) -> str:
        return f"({self.inner.describe()})"

    def bounds(self) -> tuple[int, int]:
        return self.inner.bounds()


@dataclass(frozen=True)
class SetOf(Term):
    """Expressions in parentheses, between commas, kept or dropped as dice are and
    summed: `(1d20, 1d20)kh1` (advantage), `(1d6+1, 8)kl1`, `(2d6+1)kh1` (one item)."""

    items: tuple[Sum, ...]
    ops: tuple[Op, ...] = ()

    def __post_init__(self) -> None:
        if not self.items:
            raise ValueError("a set needs at least one item")
        if any(op.name not in ("k", "p") for op in self.ops):
            raise ValueError("a set is only kept or dropped")

    @property
    def dice_count(self) -> int:
        return sum(item.dice_count for item in self.items)

    def describe(self) -> str:
        inner = ", ".join(item.describe() for item in self.items)
        comma = "," if len(self.items) == 1 else ""
        return f"({inner}{comma})" + "".join(op.describe() for op in self.ops)

    def bounds(self) -> tuple[int, int]:
        ranges = [item.bounds() for item in self.items]
        if not self.ops:
            return sum(a for a, _ in ranges), sum(b for _, b in ranges)
        low = sum(min(0, a) for a, _ in ranges)
        high = sum(max(0, b) for _, b in ranges)
        if all(a > 0 for a, _ in ranges) and all(
                op.name == "k" and not op.by_face for op in self.ops):
            low = min(a for a, _ in ranges)  # h and l keep one item at least
        return low, high


@dataclass(frozen=True)
class Neg(Term):
    """A leading '-' on the first factor of a product: `-7//2` is (-7)//2, -4, as
    d20 reads it (a minus before anything else is the sign of its term)."""

    inner: Term

    @property
    def dice_count(self) -> int:
        return self.inner.dice_count

    def describe(self) -> str:
        return f"-{self.inner.describe()}"

    def bounds(self) -> tuple[int, int]:
        low, high = self.inner.bounds()
        return -high, -low


@dataclass(frozen=True)
class Frac(Term):
    """A number with decimals, `1.5`: only ever inside a `Rounded` product."""

    value: Fraction

    def __post_init__(self) -> None:
        if not 0 <= self.value <= MAX_CONSTANT:
            raise ValueError(f"a number must be 0..{MAX_CONSTANT}, got {self.value}")

    def describe(self) -> str:
        whole, rest = divmod(self.value, 1)
        digits = ""
        while rest:  # a decimal as written has a finite expansion
            rest *= 10
            digit, rest = divmod(rest, 1)
            digits += str(digit)
        return f"{whole}.{digits or 0}"

    def bounds(self) -> tuple[int, int]:
        return floor(self.value), ceil(self.value)


@dataclass(frozen=True)
class Rounded(Term):
    """A product with a number with decimals in it (`1d6*1.5`), or such a number alone:
    worked out exactly (`/` divides exactly in it) and rounded once, at its end, to
    the nearest whole number, a half going down."""

    inner: Term

    @property
    def dice_count(self) -> int:
        return self.inner.dice_count

    def describe(self) -> str:
        return self.inner.describe()

    def bounds(self) -> tuple[int, int]:
        low, high = exact_bounds(self.inner)
        return round_half_down(low), round_half_down(high)


def exact_bounds(term: Term) -> tuple[Fraction, Fraction]:
    """The lowest and the highest value of a factor or product of a `Rounded`, exactly."""
    if isinstance(term, Frac):
        return term.value, term.value
    if isinstance(term, Neg):
        low, high = exact_bounds(term.inner)
        return -high, -low
    if isinstance(term, Product) and term.decimal:
        (a, b), (c, d) = exact_bounds(term.left), exact_bounds(term.right)
        if term.op == "%":
            return ((a, b) if a >= 0 and b < c else (Fraction(0), d)) if c > 0 else (c, Fraction(0))
        if term.op != "*" and c <= 0 <= d:
            raise ValueError(f"{term.right} could be 0")
        corners = [exact(x, y, term.op) for x in (a, b) for y in (c, d)]
        return min(corners), max(corners)
    lowest, highest = term.bounds()
    return Fraction(lowest), Fraction(highest)


@dataclass(frozen=True)
class Product(Term):
    """`left op right`, op one of * / // %, from left to right: `d20//3`, `(d6+1)*2`."""

    left: Term
    op: str
    right: Term
    decimal: bool = False  # a product with decimals, in a Rounded: worked out exactly

    def __post_init__(self) -> None:
        if self.op not in PRODUCT_OPS:
            raise ValueError(f"no such operator {self.op!r}")

    @property
    def dice_count(self) -> int:
        return self.left.dice_count + self.right.dice_count

    def describe(self) -> str:
        return f"{self.left.describe()}{self.op}{self.right.describe()}"

    def bounds(self) -> tuple[int, int]:
        if self.decimal:
            low, high = exact_bounds(self)
            return floor(low), ceil(high)
        (a, b), (c, d) = self.left.bounds(), self.right.bounds()
        if self.op == "%":
            # What // leaves takes the divisor's sign and is smaller than it.
            if c > 0:
                return (a, b) if a >= 0 and b < c else (0, d - 1)
            return c + 1, 0
        if self.op != "*" and c <= 0 <= d:
            raise ValueError(f"{self.right} could be 0")
        # Each operator is monotonic in each argument where the divisor keeps its sign,
        # so the extremes are at the corners.
        corners = [divide(x, y, self.op) for x in (a, b) for y in (c, d)]
        return min(corners), max(corners)


@dataclass(frozen=True)
class Signed:
    sign: int  # +1 or -1
    term: Term

    def __post_init__(self) -> None:
        if self.sign not in (1, -1):
            raise ValueError(f"sign must be +1 or -1, got {self.sign}")

    def bounds(self) -> tuple[int, int]:
        """The lowest and the highest the term adds to its sum, its sign taken."""
        low, high = self.term.bounds()
        return (-high, -low) if self.sign < 0 else (low, high)


class Expr(ABC):
    """A parsed expression; `str()` gives its canonical notation."""

    label: str  # the words in brackets written in it (the dataclasses' field)

    @abstractmethod
    def describe(self) -> str: ...

    # Worked out once per tree (a tree is immutable and the parse cache shares it):
    # every roll of it needs them. cached_property writes the instance's __dict__,
    # which a frozen dataclass allows; equality and hashing see only the fields.
    @cached_property
    def canonical(self) -> str:
        """`describe()`, kept."""
        return self.describe()

    @cached_property
    def quick(self) -> tuple[_Step, ...] | None:
        """How `evaluate` rolls this without the full machinery, or None when it
        takes the full way (see `_quick_plan`)."""
        return _quick_plan(self)

    @property
    @abstractmethod
    def dice_count(self) -> int: ...

    @abstractmethod
    def bounds(self) -> tuple[int, int]: ...

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True)
class Sum(Expr):
    terms: tuple[Signed, ...]
    # The words in brackets written in the expression (`1d20+5 [fire]`), joined: the
    # roll's label. Not part of the notation: `describe()` leaves it out.
    label: str = ""

    def __post_init__(self) -> None:
        if not self.terms:
            raise ValueError("a sum needs at least one term")

    @property
    def dice_count(self) -> int:
        return sum(signed.term.dice_count for signed in self.terms)

    @property
    def is_plain(self) -> bool:
        """Only constants, plain dice and d66: what the fast odds take."""
        return all(isinstance(s.term, Const | Dice | D66) for s in self.terms)

    def describe(self) -> str:
        parts = []
        for index, signed in enumerate(self.terms):
            if signed.sign < 0:
                parts.append("-")
            elif index:
                parts.append("+")
            parts.append(signed.term.describe())
        return "".join(parts)

    def bounds(self) -> tuple[int, int]:
        low = high = 0
        for signed in self.terms:
            a, b = signed.bounds()
            low, high = low + a, high + b
        return low, high


@dataclass(frozen=True)
class Pool(Expr):
    count: int
    sides: int
    target: int
    ops: tuple[Op, ...] = ()
    label: str = ""  # as a Sum's

    def __post_init__(self) -> None:
        Dice(self.count, self.sides)  # same limits as a summed term
        if not 1 <= self.target <= self.sides:
            raise ValueError(f"target {self.target} is not a face of a d{self.sides}")

    @property
    def dice_count(self) -> int:
        return self.count

    def describe(self) -> str:
        ops = "".join(op.describe() for op in self.ops)
        return f"{self.count}d{self.sides}{ops}>={self.target}"

    def bounds(self) -> tuple[int, int]:
        return 0, shape(self.count, self.sides, self.ops).kept_high


# A step of the quick way: (sign, count, sides, kept) rolls `count`d`sides` and adds
# (or takes away) the sum of the faces, or of the slice `kept` of them sorted from
# lowest to highest (keeping or dropping the highest or lowest few); a step with no
# sides adds the constant `count`.
_Step = tuple[int, int, int, slice | None]


def _quick_plan(expr: Expr) -> tuple[_Step, ...] | None:
    """The steps of the quick way for a sum of constants, plain dice and dice that
    keep or drop their highest or lowest few (`4d6kh3`), or a success pool with no
    operators; None for anything else, which `evaluate` rolls the full way."""
    if type(expr) is Pool:
        return None if expr.ops else ((1, expr.count, expr.sides, None),)
    if type(expr) is not Sum:
        return None
    steps: list[_Step] = []
    for signed in expr.terms:
        term = signed.term
        if type(term) is Const:
            steps.append((signed.sign, term.value, 0, None))
        elif type(term) is Dice and term.sides == 1:  # always 1 a die: nothing drawn
            steps.append((signed.sign, term.count, 0, None))
        elif type(term) is Dice:
            steps.append((signed.sign, term.count, term.sides, None))
        elif type(term) is Operated and len(term.ops) == 1 \
                and len(term.ops[0].selectors) == 1 and term.ops[0].name in ("k", "p") \
                and term.ops[0].selectors[0].kind in ("h", "l"):
            # The dice a keep or a drop leaves, of `count` sorted lowest first: the
            # same total however equal faces are ranked.
            keep, kind = term.ops[0].name == "k", term.ops[0].selectors[0].kind
            n, count = term.ops[0].selectors[0].number, term.count
            high = kind == "h"
            if keep:
                kept = slice(max(0, count - n), None) if high else slice(0, n)
            else:
                kept = slice(0, max(0, count - n)) if high else slice(n, None)
            steps.append((signed.sign, count, term.sides, kept))
        else:
            return None
    return tuple(steps)
