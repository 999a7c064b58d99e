"""The stable's records, read and changed. Every change is one transaction (`BEGIN
IMMEDIATE` ... `COMMIT`): all of it is in the file, or none of it, whenever the
process is killed (see `schema` for the journal that makes this so).

    with Stable.open(path) as stable:
        stable.add_gladiator(game, sheet, manager="Marcus")

A fight's changes to careers are recorded with the value of each field before and
after (`record_fight`), so that `take_back` restores every gladiator it touched
exactly; what a fight changes is each game's own rule, not the store's. A fight may
bring gladiators into the stable (`record_fight_of`): each is marked by a change of
his name from none, and taken out again with the fight when he has no other.

Every change is a method of `Stable` around its one `change()`, and the rules each
change keeps inside it (a session recorded once, the starred limit, a newcomer's mark,
a sheet changed meanwhile) are checked on the same connection within that transaction,
so they stay beside it; the reading methods are `reads`."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion import paths
from companion.core.words import plural
from companion.errors import UserError
from companion.files.written_by import is_newer, kept_as_is
from companion.stable.model import (
    CHANGEABLE,
    Fight,
    Gladiator,
    Manager,
    NewChange,
    NewEntrant,
    NewFight,
    PurseEntry,
    SheetFile,
)
from companion.stable.opening import (
    StableError,
    open_file,
    release_in,
    sqlite_words,
    stamp_release,
)
from companion.stable.reads import StableReads
from companion.stable.starring import refusal, starred_most

Clock = Callable[[], str]


class Refused(UserError):
    """A change the stable's rules refuse (the stable itself is fine): said in words."""

    def __init__(self, message: str) -> None:
        super().__init__(message, exit_code=1)


def utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class Stable(StableReads):
    """One open stable. Reading never writes; each change method is one transaction."""

    def __init__(self, path: Path, connection: sqlite3.Connection | None, writable: bool,
                 clock: Clock) -> None:
        self.path = path
        self._db = connection  # None: no stable yet, and nothing to read
        self.writable = writable
        self._clock = clock
        # A stable a newer release changed last is read, and never changed by this one.
        release = release_in(connection) if connection is not None else None
        self.newer_release = release if release is not None and is_newer(release) else None

    @classmethod
    def open(cls, path: Path | None = None, *, create: bool = True,
             clock: Clock = utc_now) -> Stable:
        """The stable at `path` (by default the user's); with `create` false, a stable
        that is not there yet reads as empty and is not made."""
        path = Path(path) if path is not None else paths.stable_path()
        opened = open_file(path, create=create)
        if opened is None:
            return cls(path, None, False, clock)
        return cls(path, opened[0], opened[1], clock)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def __enter__(self) -> Stable:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- the machinery ---------------------------------------------------------------
    @contextmanager
    def change(self) -> Iterator[sqlite3.Connection]:
        """One transaction: everything done inside it is written, or nothing is."""
        if self._db is None:
            raise StableError(self.path, "there is no stable here yet to change")
        if not self.writable:
            raise StableError(self.path, "read-only: the stable can be read but not "
                              "changed")
        if self.newer_release is not None:
            raise StableError(self.path, kept_as_is(self.newer_release,
                                                     "changed by this one"))
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as err:
            raise StableError(self.path, sqlite_words(err)) from None
        try:
            yield db
            stamp_release(db)
            db.execute("COMMIT")
        except BaseException as err:
            if db.in_transaction:
                # Failing that, the journal rolls it back at the next open.
                with suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
            if isinstance(err, sqlite3.Error):
                raise StableError(self.path, sqlite_words(err)) from None
            raise

    # --- changing --------------------------------------------------------------------
    def add_manager(self, name: str, note: str = "") -> Manager:
        with self.change() as db:
            return self._manager(db, name, note, refuse_known=True)

    def add_gladiator(self, game: str, sheet: SheetFile, *, manager: str = "",
                      source: str = "") -> Gladiator:
        """Add a gladiator (and his manager, if new): `manager` by name, or else the one
        his sheet names, or none."""
        return self.add_gladiators([(game, sheet, source)], manager=manager)[0]

    def add_gladiators(self, sheets: Sequence[tuple[str, SheetFile, str]], *,
                       manager: str = "") -> list[Gladiator]:
        """Add each (game, sheet, source file) in one change: all of them, or none."""
        limits = _limits({game for game, sheet, _source in sheets if sheet.starred})
        with self.change() as db:
            added = [self._gladiator_in(db, game, sheet, source, limits, manager)
                     for game, sheet, source in sheets]
        return [g for g in map(self.gladiator, added) if g is not None]

    def rewrite_sheet(self, gladiator_id: int, was: str, sheet: SheetFile) -> Gladiator:
        """Put `sheet` (and the name it gives him) in place of his sheet `was`, in one
        change: what a player does between fights (the battle system's training).
        Refused when his sheet is no longer `was`, so that nothing done meanwhile is
        lost."""
        with self.change() as db:
            row = db.execute("SELECT sheet FROM gladiators WHERE id = ?",
                             (gladiator_id,)).fetchone()
            if row is None:
                raise Refused(f"there is no gladiator #{gladiator_id}")
            if row[0] != was:
                raise Refused(f"gladiator #{gladiator_id}'s sheet changed while it was "
                              "being read; nothing written")
            db.execute("UPDATE gladiators SET name = ?, sheet = ? WHERE id = ?",
                       (sheet.name, sheet.text, gladiator_id))
        found = self.gladiator(gladiator_id)
        assert found is not None
        return found

    def set_starred(self, gladiator_id: int, starred: bool, sheet: str) -> Gladiator:
        """Star him, or no longer, with his sheet's text saying so (his game's own
        `with_starred`): refused past his manager's limit (`starring`)."""
        known = self.gladiator(gladiator_id)
        limits = _limits({known.game}) if known is not None and starred else {}
        with self.change() as db:
            if db.execute("UPDATE gladiators SET starred = ?, sheet = ? WHERE id = ?",
                          (int(starred), sheet, gladiator_id)).rowcount != 1:
                raise Refused(f"there is no gladiator #{gladiator_id}")
            self._check_starred(db, gladiator_id, limits)
        found = self.gladiator(gladiator_id)
        assert found is not None
        return found

    def remove_gladiator(self, gladiator_id: int, *, with_career: bool = False) -> None:
        """Remove a gladiator; one with fights in his career only `with_career`, which
        removes his part of them too (and a fight no one is left in)."""
        with self.change() as db:
            fought = db.execute("SELECT count(*) FROM entrants WHERE gladiator_id = ?",
                                (gladiator_id,)).fetchone()[0]
            if fought and not with_career:
                raise Refused(f"gladiator #{gladiator_id} has {plural(fought, 'fight')} in "
                              "his career")
            for table in ("changes", "entrants"):
                db.execute(f"DELETE FROM {table} WHERE gladiator_id = ?", (gladiator_id,))
            empty = "(SELECT id FROM fights WHERE id NOT IN (SELECT fight_id FROM entrants))"
            for table in ("changes", "purse"):
                db.execute(f"DELETE FROM {table} WHERE fight_id IN {empty}")
            db.execute(f"DELETE FROM fights WHERE id IN {empty}")
            db.execute("DELETE FROM gladiators WHERE id = ?", (gladiator_id,))

    def remove_manager(self, manager_id: int) -> None:
        """Remove a manager who has no gladiators and no purse left."""
        with self.change() as db:
            held = db.execute("SELECT name, (SELECT count(*) FROM gladiators WHERE "
                              "manager_id = ?), (SELECT count(*) FROM purse WHERE "
                              "manager_id = ?) FROM managers WHERE id = ?",
                              (manager_id, manager_id, manager_id)).fetchone()
            if held is None:
                raise Refused(f"there is no manager #{manager_id}")
            if held[1]:
                raise Refused(f"{held[0]} still has {plural(held[1], 'gladiator')} in the "
                              "stable")
            if held[2]:
                raise Refused(f"{held[0]} has "
                              f"{plural(held[2], 'entry', 'entries')} in his purse")
            db.execute("DELETE FROM managers WHERE id = ?", (manager_id,))

    def add_to_purse(self, manager: str, amount: int, reason: str,
                     fight_id: int | None = None) -> PurseEntry:
        with self.change() as db:
            entry = self._purse_entry(db, self._manager(db, manager, "").id, amount, reason,
                                      fight_id)
        return entry

    def record_fight(self, fight: NewFight, entrants: Sequence[tuple[int, str, str]],
                     changes: Sequence[NewChange],
                     purse: Sequence[tuple[int, int, str]] = ()) -> Fight:
        """Record a fight: its entrants (gladiator id, side, result), what it changes in
        their careers, and money it moves ((manager id, amount, reason)), in one change.
        A session already recorded is refused: a fight counts once."""
        starring = any(c.field == "starred" and c.after for c in changes)
        limits = _limits({fight.game}) if starring else {}
        with self.change() as db:
            fight_id = self._fight_in(db, fight, entrants, changes, purse, limits)
        found = self.fight(fight_id)
        assert found is not None
        return found

    def record_fight_of(self, fight: NewFight, entrants: Sequence[NewEntrant]
                        ) -> tuple[Fight, list[int]]:
        """Record a fight as `record_fight` does, first adding its newcomers to the
        stable (each with the manager his sheet names), all in one change; the fight,
        and each entrant's gladiator id in the order given. Refused, and nothing
        changed, when the session is recorded already, an entrant's sheet is no longer
        the one given, or money would go to a gladiator who has no manager."""
        starring = any((e.newcomer is not None and e.newcomer.starred)
                       or ("starred", True) in e.after for e in entrants)
        limits = _limits({fight.game}) if starring else {}
        with self.change() as db:
            ids: list[int] = []
            for entrant in entrants:
                if entrant.newcomer is not None:
                    ids.append(self._gladiator_in(db, fight.game, entrant.newcomer,
                                                  entrant.source, limits))
                    continue
                if entrant.gladiator_id is None:
                    raise ValueError("an entrant is a gladiator of the stable or a newcomer")
                ids.append(entrant.gladiator_id)
                held = db.execute("SELECT name, sheet FROM gladiators WHERE id = ?",
                                  (entrant.gladiator_id,)).fetchone()
                if held is None:
                    raise Refused(f"there is no gladiator #{entrant.gladiator_id}")
                if entrant.sheet is not None and held[1] != entrant.sheet:
                    raise Refused(f"{held[0]}'s sheet in the stable changed while the fight "
                                  "was worked out; record it again")
            purse = []
            for gladiator_id, entrant in zip(ids, entrants, strict=True):
                if entrant.purse:
                    manager = db.execute("SELECT name, manager_id FROM gladiators WHERE "
                                         "id = ?", (gladiator_id,)).fetchone()
                    if manager[1] is None:
                        raise Refused(f"{manager[0]} has no manager to take the fight's "
                                      "money")
                    purse += [(manager[1], amount, reason) for amount, reason
                              in entrant.purse]
            newcomers = [(gladiator_id, entrant.newcomer.name) for gladiator_id, entrant
                         in zip(ids, entrants, strict=True) if entrant.newcomer is not None]
            fight_id = self._fight_in(
                db, fight, [(g, e.side, e.result) for g, e in zip(ids, entrants, strict=True)],
                [NewChange(g, field, after) for g, e in zip(ids, entrants, strict=True)
                 for field, after in e.after], purse, limits, newcomers)
        found = self.fight(fight_id)
        assert found is not None
        return found, ids

    def take_back(self, fight_id: int) -> list[int]:
        """Undo a fight: every field it changed back to its value before, last change
        first, and the fight, its entrants and its money gone; the gladiators it brought
        into the stable taken out again, unless another fight has them (their ids are
        returned). Refused when a field is no longer as the fight left it (a later fight
        changed it: take that back first)."""
        with self.change() as db:
            rows = db.execute("SELECT gladiator_id, field, before_value, after_value FROM "
                              "changes WHERE fight_id = ? ORDER BY id DESC",
                              (fight_id,)).fetchall()
            brought = []
            for gladiator_id, field, before, after in rows:
                column = _column(field)
                now = db.execute(f"SELECT {column} FROM gladiators WHERE id = ?",
                                 (gladiator_id,)).fetchone()
                if now is None or _stored(json.loads(after)) != now[0]:
                    raise Refused(f"gladiator #{gladiator_id}'s {field} has changed since "
                                  "this fight; take back the later fight first")
                if field == "name" and json.loads(before) is None:
                    brought.append(gladiator_id)  # he had no name: he was not in
                    continue
                db.execute(f"UPDATE gladiators SET {column} = ? WHERE id = ?",
                           (_stored(json.loads(before)), gladiator_id))
            for table in ("changes", "entrants", "purse"):
                db.execute(f"DELETE FROM {table} WHERE fight_id = ?", (fight_id,))
            if db.execute("DELETE FROM fights WHERE id = ?", (fight_id,)).rowcount != 1:
                raise Refused(f"there is no fight #{fight_id} to take back")
            removed = [g for g in brought if not db.execute(
                "SELECT 1 FROM entrants WHERE gladiator_id = ? UNION ALL SELECT 1 FROM "
                "changes WHERE gladiator_id = ?", (g, g)).fetchone()]
            for gladiator_id in removed:
                db.execute("DELETE FROM gladiators WHERE id = ?", (gladiator_id,))
        return removed

    # --- inside a change -------------------------------------------------------------
    def _gladiator_in(self, db: sqlite3.Connection, game: str, sheet: SheetFile,
                      source: str, limits: Mapping[str, int | None],
                      manager: str = "") -> int:
        manager_id = self._manager_id(db, manager or sheet.manager)
        cursor = db.execute(
            "INSERT INTO gladiators (game, name, manager_id, sheet, alive, starred, "
            "source, added) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (game, sheet.name, manager_id, sheet.text, int(not sheet.dead),
             int(sheet.starred), source, self._clock()))
        added = int(cursor.lastrowid or 0)
        self._check_starred(db, added, limits)
        return added

    def _fight_in(self, db: sqlite3.Connection, fight: NewFight,
                  entrants: Sequence[tuple[int, str, str]], changes: Sequence[NewChange],
                  purse: Sequence[tuple[int, int, str]], limits: Mapping[str, int | None],
                  newcomers: Sequence[tuple[int, str]] = ()) -> int:
        """The fight's rows; `newcomers` (id, name) are the gladiators it brought in,
        each marked by the first changes, his name from none (so taken back last);
        `limits`, the starred limits a change that stars one is held to."""
        if db.execute("SELECT 1 FROM fights WHERE session_digest = ?",
                      (fight.session_digest,)).fetchone():
            raise Refused(f"the fight of {fight.session_path} is in the stable already")
        fight_id = int(db.execute(
            "INSERT INTO fights (game, played, session_path, session_digest, result, "
            "recorded) VALUES (?, ?, ?, ?, ?, ?)",
            (fight.game, fight.played, fight.session_path, fight.session_digest,
             fight.result, self._clock())).lastrowid or 0)
        db.executemany("INSERT INTO changes (fight_id, gladiator_id, field, before_value, "
                       "after_value) VALUES (?, ?, 'name', 'null', ?)",
                       [(fight_id, g, json.dumps(name)) for g, name in newcomers])
        db.executemany("INSERT INTO entrants (fight_id, gladiator_id, side, result) "
                       "VALUES (?, ?, ?, ?)",
                       [(fight_id, *entrant) for entrant in entrants])
        for change in changes:
            self._change_field(db, fight_id, change)
        for change in changes:
            if change.field == "starred" and change.after:
                self._check_starred(db, change.gladiator_id, limits)
        for manager_id, amount, reason in purse:
            self._purse_entry(db, manager_id, amount, reason, fight_id)
        return fight_id

    def _manager(self, db: sqlite3.Connection, name: str, note: str, *,
                 refuse_known: bool = False) -> Manager:
        name = name.strip()
        if not 1 <= len(name) <= 80:
            raise Refused("a manager's name is 1 to 80 characters")
        row = db.execute("SELECT id, name, note, added FROM managers WHERE name = ? "
                         "COLLATE NOCASE", (name,)).fetchone()
        if row is not None:
            if refuse_known:
                raise Refused(f"manager {row[1]} is in the stable already")
            return Manager(*row)
        added = self._clock()
        cursor = db.execute("INSERT INTO managers (name, note, added) VALUES (?, ?, ?)",
                            (name, note, added))
        return Manager(int(cursor.lastrowid or 0), name, note, added)

    def _check_starred(self, db: sqlite3.Connection, gladiator_id: int,
                       limits: Mapping[str, int | None]) -> None:
        """Refuse a change that leaves him starred past his manager's limit of starred
        gladiators of his game (`limits`, by game, read before the change began: a
        game's tables are not read while the stable is held)."""
        row = db.execute("SELECT g.game, g.name, m.name, m.id FROM gladiators g JOIN "
                         "managers m ON m.id = g.manager_id WHERE g.id = ? AND "
                         "g.starred = 1 AND g.alive = 1", (gladiator_id,)).fetchone()
        most = limits.get(row[0]) if row is not None else None
        if row is None or most is None:
            return
        others = [name for (name,) in db.execute(
            "SELECT name FROM gladiators WHERE game = ? AND manager_id = ? AND starred = 1 "
            "AND alive = 1 AND id != ? ORDER BY id", (row[0], row[3], gladiator_id))]
        if len(others) >= most:
            raise Refused(refusal(row[1], row[2], others))

    def _manager_id(self, db: sqlite3.Connection, name: str) -> int | None:
        return self._manager(db, name, "").id if name.strip() else None

    def _purse_entry(self, db: sqlite3.Connection, manager_id: int, amount: int,
                     reason: str, fight_id: int | None) -> PurseEntry:
        if not reason.strip():
            raise Refused("a purse entry needs its reason")
        entered = self._clock()
        cursor = db.execute("INSERT INTO purse (manager_id, amount, reason, fight_id, "
                            "entered) VALUES (?, ?, ?, ?, ?)",
                            (manager_id, amount, reason, fight_id, entered))
        return PurseEntry(int(cursor.lastrowid or 0), manager_id, amount, reason, fight_id,
                          entered)

    def _change_field(self, db: sqlite3.Connection, fight_id: int, change: NewChange) -> None:
        column = _column(change.field)
        row = db.execute(f"SELECT {column} FROM gladiators WHERE id = ?",
                         (change.gladiator_id,)).fetchone()
        if row is None:
            raise Refused(f"there is no gladiator #{change.gladiator_id}")
        before = _plain(change.field, row[0])
        db.execute("INSERT INTO changes (fight_id, gladiator_id, field, before_value, "
                   "after_value) VALUES (?, ?, ?, ?, ?)",
                   (fight_id, change.gladiator_id, change.field, json.dumps(before),
                    json.dumps(change.after)))
        db.execute(f"UPDATE gladiators SET {column} = ? WHERE id = ?",
                   (_stored(change.after), change.gladiator_id))


def _limits(games: set[str]) -> dict[str, int | None]:
    """Each game's limit of starred gladiators a manager may have (`starring`)."""
    return {game: starred_most(game) for game in games}


def _column(field: str) -> str:
    """A field a change may name, as the column it is: never any other text."""
    if field not in CHANGEABLE:
        raise ValueError(f"a fight cannot change a gladiator's {field!r}")
    return field


def _plain(field: str, value: Any) -> Any:
    return bool(value) if field in ("alive", "starred") else value


def _stored(value: Any) -> Any:
    return int(value) if isinstance(value, bool) else value


