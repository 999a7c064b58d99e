"""A validated table as the rules read it: its entries, look-ups by key and the
words for its axes. No pydantic here: a set of tables the loader has seen before is
read back from its cache without building a model (`companion.tables.cache`); the
envelope and entries, pydantic models of `companion.tables.model`, are made when a
rule or a screen first asks for them.
"""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_right
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

from companion.errors import UserError
from companion.tables.keys import RangeKey, _range_key, _split_key, _text  # noqa: F401

# Spelt here, not imported: the tables load without importing `typing` (mypy takes any
# name TYPE_CHECKING as true).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Literal, TypeVar

    from companion.tables.model import Axis, Entry, TableFile

    E = TypeVar("E", bound="Entry")


class TableDataError(UserError):
    """A table (usually a user's override) that passes its schema but says something
    its rules cannot play: `table` names it."""

    exit_code = 1

    def __init__(self, message: str, table: str) -> None:
        super().__init__(message)
        self.table = table


class Known:
    """What the loader's cache holds of a file it validated: what the start needs of it
    without the models, and the file's data as read (its JSON text, parsed when first
    asked for: most tables are not read at the start)."""

    __slots__ = ("_data", "fingerprint", "id", "path", "text", "title")

    def __init__(self, path: Path, id: str, title: str, fingerprint: str, text: str,
                 data: dict[str, Any] | None = None) -> None:
        self.path, self.id, self.title, self.fingerprint = path, id, title, fingerprint
        self.text = text
        self._data = data

    @property
    def data(self) -> dict[str, Any]:
        if self._data is None:
            data = json.loads(self.text)
            if not isinstance(data, dict):
                raise TableDataError(f"{self.path}: the record of it is broken", self.id)
            self._data = data
        return self._data


def fingerprint_of(file: TableFile) -> str:
    """The sha256 of a validated envelope's content, whitespace and key order aside:
    of the JSON of the file's object with the fields it left out given their defaults
    (the envelope's notes "" and house false; each axis's min and max null, open_above,
    open_below and house_outside false, outside "error", dice ""), its entries as the
    file writes them, every object's keys sorted, no spaces, UTF-8 with non-ASCII as it
    is. docs/explain/verifiable.md says it so, and a test recomputes it so."""
    import hashlib  # here: a start that validates nothing needs none (its import is slow)

    text = json.dumps(file.model_dump(mode="json"), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Table:
    """A validated table: the envelope plus its entries as models.

    Made from its models (`Table(file, entries)`), or by `Table.known` from a file whose
    content the loader has validated before (its cache says so): then the models are
    made from the same data, by the same validation, when first asked for, and what
    the start screen reads (id, title, fingerprint, the raw entries) needs none."""

    def __init__(self, file: TableFile, entries: list[Entry]) -> None:
        self._file: TableFile | None = file
        self._entries: list[Entry] | None = entries
        self._known: Known | None = None
        self._make: Callable[[Path, Any], Table] | None = None
        self._fingerprint: str | None = None
        # A one-axis table keyed by name, by the slug of each key: the rules look
        # weapons up by name many times a battle.
        self._by_slug: dict[str, Entry] | None = None
        # Every look-up's answer by key, built on the first look-up: the odds of one
        # attack look up hundreds of rolls, and a scan ran two regexes per entry.
        # False: the keys overlap (a table built without validation), so scan.
        self._index: _Finder | Literal[False] | None = None

    @classmethod
    def known(cls, known: Known, make: Callable[[Path, Any], Table]) -> Table:
        """The table of a file the loader validated before, its models not yet made:
        `make` (the loader's `table_of`) makes them from its data when first asked."""
        table = cls.__new__(cls)
        table._file, table._entries, table._known = None, None, known
        table._make = make
        table._fingerprint = known.fingerprint
        table._by_slug, table._index = None, None
        return table

    def __getstate__(self) -> dict[str, Any]:
        # A table crosses to other processes (the balance lab's workers): its look-up
        # index holds closures, which do not pickle, and is built again there; a table
        # read back from the loader's record is made first, so that the worker has it
        # whole and need not make it again.
        self._made()
        return {**self.__dict__, "_index": None, "_known": None, "_make": None}

    def _made(self) -> tuple[TableFile, list[Entry]]:
        if self._file is None or self._entries is None:
            assert self._known is not None and self._make is not None
            # The data validated before, validated again by the same models: the same
            # table. (The cache's key holds the models' source, so they are the same.)
            made = self._make(self._known.path, self._known.data)
            self._file, self._entries = made.file, made.entries
        return self._file, self._entries

    @property
    def file(self) -> TableFile:
        return self._file if self._file is not None else self._made()[0]

    @property
    def entries(self) -> list[Entry]:
        return self._entries if self._entries is not None else self._made()[1]

    @property
    def raw_entries(self) -> list[dict[str, Any]]:
        """The entries as the file writes them (validated, but not made into models):
        what a screen reads to name a table's rows without building its models."""
        if self._known is not None:
            entries: list[dict[str, Any]] = self._known.data["entries"]
            return entries
        return self.file.entries

    def _named(self) -> dict[str, Entry]:
        if self._by_slug is None:
            self._by_slug = {}
            for entry in self.entries:
                self._by_slug.setdefault(_slug(str(entry.key)), entry)
        return self._by_slug

    @property
    def fingerprint(self) -> str:
        """The sha256 of what the table says (its validated content, whitespace and
        key order aside): a saved session records it, to notice a changed table."""
        if self._fingerprint is None:
            self._fingerprint = fingerprint_of(self.file)
        return self._fingerprint

    def typed(self, model: type[E]) -> list[E]:
        """The entries, as the model a rule system reads them with; UserError when the
        file holds entries of another kind (a table saved under another's id)."""
        entries = self.entries
        if not all(isinstance(e, model) for e in entries):
            raise TableDataError(f"table '{self.id}' holds '{self.file.kind}' entries, not "
                                 "the kind the rules read from it", self.id)
        return entries  # type: ignore[return-value]

    @property
    def id(self) -> str:
        return self._known.id if self._known is not None else self.file.id

    @property
    def kind(self) -> str:
        """The kind of its entries ("grimdark-crit", "crit"...): what its id must hold."""
        if self._known is not None:
            return str(self._known.data.get("kind", ""))
        return str(self.file.kind)

    @property
    def title(self) -> str:
        return self._known.title if self._known is not None else self.file.title

    @property
    def axes(self) -> list[Axis]:
        return self.file.axes

    def wanted(self) -> str:
        """What a look-up gives, in words: "the roll and the severity"."""
        words = [f"the {axis_words(a.name)}" for a in self.axes]
        return " and ".join(words) if len(words) < 3 else ", ".join(words)

    def lookup(self, *keys: int | str) -> Entry:
        """The entry for one roll: one key per axis. Raises UserError if none."""
        if len(keys) != len(self.axes):
            raise UserError(f"{self.title}: give {self.wanted()}")
        if len(self.axes) == 1 and self.axes[0].kind == "name" and isinstance(keys[0], str):
            found = self._named().get(_slug(keys[0]))
            if found is None:
                raise UserError(f"{self.title}: no entry for {keys[0]}")
            return found
        if self._index is None:
            self._index = _index(self.axes, self.entries) or False
        if self._index is not False:
            found = self._index(keys)
            if found is not None:
                return found
        else:
            for entry in self.entries:
                parts = _split_key(entry.key, len(self.axes))
                if all(_matches(a, p, k)
                       for a, p, k in zip(self.axes, parts, keys, strict=True)):
                    return entry
        raise UserError(f"{self.title}: no entry for {' '.join(map(str, keys))}")

    def normalise_key(self, axis: Axis, text: str) -> int | str:
        """Turn what a user typed for one axis into a key: '44' or '4-4' for d66,
        an integer for ranges (clamped where the axis says so), a name otherwise."""
        text = text.strip()
        if axis.kind == "name":
            wanted = _slug(text)
            if len(self.axes) == 1:
                if wanted in self._named():
                    return str(self._named()[wanted].key)
                raise UserError(f"{self.title}: no {axis_words(axis.name)} '{text}'")
            for entry in self.entries:
                parts = _split_key(entry.key, len(self.axes))
                name = parts[self.axes.index(axis)]
                if _slug(name) == wanted:
                    return name
            raise UserError(f"{self.title}: no {axis_words(axis.name)} '{text}'")
        if axis.kind == "d66":
            digits = text.replace("-", "").replace(" ", "")
            if len(digits) != 2 or any(c not in "123456" for c in digits):
                raise UserError(f"{self.title}: '{text}' is not a D66 roll (11 to 66)")
            return int(digits)
        try:
            value = int(text)
        except ValueError:
            raise UserError(
                f"{self.title}: give the {axis_words(axis.name)} as a number, not '{text}'"
            ) from None
        return self.clamp(axis, value)

    def clamp(self, axis: Axis, value: int) -> int:
        assert axis.min is not None and axis.max is not None
        if value > axis.max and not axis.open_above:
            if axis.outside == "clamp":
                return axis.max
            raise UserError(f"{self.title}: {value} is above {axis.max}, the highest "
                            f"{axis_words(axis.name)} it lists")
        if value < axis.min and not axis.open_below:
            if axis.outside == "clamp":
                return axis.min
            raise UserError(f"{self.title}: {value} is below {axis.min}, the lowest "
                            f"{axis_words(axis.name)} it lists")
        return value


def axis_words(name: str) -> str:
    """An axis's name as a player says it: "attack_ranks" is "attack ranks"."""
    return name.replace("_", " ").replace("-", " ")


def _slug(text: str) -> str:
    # "Thor's Axe" -> "thors-axe": an apostrophe joins, it does not split.
    return re.sub(r"[^a-z0-9]+", "-", re.sub(r"['’]", "", text.lower())).strip("-")


def _matches(axis: Axis, part: Any, key: int | str) -> bool:
    if axis.kind == "name":
        return isinstance(key, str) and _slug(part) == _slug(key)
    if isinstance(key, str):
        return False
    if axis.kind == "d66":
        return part == key
    low, high = _range_key(part, axis)
    if axis.open_above and high is None:
        high = None
    return (low is None or key >= low) and (high is None or key <= high)


# --- the look-up index ---------------------------------------------------------------
# It answers exactly as the scan of `Table.lookup` does: the first entry, in the file's
# order, whose key matches on every axis. A validated table's keys never overlap on an
# axis, so one cell at most matches; where they would (a range row given twice under
# one name), `_index` gives None and the table is scanned.
_Finder = Callable[[tuple[int | str, ...]], "Entry | None"]


def _axis_cells(axis: Axis, items: list[tuple[Any, Any]]) -> Callable[[Any], Any] | None:
    """A function from one axis's key to the value of the first item whose part
    matches it (None when none does); None when ranges overlap."""
    if axis.kind == "name":
        names: dict[str, Any] = {}
        for part, value in items:
            names.setdefault(_slug(part), value)
        return lambda key: names.get(_slug(key)) if isinstance(key, str) else None
    if axis.kind == "d66":
        rolls: dict[Any, Any] = {}
        for part, value in items:
            rolls.setdefault(part, value)
        return lambda key: None if isinstance(key, str) else rolls.get(key)
    spans = sorted(((*_range_key(part, axis), value) for part, value in items),
                   key=lambda s: -math.inf if s[0] is None else s[0])
    for (_, high, _), (low, _, _) in pairwise(spans):
        if high is None or low is None or low <= high:
            return None
    lows = [-math.inf if low is None else low for low, _, _ in spans]

    def find(key: Any) -> Any:
        if isinstance(key, str):
            return None
        i = bisect_right(lows, key) - 1  # the last span starting at or below the key
        if i < 0:
            return None
        _, high, value = spans[i]
        return value if high is None or key <= high else None

    return find


def _index(axes: list[Axis], entries: list[Entry]) -> _Finder | None:
    if len(axes) == 1:
        one = _axis_cells(axes[0], [(e.key, e) for e in entries])
        return None if one is None else (lambda keys: one(keys[0]))
    first, second = axes
    # Rows by the cell of the first axis (its slug, roll or span), in the file's order.
    rows: dict[Any, tuple[Any, list[tuple[Any, Entry]]]] = {}
    for entry in entries:
        head, tail = _split_key(entry.key, 2)
        if first.kind == "name":
            cell: Any = _slug(head)
        elif first.kind == "d66":
            cell = head
        else:
            cell = _range_key(head, first)
        rows.setdefault(cell, (head, []))[1].append((tail, entry))
    heads = []
    for head, items in rows.values():
        row = _axis_cells(second, items)
        if row is None:
            return None
        heads.append((head, row))
    outer = _axis_cells(first, heads)
    if outer is None:
        return None

    def find(keys: tuple[int | str, ...]) -> Entry | None:
        row = outer(keys[0])
        return None if row is None else row(keys[1])

    return find
