"""The stable told in words, for the command line and the Stable screen alike: a
manager's purse, entry by entry; the fight that killed a gladiator of the hall of the
fallen; and why a fight cannot be taken back."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from companion.errors import UserError

if TYPE_CHECKING:
    from companion.stable.model import Fight, Gladiator, PurseEntry
    from companion.stable.store import Stable


MOST = 1_000_000_000  # the most one entry moves: far past any forum game's purse
REASON_MOST = 200  # characters


def purse_entry(amount_text: str, reason_text: str) -> tuple[int, str]:
    """An entry of the GM's own as given (a whole amount, negative for money out, and
    its reason in words), or a UserError saying what it must be."""
    try:
        amount = int(amount_text.strip())
    except ValueError:
        raise UserError(f"AMOUNT: a whole number of money, such as 50 or -20, not "
                        f"{amount_text!r}") from None
    if amount == 0:
        raise UserError("AMOUNT: 0 moves no money")
    if abs(amount) > MOST:
        raise UserError(f"AMOUNT: at most {MOST} in or out at once")
    reason = " ".join(reason_text.split())
    if not reason:
        raise UserError("give the entry's REASON after its AMOUNT: 50 \"bet on Lord Smash\"")
    if len(reason) > REASON_MOST:
        raise UserError(f"REASON: at most {REASON_MOST} characters (this has {len(reason)})")
    return amount, reason


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def purse_lines(manager: str, entries: list[PurseEntry]) -> list[str]:
    """His purse's total, then each entry: when, how much, why, and its fight."""
    if not entries:
        return [f"{manager}'s purse is empty."]
    total = sum(e.amount for e in entries)
    width = max(len(signed(e.amount)) for e in entries)
    out = [f"{manager}'s purse: {total}"]
    for e in entries:
        fight = f" (fight #{e.fight_id})" if e.fight_id is not None else ""
        out.append(f"  {e.entered}  {signed(e.amount):>{width}}  {e.reason}{fight}")
    return out


def killed_by(stable: Stable, gladiator_id: int) -> Fight | None:
    """The fight whose changes made him dead, the last such, if a fight did."""
    for fight, _entrant in reversed(stable.fights_of(gladiator_id)):
        for change in stable.changes(fight.id):
            if (change.gladiator_id, change.field) == (gladiator_id, "alive") and \
                    json.loads(change.after) is False:
                return fight
    return None


def how_he_fell(g: Gladiator, fight: Fight | None) -> str:
    if fight is None:
        return "dead when he came into the stable" + (f" (from {g.source})" if g.source
                                                      else "")
    return (f"fell in fight #{fight.id}, played {fight.played} (session "
            f"{fight.session_path}): {fight.result}")


def refuse_if_built_on(stable: Stable, fight: Fight) -> None:
    """Refuse, in words, a fight whose changes a later change built on: the store
    refuses it too, by number; this says who and what came after."""
    for change in stable.changes(fight.id):
        g = stable.gladiator(change.gladiator_id)
        if g is None or getattr(g, change.field) == json.loads(change.after):
            continue
        later = [f for f, _entrant in stable.fights_of(g.id) if f.id > fight.id]
        if later:
            raise UserError(f"#{g.id} {g.name}'s {change.field} has changed since this "
                            f"fight: fight #{later[-1].id} ({later[-1].result}, session "
                            f"{later[-1].session_path}) came after it; take that back "
                            "first", exit_code=1)
        raise UserError(f"#{g.id} {g.name}'s {change.field} has changed since this fight "
                        "(trained or edited since): taking the fight back would undo that",
                        exit_code=1)
