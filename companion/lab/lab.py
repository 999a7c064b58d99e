"""One lab: a system, its entrants (the rows, and the columns unless other columns
are given), N bouts a pairing, a seed, and one or two table sets (the built-in
tables, then the house rules); played into a matrix for each."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.errors import UserError
from companion.lab import tasks
from companion.lab.results import Cell, Matrix
from companion.lab.run import Keep, Progress, Stop, gather, run_chunks
from companion.lab.system import system_for
from companion.lab.tasks import Chunk, chunks, left_to_play, pairing_seed
from companion.rulesets.labs import Entrant

if TYPE_CHECKING:
    from companion.tables.loader import TableSet

MAX_BOUTS = 1_000_000  # a pairing: far beyond any use, short of a run for days
MAX_ENTRANTS = 400  # a league's round robin, and no more


@dataclass
class Lab:
    system_id: str
    entrants: list[Entrant]
    bouts: int
    seed: int
    tables: list[TableSet]  # the first: as they are; a second: with the house rules
    tables_words: list[str]  # where each set came from, for the report
    # The columns, when they are not the rows: the same gladiators played by another
    # chooser; and how the rows and the columns choose, for the report.
    columns: list[Entrant] | None = None
    choosers: tuple[str, str] | None = None

    def check(self) -> None:
        if not 1 <= self.bouts <= MAX_BOUTS:
            raise UserError(f"--bouts {self.bouts}: from 1 to {MAX_BOUTS:,} a pairing")
        if not self.entrants:
            raise UserError("the lab needs at least one gladiator")
        if len(self.entrants) > MAX_ENTRANTS:
            raise UserError(f"{len(self.entrants)} gladiators: at most {MAX_ENTRANTS}")
        if self.columns is not None and not self.columns:
            raise UserError("the lab needs at least one gladiator in its columns")
        system = system_for(self.system_id)
        for tables in self.tables:
            system.check_tables(tables)

    @property
    def col_entrants(self) -> list[Entrant]:
        return self.entrants if self.columns is None else self.columns

    def total_bouts(self) -> int:
        return len(self.entrants) * len(self.col_entrants) * self.bouts * len(self.tables)

    def chunk(self, tables: int, row: int, col: int, start: int, stop: int) -> Chunk:
        """Bouts `start` to `stop` of a pairing, as a task (as the journal names them)."""
        r, c = self.entrants[row], self.col_entrants[col]
        return Chunk(self.system_id, tables, row, col, r, c, pairing_seed(self.seed, r, c),
                     start, stop)

    def run(self, *, workers: int = 0, scheduler: str | None = None,
            progress: Progress | None = None, stop: Stop | None = None,
            size: int | None = None, played: Sequence[tuple[Chunk, Cell]] = (),
            keep: Keep | None = None) -> list[Matrix]:
        """Every bout, `size` to a task (`tasks.CHUNK`), less those `played` already (a
        resumed run's); `keep` is given each chunk as it finishes."""
        size = size or tasks.CHUNK
        work = [c for index in range(len(self.tables))
                for c in chunks(self.system_id, self.entrants, self.bouts, self.seed, index,
                                size=size, columns=self.columns)]
        work = left_to_play(work, [chunk for chunk, _ in played])
        already = sum(cell.bouts for _, cell in played)
        if progress is not None and already:
            progress = _counting_from(already, progress)
        found = run_chunks(work, self.tables, workers=workers, scheduler=scheduler,
                           progress=progress, stop=stop, keep=keep)
        matrices = [Matrix(self.system_id, self.entrants, self.bouts, self.seed,
                           tables=words, columns=self.columns, choosers=self.choosers)
                    for words in self.tables_words]
        gather([*played, *found], matrices)
        return matrices


def _counting_from(already: int, progress: Progress) -> Progress:
    """The bar of a resumed run counts the bouts played before it too."""
    def shown(done: int, total: int) -> None:
        progress(already + done, already + total)

    return shown
