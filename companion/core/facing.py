"""Facing geometry of the hex skirmish (RULES.md section 1): arcs, attack hexsides,
pushback and turning.

Every test here is exact integer arithmetic in cube coordinates. The trick used
throughout: turn the offset to the other hex so that the facing in question becomes
north, then one inequality on the cube components says where it lies. For a
flat-top hex facing north, the rays from the centre through the two ends of the
north hexside are exactly the directions of (+1, -2) and (-1, -1) in axial, the
"diagonals" either side of north. A cube offset (q, r, s) lies within 30 degrees of
north when 3*|q| <= s - r, and exactly on one of those rays when the two are equal
(q > 0: the right-hand ray, q < 0: the left-hand one). Directions are only indices,
so the same holds on the pointy-top layout, which is the same grid turned.
"""

from __future__ import annotations

from enum import StrEnum

from companion.core.hexgrid import (
    Board,
    Hex,
    direction_between,
    distance,
    hex_range,
    neighbour,
    rotate,
)


class Arc(StrEnum):
    """Where something lies relative to a gladiator's facing.

    A StrEnum so it compares equal to the plain strings "front", "front-right",
    "front-left" and "rear" that tables and files use.
    """

    FRONT = "front"
    FRONT_RIGHT = "front-right"
    FRONT_LEFT = "front-left"
    REAR = "rear"

    @property
    def is_side(self) -> bool:
        return self in (Arc.FRONT_RIGHT, Arc.FRONT_LEFT)


def arc_of_direction(facing: int, direction: int) -> Arc:
    """Which arc the hexside (or neighbour) in `direction` is for someone facing `facing`."""
    turn = (direction - facing) % 6
    if turn == 0:
        return Arc.FRONT
    if turn == 1:
        return Arc.FRONT_RIGHT
    if turn == 5:
        return Arc.FRONT_LEFT
    return Arc.REAR


def adjacent_class(hex_: Hex, facing: int, other: Hex) -> Arc | None:
    """Front, side or rear hex of a gladiator at `hex_` facing `facing`; None when
    `other` is not adjacent (including his own hex)."""
    direction = direction_between(hex_, other)
    return None if direction is None else arc_of_direction(facing, direction)


def defender_arc(defender_hex: Hex, defender_facing: int, hexside: int) -> Arc:
    """Which of the defender's arcs an attack through `hexside` strikes.

    Decided by the hexside alone, the same way as `adjacent_class`; the hex is taken
    so that calls read like the rule.
    """
    return arc_of_direction(defender_facing, hexside)


def _turned_to_north(offset: Hex, facing: int) -> tuple[int, int, int]:
    """Cube (q, r, s) of `offset` after turning the picture so `facing` points north."""
    q, r, s = offset.q, offset.r, offset.s
    for _ in range(facing % 6):
        # One sixth anticlockwise: (q, r, s) -> (-s, -q, -r).
        q, r, s = -s, -q, -r
    return q, r, s


def _wedge_slack(offset: Hex, facing: int) -> tuple[int, int]:
    """(slack, q) for `offset` turned so that `facing` is north.

    slack > 0: strictly inside the 60-degree wedge about `facing`; slack == 0 (and
    the offset not zero): exactly on a bounding ray, the right-hand one when q > 0;
    slack < 0: outside.
    """
    q, r, s = _turned_to_north(offset, facing)
    return (s - r) - 3 * abs(q), q


def in_front_arc(hex_: Hex, facing: int, target: Hex) -> bool:
    """Is `target` inside the front arc of a gladiator at `hex_` facing `facing`?

    The arc is the 60-degree wedge through the ends of the front hexside. A hex cut
    in half by a bounding ray is in when the ray is on his right, out on his left,
    so the arcs of the six facings share out every other hex exactly once.
    """
    if target == hex_:
        return False
    slack, q = _wedge_slack(target - hex_, facing)
    return slack > 0 or (slack == 0 and q > 0)


def front_arc(
    hex_: Hex,
    facing: int,
    max_range: int,
    board: Board | None = None,
    *,
    min_range: int = 1,
) -> list[Hex]:
    """The hexes in the front arc from `min_range` to `max_range` hexes away, nearest
    first (then in Hex order), only those on `board` when one is given.

    There are exactly n of them at each distance n, as a 60-degree sixth of a ring
    of 6n with its two split hexes counted as one.
    """
    found = [
        h
        for h in hex_range(hex_, max_range)
        if min_range <= distance(hex_, h) and in_front_arc(hex_, facing, h)
    ]
    if board is not None:
        found = [h for h in found if board.contains(h)]
    return sorted(found, key=lambda h: (distance(hex_, h), h))


def attack_hexsides(attacker: Hex, defender: Hex) -> tuple[int, ...]:
    """The defender's hexside(s), as directions from his centre, that an attack from
    `attacker` comes through along the line between the two centres.

    One hexside normally. When that line meets the defender's hex at a corner (the
    attacker stands on a diagonal, such as a split hex of a spear's arc), both
    hexsides at that corner, in clockwise order; the attacker picks one.
    """
    if attacker == defender:
        raise ValueError(f"a gladiator cannot attack his own hex {attacker}")
    offset = attacker - defender
    # Each hexside owns the closed 60-degree wedge about its direction; a corner ray
    # belongs to both wedges that meet on it.
    sides = [d for d in range(6) if _wedge_slack(offset, d)[0] >= 0]
    if len(sides) == 2 and sides == [0, 5]:
        # The corner between NW and N: clockwise that is NW first.
        return (5, 0)
    return tuple(sides)


def pushback_hex(defender: Hex, hexside: int) -> Hex:
    """Where a pushed-back defender goes: the neighbour opposite the hexside the attack
    came through. Whether he can enter it is for the rules engine to decide."""
    return neighbour(defender, hexside + 3)


def facing_towards(hex_: Hex, target: Hex) -> int:
    """The one facing that puts `target` in the front arc (for a neighbour, the
    facing that makes it the front hex)."""
    if target == hex_:
        raise ValueError(f"a gladiator cannot face his own hex {hex_}")
    return next(f for f in range(6) if in_front_arc(hex_, f, target))


def turns_between(from_facing: int, to_facing: int) -> int:
    """The fewest hexside turns from one facing to another, signed (+ is clockwise).

    An about-face is three turns either way; it is reported as +3 (to the right).
    """
    turn = (to_facing - from_facing) % 6
    return turn if turn <= 3 else turn - 6


def turn_direction_to_face(hex_: Hex, facing: int, target: Hex) -> int:
    """Signed hexside turns (+ clockwise, -3..+3) a gladiator at `hex_` facing
    `facing` needs to bring `target` into his front arc; 0 when it already is.

    For an adjacent target that is the turning needed to make it his front hex, and
    each turn costs 1 AP. Ties (an about-face) turn right.
    """
    return turns_between(facing, facing_towards(hex_, target))


__all__ = [
    "Arc",
    "adjacent_class",
    "arc_of_direction",
    "attack_hexsides",
    "defender_arc",
    "facing_towards",
    "front_arc",
    "in_front_arc",
    "pushback_hex",
    "rotate",
    "turn_direction_to_face",
    "turns_between",
]
