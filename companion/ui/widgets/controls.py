"""Small widgets: labels, buttons, a one-line text field, a scrolling list.

Each widget owns a rect, draws itself, and takes events through `handle(event)`,
which returns True when the widget used the event (and so the screen changed).

Each also answers `fit()`: where its ink is, its whole text, what it shows, and whether
that text overflows its box. The window's fit check asks every widget drawn (never the
pixels), and the window shows the whole of a shortened text while the mouse is on it.
Free text is drawn through an `Ink`, which records each piece as a `Label`.

One long module: the basic widgets share the fitting helpers (wrap, shorten, best_label)
and the Fit record the fit test reads, which keeps every widget's text checked the same
way."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from companion.ui.record import Record
from companion.ui.text import drawable, typed
from companion.ui.theme import Colour, Theme

ELLIPSIS = "…"
# The most a field holds: one line, and a paste of a whole file must not make every
# frame measure it. Longer than any path or roll anyone types.
MAX_FIELD_TEXT = 1000


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Break `text` into lines no wider than `width` pixels; a word wider than a line
    (a long path) is broken too, after a "/" where it has one."""
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
            while font.size(line)[0] > width and len(line) > 1:
                head = _head(line, font, width)
                lines.append(head)
                line = line[len(head):]
        lines.append(line)
    return lines


def _head(text: str, font: pygame.font.Font, width: int) -> str:
    """The longest start of `text` that fits `width` (at least one character), ended
    after its last space or "/" when it has one."""
    fits = 1
    while fits < len(text) and font.size(text[:fits + 1])[0] <= width:
        fits += 1
    cut = max(text.rfind(" ", 0, fits), text.rfind("/", 0, fits))
    return text[:cut + 1] if cut > 0 else text[:fits]


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


def shorten(text: str, font: pygame.font.Font, width: int) -> str:
    """`text` in `width` pixels: whole, or cut after a whole word with an ellipsis (a
    single long word is cut inside). For text from the game (a name, a narration)
    whose whole shows on hover."""
    text = drawable(text)
    if font.size(text)[0] <= width:
        return text
    keep = _fitting(text, font, width, tail=False)
    cut = text[:keep]
    space = cut.rstrip().rfind(" ")
    if space > keep // 3:
        cut = cut[:space]
    return cut.rstrip(" ,;:-") + ELLIPSIS


class Fit(Record):
    """What a widget tells the fit check and the hover: its ink's box, its whole text,
    the text it shows, and whether that text overflows (is cut where it must not be,
    or does not fit its box)."""

    __slots__ = ("overflow", "px", "rect", "shown", "text")

    def __init__(self, rect: pygame.Rect, text: str = "", shown: str = "",
                 overflow: bool = False, px: int = 0) -> None:
        self.rect = rect
        self.text = text
        self.shown = shown
        self.overflow = overflow
        self.px = px  # the size of its letters as drawn, in pixels (0: it has no text)

    @property
    def shortened(self) -> bool:
        """Less than the whole shows: the hover shows the whole."""
        return self.shown != self.text


class Widget(Protocol):
    """Anything that draws in a box and answers for its text."""

    rect: pygame.Rect

    def fit(self) -> Fit: ...


def best_label(labels: Sequence[str], font: pygame.font.Font, width: int) -> tuple[str, bool]:
    """The first of `labels` (longest first) whose text fits `width`; (the shortest,
    False) when none does."""
    for label in labels:
        if font.size(label)[0] <= width:
            return label, True
    return labels[-1], False


# The widgets are plain classes, not dataclasses: every start makes these classes, and
# making a dataclass costs ~1 ms (its methods are compiled from text). They compare as
# themselves, as widgets on a screen should.
class Button:
    """A button with a label and, for narrow rooms, shorter labels that still say what
    it does (`short`, longest first: "Retrieve a weapon (R)", "Retrieve (R)")."""

    def __init__(self, theme: Theme, label: str, on_click: Callable[[], None],
                 rect: pygame.Rect | None = None, enabled: bool = True, selected: bool = False,
                 size: int = 18, short: tuple[str, ...] = (), elide: bool = False) -> None:
        self.theme = theme
        self.label = label
        self.on_click = on_click
        self.rect: pygame.Rect = pygame.Rect(0, 0, 0, 0) if rect is None else rect
        self.enabled = enabled
        self.selected = selected
        self.size = size
        self.short = short
        self.elide = elide  # a label from the player (a file's name): cut after a word

    @property
    def font(self) -> pygame.font.Font:
        return self.theme.fonts.get(self.size, bold=True)

    @property
    def pad(self) -> int:
        return self.theme.px(8)

    @property
    def labels(self) -> tuple[str, ...]:
        return (self.label, *self.short)

    def needed_width(self, shortest: bool = False) -> int:
        """The width its whole label needs (or its shortest, with `shortest`)."""
        label = self.labels[-1] if shortest else self.label
        return self.font.size(label)[0] + 2 * self.pad

    def needed_height(self) -> int:
        return self.font.get_linesize() + self.theme.px(8)

    def _shown(self) -> tuple[str, bool]:
        room = self.rect.width - 2 * self.pad
        shown, fits = best_label(self.labels, self.font, room)
        if not fits and self.elide:
            # The shortest form, cut: what keeps the part that tells buttons apart.
            return shorten(self.labels[-1], self.font, room), True
        return shown, fits

    def fit(self) -> Fit:
        shown, fits = self._shown()
        tall = self.font.get_height() <= self.rect.height
        # A button that cannot be pressed offers nothing on hover.
        whole = self.label if self.enabled else shown
        return Fit(pygame.Rect(self.rect), whole, shown, not (fits and tall),
                   self.font.point_size)

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.theme.palette
        fill = pal.accent if self.selected else pal.button
        if not self.enabled:
            fill = pal.panel
        radius = self.theme.px(6)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(surface, pal.panel_edge, self.rect, 1, border_radius=radius)
        font = self.font
        colour = pal.text if self.enabled else pal.text_dim
        shown, fits = self._shown()
        if not fits:
            shown = ellipsize(shown, font, self.rect.width - 2 * self.pad)
        text = font.render(shown, True, colour)
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


class TextField:
    """One line of typed text. Enter submits, Escape clears; it keeps the last
    message (an error or a result) to show under itself.

    Text comes as TEXTINPUT, after a key press or from an input method without one
    (a paste, a composed character); an input method's text still being composed
    comes as TEXTEDITING and is shown, not kept, until it is committed. Control
    characters in either are dropped: Enter, Tab and Backspace act as keys."""

    def __init__(self, theme: Theme, placeholder: str, on_submit: Callable[[str], None],
                 rect: pygame.Rect | None = None, text: str = "", focused: bool = False,
                 size: int = 20, on_change: Callable[[str], None] | None = None,
                 composing: str = "", short: tuple[str, ...] = (), selected: bool = False) -> None:
        self.theme = theme
        self.placeholder = placeholder
        self.on_submit = on_submit
        self.rect: pygame.Rect = pygame.Rect(0, 0, 0, 0) if rect is None else rect
        self.text = text
        self.focused = focused
        self.size = size
        self.on_change = on_change
        self.composing = composing  # an input method's text, not yet committed
        self.short = short  # shorter hints, for a narrow field
        self.selected = selected  # the whole text is selected (Ctrl+A): typing replaces it

    def select_all(self) -> None:
        self.selected = bool(self.text)

    def hint(self) -> tuple[str, bool]:
        """The hint shown in the empty field, and whether it fits."""
        font = self.theme.fonts.get(self.size)
        return best_label((self.placeholder, *self.short), font,
                          self.rect.width - 2 * self.theme.px(8))

    def set_text(self, text: str) -> None:
        self.text = text
        self.selected = False
        if self.on_change:
            self.on_change(text)

    def fit(self) -> Fit:
        font = self.theme.fonts.get(self.size)
        room = self.rect.width - 2 * self.theme.px(8)
        tall = font.get_height() <= self.rect.height
        if not self.text:
            # The hint is the window's own words: one of its forms must fit whole.
            shown, fits = self.hint()
            return Fit(pygame.Rect(self.rect), self.placeholder, shown, not (fits and tall),
                       font.point_size)
        shown = ellipsize(self.text, font, room)
        return Fit(pygame.Rect(self.rect), self.text, shown, not tall, font.point_size)

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
            label = font.render(ellipsize(self.hint()[0], font, room), True, pal.text_dim)
            surface.blit(label, label.get_rect(midleft=(x, mid)))
        elif self.focused:
            # The end of the text shows, where the typing goes on.
            shown = ellipsize_start(text + composing, font, room - self.theme.px(4))
            kept = shown[:max(0, len(shown) - len(composing))]
            label = font.render(kept, True, pal.text)
            if self.selected:
                pygame.draw.rect(surface, pal.accent, label.get_rect(midleft=(x, mid)))
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
            if added and self.selected:
                self.set_text(added[:MAX_FIELD_TEXT])
            elif added and len(self.text) < MAX_FIELD_TEXT:
                self.set_text((self.text + added)[:MAX_FIELD_TEXT])
            return True
        if event.type == pygame.TEXTEDITING:
            self.composing = typed(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.on_submit(self.text)
                return True
            ctrl = getattr(event, "mod", 0) & pygame.KMOD_CTRL
            if ctrl and event.key == pygame.K_a:
                self.select_all()
                return True
            if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                # Ctrl+Backspace, or on the whole text selected: all of it.
                self.set_text("" if self.selected or ctrl else self.text[:-1])
                return True
            if event.key == pygame.K_ESCAPE:
                if self.text:
                    self.set_text("")
                else:
                    self.focused = False
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                self.selected = False  # the selection goes; the typing goes on at the end
                return True
            # Printable keys arrive as TEXTINPUT; swallow their KEYDOWN so that
            # single-key shortcuts do not fire while typing.
            return bool(event.unicode and event.unicode.isprintable())
        return False


class ScrollList:
    """A list of rows with one selected; wheel or arrow keys move through it."""

    def __init__(self, theme: Theme, rows: Sequence[str] = (), rect: pygame.Rect | None = None,
                 selected: int = 0, top: int = 0, size: int = 18,
                 on_select: Callable[[int], None] | None = None,
                 highlight: int | None = None) -> None:
        self.theme = theme
        self.rows = rows
        self.rect: pygame.Rect = pygame.Rect(0, 0, 0, 0) if rect is None else rect
        self.selected = selected
        self.top = top
        self.size = size
        self.on_select = on_select
        self.highlight = highlight

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

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos) or not self.rows:
            return None
        index = self.top + (pos[1] - self.rect.y) // self.row_height
        return index if index < len(self.rows) else None

    def fit(self) -> Fit:
        """A list shows its rows shortened to its width; the hover shows a row whole
        (see `hover_fit`)."""
        return Fit(pygame.Rect(self.rect), overflow=self.row_height > self.rect.height,
                   px=self.theme.fonts.get(self.size).point_size)

    def hover_fit(self, pos: tuple[int, int]) -> Fit | None:
        index = self.row_at(pos)
        if index is None:
            return None
        font = self.theme.fonts.get(self.size)
        row = self.rows[index]
        shown = ellipsize(row, font, self.rect.width - self.theme.px(16))
        y = self.rect.y + (index - self.top) * self.row_height
        return Fit(pygame.Rect(self.rect.x, y, self.rect.width, self.row_height), row, shown,
                   px=font.point_size)


class Label:
    """Text in a box: one line, or wrapped (`wrap`) to the box's width.

    One line tries its text, then its `short` forms (longest first); the window's own
    words must fit whole in one of them. Text from the game (`elide`: a name, a
    narration) may be cut after a word, and shows whole on hover. Wrapped text
    overflows when a word is wider than the box, or when its lines are taller than a
    box of fixed height."""

    def __init__(self, theme: Theme, text: str, size: int = 18, bold: bool = False,
                 colour: tuple[int, int, int] | None = None, wrap: bool = False,
                 elide: bool = False, short: tuple[str, ...] = (), room: pygame.Rect | None = None,
                 fixed_height: bool = False, align: str = "left", rect: pygame.Rect | None = None,
                 lines: list[str] | None = None, overflow: bool = False) -> None:
        self.theme = theme
        self.text = text
        self.size = size
        self.bold = bold
        self.colour = colour
        self.wrap = wrap
        self.elide = elide
        self.short = short
        self.room: pygame.Rect = pygame.Rect(0, 0, 0, 0) if room is None else room
        self.fixed_height = fixed_height
        self.align = align  # or "centre", "right": within the room, on one line
        self.rect: pygame.Rect = pygame.Rect(0, 0, 0, 0) if rect is None else rect
        self.lines: list[str] = [] if lines is None else lines
        self.overflow = overflow

    @property
    def font(self) -> pygame.font.Font:
        return self.theme.fonts.get(self.size, bold=self.bold)

    def place(self, x: int, y: int, width: int | None = None, height: int | None = None) -> int:
        """Lay it out at (x, y) in `width` (None: as wide as it is) and, when given, a
        fixed `height`; return the y below it."""
        font = self.font
        line_h = font.get_linesize()
        natural = font.size(drawable(self.text))[0]
        room_w = natural if width is None else width
        self.overflow = False
        if self.wrap:
            self.lines = wrap(self.text, font, room_w) if self.text else []
            self.overflow = any(font.size(line)[0] > room_w for line in self.lines)
            ink_w = max((font.size(line)[0] for line in self.lines), default=0)
        else:
            shown, fits = best_label((drawable(self.text), *self.short), font, room_w)
            if not fits:
                if self.elide:
                    shown = shorten(self.text, font, room_w)
                else:
                    self.overflow = True
                    shown = ellipsize(shown, font, room_w)
            self.lines = [shown] if self.text else []
            ink_w = font.size(shown)[0]
        ink_h = len(self.lines) * line_h
        room_h = ink_h if height is None else height
        self.fixed_height = height is not None
        if height is not None and ink_h > height:
            self.overflow = True
        self.room = pygame.Rect(x, y, room_w, room_h)
        left = x
        if self.align == "centre":
            left = x + (room_w - ink_w) // 2
        elif self.align == "right":
            left = x + room_w - ink_w
        top = y if height is None else y + max(0, (height - ink_h) // 2)
        self.rect = pygame.Rect(left, top, ink_w, min(ink_h, room_h) if ink_h else 0)
        return y + room_h

    def draw(self, surface: pygame.Surface) -> None:
        font = self.font
        colour = self.colour or self.theme.palette.text
        y = self.rect.y
        for line in self.lines:
            if self.fixed_height and y + font.get_height() > self.room.bottom + 1:
                break
            surface.blit(font.render(line, True, colour), (self.rect.x, y))
            y += font.get_linesize()

    def fit(self) -> Fit:
        shown = " ".join(self.lines) if self.wrap else (self.lines[0] if self.lines else "")
        whole = " ".join(drawable(self.text).split()) if self.wrap else drawable(self.text)
        if self.wrap:
            shown = " ".join(shown.split())
        return Fit(pygame.Rect(self.rect), whole, shown, self.overflow, self.font.point_size)


class Ink:
    """Draws a screen's free text and widgets, and remembers what it drew this frame:
    the screen's `widgets()` for the fit check and the hover."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.drawn: list[Widget] = []

    def clear(self) -> None:
        self.drawn = []

    def widget(self, surface: pygame.Surface, widget: Widget) -> None:
        widget.draw(surface)  # type: ignore[attr-defined]
        self.drawn.append(widget)

    def text(self, surface: pygame.Surface, text: str, pos: tuple[int, int],
             width: int | None = None, *, size: int = 18, bold: bool = False,
             colour: tuple[int, int, int] | None = None, wrap: bool | None = None,
             elide: bool = False, short: tuple[str, ...] = (), height: int | None = None,
             align: str = "left") -> int:
        """Draw `text` at `pos` (wrapped to `width` unless `wrap` is False or no width
        is given); return the y below it."""
        label = Label(self.theme, text, size, bold, colour,
                      wrap=(width is not None) if wrap is None else wrap, elide=elide,
                      short=short, align=align)
        bottom = label.place(pos[0], pos[1], width, height)
        if text:
            label.draw(surface)
            self.drawn.append(label)
        return bottom

    def label(self, surface: pygame.Surface, label: Label) -> None:
        label.draw(surface)
        if label.text:
            self.drawn.append(label)


class Stepper:
    """A value between a "-" and a "+" button: "- luck 2 +"."""

    def __init__(self, theme: Theme, value: str, down: Callable[[], None],
                 up: Callable[[], None], size: int = 17) -> None:
        self.theme = theme
        self.value = value
        self.size = size
        self.minus = Button(theme, "-", down, size=size)
        self.plus = Button(theme, "+", up, size=size)
        self._rect = pygame.Rect(0, 0, 0, 0)

    @property
    def font(self) -> pygame.font.Font:
        return self.theme.fonts.get(self.size, bold=True)

    def _button_w(self) -> int:
        return max(self.minus.needed_width(), self.theme.px(34))

    def needed_width(self, shortest: bool = False) -> int:
        # Room for two digits more than now: the value changes as it is clicked.
        return 2 * self._button_w() + self.font.size(self.value + "00")[0]

    @property
    def rect(self) -> pygame.Rect:
        return self._rect

    @rect.setter
    def rect(self, rect: pygame.Rect) -> None:
        self._rect = pygame.Rect(rect)
        bw = self._button_w()
        self.minus.rect = pygame.Rect(rect.x, rect.y, bw, rect.height)
        self.plus.rect = pygame.Rect(rect.right - bw, rect.y, bw, rect.height)

    def _label(self) -> Label:
        label = Label(self.theme, self.value, self.size, bold=True,
                      colour=self.theme.palette.luck, align="centre")
        label.place(self.minus.rect.right, self._rect.y,
                    max(0, self.plus.rect.x - self.minus.rect.right), self._rect.height)
        return label

    def draw(self, surface: pygame.Surface) -> None:
        self.minus.draw(surface)
        self.plus.draw(surface)
        self._label().draw(surface)

    def fit(self) -> Fit:
        label = self._label()
        return Fit(pygame.Rect(self._rect), self.value, label.lines[0] if label.lines else "",
                   label.overflow or self.minus.fit().overflow, label.font.point_size)

    def handle(self, event: pygame.event.Event) -> bool:
        return self.minus.handle(event) or self.plus.handle(event)


class Flowing(Protocol):
    """What `flow` lays out: a box that knows the width it needs, whole and at its
    shortest."""

    rect: pygame.Rect

    def needed_width(self, shortest: bool = False) -> int: ...


class Control(Flowing, Protocol):
    """A widget in a row of buttons: it draws, takes clicks and answers for its text."""

    def fit(self) -> Fit: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def handle(self, event: pygame.event.Event) -> bool: ...


def flow(widgets: Sequence[Flowing], x: int, y: int, width: int, height: int, gap: int,
         ) -> int:
    """Lay buttons out left to right on as many rows as `width` takes: a row holds as
    many as fit at their shortest labels, each as wide as its whole label where the row
    has room, or shorter. Returns the y below the last row."""
    rows: list[list[Flowing]] = []
    used = 0
    for widget in widgets:
        least = min(width, widget.needed_width(shortest=True))
        if rows and rows[-1] and used + gap + least <= width:
            rows[-1].append(widget)
            used += gap + least
        else:
            rows.append([widget])
            used = least
    for i, row in enumerate(rows):
        lows = [min(width, w.needed_width(shortest=True)) for w in row]
        highs = [min(width, max(a, w.needed_width())) for a, w in zip(lows, row, strict=True)]
        spare = width - gap * (len(row) - 1) - sum(lows)
        want = sum(highs) - sum(lows)
        share = 1.0 if want <= spare else spare / want
        cx = x
        for widget, a, b in zip(row, lows, highs, strict=True):
            w = a + int((b - a) * share)
            widget.rect = pygame.Rect(cx, y, w, height)
            cx += w + gap
        if i < len(rows) - 1:
            y += height + gap
    return y + height if rows else y
