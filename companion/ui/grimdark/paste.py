"""Pasting a forum sheet: a text area that takes the clipboard (Ctrl+V) or typing, and
reads what it holds as a Grimdark gladiator (forum.read_forum). The lines that cannot
be read are named with their numbers, which the text area shows beside each line;
a sheet that reads opens in the builder."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.forum import MAX_TEXT, ForumError, read_forum
from companion.rulesets.grimdark.sheet import Gladiator
from companion.ui import keys
from companion.ui.grimdark.keys import PASTE
from companion.ui.grimdark.panel import Line
from companion.ui.text import typed
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Button, Fit, Ink, ellipsize, flow

_LINE = re.compile(r"line (\d+):")
# F1's list, from the one key map.
KEYS = tuple(keys.screen_lines(PASTE))


def clipboard_text() -> str:
    """What the clipboard holds as text; "" where the system lends none."""
    with contextlib.suppress(pygame.error, AttributeError):
        text = pygame.scrap.get_text()
        return text if isinstance(text, str) else ""
    return ""


def to_clipboard(text: str) -> bool:
    """Put text on the clipboard; False where the system does not allow it."""
    with contextlib.suppress(pygame.error, AttributeError):
        pygame.scrap.put_text(text)
        return True
    return False


@dataclass
class TextArea:
    """Several lines of text, each numbered in a gutter on the left. Enter breaks a
    line, Backspace takes a character back (Ctrl+Backspace: everything), Ctrl+V pastes
    the clipboard, Escape lets go of the keyboard; the wheel scrolls."""

    theme: Theme
    placeholder: str
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    text: str = ""
    focused: bool = False
    size: int = 16
    numbered: bool = True
    top: int = 0  # the first line shown
    limit: int = MAX_TEXT
    on_change: Callable[[str], None] | None = None
    marked: set[int] = field(default_factory=set)  # line numbers (from 1) shown in red

    @property
    def font(self) -> pygame.font.Font:
        return self.theme.fonts.get(self.size)

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    @property
    def visible(self) -> int:
        return max(1, (self.rect.height - self.theme.px(8)) // self.font.get_linesize())

    def set_text(self, text: str) -> None:
        self.text = text.replace("\r\n", "\n").replace("\r", "\n")[:self.limit]
        self.show_end()
        if self.on_change is not None:
            self.on_change(self.text)

    def add(self, text: str) -> None:
        self.set_text(self.text + text)

    def show_end(self) -> None:
        self.top = max(0, len(self.lines) - self.visible)

    def fit(self) -> Fit:
        # Its lines are cut to its width and scroll: the box is what must fit.
        return Fit(pygame.Rect(self.rect), px=self.font.point_size)

    def draw(self, surface: pygame.Surface) -> None:
        pal, px = self.theme.palette, self.theme.px
        font = self.font
        pygame.draw.rect(surface, pal.field, self.rect, border_radius=px(4))
        edge = pal.accent if self.focused else pal.panel_edge
        pygame.draw.rect(surface, edge, self.rect, px(2), border_radius=4)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-px(4), -px(4)))
        lines = self.lines
        gutter = font.size("0000")[0] + px(10) if self.numbered else px(8)
        y = self.rect.y + px(4)
        if not self.text:
            hint = font.render(ellipsize(self.placeholder, font, self.rect.width - px(16)),
                               True, pal.text_dim)
            surface.blit(hint, (self.rect.x + px(8), y))
        else:
            room = self.rect.width - gutter - px(8)
            for number in range(self.top, min(len(lines), self.top + self.visible)):
                if self.numbered:
                    bad = number + 1 in self.marked
                    num = font.render(str(number + 1), True, pal.bad if bad else pal.text_dim)
                    surface.blit(num, (self.rect.x + gutter - px(6) - num.get_width(), y))
                text = font.render(ellipsize(lines[number], font, room), True, pal.text)
                surface.blit(text, (self.rect.x + gutter, y))
                y += font.get_linesize()
        if self.focused:
            last = min(len(lines), self.top + self.visible) - 1
            cy = self.rect.y + px(4) + max(0, last - self.top) * font.get_linesize()
            end = font.size(ellipsize(lines[-1], font, self.rect.width - gutter - px(8)))[0]
            cx = self.rect.x + gutter + end + px(2) if self.text else self.rect.x + px(8)
            if last == len(lines) - 1:
                pygame.draw.line(surface, pal.text, (cx, cy), (cx, cy + font.get_height()), 2)
        surface.set_clip(clip)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = bool(self.rect.collidepoint(event.pos))
            return self.focused
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                most = max(0, len(self.lines) - self.visible)
                self.top = max(0, min(most, self.top - event.y * 3))
                return True
            return False
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.add(typed(event.text))
            return True
        if event.type != pygame.KEYDOWN:
            return event.type == pygame.TEXTEDITING
        ctrl = getattr(event, "mod", 0) & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_v:
            self.paste()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not ctrl:
            self.add("\n")
            return True
        if event.key == pygame.K_BACKSPACE:
            self.set_text("" if ctrl else self.text[:-1])
            return True
        if event.key == pygame.K_ESCAPE:
            self.focused = False
            return True
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = self.visible if event.key == pygame.K_PAGEDOWN else -self.visible
            self.top = max(0, min(max(0, len(self.lines) - self.visible), self.top + step))
            return True
        # Printable keys come as TEXTINPUT; their KEYDOWN is swallowed so that no
        # shortcut fires while typing. Ctrl and F-keys pass on.
        return bool(event.unicode and event.unicode.isprintable() and not ctrl)

    def paste(self) -> None:
        """The clipboard's text, added where the typing is (at the end)."""
        self.add(clipboard_text())


class PasteView:
    """The paste: the text area, what reading it found, and the way back."""

    def __init__(self, theme: Theme, data: GrimdarkData,
                 done: Callable[[Gladiator | None, list[str]], None]) -> None:
        self.theme = theme
        self.data = data
        self.done = done
        self.area = TextArea(theme, "Paste a gladiator's sheet here (Ctrl+V), as posted in "
                             "the roster thread", focused=True)
        self.area.on_change = self._changed
        self.problems: list[str] = []
        self.message_for_screen = ""
        self.read_once = False
        b = theme
        self.buttons = {
            "paste": Button(b, "Paste from the clipboard (Ctrl+V)", self.area.paste, size=17,
                            short=("Paste (Ctrl+V)",)),
            "read": Button(b, "Read the sheet (Ctrl+R)", self.read, size=17, selected=True,
                           short=("Read (Ctrl+R)",)),
            "back": Button(b, "Back to the roster (Esc)", self.back, size=17,
                           short=("Back (Esc)",)),
        }
        self.rect = pygame.Rect(0, 0, 0, 0)

    def _changed(self, _text: str) -> None:
        self.problems = []
        self.area.marked = set()
        self.read_once = False

    @property
    def typing(self) -> bool:
        return self.area.focused

    def unfocus(self) -> None:
        self.area.focused = False

    def keys(self) -> list[str]:
        return list(KEYS)

    def status(self) -> str:
        return "Ctrl+V paste  Ctrl+R read  Esc back  F1 keys"

    def read(self) -> None:
        try:
            found = read_forum(self.area.text, self.data)
        except ForumError as err:
            self.problems = list(err.problems)
            self.read_once = True
            self.area.marked = {int(line.group(1)) for p in self.problems
                                if (line := _LINE.match(p))}
            return
        self.done(found.gladiator, found.notes)

    def back(self) -> None:
        self.done(None, [])

    def panel_lines(self) -> list[Line]:
        lines = [Line("Forum sheet", "heading")]
        if self.problems:
            n = len(self.problems)
            lines.append(Line(f"{n} problem{'s' if n != 1 else ''}; nothing is imported until "
                              "every line reads", "bad"))
            lines += [Line(p[0].upper() + p[1:], "bad") for p in self.problems]
            return lines
        lines += [
            Line("Paste the post whole: the sheet and the story around it. The story "
                 "becomes his description.", "dim"),
            Line("A sheet has a name ([ic=Name] or a first line in bold, or 'Name: ...'), "
                 "the four stats ('Brutality: 6'), and may have Fame, Record, 'Abilities:', "
                 "'Moves:' and 'Weapons:' lists ('Flurry of Blows x5', 'Oversized "
                 "greataxe (Heavy crushing tenacious melee)').", "dim"),
            Line("A line such as 'Veteran: 1 Fame and 4 wins (d6: 4)' keeps a roll made "
                 "before; without it, Veteran is rolled as he is saved.", "dim"),
            Line("Case, spacing, bullets and BBCode tags do not matter.", "dim")]
        return lines

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        px = self.theme.px
        x, w = rect.x + px(20), rect.width - px(40)
        y = rect.y + px(12) + self.theme.fonts.get(28, bold=True).get_linesize() + px(6)
        self._text_y = y
        y += self.theme.fonts.get(17).get_linesize() + px(8)
        buttons = list(self.buttons.values())
        rows_h = flow(buttons, x, 0, w, px(40), px(8))
        message_h = self.theme.fonts.get(17, bold=True).get_linesize() + px(8)
        bottom = rect.bottom - px(10) - message_h - rows_h - px(8)
        self.area.rect = pygame.Rect(x, y, w, max(px(80), bottom - y))
        flow(buttons, x, self.area.rect.bottom + px(8), w, px(40), px(8))
        self._message_y = self.area.rect.bottom + px(8) + rows_h + px(6)

    def draw(self, surface: pygame.Surface, ink: Ink) -> None:
        pal, px = self.theme.palette, self.theme.px
        x, w = self.rect.x + px(20), self.rect.width - px(40)
        ink.text(surface, "Paste a forum sheet", (x, self.rect.y + px(12)), w, size=28,
                 bold=True, wrap=False, short=("Forum sheet",))
        ink.text(surface, "Ctrl+V pastes the clipboard, or type; Ctrl+R reads the sheet.",
                 (x, self._text_y), w, size=17, colour=pal.text_dim, wrap=False,
                 short=("Ctrl+V pastes; Ctrl+R reads.", "Ctrl+V, then Ctrl+R"))
        ink.widget(surface, self.area)
        for button in self.buttons.values():
            ink.widget(surface, button)
        if self.problems:
            n = len(self.problems)
            text = (f"{n} problem{'s' if n != 1 else ''} (the panel lists "
                    f"{'them' if n != 1 else 'it'}): {self.problems[0]}")
            colour = pal.bad
        elif not self.area.text.strip():
            text, colour = "The box is empty: paste a sheet into it.", pal.text_dim
        else:
            lines = len(self.area.lines)
            text = f"{lines} line{'s' if lines != 1 else ''} pasted: Ctrl+R reads them."
            colour = pal.text_dim
        room = self.rect.bottom - self._message_y - px(4)
        ink.text(surface, text, (x, self._message_y), w, size=17, bold=True, colour=colour,
                 height=max(0, room), wrap=False, elide=True)

    def handle(self, event: pygame.event.Event) -> bool:
        done = keys.screen_action(PASTE, event) if event.type == pygame.KEYDOWN else None
        if done == "read":
            self.read()
            return True
        if done == "paste":
            self.area.paste()
            self.area.focused = True
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            for button in self.buttons.values():
                if button.handle(event):
                    return True
        if self.area.handle(event):
            return True
        if done == "back":
            self.back()
            return True
        if done == "clear":
            self.area.set_text("")
            return True
        return False
