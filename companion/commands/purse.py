"""`companion stable purse MANAGER [AMOUNT REASON]`: a manager's money, every entry
with its reason, and what it comes to; or an entry of the GM's own added (a bet, a
deal). The fees and prizes of the events his gladiators fought in come in with
their fights, each naming the fight."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from companion.errors import UserError

if TYPE_CHECKING:
    from companion.stable.model import Manager, PurseEntry

MOST = 1_000_000_000  # the most one entry moves: far past any forum game's purse
REASON_MOST = 200  # characters


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


def amount_of(text: str) -> int:
    """An entry's amount as given, or a UserError saying what it must be."""
    try:
        amount = int(text.strip())
    except ValueError:
        raise UserError(f"AMOUNT: a whole number of money, such as 50 or -20, not "
                        f"{text!r}") from None
    if amount == 0:
        raise UserError("AMOUNT: 0 moves no money")
    if abs(amount) > MOST:
        raise UserError(f"AMOUNT: at most {MOST} in or out at once")
    return amount


def _purse(args: argparse.Namespace) -> int:
    from companion.stable.store import Stable

    adding = args.amount is not None
    if adding:
        amount = amount_of(args.amount)
        reason = " ".join((args.reason or "").split())
        if not reason:
            raise UserError("give the entry's REASON after its AMOUNT: "
                            "companion stable purse Ann 50 \"bet on Lord Smash\"")
        if len(reason) > REASON_MOST:
            raise UserError(f"REASON: at most {REASON_MOST} characters "
                            f"(this has {len(reason)})")
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
        print(f"added to {_whose(manager)} purse: {signed(added.amount)}, {added.reason}; "
              f"it holds {total} now")
    else:
        for line in purse_lines(manager, entries):
            print(line)
    return 0


def purse_lines(manager: Manager, entries: list[PurseEntry]) -> list[str]:
    if not entries:
        return [f"{_whose(manager)} purse is empty."]
    total = sum(e.amount for e in entries)
    width = max(len(signed(e.amount)) for e in entries)
    out = [f"{_whose(manager)} purse: {total}"]
    for e in entries:
        fight = f" (fight #{e.fight_id})" if e.fight_id is not None else ""
        out.append(f"  {e.entered}  {signed(e.amount):>{width}}  {e.reason}{fight}")
    return out


def _whose(manager: Manager) -> str:
    return f"{manager.name}'s"


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)
