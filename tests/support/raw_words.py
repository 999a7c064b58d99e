"""What must never reach a player's screen: the tables' raw slugs and the marks of
code (a Python list, a validator's text, `stun=True`)."""

from __future__ import annotations

import re

from companion.tables.loader import TableSet


def _slugs(tables: TableSet) -> frozenset[str]:
    """Table ids and entries' slugs with a hyphen, save those that are words too (a
    "contra-retiarius" is a Contra-Retiarius)."""
    found: set[str] = set()
    names: list[str] = []
    for table in tables.tables.values():
        found.add(table.id)
        names.append(table.title.lower())
        for entry in table.entries:
            keys = entry.key if isinstance(entry.key, list | tuple) else [entry.key]
            found.update(k for k in keys if isinstance(k, str) and "-" in k)
            # The skirmish names one of two swords "sword-left", "sword-right".
            found.update(f"{k}-{side}" for k in keys if isinstance(k, str)
                         for side in ("left", "right"))
            for text in (getattr(entry, "name", None), getattr(entry, "description", None)):
                if isinstance(text, str):
                    names.append(text.lower())
    words = " ".join(names)
    return frozenset(s for s in found if not re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])",
                                                       words))


_MARKERS: list[tuple[str, re.Pattern[str]]] = [
    ("key=value", re.compile(r"=")),
    ("True/False/None", re.compile(r"\b(True|False|None)\b")),
    ("underscore", re.compile(r"_")),
    ("brackets", re.compile(r"[\[\]{}]")),
    ("a (s) plural", re.compile(r"\w\((s|es)\)")),
    ("one dice", re.compile(r"(?<![\d.,/-])\b1 (?:[a-z]+ )?(dice|wounds|hexes|rounds|points)\b")),
    ("a repr", re.compile(r"object at 0x|<[\w.]+ |\b\w+\(\w+[:=]")),
]


_HYPHENED = re.compile(r"(?<![\w-])[a-z0-9]+(?:-[a-z0-9]+)+(?![\w-])")


def raw_markers(text: str, slugs: frozenset[str]) -> list[str]:
    found = [name for name, pattern in _MARKERS if pattern.search(text)]
    found += [f"the slug {word}" for word in _HYPHENED.findall(text)
              if word in slugs and not re.fullmatch(r"[\d-]+", word)]
    return found

