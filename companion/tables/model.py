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
Entry models live with their games (`companion.games.registry` names each game's); the loader
is `companion.tables.loader`; the table the rules read, `Table`, is
`companion.tables.table` (no pydantic there).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from companion.files.jsonfile import shown
from companion.tables.keys import _range_key, _split_key, _text

TABLE_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
# The widest a range axis may run: the rules step through some axes value by value
# (the skirmish's weight ratings), and the built-in ones stay within -19..35.
MAX_AXIS = 10_000
D66_KEYS = tuple(10 * tens + units for tens in range(1, 7) for units in range(1, 7))


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

    @field_validator("dice")
    @classmethod
    def _dice(cls, value: str) -> str:
        """The axis's dice read as they will be rolled (one damage die, no bonus)."""
        if value:
            # Here, not at the top: the start reads tables' records, never this.
            from companion.dice.notation.parse import parse
            from companion.errors import UserError

            try:
                parse(value.replace("{n}", "1").replace("+{bonus}", ""))
            except UserError as err:
                raise ValueError(f"'{value}' is not dice notation: {err}") from None
        return value

    @model_validator(mode="after")
    def _bounds(self) -> Axis:
        if self.kind == "range":
            if self.min is None or self.max is None or self.min > self.max:
                raise ValueError("a range axis needs min <= max")
        elif self.min is not None or self.max is not None or self.open_above or self.open_below:
            raise ValueError(f"a {self.kind} axis takes no min, max or open ends")
        return self


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


class TableFile(StrictModel):
    """The envelope of one table file; entries stay raw dicts until the kind's model
    validates them (see `companion.tables.loader`)."""

    id: str
    title: str
    source: str
    system: str
    roll: str
    kind: str
    axes: list[Axis] = Field(min_length=1, max_length=2)
    entries: list[dict[str, Any]] = Field(min_length=1)
    notes: str = ""
    house: bool = False

    @field_validator("system")
    @classmethod
    def _a_known_game(cls, value: str) -> str:
        from companion.games.registry import GAMES

        if value not in GAMES:
            raise ValueError(f"the game {shown(value)} is not one the companion knows "
                             f"({', '.join(GAMES)})")
        return value

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
