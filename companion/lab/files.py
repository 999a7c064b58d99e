"""The lab's results as files: results.csv and results.json with every cell (and the
change under house rules, when there are some; and with two choosers against each
other, which is which, their totals and their lapses), written into the folder that
is to take the --out folder's place (out.py): plain writes, since nobody reads that
folder before it is flushed and swapped in whole."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from companion.lab.results import Cell, Change, Matrix
from companion.rulesets.labs import Counts

FIELDS = ("row", "column", "bouts", "wins", "losses", "draws", "win_rate", "interval_low",
          "interval_high", "mean_turns", "loser_died_rate")
CHOOSER_FIELDS = ("row_chooser", "column_chooser")
CHANGE_FIELDS = ("house_win_rate", "house_interval_low", "house_interval_high", "change",
                 "significant")


def _versus(matrix: Matrix) -> tuple[str, str] | None:
    """The rows' and the columns' choosers, when the columns are played by another."""
    return matrix.choosers if matrix.columns is not None else None


def figures(cell: Cell) -> dict[str, Any]:
    low, high = cell.interval
    return {"bouts": cell.bouts, "wins": cell.wins, "losses": cell.losses,
            "draws": cell.draws, "win_rate": round(cell.win_rate, 4),
            "interval_low": round(low, 4), "interval_high": round(high, 4),
            "mean_turns": round(cell.mean_turns, 2),
            "loser_died_rate": round(cell.loser_died_rate, 4)}


def cell_records(matrix: Matrix, changes: dict[tuple[int, int], Change] | None = None
                 ) -> list[dict[str, Any]]:
    found = []
    versus = _versus(matrix)
    for (r, c), cell in sorted(matrix.cells.items()):
        record: dict[str, Any] = {"row": matrix.entrants[r].name,
                                  "column": matrix.col_entrants[c].name, **figures(cell)}
        if versus is not None:
            record.update(row_chooser=versus[0], column_chooser=versus[1])
        if changes is not None:
            change = changes[(r, c)]
            after_low, after_high = change.after.interval
            record.update({
                "house_win_rate": round(change.after.win_rate, 4),
                "house_interval_low": round(after_low, 4),
                "house_interval_high": round(after_high, 4),
                "change": round(change.delta, 4), "significant": change.significant})
        found.append(record)
    return found


def results_json(matrix: Matrix, changes: dict[tuple[int, int], Change] | None = None,
                 house: Matrix | None = None) -> str:
    document: dict[str, Any] = {
        "system": matrix.system_id, "bouts_a_pairing": matrix.bouts, "seed": matrix.seed,
        "tables": matrix.tables,
        "gladiators": [{"key": e.key, "name": e.name} for e in matrix.entrants],
        "cells": cell_records(matrix, changes)}
    if house is not None:
        document["house_tables"] = house.tables
    versus = _versus(matrix)
    if versus is not None:
        # The gladiators are the rows; the columns are the same played another way.
        document.update({
            "choosers": {"rows": versus[0], "columns": versus[1]},
            "columns": [{"key": e.key, "name": e.name} for e in matrix.col_entrants],
            "mirror_matches": figures(matrix.total(mirror=True)),
            "every_pairing": figures(matrix.total()),
            "lapses": {name: _named(matrix, lapses)
                       for name, lapses in matrix.lapses().items()}})
        for record, (_, cell) in zip(document["cells"], sorted(matrix.cells.items()),
                                     strict=True):
            record.update(row_lapses=_named(matrix, cell.row_lapses),
                          column_lapses=_named(matrix, cell.col_lapses))
    return json.dumps(document, indent=1) + "\n"


def _named(matrix: Matrix, counts: Counts) -> dict[str, int]:
    """A side's counts by the names the game's lapse table gives them (all 0 when it
    counted none)."""
    from companion.lab.system import system_for

    table = system_for(matrix.system_id).lapse_table
    names = table.names if table is not None else ()
    return dict(zip(names, counts or (0,) * len(names), strict=True))


def results_csv(matrix: Matrix, changes: dict[tuple[int, int], Change] | None = None) -> str:
    out = io.StringIO()
    fields = FIELDS + (CHOOSER_FIELDS if _versus(matrix) is not None else ()) + \
        (CHANGE_FIELDS if changes is not None else ())
    writer = csv.DictWriter(out, fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(cell_records(matrix, changes))
    return out.getvalue()


def write_results(folder: Path, matrix: Matrix, changes: dict[tuple[int, int], Change] | None,
                  house: Matrix | None) -> list[str]:
    """The names written."""
    written = []
    for name, text in (("results.csv", results_csv(matrix, changes)),
                       ("results.json", results_json(matrix, changes, house))):
        (folder / name).write_text(text, encoding="utf-8")
        written.append(name)
    return written
