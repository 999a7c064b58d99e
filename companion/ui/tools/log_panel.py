"""The first tab of the right-hand panel during a session: what happened, newest last,
in the words of the system's narrator.

`LogPanel` is the whole tab for a system with no panel of its own (the battle system);
the skirmish's panel builds on it, with the gladiators' cards and the odds card above
the log.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.session.session import Session
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Ink, Widget, wrap


class LogPanel:
    title = "Arena"
    typing = False

    def __init__(self, theme: Theme, session: Session,
                 lines: Callable[[], list[str]] | None = None) -> None:
        self.theme = theme
        self.session = session
        # Whose words: the session's whole log unless the screen says otherwise.
        self.lines = lines or (lambda: session.log)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.ink = Ink(theme)
        # Wrapped lines, remembered: old log lines are wrapped once, not every frame.
        self._wrapped: dict[tuple[str, int, int], list[str]] = {}

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._wrapped.clear()

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def widgets(self) -> list[Widget]:
        return list(self.ink.drawn)

    def wrapped(self, text: str, font: pygame.font.Font, width: int) -> list[str]:
        key = (text, id(font), width)
        if key not in self._wrapped:
            self._wrapped[key] = wrap(text, font, width)
        return self._wrapped[key]

    def draw_log(self, surface: pygame.Surface, x: int, y: int, width: int,
                 title_size: int = 17, size: int = 15, bottom: int | None = None) -> None:
        """The title "Log", then as many of the newest lines as fit between `y` and
        `bottom` (the panel's foot unless told)."""
        pal, fonts, px, ink = self.theme.palette, self.theme.fonts, self.theme.px, self.ink
        foot = self.rect.bottom if bottom is None else bottom
        if y > foot - px(40):
            return
        y = ink.text(surface, "Log", (x, y), size=title_size, bold=True, colour=pal.text_dim)
        y += px(4)
        font = fonts.get(size)
        room = (foot - y - px(4)) // font.get_linesize()
        lines: list[str] = []
        for entry in reversed(self.lines()):
            lines[:0] = self.wrapped(entry, font, width)
            if len(lines) >= room:
                break
        # The newest lines that fit: older ones scrolled away, as in any log.
        for line in lines[-room:] if room > 0 else []:
            y = ink.text(surface, line, (x, y), width, size=size, wrap=False)

    def draw(self, surface: pygame.Surface) -> None:
        px = self.theme.px
        self.ink.clear()
        self.draw_log(surface, self.rect.x + px(14), self.rect.y + px(6),
                      self.rect.width - px(28), title_size=24, size=16)
