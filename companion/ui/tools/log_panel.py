"""The first tab of the right-hand panel during a session: what happened, newest last,
in the words of the system's narrator.

`LogPanel` is the whole tab for a system with no panel of its own (the battle system);
the skirmish's panel builds on it, with the gladiators' cards and the odds card above
the log.
"""

from __future__ import annotations

import pygame

from companion.session import Session
from companion.ui.theme import Theme
from companion.ui.widgets.controls import wrap


class LogPanel:
    title = "Arena"
    typing = False

    def __init__(self, theme: Theme, session: Session) -> None:
        self.theme = theme
        self.session = session
        self.rect = pygame.Rect(0, 0, 0, 0)
        # Wrapped lines, remembered: old log lines are wrapped once, not every frame.
        self._wrapped: dict[tuple[str, int, int], list[str]] = {}

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._wrapped.clear()

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def wrapped(self, text: str, font: pygame.font.Font, width: int) -> list[str]:
        key = (text, id(font), width)
        if key not in self._wrapped:
            self._wrapped[key] = wrap(text, font, width)
        return self._wrapped[key]

    def draw_log(self, surface: pygame.Surface, x: int, y: int, width: int,
                 title_size: int = 17, size: int = 15) -> None:
        """The title "Log", then as many of the newest lines as fit below `y`."""
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        if y > self.rect.bottom - px(40):
            return
        title = fonts.get(title_size, bold=True).render("Log", True, pal.text_dim)
        surface.blit(title, (x, y))
        y += title.get_height() + px(4)
        font = fonts.get(size)
        room = (self.rect.bottom - y - px(4)) // font.get_linesize()
        lines: list[str] = []
        for entry in reversed(self.session.log):
            lines[:0] = self.wrapped(entry, font, width)
            if len(lines) >= room:
                break
        for line in lines[-room:] if room > 0 else []:
            surface.blit(font.render(line, True, pal.text), (x, y))
            y += font.get_linesize()

    def draw(self, surface: pygame.Surface) -> None:
        px = self.theme.px
        self.draw_log(surface, self.rect.x + px(14), self.rect.y + px(6),
                      self.rect.width - px(28), title_size=24, size=16)
