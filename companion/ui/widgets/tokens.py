"""Gladiator tokens and loose items, drawn by the project (no image files).

A token is a disc in its side's colour (the colour a side's name says, "red" red;
else Okabe-Ito colours, safe for colour-blind players) with the side's letter in a
badge, so that sides are told apart without colour too, the type's initials in the
middle, a white wedge on the facing hexside, a shield mark on the shield side and a
blade mark on the weapon side, a strength bar below, and marks for off balance and
entanglement.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from companion.core.hexgrid import Hex, Layout, neighbour
from companion.ui.theme import Colour, Theme

SIDE_COLOURS: tuple[Colour, ...] = (
    (0, 114, 178),  # blue
    (230, 159, 0),  # orange
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (86, 180, 233),  # sky blue
    (213, 94, 0),  # vermillion
)
# The colours side names say: a side called "red" is drawn red.
NAMED_COLOURS: dict[str, Colour] = {
    "red": (214, 52, 52), "blue": (0, 114, 178), "green": (0, 158, 115),
    "gold": (222, 172, 20), "yellow": (240, 228, 66), "orange": (230, 140, 0),
    "purple": (150, 90, 190), "violet": (150, 90, 190), "pink": (220, 120, 170),
    "white": (230, 230, 225), "black": (50, 50, 55), "grey": (140, 140, 140),
    "gray": (140, 140, 140), "brown": (150, 100, 60), "silver": (190, 195, 200),
}


def side_colour(side: str | None, index: int) -> Colour:
    """A side's colour: the one its name says ("Red", "the blue team"), else the
    palette's by the side's place."""
    words = (side or "").lower().replace("-", " ").replace("_", " ").split()
    for word in words:
        if word in NAMED_COLOURS:
            return NAMED_COLOURS[word]
    return SIDE_COLOURS[index % len(SIDE_COLOURS)]


@dataclass(frozen=True)
class TokenLook:
    """What a token shows; the arena screen fills it from the rules state."""

    hex: Hex
    facing: int
    initials: str
    side_index: int
    side_letter: str
    strength: int
    full_strength: int
    shield_dir: int | None  # direction of the hexside his shield covers
    weapon_dir: int | None
    off_balance: bool = False
    entangled: bool = False
    out: bool = False  # beaten, spared or killed
    active: bool = False
    colour: Colour | None = None  # the side's (side_colour); else by side_index


def _unit(layout: Layout, hex_: Hex, direction: int) -> tuple[float, float]:
    cx, cy = layout.hex_to_pixel(hex_)
    nx, ny = layout.hex_to_pixel(neighbour(hex_, direction))
    length = math.hypot(nx - cx, ny - cy)
    return (nx - cx) / length, (ny - cy) / length


def draw_token(surface: pygame.Surface, layout: Layout, look: TokenLook, theme: Theme,
               centre: tuple[float, float] | None = None) -> pygame.Rect:
    """Draw the token; return the box of what it drew (drawn unclipped), by which a
    part of the board painted again leaves out the tokens that do not reach it."""
    pal = theme.palette
    cx, cy = centre if centre is not None else layout.hex_to_pixel(look.hex)
    r = layout.size * 0.8
    colour = look.colour or SIDE_COLOURS[look.side_index % len(SIDE_COLOURS)]
    drawn: list[pygame.Rect] = []
    add = drawn.append
    if look.out:
        colour = tuple(c // 3 + 60 for c in colour)  # type: ignore[assignment]
    if look.active:
        add(pygame.draw.circle(surface, pal.hover, (cx, cy), r + max(3, r * 0.14)))
    add(pygame.draw.circle(surface, (20, 20, 24), (cx, cy), r + 2))
    add(pygame.draw.circle(surface, colour, (cx, cy), r))

    units: dict[int, tuple[float, float]] = {}  # a token asks for three directions

    def along(direction: int, dist: float, side: float = 0.0) -> tuple[float, float]:
        unit = units.get(direction)
        if unit is None:
            unit = units[direction] = _unit(layout, look.hex, direction)
        ux, uy = unit
        return cx + ux * dist - uy * side, cy + uy * dist + ux * side

    # Facing wedge: a bright arrowhead on the front hexside.
    tip = along(look.facing, r * 1.18)
    add(pygame.draw.polygon(
        surface, (250, 250, 250),
        [tip, along(look.facing, r * 0.62, r * 0.42), along(look.facing, r * 0.62, -r * 0.42)],
    ))
    add(pygame.draw.polygon(
        surface, (20, 20, 24),
        [tip, along(look.facing, r * 0.62, r * 0.42), along(look.facing, r * 0.62, -r * 0.42)],
        2,
    ))
    if look.shield_dir is not None:
        add(pygame.draw.circle(surface, (200, 205, 215), along(look.shield_dir, r * 0.86),
                               r * 0.2))
        add(pygame.draw.circle(surface, (20, 20, 24), along(look.shield_dir, r * 0.86),
                               r * 0.2, 2))
    if look.weapon_dir is not None:
        add(pygame.draw.line(surface, (235, 235, 240), along(look.weapon_dir, r * 0.55),
                             along(look.weapon_dir, r * 1.1), max(3, round(r * 0.12))))

    fonts = theme.fonts
    big = fonts.get(max(10, round(r * 0.8 / theme.scale)), bold=True)
    text = big.render(look.initials, True, (15, 15, 18))
    add(surface.blit(text, text.get_rect(center=(cx, cy))))
    small = fonts.get(max(8, round(r * 0.5 / theme.scale)), bold=True)
    if look.full_strength > 0:
        # His strength (or health) as a bar under the disc: what is left, in the
        # colour of how hurt he is, on the dark of what he has lost.
        share = max(0.0, min(1.0, look.strength / look.full_strength))
        bar = pygame.Rect(0, 0, round(r * 1.7), max(4, round(r * 0.2)))
        bar.midtop = (round(cx), round(cy + r * 0.98))
        add(pygame.draw.rect(surface, (20, 20, 24), bar.inflate(2, 2)))
        tone = pal.good if share > 0.66 else (pal.luck if share > 0.33 else pal.bad)
        filled = bar.copy()
        filled.width = round(bar.width * share)
        pygame.draw.rect(surface, (70, 70, 76), bar)
        if filled.width:
            pygame.draw.rect(surface, tone, filled)

    badge = small.render(look.side_letter, True, (255, 255, 255))
    box = badge.get_rect(center=(cx - r * 0.78, cy - r * 0.72)).inflate(6, 2)
    add(pygame.draw.rect(surface, (20, 20, 24), box, border_radius=3))
    add(surface.blit(badge, badge.get_rect(center=box.center)))

    if look.off_balance:
        mark = small.render("!", True, (20, 20, 24))
        spot = (cx + r * 0.8, cy - r * 0.72)
        add(pygame.draw.circle(surface, pal.luck, spot, r * 0.26))
        add(surface.blit(mark, mark.get_rect(center=spot)))
    if look.entangled:
        for k in (-0.5, 0.0, 0.5):
            add(pygame.draw.line(surface, (30, 30, 30), (cx - r * 0.7, cy + r * k - r * 0.35),
                                 (cx + r * 0.7, cy + r * k + r * 0.35), 2))
            add(pygame.draw.line(surface, (30, 30, 30), (cx - r * 0.7, cy + r * k + r * 0.35),
                                 (cx + r * 0.7, cy + r * k - r * 0.35), 2))
    if look.out:
        add(pygame.draw.line(surface, pal.bad, (cx - r * 0.6, cy - r * 0.6),
                             (cx + r * 0.6, cy + r * 0.6), 4))
        add(pygame.draw.line(surface, pal.bad, (cx - r * 0.6, cy + r * 0.6),
                             (cx + r * 0.6, cy - r * 0.6), 4))
    return drawn[0].unionall(drawn[1:])


def draw_item(surface: pygame.Surface, layout: Layout, hex_: Hex, label: str, slot: int,
              theme: Theme) -> pygame.Rect:
    """A loose item: a small tag in a corner of its hex (several share a hex); the
    box of the tag."""
    cx, cy = layout.hex_to_pixel(hex_)
    corners = layout.hex_corners(hex_)
    corner = corners[(slot + 1) % 6]
    x, y = cx + (corner[0] - cx) * 0.55, cy + (corner[1] - cy) * 0.55
    font = theme.fonts.get(max(8, round(layout.size * 0.28 / theme.scale)), bold=True)
    text = font.render(label, True, (20, 20, 20))
    box = text.get_rect(center=(x, y)).inflate(6, 2)
    pygame.draw.rect(surface, (240, 232, 200), box, border_radius=4)
    pygame.draw.rect(surface, (60, 50, 30), box, 1, border_radius=4)
    surface.blit(text, text.get_rect(center=box.center))
    return box
