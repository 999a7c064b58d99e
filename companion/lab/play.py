"""Playing one chunk of the lab's bouts, wherever it runs (this process, a worker
process, a Dask worker), and what the runners share."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from companion.lab.results import Cell
from companion.lab.system import system_for
from companion.lab.tasks import Chunk, bout_seed
from companion.rulesets.labs import LabSystem, layout_of

if TYPE_CHECKING:
    from companion.tables.loader import TableSet

# done, total (bouts); the runner calls it after each chunk, in the calling thread.
Progress = Callable[[int, int], None]
# Asked between chunks: True stops the run (the window's Stop).
Stop = Callable[[], bool]
# Given each chunk and its sums as it finishes, in the calling thread (the journal).
Keep = Callable[[Chunk, Cell], None]


class Stopped(Exception):
    """The run was stopped before its end."""


@lru_cache(maxsize=8)
def _system(system_id: str) -> LabSystem:
    # One per process: a system keeps what it built from each table set.
    return system_for(system_id)


def play_chunk(chunk: Chunk, tables: TableSet) -> tuple[Chunk, Cell]:
    system = _system(chunk.system_id)
    cell = Cell()
    for index in range(chunk.start, chunk.stop):
        cell.add(system.play(chunk.row_entrant, chunk.col_entrant,
                             bout_seed(chunk.seed, index), layout_of(index), tables))
    return chunk, cell
