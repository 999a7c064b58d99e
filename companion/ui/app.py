"""The app window and its event loop."""

from __future__ import annotations

import pygame

from companion import APP_NAME
from companion.hexgrid import Board, Hex
from companion.ui.board_view import BoardView
from companion.ui.theme import Theme

DEFAULT_SIZE = (1280, 800)
MINIMUM_SIZE = (1024, 640)
PANEL_FRACTION = 0.38  # of the window's width, for the right-hand panel


class App:
    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, scale: float = 1.0) -> None:
        # Only the modules the app uses: the mixer would wake the sound system.
        pygame.display.init()
        pygame.font.init()
        self.window = pygame.Window(APP_NAME, size, resizable=True)
        self.window.minimum_size = MINIMUM_SIZE
        self.theme = Theme(scale=scale)
        self.board = Board()
        self.board_view = BoardView(self.board, self.theme)
        self.hover: Hex | None = None
        self.running = True
        self.frames_drawn = 0
        self._relayout()

    # --- layout -------------------------------------------------------------------
    def _relayout(self) -> None:
        width, height = self.window.size
        status_h = self.theme.px(36)
        panel_w = max(self.theme.px(360), round(width * PANEL_FRACTION))
        self.status_rect = pygame.Rect(0, height - status_h, width, status_h)
        self.panel_rect = pygame.Rect(width - panel_w, 0, panel_w, height - status_h)
        self.board_view.set_rect(pygame.Rect(0, 0, width - panel_w, height - status_h))

    # --- loop ---------------------------------------------------------------------
    def run(self, frames: int | None = None) -> int:
        """Run until closed; with `frames`, stop after drawing that many frames."""
        dirty = True
        while self.running:
            if dirty:
                self.draw()
                dirty = False
                if frames is not None and self.frames_drawn >= frames:
                    break
            # Sleep until something happens: no busy loop while idle.
            dirty = self.handle(pygame.event.wait()) or dirty
            for event in pygame.event.get():
                dirty = self.handle(event) or dirty
        return 0

    def handle(self, event: pygame.event.Event) -> bool:
        """Act on one event; True when the screen must be redrawn."""
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            self.running = False
            return False
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_q
            and event.mod & pygame.KMOD_CTRL
        ):
            self.running = False
            return False
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            self._relayout()
            return True
        if event.type == pygame.MOUSEMOTION:
            hover = self.board_view.hex_at(event.pos)
            if hover != self.hover:
                self.hover = hover
                return True
            return False
        return event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.VIDEOEXPOSE)

    # --- drawing ------------------------------------------------------------------
    def draw(self) -> None:
        surface = self.window.get_surface()
        surface.fill(self.theme.palette.background)
        self.board_view.draw(surface, self.hover)
        self._draw_panel(surface)
        self._draw_status(surface)
        self.window.flip()
        self.frames_drawn += 1

    def _draw_panel(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        pygame.draw.rect(surface, pal.panel, self.panel_rect)
        pygame.draw.line(
            surface, pal.panel_edge, self.panel_rect.topleft, self.panel_rect.bottomleft, px(2)
        )
        title = fonts.get(28, bold=True).render("Gladiators", True, pal.text)
        surface.blit(title, (self.panel_rect.x + px(20), self.panel_rect.y + px(18)))
        hint = fonts.get(18).render("No gladiators in the arena yet.", True, pal.text_dim)
        surface.blit(hint, (self.panel_rect.x + px(20), self.panel_rect.y + px(62)))

    def _draw_status(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        pygame.draw.rect(surface, pal.status, self.status_rect)
        where = f"Hex {self.board.to_label(self.hover)}" if self.hover else "Arena 10 x 12"
        text = fonts.get(18).render(f"{where}    Ctrl+Q quit", True, pal.text)
        surface.blit(text, text.get_rect(midleft=(px(14), self.status_rect.centery)))

    def close(self) -> None:
        self.window.destroy()
        pygame.font.quit()
        pygame.display.quit()
