"""The hex arena: hexes, edge labels, and the hex under the mouse."""

from __future__ import annotations

import pygame

from companion.core.hexgrid import Board, Hex, Layout, fit_layout, hex_to_offset
from companion.ui.theme import Theme


class BoardView:
    """Draws a Board into a rectangle. The static layer (floor, grid, labels) is
    drawn once per size and blitted; only the hover highlight is drawn each frame."""

    def __init__(self, board: Board, theme: Theme) -> None:
        self.board = board
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.layout: Layout | None = None
        self._layer: pygame.Surface | None = None

    def set_rect(self, rect: pygame.Rect) -> None:
        if rect == self.rect and self._layer is not None:
            return
        self.rect = pygame.Rect(rect)
        # Room around the hexes for the column letters and row numbers.
        margin = self.theme.px(34)
        self.layout = fit_layout(
            self.board, rect.width, rect.height, margin, left=rect.x, top=rect.y
        )
        self._layer = None

    def hex_at(self, pos: tuple[int, int]) -> Hex | None:
        if self.layout is None or not self.rect.collidepoint(pos):
            return None
        hex_ = self.layout.pixel_to_hex(*pos)
        return hex_ if self.board.contains(hex_) else None

    def draw(self, surface: pygame.Surface, hover: Hex | None) -> None:
        if self._layer is None:
            self._layer = self._draw_static()
        surface.blit(self._layer, self.rect.topleft)
        if hover is not None and self.layout is not None:
            corners = self.layout.hex_corners(hover)
            pygame.draw.polygon(surface, self.theme.palette.hover, corners, self.theme.px(3))

    def _draw_static(self) -> pygame.Surface:
        assert self.layout is not None
        pal = self.theme.palette
        layer = pygame.Surface(self.rect.size)
        layer.fill(pal.background)
        shift = (-self.rect.x, -self.rect.y)
        edge = max(1, self.theme.px(1.5))
        for hex_ in self.board.hexes():
            corners = [(x + shift[0], y + shift[1]) for x, y in self.layout.hex_corners(hex_)]
            col, _ = hex_to_offset(hex_)
            pygame.draw.polygon(layer, pal.sand if col % 2 == 0 else pal.sand_alt, corners)
            pygame.draw.polygon(layer, pal.hex_edge, corners, edge)
        self._draw_labels(layer, shift)
        return layer

    def _draw_labels(self, layer: pygame.Surface, shift: tuple[int, int]) -> None:
        assert self.layout is not None
        font = self.theme.fonts.get(max(12, min(22, round(self.layout.size * 0.45))), bold=True)
        colour = self.theme.palette.label
        size = self.layout.size
        for hex_ in self.board.hexes():
            col, row = hex_to_offset(hex_)
            label = self.board.to_label(hex_)
            x, y = self.layout.hex_to_pixel(hex_)
            x, y = x + shift[0], y + shift[1]
            letters, number = label[0], label[1:]
            if row == 0:
                _blit_centre(layer, font.render(letters, True, colour), (x, y - size * 1.25))
            if row == self.board.rows - 1:
                _blit_centre(layer, font.render(letters, True, colour), (x, y + size * 1.25))
            if col == 0:
                _blit_centre(layer, font.render(number, True, colour), (x - size * 1.45, y))
            if col == self.board.columns - 1:
                _blit_centre(layer, font.render(number, True, colour), (x + size * 1.45, y))


def _blit_centre(layer: pygame.Surface, text: pygame.Surface, centre: tuple[float, float]) -> None:
    layer.blit(text, text.get_rect(center=(round(centre[0]), round(centre[1]))))
