"""What the bouts add up to: a cell of the matrix for each pairing (row against
column), its win rate with a 95 % Wilson interval, draws, the mean length of a bout
and how often the loser died; and the difference a set of house rules makes."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.lab.stats import overlap, wilson
from companion.lab.system import Bout, Entrant


@dataclass
class Cell:
    """The row entrant's results against the column entrant."""

    bouts: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    turns: int = 0  # in all, for the mean
    loser_died: int = 0  # of the decided bouts

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

    def merge(self, other: Cell) -> None:
        self.bouts += other.bouts
        self.wins += other.wins
        self.losses += other.losses
        self.draws += other.draws
        self.turns += other.turns
        self.loser_died += other.loser_died

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
    entrants: list[Entrant]
    bouts: int  # asked for, a pairing
    seed: int
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)
    tables: str = "built-in"  # where the tables came from, in words

    def cell(self, row: int, col: int) -> Cell:
        return self.cells.setdefault((row, col), Cell())

    def total_bouts(self) -> int:
        return sum(c.bouts for c in self.cells.values())


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
