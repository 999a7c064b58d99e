"""Plain English for every game's words: a count with its noun, and a list."""

from __future__ import annotations

from collections.abc import Sequence


def plural(n: int, one: str, many: str | None = None) -> str:
    """ "1 wound", "3 wounds", "2 dice" (with `many`): the words never say "wound(s)"."""
    return f"{n} {one if n == 1 else (many or one + ('es' if one.endswith('s') else 's'))}"


def listed(items: Sequence[str], last: str = "and") -> str:
    """ "a", "a and b", "a, b and c" (or "a, b or c"); empty items are left out."""
    words = [w for w in items if w]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]
