"""The bars of a small chart of exact odds, and the words a bar says on hover: what
the dice tray draws beside its field, worked out here without any drawing."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from companion.dice.odds.distribution import Distribution


@dataclass(frozen=True)
class Bar:
    """The totals `low` to `high` (one total, mostly) and their chance together."""

    low: int
    high: int
    chance: Fraction

    def holds(self, total: int) -> bool:
        return self.low <= total <= self.high

    def named(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low} to {self.high}"


def bars(odds: Distribution, most: int) -> list[Bar]:
    """One bar a total from the lowest to the highest (those never made too, so that
    gaps show), or, past `most` bars, as few runs of equal length as fit."""
    low, high = odds.min, odds.max
    span = high - low + 1
    width = -(-span // max(1, most))  # totals a bar, rounded up
    out = []
    for start in range(low, high + 1, width):
        stop = min(high, start + width - 1)
        # Whole counts of ways, added before one division: a sum of thousands of
        # Fractions of 3,000-digit numbers would take a good part of a second.
        ways = sum(odds.ways_of(v) for v in range(start, stop + 1) if v in odds)
        out.append(Bar(start, stop, Fraction(ways, odds.ways)))
    return out


def percent(p: Fraction) -> str:
    """A chance for the eye: one decimal, never a false 0 % or 100 %."""
    if p == 0 or p == 1:
        return "0%" if p == 0 else "100%"
    value = float(p) * 100
    if value < 0.1:
        return "under 0.1%"
    if value > 99.9:
        return "over 99.9%"
    return f"{value:.1f}%"


def hover_words(odds: Distribution, bar: Bar) -> str:
    """What a hovered bar says: its chance, this or better, this or worse."""
    return (f"{bar.named()}: {percent(bar.chance)}   "
            f"{bar.low} or better: {percent(odds.at_least(bar.low))}   "
            f"{bar.high} or worse: {percent(odds.at_most(bar.high))}")
