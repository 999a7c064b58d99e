"""Draw the app's icon: a hex of arena sand with two crossed swords over it, on the
window's dark ground, in the app's own colours (`companion.ui.theme`). Written as
PNGs of the sizes desktops ask for into assets/icons/ (`companion-<N>.png`).

    python tools/icon.py [FOLDER]

It is drawn once, large, and scaled down smoothly to each size, so that every size is
the same picture; run it again after changing the drawing and commit the PNGs (the app
and the desktop entry read them, not this script)."""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

SIZES = (16, 32, 48, 64, 128, 256)
BIG = 1024  # drawn at this size, then scaled down

# The theme's colours (companion/ui/theme.py), spelt out: the script imports nothing of
# the app.
GROUND = (24, 26, 31)
EDGE = (70, 76, 88)
SAND = (196, 170, 122)
SAND_DARK = (160, 134, 90)
HEX_EDGE = (92, 76, 52)
BLADE = (226, 230, 236)
BLADE_SHADE = (150, 158, 170)
HILT = (240, 196, 60)  # the luck dice's gold
GRIP = (120, 62, 40)
OUTLINE = (18, 19, 23)


def _hexagon(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """A hexagon with a flat top, as the arena's hexes stand."""
    return [(cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
            for a in range(0, 360, 60)]


def _along(angle: float, at: tuple[float, float], forward: float, side: float
           ) -> tuple[float, float]:
    """The point `forward` along a sword at `angle` from `at`, and `side` across it."""
    c, s = math.cos(angle), math.sin(angle)
    return at[0] + forward * c - side * s, at[1] + forward * s + side * c


def _sword(surface: pygame.Surface, angle: float, unit: float) -> None:
    """A gladius pointing at `angle` (radians; 0 is to the right) through the centre."""
    centre = (BIG / 2, BIG / 2)
    pommel = -0.40 * unit  # along the sword, from the centre
    guard = -0.22 * unit
    tip = 0.42 * unit
    half = 0.045 * unit  # the blade's half width

    def poly(points: list[tuple[float, float]], colour: tuple[int, int, int]) -> None:
        shape = [_along(angle, centre, f, s) for f, s in points]
        pygame.draw.polygon(surface, colour, shape)
        pygame.draw.polygon(surface, OUTLINE, shape, width=max(2, int(unit * 0.012)))

    # The blade: leaf-shaped, widest near the point, as a gladius is; a fuller down it.
    poly([(guard, -half), (tip - 0.12 * unit, -half * 1.15), (tip, 0),
          (tip - 0.12 * unit, half * 1.15), (guard, half)], BLADE)
    shade = [_along(angle, centre, f, s) for f, s in
             [(guard + 0.02 * unit, 0), (tip - 0.06 * unit, 0),
              (tip - 0.14 * unit, half * 0.9), (guard + 0.02 * unit, half * 0.9)]]
    pygame.draw.polygon(surface, BLADE_SHADE, shade)
    # The grip, the guard and the pommel.
    poly([(pommel, -half * 0.7), (guard, -half * 0.7), (guard, half * 0.7),
          (pommel, half * 0.7)], GRIP)
    poly([(guard - 0.03 * unit, -half * 2.6), (guard + 0.01 * unit, -half * 2.6),
          (guard + 0.01 * unit, half * 2.6), (guard - 0.03 * unit, half * 2.6)], HILT)
    knob = _along(angle, centre, pommel, 0)
    pygame.draw.circle(surface, HILT, knob, half * 1.6)
    pygame.draw.circle(surface, OUTLINE, knob, half * 1.6, width=max(2, int(unit * 0.012)))


def draw() -> pygame.Surface:
    surface = pygame.Surface((BIG, BIG), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    corner = BIG // 6
    pygame.draw.rect(surface, GROUND, (0, 0, BIG, BIG), border_radius=corner)
    pygame.draw.rect(surface, EDGE, (0, 0, BIG, BIG), width=BIG // 40, border_radius=corner)
    centre = BIG / 2
    pygame.draw.polygon(surface, SAND_DARK, _hexagon(centre, centre + BIG * 0.02, BIG * 0.40))
    pygame.draw.polygon(surface, SAND, _hexagon(centre, centre, BIG * 0.40))
    pygame.draw.polygon(surface, HEX_EDGE, _hexagon(centre, centre, BIG * 0.40),
                        width=BIG // 48)
    unit = BIG * 1.0
    _sword(surface, math.radians(-45), unit)   # from lower left to upper right
    _sword(surface, math.radians(-135), unit)  # from lower right to upper left
    return surface


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "assets/icons"
    folder.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    big = draw()
    for size in SIZES:
        small = pygame.transform.smoothscale(big, (size, size))
        pygame.image.save(small, str(folder / f"companion-{size}.png"))
        print(folder / f"companion-{size}.png")
    pygame.display.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
