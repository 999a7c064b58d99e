"""The builder's rows: a label with a value between "-" and "+", the value typed into
a field (a number) or chosen by the buttons (a stat, yes or no); and wrapped text
drawn in the room it has, line by line."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.ui.theme import Theme
from companion.ui.widgets.controls import Button, Ink, Label, TextField, wrap


class Row:
    """A label, "-", the value, "+". `step(n)` changes the value by n steps."""

    def __init__(self, theme: Theme, label: str, step: Callable[[int], None],
                 size: int = 17) -> None:
        self.theme = theme
        self.label = label
        self.size = size
        self._step = step
        self.minus = Button(theme, "-", lambda: self.step(-1), size=size)
        self.plus = Button(theme, "+", lambda: self.step(1), size=size)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.label_w = 0

    def step(self, n: int) -> None:
        self._step(n)

    def value_text(self) -> str:
        return ""

    def place(self, x: int, y: int, width: int, height: int, label_w: int) -> None:
        px = self.theme.px
        self.rect = pygame.Rect(x, y, width, height)
        self.label_w = label_w
        bw = px(34)
        left = x + label_w + px(6)
        self.minus.rect = pygame.Rect(left, y, bw, height)
        self.plus.rect = pygame.Rect(x + width - bw, y, bw, height)
        self._value_rect = pygame.Rect(left + bw + px(4), y,
                                       max(0, self.plus.rect.x - left - bw - px(8)), height)

    def draw(self, surface: pygame.Surface, ink: Ink, selected: bool) -> None:
        pal, px = self.theme.palette, self.theme.px
        if selected:
            pygame.draw.rect(surface, pal.accent, pygame.Rect(
                self.rect.x - px(4), self.rect.y, self.label_w + px(6), self.rect.height),
                border_radius=px(4))
        label = Label(self.theme, self.label, self.size, bold=selected)
        label.place(self.rect.x, self.rect.y, self.label_w, self.rect.height)
        ink.label(surface, label)
        ink.widget(surface, self.minus)
        ink.widget(surface, self.plus)
        self.draw_value(surface, ink)

    def draw_value(self, surface: pygame.Surface, ink: Ink) -> None:
        value = Label(self.theme, self.value_text(), self.size, bold=True, align="centre",
                      colour=self.theme.palette.luck, elide=True)
        value.place(self._value_rect.x, self._value_rect.y, self._value_rect.width,
                    self._value_rect.height)
        ink.label(surface, value)

    def handle(self, event: pygame.event.Event) -> bool:
        return self.minus.handle(event) or self.plus.handle(event)

    @property
    def focused(self) -> bool:
        return False

    def unfocus(self) -> None:
        """A row without a field has nothing to let go of."""


class ChoiceRow(Row):
    """A value chosen with "-" and "+" (the active stat; starred or not)."""

    def __init__(self, theme: Theme, label: str, value: Callable[[], str],
                 step: Callable[[int], None], size: int = 17) -> None:
        super().__init__(theme, label, step, size)
        self._value = value

    def value_text(self) -> str:
        return self._value()


class NumberRow(Row):
    """A whole number at least 0: "-" and "+", or typed into its field."""

    def __init__(self, theme: Theme, label: str, get: Callable[[], int],
                 put: Callable[[int], None], size: int = 17) -> None:
        super().__init__(theme, label, lambda n: put(max(0, get() + n)), size)
        self.get = get
        self.put = put
        self.field = TextField(theme, "0", lambda _t: self.unfocus(), size=size,
                               on_change=self._typed)
        self.field.text = str(get())

    def _typed(self, text: str) -> None:
        digits = text.strip()
        # ASCII digits only ("²" is a digit to str.isdigit, and not to int()), and few of
        # them: the file's own limits name a number too big.
        if digits.isascii() and digits.isdigit() and len(digits) <= 6:
            self.put(int(digits))

    def step(self, n: int) -> None:
        super().step(n)
        self.field.text = str(self.get())

    def sync(self) -> None:
        if not self.field.focused:
            self.field.text = str(self.get())

    def draw_value(self, surface: pygame.Surface, ink: Ink) -> None:
        self.sync()
        self.field.rect = pygame.Rect(self._value_rect)
        ink.widget(surface, self.field)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.field.handle(event):
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.field.select_all()  # a click on the number: typing replaces it
            return True
        return super().handle(event)

    @property
    def focused(self) -> bool:
        return self.field.focused

    def unfocus(self) -> None:
        self.field.focused = False
        self.sync()


def draw_lines(surface: pygame.Surface, ink: Ink, theme: Theme, text: str, x: int, y: int,
               width: int, bottom: int, size: int = 16,
               colour: tuple[int, int, int] | None = None) -> int:
    """`text` wrapped to `width`, one label a line, as many lines as fit above `bottom`
    (the last one shown cut after a word, whole on hover); the y below."""
    font = theme.fonts.get(size)
    lines = wrap(text, font, width) if text else []
    line_h = font.get_linesize()
    for i, line in enumerate(lines):
        if y + line_h > bottom:
            break
        last = y + 2 * line_h > bottom and i < len(lines) - 1
        shown = " ".join([line, *lines[i + 1:]]) if last else line
        y = ink.text(surface, shown, (x, y), width, size=size, colour=colour, wrap=False,
                     elide=True)
    return y
