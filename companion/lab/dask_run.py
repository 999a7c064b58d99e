"""The lab's chunks on a Dask cluster (`--scheduler ADDRESS`), for a league that
outgrows one machine. dask.distributed is an optional extra (`pip install
companion[lab]`), imported only here, only when asked for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.errors import UserError
from companion.lab.play import Keep, Progress, Stop, Stopped, play_chunk
from companion.lab.results import Cell
from companion.lab.tasks import Chunk

if TYPE_CHECKING:
    from companion.tables.loader import TableSet

CONNECT_SECONDS = 10


def run_on_dask(address: str, chunks: Sequence[Chunk], tables: Sequence[TableSet], *,
                progress: Progress | None = None, stop: Stop | None = None,
                keep: Keep | None = None) -> list[tuple[Chunk, Cell]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise UserError("--scheduler needs dask.distributed, which is not installed: "
                        "pip install 'companion[lab]'") from None
    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as err:
        raise UserError(f"--scheduler {address}: cannot reach a Dask scheduler there "
                        f"({err})") from None
    total = sum(c.stop - c.start for c in chunks)
    found: list[tuple[Chunk, Cell]] = []
    try:
        # Each table set goes to every worker once; the chunks name theirs.
        shared = [client.scatter(t, broadcast=True) for t in tables]
        futures = [client.submit(play_chunk, chunk, shared[chunk.tables], pure=False)
                   for chunk in chunks]
        done = 0
        for future in as_completed(futures):
            chunk, cell = future.result()
            found.append((chunk, cell))
            if keep is not None:
                keep(chunk, cell)
            done += cell.bouts
            if progress is not None:
                progress(done, total)
            if stop is not None and stop():
                client.cancel(futures)
                raise Stopped
    finally:
        client.close()
    return found
