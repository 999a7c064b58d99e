"""The run in progress in an --out folder, kept in its `.lab-run` so that a run killed
or stopped goes on from the bouts it had played:

- `settings.json`: what the run plays, as a fingerprint of everything its results
  depend on (the system, the gladiators and how they are fielded, the bouts, the seed,
  the tables' contents, the program's version), and in words for the messages;
- `chunks.jsonl`: a line for each finished chunk, its bouts and their sums.

The same command again finds the same fingerprint and plays only the bouts no line
covers. Every bout's dice come from the seed and its pairing alone (tasks.py), and
a cell's figures are sums, so the results are those of a run never stopped, whatever
the chunks were. A run in progress with other settings is refused unless --fresh
drops it. The folder's swap (out.py) takes the progress away with the old results."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
from bisect import bisect_right
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from companion.errors import UserError
from companion.files.atomic import atomic_write
from companion.lab.results import Cell
from companion.lab.tasks import Chunk

if TYPE_CHECKING:
    from companion.lab.lab import Lab
    from companion.lab.out import OutFolder

SETTINGS = "settings.json"
CHUNKS = "chunks.jsonl"
FORMAT = "companion-lab-run"
SUMS = ("bouts", "wins", "losses", "draws", "turns", "loser_died")


def fingerprint(lab: Lab) -> str:
    """Everything the lab's cells depend on, hashed. Not the names, nor the tables'
    words: the files say those as the command that writes them gives them."""
    from companion import __version__
    from companion.rulesets.registry import get_ruleset

    ids = get_ruleset(lab.system_id).table_ids
    what = {"version": __version__, "system": lab.system_id, "bouts": lab.bouts,
            "seed": lab.seed, "rows": [[e.key, e.spec] for e in lab.entrants],
            "columns": None if lab.columns is None else [[e.key, e.spec]
                                                         for e in lab.columns],
            "choosers": lab.choosers,
            "tables": [{i: t.tables[i].fingerprint for i in ids if i in t.tables}
                       for t in lab.tables]}
    text = json.dumps(what, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def words(lab: Lab) -> str:
    versus = f", {lab.choosers[0]} against {lab.choosers[1]}" \
        if lab.columns is not None and lab.choosers is not None else ""
    house = f", house rules {lab.tables_words[1]}" if len(lab.tables) > 1 else ""
    return (f"{lab.system_id}, {len(lab.entrants)} gladiators{versus}, "
            f"{lab.bouts:,} bouts a pairing, seed {lab.seed}{house}")


class Journal:
    """The chunks a run has played (`played`, read back when it resumes) and those it
    plays now (`keep`), in the --out folder's `.lab-run`."""

    def __init__(self, folder: Path, key: str, played: list[tuple[Chunk, Cell]]) -> None:
        self.folder = folder
        self.key = key
        self.played = played
        self._file: TextIO | None = None

    @property
    def bouts_played(self) -> int:
        return sum(cell.bouts for _, cell in self.played)

    def keep(self, chunk: Chunk, cell: Cell) -> None:
        # Appended, one line a chunk: a whole copy written per chunk would write the
        # run's square. A line a kill cut short is dropped when read, and its bouts
        # played again; no fsync either, as a line lost to a power cut costs no more.
        record = {"run": self.key, "tables": chunk.tables, "row": chunk.row,
                  "col": chunk.col, "start": chunk.start, "stop": chunk.stop,
                  "sums": [getattr(cell, name) for name in SUMS],
                  "lapses": [list(cell.row_lapses), list(cell.col_lapses)]}
        if self._file is None:
            self._file = (self.folder / CHUNKS).open("a", encoding="utf-8")
        self._file.write(json.dumps(record, separators=(",", ":")) + "\n")
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def open_journal(out: OutFolder, lab: Lab, *, fresh: bool = False
                 ) -> tuple[Journal, str | None]:
    """The journal of `out`'s run in progress if it has the lab's settings (with a
    line saying how far it got), else of a new run; UserError in one line for a run
    in progress with other settings, unless `fresh`, which drops it."""
    folder = out.run
    key = fingerprint(lab)
    note = None
    if folder.is_dir():
        kept = _settings(folder)
        if kept is not None and kept.get("fingerprint") == key and not fresh:
            played = _played(folder, lab, key)
            journal = Journal(folder, key, played)
            done, total = journal.bouts_played, lab.total_bouts()
            return journal, (f"resuming the run in progress in {out.given}: {done:,} of "
                             f"{total:,} bouts played already (--fresh starts again)")
        if kept is not None and not fresh:
            raise UserError(
                f"--out {out.given}: it holds a run in progress with other settings "
                f"({kept.get('words', 'unknown')}); give its command again to resume it, "
                "or --fresh to drop it and start this one")
        if kept is not None:
            note = f"dropped the run in progress in {out.given}"
        _drop(folder)
    os.mkdir(folder)
    atomic_write(folder / SETTINGS, json.dumps(
        {"format": FORMAT, "fingerprint": key, "words": words(lab)}, indent=1) + "\n")
    return Journal(folder, key, []), note


def _drop(folder: Path) -> None:
    # The settings first: a kill in the middle leaves a folder that says nothing,
    # which the next run drops too, and never chunks under settings they were not.
    with contextlib.suppress(FileNotFoundError):
        (folder / SETTINGS).unlink()
    shutil.rmtree(folder)


def _settings(folder: Path) -> dict[str, Any] | None:
    """What `settings.json` says, or None where there is none to trust (a kill came
    before it was written): a run with nothing kept."""
    try:
        found = json.loads((folder / SETTINGS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) and found.get("format") == FORMAT else None


def _played(folder: Path, lab: Lab, key: str) -> list[tuple[Chunk, Cell]]:
    """Every whole, sound line of `chunks.jsonl`: of this run, inside the lab, its sums
    adding up, overlapping no line before it. The file is written again without the
    others, so that the lines appended after them start on a line of their own."""
    path = folder / CHUNKS
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return []
    played: list[tuple[Chunk, Cell]] = []
    spans: dict[tuple[int, int, int], list[tuple[int, int]]] = defaultdict(list)
    good: list[str] = []
    lines = text.split("\n")
    for line in lines[:-1]:  # the last is empty, or a line a kill cut short
        found = _read(line, lab, key)
        if found is None:
            continue
        chunk = found[0]
        taken = spans[(chunk.tables, chunk.row, chunk.col)]
        if _overlaps(taken, chunk.start, chunk.stop):
            continue
        taken.insert(bisect_right(taken, (chunk.start, chunk.stop)), (chunk.start, chunk.stop))
        played.append(found)
        good.append(line + "\n")
    if len(good) != len(lines) - 1 or lines[-1]:
        atomic_write(path, "".join(good))
    return played


def _overlaps(taken: list[tuple[int, int]], start: int, stop: int) -> bool:
    at = bisect_right(taken, (start, stop))
    before = taken[at - 1] if at else None
    after = taken[at] if at < len(taken) else None
    return (before is not None and before[1] > start) or \
        (after is not None and after[0] < stop)


def _read(line: str, lab: Lab, key: str) -> tuple[Chunk, Cell] | None:
    try:
        record = json.loads(line)
        if not isinstance(record, dict) or record.get("run") != key:
            return None
        t, r, c, start, stop = (record[k] for k in ("tables", "row", "col", "start", "stop"))
        sums, lapses = record["sums"], record["lapses"]
        numbers = [t, r, c, start, stop, *sums, *lapses[0], *lapses[1]]
        if not all(type(n) is int and n >= 0 for n in numbers):
            return None
        # Either side's counts are the game's (as many as its lapse table names) or none.
        if len(sums) != len(SUMS) or len(lapses) != 2 or len(lapses[0]) != len(lapses[1]):
            return None
    except (ValueError, KeyError, TypeError, IndexError):  # a side's lapses missing, too
        return None
    cell = Cell(**dict(zip(SUMS, sums, strict=True)), row_lapses=tuple(lapses[0]),
                col_lapses=tuple(lapses[1]))
    inside = t < len(lab.tables) and r < len(lab.entrants) and \
        c < len(lab.col_entrants) and start < stop <= lab.bouts
    adds_up = cell.bouts == stop - start == cell.wins + cell.losses + cell.draws and \
        cell.loser_died <= cell.wins + cell.losses
    return (lab.chunk(t, r, c, start, stop), cell) if inside and adds_up else None
