"""The board's geometry, worked out once per board size and then only looked up.

The answers come from `companion.core.hexgrid` and `companion.core.facing`; this only keeps
them in dicts (neighbours, labels, directions, arcs, facings and attack hexsides by
offset) because the rules and the computer player ask the same questions thousands
of times a bout.
"""

from __future__ import annotations

from typing import Any

from companion.core.facing import attack_hexsides, facing_towards, in_front_arc
from companion.core.hexgrid import DIRECTIONS, Board, Hex, neighbour

ORIGIN = Hex(0, 0)
# The direction of each neighbour, by its offset (dq, dr): `direction_between` as a
# lookup.
STEP_DIRECTION: dict[tuple[int, int], int] = {(s.q, s.r): d for d, s in enumerate(DIRECTIONS)}


class Geometry:
    """Lookups for one board. Shared, never copied: nothing in it changes in play."""

    def __init__(self, board: Board) -> None:
        self.board = board
        hexes = board.hexes()
        self.labels: dict[Hex, str] = {h: board.to_label(h) for h in hexes}
        self.hexes: dict[str, Hex] = {label: h for h, label in self.labels.items()}
        # One Hex object for each hex of the board, handed out by every lookup here:
        # a dict finds the very key it holds without comparing field by field.
        self._canonical: dict[Hex, Hex] = {h: h for h in hexes}
        # Neighbours in direction order; None where the arena ends.
        self.nb: dict[Hex, tuple[Hex | None, ...]] = {
            h: tuple(self._canonical.get(neighbour(h, d)) for d in range(6)) for h in hexes
        }
        # The board's neighbours of each hex as a set, for "is he next to this hex".
        self.around: dict[Hex, frozenset[Hex]] = {
            h: frozenset(n for n in self.nb[h] if n is not None) for h in hexes
        }
        # Distances from a hex to every hex of the board, filled in for a hex the first
        # time it is asked about (a big board would hold millions otherwise).
        self._dists: dict[Hex, dict[Hex, int]] = {}
        self._arc: dict[tuple[int, int, int], bool] = {}
        self._sides: dict[tuple[int, int], tuple[int, ...]] = {}
        self._facing_to: dict[tuple[int, int], int] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Geometry:
        return self

    def parse(self, label: str) -> Hex:
        """The hex for a label; a label off the board or mistyped gets the board's
        own explanation."""
        found = self.hexes.get(label)
        return found if found is not None else self.board.from_label(label)

    def canonical(self, h: Hex) -> Hex:
        """The board's own object for this hex (the same hex, found faster)."""
        return self._canonical.get(h, h)

    def contains(self, h: Hex) -> bool:
        return h in self.labels

    def distances(self, h: Hex) -> dict[Hex, int]:
        """The distance from `h` to each hex of the board (`dist` as one lookup each:
        the computer player measures the same few hexes again and again)."""
        found = self._dists.get(h)
        if found is None:
            found = self._dists[h] = {o: dist(h, o) for o in self.labels}
        return found

    def in_front_arc(self, at: Hex, facing: int, target: Hex) -> bool:
        key = (target.q - at.q, target.r - at.r, facing)
        found = self._arc.get(key)
        if found is None:
            found = self._arc[key] = in_front_arc(ORIGIN, facing, Hex(key[0], key[1]))
        return found

    def direction(self, a: Hex, b: Hex) -> int | None:
        """The direction from `a` to a neighbouring `b`; None when not adjacent."""
        return STEP_DIRECTION.get((b.q - a.q, b.r - a.r))

    def facing_to(self, at: Hex, target: Hex) -> int:
        """The facing that puts `target` (not `at` itself) in the front arc."""
        key = (target.q - at.q, target.r - at.r)
        found = self._facing_to.get(key)
        if found is None:
            found = self._facing_to[key] = facing_towards(ORIGIN, Hex(key[0], key[1]))
        return found

    def attack_hexsides(self, attacker: Hex, defender: Hex) -> tuple[int, ...]:
        key = (attacker.q - defender.q, attacker.r - defender.r)
        found = self._sides.get(key)
        if found is None:
            found = self._sides[key] = attack_hexsides(Hex(key[0], key[1]), ORIGIN)
        return found


def dist(a: Hex, b: Hex) -> int:
    """Hex distance (as `hexgrid.distance`), without building a Hex on the way: the
    two axial steps added when they go the same way, else the longer of them."""
    dq = a.q - b.q
    dr = a.r - b.r
    if dq >= 0:
        if dr >= 0:
            return dq + dr
        return dq if dq > -dr else -dr
    if dr <= 0:
        return -dq - dr
    return -dq if -dq > dr else dr
