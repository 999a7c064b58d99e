"""`companion salt`, `companion salts MATCH` and `companion chain new`: the forum-fair
dice of the verifiable GM mode (scheme 2). A manager makes a salt and posts it after
the GM's commitment; the GM enters the salts and closes them, and only then are the
dice rolled. A season's chain fixes every match's seed before the season."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.errors import UserError


def register(subparsers: argparse._SubParsersAction) -> None:
    salt = subparsers.add_parser(
        "salt", help="a fresh salt of 128 bits, for a manager to post",
        description="Print a fresh salt: 128 random bits as lowercase base32 in groups "
        "of five. A manager posts it in the match's thread after the GM's commitment; "
        "any short text of his own does as well.")
    salt.set_defaults(func=cmd_salt)

    salts = subparsers.add_parser(
        "salts", help="enter the managers' salts of a match, or close them",
        description="Enter a manager's salt into a match made with --salted (one each, "
        "as the match names him), or close the salts: a manager with none is recorded "
        "as having posted no salt, and the match's start is rolled. No die is rolled "
        "before the salts are closed. Without an option, says who has salted.",
        epilog="examples:\n  companion salts m.json --add \"Alice: mxq3z-...\"\n"
        "  companion salts m.json --close",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    salts.add_argument("file", type=Path, metavar="MATCH", help="the match's session file")
    salts.add_argument("--add", metavar='"MANAGER: SALT"', action="append", default=[],
                       help="a manager's salt as he posted it (may be repeated)")
    salts.add_argument("--close", action="store_true",
                       help="close the salts (after all are in, or at the deadline) and "
                       "roll the start")
    salts.set_defaults(func=cmd_salts)

    chain = subparsers.add_parser(
        "chain", help="a season's hash chain of secret seeds",
        description="Make a season's hash chain: post its end once, before the season; "
        "each match made with `new ... --chain FILE` takes its next link as its seed.")
    sub = chain.add_subparsers(dest="chain_command", metavar="ACTION", required=True)
    made = sub.add_parser("new", help="make a chain and print its end to post",
                          description="Make a hash chain of N secret seeds in FILE (keep "
                          "it secret) and print its end, to post once.")
    made.add_argument("--length", type=int, required=True, metavar="N",
                      help="how many matches it serves")
    made.add_argument("--out", type=Path, required=True, metavar="FILE")
    made.set_defaults(func=cmd_chain_new)


def cmd_salt(args: argparse.Namespace) -> int:
    from companion.dice.salted import new_salt

    print(new_salt())
    return 0


def cmd_salts(args: argparse.Namespace) -> int:
    from companion.commands.session import load

    session = load(args.file)
    fair = session.fair
    if fair is None:
        raise UserError(f"{args.file}: not a salted match (companion new ... --salted)")
    for text in args.add:
        fair = fair.with_salt(text)
    if args.close:
        fair = fair.with_closed()
    session.fair = fair
    if args.add or args.close:
        opening = session.ruleset.opening
        if args.close and opening is not None and not session.journal:
            from companion.dice.sources import SeededDice

            outcome = session.act(dict(opening), SeededDice(None))
            for line in session.narrate(outcome):
                print(f"  {line}")
        session.save(args.file)
    print(f"salts: {fair.state_words()}")
    return 0


def cmd_chain_new(args: argparse.Namespace) -> int:
    from companion.dice.chain import new_chain, write_chain
    from companion.files.atomic import unsaveable

    refused = unsaveable(args.out)
    if refused is not None:
        raise refused
    if args.out.exists():
        raise UserError(f"{args.out}: there is a chain there already; a chain is made once")
    chain = new_chain(args.length)
    write_chain(args.out, chain)
    print(f"wrote {args.out} ({chain.length} links; keep it secret)", file=sys.stderr)
    print("post this once, before the season:")
    print(f"companion chain end sha256:{chain.end} links:{chain.length}")
    return 0
