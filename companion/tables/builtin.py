"""A built-in table's entries read straight from its file, for the start screen.

The start screen names the skirmish types and nothing else of the tables. Loading the
whole set (thirty files, the record of what was validated, the loader's code) cost a
start about a third of what it spends after the window shows. While the user has no
table files of his own, the built-in file is the table: its entries are read from it
as the file writes them, the way `Table.raw_entries` gives them, and the set loads on
first use (a game, the tables tab). Each built-in table lives in `<id>.json`, which the
tests check, and the tests validate every built-in file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion import paths


def builtin_table_path(table_id: str) -> Path:
    return paths.builtin_tables_dir() / f"{table_id}.json"


def builtin_raw_entries(table_id: str) -> list[dict[str, Any]]:
    """The entries of the built-in table `table_id`, unvalidated by this read (the
    tests validate the built-in files): a broken built-in file is a bug, and raises."""
    data = json.loads(builtin_table_path(table_id).read_bytes())
    entries: list[dict[str, Any]] = data["entries"]
    return entries


def user_has_tables() -> bool:
    """Whether the user's tables folder holds any table file (`*.json`)."""
    return bool(paths.json_files(paths.user_tables_dir()))
