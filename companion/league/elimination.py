"""Single and double elimination, seeded by rating or by hand.

The first round places the seeds as the usual bracket does (1 against the lowest,
and the two best seeds can meet only in the final); a field that is not a power of
two gives its best seeds a bye. Each later round pairs the winners of neighbouring
matches in the bracket's order.

Double elimination keeps two brackets: the winners' (no loss yet) and the losers'
(one loss). A round pairs each bracket in its order; whoever loses in the winners'
bracket drops into the losers' (behind those already there, in reverse order, so he
seldom meets at once the man who just beat a bracket-mate), and a second loss puts a
player out. When one player is left in each, they meet in the grand final; should
the losers' bracket's player win it, both have lost once and they meet once more."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T", bound=Hashable)


def seeded(players: Sequence[T], ratings: Mapping[T, float] | None = None) -> list[T]:
    """The seeding: by rating, highest first (equal ratings keep the order given), or
    the order given ("by hand") when there are no ratings."""
    if ratings is None:
        return list(players)
    order = {p: i for i, p in enumerate(players)}
    return sorted(players, key=lambda p: (-ratings.get(p, 0.0), order[p]))


def bracket_order(size: int) -> list[int]:
    """The seeds 1..size (a power of two) in the bracket's slots: 1, size, ..., 2."""
    slots = [1]
    while len(slots) < size:
        n = 2 * len(slots) + 1
        slots = [s for seed in slots for s in (seed, n - seed)]
    return slots


def first_round(seeds: Sequence[T]) -> list[tuple[T, T | None]]:
    """The first round's matches in bracket order; a top seed with no one is paired
    with None (a bye)."""
    size = 1
    while size < len(seeds):
        size *= 2
    slots = bracket_order(size)
    found = []
    for k in range(0, size, 2):
        a, b = slots[k], slots[k + 1]
        found.append((seeds[a - 1], seeds[b - 1] if b <= len(seeds) else None))
    return found


def next_round(winners: Sequence[T]) -> list[tuple[T, T | None]]:
    """The next round from the last one's winners in bracket order."""
    return [(winners[k], winners[k + 1] if k + 1 < len(winners) else None)
            for k in range(0, len(winners), 2)]


@dataclass
class Double:
    """A double-elimination event as it stands."""

    winners: list[Any] = field(default_factory=list)
    losers: list[Any] = field(default_factory=list)
    out: list[Any] = field(default_factory=list)
    champion: Any | None = None

    @classmethod
    def start(cls, seeds: Sequence[Any]) -> Double:
        order = [p for pair in first_round(seeds) for p in pair if p is not None]
        return cls(winners=order)

    def pairs(self) -> tuple[list[tuple[Any, Any | None]], list[tuple[Any, Any | None]]]:
        """This round's matches: the winners' bracket's and the losers' (a player
        paired with None goes through). When one player is left in each bracket, the
        grand final is the one match, in the winners' list."""
        if self.champion is not None:
            return [], []
        if len(self.winners) == 1 and len(self.losers) <= 1:
            if not self.losers:
                return [], []
            return [(self.winners[0], self.losers[0])], []
        if len(self.winners) == 0 and len(self.losers) == 2:
            return [], [(self.losers[0], self.losers[1])]  # the final after a reset
        won = next_round(self.winners) if len(self.winners) > 1 else [
            (w, None) for w in self.winners]
        return won, next_round(self.losers)

    def play(self, beaten: set[Any]) -> None:
        """Take this round's results: `beaten`, the losers of its matches."""
        winners_pairs, losers_pairs = self.pairs()
        if len(self.winners) == 1 and len(self.losers) == 1 and winners_pairs:
            top, low = winners_pairs[0]
            if low in beaten:
                self.champion, self.out = top, [*self.out, low]
            else:  # the bracket is reset: both have lost once
                self.winners, self.losers = [], [low, top]
            return
        if not self.winners and len(self.losers) == 2:
            a, b = self.losers
            self.champion = b if a in beaten else a
            self.out = [*self.out, a if a in beaten else b]
            self.losers = []
            return
        still = [p for pair in winners_pairs for p in pair if p is not None and p not in beaten]
        dropped = [p for pair in winners_pairs for p in pair if p is not None and p in beaten]
        kept = [p for pair in losers_pairs for p in pair if p is not None and p not in beaten]
        self.out = [*self.out, *(p for pair in losers_pairs for p in pair
                                 if p is not None and p in beaten)]
        self.winners = still
        self.losers = kept + dropped[::-1]
        if len(self.winners) == 1 and not self.losers:
            self.champion = self.winners[0]
