"""Plain-text rendering of tables and entries for the terminal."""

from __future__ import annotations

from typing import Any

from companion.tables.effects import describe
from companion.tables.model import Entry, Table

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


def compact(value: Any) -> str | None:
    """A field's value on one line, or None when it is empty or too deep to show."""
    if value in (None, "", False, [], {}):
        return None
    if _scalar(value):
        return str(value)
    if isinstance(value, dict) and all(_scalar(v) for v in value.values()):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items() if v is not None) + "}"
    if isinstance(value, list) and all(_scalar(v) for v in value):
        return "[" + ", ".join(map(str, value)) + "]"
    if isinstance(value, list) and all(isinstance(v, dict) for v in value):
        rows = ["/".join(str(x) for x in v.values() if _scalar(x) and x not in (None, False))
                for v in value]
        return "[" + ", ".join(rows) + "]"
    return None


def entry_facts(data: dict[str, Any]) -> list[str]:
    """The entry's own fields as `name=value`, skipping those shown elsewhere."""
    shown = ((k, compact(v)) for k, v in data.items() if k not in _SKIP)
    return [f"{k}={v}" for k, v in shown if v is not None]


def entry_line(entry: Entry, data: dict[str, Any] | None = None, axes: int = 1) -> str:
    data = entry.model_dump(mode="json") if data is None else data
    parts = [format_key(entry.key, axes)]
    if "name" in data:
        parts.append(str(data["name"]))
    fields = entry_facts(data)
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
