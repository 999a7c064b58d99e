"""The first tab during a battle-system duel: what happened, newest last."""

from __future__ import annotations

from typing import Any

import pygame

from companion.ui.theme import Theme
from companion.ui.widgets import draw_text, wrap


class LogPanel:
    title = "Arena"
    typing = False

    def __init__(self, theme: Theme, screen: Any) -> None:  # a SessionScreen
        self.theme = theme
        self.screen = screen
        self.rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        x, y = self.rect.x + px(14), self.rect.y + px(6)
        width = self.rect.width - px(28)
        y = draw_text(surface, "Log", fonts.get(24, bold=True), pal.text, (x, y))
        font = fonts.get(16)
        room = (self.rect.bottom - y - px(8)) // font.get_linesize()
        lines: list[str] = []
        for entry in reversed(self.screen.session.log):
            lines[:0] = wrap(entry, font, width)
            if len(lines) >= room:
                break
        for line in lines[-room:] if room > 0 else []:
            surface.blit(font.render(line, True, pal.text), (x, y))
            y += font.get_linesize()
