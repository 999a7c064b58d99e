"""`companion odds EXPR`: the exact chance of every result of dice notation."""

from __future__ import annotations

import argparse
import json
from decimal import Decimal, localcontext
from fractions import Fraction

from companion.notation import NOTATION_HELP, parse
from companion.odds import distribution


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "odds",
        help="exact chance of each result of dice notation",
        description="Show the exact chance of every result: one line per value,\n"
        "as a fraction and a percentage. Nothing is sampled. For a success\n"
        "pool (4d6>=5) the values are numbers of successes.",
        epilog=NOTATION_HELP + "\n\nexamples:\n  companion odds 2d6\n"
        "  companion odds '4d6>=5'\n  companion odds d66 --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("expr", metavar="EXPR", help="dice notation (see below)")
    parser.add_argument("--json", action="store_true",
                        help='print one JSON object mapping each value to its exact '
                        'chance: {"7": "1/6", ...}')
    parser.set_defaults(func=run)


def percent(p: Fraction) -> str:
    """A readable percentage of an exact chance, never rounded to a false 0% or 100%."""
    if p in (0, 1):
        return f"{p * 100}%"
    with localcontext() as context:
        # Decimal keeps the exponent of chances far below float's range (1/6^1000).
        context.prec = 12
        value = Decimal(p.numerator) * 100 / Decimal(p.denominator)
    if Decimal("0.01") <= value <= Decimal("99.99"):
        return f"{value:.2f}%"
    if value > Decimal("99.99"):
        return f"{value:.6g}%" if value < Decimal("99.999999") else ">99.999999%"
    return f"{value:.2e}%"


def run(args: argparse.Namespace) -> int:
    expr = parse(args.expr)
    dist = distribution(expr)
    if args.json:
        print(json.dumps({str(value): str(dist[value]) for value in dist}))
        return 0
    rows = [(str(value), str(dist[value]), percent(dist[value])) for value in dist]
    width = [max(len(row[i]) for row in rows) for i in range(2)]
    print(f"{expr}: mean {float(dist.mean()):g}")
    for value, chance, share in rows:
        print(f"{value:>{width[0]}}  {chance:>{width[1]}}  {share:>8}")
    return 0
