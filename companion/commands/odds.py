"""`companion odds EXPR`: the exact chance of every result of dice notation."""

from __future__ import annotations

import argparse
import json
import re
from decimal import Decimal
from fractions import Fraction
from math import floor, gcd, log10

from companion.dice.notation.parse import parse
from companion.dice.notation.tree import Expr
from companion.dice.notation.words import NOTATION_HELP
from companion.dice.odds.distribution import Distribution
from companion.dice.odds.expression import distribution
from companion.dice.odds.size import OddsTooBig, named

# What is printed is bounded as well as what is worked out: `distribution` refuses
# more than 10,000 possible totals, so there are at most that many lines, and the
# exact fractions (those of 1000d6 run to 779 digits each, 7 MB in all) are printed
# while they fit in this many characters. Beyond it the text shows the percentages
# alone, and --json, which is exact or nothing, refuses. So the text stays under a
# megabyte (half of it fractions, the rest 10,000 short lines), and JSON too.
MAX_FRACTION_CHARS = 500_000


# An argument that starts with signs and goes on with a number, '(' or dice is notation,
# not an option: `companion roll -1+d6`, `companion roll --3`, as argparse already
# takes `-1` ("--" alone, "--seed" and "-h" are not of this shape).
SIGNED_NOTATION = re.compile(r"^[-+][-+\s]*(\d|\(|[dD](\d|%))")


def takes_signed_notation(parser: argparse.ArgumentParser) -> None:
    """Let `parser` read an argument like -1+d6 as a value, not as an unknown option:
    argparse reads as values the arguments its negative-number pattern matches."""
    parser._negative_number_matcher = SIGNED_NOTATION


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "odds",
        help="exact chance of each result of dice notation",
        description="Show the exact chance of every result: one line per value,\n"
        "as a fraction and a percentage. Nothing is sampled. For a success\n"
        "pool (4d6>=5) the values are numbers of successes. Up to 10,000\n"
        "possible totals are worked out; if their fractions would take over\n"
        "500,000 characters, the percentages are shown alone (--json refuses).",
        epilog=NOTATION_HELP + "\n\nexamples:\n  companion odds 2d6\n"
        "  companion odds '4d6>=5'\n  companion odds d66 --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("expr", metavar="EXPR", help="dice notation (see below)")
    parser.add_argument("--json", action="store_true",
                        help='print one JSON object mapping each value to its exact '
                        'chance: {"7": "1/6", ...}')
    takes_signed_notation(parser)
    parser.set_defaults(func=run)


def _rounded(num: int, den: int, digits: int) -> Decimal:
    """num/den (both positive) rounded half-even to `digits` significant digits.

    Integer arithmetic on the counts, never a Fraction or a Decimal of a 3,000-digit
    number: that made printing 1000d6 ten times slower than working it out.
    """
    # The exponent from logarithms (math.log10 takes integers of any size), put right
    # if the float is a hair off.
    exp = floor(log10(num) - log10(den)) - digits + 1
    while True:
        scaled_num, scaled_den = (num, den * 10**exp) if exp >= 0 else (num * 10**-exp, den)
        quotient, rest = divmod(scaled_num, scaled_den)
        if quotient >= 10**digits:
            exp += 1
        elif quotient < 10 ** (digits - 1):
            exp -= 1
        else:
            break
    if 2 * rest > scaled_den or (2 * rest == scaled_den and quotient % 2):
        quotient += 1
    while not rest and exp < 0 and quotient % 10 == 0:
        quotient, exp = quotient // 10, exp + 1  # exact: no trailing zeros, as Decimal
    return Decimal(f"{quotient}e{exp}")


def percent_of(ways: int, total: int) -> str:
    """A readable percentage of ways/total, never rounded to a false 0% or 100%."""
    if ways in (0, total):
        return "0%" if ways == 0 else "100%"
    value = _rounded(100 * ways, total, 12)
    if Decimal("0.01") <= value <= Decimal("99.99"):
        return f"{value:.2f}%"
    if value > Decimal("99.99"):
        return f"{value:.6g}%" if value < Decimal("99.999999") else ">99.999999%"
    return f"{value:.2e}%"


def percent(p: Fraction) -> str:
    """`percent_of` for an exact chance."""
    return percent_of(p.numerator, p.denominator)


def _fraction(ways: int, total: int) -> str:
    common = gcd(ways, total)  # as str(Fraction(ways, total)), without the object
    return f"{ways // common}" if common == total else f"{ways // common}/{total // common}"


def _digits(n: int) -> int:
    """At least the decimal digits of n > 0, from its bit length: nothing is written."""
    return n.bit_length() * 30103 // 100_000 + 1


def _widths(table: list[tuple[int, int]], total: int) -> list[int]:
    below = _digits(total) + 1  # a fraction bar and at most the whole denominator
    return [_digits(ways) + below for _, ways in table]


def fraction_chars(dist: Distribution) -> tuple[int, int]:
    """Bounds on the widest exact fraction of `dist` and on all of them together."""
    widths = _widths(dist.table(), dist.ways)
    return max(widths), sum(widths)


def text(expr: Expr, dist: Distribution) -> list[str]:
    """The lines `odds` prints: a heading, then a line per value."""
    table, total = dist.table(), dist.ways
    widest = max(_widths(table, total))
    mean = f"{expr}: mean {float(dist.mean()):g}"
    values = [str(value) for value, _ in table]
    shares = [percent_of(ways, total) for _, ways in table]
    width = max(map(len, values))
    if widest * len(table) > MAX_FRACTION_CHARS:
        lines = [f"{mean}; chances rounded: the exact fractions, up to {widest:,} "
                 f"characters each, would run past the {MAX_FRACTION_CHARS:,} printed"]
        return lines + [f"{v:>{width}}  {s:>8}" for v, s in zip(values, shares, strict=True)]
    chances = [_fraction(ways, total) for _, ways in table]
    chance_width = max(map(len, chances))
    return [mean] + [f"{v:>{width}}  {c:>{chance_width}}  {s:>8}"
                     for v, c, s in zip(values, chances, shares, strict=True)]


def as_json(expr: Expr, dist: Distribution) -> str:
    """One JSON object, each value to its exact chance; OddsTooBig if that runs long."""
    table, total = dist.table(), dist.ways
    chars = sum(_widths(table, total))
    if chars > MAX_FRACTION_CHARS:
        raise OddsTooBig(
            f"the exact odds of {named(expr)} run to about {chars:,} characters of "
            f"fractions; --json prints up to {MAX_FRACTION_CHARS:,}: use fewer dice, or "
            "leave out --json for the percentages"
        )
    return json.dumps({str(value): _fraction(ways, total) for value, ways in table})


def run(args: argparse.Namespace) -> int:
    expr = parse(args.expr)
    dist = distribution(expr)
    print(as_json(expr, dist) if args.json else "\n".join(text(expr, dist)))
    return 0
