"""The money of a match's event (seed 000's economy): a public event takes an entry
fee and pays a prize to the winners; an invitational one pays the gladiators it
invites and a prize to the winners. The GM names the event in the match's setup:

    "options": {"event": {"name": "The Blood Cup", "kind": "public",
                          "entry_fee": 50, "prize": 200}}

Each figure is per gladiator (every one entered pays the fee, every winner takes the
prize): a prize a team shares is given as each winner's share. A house NPC has no
manager and no purse, so neither pays nor is paid. A match with no event moves no
money; the GM's own entries (bets, deals) go into a purse by hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field, ValidationError, model_validator

from companion.errors import UserError
from companion.files.jsonfile import place, problem
from companion.tables.model import StrictModel

MOST = 1_000_000_000  # far above any purse a forum game keeps


class MatchEvent(StrictModel):
    name: str = Field(min_length=1, max_length=80)
    kind: Literal["public", "invitational"]
    entry_fee: int = Field(default=0, ge=0, le=MOST)
    appearance_fee: int = Field(default=0, ge=0, le=MOST)
    prize: int = Field(default=0, ge=0, le=MOST)

    @model_validator(mode="after")
    def _as_the_seed_says(self) -> MatchEvent:
        if self.kind == "public" and self.appearance_fee:
            raise ValueError("a public event pays no appearance fee (an invitational "
                             "one does)")
        if self.kind == "invitational" and self.entry_fee:
            raise ValueError("an invitational event takes no entry fee: it pays the "
                             "gladiators it invites")
        return self


def event_of(options: Mapping[str, Any]) -> MatchEvent | None:
    """The event the match's options name, or None; UserError saying what is wrong."""
    raw = options.get("event")
    if raw is None:
        return None
    try:
        return MatchEvent.model_validate(raw)
    except ValidationError as err:
        first = err.errors()[0]
        where = place(("options", "event", *first["loc"]))
        raise UserError(f"{where}: {problem(first)}", exit_code=1) from None


def money(event: MatchEvent | None, name: str, won: bool) -> tuple[tuple[int, str], ...]:
    """What the event moves in his manager's purse for him: (amount, reason) each."""
    if event is None:
        return ()
    out: list[tuple[int, str]] = []
    if event.entry_fee:
        out.append((-event.entry_fee, f"entry fee of {event.name} ({name})"))
    if event.appearance_fee:
        out.append((event.appearance_fee, f"appearance fee of {event.name} ({name})"))
    if won and event.prize:
        out.append((event.prize, f"prize of {event.name} ({name} won)"))
    return tuple(out)
