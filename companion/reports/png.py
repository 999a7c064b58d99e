"""A report's picture as a small PNG: indexed colour, at most 256 colours, compressed
at zlib's strongest level.

A report's pictures are flat colours with anti-aliased letters: an arena of 640x700
has about a thousand colours, nearly all of them a few pixels of a letter's edge.
Saved as true colour they took about 50 KB each, and a report of many moments grew to
megabytes. Kept to the 256 commonest colours, each other one drawn as the nearest of
those, the same picture takes about 16 KB and looks the same: only a letter's edge
can move by a shade. A picture of 256 colours or fewer is kept exactly.

Pure: bytes in, bytes out; no pygame."""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections import Counter

MAX_COLOURS = 256


def _chunk(kind: bytes, body: bytes) -> bytes:
    return (struct.pack(">I", len(body)) + kind + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))


def _rgb(colour: int) -> tuple[int, int, int]:
    # The pixels are read as little-endian words of R, G, B and a spare byte.
    return colour & 0xFF, (colour >> 8) & 0xFF, (colour >> 16) & 0xFF


def _nearest(colour: int, palette: list[tuple[int, int, int]]) -> int:
    r, g, b = _rgb(colour)
    best, best_distance = 0, 1 << 30
    for index, (pr, pg, pb) in enumerate(palette):
        distance = (r - pr) ** 2 + (g - pg) ** 2 + (b - pb) ** 2
        if distance < best_distance:
            best, best_distance = index, distance
    return best


def encode(width: int, height: int, rgbx: bytes) -> bytes:
    """The PNG of a picture given as `width` x `height` pixels of 4 bytes each (red,
    green, blue and one ignored), row by row from the top."""
    if width <= 0 or height <= 0 or len(rgbx) != width * height * 4:
        raise ValueError(f"a picture of {width}x{height} needs {width * height * 4} "
                         f"bytes, not {len(rgbx)}")
    words = array("I", rgbx)
    if sys.byteorder == "big":
        words.byteswap()
    # The spare byte is read with the colour but never drawn: a colour that comes with
    # two spare values counts twice, as two colours of the same shade.
    counts = Counter(words)
    kept = [colour for colour, _ in counts.most_common(MAX_COLOURS)]
    palette = [_rgb(colour) for colour in kept]
    index = {colour: i for i, colour in enumerate(kept)}
    for colour in counts:
        if colour not in index:
            index[colour] = _nearest(colour, palette)
    indices = bytes(map(index.__getitem__, words))
    # Filter type 0 (none) a row: on indexed flat colour it compresses best.
    rows = b"".join(b"\0" + indices[y * width:(y + 1) * width] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"PLTE", b"".join(bytes(rgb) for rgb in palette))
            + _chunk(b"IDAT", zlib.compress(rows, 9)) + _chunk(b"IEND", b""))
