"""`companion stable purse MANAGER [AMOUNT REASON]`: a manager's money, every entry
with its reason, and what it comes to; or an entry of the GM's own added (a bet, a
deal). The fees and prizes of the events his gladiators fought in come in with
their fights, each naming the fight."""

from __future__ import annotations

import argparse
import json

from companion.errors import UserError
from companion.stable.telling import purse_entry, purse_lines, signed


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "purse", help="a manager's money: show it, or add an entry",
        description="A manager's purse: each entry of money in or out with its reason, "
        "and what it comes to. The entry fees, prizes and appearance fees of the events "
        "his gladiators fought in come in with their fights. With AMOUNT and REASON, add "
        "an entry of the GM's own (a bet, a promotional deal): a whole number, negative "
        "for money out.")
    p.add_argument("manager", metavar="MANAGER", help="the manager's name")
    p.add_argument("amount", nargs="?", metavar="AMOUNT", help="money in, or out with a "
                   "minus: 50, -20")
    p.add_argument("reason", nargs="?", metavar="REASON", help="why, in words: "
                   "\"bet on Lord Smash\"")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_purse)


def _purse(args: argparse.Namespace) -> int:
    from companion.stable.store import Stable

    adding = args.amount is not None
    if adding:
        amount, reason = purse_entry(args.amount, args.reason or "")
    with Stable.open(create=False) as stable:
        manager = stable.manager_named(args.manager)
        if manager is None:
            raise UserError(f"there is no manager called {args.manager!r} in the stable "
                            "(companion stable add --manager NAME adds one)", exit_code=1)
        added = stable.add_to_purse(manager.name, amount, reason) if adding else None
        entries = stable.purse(manager.id)
    total = sum(e.amount for e in entries)
    if args.json:
        print(json.dumps({"manager": manager.name, "total": total,
                          "added": vars(added) if added is not None else None,
                          "entries": [vars(e) for e in entries]}, indent=2))
    elif added is not None:
        print(f"added to {manager.name}'s purse: {signed(added.amount)}, {added.reason}; "
              f"it holds {total} now")
    else:
        for line in purse_lines(manager.name, entries):
            print(line)
    return 0
