"""Plain-text rendering of tables and entries for the terminal, in the words of
`companion.tables.words`: keys as rolls, fields as badges, effects as phrases."""

from __future__ import annotations

from typing import Any

from companion.tables.model import Entry
from companion.tables.table import Table
from companion.tables.words import (
    Names,
    effect_words,
    entry_card,
    entry_facts,
    format_key,
    house_words,
    source_words,
    table_key,
)

__all__ = ["entry_block", "entry_facts", "entry_line", "format_key", "table_text"]


def entry_line(entry: Entry, data: dict[str, Any] | None = None, axes: int = 1, *,
               table: Table | None = None, names: Names | None = None) -> str:
    """One entry on a line: its key (or name), its facts as badges, its description,
    and its house values: "19  11 damage · stunned  - A blow to the ribs ..."."""
    data = entry.model_dump(mode="json") if data is None else data
    kind = table.file.kind if table is not None else ""
    key = table_key(table, entry.key) if table is not None else format_key(entry.key, axes)
    parts = [key]
    if data.get("name"):
        named_only = table is not None and all(a.kind == "name" for a in table.axes)
        parts = [str(data["name"])] if named_only else [key, str(data["name"])]
    facts = entry_facts(kind, data, names)
    if facts:
        parts.append(" · ".join(facts))
    if data.get("description"):
        parts.append(f"- {data['description']}")
    if entry.house:
        parts.append(f"({house_words(entry.house).lower()})")
    return "  ".join(parts)


def entry_block(entry: Entry, resolved: dict[str, Any] | None = None, axes: int = 1, *,
                table: Table | None = None, names: Names | None = None,
                keys: tuple[int | str, ...] = ()) -> str:
    """An entry in full: its line, then its effects and sub-table, a line each."""
    lines = [entry_line(entry, resolved, axes, table=table, names=names)]
    if table is not None:
        card = entry_card(table, entry, keys, names)
        lines += [f"  {effect}" for effect in card.effects]
        lines += [f"  sub-table {line}" for line in card.subtable]
        return "\n".join(lines)
    for effect in getattr(entry, "effects", []):
        lines.append(f"  {effect_words(effect, names)}")
    for sub in getattr(entry, "subtable", []) or []:
        lines.append(f"  sub-table {sub.key}: {sub.description}")
    return "\n".join(lines)


def table_text(table: Table, names: Names | None = None) -> str:
    f = table.file
    head = [f.title, f"roll: {f.roll}; source: {source_words(f.source)}"]
    if f.house:
        head.append("A house table: our own ruling, not the source's")
    if f.notes:
        head.append(f.notes)
    return "\n".join(head + [""] + [entry_line(e, table=table, names=names)
                                    for e in table.entries])
