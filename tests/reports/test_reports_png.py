"""A report's picture packed as an indexed PNG: exact for 256 colours or fewer; beyond
that each rare colour drawn as the nearest of the 256 commonest; much smaller than
pygame's own PNG of the same picture."""

from __future__ import annotations

import io
import zlib

import pygame
import pytest

from companion.reports import png


def decoded(data: bytes) -> pygame.Surface:
    return pygame.image.load(io.BytesIO(data), "x.png")


def rgbx(colours: list[tuple[int, int, int]]) -> bytes:
    return b"".join(bytes((r, g, b, 255)) for r, g, b in colours)


def pixels(surface: pygame.Surface) -> list[tuple[int, int, int]]:
    raw = pygame.image.tobytes(surface, "RGB")
    return [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]  # type: ignore[misc]


def test_a_picture_of_256_colours_is_kept_exactly() -> None:
    colours = [(i, 255 - i, (7 * i) % 256) for i in range(256)] * 3
    out = decoded(png.encode(32, 24, rgbx(colours)))
    assert out.get_size() == (32, 24) and pixels(out) == colours


def test_a_257th_colour_is_drawn_as_the_nearest_kept_one() -> None:
    common = [(i, i, i) for i in range(0, 256, 1)]  # 256 greys, each twice
    rare = (250, 1, 1)  # nearest grey by distance: (84, 84, 84)
    colours = common * 2 + [rare]
    out = pixels(decoded(png.encode(len(colours), 1, rgbx(colours))))
    assert out[:-1] == colours[:-1]
    assert out[-1] == (84, 84, 84)


def test_the_spare_byte_never_changes_a_colour() -> None:
    raw = bytes((10, 20, 30, 0, 10, 20, 30, 255, 40, 50, 60, 7, 40, 50, 60, 9))
    assert pixels(decoded(png.encode(2, 2, raw))) == [(10, 20, 30), (10, 20, 30),
                                                     (40, 50, 60), (40, 50, 60)]


def test_the_chunks_carry_their_checksums_and_the_data_is_compressed() -> None:
    data = png.encode(100, 100, rgbx([(200, 30, 30)] * 10_000))
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    at, kinds = 8, []
    while at < len(data):
        size = int.from_bytes(data[at:at + 4], "big")
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + size]
        assert int.from_bytes(data[at + 8 + size:at + 12 + size], "big") == \
            zlib.crc32(kind + body)
        kinds.append(kind)
        at += 12 + size
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"] and len(data) < 200


def test_a_picture_of_letters_packs_to_less_than_half_of_pygames_own_png() -> None:
    surface = pygame.Surface((640, 700))
    surface.fill((30, 28, 26))
    pygame.font.init()
    try:
        font = pygame.font.Font(None, 22)
        for row in range(30):
            surface.blit(font.render(f"Samnite A hits Retiarius B row {row}", True,
                                     (230, 220, 200)), (10, 22 * row))
    finally:
        pygame.font.quit()
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "x.png")
    ours = png.encode(640, 700, pygame.image.tobytes(surface, "RGBX"))
    assert len(ours) * 2 < len(buffer.getvalue())
    assert decoded(ours).get_size() == (640, 700)


@pytest.mark.parametrize(("width", "height", "size"), [(0, 1, 0), (2, 2, 15), (2, 2, 17)])
def test_pixels_that_do_not_fill_the_picture_are_refused(width: int, height: int,
                                                        size: int) -> None:
    with pytest.raises(ValueError, match="needs"):
        png.encode(width, height, bytes(size))


def test_a_rare_colour_as_near_to_two_kept_ones_is_drawn_as_the_commoner() -> None:
    greys = [(i, i, i) for i in range(2, 256)]  # 254, far from both reds
    colours = greys * 2 + [(100, 0, 0)] * 3 + [(102, 0, 0)] * 2 + [(101, 0, 0)]
    out = pixels(decoded(png.encode(len(colours), 1, rgbx(colours))))
    assert out[-1] == (100, 0, 0)
