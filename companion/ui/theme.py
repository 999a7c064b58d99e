"""Colours, sizes and fonts: readable across a table (large, high contrast)."""

from __future__ import annotations

import pygame

from companion import paths
from companion.ui.text import SafeFont

Colour = tuple[int, int, int]
MIN_TEXT = 14  # pixels at 100 %: nothing smaller is read across a table


# Plain classes, not dataclasses: making a dataclass costs about a millisecond, the
# 19-colour palette several, and these are made at every start.
class Palette:
    """The colours, read-only: one palette for every theme."""

    __slots__ = ()

    background: Colour = (24, 26, 31)
    panel: Colour = (34, 37, 44)
    panel_edge: Colour = (70, 76, 88)
    text: Colour = (236, 236, 232)
    text_dim: Colour = (160, 165, 175)
    sand: Colour = (196, 170, 122)  # the arena floor
    sand_alt: Colour = (186, 160, 112)
    hex_edge: Colour = (92, 76, 52)
    hover: Colour = (255, 226, 120)
    label: Colour = (222, 206, 170)
    status: Colour = (18, 19, 23)
    accent: Colour = (52, 101, 164)
    button: Colour = (58, 63, 74)
    field: Colour = (26, 28, 33)
    good: Colour = (110, 200, 120)
    bad: Colour = (235, 100, 90)
    luck: Colour = (240, 196, 60)
    die: Colour = (245, 245, 240)
    die_text: Colour = (20, 20, 20)


class Fonts:
    """Fonts by pixel size, loaded once each from the shipped DejaVu Sans. Each is a
    `SafeFont`: every piece of text the window draws goes through one, so no text, typed
    or read from a file, can make a frame raise."""

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font of `size` pixels at 100 % (never under MIN_TEXT), at the scale."""
        px = round(max(size, MIN_TEXT) * self.scale)
        key = (px, bold)
        if key not in self._cache:
            self._cache[key] = SafeFont(paths.font_path(bold), px)
        return self._cache[key]


class Theme:
    def __init__(self, scale: float = 1.0, palette: Palette | None = None,
                 fonts: Fonts | None = None) -> None:
        self.scale = scale
        self.palette = Palette() if palette is None else palette
        self.fonts = Fonts() if fonts is None else fonts
        self.fonts.scale = scale

    def set_scale(self, scale: float) -> None:
        """Every widget holds this one Theme, so they all follow the new scale."""
        self.scale = scale
        self.fonts = Fonts(scale=scale)

    def px(self, value: float) -> int:
        return round(value * self.scale)
