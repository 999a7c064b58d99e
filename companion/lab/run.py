"""Playing the lab's chunks: in this process, over every core with
`multiprocessing`, or on a Dask cluster. Each chunk gives its cells' sums, which add
up the same in any order, so the matrix does not depend on who played what."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.errors import UserError
from companion.lab.play import Keep, Progress, Stop, Stopped, play_chunk
from companion.lab.results import Cell, Matrix
from companion.lab.tasks import Chunk

if TYPE_CHECKING:
    from companion.tables.loader import TableSet

# A worker process's table sets, sent once when it starts (a table set is a few
# hundred kilobytes: too much to send with every chunk).
_worker_tables: list[TableSet] = []


def _start_worker(tables: Sequence[TableSet]) -> None:
    _worker_tables[:] = tables


def _play_in_worker(chunk: Chunk) -> tuple[Chunk, Cell]:
    return play_chunk(chunk, _worker_tables[chunk.tables])


def default_workers() -> int:
    return os.cpu_count() or 1


def run_chunks(chunks: Sequence[Chunk], tables: Sequence[TableSet], *, workers: int = 0,
               scheduler: str | None = None, progress: Progress | None = None,
               stop: Stop | None = None, keep: Keep | None = None
               ) -> list[tuple[Chunk, Cell]]:
    """Every chunk played: `workers` processes (0: one a core; 1: in this process),
    or on the Dask scheduler at `scheduler`; each given to `keep` as it finishes."""
    if scheduler is not None:
        from companion.lab.dask_run import run_on_dask

        return run_on_dask(scheduler, chunks, tables, progress=progress, stop=stop,
                           keep=keep)
    workers = workers or default_workers()
    total = sum(c.stop - c.start for c in chunks)
    found: list[tuple[Chunk, Cell]] = []
    done = 0
    if workers == 1 or len(chunks) <= 1:
        for chunk in chunks:
            if stop is not None and stop():
                raise Stopped
            result = play_chunk(chunk, tables[chunk.tables])
            found.append(result)
            if keep is not None:
                keep(*result)
            done += chunk.stop - chunk.start
            if progress is not None:
                progress(done, total)
        return found
    # Spawned, not forked: a fresh interpreter is safe under the window's threads and
    # its display connection, and imports only what the bouts need.
    context = multiprocessing.get_context("spawn")
    with context.Pool(min(workers, len(chunks)), _start_worker, (list(tables),)) as pool:
        for result in pool.imap_unordered(_play_in_worker, chunks):
            found.append(result)
            if keep is not None:
                keep(*result)
            done += result[1].bouts
            if progress is not None:
                progress(done, total)
            if stop is not None and stop():
                pool.terminate()
                raise Stopped
    return found


def gather(results: Sequence[tuple[Chunk, Cell]], matrices: Sequence[Matrix]) -> None:
    """Add each chunk's sums into its matrix's cell."""
    for chunk, cell in results:
        matrices[chunk.tables].cell(chunk.row, chunk.col).merge(cell)


def check_workers(workers: Any) -> int:
    if not isinstance(workers, int) or workers < 0:
        raise UserError(f"--workers {workers}: a whole number of processes, 0 for one a core")
    return workers
