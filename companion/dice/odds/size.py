"""What the exact odds of an expression cost, known before any work (`check_size`),
and OddsTooBig for an expression beyond the bounds."""

from __future__ import annotations

from dataclasses import dataclass
from math import log2, prod

from companion.dice.groups import rank_reach
from companion.dice.notation.limits import MAX_EXPLOSIONS
from companion.dice.notation.operators import Op, shape
from companion.dice.notation.tree import (
    D66,
    Const,
    Dice,
    Expr,
    Frac,
    Neg,
    Operated,
    Paren,
    Pool,
    Product,
    Rounded,
    SetOf,
    Signed,
    Sum,
    Term,
)
from companion.dice.odds.plain import plain_groups, plain_parts, recurrence_size
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
# the recurrence of companion.dice.odds.plain, at most 8 for one size of dice, hundreds for a
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


def _plain_size(expr: Sum) -> OddsSize:
    dice, _ = plain_groups(expr)
    totals = 1 + sum(n * (faces - 1) * scale for (faces, scale), n in dice.items())
    bits = sum(n * log2(faces) for (faces, _), n in dice.items())
    return OddsSize(totals, bits, recurrence_size(dice))


# The work of the other parts, in the units of MAX_WORK (1.7e-10 s each), from timings
# of each method (see companion.dice.odds.timing): a step of a loop in Python with a
# count of `bits` bits costs bits + 750 units, as in the recurrence of a plain sum; a
# product of two packed integers of b bytes, KARATSUBA x b^1.585 (Python multiplies
# big integers by Karatsuba).
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


def _sum_size(expr: Sum) -> OddsSize:
    if expr.is_plain:
        return _checked(expr, _plain_size(expr))
    plain, others = plain_parts(expr)
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
    size = _checked(expr, _size(expr))
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
