"""The exact distribution of parsed notation (`distribution`): each term by the
method its form needs, the plain part of a sum by the recurrence of companion.dice.odds.plain,
dice with operators by companion.dice.groups, the rest by every pair of values."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import product as every
from math import prod

from companion.dice.groups import group_counts
from companion.dice.notation.arithmetic import divide, exact, round_half_down
from companion.dice.notation.operators import Op, set_kept
from companion.dice.notation.parse import parse
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
from companion.dice.odds.distribution import Distribution
from companion.dice.odds.plain import plain_parts, plain_sum
from companion.dice.odds.pools import pool_successes
from companion.dice.odds.size import check_size


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


def _term(term: Term) -> Distribution:
    if isinstance(term, Const):
        return Distribution.constant(term.value)
    if isinstance(term, Dice | D66):
        return plain_sum(Sum((Signed(1, term),)))
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
        return plain_sum(expr)
    plain, others = plain_parts(expr)
    result = plain_sum(plain) if plain else Distribution.constant(0)
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
