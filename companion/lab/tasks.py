"""The lab's work as tasks: every ordered pairing of the entrants (the matrix's row
against its column, the diagonal included; the columns may be the same gladiators
played another way), N bouts each, cut into chunks. Each
pairing's seed comes from the lab's seed and the two entrants' keys, and each bout's
from the pairing's and its number, so the results are the same however the chunks
are shared among workers, on one machine or many."""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from companion.rulesets.labs import Entrant

CHUNK = 125  # bouts a task: small enough to share out evenly and show progress


@dataclass(frozen=True)
class Chunk:
    """Bouts `start` to `stop` (not included) of one pairing, on one table set."""

    system_id: str
    tables: int  # which of the lab's table sets (0 the built-in ones, 1 the house rules)
    row: int
    col: int
    row_entrant: Entrant
    col_entrant: Entrant
    seed: int  # the pairing's
    start: int
    stop: int


def pairing_seed(seed: int, row: Entrant, col: Entrant) -> int:
    text = f"{seed}|{row.key}|{col.key}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def bout_seed(pairing: int, index: int) -> int:
    return pairing * 1_000_003 + index


def chunks(system_id: str, entrants: list[Entrant], bouts: int, seed: int,
           tables: int = 0, size: int = CHUNK, columns: list[Entrant] | None = None
           ) -> list[Chunk]:
    """The rows are `entrants`, and so are the columns unless `columns` are given."""
    found = []
    for r, row in enumerate(entrants):
        for c, col in enumerate(entrants if columns is None else columns):
            p = pairing_seed(seed, row, col)
            for start in range(0, bouts, size):
                found.append(Chunk(system_id, tables, r, c, row, col, p, start,
                                   min(bouts, start + size)))
    return found


def left_to_play(work: Sequence[Chunk], played: Iterable[Chunk]) -> list[Chunk]:
    """The bouts of `work` that no chunk of `played` covers, in pieces no larger than
    `work`'s chunks: a run resumed with another chunk size plays each bout once all
    the same. `played` must not overlap itself (the journal sees to it)."""
    spans: dict[tuple[int, int, int], list[tuple[int, int]]] = defaultdict(list)
    for chunk in played:
        spans[(chunk.tables, chunk.row, chunk.col)].append((chunk.start, chunk.stop))
    for found in spans.values():
        found.sort()
    left = []
    for chunk in work:
        done = spans.get((chunk.tables, chunk.row, chunk.col), [])
        start = chunk.start
        # The first span that could reach past `start`, then on while they begin inside.
        at = max(0, bisect_right(done, (start, start)) - 1)
        for low, high in done[at:]:
            if low >= chunk.stop:
                break
            if high <= start:
                continue
            if low > start:
                left.append(replace(chunk, start=start, stop=low))
            start = max(start, high)
        if start < chunk.stop:
            left.append(replace(chunk, start=start, stop=chunk.stop))
    return left
