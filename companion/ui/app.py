"""The app window and its event loop."""

from __future__ import annotations

import pygame

from companion import APP_NAME
from companion.dice import DiceSource, SeededDice
from companion.hexgrid import Board, Hex
from companion.ui.board_view import BoardView
from companion.ui.side_panel import PanelView, SidePanel
from companion.ui.theme import Theme
from companion.ui.widgets import draw_text

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
        self.dice: DiceSource = SeededDice(None)
        self.panel = SidePanel(
            self.theme,
            [
                ("Arena", "F2", lambda: ArenaIntro(self.theme)),
                ("Dice", "F3", self._make_tray),
                ("Tables", "F4", self._make_browser),
            ],
        )
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
        self.panel.layout(self.panel_rect)

    def _make_tray(self) -> PanelView:
        from companion.ui.dice_tray import DiceTray

        return DiceTray(self.theme, self.dice)

    def _make_browser(self) -> PanelView:
        # Tables load on first use: opening the window does not wait for them.
        from companion.table_loader import load_tables
        from companion.ui.table_browser import TableBrowser

        return TableBrowser(self.theme, load_tables(), self.dice)

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
        if event.type == pygame.KEYDOWN and event.key in TAB_KEYS:
            self.panel.show(TAB_KEYS[event.key])
            return True
        if self.panel.handle(event):
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
        self.panel.draw(surface)

    def _draw_status(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        pygame.draw.rect(surface, pal.status, self.status_rect)
        where = f"Hex {self.board.to_label(self.hover)}" if self.hover else "Arena 10 x 12"
        keys = "F2 arena  F3 dice  F4 tables  Ctrl+Q quit"
        text = fonts.get(18).render(f"{where}    {keys}", True, pal.text)
        surface.blit(text, text.get_rect(midleft=(px(14), self.status_rect.centery)))

    def close(self) -> None:
        self.window.destroy()
        pygame.font.quit()
        pygame.display.quit()


TAB_KEYS = {pygame.K_F2: 0, pygame.K_F3: 1, pygame.K_F4: 2}


class ArenaIntro:
    """The arena tab before a skirmish is set up."""

    title = "Arena"
    typing = False

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        x, y = self.rect.x + px(20), self.rect.y + px(12)
        y = draw_text(surface, "Gladiators", fonts.get(28, bold=True), pal.text, (x, y))
        draw_text(
            surface,
            "No gladiators in the arena yet.",
            fonts.get(18),
            pal.text_dim,
            (x, y + px(8)),
            self.rect.width - px(40),
        )

    def handle(self, event: pygame.event.Event) -> bool:
        return False
