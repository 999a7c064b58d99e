"""The right-hand panel's first tab while the Grimdark set-up is shown: lines the
screen gives each frame (the chosen gladiator, the builder's check, what a paste
read), drawn wrapped, top to bottom, as many as the panel holds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from companion.ui.theme import Theme
from companion.ui.widgets.controls import Ink, Widget


@dataclass(frozen=True)
class Line:
    text: str
    kind: str = "text"  # "heading", "text", "dim", "bad", "good"


class LinesPanel:
    title = "Arena"
    typing = False

    def __init__(self, theme: Theme, lines: Callable[[], list[Line]]) -> None:
        self.theme = theme
        self.lines = lines
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.ink = Ink(theme)
        self.top = 0  # lines scrolled past (the mouse wheel)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def widgets(self) -> list[Widget]:
        return list(self.ink.drawn)

    def draw(self, surface: pygame.Surface) -> None:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        ink.clear()
        x, y = self.rect.x + px(20), self.rect.y + px(12)
        width = self.rect.width - px(40)
        colours = {"dim": pal.text_dim, "bad": pal.bad, "good": pal.good, "heading": pal.text}
        lines = self.lines()
        self.top = max(0, min(self.top, len(lines) - 1))
        for i, line in enumerate(lines[self.top:]):
            heading = line.kind == "heading"
            size = 24 if heading and i == 0 else 20 if heading else 17
            font = self.theme.fonts.get(size, bold=heading)
            gap = px(10) if heading and i else px(3)
            from companion.ui.widgets.controls import wrap

            height = len(wrap(line.text, font, width)) * font.get_linesize()
            if y + gap + height > self.rect.bottom - px(4):
                rest = len(lines) - self.top - i
                more = f"{rest} more line{'s' if rest != 1 else ''}: scroll with the mouse wheel"
                more_font = self.theme.fonts.get(16)
                if y + more_font.get_linesize() <= self.rect.bottom - px(2):
                    ink.text(surface, more, (x, y), width, size=16, colour=pal.text_dim)
                break
            y = ink.text(surface, line.text, (x, y + gap), width, size=size, bold=heading,
                         colour=colours.get(line.kind, pal.text))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.top = max(0, self.top - event.y * 3)
            return True
        return False
