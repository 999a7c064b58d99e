"""`companion roll EXPR`: roll dice notation and show every die and the total."""

from __future__ import annotations

import argparse
import json

from companion.commands.odds import as_json, takes_signed_notation, text
from companion.dice.notation.parse import parse
from companion.dice.notation.roll import evaluate
from companion.dice.notation.words import NOTATION_HELP
from companion.dice.odds.expression import distribution
from companion.dice.sources import SeededDice


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "roll",
        help="roll dice notation, e.g. 2d6+1, d66, 4d6>=5",
        description="Roll dice notation and show each die and the total.",
        epilog=NOTATION_HELP + "\n\nexamples:\n  companion roll 2d6+1\n"
        "  companion roll d66 --seed 7\n  companion roll '4d6>=5' --json\n"
        "  companion roll 4d6kh3 --odds",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("expr", metavar="EXPR", help="dice notation (see below)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed the dice: the same seed gives the same roll "
                        "(default: system randomness)")
    parser.add_argument("--json", action="store_true",
                        help='print one JSON object: {"expr", "faces", "total", ...}')
    parser.add_argument("--odds", action="store_true",
                        help="after the roll, the exact chance of every result (as "
                        "companion odds prints it; with --json, under \"odds\")")
    parser.add_argument("--purpose", default="roll",
                        help="why the dice are rolled, kept with the roll (default: roll)")
    takes_signed_notation(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    # Parse before touching any dice, so a typo rolls nothing; and work out the odds
    # first too, so that odds too big to work out roll nothing either.
    expr = parse(args.expr)
    odds = distribution(expr) if args.odds else None
    result = evaluate(expr, SeededDice(args.seed), purpose=args.purpose)
    if args.json:
        data = result.to_dict()
        data["purpose"] = args.purpose
        if args.seed is not None:
            data["seed"] = args.seed
        if odds is not None:
            data["odds"] = json.loads(as_json(expr, odds))
        print(json.dumps(data))
    else:
        print(result)
        if odds is not None:
            print("\n".join(text(expr, odds)))
    return 0
