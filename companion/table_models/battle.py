"""Entry models of the dice-pool battle system's tables (seeds 001 and 002)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import Field, model_validator

from companion.effects import Effect, Scar, ScarLoss
from companion.errors import UserError
from companion.tables import Entry, StrictModel, Table


class SubEntry(StrictModel):
    """One line of a crit entry's own d6 sub-table: a permanent scar. Each line holds
    exactly one `scar` effect, whose `loses` names the body part lost (or "none")."""

    key: int = Field(ge=1, le=6)
    description: str = Field(min_length=1)
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _one_scar(self) -> SubEntry:
        if sum(isinstance(e, Scar) for e in self.effects) != 1:
            raise ValueError("a scar sub-table line needs exactly one 'scar' effect")
        return self

    @property
    def scar(self) -> Scar:
        return next(e for e in self.effects if isinstance(e, Scar))

    @property
    def loses(self) -> ScarLoss:
        return self.scar.loses


class CritEntry(Entry):
    """A critical damage entry: `damage` and `stun` are always present, and the effects
    repeat the stun (a `stun` effect) or its absence (an `awake` effect) so that an
    engine applying effects alone gets it right. The open top key adds
    `damage_per_point_over` for each point of the total past its low end."""

    description: str = Field(min_length=1)
    damage: int = Field(ge=0)
    stun: bool
    damage_per_point_over: int = Field(default=0, ge=0)
    # The source stars some keys without saying why; kept as data, not interpreted.
    starred: bool = False
    effects: list[Effect] = Field(default_factory=list)
    subtable: list[SubEntry] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consistent(self) -> CritEntry:
        kinds = [e.type for e in self.effects]
        if self.stun and ("stun" not in kinds or "awake" in kinds):
            raise ValueError("a stunning entry needs a 'stun' effect and no 'awake' effect")
        if not self.stun and ("awake" not in kinds or "stun" in kinds):
            raise ValueError("an entry that does not stun needs an 'awake' effect")
        if any(k in kinds for k in ("no_focus", "stunned_rounds")) and not self.stun:
            raise ValueError("'no_focus' and 'stunned_rounds' need the entry to stun")
        if self.subtable and sorted(s.key for s in self.subtable) != list(range(1, 7)):
            raise ValueError("a sub-table must have exactly the keys 1-6 of a d6")
        if bool(self.subtable) != ("roll_subtable" in kinds):
            raise ValueError("a 'roll_subtable' effect and a sub-table go together")
        if self.damage_per_point_over and not _open_above(self.key):
            raise ValueError("only an open-topped key like [35, null] adds damage per point")
        return self

    @property
    def low(self) -> int:
        """The lowest total this entry covers."""
        return self.key[0] if isinstance(self.key, list | tuple) else self.key

    def damage_at(self, total: int) -> int:
        """Damage for a total this entry covers: above the open top, 45 at 35 becomes
        50 at 36 and 70 at 40."""
        return self.damage + self.damage_per_point_over * max(0, total - self.low)

    def resolved(self, *keys: int | str) -> dict[str, Any]:
        """The entry as data for the total that found it, damage computed."""
        data = self.model_dump(mode="json")
        total = keys[0] if keys else self.low
        if isinstance(total, int):
            data["damage"] = self.damage_at(total)
        return data


def _open_above(key: Any) -> bool:
    return isinstance(key, list | tuple) and len(key) == 2 and key[1] is None


def crit_total(dice: Sequence[int], bonus: int) -> int:
    """The number looked up: the crit dice summed, plus the weapon's critical bonus."""
    return sum(dice) + bonus


@dataclass(frozen=True)
class CritHit:
    """What one critical did: the total rolled, its entry and the damage it deals."""

    total: int
    entry: CritEntry

    @property
    def damage(self) -> int:
        return self.entry.damage_at(self.total)

    @property
    def stun(self) -> bool:
        return self.entry.stun


def crit_entry(table: Table, total: int) -> CritEntry:
    """The entry of a crit table for a total. A total under the lowest key takes the
    lowest entry (the axis says so); any total above the open top takes the top entry."""
    if table.file.kind != "crit":
        raise UserError(f"table '{table.id}' is not a critical damage table")
    axis = table.axes[0]
    entry = table.lookup(table.clamp(axis, total))
    assert isinstance(entry, CritEntry)
    return entry


def crit_hit(table: Table, total: int) -> CritHit:
    """Look a total up and compute its damage (2+3+4+6 with a broad sword's +4 is 19:
    11 damage and a stun on the slashing table)."""
    return CritHit(total, crit_entry(table, total))


class FateEntry(Entry):
    description: str
    heal: int = Field(ge=0)
    effects: list[Effect] = Field(default_factory=list)


ENTRY_MODELS: dict[str, type[Entry]] = {
    "crit": CritEntry,
    "fate": FateEntry,
}
