"""How a rule system joins the lab: its entrants, and one bout between two of them
with a seed, a layout and the tables, giving a `Bout` record. Everything here crosses
to worker processes (and Dask workers), so it is plain picklable data, and a system is
found again by its id where it is needed (`system_for`)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from companion.errors import UserError

if TYPE_CHECKING:
    from companion.rulesets.grimdark.lapses import Lapses
    from companion.tables.loader import TableSet


@dataclass(frozen=True)
class Entrant:
    """One gladiator of the lab. `key` is stable (a type id, a kit's or a sheet's
    file name): the seeds of his pairings come from it, so adding entrants changes no
    other pairing's results. `name` is how the screens call him; `spec` is what his
    system needs to field him."""

    key: str
    name: str
    spec: Any


class Layout(NamedTuple):
    """Who stands where and who moves first, from the row entrant's side."""

    row_second: bool  # the row entrant is the second gladiator (the other start)
    row_first: bool  # the row entrant takes the first turn


class Bout(NamedTuple):
    """One bout's result from the row entrant's side: 1 he won, -1 he lost, 0 no
    winner (the turn limit, or nobody left standing); and, where the system counts
    them, the computer's lapses on the row's side and on the column's."""

    outcome: int
    turns: int
    loser_died: bool
    lapses: tuple[Lapses, Lapses] | None = None


def layout_of(index: int) -> Layout:
    """The layout of a pairing's bout number `index`: every four bouts take each
    start and each first move in turn, so any run of 4k bouts is exactly balanced."""
    return Layout(row_second=index % 2 == 1, row_first=(index // 2) % 2 == 0)


class LabSystem(Protocol):
    id: str
    title: str
    # True where the lab chooses who moves first; elsewhere the rules do (Init).
    sets_first_move: bool

    def play(self, row: Entrant, col: Entrant, seed: int, layout: Layout,
             tables: TableSet) -> Bout: ...

    def check_tables(self, tables: TableSet) -> None:
        """UserError in one line if these tables cannot play a bout."""


# The systems the lab can play: "module:Class", imported when first asked for.
SYSTEMS: dict[str, str] = {
    "skirmish": "companion.lab.skirmish:SkirmishLab",
    "grimdark": "companion.lab.grimdark:GrimdarkLab",
    "battle": "companion.lab.battle:BattleLab",
}


def system_for(system_id: str) -> LabSystem:
    target = SYSTEMS.get(system_id)
    if target is None:
        raise UserError(f"the lab knows no system '{system_id}' ({', '.join(SYSTEMS)})")
    module, _, name = target.partition(":")
    found: LabSystem = getattr(importlib.import_module(module), name)()
    return found
