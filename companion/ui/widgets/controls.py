"""Small widgets: text, buttons, a one-line text field, a scrolling list.

Each widget owns a rect, draws itself, and takes events through `handle(event)`,
which returns True when the widget used the event (and so the screen changed).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from companion.ui.theme import Colour, Theme


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Break `text` into lines no wider than `width` pixels (long words stay whole)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def draw_text(
    surface: pygame.Surface,
    text: str,
    font: pygame.font.Font,
    colour: Colour,
    pos: tuple[int, int],
    width: int | None = None,
) -> int:
    """Draw (wrapped when `width` is given) text at `pos`; return the y below it."""
    x, y = pos
    for line in wrap(text, font, width) if width else [text]:
        surface.blit(font.render(line, True, colour), (x, y))
        y += font.get_linesize()
    return y


def ellipsize(text: str, font: pygame.font.Font, width: int) -> str:
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


@dataclass
class Button:
    theme: Theme
    label: str
    on_click: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    selected: bool = False
    size: int = 18

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.theme.palette
        fill = pal.accent if self.selected else pal.button
        if not self.enabled:
            fill = pal.panel
        radius = self.theme.px(6)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(surface, pal.panel_edge, self.rect, 1, border_radius=radius)
        font = self.theme.fonts.get(self.size, bold=True)
        colour = pal.text if self.enabled else pal.text_dim
        text = font.render(ellipsize(self.label, font, self.rect.width - 8), True, colour)
        surface.blit(text, text.get_rect(center=self.rect.center))

    def handle(self, event: pygame.event.Event) -> bool:
        if (
            self.enabled
            and event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.on_click()
            return True
        return False


@dataclass
class TextField:
    """One line of typed text. Enter submits, Escape clears; it keeps the last
    message (an error or a result) to show under itself."""

    theme: Theme
    placeholder: str
    on_submit: Callable[[str], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    text: str = ""
    focused: bool = False
    size: int = 20
    on_change: Callable[[str], None] | None = None

    def set_text(self, text: str) -> None:
        self.text = text
        if self.on_change:
            self.on_change(text)

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.theme.palette
        pygame.draw.rect(surface, pal.field, self.rect, border_radius=self.theme.px(4))
        edge = pal.accent if self.focused else pal.panel_edge
        pygame.draw.rect(surface, edge, self.rect, self.theme.px(2), border_radius=4)
        font = self.theme.fonts.get(self.size)
        shown = self.text or self.placeholder
        colour = pal.text if self.text else pal.text_dim
        pad = self.theme.px(8)
        label = font.render(ellipsize(shown, font, self.rect.width - 2 * pad), True, colour)
        surface.blit(label, label.get_rect(midleft=(self.rect.x + pad, self.rect.centery)))
        if self.focused:
            x = self.rect.x + pad + (font.size(self.text)[0] if self.text else 0) + 2
            top, bottom = self.rect.y + pad, self.rect.bottom - pad
            pygame.draw.line(surface, pal.text, (x, top), (x, bottom), 2)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # A click elsewhere only takes the focus away: the click is someone else's.
            self.focused = bool(self.rect.collidepoint(event.pos))
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.set_text(self.text + event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.on_submit(self.text)
                return True
            if event.key == pygame.K_BACKSPACE:
                self.set_text(self.text[:-1])
                return True
            if event.key == pygame.K_ESCAPE:
                if self.text:
                    self.set_text("")
                else:
                    self.focused = False
                return True
            # Printable keys arrive as TEXTINPUT; swallow their KEYDOWN so that
            # single-key shortcuts do not fire while typing.
            return bool(event.unicode and event.unicode.isprintable())
        return False


@dataclass
class ScrollList:
    """A list of rows with one selected; wheel or arrow keys move through it."""

    theme: Theme
    rows: Sequence[str] = ()
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    selected: int = 0
    top: int = 0
    size: int = 18
    on_select: Callable[[int], None] | None = None
    highlight: int | None = None

    @property
    def row_height(self) -> int:
        return self.theme.fonts.get(self.size).get_linesize() + self.theme.px(6)

    @property
    def visible(self) -> int:
        return max(1, self.rect.height // self.row_height)

    def select(self, index: int, notify: bool = True) -> None:
        if not self.rows:
            return
        self.selected = max(0, min(len(self.rows) - 1, index))
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.visible:
            self.top = self.selected - self.visible + 1
        if notify and self.on_select:
            self.on_select(self.selected)

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.theme.palette
        font = self.theme.fonts.get(self.size)
        pygame.draw.rect(surface, pal.field, self.rect)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        y = self.rect.y
        for i in range(self.top, min(len(self.rows), self.top + self.visible + 1)):
            row = pygame.Rect(self.rect.x, y, self.rect.width, self.row_height)
            if i == self.selected:
                pygame.draw.rect(surface, pal.accent, row)
            elif i == self.highlight:
                pygame.draw.rect(surface, pal.button, row)
            text = ellipsize(self.rows[i], font, self.rect.width - self.theme.px(16))
            label = font.render(text, True, pal.text)
            surface.blit(label, label.get_rect(midleft=(row.x + self.theme.px(8), row.centery)))
            y += self.row_height
        surface.set_clip(clip)
        pygame.draw.rect(surface, pal.panel_edge, self.rect, 1)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                most = max(0, len(self.rows) - self.visible)
                self.top = max(0, min(most, self.top - event.y * 3))
                return True
            return False
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.select(self.top + (event.pos[1] - self.rect.y) // self.row_height)
            return True
        return False

    def handle_key(self, key: int) -> bool:
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}
        if key in steps and self.rows:
            self.select(self.selected + steps[key])
            return True
        return False
