"""Quick look-up text for the table browser: "s19" is slashing 19, "i44" insanity 44.

A leading letter names one of the tables players reach for most; the rest is the roll,
one value per axis ("g8 6": Grimdark crit roll 8, severity 6). Without a letter the
roll is looked up in the table already chosen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.errors import UserError
from companion.tables.loader import TableSet
from companion.tables.model import Entry
from companion.tables.table import Table

QUICK_TABLES = {
    "s": "crit-slashing",
    "b": "crit-bludgeoning",
    "p": "crit-piercing",
    "i": "insanity",
    "f": "fate",
    "g": "grimdark-crit",
}

# A quick letter stands alone or before the roll's digits, so that a weapon's name
# typed into a reference table ("broad sword") is not read as "b".
_LOOKUP = re.compile(r"^\s*(?:([a-z])(?=\s*[\d-]|\s*$))?\s*(.*?)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Lookup:
    table: Table
    keys: tuple[int | str, ...]
    entry: Entry | None


def quick_lookup(text: str, tables: TableSet, current: str | None) -> Lookup | None:
    """What `text` points at; None while there is nothing to look up yet. A key that
    does not fit the table raises UserError saying why."""
    match = _LOOKUP.match(text)
    if not match or not text.strip():
        return None
    letter, rest = (match.group(1) or "").lower(), match.group(2)
    if letter and letter in QUICK_TABLES and QUICK_TABLES[letter] in tables.tables:
        table = tables.get(QUICK_TABLES[letter])
    elif letter:
        known = ", ".join(f"{k} for {tables.get(v).title.lower()}"
                          for k, v in QUICK_TABLES.items() if v in tables.tables)
        raise UserError(f"'{letter}' names no table (the letters: {known})")
    elif current is not None:
        table = tables.get(current)
    else:
        raise UserError("choose a table first")
    parts = rest.replace(",", " ").split()
    if not parts:
        return Lookup(table, (), None)
    if len(table.axes) == 1 and table.axes[0].kind == "name":
        parts = [" ".join(parts)]
    if len(parts) < len(table.axes):
        return Lookup(table, (), None)
    if len(parts) > len(table.axes):
        raise UserError(f"{table.title}: give only {table.wanted()}")
    keys = tuple(table.normalise_key(a, p) for a, p in zip(table.axes, parts, strict=True))
    return Lookup(table, keys, table.lookup(*keys))
