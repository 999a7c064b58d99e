"""Names as the window shows them: two gladiators who share a name are told apart by
their side, and by their place in the list where they share that too."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence


def told_apart(people: Sequence[tuple[str, str]]) -> list[str]:
    """(name, side) of each gladiator, in the session's order: the name each is shown
    by. A name no other has stays as it is."""
    names = Counter(name.casefold() for name, _ in people)
    pairs = Counter((name.casefold(), side) for name, side in people)
    seen: Counter[tuple[str, str]] = Counter()
    shown: list[str] = []
    for name, side in people:
        key = (name.casefold(), side)
        seen[key] += 1
        if names[name.casefold()] == 1:
            shown.append(name)
        elif pairs[key] == 1:
            shown.append(f"{name} ({side})")
        else:
            shown.append(f"{name} ({side}, {ordinal(seen[key])})")
    return shown


def ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"number {n}")
