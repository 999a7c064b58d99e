"""Plain-text rendering of tables and entries for the terminal."""

from __future__ import annotations

from typing import Any

from companion.effects import describe
from companion.tables import Entry, Table

# Fields shown elsewhere on the line, or too bulky for one line.
_SKIP = {"key", "house", "description", "effects", "subtable", "name"}


def format_key(key: Any, axes: int = 1) -> str:
    """A key as people read it: "19", "35+", "4-6"; two-axis keys as "5 / 3"."""
    if axes == 2:
        return " / ".join(format_key(k) for k in key)
    if isinstance(key, list | tuple):
        if len(key) == 2 and all(isinstance(k, int | None) for k in key):
            low, high = key
            if low is None:
                return f"{high} or less"
            if high is None:
                return f"{low}+"
            return str(low) if low == high else f"{low}-{high}"
        return " / ".join(format_key(k) for k in key)
    return str(key)


def _scalar(value: Any) -> bool:
    return isinstance(value, int | float | str | bool) or value is None


def entry_line(entry: Entry, data: dict[str, Any] | None = None, axes: int = 1) -> str:
    data = entry.model_dump(mode="json") if data is None else data
    parts = [format_key(entry.key, axes)]
    if "name" in data:
        parts.append(str(data["name"]))
    fields = [
        f"{k}={v}"
        for k, v in data.items()
        if k not in _SKIP and _scalar(v) and v not in (None, "", False)
    ]
    if fields:
        parts.append(" ".join(fields))
    if data.get("description"):
        parts.append(f"- {data['description']}")
    if entry.house:
        parts.append("[house: " + ", ".join(entry.house) + "]")
    return "  ".join(parts)


def entry_block(entry: Entry, resolved: dict[str, Any] | None = None, axes: int = 1) -> str:
    lines = [entry_line(entry, resolved, axes)]
    for effect in getattr(entry, "effects", []):
        lines.append(f"  effect: {describe(effect)}")
    for sub in getattr(entry, "subtable", []) or []:
        lines.append(f"  sub-table {sub.key}: {sub.description}")
    return "\n".join(lines)


def table_text(table: Table) -> str:
    f = table.file
    head = [f"{f.title} [{f.id}]", f"source: {f.source}   roll: {f.roll}"]
    if f.house:
        head.append("house table")
    if f.notes:
        head.append(f.notes)
    return "\n".join(head + [""] + [entry_line(e, axes=len(table.axes)) for e in table.entries])
