"""What the bouts add up to: a cell of the matrix for each pairing (row against
column), its win rate with a 95 % Wilson interval, draws, the mean length of a bout,
how often the loser died and the computer's lapses on each side; the totals of the
mirror matches and of every pairing; and the difference a set of house rules makes."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.lab.stats import overlap, wilson
from companion.rulesets.labs import Bout, Counts, Entrant, added


@dataclass
class Cell:
    """The row entrant's results against the column entrant."""

    bouts: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    turns: int = 0  # in all, for the mean
    loser_died: int = 0  # of the decided bouts
    row_lapses: Counts = ()  # the computer's, where the game counts them
    col_lapses: Counts = ()

    def add(self, bout: Bout) -> None:
        self.bouts += 1
        self.turns += bout.turns
        if bout.outcome > 0:
            self.wins += 1
        elif bout.outcome < 0:
            self.losses += 1
        else:
            self.draws += 1
        if bout.outcome and bout.loser_died:
            self.loser_died += 1
        if bout.lapses is not None:
            self.row_lapses = added(self.row_lapses, tuple(bout.lapses[0]))
            self.col_lapses = added(self.col_lapses, tuple(bout.lapses[1]))

    def merge(self, other: Cell) -> None:
        self.bouts += other.bouts
        self.wins += other.wins
        self.losses += other.losses
        self.draws += other.draws
        self.turns += other.turns
        self.loser_died += other.loser_died
        self.row_lapses = added(self.row_lapses, other.row_lapses)
        self.col_lapses = added(self.col_lapses, other.col_lapses)

    @property
    def win_rate(self) -> float:
        return self.wins / self.bouts if self.bouts else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.bouts)

    @property
    def mean_turns(self) -> float:
        return self.turns / self.bouts if self.bouts else 0.0

    @property
    def loser_died_rate(self) -> float:
        decided = self.wins + self.losses
        return self.loser_died / decided if decided else 0.0


@dataclass
class Matrix:
    system_id: str
    entrants: list[Entrant]  # the rows, and the columns unless `columns` are given
    bouts: int  # asked for, a pairing
    seed: int
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)
    tables: str = "built-in"  # where the tables came from, in words
    columns: list[Entrant] | None = None  # the same gladiators played another way
    choosers: tuple[str, str] | None = None  # how the rows and the columns choose

    def cell(self, row: int, col: int) -> Cell:
        return self.cells.setdefault((row, col), Cell())

    @property
    def col_entrants(self) -> list[Entrant]:
        return self.entrants if self.columns is None else self.columns

    def total_bouts(self) -> int:
        return sum(c.bouts for c in self.cells.values())

    def total(self, *, mirror: bool = False) -> Cell:
        """Every cell summed from the rows' side; `mirror`: only each gladiator's
        matches against himself (the same key, however each side is played)."""
        found = Cell()
        rows, cols = self.entrants, self.col_entrants
        for (r, c), cell in self.cells.items():
            if not mirror or rows[r].key == cols[c].key:
                found.merge(cell)
        return found

    def lapses(self) -> dict[str, Counts]:
        """The computer's lapses by chooser (both sides under one name when they
        choose alike; "every gladiator" when the lab does not say)."""
        rows, cols = self.choosers or ("every gladiator", "every gladiator")
        total = self.total()
        found = {rows: total.row_lapses}
        found[cols] = added(found.get(cols, ()), total.col_lapses)
        return found


@dataclass(frozen=True)
class Change:
    """A pairing's win rate under the house rules against the built-in ones."""

    before: Cell
    after: Cell

    @property
    def delta(self) -> float:
        return self.after.win_rate - self.before.win_rate

    @property
    def significant(self) -> bool:
        """The two 95 % intervals do not overlap: a difference too large for chance."""
        return not overlap(self.before.interval, self.after.interval)


def changes(before: Matrix, after: Matrix) -> dict[tuple[int, int], Change]:
    return {key: Change(cell, after.cell(*key)) for key, cell in before.cells.items()}
