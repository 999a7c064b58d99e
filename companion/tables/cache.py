"""What the loader learnt from validating each table file, kept between starts.

Validating every table takes the pydantic models, and building them is most of a
start-up. So the loader writes down, for each file it validated, the sha256 of its
bytes and the outcome: the table's id, title, fingerprint and data, or its problems.
A file whose bytes are the same as last time, validated by the same code, has the same
outcome; it is read back from here without pydantic, and its models are made from the
same data when first asked for (`companion.tables.table.Table.known`). A file that
changed, or is new, is validated as ever.

The record is keyed by the code that validates: the companion's version, Python's and
pydantic's, and the source of every module the models are made of. It lives in the
user's cache folder and is written atomically; a missing, unreadable or foreign record
is no record (nothing is fatal, and nothing stale is ever used).
"""

from __future__ import annotations

import hashlib
import json
import sys
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from companion import __version__, paths
from companion.tables.table import Known

FORMAT = 1
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
    "dice.py",
    "errors.py",
    "jsonfile.py",
    "notation.py",
    "paths.py",
    "tables/__init__.py",
    "tables/cache.py",
    "tables/effects.py",
    "tables/keys.py",
    "tables/loader.py",
    "tables/model.py",
    "tables/models/__init__.py",
    "tables/models/battle.py",
    "tables/models/grimdark.py",
    "tables/models/skirmish.py",
    "tables/table.py",
)


def cache_path() -> Path:
    return paths.user_cache_dir() / CACHE_NAME


def _library_stamp(name: str, files: tuple[str, ...]) -> list[Any]:
    """Files of a library (sizes, times), found without importing it: reinstalling or
    upgrading it writes them anew."""
    spec = find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return [name, None]
    folder = Path(next(iter(spec.submodule_search_locations)))
    stamp: list[Any] = [name]
    for file in files:
        try:
            info = next(folder.glob(file)).stat()
        except (OSError, StopIteration):
            stamp.append(None)
            continue
        stamp.append([file, info.st_size, info.st_mtime_ns])
    return stamp


@cache
def code_key() -> str:
    """The sha256 of everything that decides a validation's outcome, but the file: once
    a process, since the code it runs is the code it started with."""
    digest = hashlib.sha256()
    stamp = [FORMAT, __version__, sys.version, _library_stamp("pydantic", ("version.py",)),
             _library_stamp("pydantic_core", ("__init__.py", "_pydantic_core*.so",
                                              "_pydantic_core*.pyd"))]
    digest.update(json.dumps(stamp).encode("utf-8"))
    for name in VALIDATION_SOURCES:
        digest.update(name.encode("utf-8"))
        digest.update((_PACKAGE / name).read_bytes())
    return digest.hexdigest()


def file_key(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


class Memo:
    """The record, read once for a load of the tables and written back if it learnt
    something: `Memo.open()`, then `known`/`learn` per file, then `save()`."""

    def __init__(self, path: Path | None, code: str, files: dict[str, Any]) -> None:
        self.path = path
        self.code = code
        self.files = files
        self.changed = False

    @classmethod
    def open(cls, path: Path | None = None) -> Memo:
        try:
            path = cache_path() if path is None else path
            code = code_key()
        except (OSError, ValueError):
            return cls(None, "", {})  # no cache folder, or our own sources unreadable
        return cls(path, code, _read_record(path, code))

    def recall(self, path: Path, sha: str) -> Known | list[tuple[str, str]] | None:
        """The outcome of validating this file's bytes last time: its table, or its
        problems as (where, message); None when it is not known."""
        entry = self.files.get(str(path))
        if not isinstance(entry, dict) or entry.get("sha") != sha:
            return None
        table, problems = entry.get("table"), entry.get("problems")
        if isinstance(table, dict):
            fields = [table.get(k) for k in ("id", "title", "fingerprint", "data")]
            strings = [f for f in fields if isinstance(f, str)]
            if len(strings) == 4:
                return Known(path, strings[0], strings[1], strings[2], strings[3])
        if isinstance(problems, list) and problems and all(
                isinstance(p, list) and len(p) == 2 and all(isinstance(s, str) for s in p)
                for p in problems):
            return [(p[0], p[1]) for p in problems]
        return None

    def learn_table(self, path: Path, sha: str, known: Known) -> None:
        self._put(path, {"sha": sha, "table": {"id": known.id, "title": known.title,
                                               "fingerprint": known.fingerprint,
                                               "data": known.text}})

    def learn_problems(self, path: Path, sha: str, problems: list[tuple[str, str]]) -> None:
        self._put(path, {"sha": sha, "problems": [list(p) for p in problems]})

    def _put(self, path: Path, entry: dict[str, Any]) -> None:
        if self.path is None:
            return
        self.files.pop(str(path), None)
        self.files[str(path)] = entry  # the newest last: the oldest go first
        while len(self.files) > MAX_FILES:
            del self.files[next(iter(self.files))]
        self.changed = True

    def save(self) -> None:
        """Write the record back if it learnt something; a cache that cannot be
        written (a read-only home) only makes the next start slower."""
        if not self.changed or self.path is None:
            return
        from companion.atomic import atomic_write

        text = json.dumps({"format": FORMAT, "code": self.code, "files": self.files},
                          ensure_ascii=False, separators=(",", ":"))
        try:
            atomic_write(self.path, text)
        except OSError:
            return
        self.changed = False


def _read_record(path: Path, code: str) -> dict[str, Any]:
    try:
        if path.stat().st_size > MAX_CACHE_BYTES:
            return {}
        record = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(record, dict) or record.get("format") != FORMAT \
            or record.get("code") != code or not isinstance(record.get("files"), dict):
        return {}
    files: dict[str, Any] = record["files"]
    return files
