"""Table.lookup answers from an index built on the first look-up: the same entry the
scan of every entry gives, for every key of every built-in table and keys around them."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from companion.errors import UserError
from companion.tables.loader import load_tables
from companion.tables.model import Axis, Entry, TableFile
from companion.tables.table import Table, _matches, _split_key


def scanned(table: Table, keys: tuple[Any, ...]) -> Entry | None:
    for entry in table.entries:
        parts = _split_key(entry.key, len(table.axes))
        if all(_matches(a, p, k) for a, p, k in zip(table.axes, parts, keys, strict=True)):
            return entry
    return None


def keys_around(table: Table, axis: Axis) -> list[Any]:
    keys: set[Any] = {"zz", 3}
    where = table.axes.index(axis)
    for entry in table.entries:
        part = _split_key(entry.key, len(table.axes))[where]
        if axis.kind == "name":
            keys |= {part, part.upper(), part + "x"}
        elif axis.kind == "d66":
            keys |= {part, part + 1}
        else:
            for end in part if isinstance(part, list) else [part]:
                if end is not None:
                    keys |= {end - 1, end, end + 1}
    if axis.kind == "range":
        assert axis.min is not None and axis.max is not None
        keys |= {axis.min - 50, axis.max + 50, 10**12, -(10**12)}
    return sorted(keys, key=repr)


@pytest.mark.parametrize("table_id", sorted(load_tables(include_user=False).tables))
def test_the_index_finds_what_the_scan_finds(table_id: str) -> None:
    table = load_tables(include_user=False).get(table_id)
    for keys in itertools.product(*(keys_around(table, a) for a in table.axes)):
        want = scanned(table, keys)
        if want is None:
            with pytest.raises(UserError, match="no entry"):
                table.lookup(*keys)
        else:
            assert table.lookup(*keys) is want


def test_overlapping_keys_of_an_unchecked_table_are_scanned_first_come_first_served() -> None:
    axis = Axis(name="roll", kind="range", min=1, max=6)
    file = TableFile.model_construct(
        id="t", title="T", source="", system="battle", roll="d6", kind="x", axes=[axis],
        entries=[{"key": [1, 4]}, {"key": [3, 6]}])
    first, second = Entry(key=[1, 4]), Entry(key=[3, 6])
    table = Table(file, [first, second])
    assert table.lookup(3) is first
    assert table.lookup(5) is second
    with pytest.raises(UserError, match="no entry"):
        table.lookup(7)
