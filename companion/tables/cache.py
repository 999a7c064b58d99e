"""What the loader learnt from validating each table file, kept between starts.

Validating every table takes the pydantic models, and building them is most of a
start-up. So the loader writes down, for each file it validated, the sha256 of its
bytes and the outcome: the table's id, title and fingerprint, or its problems. A file
whose bytes are the same as last time, validated by the same code, has the same
outcome; it is read back without pydantic (its data is always its own bytes, read
again), and its models are made from them when first asked for
(`companion.tables.table.Table.known`). A file that changed, or is new, is validated
as ever.

The record is keyed by the code that validates: the companion's version, Python's and
pydantic's, and the source of every module the models are made of. It lives in the
user's cache folder and is written atomically; a missing, unreadable or foreign record
is no record (nothing is fatal, and nothing stale is ever used).

Hashing needs hashlib, whose import (OpenSSL) costs a start more than the hashing, so
a file (or a source) whose stamp is the one recorded beside its sha256 is not hashed
again: see `_stamp` for why a stamp is only trusted once it is old.
"""

from __future__ import annotations

import json
import os
import sys
import time
from functools import cache
from importlib.machinery import PathFinder
from pathlib import Path

from companion import __version__, paths
from companion.games.registry import GAMES
from companion.tables.table import Known

# Spelt here, not imported: the tables load without importing `typing` (mypy takes any
# name TYPE_CHECKING as true).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

FORMAT = 2  # 2: no copy of the data, and the files' stamps
CACHE_NAME = "tables.json"
# The record of a thousand tables is a few MB; a larger file is not ours.
MAX_CACHE_BYTES = 64 * 1024 * 1024
MAX_FILES = 500
_PACKAGE = Path(__file__).resolve().parent.parent
# Every module of ours that the validation of a table runs (the models, their
# imports, the reader): a change to any of them is a new key. The tests check that the
# list holds every companion module the models import.
VALIDATION_SOURCES = (
    "__init__.py",
    "dice/__init__.py",
    "dice/notation/__init__.py",
    "dice/notation/arithmetic.py",
    "dice/notation/limits.py",
    "dice/notation/operators.py",
    "dice/notation/parse.py",
    "dice/notation/parse_operators.py",
    "dice/notation/reader.py",
    "dice/notation/tree.py",
    "dice/sources.py",
    "errors.py",
    "files/__init__.py",
    "files/jsonfile.py",
    "files/pathwords.py",
    "paths.py",
    "tables/__init__.py",
    "tables/cache.py",
    "tables/effects.py",
    "tables/keys.py",
    "tables/loader.py",
    "tables/model.py",
    "tables/table.py",
    "games/__init__.py",
    "games/registry.py",
    *dict.fromkeys(name for game in GAMES.values() for name in game.sources()),
)


def cache_path() -> Path:
    return paths.user_cache_dir() / CACHE_NAME


def _library_stamp(name: str, files: tuple[str, ...]) -> list[Any]:
    """Files of a library (sizes, times), found without importing it: reinstalling or
    upgrading it writes them anew."""
    spec = PathFinder.find_spec(name)  # not importlib.util's: its import costs more
    if spec is None or not spec.submodule_search_locations:
        return [name, None]
    folder = Path(next(iter(spec.submodule_search_locations)))
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        names = []
    stamp: list[Any] = [name]
    for file in files:
        # "start*end", matched by hand: glob's patterns cost a start ~1 ms each.
        start, star, end = file.partition("*")
        found = next((n for n in names if n == file or (star and n.startswith(start)
                      and n.endswith(end) and len(n) >= len(start) + len(end))), None)
        try:
            info = os.stat(folder / found) if found is not None else None
        except OSError:
            info = None
        stamp.append(None if info is None else [file, info.st_size, info.st_mtime_ns])
    return stamp


def _gate() -> list[Any]:
    """What the code key is made of but the sources' text: the versions, and the
    libraries' files (sizes, times)."""
    return [FORMAT, __version__, sys.version, _library_stamp("pydantic", ("version.py",)),
            _library_stamp("pydantic_core", ("__init__.py", "_pydantic_core*.so",
                                             "_pydantic_core*.pyd"))]


@cache
def code_key() -> str:
    """The sha256 of everything that decides a validation's outcome, but the file: once
    a process, since the code it runs is the code it started with."""
    import hashlib

    digest = hashlib.sha256()
    digest.update(json.dumps(_gate()).encode("utf-8"))
    for name in VALIDATION_SOURCES:
        digest.update(name.encode("utf-8"))
        digest.update((_PACKAGE / name).read_bytes())
    return digest.hexdigest()


def _sources_stamp() -> list[Any] | None:
    """The gate and every validation source's stamp, or None if one is too new to be
    trusted (or cannot be read)."""
    stamps: list[Any] = [_gate()]
    for name in VALIDATION_SOURCES:
        try:
            stamp = _stamp(os.stat(_PACKAGE / name))
        except OSError:
            return None
        if stamp is None:
            return None
        stamps.append([name, *stamp])
    return stamps


def file_key(raw: bytes) -> str:
    import hashlib

    return hashlib.sha256(raw).hexdigest()


# A stamp is trusted only when the file was last changed this long before it was taken.
TRUST_AFTER_NS = 2_000_000_000


def _now() -> int:
    """The clock the files' times are set by, in nanoseconds (the tests move it)."""
    return time.time_ns()


def _stamp(info: os.stat_result, size: int | None = None) -> list[int] | None:
    """What tells this version of a file from any later one without reading it: size,
    modification and change times, inode and device; None when it cannot be trusted.

    Writing to a file sets both its times to the clock's time. But the clock the
    times are taken from is coarse (a few ms on Linux, 2 s on FAT), so a file written
    again within the same tick keeps them: a stamp taken less than TRUST_AFTER_NS after
    the last change is not trusted (git's "racily clean" entries). Any later write
    gives a later time. A tool can set the modification time back (`touch -d`, `cp -p`,
    rsync), never the change time, which also moves (POSIX). On Windows the change time
    is the creation time: there, a file given the same size and set back to the very
    same modification time in nanoseconds would pass, which only a deliberate copy of
    that version's stamp does. `size`: the bytes just read, which must be the size
    stated (else the file changed while it was read)."""
    if size is not None and size != info.st_size:
        return None
    newest = max(info.st_mtime_ns, info.st_ctime_ns)
    if newest > _now() - TRUST_AFTER_NS:
        return None
    return [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev]


class Memo:
    """The record, read once for a load of the tables and written back if it learnt
    something: `Memo.open()`, then `recall`/`learn_*` per file, then `save()`."""

    def __init__(self, path: Path | None, code: str, files: dict[str, Any],
                 sources: list[Any] | None = None) -> None:
        self.path = path
        self.code = code
        self.files = files
        self.sources = sources
        self.changed = False
        # What `recall` found of each file: its stamp and, once hashed, its sha256.
        self._seen: dict[str, tuple[list[int] | None, str | None]] = {}

    @classmethod
    def open(cls, path: Path | None = None) -> Memo:
        try:
            path = cache_path() if path is None else path
            record = _read_record(path)
            sources = _sources_stamp()
            recorded = record.get("code")
            if sources is not None and record.get("sources") == sources \
                    and isinstance(recorded, str):
                code = recorded  # the same sources and libraries: the same key
            else:
                code = code_key()
        except (OSError, ValueError):
            return cls(None, "", {})  # no cache folder, or our own sources unreadable
        if record.get("code") != code or not isinstance(record.get("files"), dict):
            return cls(path, code, {}, sources)
        memo = cls(path, code, record["files"], sources)
        # Stamps trusted since: written down, the next start need not hash the sources.
        memo.changed = sources is not None and record.get("sources") != sources
        return memo

    def recall(self, path: Path, raw: bytes) -> Known | list[tuple[str, str]] | None:
        """The outcome of validating these bytes of the file last time: its table, or
        its problems as (where, message); None when it is not known."""
        key = str(path)
        try:
            stamp = _stamp(os.stat(path), len(raw))  # taken after the bytes were read
        except OSError:
            stamp = None
        entry = self.files.get(key)
        if not isinstance(entry, dict):
            self._seen[key] = (stamp, None)
            return None
        if stamp is None or entry.get("stat") != stamp:
            sha = file_key(raw)
            self._seen[key] = (stamp, sha)
            if entry.get("sha") != sha:
                return None
            if stamp is not None:  # the same bytes: their stamp spares the next hash
                entry["stat"] = stamp
                self.changed = True
        table, problems = entry.get("table"), entry.get("problems")
        if isinstance(table, dict):
            fields = [table.get(k) for k in ("id", "title", "fingerprint")]
            strings = [f for f in fields if isinstance(f, str)]
            if len(strings) == 3:
                return Known(path, strings[0], strings[1], strings[2], "")
        if isinstance(problems, list) and problems and all(
                isinstance(p, list) and len(p) == 2 and all(isinstance(s, str) for s in p)
                for p in problems):
            return [(p[0], p[1]) for p in problems]
        return None

    def learn_table(self, path: Path, raw: bytes, known: Known) -> None:
        self._put(path, raw, {"table": {"id": known.id, "title": known.title,
                                        "fingerprint": known.fingerprint}})

    def learn_problems(self, path: Path, raw: bytes, problems: list[tuple[str, str]]) -> None:
        self._put(path, raw, {"problems": [list(p) for p in problems]})

    def _put(self, path: Path, raw: bytes, outcome: dict[str, Any]) -> None:
        key = str(path)
        if self.path is None or not _writable(key):
            return
        stamp, sha = self._seen.pop(key, (None, None))
        entry: dict[str, Any] = {"sha": sha or file_key(raw), **outcome}
        if stamp is not None:
            entry["stat"] = stamp
        self.files.pop(key, None)
        self.files[key] = entry  # the newest last: the oldest go first
        while len(self.files) > MAX_FILES:
            del self.files[next(iter(self.files))]
        self.changed = True

    def save(self) -> None:
        """Write the record back if it learnt something; a cache that cannot be
        written (a read-only home) only makes the next start slower."""
        if not self.changed or self.path is None:
            return
        from companion.files.atomic import atomic_write

        record: dict[str, Any] = {"format": FORMAT, "code": self.code, "files": self.files}
        if self.sources is not None:
            record["sources"] = self.sources
        text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        try:
            atomic_write(self.path, text)
        except OSError:
            return
        self.changed = False


def _writable(key: str) -> bool:
    """The record is UTF-8 JSON: a file whose name is not UTF-8 (its bytes carried as
    lone surrogates) is not remembered, and is validated at every start instead."""
    try:
        key.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _read_record(path: Path) -> dict[str, Any]:
    """The record as written, if it is one of this format; else {}."""
    try:
        if path.stat().st_size > MAX_CACHE_BYTES:
            return {}
        record = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        return {}
    return record
