"""A Swiss round: players ranked by score (then by the order given, their rating or
seed), each paired with the highest-ranked player below him he has not met; when
that leaves someone with no one, the pairings above are taken back one at a time
until it works (a depth-first search). Only when no pairing without a rematch exists
at all are rematches allowed, and then as few as the same search can manage.

The bye goes, when the count is odd, to the lowest-ranked player who has not had
one (and to the lowest of all when everyone has)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

T = TypeVar("T", bound=Hashable)

# The search gives up on a perfect pairing after this many steps (a field so met that
# none may exist) and allows rematches; 1,024 players pair in far fewer.
MAX_STEPS = 200_000


def ranked(players: Sequence[T], scores: Mapping[T, float]) -> list[T]:
    """The players by score, highest first; equal scores keep the order given."""
    order = {p: i for i, p in enumerate(players)}
    return sorted(players, key=lambda p: (-scores.get(p, 0.0), order[p]))


def bye_for(ranking: Sequence[T], had_bye: set[T]) -> T | None:
    """Who rests this round: None for an even count."""
    if len(ranking) % 2 == 0:
        return None
    for player in reversed(ranking):
        if player not in had_bye:
            return player
    return ranking[-1]


def swiss_round(players: Sequence[T], scores: Mapping[T, float],
                met: set[frozenset[T]], had_bye: set[T] | None = None
                ) -> tuple[list[tuple[T, T]], T | None]:
    """The round's pairs (higher-ranked first) and the bye, if any."""
    ranking = ranked(players, scores)
    bye = bye_for(ranking, had_bye or set())
    field = [p for p in ranking if p != bye]
    pairs = _search(field, met)
    if pairs is None:
        pairs = _search(field, met, allow_rematch=True) or []
    return pairs, bye


def _search(field: list[T], met: set[frozenset[T]], *, allow_rematch: bool = False
            ) -> list[tuple[T, T]] | None:
    steps = 0
    left = list(field)
    pairs: list[tuple[T, T]] = []

    def ok(a: T, b: T) -> bool:
        return allow_rematch or frozenset((a, b)) not in met

    def solve() -> bool:
        nonlocal steps
        if not left:
            return True
        steps += 1
        if steps > MAX_STEPS:
            return False
        top = left.pop(0)
        # With rematches allowed, new opponents still come first.
        candidates = list(range(len(left)))
        if allow_rematch:
            candidates.sort(key=lambda i: frozenset((top, left[i])) in met)
        for i in candidates:
            other = left[i]
            if not ok(top, other):
                continue
            del left[i]
            pairs.append((top, other))
            if solve():
                return True
            pairs.pop()
            left.insert(i, other)
            if steps > MAX_STEPS:
                break
        left.insert(0, top)
        return False

    return pairs if solve() else None
