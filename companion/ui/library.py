"""What the window reads and keeps besides its screens: the tables (built-in, then the
user's, loaded on first use and again when his folder changes) and the settings (kept
as the player changes them). No pygame here: the window asks, this answers."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion import paths
from companion.files.settings import Settings, load_settings, save_settings

if TYPE_CHECKING:
    from companion.tables.loader import TableSet


class Library:
    def __init__(self, settings: Settings | None = None) -> None:
        self.settings: Settings = load_settings() if settings is None else settings
        self._tables: TableSet | None = None
        self._tables_seen: tuple[tuple[str, int, int], ...] | None = None

    # --- the tables -------------------------------------------------------------------
    @property
    def loaded(self) -> bool:
        """Whether the tables have been read yet (a start screen need not read them)."""
        return self._tables is not None

    @property
    def tables(self) -> TableSet:
        """Every table, built-in then the user's, for the tools and every session; a
        user's table a system cannot play is set aside for the built-in one."""
        if self._tables is None:
            from companion.rulesets.playable import has_user_tables, playable_tables
            from companion.tables.loader import load_tables

            self._tables_seen = folder_state(paths.user_tables_dir())
            tables = load_tables()
            if has_user_tables(tables):  # else the start needs no system's code
                from companion.rulesets.registry import get_ruleset, ruleset_ids

                tables = playable_tables(tables, [get_ruleset(r) for r in ruleset_ids()])
            self._tables = tables
        return self._tables

    def use(self, tables: TableSet) -> None:
        """Play with these tables from now on (a test's, or a screenshot's)."""
        self._tables = tables

    def read_again_if_changed(self) -> None:
        """Forget the tables if the user's folder changed since they were read."""
        if folder_state(paths.user_tables_dir()) != self._tables_seen:
            self._tables = None

    def raw_entries(self, table_id: str) -> list[dict[str, Any]]:
        """A table's entries as its file writes them, for a screen shown before any game
        (the start screen's gladiator types). While the user has no table files and no
        screen has asked for the tables, the built-in file is read alone: the whole set
        loads on first use (see companion.tables.builtin)."""
        if self._tables is None:
            from companion.tables.builtin import builtin_raw_entries, user_has_tables

            if not user_has_tables():
                return builtin_raw_entries(table_id)
        return self.tables.get(table_id).raw_entries

    def table_problems(self) -> list[str]:
        """The user's table files set aside as broken, in words; none while he has no
        table files (the built-in ones are checked by the tests)."""
        if self._tables is None:
            from companion.tables.builtin import user_has_tables

            if not user_has_tables():
                return []
        return [str(problem) for problem in self.tables.problems]

    # --- the settings -----------------------------------------------------------------
    def remember_file(self, path: Path) -> None:
        self.settings = self.settings.with_recent(path)
        self.save_settings()

    def save_settings(self) -> None:
        # Settings are a convenience; failing to keep them must not stop play.
        with contextlib.suppress(OSError):
            save_settings(self.settings)


def folder_state(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """What a folder holds, by name, size and time of change: enough to tell that a
    file was added, removed or edited since it was last read."""
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
        return tuple((e.name, e.stat().st_size, e.stat().st_mtime_ns) for e in entries)
    except OSError:
        return ()
