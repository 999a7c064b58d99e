"""Dice notation: a small grammar, parsed by hand into a tree, rolled with a DiceSource.

    expr     := pool | sum
    sum      := signs product (('+' | '-') signs product)*
    signs    := ('+' | '-')*               (as arithmetic: --3 is 3, +-2 is -2)
    product  := factor (('*' | '/' | '//' | '%') factor)*
    factor   := (NUMBER | dice | 'd66' | '(' sum ')' | set | nested) label*
    set      := '(' sum (',' sum)* [','] ')' keep*  (one item needs a comma or a keep)
    nested   := '(' dice ')' keep+          (`((10d6kh5)kl2)kh1`: kept again, in turn)
    keep     := ('k' | 'p') selector
    dice     := [COUNT] 'd' (SIDES | '%') operator*
    operator := ('k' | 'p') selector | ('rr' | 'ro' | 'ra' | 'e') selector | '!'
              | ('mi' | 'ma') INTEGER
    selector := ['h' | 'l' | '<' | '>'] INTEGER
    pool     := dice '>=' TARGET       (counts the dice showing TARGET or more)
    NUMBER   := INTEGER | [INTEGER] '.' DIGITS  (a product with decimals: see below)
    label    := '[' WORDS ']'          (after any factor or a pool's target: the roll's label)

The operators are those of avrae's d20 notation, with the same meaning, applied left to
right to the dice of their group: `k` keeps the dice its selector picks and `p` drops
them; `hN`/`lN` pick the N highest/lowest dice still kept, `N` the dice showing N, `<N`
and `>N` those showing less or more. `rr` rerolls the picked dice until none is picked
(each at most MAX_REROLLS times: the last reroll stands), `ro` rerolls them once, `ra`
rolls one more die for the first one picked; `e` rolls one more die for each one picked,
and for each new one picked, at most MAX_EXPLOSIONS times from each die rolled first;
`!` is `e` on the highest face. `mi`/`ma` raise/lower each die to at least/most N. The
same operator written twice in a row picks the dice either selector picks (`kh1kl1`
keeps the highest and the lowest). Choosing by `h` and `l` needs a number of dice known
before the roll: it comes before `e`, `ra` and keeping or dropping by face (which make
that number depend on the roll), and after a reroll only if nothing was chosen before.

Our decisions where d20 leaves room: results are whole numbers: `/` divides and rounds
toward zero (7/2 = 3, -7/2 = -3), `//` rounds down (-7//2 = -4) and `%` is what `//`
leaves (-7%2 = 1): a leading '-' belongs to the first factor of a product, as in d20;
a divisor that could be 0 (0 lies between its lowest and highest) is refused. `d%` is
d100 (1..100). Keeping or dropping more dice than there are keeps or drops them all;
`h0`/`l0`, a selector no face of the die can match, `mi`/`ma` beyond the die's faces,
and `rr`/`e` on every face are refused. After an operator of a product, a negative
goes in parentheses: 2*(-1). A house ruling: a product with a number with decimals in it
(`1d6*1.5`) is worked out exactly, `/` dividing exactly, and rounded once at its end to
the nearest whole number, a half going down (4.5 is 4, -1.5 is -2); a decimal alone is
rounded likewise. So every total stays a whole number.

Spaces may stand between tokens, never inside one (`3d6`, `4d6kh3`, `>=`, `//`);
letters may be upper case. `d66` is two d6 read as tens and units (11..66), not a
66-sided die, so it takes no count and no operator. A success pool is a whole
expression. The text is never handed to eval: this module is the only reader.

One long module: the grammar's tree, its parser, its roller and its words share the node
classes, and a change to one form (a keep, a label) touches all four; issue 25 splits it
into dice/notation/ (tree, parse, roll, words) once the forms settle."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property, lru_cache
from math import ceil, floor
from typing import Any

from companion.dice.sources import DiceSource, RollRecord, ScriptedDice, roll_d66
from companion.errors import UserError

# Limits keep a typo (or a joke) from freezing the app: no table needs more.
MAX_DICE = 1000  # dice in the whole expression as written (d66 counts as two)
MAX_SIDES = 1000
MAX_CONSTANT = 1_000_000
MAX_TEXT = 1000  # characters
MAX_DECIMALS = 6  # digits after a number's '.'
# What rerolls and explosions may add, die by die: the caps make every roll finite and
# every distribution exact (a finite number of outcomes).
MAX_REROLLS = 10  # a die rerolled by one rr, at most
MAX_EXPLOSIONS = 10  # dice one die (and the dice it adds) adds by one e, at most
MAX_ROLLS = 20_000  # dice drawn by the whole expression at the very worst
# Totals stay where a float holds them exactly enough and a line prints short.
MAX_VALUE = 10**12

NOTATION_HELP = """\
dice notation:
  2d6        two six-sided dice, summed (d6 is one die; D works too; d% is d100)
  2d6+1      dice and whole numbers: + - * and (); d8+d4-1, (d6+1)*2, -1+d6
  d20/3      whole numbers: / rounds toward zero, // rounds down, % the remainder
  d6*1.5     decimals: the product is rounded to a whole number, a half down
  d66        two d6 read as tens and units: 11..66 (the insanity table)
  4d6kh3     keep the highest 3 (kl1 the lowest; p drops: ph1, pl1; k>3, p<2, k6)
  3d6rr1     reroll 1s until none (ro: once; ra: add one die); <N >N pick faces
  d6e6, d6!  explode: a 6 rolls one more die (at most 10 a die); mi2, ma5 clamp
  (d20,d20)kh1  a set: keep or drop whole expressions; ((10d6kh5)kl2)kh1 in turn
  4d6>=5     a success pool: counts the dice showing 5 or more (a whole expression)
  d20+5 [fire]  words in brackets label the roll and add nothing
limits: at most 1000 dice in all, 0 to 1000 a term, of 1 to 1000 sides (d1 is 1).
signs repeat as in arithmetic: +1d6, 1d6+-2, --3."""


class NotationError(UserError):
    """Dice notation that cannot be read; `column` (1-based) says where."""

    def __init__(self, message: str, column: int) -> None:
        super().__init__(message)
        self.column = column


# ---------------------------------------------------------------- the tree


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


SELECTOR_KINDS = ("", "h", "l", "<", ">")
OPERATORS = ("k", "p", "rr", "ro", "ra", "e", "mi", "ma")


@dataclass(frozen=True)
class Selector:
    """Which dice an operator acts on: `kind` "" (showing `number`), "h"/"l" (the
    `number` highest/lowest still kept), "<"/">" (showing less/more than `number`)."""

    kind: str
    number: int

    def __post_init__(self) -> None:
        if self.kind not in SELECTOR_KINDS or self.number < 0:
            raise ValueError(f"no such selector {self.kind}{self.number}")

    @property
    def by_rank(self) -> bool:
        return self.kind in ("h", "l")

    def picks(self, face: int) -> bool:
        """Whether a die showing `face` is picked (a selector by face)."""
        if self.kind == "<":
            return face < self.number
        if self.kind == ">":
            return face > self.number
        if self.kind == "":
            return face == self.number
        raise ValueError(f"{self.kind}{self.number} picks by rank, not by face")

    def describe(self) -> str:
        return f"{self.kind}{self.number}"


@dataclass(frozen=True)
class Op:
    """One operator of a group of dice and its selectors (more than one when the same
    operator is written twice in a row: it acts on the dice any of them picks)."""

    name: str
    selectors: tuple[Selector, ...]

    def __post_init__(self) -> None:
        if self.name not in OPERATORS or not self.selectors:
            raise ValueError(f"no such operator {self.name!r}")
        if self.name in ("mi", "ma") and (len(self.selectors) != 1
                                          or self.selectors[0].kind):
            raise ValueError(f"{self.name} takes one number")

    @property
    def by_rank(self) -> bool:
        return any(s.by_rank for s in self.selectors)

    @property
    def by_face(self) -> bool:
        return any(not s.by_rank for s in self.selectors)

    def picks(self, face: int) -> bool:
        """Whether a die showing `face` is picked by a selector by face."""
        return any(s.picks(face) for s in self.selectors if not s.by_rank)

    def describe(self) -> str:
        return "".join(f"{self.name}{s.describe()}" for s in self.selectors)


@dataclass(frozen=True)
class Shape:
    """What a group of dice with operators can come to, known before any roll."""

    kept_low: int  # dice kept at the end, at least
    kept_high: int  # and at most
    face_low: int  # what a kept die counts for, at least
    face_high: int  # and at most
    rolls: int  # dice drawn at the very worst


def shape(count: int, sides: int, ops: Iterable[Op]) -> Shape:
    """The bounds of a group `count`d`sides` with `ops` (conservative, never narrow)."""
    low, high, face_low, face_high, rolls = count, count, 1, sides, count
    for op in ops:
        name = op.name
        if name == "mi":
            n = op.selectors[0].number
            face_low, face_high = max(face_low, n), max(face_high, n)
        elif name == "ma":
            n = op.selectors[0].number
            face_low, face_high = min(face_low, n), min(face_high, n)
        elif name in ("rr", "ro"):
            rolls += high * (MAX_REROLLS if name == "rr" else 1)
            face_low, face_high = 1, max(face_high, sides)
        elif name == "e":
            rolls += high * MAX_EXPLOSIONS
            high += high * MAX_EXPLOSIONS
            face_low, face_high = 1, max(face_high, sides)
        elif name == "ra":
            rolls += 1
            high += 1
            face_low, face_high = 1, max(face_high, sides)
        else:  # k or p
            ranks = [s.number for s in op.selectors if s.by_rank]
            if name == "k":
                low = 0 if op.by_face else min(low, max(ranks))
                high = high if op.by_face else min(high, sum(ranks))
            else:
                low = 0 if op.by_face else max(0, low - sum(ranks))
                high = max(0, high - max(ranks)) if ranks else high
    return Shape(low, high, face_low, face_high, rolls)


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


def set_kept(values: list[int], ops: Iterable[Op]) -> list[bool]:
    """Which items of a set showing `values` its keeps and drops leave counted: each
    operator among those still kept, in turn; h and l rank the highest first, equal
    values in the order written (as the dice of a group)."""
    kept = [True] * len(values)
    for op in ops:
        live = [i for i, k in enumerate(kept) if k]
        ranked = sorted(live, key=lambda i: -values[i])
        chosen: set[int] = set()
        for selector in op.selectors:
            if selector.kind == "h":
                chosen.update(ranked[:selector.number])
            elif selector.kind == "l":
                chosen.update(ranked[max(0, len(ranked) - selector.number):])
            else:
                chosen.update(i for i in live if selector.picks(values[i]))
        for i in live:
            if (i in chosen) != (op.name == "k"):
                kept[i] = False
    return kept


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


def round_half_down(value: Fraction) -> int:
    """The nearest whole number, a half going down: 2.5 is 2, 2.6 is 3, -2.5 is -3."""
    return ceil(value - Fraction(1, 2))


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


def exact(a: Fraction, b: Fraction, op: str) -> Fraction:
    """`a op b` in a product with decimals: * and / exact, // and % as for whole numbers."""
    if op == "*":
        return a * b
    if op == "/":
        return a / b
    return Fraction(a // b) if op == "//" else a % b


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


PRODUCT_OPS = ("*", "/", "//", "%")


def divide(a: int, b: int, op: str) -> int:
    """`a op b` for the notation's whole-number operators (b is never 0 here)."""
    if op == "*":
        return a * b
    if op == "//":
        return a // b
    if op == "%":
        return a % b
    quotient = abs(a) // abs(b)  # "/": toward zero, as rules round halves down
    return quotient if (a < 0) == (b < 0) else -quotient


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
            a, b = signed.term.bounds()
            if signed.sign < 0:
                a, b = -b, -a
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


# ---------------------------------------------------------------- the parser


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.dice = 0  # dice seen so far, for the whole-expression limit
        self.rolls = 0  # dice drawn at the worst, for MAX_ROLLS
        self.labels: list[str] = []  # the words in brackets, in order

    def fail(self, message: str, pos: int | None = None, hint: str = "") -> NotationError:
        # The column comes right after the message's subject so each error reads
        # "<what> at column N", with any hint after it.
        column = (self.pos if pos is None else pos) + 1
        text = f"{message} at column {column}" + (f": {hint}" if hint else "")
        return NotationError(text, column)

    def peek(self, size: int = 1) -> str:
        return self.text[self.pos:self.pos + size]

    def found(self) -> str:
        char = self.peek()
        return f"'{char}'" if char else "the end"

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def number(self) -> int | None:
        start = self.pos
        # isdecimal() also takes other scripts' digits; notation is plain ASCII.
        while self.pos < len(self.text) and self.text[self.pos] in "0123456789":
            self.pos += 1
        digits = self.text[start:self.pos]
        if not digits:
            return None
        if len(digits.lstrip("0")) > len(str(MAX_CONSTANT)):
            shown = digits if len(digits) <= 12 else digits[:12] + "..."
            raise self.fail(f"number {shown}", start, f"numbers go up to {MAX_CONSTANT}")
        return int(digits)

    # -- sums and products

    def signs(self) -> int:
        """A run of signs, perhaps none (`+`, `--`, `+ -`): +1 or -1, as arithmetic."""
        sign = 1
        while self.peek() in ("+", "-") and self.peek():
            if self.peek() == "-":
                sign = -sign
            self.pos += 1
            self.skip_spaces()
        return sign

    def sum(self) -> Sum:
        sign = self.signs()
        first = self.product(negated=sign < 0)
        if _took_minus(first):
            sign = 1  # the minus went to the product's first factor
        terms = [Signed(sign, first)]
        # The sum's bounds so far, added to term by term as `Sum.bounds` adds them: a
        # new Sum of every term at each "+" made a long sum's parse quadratic (a sum of
        # 150 terms took 3.5 ms, 1.6 ms this way).
        low, high = Sum((terms[0],)).bounds()
        while True:
            self.skip_spaces()
            char = self.peek()
            if not char or char not in "+-":
                return Sum(tuple(terms))
            at = self.pos
            self.pos += 1
            self.skip_spaces()
            # Signs after the operator are the next term's own (1d6+-2 is 1d6-2), and a
            # minus among them goes to the first factor of a product, as at the start.
            unary = self.signs()
            term = self.product(negated=unary < 0)
            sign = 1 if char == "+" else -1
            signed = Signed(sign if _took_minus(term) else sign * unary, term)
            terms.append(signed)
            a, b = signed.term.bounds()
            if signed.sign < 0:
                a, b = -b, -a
            low, high = low + a, high + b
            self.too_far(low, high, char, at)

    def bounded(self, node: Term | Sum, op: str, at: int) -> None:
        self.too_far(*node.bounds(), op, at)

    def too_far(self, low: int, high: int, op: str, at: int) -> None:
        if max(-low, high) > MAX_VALUE:
            raise self.fail(f"'{op}'", at, f"totals could reach {max(-low, high):,}; "
                            f"at most {MAX_VALUE:,}")

    def product(self, negated: bool = False) -> Term:
        left = self.factor()
        decimal = isinstance(left, Frac)
        while True:
            self.skip_spaces()
            at = self.pos
            op = "//" if self.peek(2) == "//" else self.peek()
            if not op or op not in PRODUCT_OPS:
                return Rounded(left) if decimal else left
            if negated and not isinstance(left, Product):
                left = Neg(left)
            self.pos += len(op)
            self.skip_spaces()
            right_at = self.pos
            if self.peek() == "-":
                raise self.fail("unexpected '-'", hint="a negative number in a product goes "
                                "in parentheses, like 2*(-1)")
            right = self.factor()
            decimal = decimal or isinstance(right, Frac)
            if op != "*":
                low, high = exact_bounds(right)
                if low <= 0 <= high:
                    raise self.fail(f"division by zero after '{op}'", right_at,
                                    "the divisor is 0" if low == high == 0 else
                                    f"{_short(right.describe())} runs from {low} to {high}"
                                    ", and a divisor that could be 0 is refused")
            left = Product(left, op, right)
            if decimal:
                left = _exactly(left)
            self.bounded(left, op, at)

    def annotations(self) -> None:
        """Any words in brackets after a factor (`5 [fire]`): kept as the roll's label,
        they add nothing to the total, as in d20."""
        while True:
            back = self.pos
            self.skip_spaces()
            if self.peek() != "[":
                self.pos = back
                return
            opened = self.pos
            end = self.text.find("]", opened + 1)
            if end < 0:
                raise self.fail("unclosed '['", opened, "the words of a label end with ']', "
                                "like 1d20+5 [fire]")
            words = " ".join(self.text[opened + 1:end].split())
            if "[" in words:
                raise self.fail("unexpected '['", self.text.index("[", opened + 1),
                                "a label in brackets holds no other brackets")
            if words and words not in self.labels:
                self.labels.append(words)
            self.pos = end + 1

    def factor(self) -> Term:
        found = self._factor()
        self.annotations()
        return found

    def _factor(self) -> Term:
        if self.peek() != "(":
            return self.term()
        opened = self.pos
        self.pos += 1
        self.skip_spaces()
        if self.peek() == ")":
            raise self.fail("expected a term", hint="nothing is inside the parentheses")
        items = [self.sum()]
        self.skip_spaces()
        comma = False
        while self.peek() == ",":
            comma = True
            self.pos += 1
            self.skip_spaces()
            if self.peek() == ")":
                break  # (1d6,): a set of one, as d20 writes it
            items.append(self.sum())
            self.skip_spaces()
        if self.peek() and self.peek() in "<>=":
            raise self.fail(f"unexpected {self.found()}", hint="a success pool like 4d6>=5 "
                            "is a whole expression, not put in parentheses")
        if self.peek() != ")":
            raise self.fail(f"expected ')', found {self.found()}",
                            hint=f"the '(' at column {opened + 1} is not closed")
        self.pos += 1
        keeps = bool(self.peek()) and self.peek() in "kKpP"
        if not keeps and self._at_operator():
            raise self.fail(f"unexpected {self.found()}", hint="after ')' come only k and "
                            "p, keeping or dropping: (1d20, 1d20)kh1")
        if not comma and not keeps:
            return Paren(items[0])
        roll = _single_roll(items[0]) if not comma else None
        if roll is not None:
            # A roll in parentheses kept or dropped again: its dice, as if in a row.
            prior = roll.ops if isinstance(roll, Operated) else ()
            closes = roll.closes if isinstance(roll, Operated) else ()
            ops = self.operators(roll.count, roll.sides, prior, nested=True)
            return Operated(roll.count, roll.sides, ops, (*closes, len(prior)))
        return SetOf(tuple(items), self.set_operators())

    def set_operators(self) -> tuple[Op, ...]:
        """Keeps and drops after a set: kh1, pl2, k>5, p<3, k10 (by rank or by value)."""
        ops: list[Op] = []
        while self.peek() and self.peek() in "kKpP":
            at = self.pos
            name = self.peek().lower()
            self.pos += 1
            kind = ""
            if self.peek() and self.peek() in "hHlL<>":
                kind = self.peek().lower()
                self.pos += 1
            number = self.number()
            written = self.text[at:self.pos]
            if number is None:
                raise self.fail(f"expected a number after '{written}'")
            if kind in ("h", "l") and number == 0:
                verb = "keeps" if name == "k" else "drops"
                raise self.fail(f"'{written}'", at, f"it {verb} nothing; h and l count 1 "
                                "or more")
            selector = Selector(kind, number)
            if ops and ops[-1].name == name:
                ops[-1] = Op(name, (*ops[-1].selectors, selector))
            else:
                ops.append(Op(name, (selector,)))
        if self._at_operator() or (self.peek() and self.peek() in "hHlL"):
            raise self.fail(f"unexpected {self.found()}", hint="a set is kept or dropped "
                            "with k and p only: (1d20, 1d20)kh1")
        return tuple(ops)

    # -- terms

    def decimals(self, whole: int | None, start: int) -> Frac:
        """The decimals of a number after its '.': `1.5`, `0.25`, `.5`."""
        self.pos += 1  # the '.'
        at = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in "0123456789":
            self.pos += 1
        digits = self.text[at:self.pos]
        if len(digits) > MAX_DECIMALS:
            raise self.fail(f"number {self.text[start:self.pos]}", start,
                            f"numbers have at most {MAX_DECIMALS} decimals")
        value = (whole or 0) + Fraction(int(digits), 10 ** len(digits))
        if value > MAX_CONSTANT:
            raise self.fail(f"number {self.text[start:self.pos]}", start,
                            f"numbers go up to {MAX_CONSTANT}")
        if self.peek() in ("d", "D"):
            raise self.fail(f"unexpected {self.found()}", hint="a number of dice is whole")
        return Frac(value)

    def term(self) -> Term:
        start = self.pos
        count = self.number()
        if self.peek() == "." and self.peek(2)[1:] in tuple("0123456789"):
            return self.decimals(count, start)
        if self.peek() not in ("d", "D"):
            if count is None:
                raise self.fail("expected a term", hint=f"a number, dice like 2d6, d66 or "
                                f"'('; found {self.found()}")
            if count > MAX_CONSTANT:
                raise self.fail(f"number {count}", start, f"numbers go up to {MAX_CONSTANT}")
            return Const(count)
        self.pos += 1  # the 'd'
        sides_at = self.pos
        if self.peek() == "%":
            self.pos += 1
            sides: int | None = 100
        else:
            sides = self.number()
        if sides is None:
            raise self.fail("expected a die size after 'd'", hint="a number, or % for d100")
        if sides == 66:
            if count is not None:
                raise self.fail(f"ambiguous '{count}d66'", start,
                                "write d66 for tens and units (11..66), or add d66 terms")
            if self._at_operator():
                raise self.fail(f"unexpected {self.found()}", hint="d66 (tens and units) "
                                "takes no operators")
            self.add_dice(2, start)
            self.add_rolls(2, start)
            return D66()
        if count is not None and not 0 <= count <= MAX_DICE:
            raise self.fail(f"{count} dice", start, f"a term rolls 0 to {MAX_DICE} dice")
        if not 1 <= sides <= MAX_SIDES:
            raise self.fail(f"die size {sides}", sides_at, f"dice have 1 to {MAX_SIDES} sides")
        count = 1 if count is None else count
        self.add_dice(count, start)
        if sides == 1:
            if self._at_operator():
                raise self.fail(f"unexpected {self.found()}", hint="a d1 always shows 1: "
                                "it takes no operators")
            return Dice(count, 1)
        ops = self.operators(count, sides)
        self.add_rolls(shape(count, sides, ops).rolls, start)
        return Operated(count, sides, ops) if ops else Dice(count, sides)

    def add_dice(self, count: int, pos: int) -> None:
        self.dice += count
        if self.dice > MAX_DICE:
            raise self.fail("too many dice", pos, f"{self.dice} in all, at most {MAX_DICE}")

    def add_rolls(self, count: int, pos: int) -> None:
        self.rolls += count
        if self.rolls > MAX_ROLLS:
            raise self.fail("too many dice", pos, f"rerolls and explosions could draw "
                            f"{self.rolls:,} in all, at most {MAX_ROLLS:,}")

    # -- operators

    def _at_operator(self) -> bool:
        return bool(self.peek()) and self.peek() in "kKpPrReE!mM"

    def operators(self, count: int, sides: int, prior: tuple[Op, ...] = (),
                  nested: bool = False) -> tuple[Op, ...]:
        """The operators after dice; `nested`, after a roll in parentheses whose
        operators are `prior` (`(10d6kh5)kl2`): then only keeps and drops, never
        merged with those."""
        ops: list[Op] = list(prior)
        # Before each operator: has the number of dice come to depend on the roll (and
        # by which operator), has a choice by rank been made, and a reroll after it.
        state: tuple[str, bool, str] = ("", False, "")
        for op in prior:
            state = _state_after(op, state)
        changed, chosen, rerolled = state
        before = (changed, chosen, rerolled)
        while self._at_operator():
            at = self.pos
            name = self._operator_name()
            if nested and name not in ("k", "p"):
                raise self.fail(f"'{self.text[at:self.pos]}'", at, "after ')' come only k "
                                "and p, keeping or dropping: (10d6kh5)kl2")
            if name == "!":
                selector = Selector("", sides)
                name = "e"
            else:
                selector = self._selector(name, sides, at)
            merged = len(ops) > len(prior) and ops[-1].name == name and name not in ("mi",
                                                                                   "ma")
            if not merged:
                before = (changed, chosen, rerolled)
            written = self.text[at:self.pos]
            if selector.by_rank:
                was_changed, was_chosen, was_rerolled = before
                if was_changed:
                    raise self.fail(f"'{written}'", at, f"h and l choose among the dice "
                                    f"rolled, and {was_changed} before it makes their number "
                                    "depend on the roll: choose first")
                if was_chosen and was_rerolled:
                    raise self.fail(f"'{written}'", at, f"h and l cannot choose again after "
                                    f"{was_rerolled} rerolled dice already chosen")
            if name == "ra" and any(op.name == "ra" for op in ops[:len(ops) - merged]):
                raise self.fail(f"'{written}'", at, "a group adds one die with ra once: "
                                "write its faces together, like ra1ra2")
            if merged:
                op = Op(name, (*ops[-1].selectors, selector))
                ops[-1] = op
            else:
                op = Op(name, (selector,))
                ops.append(op)
            if name in ("rr", "e") and all(op.picks(face) for face in range(1, sides + 1)):
                raise self.fail(f"'{written}'", at, f"it rerolls every face of a d{sides}, "
                                "for ever" if name == "rr" else f"every face of a d{sides} "
                                f"explodes: each die would add {MAX_EXPLOSIONS}")
            # What the group is like after this operator, for the next one.
            changed, chosen, rerolled = _state_after(op, before)
        if self.peek() and self.peek() in "hHlL":
            raise self.fail(f"unexpected {self.found()}", hint="keep with k and drop with p: "
                            "kh3, kl1, ph1, pl1")
        return tuple(ops)

    def _operator_name(self) -> str:
        at = self.pos
        two = self.peek(2).lower()
        if two in ("rr", "ro", "ra", "mi", "ma"):
            self.pos += 2
            return two
        one = self.peek().lower()
        if one in ("k", "p", "e", "!"):
            self.pos += 1
            return one
        if one == "r":
            raise self.fail(f"unexpected {self.found()}", at, "reroll with rr (until none), "
                            "ro (once) or ra (and add), like rr1")
        raise self.fail(f"unexpected {self.found()}", at, "after m comes i or a: mi2, ma5")

    def _selector(self, name: str, sides: int, at: int) -> Selector:
        kind = ""
        if self.peek() and self.peek() in "hHlL<>":
            kind = self.peek().lower()
            self.pos += 1
            if name in ("mi", "ma"):
                raise self.fail(f"unexpected '{kind}'", self.pos - 1, f"{name} takes a number, "
                                f"like {name}2")
            if kind in "hl" and name not in ("k", "p"):
                raise self.fail(f"'{name}{kind}'", at, f"h and l choose dice to keep (k) or "
                                f"drop (p); {name} picks faces: {name}1, {name}<3, {name}>4")
        number = self.number()
        if number is None:
            raise self.fail(f"expected a number after '{self.text[at:self.pos]}'")
        written = self.text[at:self.pos]
        die = f"a d{sides} shows 1 to {sides}"
        if name in ("mi", "ma") and not 1 <= number <= sides:
            raise self.fail(f"'{written}'", at, die)
        if kind in ("h", "l") and number == 0:
            verb = "keeps" if name == "k" else "drops"
            raise self.fail(f"'{written}'", at, f"it {verb} no dice; h and l count 1 or more")
        if kind == "" and not 1 <= number <= sides:
            raise self.fail(f"'{written}'", at, f"no face picked: {die}")
        if kind == "<" and number < 2:
            raise self.fail(f"'{written}'", at, f"no face picked: {die}")
        if kind == ">" and number >= sides:
            raise self.fail(f"'{written}'", at, f"no face picked: {die}")
        return Selector(kind, number)

    # -- the whole

    def parse(self) -> Expr:
        if len(self.text) > MAX_TEXT:
            raise self.fail("notation too long", MAX_TEXT, f"at most {MAX_TEXT} characters")
        self.skip_spaces()
        if not self.peek():
            raise self.fail("expected a term", 0, "the notation is empty")
        expr = self.sum()
        self.skip_spaces()
        char = self.peek()
        if not char:
            return self.labelled(expr)
        if char in "<>=":
            return self.labelled(self.pool(expr))
        if char == ")":
            raise self.fail("unexpected ')'", hint="no '(' before it is open")
        last = expr.terms[-1].term
        if char in "dD" and isinstance(last, Const):
            raise self.fail(f"unexpected {self.found()}",
                            hint="write dice with no space inside, like 3d6")
        if char in "kKpPrReE!mMhHlL":
            raise self.fail(f"unexpected {self.found()}", hint="write operators right after "
                            "their dice, with no space: 4d6kh3")
        raise self.fail(f"unexpected {self.found()}",
                        hint="expected '+', '-', '*', '/', '//', '%' or the end")

    def labelled(self, expr: Sum | Pool) -> Sum | Pool:
        return replace(expr, label=", ".join(self.labels)) if self.labels else expr

    def pool(self, expr: Sum) -> Pool:
        if not self.text.startswith(">=", self.pos):
            raise self.fail(f"unexpected {self.found()}",
                            hint="only '>=' compares, in a success pool like 4d6>=5")
        only = expr.terms[0]
        if len(expr.terms) > 1 or only.sign < 0:
            raise self.fail("unexpected '>='", hint="a success pool like 4d6>=5 is a whole "
                            "expression and cannot be added to other terms")
        if isinstance(only.term, D66):
            raise self.fail("unexpected '>='", hint="a success pool needs dice like 4d6, not d66")
        if not isinstance(only.term, Dice | Operated):
            raise self.fail("unexpected '>='", hint="a success pool needs dice before it, "
                            "like 4d6>=5")
        if only.term.sides == 1:
            raise self.fail("unexpected '>='", hint="a d1 always shows 1: a success pool "
                            "needs dice of 2 sides or more")
        dice = only.term
        ops = dice.ops if isinstance(dice, Operated) else ()
        self.pos += 2
        self.skip_spaces()
        target_at = self.pos
        target = self.number()
        if target is None:
            raise self.fail("expected a target number after '>='")
        if not 1 <= target <= dice.sides:
            raise self.fail(f"target {target}", target_at,
                            f"a d{dice.sides} shows 1 to {dice.sides}")
        self.annotations()
        self.skip_spaces()
        if self.peek() and self.peek() in "+-*/%":
            raise self.fail(f"unexpected {self.found()}", hint="a success pool is a whole "
                            "expression: nothing can be added to it")
        if self.peek():
            raise self.fail(f"unexpected {self.found()}", hint="expected the end of the "
                            "success pool")
        return Pool(dice.count, dice.sides, target, ops)


def _state_after(op: Op, before: tuple[str, bool, str]) -> tuple[str, bool, str]:
    """What a group is like after `op`: has the number of its dice come to depend on
    the roll (by which operator), has a choice by rank been made, and by which reroll
    after it."""
    changed, chosen, rerolled = before
    if op.name in ("e", "ra") or (op.name in ("k", "p") and op.by_face):
        changed = changed or op.describe()
    if op.by_rank:
        chosen, rerolled = True, ""
    elif op.name in ("rr", "ro") and chosen:
        rerolled = rerolled or op.describe()
    return changed, chosen, rerolled


def _took_minus(term: Term) -> bool:
    """Whether `term` is a product, whose first factor took a minus before it."""
    return isinstance(term, Product) or (isinstance(term, Rounded)
                                         and isinstance(term.inner, Product))


def _exactly(term: Term) -> Term:
    """A product chain marked as worked out exactly (a decimal is in it)."""
    if isinstance(term, Product):
        return Product(_exactly(term.left), term.op, term.right, decimal=True)
    return term


def _single_roll(inner: Sum) -> Dice | Operated | None:
    """The roll of dice a sum in parentheses is, if it is one alone: `(10d6kh5)`."""
    while len(inner.terms) == 1 and inner.terms[0].sign > 0:
        term = inner.terms[0].term
        if isinstance(term, Dice | Operated):
            return term if term.sides > 1 else None  # a d1 is kept as a set of one
        if not isinstance(term, Paren):
            return None
        inner = term.inner
    return None


def _short(text: str) -> str:
    return text if len(text) <= 24 else text[:21] + "..."


def parse(text: str) -> Expr:
    """Parse dice notation into its tree; raise NotationError naming the column."""
    return _parsed(text)


# The same few texts are rolled over and over (a table's dice, the tray's last roll):
# parsing was most of the time of a roll. A tree is immutable (frozen dataclasses of
# tuples), so every caller may share one. Errors are not kept; a text is at most
# MAX_TEXT characters, so the cache stays small.
@lru_cache(maxsize=1024)
def _parsed(text: str) -> Expr:
    return _Parser(text).parse()


# ---------------------------------------------------------------- rolling


@dataclass(frozen=True, slots=True)
class ShownDie:
    """One face drawn, as a window shows it: in the order drawn."""

    sides: int
    face: int  # as drawn
    value: int  # what it counts for (mi and ma change it)
    kept: bool  # counted: False for a face rerolled away or a die dropped
    exploded: bool = False  # it made another die roll (e, !, ra)
    success: bool = False  # a success of a pool
    tens: bool = False  # the tens die of a d66

    def text(self) -> str:
        # In words, not notation: brackets and ">" read as code to a player.
        shown = str(self.face) if self.value == self.face else f"{self.face} as {self.value}"
        shown += "!" if self.exploded else ""
        return shown if self.kept else f"{shown} dropped"


@dataclass(slots=True)
class TermRoll:
    """How one signed term of a sum came out."""

    sign: int
    term: str  # canonical text of the term, without its sign
    faces: list[int]
    value: int  # the term's value before its sign
    # How a term with operators, a product or parentheses shows, with and without the
    # labels (worked out when rolled); None for the plain terms.
    labelled: str | None = None
    plain: str | None = None

    def show(self, labels: bool, alone: bool) -> str:
        if self.labelled is not None and self.plain is not None:
            return self.labelled if labels else self.plain
        if not self.faces:
            return str(self.value)
        faces = ", ".join(map(str, self.faces))
        if self.term == "d66" and not alone:
            # Added to something else, the reader needs the d66 value, not two faces.
            faces += f": {self.value}"
        shown = f"({faces})"
        return f"{self.term} {shown}" if labels else shown


class RollResult:
    """A roll of an expression: its canonical text, every face in roll order (d66
    gives tens then units), the total (for a success pool: the number of successes),
    the records its dice left, and how each term came out (`terms`) and each face
    shows (`dice`).

    `terms` and `dice` are worked out when first read: most rolls (a table's dice, a
    rule's) need only the total and the records, and making the words and the shown
    dice was most of the time of a roll. They are made by rolling the same expression
    again on the faces drawn, which gives them exactly as rolling had.
    """

    __slots__ = ("_dice", "_terms", "_tree", "expr", "faces", "label", "records", "target",
                 "total")

    def __init__(self, expr: str, faces: list[int], total: int, records: list[RollRecord],
                 terms: list[TermRoll] | None = None, target: int | None = None,
                 dice: list[ShownDie] | None = None, *, tree: Expr | None = None,
                 label: str = "") -> None:
        self.expr = expr  # canonical notation
        self.label = label  # the words in brackets written with it: "fire"
        self.faces = faces
        self.total = total
        self.records = records
        self.target = target  # the success threshold of a pool, else None
        # With `tree` and no terms or dice given, they are worked out from it later.
        self._terms = terms if terms is not None or tree is not None else []
        self._dice = dice if dice is not None or tree is not None else []
        self._tree = tree

    def _work_out(self, words: bool) -> None:
        """Work out the terms (`words`) or the shown dice, and whatever comes with them."""
        tree = self._tree
        assert tree is not None
        plan = tree.quick
        if type(tree) is Pool and plan is not None:
            # A pool with no operators: every face kept, a success from the target on.
            target = tree.target
            self._dice = [ShownDie(tree.sides, f, f, True, success=f >= target)
                          for f in self.records[0].faces]
            self._terms = []
            return
        if type(tree) is Sum and plan is not None:
            # Straight from the records, as the full way makes them, and only what is
            # asked for (the words or the dice).
            records = iter(self.records)
            terms: list[TermRoll] = []
            dice: list[ShownDie] = []
            for signed, (_, count, sides, kept) in zip(tree.terms, plan, strict=True):
                term = signed.term
                if not sides:
                    terms.append(TermRoll(signed.sign, term.describe(), [], count))
                    continue
                faces = next(records).faces
                if kept is None:  # plain dice show as their faces
                    if words:
                        terms.append(TermRoll(signed.sign, term.describe(), list(faces),
                                              sum(faces)))
                    else:
                        dice += [ShownDie(sides, f, f, True) for f in faces]
                    continue
                shown = _kept_or_dropped(term, faces)
                dice += shown
                if words:
                    name = term.describe()
                    text = "(" + ", ".join(d.text() for d in shown) + ")"
                    value = sum(d.value for d in shown if d.kept)
                    terms.append(TermRoll(signed.sign, name, list(faces), value,
                                          f"{name} {text}", text))
            if words:
                self._terms = terms
            else:
                self._dice = dice
            return
        # Anything else is rolled again on the faces drawn, the full way. The records,
        # not `faces`: they are immutable, and a caller may change a list.
        drawn = [face for record in self.records for face in record.faces]
        again = _evaluate_full(tree, ScriptedDice(drawn))
        if self._terms is None:
            self._terms = again.terms
        if self._dice is None:
            self._dice = again.dice

    @property
    def terms(self) -> list[TermRoll]:
        if self._terms is None:
            self._work_out(words=True)
        assert self._terms is not None
        return self._terms

    @property
    def dice(self) -> list[ShownDie]:  # every face, as shown
        if self._dice is None:
            self._work_out(words=False)
        assert self._dice is not None
        return self._dice

    def _fields(self) -> tuple[object, ...]:
        return (self.expr, self.faces, self.total, self.records, self.terms, self.target,
                self.dice, self.label)

    def __eq__(self, other: object) -> bool:
        if type(other) is not RollResult:
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable lists inside, as a dataclass

    def __repr__(self) -> str:
        return (f"RollResult(expr={self.expr!r}, faces={self.faces!r}, "
                f"total={self.total!r}, records={self.records!r}, terms={self.terms!r}, "
                f"target={self.target!r}, dice={self.dice!r}, label={self.label!r})")

    @property
    def is_pool(self) -> bool:
        return self.target is not None

    def breakdown(self, labels: bool = True) -> str:
        """e.g. "2d6 (3, 5) + 1 = 9", or "(3, 5) + 1 = 9" without labels."""
        if self.is_pool:
            if self.dice:
                dice = "(" + ", ".join(d.text() for d in self.dice) + ")"
            else:
                dice = "(" + ", ".join(map(str, self.faces)) + ")"
            noun = "success" if self.total == 1 else "successes"
            head = f"{self.expr} {dice}" if labels else dice
            return f"{head} = {self.total} {noun}"
        return f"{_joined(self.terms, labels)} = {self.total}"

    @property
    def named(self) -> str:
        """The notation with its label, in words: "1d20+5 (fire)"."""
        return f"{self.expr} ({self.label})" if self.label else self.expr

    def __str__(self) -> str:
        return f"{self.named}: {self.breakdown(labels=False)}"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"expr": self.expr, "faces": list(self.faces),
                                "total": self.total}
        if self.label:
            data["label"] = self.label
        # Each face as drawn, with what it counts for and whether it was kept: the
        # faces alone do not say which dice a keep, a drop or a reroll took out.
        data["dice"] = [{"sides": d.sides, "face": d.face, "value": d.value, "kept": d.kept,
                         "exploded": d.exploded} for d in self.dice]
        if self.is_pool:
            data["target"] = self.target
        else:
            data["terms"] = [
                {"sign": "-" if t.sign < 0 else "+", "term": t.term, "faces": list(t.faces),
                 "value": t.value}
                for t in self.terms
            ]
        return data


def _kept_or_dropped(term: Term, faces: tuple[int, ...]) -> list[ShownDie]:
    """The dice of a group that keeps or drops its highest or lowest few, as the full
    way shows them: ranked highest first, equal faces in the order rolled."""
    assert isinstance(term, Operated)
    op = term.ops[0]
    selector = op.selectors[0]
    ranked = sorted(range(len(faces)), key=lambda i: -faces[i])
    if selector.kind == "h":
        chosen = set(ranked[:selector.number])
    else:
        chosen = set(ranked[max(0, len(ranked) - selector.number):])
    keep = op.name == "k"
    return [ShownDie(term.sides, f, f, (i in chosen) == keep) for i, f in enumerate(faces)]


def _joined(terms: list[TermRoll], labels: bool) -> str:
    parts: list[str] = []
    alone = len(terms) == 1
    for index, term in enumerate(terms):
        shown = term.show(labels, alone)
        if index == 0:
            parts.append(f"-{shown}" if term.sign < 0 else shown)
        else:
            parts.append(f"{'-' if term.sign < 0 else '+'} {shown}")
    return " ".join(parts)


@dataclass
class _Die:
    """A die of a group as its operators act on it."""

    draws: list[int]  # indexes of its faces in the group's draws, first to last
    value: int
    kept: bool = True


class _Group:
    """The dice of one group as they are rolled: every face drawn through the source
    goes into one record, in the order drawn."""

    def __init__(self, source: DiceSource, count: int, sides: int, purpose: str,
                 roller: str) -> None:
        self.source = source
        self.sides = sides
        self.record = source.roll(sides, count, purpose=purpose, roller=roller)
        self.faces: list[int] = list(self.record.faces)
        self.exploded: set[int] = set()  # draws that made another die roll
        self.dice = [_Die([i], face) for i, face in enumerate(self.faces)]

    def draw(self, count: int) -> list[int]:
        """Draw `count` more faces: their indexes."""
        self.record = self.source.roll_more(self.record, count)
        start = len(self.faces)
        self.faces.extend(self.record.faces[start:])
        return list(range(start, len(self.faces)))

    def kept(self) -> list[_Die]:
        return [die for die in self.dice if die.kept]

    def apply(self, op: Op) -> None:
        name = op.name
        if name in ("mi", "ma"):
            bound = op.selectors[0].number
            for die in self.kept():
                die.value = max(die.value, bound) if name == "mi" else min(die.value, bound)
        elif name == "rr":
            # Every picked die at once, pass after pass, as d20 does; each die at most
            # MAX_REROLLS times.
            times: dict[int, int] = {}
            while True:
                picked = [d for d in self.kept() if op.picks(d.value)
                          and times.get(id(d), 0) < MAX_REROLLS]
                if not picked:
                    break
                self._reroll(picked)
                for die in picked:
                    times[id(die)] = times.get(id(die), 0) + 1
        elif name == "ro":
            self._reroll([d for d in self.kept() if op.picks(d.value)])
        elif name == "e":
            # Each picked die adds one, which may be picked in turn; a chain of dice
            # from one die adds MAX_EXPLOSIONS at most.
            depth = {id(d): 0 for d in self.dice}
            todo = [d for d in self.kept() if op.picks(d.value)]
            while todo:
                self.exploded.update(d.draws[-1] for d in todo)
                added = [_Die([i], self.faces[i]) for i in self.draw(len(todo))]
                for parent, child in zip(todo, added, strict=True):
                    depth[id(child)] = depth[id(parent)] + 1
                self.dice.extend(added)
                todo = [d for d in added if op.picks(d.value)
                        and depth[id(d)] < MAX_EXPLOSIONS]
        elif name == "ra":
            picked = [d for d in self.kept() if op.picks(d.value)][:1]
            if picked:
                self.exploded.add(picked[0].draws[-1])
                (index,) = self.draw(1)
                self.dice.append(_Die([index], self.faces[index]))
        else:
            chosen = self._chosen(op)
            for die in self.kept():
                if (id(die) in chosen) != (name == "k"):
                    die.kept = False

    def _reroll(self, dice: list[_Die]) -> None:
        if not dice:
            return
        for die, index in zip(dice, self.draw(len(dice)), strict=True):
            die.draws.append(index)
            die.value = self.faces[index]

    def _chosen(self, op: Op) -> set[int]:
        """The dice of a keep or drop that any of its selectors picks (by id)."""
        kept = self.kept()
        # One order for h and l, highest first and equal faces in the order rolled,
        # so that the highest and the lowest are never the same die: 4d6kh1kl1 keeps
        # two dice whatever they show.
        ranked = sorted(kept, key=lambda d: -d.value)
        chosen: set[int] = set()
        for selector in op.selectors:
            if selector.kind == "h":
                chosen.update(id(d) for d in ranked[:selector.number])
            elif selector.kind == "l":
                chosen.update(id(d) for d in ranked[max(0, len(ranked) - selector.number):])
            else:
                chosen.update(id(d) for d in kept if selector.picks(d.value))
        return chosen

    def shown(self, target: int | None) -> list[ShownDie]:
        last = {die.draws[-1]: die for die in self.dice}
        out = []
        for index, face in enumerate(self.faces):
            die = last.get(index)
            counted = die is not None and die.kept
            value = die.value if die is not None else face
            out.append(ShownDie(self.sides, face, value, counted, index in self.exploded,
                                counted and target is not None and value >= target))
        return out


@dataclass
class _Rolled:
    value: int
    labelled: str
    plain: str
    records: list[RollRecord]
    dice: list[ShownDie]


class _Roller:
    def __init__(self, source: DiceSource, purpose: str, roller: str) -> None:
        self.source = source
        self.purpose = purpose
        self.roller = roller

    def term(self, term: Term, alone: bool = False) -> _Rolled:
        """Roll `term`; `alone` when it is the whole expression (a d66 then shows no
        value beside its faces: the total says it)."""
        if isinstance(term, Const):
            return _Rolled(term.value, str(term.value), str(term.value), [], [])
        if isinstance(term, D66):
            value, record = roll_d66(self.source, purpose=self.purpose, roller=self.roller)
            faces = f"({record.faces[0]}, {record.faces[1]}" + (")" if alone else f": {value})")
            dice = [ShownDie(6, f, f, True, tens=i == 0) for i, f in enumerate(record.faces)]
            return _Rolled(value, f"d66 {faces}", faces, [record], dice)
        if isinstance(term, Dice) and term.sides == 1:
            # A d1 always shows 1: nothing is drawn.
            return _Rolled(term.count, f"{term} ({term.count})", str(term.count), [], [])
        if isinstance(term, Dice):
            record = self.source.roll(term.sides, term.count, purpose=self.purpose,
                                      roller=self.roller)
            faces = "(" + ", ".join(map(str, record.faces)) + ")"
            dice = [ShownDie(term.sides, f, f, True) for f in record.faces]
            return _Rolled(record.total, f"{term} {faces}", faces, [record], dice)
        if isinstance(term, Operated):
            group = self.group(term.count, term.sides, term.ops)
            shown = group.shown(None)
            faces = "(" + ", ".join(d.text() for d in shown) + ")"
            value = sum(d.value for d in group.kept())
            return _Rolled(value, f"{term} {faces}", faces, [group.record], shown)
        if isinstance(term, Paren):
            inner = self.sum(term.inner)
            return _Rolled(inner.value, f"({inner.labelled})", f"({inner.plain})",
                           inner.records, inner.dice)
        if isinstance(term, SetOf):
            items = [self.sum(item) for item in term.items]
            kept = set_kept([r.value for r in items], term.ops)
            ops = "".join(op.describe() for op in term.ops)

            def listed(texts: list[str]) -> str:
                return "(" + ", ".join(t if k else f"{t} dropped"
                                       for t, k in zip(texts, kept, strict=True)) + ")"

            return _Rolled(
                sum(r.value for r, k in zip(items, kept, strict=True) if k),
                listed([r.labelled for r in items]) + ops,
                listed([r.plain for r in items]),
                [rec for r in items for rec in r.records],
                [d if k else replace(d, kept=False)
                 for r, k in zip(items, kept, strict=True) for d in r.dice],
            )
        if isinstance(term, Neg):
            inner = self.term(term.inner)
            return _Rolled(-inner.value, f"-{inner.labelled}", f"-{inner.plain}",
                           inner.records, inner.dice)
        if isinstance(term, Rounded):
            worked, rolled = self.exact(term.inner)
            rolled.value = round_half_down(worked)
            if worked != rolled.value:
                rolled.labelled += f" rounded to {rolled.value}"
                rolled.plain += f" rounded to {rolled.value}"
            return rolled
        if isinstance(term, Product):
            left, right = self.term(term.left), self.term(term.right)
            return _Rolled(divide(left.value, right.value, term.op),
                           f"{left.labelled} {term.op} {right.labelled}",
                           f"{left.plain} {term.op} {right.plain}",
                           left.records + right.records, left.dice + right.dice)
        raise TypeError(f"cannot evaluate term {term!r}")

    def exact(self, term: Term) -> tuple[Fraction, _Rolled]:
        """A factor or product of a `Rounded`, worked out exactly (its `value` unset)."""
        if isinstance(term, Frac):
            return term.value, _Rolled(0, term.describe(), term.describe(), [], [])
        if isinstance(term, Neg):
            value, inner = self.exact(term.inner)
            return -value, _Rolled(0, f"-{inner.labelled}", f"-{inner.plain}",
                                   inner.records, inner.dice)
        if isinstance(term, Product) and term.decimal:
            (a, left), (b, right) = self.exact(term.left), self.exact(term.right)
            return exact(a, b, term.op), _Rolled(
                0, f"{left.labelled} {term.op} {right.labelled}",
                f"{left.plain} {term.op} {right.plain}",
                left.records + right.records, left.dice + right.dice)
        rolled = self.term(term)
        return Fraction(rolled.value), rolled

    def sum(self, inner: Sum) -> _Rolled:
        """A sum inside parentheses (its words without them)."""
        parts = [(s.sign, self.term(s.term)) for s in inner.terms]
        return _Rolled(
            sum(sign * r.value for sign, r in parts),
            _signed([(s, r.labelled) for s, r in parts]),
            _signed([(s, r.plain) for s, r in parts]),
            [rec for _, r in parts for rec in r.records],
            [d for _, r in parts for d in r.dice],
        )

    def group(self, count: int, sides: int, ops: tuple[Op, ...]) -> _Group:
        group = _Group(self.source, count, sides, self.purpose, self.roller)
        for op in ops:
            group.apply(op)
        return group


def _signed(parts: list[tuple[int, str]]) -> str:
    out = []
    for index, (sign, text) in enumerate(parts):
        if index == 0:
            out.append(f"-{text}" if sign < 0 else text)
        else:
            out.append(f"{'-' if sign < 0 else '+'} {text}")
    return " ".join(out)


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


def evaluate(expr: Expr | str, source: DiceSource, purpose: str = "roll",
             roller: str = "") -> RollResult:
    """Roll `expr` with `source`; every die goes through the source and is recorded,
    one record a group of dice (its rerolls and explosions with it, in order).

    If the source fails part-way (a script runs out), the terms already rolled stay
    in its history: the error is the caller's to report.
    """
    if isinstance(expr, str):
        expr = parse(expr)
    plan = expr.quick
    if plan is None:
        return _evaluate_full(expr, source, purpose, roller)
    # The quick way: the same draws in the same order as the full way, the total
    # worked out straight from the faces; the terms and the shown dice wait until
    # someone reads them (RollResult).
    roll = source.roll
    if type(expr) is Pool:
        record = roll(expr.sides, expr.count, purpose=purpose, roller=roller)
        target = expr.target
        return RollResult(expr.canonical, list(record.faces),
                          sum(1 for face in record.faces if face >= target), [record],
                          target=target, tree=expr, label=expr.label)
    records: list[RollRecord] = []
    total = 0
    for sign, count, sides, kept in plan:
        if not sides:
            total += sign * count
            continue
        record = roll(sides, count, purpose=purpose, roller=roller)
        records.append(record)
        faces = record.faces
        value = sum(faces) if kept is None else sum(sorted(faces)[kept])
        total += value if sign > 0 else -value
    if len(records) == 1:
        faces_list = list(records[0].faces)
    else:
        faces_list = [face for record in records for face in record.faces]
    return RollResult(expr.canonical, faces_list, total, records, tree=expr,
                      label=expr.label)


def _evaluate_full(expr: Expr | str, source: DiceSource, purpose: str = "roll",
                   roller: str = "") -> RollResult:
    """Roll `expr` with `source`; every die goes through the source and is recorded,
    one record a group of dice (its rerolls and explosions with it, in order).

    If the source fails part-way (a script runs out), the terms already rolled stay
    in its history: the error is the caller's to report.
    """
    if isinstance(expr, str):
        expr = parse(expr)
    if isinstance(expr, Pool):
        group = _Roller(source, purpose, roller).group(expr.count, expr.sides, expr.ops)
        shown = group.shown(expr.target)
        successes = sum(1 for d in group.kept() if d.value >= expr.target)
        return RollResult(expr=str(expr), faces=list(group.faces), total=successes,
                          records=[group.record], target=expr.target, dice=shown,
                          label=expr.label)
    if not isinstance(expr, Sum):
        raise TypeError(f"cannot evaluate {expr!r}")
    rolling = _Roller(source, purpose, roller)
    terms: list[TermRoll] = []
    records: list[RollRecord] = []
    dice: list[ShownDie] = []
    for signed in expr.terms:
        term = signed.term
        # Plain dice and constants show as their faces (TermRoll.show): nothing of
        # the words `_Roller.term` makes for them is kept, so they are not made.
        if type(term) is Dice and term.sides == 1:  # always 1 a die: nothing drawn
            terms.append(TermRoll(signed.sign, term.describe(), [], term.count))
            continue
        if type(term) is Dice:
            record = source.roll(term.sides, term.count, purpose=purpose, roller=roller)
            records.append(record)
            dice += [ShownDie(term.sides, f, f, True) for f in record.faces]
            terms.append(TermRoll(signed.sign, term.describe(), list(record.faces),
                                  record.total))
            continue
        if type(term) is Const:
            terms.append(TermRoll(signed.sign, term.describe(), [], term.value))
            continue
        rolled = rolling.term(term, alone=len(expr.terms) == 1)
        records += rolled.records
        dice += rolled.dice
        faces = [face for record in rolled.records for face in record.faces]
        plain_term = isinstance(term, Const | Dice | D66)
        terms.append(TermRoll(signed.sign, str(term), faces, rolled.value,
                              None if plain_term else rolled.labelled,
                              None if plain_term else rolled.plain))
    return RollResult(
        expr=str(expr),
        faces=[face for record in records for face in record.faces],
        total=sum(t.sign * t.value for t in terms),
        records=records,
        terms=terms,
        dice=dice,
        label=expr.label,
    )
