"""The operators of a group of dice (`kh3`, `rr1`, `e6`, `mi2`) and their selectors:
which dice each picks, what a group with them can come to before any roll (`shape`),
and which items of a set its keeps and drops leave (`set_kept`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar

from companion.dice.notation import limits

T = TypeVar("T")

SELECTOR_KINDS = ("", "h", "l", "<", ">")
OPERATORS = ("k", "p", "rr", "ro", "ra", "e", "mi", "ma")


@dataclass(frozen=True)
class Selector:
    """Which dice an operator acts on: `kind` "" (showing `number`), "h"/"l" (the
    `number` highest/lowest still kept), "<"/">" (showing less/more than `number`)."""

    kind: str
    number: int

    def __post_init__(self) -> None:
        if self.kind not in SELECTOR_KINDS or self.number < 0:
            raise ValueError(f"no such selector {self.kind}{self.number}")

    @property
    def by_rank(self) -> bool:
        return self.kind in ("h", "l")

    def picks(self, face: int) -> bool:
        """Whether a die showing `face` is picked (a selector by face)."""
        if self.kind == "<":
            return face < self.number
        if self.kind == ">":
            return face > self.number
        if self.kind == "":
            return face == self.number
        raise ValueError(f"{self.kind}{self.number} picks by rank, not by face")

    def of_ranked(self, ranked: list[T]) -> list[T]:
        """What an h or l selector picks of `ranked`, ranked highest first: the first
        `number` for h, the last for l (all of them when there are fewer)."""
        if self.kind == "h":
            return ranked[:self.number]
        return ranked[max(0, len(ranked) - self.number):]

    def describe(self) -> str:
        return f"{self.kind}{self.number}"


@dataclass(frozen=True)
class Op:
    """One operator of a group of dice and its selectors (more than one when the same
    operator is written twice in a row: it acts on the dice any of them picks)."""

    name: str
    selectors: tuple[Selector, ...]

    def __post_init__(self) -> None:
        if self.name not in OPERATORS or not self.selectors:
            raise ValueError(f"no such operator {self.name!r}")
        if self.name in ("mi", "ma") and (len(self.selectors) != 1
                                          or self.selectors[0].kind):
            raise ValueError(f"{self.name} takes one number")

    @property
    def by_rank(self) -> bool:
        return any(s.by_rank for s in self.selectors)

    @property
    def by_face(self) -> bool:
        return any(not s.by_rank for s in self.selectors)

    def picks(self, face: int) -> bool:
        """Whether a die showing `face` is picked by a selector by face."""
        return any(s.picks(face) for s in self.selectors if not s.by_rank)

    def describe(self) -> str:
        return "".join(f"{self.name}{s.describe()}" for s in self.selectors)


@dataclass(frozen=True)
class Shape:
    """What a group of dice with operators can come to, known before any roll."""

    kept_low: int  # dice kept at the end, at least
    kept_high: int  # and at most
    face_low: int  # what a kept die counts for, at least
    face_high: int  # and at most
    rolls: int  # dice drawn at the very worst


def shape(count: int, sides: int, ops: Iterable[Op]) -> Shape:
    """The bounds of a group `count`d`sides` with `ops` (conservative, never narrow)."""
    low, high, face_low, face_high, rolls = count, count, 1, sides, count
    for op in ops:
        name = op.name
        if name == "mi":
            n = op.selectors[0].number
            face_low, face_high = max(face_low, n), max(face_high, n)
        elif name == "ma":
            n = op.selectors[0].number
            face_low, face_high = min(face_low, n), min(face_high, n)
        elif name in ("rr", "ro"):
            rolls += high * (limits.MAX_REROLLS if name == "rr" else 1)
            face_low, face_high = 1, max(face_high, sides)
        elif name == "e":
            rolls += high * limits.MAX_EXPLOSIONS
            high += high * limits.MAX_EXPLOSIONS
            face_low, face_high = 1, max(face_high, sides)
        elif name == "ra":
            rolls += 1
            high += 1
            face_low, face_high = 1, max(face_high, sides)
        else:  # k or p
            ranks = [s.number for s in op.selectors if s.by_rank]
            if name == "k":
                low = 0 if op.by_face else min(low, max(ranks))
                high = high if op.by_face else min(high, sum(ranks))
            else:
                low = 0 if op.by_face else max(0, low - sum(ranks))
                high = max(0, high - max(ranks)) if ranks else high
    return Shape(low, high, face_low, face_high, rolls)


def set_kept(values: list[int], ops: Iterable[Op]) -> list[bool]:
    """Which items of a set showing `values` its keeps and drops leave counted: each
    operator among those still kept, in turn; h and l rank the highest first, equal
    values in the order written (as the dice of a group)."""
    kept = [True] * len(values)
    for op in ops:
        live = [i for i, k in enumerate(kept) if k]
        ranked = sorted(live, key=lambda i: -values[i])
        chosen: set[int] = set()
        for selector in op.selectors:
            if selector.by_rank:
                chosen.update(selector.of_ranked(ranked))
            else:
                chosen.update(i for i in live if selector.picks(values[i]))
        for i in live:
            if (i in chosen) != (op.name == "k"):
                kept[i] = False
    return kept
