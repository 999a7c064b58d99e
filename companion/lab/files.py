"""The lab's results as files: results.csv and results.json with every cell (and the
change under house rules, when there are some), written into the --out folder."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from companion.lab.results import Change, Matrix

FIELDS = ("row", "column", "bouts", "wins", "losses", "draws", "win_rate", "interval_low",
          "interval_high", "mean_turns", "loser_died_rate")
CHANGE_FIELDS = ("house_win_rate", "house_interval_low", "house_interval_high", "change",
                 "significant")


def cell_records(matrix: Matrix, changes: dict[tuple[int, int], Change] | None = None
                 ) -> list[dict[str, Any]]:
    found = []
    for (r, c), cell in sorted(matrix.cells.items()):
        low, high = cell.interval
        record: dict[str, Any] = {
            "row": matrix.entrants[r].name, "column": matrix.entrants[c].name,
            "bouts": cell.bouts, "wins": cell.wins, "losses": cell.losses,
            "draws": cell.draws, "win_rate": round(cell.win_rate, 4),
            "interval_low": round(low, 4), "interval_high": round(high, 4),
            "mean_turns": round(cell.mean_turns, 2),
            "loser_died_rate": round(cell.loser_died_rate, 4)}
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
    return json.dumps(document, indent=1) + "\n"


def results_csv(matrix: Matrix, changes: dict[tuple[int, int], Change] | None = None) -> str:
    out = io.StringIO()
    fields = FIELDS + (CHANGE_FIELDS if changes is not None else ())
    writer = csv.DictWriter(out, fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(cell_records(matrix, changes))
    return out.getvalue()


def write_results(folder: Path, matrix: Matrix, changes: dict[tuple[int, int], Change] | None,
                  house: Matrix | None) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in (("results.csv", results_csv(matrix, changes)),
                       ("results.json", results_json(matrix, changes, house))):
        (folder / name).write_text(text, encoding="utf-8")
        written.append(folder / name)
    return written
