"""Modal dialogs and the right-click menu.

A dialog sits over the window and takes every event until it closes: a title, lines of
text, an optional one-line field (for typed dice), and buttons, each with a key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import pygame

from companion.ui.theme import Theme
from companion.ui.widgets.controls import Button, Ink, Label, TextField, Widget, flow, wrap


@dataclass
class Choice:
    label: str
    key: int | None
    run: Callable[[], None]


# The keys' names as the status bar and the lists of keys write them.
KEY_WORDS = {"Escape": "Esc", "Return": "Enter"}


@dataclass
class Dialog:
    theme: Theme
    title: str
    lines: list[str]
    choices: list[Choice]
    field_hint: str | None = None  # when set, the dialog has a text field
    on_text: Callable[[str], None] | None = None
    # The text field's own button ("Save", "Open"), first of the buttons: a click
    # does what Enter in the field does.
    submit: str | None = None
    error: str = ""
    closed: bool = False
    width: int = 640
    text_field: TextField | None = None
    buttons: list[Button] = field(default_factory=list)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    ink: Ink | None = None
    _error_y: int = 0
    _columns: int = 1
    # The lines as shown: pages of columns of lines (one page, one column, mostly).
    _pages: list[list[list[str]]] = field(default_factory=list)
    page: int = 0

    def __post_init__(self) -> None:
        self.ink = Ink(self.theme)
        if self.field_hint is not None:
            self.text_field = TextField(self.theme, self.field_hint, self._submit, size=24)
            self.text_field.focused = True
            if self.submit is not None:
                field_ = self.text_field
                self.choices = [Choice(self.submit, pygame.K_RETURN,
                                       lambda: self._submit(field_.text)), *self.choices]
        self.buttons = [
            Button(self.theme, self._button_label(c), partial(self._choose, c), size=18)
            for c in self.choices
        ]

    @staticmethod
    def _button_label(choice: Choice) -> str:
        if choice.key is None:
            return choice.label
        name = pygame.key.name(choice.key).title()
        return f"{choice.label} ({KEY_WORDS.get(name, name)})"

    def _submit(self, text: str) -> None:
        if self.on_text is not None:
            self.on_text(text)

    def _choose(self, choice: Choice) -> None:
        choice.run()

    def close(self) -> None:
        self.closed = True

    @property
    def typing(self) -> bool:
        """It has a field, and so the keys type (see handle)."""
        return self.text_field is not None

    def layout(self, window: pygame.Rect) -> None:
        """As tall as its words wrap to; its buttons as wide as their labels, in as
        many rows as they take."""
        px = self.theme.px
        fonts = self.theme.fonts
        title = fonts.get(28, bold=True)
        body = fonts.get(20)
        # A list longer than the window (F1's keys at 200 %) goes in columns as wide as
        # the window, and where even three columns are too few, in pages (Page Down),
        # so that no line runs under the buttons or off the dialog.
        for self._columns in range(1, 4):
            width = (min(px(self.width), window.width - px(40)) if self._columns == 1
                     else window.width - px(40))
            inner = width - px(48)
            height = px(18) + len(wrap(self.title, title, inner)) * title.get_linesize() \
                + px(8)
            rows_h = flow(self.buttons, 0, 0, inner, px(44), px(12))
            rest = height + px(16) + rows_h + px(20) + (px(58) if self.text_field else 0)
            room = window.height - px(20) - rest - body.get_linesize()  # a page's line
            self._pages = self._paged(body, inner, max(room, body.get_linesize()))
            if len(self._pages) == 1:
                break
        self.page = min(self.page, len(self._pages) - 1)
        height += max(self._page_height(body, inner, p) for p in self._pages)
        if len(self._pages) > 1:
            height += body.get_linesize()
        height += px(16)
        if self.text_field:
            height += px(46) + px(12)
        if self.error:
            error = fonts.get(18, bold=True)
            height += len(wrap(self.error, error, inner)) * error.get_linesize() + px(8)
        height += rows_h + px(20)
        self.rect = pygame.Rect(0, 0, width, min(height, window.height - px(20)))
        self.rect.center = window.center
        top = self.rect.bottom - px(20) - rows_h
        flow(self.buttons, self.rect.x + px(24), top, inner, px(44), px(12))
        self._error_y = top
        if self.error:
            error = fonts.get(18, bold=True)
            self._error_y = top - px(8) - len(wrap(self.error, error, inner)) * \
                error.get_linesize()
        if self.text_field:
            self.text_field.rect = pygame.Rect(self.rect.x + px(24),
                                               self._error_y - px(12) - px(46), inner, px(46))

    def _column_width(self, inner: int) -> int:
        return (inner - self.theme.px(24) * (self._columns - 1)) // self._columns

    def _heights(self, body: pygame.font.Font, inner: int) -> list[int]:
        width = self._column_width(inner)
        return [len(wrap(line, body, width)) * body.get_linesize() for line in self.lines]

    def _paged(self, body: pygame.font.Font, inner: int, room: int) -> list[list[list[str]]]:
        """The lines in order, filling a column to `room` before the next, and the
        columns a page holds before the next page; a whole page's columns as even as
        the lines allow."""
        heights = self._heights(body, inner)
        total = sum(heights)
        # As even as may be: a column takes its share of what is left, within room.
        pages: list[list[list[str]]] = [[[]]]
        used = 0
        share = min(room, -(-total // self._columns)) if total else room
        for line, h in zip(self.lines, heights, strict=True):
            column = pages[-1][-1]
            if column and used + h > share:
                if len(pages[-1]) == self._columns:
                    pages.append([[]])
                    share = room
                else:
                    pages[-1].append([])
                used = 0
            pages[-1][-1].append(line)
            used += h
        return pages

    def _page_height(self, body: pygame.font.Font, inner: int,
                     page: list[list[str]]) -> int:
        width = self._column_width(inner)
        return max(sum(len(wrap(line, body, width)) for line in column)
                   for column in page) * body.get_linesize()

    def draw(self, surface: pygame.Surface) -> None:
        pal, px = self.theme.palette, self.theme.px
        self.layout(surface.get_rect())
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, pal.panel, self.rect, border_radius=px(10))
        pygame.draw.rect(surface, pal.accent, self.rect, px(3), border_radius=px(10))
        x, inner = self.rect.x + px(24), self.rect.width - px(48)
        ink = self.ink
        assert ink is not None
        ink.clear()
        y = ink.text(surface, self.title, (x, self.rect.y + px(18)), inner, size=28, bold=True)
        y += px(8)
        width = self._column_width(inner)
        pages = self._pages or [[self.lines]]
        bottom = y
        for i, column in enumerate(pages[min(self.page, len(pages) - 1)]):
            at = y
            for line in column:
                at = ink.text(surface, line, (x + i * (width + px(24)), at), width, size=20)
            bottom = max(bottom, at)
        if len(pages) > 1:
            ink.text(surface, f"Page {self.page + 1} of {len(pages)}: Page Down for the "
                     "next, Page Up for the one before", (x, bottom), inner, size=20,
                     colour=pal.accent)
        if self.text_field:
            ink.widget(surface, self.text_field)
        if self.error:
            ink.text(surface, self.error, (x, self._error_y), inner, size=18, bold=True,
                     colour=pal.bad)
        for button in self.buttons:
            ink.widget(surface, button)

    def widgets(self) -> list[Widget]:
        return list(self.ink.drawn) if self.ink is not None else []

    def handle(self, event: pygame.event.Event) -> bool:
        # The character of the key that opened the dialog never gets here: the window
        # drops a shortcut key's TEXTINPUT (App.handle). Text with no key press before
        # it (an input method, a paste) is typing, and goes to the field.
        field_ = self.text_field
        if field_ is not None:
            # The one field of a modal dialog always has the keys: a click beside it
            # must not leave the player typing into nothing, and Escape on an empty
            # field is the dialog's (Cancel), not the field's.
            field_.focused = True
            escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
            # Escape on an empty field, or on the text the dialog offered untouched
            # (all selected), is the dialog's Cancel; on typed text it clears it.
            untouched = not field_.text or field_.selected
            if event.type != pygame.MOUSEBUTTONDOWN and not (escape and untouched) \
                    and field_.handle(event):
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) \
                and len(self._pages) > 1:
            step = 1 if event.key == pygame.K_PAGEDOWN else -1
            self.page = (self.page + step) % len(self._pages)
            return True
        if event.type == pygame.MOUSEWHEEL and len(self._pages) > 1:
            self.page = max(0, min(len(self._pages) - 1, self.page - event.y))
            return True
        if event.type == pygame.KEYDOWN:
            for choice in self.choices:
                if choice.key == event.key:
                    choice.run()
                    return True
        for button in self.buttons:
            if button.handle(event):
                return True
        return True  # modal: nothing reaches the screen below


@dataclass
class ContextMenu:
    """A short list of actions at the mouse; click one or press its number."""

    theme: Theme
    pos: tuple[int, int]
    entries: list[tuple[str, Callable[[], None]]]
    closed: bool = False
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    labels: list[Label] = field(default_factory=list)
    typing = False  # no field: its keys are choices

    def _rows(self, surface_rect: pygame.Rect) -> list[pygame.Rect]:
        px = self.theme.px
        font = self.theme.fonts.get(18)
        width = max(font.size(f"9  {label}")[0] for label, _ in self.entries) + px(28)
        height = font.get_linesize() + px(12)
        self.rect = pygame.Rect(self.pos[0], self.pos[1], width, height * len(self.entries))
        self.rect.clamp_ip(surface_rect)
        return [pygame.Rect(self.rect.x, self.rect.y + i * height, width, height)
                for i in range(len(self.entries))]

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.theme.palette
        rows = self._rows(surface.get_rect())
        pygame.draw.rect(surface, pal.panel, self.rect)
        mouse = pygame.mouse.get_pos()
        self.labels = []
        for i, (row, (label, _)) in enumerate(zip(rows, self.entries, strict=True)):
            if row.collidepoint(mouse):
                pygame.draw.rect(surface, pal.accent, row)
            text = Label(self.theme, f"{i + 1}  {label}", 18)
            text.place(row.x + self.theme.px(12), row.y, row.width - self.theme.px(12),
                       row.height)
            text.draw(surface)
            self.labels.append(text)
        pygame.draw.rect(surface, pal.panel_edge, self.rect, 2)

    def widgets(self) -> list[Widget]:
        return list(self.labels)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.closed = True
            index = event.key - pygame.K_1
            if 0 <= index < len(self.entries):
                self.closed = True
                self.entries[index][1]()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            shown = pygame.display.get_surface()
            rows = self._rows(shown.get_rect() if shown is not None else self.rect)
            self.closed = True
            for row, (_, run) in zip(rows, self.entries, strict=True):
                if row.collidepoint(event.pos):
                    run()
            return True
        return event.type in (pygame.KEYUP, pygame.TEXTINPUT, pygame.MOUSEBUTTONUP)
