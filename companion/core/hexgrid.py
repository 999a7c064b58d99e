"""Hex geometry: coordinates, directions, distances, the board's labels and pixels.

All arithmetic is in axial/cube coordinates (the approach of Red Blob Games' hexagon
guide); offset coordinates exist only to name hexes ("E7") and to store them. The
rules geometry (facing arcs, attack hexsides, pushback) lives in `companion.core.facing`.

Conventions other modules rely on:

- `Hex(q, r)` is axial; `s = -q - r` is derived. Screen y grows downward, so on the
  default flat-top layout r grows to the south.
- A direction (and so a facing) is an index 0..5, clockwise from north on the
  flat-top layout: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. Indices are taken modulo 6
  everywhere, so `facing + 1` needs no wrapping by the caller.
- The index means the same axial step in both layouts; only its on-screen compass
  name changes. On the pointy-top layout the whole picture is turned 30 degrees
  anticlockwise, so indices 0..5 read NW, NE, E, SE, SW, W (still clockwise).
- Board offsets are "odd-q": the odd columns (B, D, F...) sit half a hex lower.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import NamedTuple

from companion.errors import UserError


class GridInputError(UserError, ValueError):
    """A board label, direction name or board size that a user or a file got wrong.

    A `ValueError` for library callers; a `UserError` so the command line prints it
    on one line instead of a traceback.
    """


class Hex(NamedTuple):
    """A hex in axial coordinates; ordered by (q, r), which is column-major on a board.

    A named tuple: hashing and comparing happen in C, and every board lookup of the
    rules and the computer player does both.
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __mul__(self, k: int) -> Hex:  # type: ignore[override]
        return Hex(self.q * k, self.r * k)


# Axial step for each direction index; index order is the clockwise compass order.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1),
    Hex(1, -1),
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
)
N, NE, SE, S, SW, NW = range(6)
ORIGIN = Hex(0, 0)


def rotate(facing: int, steps: int = 1) -> int:
    """The facing after `steps` hexside turns; positive turns clockwise (to the right)."""
    return (facing + steps) % 6


def rotate_hex(hex_: Hex, steps: int, center: Hex = ORIGIN) -> Hex:
    """`hex_` turned about `center` by `steps` sixths of a circle, positive clockwise.

    Turning a gladiator and everything around him together must change no ruling;
    the tests lean on this to check the arcs.
    """
    q, r, s = hex_.q - center.q, hex_.r - center.r, hex_.s - center.s
    for _ in range(steps % 6):
        # One clockwise sixth in cube coordinates with y down: (q, r, s) -> (-r, -s, -q).
        q, r, s = -r, -s, -q
    return Hex(center.q + q, center.r + r)


def neighbour(hex_: Hex, direction: int) -> Hex:
    return hex_ + DIRECTIONS[direction % 6]


def neighbours(hex_: Hex) -> list[Hex]:
    """The six neighbours in direction order (N, NE, SE, S, SW, NW on flat-top)."""
    return [hex_ + step for step in DIRECTIONS]


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction from `a` to an adjacent `b`; None when they are not adjacent."""
    step = b - a
    return DIRECTIONS.index(step) if step in DIRECTIONS else None


def distance(a: Hex, b: Hex) -> int:
    d = a - b
    return max(abs(d.q), abs(d.r), abs(d.s))


def hex_range(center: Hex, radius: int) -> list[Hex]:
    """Every hex within `radius` of `center` (3n(n+1)+1 of them), in Hex order."""
    found = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            found.append(Hex(center.q + dq, center.r + dr))
    return found


def ring(center: Hex, radius: int) -> list[Hex]:
    """The 6n hexes at exactly `radius`, clockwise starting from the one due north.

    Radius 1 is therefore the same list as `neighbours(center)`.
    """
    if radius < 0:
        raise ValueError(f"a ring radius cannot be negative (got {radius})")
    if radius == 0:
        return [center]
    found = []
    hex_ = center + DIRECTIONS[N] * radius
    # From the north corner of the ring, walking SE first goes clockwise; each of the
    # six edges turns one more hexside right.
    for side in range(6):
        step = DIRECTIONS[(side + SE) % 6]
        for _ in range(radius):
            found.append(hex_)
            hex_ = hex_ + step
    return found


def hex_round(q: float, r: float) -> Hex:
    """The hex containing fractional axial (q, r): round all three cube coordinates,
    then repair the one that moved most so that q + r + s stays 0."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from `a` to `b`, both ends included, each adjacent
    to the next.

    Sampled at evenly spaced points; a tiny nudge keeps samples that fall exactly on
    a hexside from rounding differently from one call to the next. Lines of attack
    in the rules use the exact tests in `companion.core.facing`, not this.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a.q + 1e-6, a.r + 2e-6
    bq, br = b.q + 1e-6, b.r + 2e-6
    return [hex_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


# --- Layouts: hex <-> pixel ------------------------------------------------------


@dataclass(frozen=True)
class Orientation:
    """A hex-to-pixel matrix (forward), its inverse (backward) and what to call things.

    `start_angle` is corner 0's angle in sixths of a turn; corners then go clockwise on
    screen. `first_side_corner` is the corner that begins the hexside of direction 0,
    so the hexside of direction d runs from corner d+first to corner d+first+1.
    """

    name: str
    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float
    first_side_corner: int
    direction_names: tuple[str, ...]


_SQRT3 = math.sqrt(3.0)
FLAT = Orientation(
    name="flat",
    f0=1.5, f1=0.0, f2=_SQRT3 / 2, f3=_SQRT3,
    b0=2 / 3, b1=0.0, b2=-1 / 3, b3=_SQRT3 / 3,
    start_angle=0.0,
    first_side_corner=4,
    direction_names=("N", "NE", "SE", "S", "SW", "NW"),
)
# Direction 0 is the axial step (0, -1) in both layouts; drawn pointy-top it points NW.
POINTY = Orientation(
    name="pointy",
    f0=_SQRT3, f1=_SQRT3 / 2, f2=0.0, f3=1.5,
    b0=_SQRT3 / 3, b1=-1 / 3, b2=0.0, b3=2 / 3,
    start_angle=0.5,
    first_side_corner=3,
    direction_names=("NW", "NE", "E", "SE", "SW", "W"),
)


def direction_name(direction: int, orientation: Orientation = FLAT) -> str:
    return orientation.direction_names[direction % 6]


def parse_direction(text: str, orientation: Orientation = FLAT) -> int:
    """The direction index for a compass name such as "sw" (any case, spaces ignored)."""
    key = text.strip().upper()
    if key in orientation.direction_names:
        return orientation.direction_names.index(key)
    names = ", ".join(orientation.direction_names)
    raise GridInputError(f"{text!r} is not a direction; expected one of {names}")


@dataclass(frozen=True)
class Layout:
    """Where hexes of a given size sit on screen. `size` is centre-to-corner, in
    pixels; `origin` is the pixel centre of Hex(0, 0); y grows downward."""

    size: float
    origin: tuple[float, float]
    orientation: Orientation = FLAT

    def __post_init__(self) -> None:
        if not self.size > 0:
            raise ValueError(f"a hex size must be positive (got {self.size})")

    def hex_to_pixel(self, hex_: Hex) -> tuple[float, float]:
        o = self.orientation
        x = (o.f0 * hex_.q + o.f1 * hex_.r) * self.size
        y = (o.f2 * hex_.q + o.f3 * hex_.r) * self.size
        return (x + self.origin[0], y + self.origin[1])

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        o = self.orientation
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        return hex_round(o.b0 * px + o.b1 * py, o.b2 * px + o.b3 * py)

    def hex_corners(self, hex_: Hex) -> list[tuple[float, float]]:
        """The six corners, clockwise on screen (flat-top: starting at the east corner)."""
        cx, cy = self.hex_to_pixel(hex_)
        corners = []
        for i in range(6):
            angle = math.pi / 3 * (self.orientation.start_angle + i)
            corners.append((cx + self.size * math.cos(angle), cy + self.size * math.sin(angle)))
        return corners

    def hexside_corners(
        self, hex_: Hex, direction: int
    ) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two ends of the hexside towards `direction`: (left end, right end) as
        seen by a gladiator facing it. Drawn from `hex_corners` so they match exactly."""
        corners = self.hex_corners(hex_)
        first = (direction + self.orientation.first_side_corner) % 6
        return corners[first], corners[(first + 1) % 6]


def fit_layout(
    board: Board,
    width: float,
    height: float,
    margin: float = 8.0,
    *,
    left: float = 0.0,
    top: float = 0.0,
    orientation: Orientation = FLAT,
) -> Layout:
    """The largest layout that draws the whole `board` inside the rectangle at
    (left, top) of `width` x `height`, at least `margin` from each edge, centred."""
    avail_w, avail_h = width - 2 * margin, height - 2 * margin
    if avail_w <= 0 or avail_h <= 0:
        raise ValueError(f"a {width}x{height} area leaves no room inside a margin of {margin}")
    # Pixels scale linearly with size, so measure the board once at size 1.
    unit = Layout(1.0, (0.0, 0.0), orientation)
    points = [p for h in board.hexes() for p in unit.hex_corners(h)]
    min_x, max_x = min(p[0] for p in points), max(p[0] for p in points)
    min_y, max_y = min(p[1] for p in points), max(p[1] for p in points)
    size = min(avail_w / (max_x - min_x), avail_h / (max_y - min_y))
    origin_x = left + margin + (avail_w - size * (max_x - min_x)) / 2 - size * min_x
    origin_y = top + margin + (avail_h - size * (max_y - min_y)) / 2 - size * min_y
    return Layout(size, (origin_x, origin_y), orientation)


# --- The board: offset coordinates and labels -------------------------------------


def hex_to_offset(hex_: Hex) -> tuple[int, int]:
    """(column, row) from 0 in the odd-q offset layout."""
    return hex_.q, hex_.r + (hex_.q - (hex_.q & 1)) // 2


def offset_to_hex(column: int, row: int) -> Hex:
    """The hex at (column, row) from 0 in the odd-q offset layout; (0, 0) is Hex(0, 0)."""
    return Hex(column, row - (column - (column & 1)) // 2)


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LABEL = re.compile(r"([A-Z])([0-9]+)")


@dataclass(frozen=True)
class Board:
    """A rectangle of `columns` x `rows` hexes labelled A1 (top left) onwards.

    Column A is offset column 0 and Hex q 0; row 1 is offset row 0.
    """

    columns: int = 10
    rows: int = 12

    def __post_init__(self) -> None:
        if not 1 <= self.columns <= len(_LETTERS):
            raise GridInputError(
                f"a board has 1 to {len(_LETTERS)} columns (lettered A-Z), not {self.columns}"
            )
        if self.rows < 1:
            raise GridInputError(f"a board needs at least one row, not {self.rows}")

    @property
    def last_column(self) -> str:
        return _LETTERS[self.columns - 1]

    def contains(self, hex_: Hex) -> bool:
        column, row = hex_to_offset(hex_)
        return 0 <= column < self.columns and 0 <= row < self.rows

    def hexes(self) -> list[Hex]:
        """Every hex on the board, column by column (A1, A2, ... B1, ...): Hex order."""
        return [offset_to_hex(c, r) for c in range(self.columns) for r in range(self.rows)]

    def to_label(self, hex_: Hex) -> str:
        if not self.contains(hex_):
            raise ValueError(f"{hex_} is not on a {self.columns}x{self.rows} board")
        column, row = hex_to_offset(hex_)
        return f"{_LETTERS[column]}{row + 1}"

    def from_label(self, text: str) -> Hex:
        """The hex for a label such as "E7" (any case, surrounding spaces ignored)."""
        key = text.strip().upper()
        expected = (
            f"a column letter A-{self.last_column} then a row number 1-{self.rows}, like 'E7'"
        )
        if not key:
            raise GridInputError(f"a board label is empty; expected {expected}")
        match = _LABEL.fullmatch(key)
        if match is None:
            if re.fullmatch(r"[0-9]+[A-Z]", key):
                raise GridInputError(
                    f"{text!r} is not a board label: the column letter comes first, "
                    f"like {key[-1] + key[:-1]!r}"
                )
            raise GridInputError(f"{text!r} is not a board label; expected {expected}")
        letter, digits = match.groups()
        column, row = _LETTERS.index(letter), int(digits) - 1
        problems = []
        if column >= self.columns:
            problems.append(f"column {letter} is beyond {self.last_column}")
        if row < 0:
            problems.append("rows are numbered from 1")
        elif row >= self.rows:
            problems.append(f"row {row + 1} is beyond {self.rows}")
        if problems:
            raise GridInputError(
                f"{text!r} is off the board: {' and '.join(problems)} "
                f"(the board is columns A-{self.last_column}, rows 1-{self.rows})"
            )
        return offset_to_hex(column, row)
