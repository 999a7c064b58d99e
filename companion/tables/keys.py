"""Keys of a table's entries, read as the file writes them: shared by the validation
(`companion.tables.model`) and the look-ups (`companion.tables.table`), with no
pydantic."""

from __future__ import annotations

import json

from companion.files.jsonfile import shown

# Spelt here, not imported: the tables load without importing `typing` (mypy takes any
# name TYPE_CHECKING as true).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Protocol

    class AxisLike(Protocol):
        """What reading a key needs of its axis (`companion.tables.model.Axis`)."""

        @property
        def name(self) -> str: ...
        @property
        def open_above(self) -> bool: ...
        @property
        def open_below(self) -> bool: ...


RangeKey = tuple[int | None, int | None]


def _text(value: Any) -> str:
    """A key as the file writes it, cut short: keys come from the file."""
    if isinstance(value, str):
        return shown(value)
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _range_key(raw: Any, axis: AxisLike) -> RangeKey:
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



def _split_key(key: Any, n_axes: int) -> list[Any]:
    if n_axes == 1:
        return [key]
    if not isinstance(key, list | tuple) or len(key) != n_axes:
        raise ValueError(f"key {_text(key)} must be a list of {n_axes} keys, one per axis")
    return list(key)
