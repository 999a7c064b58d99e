"""The roll log's record: one roll as a player sees it, whoever made it.

A `Roll` says who rolled, what for (in the player's words), every die drawn (kept or
dropped, a success or not, a luck die or not) and the total that counts. The rules
make them from their events (`Ruleset.rolls`), the tools from their own results; the
session keeps them in the order they were made. Nothing here draws.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ConfigDict, Field

from companion.dice.sources import Draw


class Die(BaseModel):
    """One die as it fell."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    sides: int = Field(ge=2)
    face: int = Field(ge=1)
    kept: bool = True
    success: bool = False
    luck: bool = False


class Roll(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    who: str | None
    purpose: str
    dice: tuple[Die, ...]
    total: int | None = None
    # A short note in words: the modifiers, the number needed, the verdict.
    detail: str = ""

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(d.face for d in self.dice)


def dice(faces: Iterable[int], sides: int = 6, *, success_at: int | None = None,
         luck: bool = False) -> tuple[Die, ...]:
    """Dice of one kind; with `success_at`, each showing that or more is a success."""
    return tuple(Die(sides=sides, face=f, luck=luck,
                     success=success_at is not None and f >= success_at) for f in faces)


def signed(amount: int) -> str:
    return f"+{amount}" if amount >= 0 else f"\u2212{-amount}"


def plain(record: Draw) -> Roll:
    """A roll the rules did not describe: who, why and the faces, summed."""
    return Roll(who=record.roller or None, purpose=record.purpose or "a roll",
                dice=dice(record.faces, record.sides),
                total=sum(record.faces) if len(record.faces) > 1 else None)


def merge(described: Sequence[Roll], records: Sequence[Draw]) -> list[Roll]:
    """Every roll an action made, in the order the dice fell: each described roll
    where the records show its faces (one record or several in a row: a pool and its
    luck dice), and a plain roll for any record no description covers.

    A described roll whose faces no run of records shows is left out: the log shows
    dice that were drawn, never dice made up."""
    drawn = [r for r in records if r.faces]
    placed: dict[int, Roll] = {}
    claimed = [False] * len(drawn)
    for roll in described:
        start = _run_of(roll, drawn, claimed)
        if start is None:
            continue
        placed[start] = roll
    out: list[Roll] = []
    for i, record in enumerate(drawn):
        if i in placed:
            out.append(placed[i])
        elif not claimed[i]:
            out.append(plain(record))
    return out


def _run_of(roll: Roll, drawn: Sequence[Draw], claimed: list[bool]) -> int | None:
    """The first run of unclaimed records whose faces are the roll's; claims it."""
    want = roll.faces
    if not want:
        return None
    for start in range(len(drawn)):
        got: tuple[int, ...] = ()
        end = start
        while end < len(drawn) and not claimed[end] and len(got) < len(want):
            if drawn[end].sides != roll.dice[len(got)].sides:
                break
            got += drawn[end].faces
            end += 1
        if got == want:
            for i in range(start, end):
                claimed[i] = True
            return start
    return None
