"""The first tab of the right-hand panel while a set-up screen is shown: what the
screen sets up, in a few words, and the files opened last (click one to open it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

import pygame

from companion.files.pathwords import shown_path
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Button, Ink, Widget


def recent_files(files: Sequence[str], open_file: Callable[[Path], None]
                 ) -> list[tuple[str, Callable[[], None]]]:
    """The settings' recent files as the panel's buttons: each by its name (a path
    with none, `/`, by itself), each opening its file."""
    return [(shown_path(Path(f).name or f), partial(open_file, Path(f))) for f in files]


def middle_cuts(name: str) -> tuple[str, ...]:
    """Shorter forms of a file's name that keep its end, where names made on the same
    day differ ("bout begun 04 Dec 2026 21.03.11.json" to "bout … 21.03.11"), longest
    first: words are dropped from the middle, the first kept."""
    stem = name.removesuffix(".json")
    words = stem.split(" ")
    cuts = [stem] if stem != name else []
    cuts += [f"{words[0]} … {' '.join(words[-keep:])}" for keep in range(len(words) - 2, 0, -1)]
    return tuple(cuts)


class IntroPanel:
    title = "Arena"
    typing = False

    def __init__(self, theme: Theme, heading: str, paragraphs: Sequence[str],
                 files: Sequence[tuple[str, Callable[[], None]]] = ()) -> None:
        self.theme = theme
        self.heading = heading
        self.paragraphs = list(paragraphs)
        # A file's name is the player's: shortened to the panel's width, whole on hover.
        self.files = [Button(theme, name, run, size=16, elide=True, short=middle_cuts(name))
                      for name, run in files]
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.ink = Ink(theme)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def widgets(self) -> list[Widget]:
        return list(self.ink.drawn)

    def draw(self, surface: pygame.Surface) -> None:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        ink.clear()
        x, y = self.rect.x + px(20), self.rect.y + px(12)
        width = self.rect.width - px(40)
        y = ink.text(surface, self.heading, (x, y), width, size=28, bold=True)
        for paragraph in self.paragraphs:
            y = ink.text(surface, paragraph, (x, y + px(8)), width, colour=pal.text_dim)
        if not self.files:
            return
        y = ink.text(surface, "Recent files", (x, y + px(20)), width, size=20, bold=True)
        for button in self.files:
            height = button.needed_height() + px(8)
            if y + px(6) + height > self.rect.bottom:
                break  # the oldest go first: the panel shows what it can hold
            button.rect = pygame.Rect(x, y + px(6), width, height)
            ink.widget(surface, button)
            y = button.rect.bottom

    def handle(self, event: pygame.event.Event) -> bool:
        return any(button.handle(event) for button in self.files
                   if button.rect.bottom <= self.rect.bottom)
