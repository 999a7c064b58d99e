"""Facing in the hex skirmish (RULES.md section 1), written as the rules read.

Offsets below are axial (q, r) from the gladiator's hex on the flat-top board, where
north is (0, -1) and north-east (1, -1).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.facing import (
    Arc,
    adjacent_class,
    attack_hexsides,
    defender_arc,
    facing_towards,
    front_arc,
    in_front_arc,
    pushback_hex,
    turn_direction_to_face,
    turns_between,
)
from companion.core.hexgrid import (
    NE,
    NW,
    SE,
    SW,
    Board,
    Hex,
    Layout,
    N,
    S,
    distance,
    neighbour,
    neighbours,
    ring,
    rotate,
    rotate_hex,
)

coords = st.integers(-40, 40)
hexes = st.builds(Hex, coords, coords)
offsets = st.builds(Hex, st.integers(-12, 12), st.integers(-12, 12))
facings = st.integers(0, 5)
HOME = Hex(4, 4)  # E7 on the arena
ARENA = Board()


def at(q: int, r: int, base: Hex = HOME) -> Hex:
    return base + Hex(q, r)


# --- Front, side and rear hexes -----------------------------------------------------


def test_a_gladiator_facing_north_has_his_front_hex_to_the_north() -> None:
    assert adjacent_class(HOME, N, neighbour(HOME, N)) == Arc.FRONT == "front"


def test_his_side_hexes_are_either_side_of_the_front_and_the_other_three_are_rear() -> None:
    assert adjacent_class(HOME, N, neighbour(HOME, NE)) == "front-right"
    assert adjacent_class(HOME, N, neighbour(HOME, NW)) == "front-left"
    for d in (SE, S, SW):
        assert adjacent_class(HOME, N, neighbour(HOME, d)) == Arc.REAR


def test_a_gladiator_facing_south_west_has_his_right_side_to_the_north_west() -> None:
    assert adjacent_class(HOME, SW, neighbour(HOME, NW)) == Arc.FRONT_RIGHT
    assert adjacent_class(HOME, SW, neighbour(HOME, S)) == Arc.FRONT_LEFT


def test_hexes_not_adjacent_are_neither_front_side_nor_rear() -> None:
    assert adjacent_class(HOME, N, HOME) is None
    assert adjacent_class(HOME, N, at(0, -2)) is None
    assert adjacent_class(HOME, N, at(1, -2)) is None


@given(hexes, facings)
def test_every_facing_has_one_front_two_side_and_three_rear_hexes(h: Hex, facing: int) -> None:
    arcs = [adjacent_class(h, facing, n) for n in neighbours(h)]
    assert arcs.count(Arc.FRONT) == 1
    assert arcs.count(Arc.FRONT_RIGHT) == arcs.count(Arc.FRONT_LEFT) == 1
    assert arcs.count(Arc.REAR) == 3
    assert sum(arc.is_side for arc in arcs) == 2
    assert adjacent_class(h, facing, neighbour(h, facing)) == Arc.FRONT


@given(hexes, facings, facings, st.integers(-6, 6))
def test_turning_a_gladiator_turns_his_arcs_with_him(
    h: Hex, facing: int, direction: int, steps: int
) -> None:
    before = adjacent_class(h, facing, neighbour(h, direction))
    after = adjacent_class(h, rotate(facing, steps), neighbour(h, rotate(direction, steps)))
    assert before == after


@given(hexes, facings, facings)
def test_an_attack_through_a_hexside_strikes_the_arc_of_that_neighbour(
    h: Hex, facing: int, side: int
) -> None:
    assert defender_arc(h, facing, side) == adjacent_class(h, facing, neighbour(h, side))


# --- The front arc of reach and missile weapons ------------------------------------


def test_the_front_arc_holds_the_front_hex_but_not_his_own() -> None:
    assert in_front_arc(HOME, N, neighbour(HOME, N))
    assert not in_front_arc(HOME, N, HOME)


def test_split_hexes_are_in_the_arc_on_his_right_and_out_on_his_left() -> None:
    assert in_front_arc(HOME, N, at(1, -2))  # on the right-hand boundary: in
    assert not in_front_arc(HOME, N, at(-1, -1))  # on the left-hand boundary: out
    assert in_front_arc(HOME, N, at(0, -2))  # straight ahead
    assert not in_front_arc(HOME, N, at(1, -1))  # the NE neighbour is a side hex


def test_a_spear_can_reach_a_split_hex_on_his_right_but_not_on_his_left() -> None:
    spear_targets = front_arc(HOME, N, 2)
    assert spear_targets == [at(0, -1), at(0, -2), at(1, -2)]
    assert at(-1, -1) not in spear_targets


def test_a_bow_shoots_from_two_hexes_and_the_far_split_hexes_follow_the_same_rule() -> None:
    arc = front_arc(HOME, N, 4, min_range=2)
    assert neighbour(HOME, N) not in arc
    assert at(2, -4) in arc and at(-2, -2) not in arc  # both on the bounding rays
    assert at(1, -4) in arc and at(-1, -3) in arc  # just inside them
    assert [distance(HOME, h) for h in arc] == [2, 2, 3, 3, 3, 4, 4, 4, 4]


def test_the_arena_edge_clips_the_arc() -> None:
    a1 = ARENA.from_label("A1")
    assert front_arc(a1, N, 8, ARENA) == []
    assert front_arc(a1, S, 2, ARENA) == [ARENA.from_label("A2"), ARENA.from_label("A3")]


@given(hexes, facings, st.integers(1, 8))
def test_the_arc_takes_n_hexes_at_range_n(h: Hex, facing: int, n: int) -> None:
    # A sixth of a ring of 6n, its two half-cut hexes making one between them.
    assert sum(in_front_arc(h, facing, t) for t in ring(h, n)) == n


@given(hexes, offsets)
def test_every_other_hex_is_in_exactly_one_facing_s_arc(h: Hex, offset: Hex) -> None:
    target = h + offset
    in_arcs = [f for f in range(6) if in_front_arc(h, f, target)]
    assert len(in_arcs) == (0 if offset == Hex(0, 0) else 1)


@given(hexes, facings, offsets, st.integers(-6, 6))
def test_turning_gladiator_and_target_together_keeps_the_target_in_or_out(
    h: Hex, facing: int, offset: Hex, steps: int
) -> None:
    target = h + offset
    turned_target = rotate_hex(target, steps, center=h)
    assert in_front_arc(h, facing, target) == in_front_arc(h, rotate(facing, steps), turned_target)


@given(hexes, facings, offsets, hexes)
def test_moving_gladiator_and_target_together_keeps_the_target_in_or_out(
    h: Hex, facing: int, offset: Hex, shift: Hex
) -> None:
    moved = in_front_arc(h + shift, facing, h + shift + offset)
    assert in_front_arc(h, facing, h + offset) == moved


@given(facings, offsets)
def test_the_arc_is_the_60_degree_wedge_drawn_on_the_board(facing: int, offset: Hex) -> None:
    # The wedge drawn with real angles agrees wherever a hex centre is clearly
    # off the bounding rays; on them the integer rule decides (tested above).
    layout = Layout(1.0, (0.0, 0.0))
    x, y = layout.hex_to_pixel(offset)
    if offset == Hex(0, 0):
        return
    bearing = math.degrees(math.atan2(x, -y))
    off_axis = (bearing - 60 * facing + 180) % 360 - 180
    if abs(abs(off_axis) - 30) > 1e-6:
        assert in_front_arc(Hex(0, 0), facing, offset) == (abs(off_axis) < 30)
    else:
        assert in_front_arc(Hex(0, 0), facing, offset) == (off_axis > 0)


# --- Attack hexsides and pushback ---------------------------------------------------


@given(hexes, facings)
def test_an_adjacent_attacker_strikes_the_hexside_between_them(defender: Hex, d: int) -> None:
    assert attack_hexsides(neighbour(defender, d), defender) == (d,)


def test_an_attacker_on_a_diagonal_may_choose_either_hexside_at_that_corner() -> None:
    # A spear at two hexes on the defender's split hex: the line meets a corner.
    assert attack_hexsides(at(1, -2), HOME) == (N, NE)
    assert attack_hexsides(at(2, -1), HOME) == (NE, SE)
    assert attack_hexsides(at(-1, -1), HOME) == (NW, N)  # clockwise across north
    assert attack_hexsides(at(0, -2), HOME) == (N,)


def test_a_spear_on_a_split_hex_chooses_between_two_of_the_defender_s_arcs() -> None:
    # Two hexes off, facing S, the spearman has the defender on his right-hand ray.
    attacker, defender = at(1, -2), HOME
    assert in_front_arc(attacker, S, defender)
    choices = attack_hexsides(attacker, defender)
    assert [defender_arc(defender, S, side) for side in choices] == [Arc.REAR, Arc.REAR]
    assert [defender_arc(defender, N, side) for side in choices] == ["front", "front-right"]


@given(hexes, offsets)
def test_the_line_of_attack_enters_through_one_hexside_or_a_corner_of_two(
    defender: Hex, offset: Hex
) -> None:
    if offset == Hex(0, 0):
        return
    sides = attack_hexsides(defender + offset, defender)
    assert len(sides) in (1, 2)
    if len(sides) == 2:
        assert sides[1] == rotate(sides[0], 1)
    # The hexside he would turn to face the attacker through is always one of them.
    assert facing_towards(defender, defender + offset) in sides


@given(hexes, facings)
def test_a_missed_defender_is_pushed_straight_away_from_an_adjacent_attacker(
    defender: Hex, d: int
) -> None:
    attacker = neighbour(defender, d)
    (side,) = attack_hexsides(attacker, defender)
    pushed = pushback_hex(defender, side)
    assert pushed - defender == defender - attacker


@given(hexes, offsets)
def test_pushback_always_takes_the_defender_one_hex_further_off(
    defender: Hex, offset: Hex
) -> None:
    if offset == Hex(0, 0):
        return
    attacker = defender + offset
    for side in attack_hexsides(attacker, defender):
        pushed = pushback_hex(defender, side)
        assert distance(defender, pushed) == 1
        assert distance(attacker, pushed) == distance(attacker, defender) + 1


def test_a_defender_speared_from_two_hexes_north_is_pushed_south() -> None:
    (side,) = attack_hexsides(at(0, -2), HOME)
    assert side == N
    assert pushback_hex(HOME, side) == neighbour(HOME, S)


def test_nobody_attacks_his_own_hex() -> None:
    with pytest.raises(ValueError):
        attack_hexsides(HOME, HOME)


# --- Turning ---------------------------------------------------------------------


def test_turning_takes_the_short_way_round() -> None:
    assert turns_between(N, NE) == 1
    assert turns_between(N, NW) == -1
    assert turns_between(NW, NE) == 2
    assert turns_between(N, S) == 3  # an about-face turns right


def test_a_gladiator_facing_north_turns_right_twice_to_face_a_foe_to_his_south_east() -> None:
    assert turn_direction_to_face(HOME, N, neighbour(HOME, SE)) == 2
    assert turn_direction_to_face(HOME, N, neighbour(HOME, SW)) == -2
    assert turn_direction_to_face(HOME, N, at(0, -3)) == 0
    assert turn_direction_to_face(HOME, N, at(1, -2)) == 0  # right split hex: in already
    assert turn_direction_to_face(HOME, N, at(-1, -1)) == -1  # left split hex: one turn


@given(hexes, facings, offsets)
def test_the_turns_to_face_a_target_are_the_fewest_that_bring_it_into_the_arc(
    h: Hex, facing: int, offset: Hex
) -> None:
    if offset == Hex(0, 0):
        with pytest.raises(ValueError):
            turn_direction_to_face(h, facing, h)
        return
    target = h + offset
    turns = turn_direction_to_face(h, facing, target)
    assert -3 < turns <= 3
    assert in_front_arc(h, rotate(facing, turns), target)
    assert not any(
        in_front_arc(h, rotate(facing, k), target) for k in range(-3, 4) if abs(k) < abs(turns)
    )
    if distance(h, target) == 1:
        assert adjacent_class(h, rotate(facing, turns), target) == Arc.FRONT
