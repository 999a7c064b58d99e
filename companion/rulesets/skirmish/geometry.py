"""The board's geometry, worked out once per board size and then only looked up.

The answers come from `companion.hexgrid` and `companion.facing`; this only keeps
them in dicts (neighbours, labels, arcs and attack hexsides by offset) because the
rules and the computer player ask the same questions thousands of times a bout.
"""

from __future__ import annotations

from typing import Any

from companion.facing import attack_hexsides, in_front_arc
from companion.hexgrid import Board, Hex, neighbour

ORIGIN = Hex(0, 0)


class Geometry:
    """Lookups for one board. Shared, never copied: nothing in it changes in play."""

    def __init__(self, board: Board) -> None:
        self.board = board
        hexes = board.hexes()
        self.labels: dict[Hex, str] = {h: board.to_label(h) for h in hexes}
        self.hexes: dict[str, Hex] = {label: h for h, label in self.labels.items()}
        # Neighbours in direction order; None where the arena ends.
        self.nb: dict[Hex, tuple[Hex | None, ...]] = {
            h: tuple(n if n in self.labels else None
                     for n in (neighbour(h, d) for d in range(6)))
            for h in hexes
        }
        self._arc: dict[tuple[int, int, int], bool] = {}
        self._sides: dict[tuple[int, int], tuple[int, ...]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Geometry:
        return self

    def parse(self, label: str) -> Hex:
        """The hex for a label; a label off the board or mistyped gets the board's
        own explanation."""
        found = self.hexes.get(label)
        return found if found is not None else self.board.from_label(label)

    def contains(self, h: Hex) -> bool:
        return h in self.labels

    def in_front_arc(self, at: Hex, facing: int, target: Hex) -> bool:
        key = (target.q - at.q, target.r - at.r, facing)
        found = self._arc.get(key)
        if found is None:
            found = self._arc[key] = in_front_arc(ORIGIN, facing, Hex(key[0], key[1]))
        return found

    def attack_hexsides(self, attacker: Hex, defender: Hex) -> tuple[int, ...]:
        key = (attacker.q - defender.q, attacker.r - defender.r)
        found = self._sides.get(key)
        if found is None:
            found = self._sides[key] = attack_hexsides(Hex(key[0], key[1]), ORIGIN)
        return found


def dist(a: Hex, b: Hex) -> int:
    """Hex distance (as `hexgrid.distance`), without building a Hex on the way."""
    dq = a.q - b.q
    dr = a.r - b.r
    ds = dq + dr
    if dq < 0:
        dq = -dq
    if dr < 0:
        dr = -dr
    if ds < 0:
        ds = -ds
    return dq if dq >= dr and dq >= ds else dr if dr >= ds else ds
