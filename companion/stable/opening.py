"""Opening the stable's file: a new one made whole or not at all, an existing one
checked before anything is written to it, and every way it can be wrong said in one
line naming the file (`StableError`), the file left as it was.

The checks, in order, each before the next can go wrong:
1. a plain file (not a folder), that can be read;
2. its first 100 bytes: not empty, SQLite's own header, the companion's mark
   (`schema.APPLICATION_ID`), a schema version this companion knows, the rollback
   journal. A text file, another program's database or a newer stable's is refused
   here, before SQLite is given the file at all;
3. SQLite's own look at every page (`PRAGMA quick_check`) and the tables it holds:
   exactly the schema's, nothing added (a hostile file's trigger never runs: the
   schema is checked before any change, and `trusted_schema` is off);
4. a stable of an older version, checked as that version's, gains the tables of each
   version since in one transaction (`migrate`): a kill leaves it old or new. One that
   cannot be written is read as it is.

A stable the system will not let us write is opened to be read: its changes are
refused in words."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from pathlib import Path

from companion.errors import UserError
from companion.files.atomic import leftover_temps as atomic_temps
from companion.files.pathwords import os_words, shown_path
from companion.files.written_by import MAX_LENGTH, WRITTEN_BY, is_newer
from companion.stable.schema import (
    APPLICATION_ID,
    MIGRATIONS,
    SCHEMA_VERSION,
    expected_objects,
    statements,
)

HEADER = b"SQLite format 3\x00"
_TMP_SUFFIX = ".tmp"
BUSY_SECONDS = 5.0
# Far above any stable (a thousand fights, each keeping two 5 KB sheets before and after,
# are 20 MB), and low enough that SQLite's look at every page at opening takes seconds.
MAX_BYTES = 1_000_000_000  # how long a change waits for another companion's to finish


class StableError(UserError):
    """The stable's file cannot be used: what is wrong, on one line, naming it."""

    def __init__(self, path: Path, what: str) -> None:
        super().__init__(f"{shown_path(path)}: {what}", exit_code=1)
        self.path = Path(path)
        self.what = what


def open_file(path: Path, *, create: bool) -> tuple[sqlite3.Connection, bool] | None:
    """A connection to the stable at `path`, checked, and whether it may be written;
    None when there is no file and `create` is false. StableError for a file that is
    not a stable this companion can use."""
    path = Path(path)
    try:
        found = os.stat(path)
    except FileNotFoundError:
        if not create:
            return None
        _create(path)
        found = os.stat(path)
    except (OSError, ValueError) as err:
        raise StableError(path, os_words(err)) from None
    if stat.S_ISDIR(found.st_mode):
        raise StableError(path, "this is a folder, not a stable")
    if not stat.S_ISREG(found.st_mode):
        raise StableError(path, "this is not a plain file, so not a stable")
    if found.st_size > MAX_BYTES:
        raise StableError(path, f"{found.st_size / 1e9:.1f} GB is too large for a stable "
                          f"(at most {MAX_BYTES // 10**9} GB)")
    check_header(path, _first_bytes(path))
    writable = os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)
    if writable:
        for old in leftover_temps(path):  # of a making killed after it was in place
            with contextlib.suppress(OSError):
                old.unlink()
    connection = _connect(path, writable)
    try:
        version = int.from_bytes(_first_bytes(path)[60:64], "big", signed=True)
        _check_inside(path, connection, version)
        if writable and version < SCHEMA_VERSION:
            migrate(path, connection, version)
    except BaseException:
        connection.close()
        raise
    return connection, writable


def _first_bytes(path: Path) -> bytes:
    try:
        with path.open("rb") as file:
            return file.read(100)
    except OSError as err:
        raise StableError(path, os_words(err)) from None


def check_header(path: Path, head: bytes) -> None:
    """Refuse, in words, a file whose first 100 bytes are not the companion's stable
    of a version it knows (see SQLite's file format: the header is 100 bytes)."""
    if not head:
        raise StableError(path, "the file is empty, not a stable (move it away and the "
                          "companion starts a new one)")
    if not head.startswith(HEADER):
        raise StableError(path, f"{_what_it_is(head)}, not a stable (a stable is a SQLite "
                          "database)")
    if len(head) < 100:
        raise StableError(path, f"cut short: {len(head)} bytes, less than a SQLite "
                          "database's header")
    application = int.from_bytes(head[68:72], "big")
    version = int.from_bytes(head[60:64], "big", signed=True)
    if application != APPLICATION_ID:
        raise StableError(path, "a SQLite database of another program, not the "
                          "companion's stable")
    if version > SCHEMA_VERSION:
        release = _release_unchecked(path)
        by, this = (f"{release}, ", f", {WRITTEN_BY},") if release is not None \
            and is_newer(release) else ("", "")
        raise StableError(path, f"made by a newer companion ({by}stable version {version}; "
                          f"this one{this} knows up to {SCHEMA_VERSION}): left as it is")
    if version < 1:
        raise StableError(path, f"stable version {version} is none the companion made")
    if head[18:20] != b"\x01\x01":  # 2, 2: write-ahead log
        raise StableError(path, "set to a write-ahead log by another program; the "
                          "companion's stable never is")


def _what_it_is(head: bytes) -> str:
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError:
        return "not a SQLite database"
    return "a text file" if text.isprintable() or "\n" in text else "not a SQLite database"


def _connect(path: Path, writable: bool) -> sqlite3.Connection:
    # `mode=rw` never makes a file that is not there; `ro` reads one we may not write.
    uri = f"{path.resolve().as_uri()}?mode={'rw' if writable else 'ro'}"
    try:
        connection = sqlite3.connect(uri, uri=True, isolation_level=None,
                                     timeout=BUSY_SECONDS, check_same_thread=True)
    except (sqlite3.Error, ValueError) as err:
        raise StableError(path, sqlite_words(err)) from None
    try:
        for pragma in ("trusted_schema = OFF", "foreign_keys = ON", "synchronous = FULL",
                       "cell_size_check = ON"):
            connection.execute(f"PRAGMA {pragma}")
    except sqlite3.Error as err:
        connection.close()
        raise StableError(path, sqlite_words(err)) from None
    return connection


def _check_inside(path: Path, connection: sqlite3.Connection, version: int) -> None:
    try:
        mode = connection.execute("PRAGMA journal_mode").fetchone()[0]
        problems = [row[0] for row in connection.execute("PRAGMA quick_check(3)")]
        found = set(connection.execute("SELECT type, name, sql FROM sqlite_schema"))
    except sqlite3.Error as err:
        raise StableError(path, sqlite_words(err)) from None
    if str(mode).lower() != "delete":
        raise StableError(path, f"its journal is set to {mode!s:.20}; the companion's "
                          "stable keeps the rollback journal")
    if problems != ["ok"]:
        found_lines = [line.strip() for problem in problems for line in str(problem).splitlines()
                       if line.strip() and not line.startswith("***")]
        raise StableError(path, f"damaged (SQLite finds: {'; '.join(found_lines)[:160]})")
    expected = expected_objects(version)
    if found != expected:
        extra = sorted(str(name) for _kind, name, _sql in found - expected)
        missing = sorted(str(name) for _kind, name, _sql in expected - found)
        said = (f"holds {', '.join(extra[:3])}, which the companion did not make" if extra
                else f"lacks {', '.join(missing[:3])}")
        raise StableError(path, f"not the stable this companion made: it {said}")


def release_in(connection: sqlite3.Connection) -> str | None:
    """The release that last changed the stable, as its `written_by` row says; None in a
    stable no release has changed since it gained the row (or read-only, not yet)."""
    try:
        row = connection.execute("SELECT release FROM written_by").fetchone()
    except sqlite3.Error:
        return None
    return row[0][:MAX_LENGTH] if row is not None and isinstance(row[0], str) else None


def stamp_release(connection: sqlite3.Connection) -> None:
    """Within a change: this release is the one that last changed the stable."""
    connection.execute("DELETE FROM written_by")
    connection.execute("INSERT INTO written_by (release) VALUES (?)", (WRITTEN_BY,))


def _release_unchecked(path: Path) -> str | None:
    """The release a stable of a newer shape names, read without trusting the rest of
    it (read-only, nothing else asked), to say which release made it."""
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except (sqlite3.Error, ValueError):
        return None
    try:
        return release_in(connection)
    finally:
        connection.close()


def migrate(path: Path, connection: sqlite3.Connection, version: int) -> None:
    """Bring a checked stable of `version` up to this companion's, in one transaction."""
    try:
        connection.execute("BEGIN IMMEDIATE")
        try:
            # Read again inside the transaction: another companion may have done it.
            now = int(connection.execute("PRAGMA user_version").fetchone()[0])
            for step in range(now + 1, SCHEMA_VERSION + 1):
                for sql in MIGRATIONS[step]:
                    connection.execute(sql)
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            stamp_release(connection)
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    connection.execute("ROLLBACK")
            raise
    except sqlite3.Error as err:
        raise StableError(path, f"could not add the tables of stable version "
                          f"{SCHEMA_VERSION} to version {version}: {sqlite_words(err)}") from None


def sqlite_words(err: BaseException) -> str:
    """What SQLite's refusal means for the player."""
    text = str(err)
    words = {
        "file is not a database": "not a SQLite database, or damaged past reading",
        "database disk image is malformed": "damaged: SQLite cannot read all of it",
        "attempt to write a readonly database": "read-only: the stable can be read but "
        "not changed",
        "database is locked": "busy: another companion is changing the stable; try again",
        "database or disk is full": "the disk is full",
        "disk I/O error": "the disk could not be read or written",
        "unable to open database file": "the file cannot be opened",
    }
    for said, meant in words.items():
        if said in text:
            return meant
    return f"SQLite refused it ({text[:120]})"


def _create(path: Path) -> None:
    """Make a new, empty stable at `path`, whole: it is made under a temporary name
    beside it and linked into place only once complete, so a kill leaves either no
    stable or a whole one (and, at worst, a temporary file the next making removes)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise StableError(path.parent, "a file is where the stable's folder should be") \
            from None
    except OSError as err:
        raise StableError(path.parent, os_words(err)) from None
    for old in leftover_temps(path):
        with contextlib.suppress(OSError):
            old.unlink()
    tmp = path.with_name(f".{path.name}.{os.urandom(4).hex()}{_TMP_SUFFIX}")
    try:
        _make(tmp)
        # Another companion may have made it first: its stable is as good as ours.
        with contextlib.suppress(FileExistsError):
            os.link(tmp, path)
        _fsync_folder(path.parent)
    except sqlite3.Error as err:
        raise StableError(path, sqlite_words(err)) from None
    except OSError as err:
        if not path.is_file():
            raise StableError(path, os_words(err)) from None
    finally:
        for made in (tmp, tmp.with_name(tmp.name + "-journal")):
            with contextlib.suppress(OSError):
                made.unlink()


def _make(tmp: Path) -> None:
    connection = sqlite3.connect(tmp, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode = DELETE")
        connection.execute("PRAGMA synchronous = FULL")
        connection.execute("BEGIN IMMEDIATE")
        for sql in statements():
            connection.execute(sql)
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        stamp_release(connection)
        connection.execute("COMMIT")
    finally:
        connection.close()
    fd = os.open(tmp, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def leftover_temps(path: Path) -> list[Path]:
    """Temporary files of a making of the stable that never finished (a kill), with
    the journal SQLite may have left beside one."""
    return atomic_temps(path, also=("-journal",))


def _fsync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
