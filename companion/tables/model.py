"""Rules tables: the file envelope, its axes and keys, and their validation.

A table file holds one table: `id`, `title`, `source`, `system`, how it is `roll`ed
(human text), its `axes` (one or two), the `kind` of its entries (which names the
pydantic model every entry must fit) and the `entries`. Every entry carries a `key`:

- range axis: an int, or `[low, high]` inclusive (`null` for an open end, allowed only
  where the axis says `open_above` / `open_below`);
- d66 axis: an int 11..66 (exactly the 36 keys must be present);
- name axis: a short id string ("broad-sword", "B");
- two axes: a list of two keys, one per axis, in the axes' order.

The keys of a range axis must cover `min`..`max` with no gap and no overlap.
Entry models live in `companion.tables.models`; the loader is `companion.tables.loader`.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable
from itertools import pairwise
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from companion.errors import UserError
from companion.jsonfile import shown

TABLE_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
# The widest a range axis may run: the rules step through some axes value by value
# (the skirmish's weight ratings), and the built-in ones stay within -19..35.
MAX_AXIS = 10_000
D66_KEYS = tuple(10 * tens + units for tens in range(1, 7) for units in range(1, 7))


class TableDataError(UserError):
    """A table (usually a user's override) that passes its schema but says something
    its rules cannot play: `table` names it."""

    exit_code = 1

    def __init__(self, message: str, table: str) -> None:
        super().__init__(message)
        self.table = table


class StrictModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Entry(StrictModel):
    """Base of every entry model. `house` names the fields that are house values
    (RULES.md [house] rulings); `["*"]` marks the whole entry."""

    key: Any
    house: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _house_fields_exist(self) -> Entry:
        unknown = [f for f in self.house if f != "*" and f not in type(self).model_fields]
        if unknown:
            raise ValueError(f"house names fields this entry does not have: {unknown}")
        return self

    def resolved(self, *keys: int | str) -> dict[str, Any]:
        """The entry as plain data for the roll that found it (crit entries compute
        their damage past the open top key)."""
        return self.model_dump(mode="json")


class Axis(StrictModel):
    name: str
    kind: Literal["range", "d66", "name"]
    min: int | None = Field(default=None, ge=-MAX_AXIS, le=MAX_AXIS)
    max: int | None = Field(default=None, ge=-MAX_AXIS, le=MAX_AXIS)
    open_above: bool = False
    open_below: bool = False
    # What a key outside min..max on a closed end does: an error, or the nearest entry.
    outside: Literal["error", "clamp"] = "error"
    # Dice notation to roll this axis, `{n}` and `{bonus}` filled in by the caller
    # (crit tables: "{n}d6+{bonus}"); empty where the axis is given, not rolled.
    dice: str = ""
    house_outside: bool = False

    @model_validator(mode="after")
    def _bounds(self) -> Axis:
        if self.kind == "range":
            if self.min is None or self.max is None or self.min > self.max:
                raise ValueError("a range axis needs min <= max")
        elif self.min is not None or self.max is not None or self.open_above or self.open_below:
            raise ValueError(f"a {self.kind} axis takes no min, max or open ends")
        return self


RangeKey = tuple[int | None, int | None]
E = TypeVar("E", bound="Entry")


def _text(value: Any) -> str:
    """A key as the file writes it, cut short: keys come from the file."""
    if isinstance(value, str):
        return shown(value)
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _range_key(raw: Any, axis: Axis) -> RangeKey:
    name = shown(axis.name)
    if isinstance(raw, bool):
        raise ValueError(f"key {_text(raw)} on axis {name} must be a number or [low, high]")
    if isinstance(raw, int):
        return raw, raw
    if isinstance(raw, list | tuple) and len(raw) == 2:
        low, high = raw
        for end in (low, high):
            if end is not None and (isinstance(end, bool) or not isinstance(end, int)):
                raise ValueError(f"key {_text(raw)} on axis {name} must hold integers")
        if low is None and not axis.open_below:
            raise ValueError(f"key {_text(raw)}: axis {name} is not open below")
        if high is None and not axis.open_above:
            raise ValueError(f"key {_text(raw)}: axis {name} is not open above")
        if low is not None and high is not None and low > high:
            raise ValueError(f"key {_text(raw)}: low end above high end")
        return low, high
    raise ValueError(f"key {_text(raw)} on axis {name} must be a number or [low, high]")


def _check_axis_keys(axis: Axis, raw_keys: list[Any]) -> None:
    """Raise ValueError unless the keys fit the axis exactly (no gap, no overlap)."""
    name = shown(axis.name)
    if axis.kind == "name":
        for raw in raw_keys:
            if not isinstance(raw, str) or not raw:
                raise ValueError(f"key {_text(raw)} on name axis {name} must be a string")
        return
    if axis.kind == "d66":
        for raw in raw_keys:
            if isinstance(raw, bool) or raw not in D66_KEYS:
                raise ValueError(f"key {_text(raw)} is not a d66 roll (11..66, digits 1-6)")
        missing = sorted(set(D66_KEYS) - set(raw_keys))
        if missing:
            raise ValueError(f"a d66 table needs all 36 keys 11..66; missing {missing}")
        dupes = sorted(k for k, n in Counter(raw_keys).items() if n > 1)
        if dupes:
            raise ValueError(f"d66 keys given twice: {dupes}")
        return
    assert axis.min is not None and axis.max is not None
    spans = sorted(
        (_range_key(raw, axis) for raw in raw_keys),
        key=lambda s: -(10**9) if s[0] is None else s[0],
    )
    expected = axis.min
    for i, (low, high) in enumerate(spans):
        start = axis.min if low is None else low
        if low is None and i != 0:
            raise ValueError(f"only the lowest key on axis {name} may be open below")
        if start > expected:
            raise ValueError(f"gap on axis {name}: nothing covers {expected}..{start - 1}")
        if start < expected:
            where = "below the axis minimum" if start < axis.min else "overlaps an earlier key"
            raise ValueError(f"key starting at {start} on axis {name} {where}")
        if high is None:
            if i != len(spans) - 1:
                raise ValueError(f"only the highest key on axis {name} may be open above")
            expected = axis.max + 1
            break
        expected = high + 1
    if expected <= axis.max:
        raise ValueError(f"gap on axis {name}: nothing covers {expected}..{axis.max}")
    if expected > axis.max + 1:
        raise ValueError(f"keys on axis {name} run past its maximum {axis.max}")


def _split_key(key: Any, n_axes: int) -> list[Any]:
    if n_axes == 1:
        return [key]
    if not isinstance(key, list | tuple) or len(key) != n_axes:
        raise ValueError(f"key {_text(key)} must be a list of {n_axes} keys, one per axis")
    return list(key)


class TableFile(StrictModel):
    """The envelope of one table file; entries stay raw dicts until the kind's model
    validates them (see `companion.tables.loader`)."""

    id: str
    title: str
    source: str
    system: Literal["skirmish", "battle", "grimdark"]
    roll: str
    kind: str
    axes: list[Axis] = Field(min_length=1, max_length=2)
    entries: list[dict[str, Any]] = Field(min_length=1)
    notes: str = ""
    house: bool = False

    @field_validator("id")
    @classmethod
    def _id_shape(cls, value: str) -> str:
        if not TABLE_ID.match(value):
            raise ValueError("an id is lower-case words joined by '-', like 'crit-slashing'")
        return value

    @model_validator(mode="after")
    def _keys_fit_axes(self) -> TableFile:
        for i, entry in enumerate(self.entries):
            if "key" not in entry:
                raise ValueError(f"entries[{i}] has no 'key'")
        per_axis = [_split_key(e["key"], len(self.axes)) for e in self.entries]
        if len(self.axes) == 1:
            _check_axis_keys(self.axes[0], [k[0] for k in per_axis])
            return self
        # Two axes: every cell once. Each row of the first axis must cover the second.
        first, second = self.axes
        rows: dict[Any, list[Any]] = {}
        for k in per_axis:
            rows.setdefault(_hashable(k[0]), []).append(k[1])
        _check_axis_keys(first, [_unhash(r) for r in rows])
        for row, cells in rows.items():
            try:
                _check_axis_keys(second, cells)
            except ValueError as err:
                raise ValueError(f"row {_text(_unhash(row))}: {err}") from None
        return self


def _hashable(key: Any) -> Any:
    # A row's key groups its cells; a key of the file may be anything JSON holds.
    if isinstance(key, list):
        return tuple(_hashable(k) for k in key)
    if isinstance(key, dict):
        raise ValueError(f"key {_text(key)} is an object; a key is a number, a name or "
                         "[low, high]")
    return key


def _unhash(key: Any) -> Any:
    return [_unhash(k) for k in key] if isinstance(key, tuple) else key


class Table:
    """A validated table: the envelope plus its entries as models."""

    def __init__(self, file: TableFile, entries: list[Entry]) -> None:
        self.file = file
        self.entries = entries
        self._fingerprint: str | None = None
        # A one-axis table keyed by name, by the slug of each key: the rules look
        # weapons up by name many times a battle.
        self._by_slug: dict[str, Entry] | None = None
        # Every look-up's answer by key, built on the first look-up: the odds of one
        # attack look up hundreds of rolls, and a scan ran two regexes per entry.
        # False: the keys overlap (a table built without validation), so scan.
        self._index: _Finder | Literal[False] | None = None

    def __getstate__(self) -> dict[str, Any]:
        # A table crosses to other processes (the balance lab's workers): its look-up
        # index holds closures, which do not pickle, and is built again there.
        return {**self.__dict__, "_index": None}

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
            text = json.dumps(self.file.model_dump(mode="json"), sort_keys=True,
                              separators=(",", ":"), ensure_ascii=False)
            self._fingerprint = hashlib.sha256(text.encode("utf-8")).hexdigest()
        return self._fingerprint

    def typed(self, model: type[E]) -> list[E]:
        """The entries, as the model a rule system reads them with; UserError when the
        file holds entries of another kind (a table saved under another's id)."""
        entries = self.entries
        if not all(isinstance(e, model) for e in entries):
            raise TableDataError(f"table '{self.id}' holds '{self.file.kind}' entries, not "
                                 "the kind the rules read from it", self.id)
        return entries  # type: ignore[return-value]

    id = property(lambda self: self.file.id)
    title = property(lambda self: self.file.title)
    axes = property(lambda self: self.file.axes)

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
_Finder = Callable[[tuple[int | str, ...]], Entry | None]


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
