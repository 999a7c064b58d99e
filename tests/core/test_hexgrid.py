"""Hex coordinates, directions, the arena's labels and its pixels."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.hexgrid import (
    DIRECTIONS,
    FLAT,
    NE,
    NW,
    POINTY,
    SE,
    SW,
    Board,
    GridInputError,
    Hex,
    Layout,
    N,
    S,
    direction_between,
    direction_name,
    distance,
    fit_layout,
    hex_range,
    hex_to_offset,
    line,
    neighbour,
    neighbours,
    offset_to_hex,
    parse_direction,
    ring,
    rotate,
    rotate_hex,
)
from companion.errors import UserError

coords = st.integers(-60, 60)
hexes = st.builds(Hex, coords, coords)
facings = st.integers(0, 5)
orientations = st.sampled_from([FLAT, POINTY])
ARENA = Board()

# Compass bearing of each name, clockwise from north in degrees (y grows down).
BEARINGS = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}


def bearing(layout: Layout, a: Hex, b: Hex) -> float:
    (ax, ay), (bx, by) = layout.hex_to_pixel(a), layout.hex_to_pixel(b)
    return math.degrees(math.atan2(bx - ax, ay - by)) % 360


# --- Coordinates ----------------------------------------------------------------


def test_a_hex_has_cube_coordinates_that_sum_to_zero() -> None:
    assert Hex(3, -5).s == 2
    assert Hex(3, -5) == Hex(3, -5) and len({Hex(3, -5), Hex(3, -5)}) == 1
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]


def test_directions_are_numbered_clockwise_from_north_on_a_flat_top_board() -> None:
    layout = Layout(10, (0, 0))
    assert [direction_name(d) for d in range(6)] == ["N", "NE", "SE", "S", "SW", "NW"]
    assert (N, NE, SE, S, SW, NW) == (0, 1, 2, 3, 4, 5)
    assert DIRECTIONS[N] == Hex(0, -1) and DIRECTIONS[SW] == Hex(-1, 1)
    for d in range(6):
        assert bearing(layout, Hex(0, 0), DIRECTIONS[d]) == pytest.approx(60 * d)


@pytest.mark.parametrize("orientation", [FLAT, POINTY], ids=["flat", "pointy"])
def test_each_direction_name_points_where_its_compass_says(orientation) -> None:
    layout = Layout(10, (0, 0), orientation)
    for d in range(6):
        # Hexsides are 60 degrees apart, so a name is the nearest compass point.
        name = direction_name(d, orientation)
        off = (bearing(layout, Hex(0, 0), DIRECTIONS[d]) - BEARINGS[name] + 180) % 360 - 180
        assert abs(off) < 22.5


def test_pointy_top_names_are_the_flat_grid_turned_30_degrees_anticlockwise() -> None:
    assert [direction_name(d, POINTY) for d in range(6)] == ["NW", "NE", "E", "SE", "SW", "W"]
    assert parse_direction("e", POINTY) == 2


def test_direction_names_parse_in_any_case_with_spaces() -> None:
    assert parse_direction("SW") == SW
    assert parse_direction(" sw ") == SW
    assert parse_direction("Ne") == NE
    assert all(parse_direction(direction_name(d)) == d for d in range(6))


@pytest.mark.parametrize("text", ["", "E", "north", "NNE", "W"])
def test_an_unknown_direction_name_is_refused_by_name(text: str) -> None:
    with pytest.raises(ValueError, match=f"{text!r} is not a direction") as err:
        parse_direction(text)
    assert isinstance(err.value, UserError)  # the command line prints it on one line


@given(facings, st.integers(-20, 20))
def test_six_turns_of_any_facing_come_back_to_it(facing: int, start_steps: int) -> None:
    turned = rotate(facing, start_steps)
    for _ in range(6):
        turned = rotate(turned, 1)
    assert turned == rotate(facing, start_steps)
    assert rotate(facing, 6) == facing == rotate(facing, -6)


def test_turning_right_is_clockwise() -> None:
    assert rotate(N, 1) == NE
    assert rotate(N, -1) == NW
    assert rotate(NW, 1) == N


@given(hexes, hexes, st.integers(-7, 7))
def test_turning_the_picture_keeps_distances(a: Hex, center: Hex, steps: int) -> None:
    assert distance(rotate_hex(a, steps, center), center) == distance(a, center)
    assert rotate_hex(a, 6, center) == a


@given(hexes, facings)
def test_a_neighbour_is_one_hex_away_in_its_direction(h: Hex, d: int) -> None:
    assert distance(h, neighbour(h, d)) == 1
    assert direction_between(h, neighbour(h, d)) == d
    assert direction_between(neighbour(h, d), h) == rotate(d, 3)
    assert neighbour(h, d + 6) == neighbour(h, d)  # indices wrap


def test_hexes_that_are_not_adjacent_have_no_direction_between_them() -> None:
    assert direction_between(Hex(0, 0), Hex(0, 0)) is None
    assert direction_between(Hex(0, 0), Hex(0, -2)) is None
    assert direction_between(Hex(0, 0), Hex(1, -2)) is None


# --- Distance, rings, ranges, lines -------------------------------------------------


@given(hexes, hexes)
def test_distance_is_symmetric(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)


@given(hexes, hexes)
def test_distance_is_zero_only_on_the_same_hex(a: Hex, b: Hex) -> None:
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, b) >= 0


@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


def test_distance_counts_hex_steps() -> None:
    assert distance(Hex(0, 0), Hex(3, -1)) == 3
    assert distance(ARENA.from_label("A1"), ARENA.from_label("J12")) == 16


@given(hexes, st.integers(1, 8))
def test_ring_n_has_6n_distinct_hexes_all_n_away(center: Hex, n: int) -> None:
    hexes_ = ring(center, n)
    assert len(hexes_) == 6 * n == len(set(hexes_))
    assert all(distance(center, h) == n for h in hexes_)
    # Walked in order, so each hex touches the next and the last closes the loop.
    assert all(distance(a, b) == 1 for a, b in zip(hexes_, hexes_[1:] + hexes_[:1], strict=True))


def test_ring_0_is_the_centre_and_ring_1_is_the_neighbours_clockwise_from_north() -> None:
    assert ring(Hex(2, 3), 0) == [Hex(2, 3)]
    assert ring(Hex(2, 3), 1) == neighbours(Hex(2, 3))
    assert ring(Hex(0, 0), 2)[:3] == [Hex(0, -2), Hex(1, -2), Hex(2, -2)]
    with pytest.raises(ValueError):
        ring(Hex(0, 0), -1)


@given(hexes, st.integers(0, 6))
def test_a_range_is_its_rings_together(center: Hex, n: int) -> None:
    within = hex_range(center, n)
    assert len(within) == 3 * n * (n + 1) + 1
    assert set(within) == {h for k in range(n + 1) for h in ring(center, k)}
    assert within == sorted(within)


@given(hexes, hexes)
def test_a_line_runs_hex_by_hex_from_end_to_end(a: Hex, b: Hex) -> None:
    path = line(a, b)
    assert path[0] == a and path[-1] == b
    assert len(path) == distance(a, b) + 1
    assert all(distance(x, y) == 1 for x, y in itertools.pairwise(path))


def test_a_line_along_a_direction_is_straight() -> None:
    assert line(Hex(0, 0), Hex(0, -3)) == [Hex(0, 0), Hex(0, -1), Hex(0, -2), Hex(0, -3)]
    assert line(Hex(1, 1), Hex(1, 1)) == [Hex(1, 1)]


# --- The board and its labels -------------------------------------------------------


def test_the_arena_is_10_columns_by_12_rows() -> None:
    assert len(ARENA.hexes()) == 120 == len(set(ARENA.hexes()))
    assert ARENA.hexes() == sorted(ARENA.hexes())
    assert [ARENA.to_label(h) for h in ARENA.hexes()[:3]] == ["A1", "A2", "A3"]


def test_a1_is_the_top_left_hex_and_b1_sits_half_a_hex_lower() -> None:
    a1, b1, c1 = ARENA.from_label("A1"), ARENA.from_label("B1"), ARENA.from_label("C1")
    assert a1 == Hex(0, 0) == offset_to_hex(0, 0)
    assert b1 == neighbour(a1, SE)  # odd columns are shifted down
    assert c1 == neighbour(b1, NE)
    layout = Layout(10, (0, 0))
    assert layout.hex_to_pixel(b1)[1] > layout.hex_to_pixel(a1)[1] == layout.hex_to_pixel(c1)[1]


def test_every_label_round_trips_through_its_hex() -> None:
    labels = [f"{c}{r}" for c in "ABCDEFGHIJ" for r in range(1, 13)]
    assert [ARENA.to_label(ARENA.from_label(label)) for label in labels] == labels
    for h in ARENA.hexes():
        assert ARENA.from_label(ARENA.to_label(h)) == h
        assert ARENA.contains(h)
        assert offset_to_hex(*hex_to_offset(h)) == h


def test_labels_ignore_case_and_surrounding_spaces() -> None:
    assert ARENA.from_label(" e7\n") == ARENA.from_label("E7") == offset_to_hex(4, 6)


@pytest.mark.parametrize(
    ("label", "message"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("7E", "column letter comes first, like 'E7'"),
        ("Z99", "column Z is beyond J and row 99 is beyond 12"),
        ("K1", "column K is beyond J"),
        ("A13", "row 13 is beyond 12"),
        ("A0", "rows are numbered from 1"),
        ("E", "not a board label"),
        ("E7x", "not a board label"),
        ("EE7", "not a board label"),
        ("E-1", "not a board label"),
    ],
)
def test_a_bad_label_is_refused_saying_what_is_wrong(label: str, message: str) -> None:
    with pytest.raises(GridInputError, match=message) as err:
        ARENA.from_label(label)
    assert isinstance(err.value, ValueError)


def test_hexes_off_the_board_are_not_on_it_and_have_no_label() -> None:
    for outside in (Hex(-1, 0), Hex(10, 0), Hex(0, 12), Hex(0, -1), Hex(1, -1)):
        assert not ARENA.contains(outside)
        with pytest.raises(ValueError, match="not on a 10x12 board"):
            ARENA.to_label(outside)


def test_a_bigger_board_goes_up_to_column_z() -> None:
    big = Board(columns=26, rows=30)
    assert len(big.hexes()) == 26 * 30
    assert big.to_label(big.from_label("Z30")) == "Z30"
    for columns, rows in ((0, 12), (27, 12), (10, 0)):
        with pytest.raises(GridInputError):
            Board(columns, rows)


# --- Pixels -------------------------------------------------------------------------

layouts = st.builds(
    Layout,
    st.floats(5, 80),
    st.tuples(st.floats(-2000, 2000), st.floats(-2000, 2000)),
    orientations,
)


@given(layouts, st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30)))
def test_a_hex_centre_on_screen_maps_back_to_the_hex(layout: Layout, h: Hex) -> None:
    assert layout.pixel_to_hex(*layout.hex_to_pixel(h)) == h


@given(
    layouts,
    st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30)),
    st.integers(0, 5),
    st.floats(0, 0.999),
    st.floats(0, 0.999),
)
def test_any_point_inside_a_hex_maps_to_that_hex(
    layout: Layout, h: Hex, wedge: int, u: float, v: float
) -> None:
    # A point of the triangle (centre, corner i, corner i+1), kept off the edges.
    if u + v > 0.999:
        u, v = 0.999 - v, 0.999 - u
    (cx, cy), corners = layout.hex_to_pixel(h), layout.hex_corners(h)
    (ax, ay), (bx, by) = corners[wedge], corners[(wedge + 1) % 6]
    x = cx + u * (ax - cx) + v * (bx - cx)
    y = cy + u * (ay - cy) + v * (by - cy)
    assert layout.pixel_to_hex(x, y) == h


@pytest.mark.parametrize("orientation", [FLAT, POINTY], ids=["flat", "pointy"])
def test_corners_lie_one_size_from_the_centre(orientation) -> None:
    layout = Layout(20, (100, 50), orientation)
    assert layout.hex_to_pixel(Hex(0, 0)) == (100, 50)
    for x, y in layout.hex_corners(Hex(3, -1)):
        cx, cy = layout.hex_to_pixel(Hex(3, -1))
        assert math.hypot(x - cx, y - cy) == pytest.approx(20)


@pytest.mark.parametrize("orientation", [FLAT, POINTY], ids=["flat", "pointy"])
def test_a_hexside_is_the_edge_shared_with_the_neighbour(orientation) -> None:
    layout = Layout(20, (0, 0), orientation)
    h = Hex(1, 2)
    for d in range(6):
        left, right = layout.hexside_corners(h, d)
        centre, beyond = layout.hex_to_pixel(h), layout.hex_to_pixel(neighbour(h, d))
        assert (left[0] + right[0]) / 2 == pytest.approx((centre[0] + beyond[0]) / 2)
        assert (left[1] + right[1]) / 2 == pytest.approx((centre[1] + beyond[1]) / 2)
        # Left then right as seen from the centre looking out through the hexside.
        look = bearing(layout, h, neighbour(h, d))
        to_left = math.degrees(math.atan2(left[0] - centre[0], centre[1] - left[1])) % 360
        assert (look - to_left) % 360 == pytest.approx(30)


def test_flat_top_front_hexside_of_a_north_facing_gladiator_is_the_top_edge() -> None:
    layout = Layout(10, (0, 0))
    left, right = layout.hexside_corners(Hex(0, 0), N)
    assert left == pytest.approx((-5, -5 * math.sqrt(3)))
    assert right == pytest.approx((5, -5 * math.sqrt(3)))


@given(
    st.floats(200, 2000),
    st.floats(200, 2000),
    st.floats(0, 30),
    st.floats(0, 500),
    st.floats(0, 500),
    orientations,
)
def test_the_fitted_arena_fills_its_area_within_the_margin(
    width: float, height: float, margin: float, left: float, top: float, orientation
) -> None:
    layout = fit_layout(ARENA, width, height, margin, left=left, top=top, orientation=orientation)
    points = [p for h in ARENA.hexes() for p in layout.hex_corners(h)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    eps = 1e-6 * max(width, height)
    assert min(xs) >= left + margin - eps and max(xs) <= left + width - margin + eps
    assert min(ys) >= top + margin - eps and max(ys) <= top + height - margin + eps
    # As large as fits: the board touches the margin on one axis at least.
    assert (
        max(xs) - min(xs) == pytest.approx(width - 2 * margin)
        or max(ys) - min(ys) == pytest.approx(height - 2 * margin)
    )


def test_the_arena_fits_the_left_part_of_a_window() -> None:
    layout = fit_layout(ARENA, 800, 720, 10)
    a1, j12 = ARENA.from_label("A1"), ARENA.from_label("J12")
    assert layout.pixel_to_hex(*layout.hex_to_pixel(a1)) == a1
    assert 0 < layout.hex_to_pixel(a1)[0] < layout.hex_to_pixel(j12)[0] < 800
    with pytest.raises(ValueError, match="no room"):
        fit_layout(ARENA, 15, 720, 10)
