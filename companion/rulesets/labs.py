"""How a game joins the balance lab: the types its lab part takes and gives (an
`Entrant`, a bout's `Layout`, the `Bout` it played) and what it must do (`LabSystem`).
Everything here crosses to worker processes (and Dask workers), so it is plain
picklable data. The lab finds a game's part through the games' registry
(`companion.games.registry`); nothing here names a game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    from companion.tables.loader import TableSet

# A game's own counts of one side's play (a Grimdark side's lapses: turns, ways back
# missed, ...), in the order its `LapseTable` names them; added up count by count.
Counts = tuple[int, ...]


def added(a: Counts, b: Counts) -> Counts:
    """Two sides' counts added count by count (an empty one adds nothing)."""
    if not a:
        return b
    if not b:
        return a
    return tuple(x + y for x, y in zip(a, b, strict=True))


class LapseTable(NamedTuple):
    """How a game that counts its computer player's lapses names the counts, and how
    the lab's report shows them: a title (with `{bouts}`), a column header and width
    each, a row's cells from its counts, and notes under the table."""

    names: tuple[str, ...]
    title: str
    headers: tuple[tuple[str, int], ...]
    cells: Callable[[Counts], tuple[str, ...]]
    notes: tuple[str, ...] = ()


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
    lapses: tuple[Counts, Counts] | None = None


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

    @property
    def lapse_table(self) -> LapseTable | None:
        """How its lapses are counted and shown; None: it counts none."""

    @property
    def help(self) -> str: ...

    @property
    def options(self) -> tuple[LabOption, ...]: ...

    @property
    def has_choosers(self) -> bool: ...

    def ready(self) -> None: ...

    def entrants(self, tables: TableSet, options: Mapping[str, Any]
                 ) -> tuple[list[Entrant], list[str]]: ...

    def choosers(self, entrants: list[Entrant], against: str | None
                 ) -> tuple[list[Entrant], list[Entrant] | None, tuple[str, str] | None]: ...

    def screen_entrants(self, tables: TableSet) -> list[Entrant]: ...


class LabOption(NamedTuple):
    """An option of `companion lab GAME` for choosing the game's entrants."""

    flag: str  # "--types"
    dest: str  # the name `entrants` finds it under
    metavar: str
    help: str
    folder: bool = False  # a path to a folder, not words


class LabPart:
    """What a game's lab part may leave as it is: a class to inherit, with the parts
    of `LabSystem` that most games need no more of."""

    id = ""
    title = ""
    help = ""  # its line in `companion lab --help`
    options: tuple[LabOption, ...] = ()
    sets_first_move = True
    lapse_table: LapseTable | None = None
    has_choosers = False  # whether `--against-chooser` sets two choosers against each other

    def ready(self) -> None:
        """UserError in one line while its computer player cannot play a bout."""

    def entrants(self, tables: TableSet, options: Mapping[str, Any]
                 ) -> tuple[list[Entrant], list[str]]:
        """The gladiators the options ask for, and a note on each left out."""
        raise NotImplementedError

    def choosers(self, entrants: list[Entrant], against: str | None
                 ) -> tuple[list[Entrant], list[Entrant] | None, tuple[str, str] | None]:
        """The rows, the columns (None: the rows again) and the two sides' choosers
        (None: the lab does not say). `against`: a chooser to set against its own."""
        return entrants, None, None

    def screen_entrants(self, tables: TableSet) -> list[Entrant]:
        """The gladiators the Lab screen offers: those asked for with no options."""
        return self.entrants(tables, {})[0]
