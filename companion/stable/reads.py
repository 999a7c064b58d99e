"""The stable's records, read: its managers, gladiators, fights and purses, each as
the model's record (`model`). Reading never writes; `Stable` (`store`) is this and
its changes, each one transaction."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.stable.model import Change, Entrant, Fight, Gladiator, Manager, PurseEntry
from companion.stable.opening import StableError, sqlite_words

_GLADIATOR = "id, game, name, manager_id, sheet, alive, starred, source, added"
_FIGHT = ("f.id, f.game, f.played, f.session_path, f.session_digest, f.result, "
          "f.recorded")


class StableReads:
    """An open stable's reading half; `_db` None: no stable yet, and nothing to read."""

    path: Path
    _db: sqlite3.Connection | None

    def _rows(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        if self._db is None:
            return []
        try:
            rows = self._db.execute(sql, args).fetchall()
        except sqlite3.Error as err:
            raise StableError(self.path, sqlite_words(err)) from None
        # SQLite keeps whatever type a value was given: text a hand put in as bytes is
        # read as text, so no record holds what its type does not say.
        return [tuple(v.decode("utf-8", "replace") if isinstance(v, bytes) else v
                      for v in row) for row in rows]

    def read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """The rows of a query of the stable's tables, for the modules that keep their
        own records in it (the league's): none when there is no stable yet, and its
        errors in words."""
        return self._rows(sql, args)

    def managers(self) -> list[Manager]:
        return [Manager(*row) for row in
                self._rows("SELECT id, name, note, added FROM managers ORDER BY id")]

    def manager_named(self, name: str) -> Manager | None:
        rows = self._rows("SELECT id, name, note, added FROM managers "
                          "WHERE name = ? COLLATE NOCASE", (name,))
        return Manager(*rows[0]) if rows else None

    def manager(self, manager_id: int) -> Manager | None:
        rows = self._rows("SELECT id, name, note, added FROM managers WHERE id = ?",
                          (manager_id,))
        return Manager(*rows[0]) if rows else None

    def gladiators(self, *, game: str | None = None, manager_id: int | None = None
                   ) -> list[Gladiator]:
        sql, args = f"SELECT {_GLADIATOR} FROM gladiators WHERE 1", list[Any]()
        if game is not None:
            sql, args = sql + " AND game = ?", [*args, game]
        if manager_id is not None:
            sql, args = sql + " AND manager_id = ?", [*args, manager_id]
        return [_gladiator(row) for row in self._rows(sql + " ORDER BY id", args)]

    def gladiator(self, gladiator_id: int) -> Gladiator | None:
        rows = self._rows(f"SELECT {_GLADIATOR} FROM gladiators WHERE id = ?",
                          (gladiator_id,))
        return _gladiator(rows[0]) if rows else None

    def named(self, name: str, game: str | None = None) -> list[Gladiator]:
        """The gladiators of that name, whatever its case (of one game, if given)."""
        return [g for g in self.gladiators(game=game) if g.name.casefold() == name.casefold()]

    def holds(self, game: str, sheet: str, manager_id: int | None) -> Gladiator | None:
        """The gladiator of this game with exactly this sheet and manager, if one is in."""
        rows = self._rows(f"SELECT {_GLADIATOR} FROM gladiators WHERE game = ? AND "
                          "sheet = ? AND manager_id IS ?", (game, sheet, manager_id))
        return _gladiator(rows[0]) if rows else None

    def fights_of(self, gladiator_id: int) -> list[tuple[Fight, Entrant]]:
        """His career: each fight he was in, oldest first, and how it went for him."""
        rows = self._rows(f"SELECT {_FIGHT}, e.fight_id, e.gladiator_id, e.side, e.result "
                          "FROM fights f JOIN entrants e ON e.fight_id = f.id "
                          "WHERE e.gladiator_id = ? ORDER BY f.id", (gladiator_id,))
        return [(Fight(*row[:7]), Entrant(*row[7:])) for row in rows]

    def fight(self, fight_id: int) -> Fight | None:
        rows = self._rows(f"SELECT {_FIGHT} FROM fights f WHERE id = ?", (fight_id,))
        return Fight(*rows[0]) if rows else None

    def fight_of_session(self, digest: str) -> Fight | None:
        rows = self._rows(f"SELECT {_FIGHT} FROM fights f WHERE session_digest = ?",
                          (digest,))
        return Fight(*rows[0]) if rows else None

    def entrants(self, fight_id: int) -> list[Entrant]:
        rows = self._rows("SELECT fight_id, gladiator_id, side, result FROM entrants "
                          "WHERE fight_id = ? ORDER BY rowid", (fight_id,))
        return [Entrant(*row) for row in rows]

    def changes(self, fight_id: int) -> list[Change]:
        rows = self._rows("SELECT fight_id, gladiator_id, field, before_value, after_value "
                          "FROM changes WHERE fight_id = ? ORDER BY id", (fight_id,))
        return [Change(*row) for row in rows]

    def purse(self, manager_id: int) -> list[PurseEntry]:
        rows = self._rows("SELECT id, manager_id, amount, reason, fight_id, entered "
                          "FROM purse WHERE manager_id = ? ORDER BY id", (manager_id,))
        return [PurseEntry(*row) for row in rows]



def _gladiator(row: tuple[Any, ...]) -> Gladiator:
    values = list(row)
    values[5], values[6] = bool(values[5]), bool(values[6])
    return Gladiator(*values)
