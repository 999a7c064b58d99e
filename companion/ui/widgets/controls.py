"""Small widgets: text, buttons, a one-line text field, a scrolling list.

Each widget owns a rect, draws itself, and takes events through `handle(event)`,
which returns True when the widget used the event (and so the screen changed).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from companion.ui.text import drawable, typed
from companion.ui.theme import Colour, Theme

ELLIPSIS = "…"
# The most a field holds: one line, and a paste of a whole file must not make every
# frame measure it. Longer than any path or roll anyone types.
MAX_FIELD_TEXT = 1000


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Break `text` into lines no wider than `width` pixels (long words stay whole)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in drawable(paragraph).split(" "):
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
    """Draw (wrapped when `width` is given) text at `pos`; return the y below it.
    What no font can draw (a NUL, a control character) is left out, whatever the font."""
    x, y = pos
    for line in wrap(text, font, width) if width else [drawable(text)]:
        surface.blit(font.render(line, True, colour), (x, y))
        y += font.get_linesize()
    return y


def _fitting(text: str, font: pygame.font.Font, width: int, *, tail: bool) -> int:
    """How many characters of `text` (from its start, or its end with `tail`) fit in
    `width` beside an ellipsis. Halving, not one by one: a long text is measured a
    dozen times a frame, not once per character."""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        part = text[len(text) - mid:] if tail else text[:mid]
        if font.size(part + ELLIPSIS)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def ellipsize(text: str, font: pygame.font.Font, width: int) -> str:
    """`text` as drawn in `width` pixels: whole, or its start and an ellipsis."""
    text = drawable(text)
    if font.size(text)[0] <= width:
        return text
    return text[:_fitting(text, font, width, tail=False)] + ELLIPSIS


def ellipsize_start(text: str, font: pygame.font.Font, width: int) -> str:
    """`text` in `width` pixels: whole, or an ellipsis and its end (a field being
    typed in shows the end, where the typing is)."""
    text = drawable(text)
    if font.size(text)[0] <= width:
        return text
    keep = _fitting(text, font, width, tail=True)
    return ELLIPSIS + text[len(text) - keep:]


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
    message (an error or a result) to show under itself.

    Text comes as TEXTINPUT, after a key press or from an input method without one
    (a paste, a composed character); an input method's text still being composed
    comes as TEXTEDITING and is shown, not kept, until it is committed. Control
    characters in either are dropped: Enter, Tab and Backspace act as keys."""

    theme: Theme
    placeholder: str
    on_submit: Callable[[str], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    text: str = ""
    focused: bool = False
    size: int = 20
    on_change: Callable[[str], None] | None = None
    composing: str = ""  # an input method's text, not yet committed

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
        pad = self.theme.px(8)
        room = self.rect.width - 2 * pad
        text, composing = drawable(self.text), drawable(self.composing)
        x, mid = self.rect.x + pad, self.rect.centery
        if not text and not composing:
            label = font.render(ellipsize(self.placeholder, font, room), True, pal.text_dim)
            surface.blit(label, label.get_rect(midleft=(x, mid)))
        elif self.focused:
            # The end of the text shows, where the typing goes on.
            shown = ellipsize_start(text + composing, font, room - self.theme.px(4))
            kept = shown[:max(0, len(shown) - len(composing))]
            label = font.render(kept, True, pal.text)
            surface.blit(label, label.get_rect(midleft=(x, mid)))
            x += label.get_width()
            if composing:
                part = font.render(shown[len(kept):], True, pal.hover)
                surface.blit(part, part.get_rect(midleft=(x, mid)))
                bottom = mid + font.get_height() // 2
                pygame.draw.line(surface, pal.hover, (x, bottom), (x + part.get_width(), bottom))
                x += part.get_width()
        else:
            label = font.render(ellipsize(text, font, room), True, pal.text)
            surface.blit(label, label.get_rect(midleft=(x, mid)))
        if self.focused:
            x = min(x + 2, self.rect.right - pad)
            top, bottom = self.rect.y + pad, self.rect.bottom - pad
            pygame.draw.line(surface, pal.text, (x, top), (x, bottom), 2)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # A click elsewhere only takes the focus away: the click is someone else's.
            self.focused = bool(self.rect.collidepoint(event.pos))
            if not self.focused:
                self.composing = ""
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.composing = ""
            added = typed(event.text)
            if added and len(self.text) < MAX_FIELD_TEXT:
                self.set_text((self.text + added)[:MAX_FIELD_TEXT])
            return True
        if event.type == pygame.TEXTEDITING:
            self.composing = typed(event.text)
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
