"""The table browser: find a table, type a roll or press R to roll its dice; the entry
is highlighted in the table and shown as a card with its effects."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from companion.dice.sources import DiceSource
from companion.errors import UserError
from companion.tables.format import entry_line
from companion.tables.loader import TableSet
from companion.tables.lookup import QUICK_TABLES, quick_lookup
from companion.tables.model import Entry
from companion.tables.roll import TableRoll, roll_table
from companion.tables.table import Table
from companion.tables.words import browsing_order, entry_card, names_for, roll_words
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Button, ScrollList, TextField, draw_text, wrap

HINT = "s19 b25 p30 i44 f3 g8 6, a roll, or words to search"


class TableBrowser:
    title = "Tables"
    # The window's: each lookup rolled here goes to the roll log.
    on_roll: Callable[[TableRoll], None] | None = None

    def __init__(
        self,
        theme: Theme,
        tables: TableSet,
        dice: DiceSource,
        apply_targets: Callable[[], list[tuple[str, str]]] | None = None,
        on_apply: Callable[[str, str, list[Any], int | None], str] | None = None,
    ) -> None:
        self.theme = theme
        self.tables = tables
        self.dice = dice
        self.apply_targets = apply_targets
        self.on_apply = on_apply
        self.apply_buttons: list[Button] = []
        self.order = sorted(tables.tables.values(), key=browsing_order)
        self.field = TextField(theme, HINT, self._submit, on_change=self._typed,
                               short=("s19, b25, a roll or words", "s19 or words"))
        self.field.focused = True
        self.shown: list[Table] = list(self.order)  # the tables the list shows now
        self.table_list = ScrollList(
            theme, [self._table_row(t) for t in self.order], on_select=self._choose_table, size=16
        )
        self.entries = ScrollList(theme, size=16, on_select=self._choose_entry)
        self.dice_count = 3
        self.buttons = [
            Button(theme, "Roll (R)", self.roll, size=16),
            Button(theme, "-", lambda: self._step(-1), size=16),
            Button(theme, "+", lambda: self._step(1), size=16),
        ]
        self.table: Table = self.order[0]
        self.keys: tuple[int | str, ...] = ()
        self.entry: Entry | None = None
        self.last_roll: TableRoll | None = None
        self.message = ""
        self.message_is_error = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.select_table(
            self.tables.get("crit-slashing") if "crit-slashing" in tables.tables else self.order[0]
        )

    @staticmethod
    def _table_row(table: Table) -> str:
        # The title a player knows it by, and the letter that looks it up fast; the
        # file's id is for the command line.
        house = " (house)" if table.file.house else ""
        letter = next((k for k, v in QUICK_TABLES.items() if v == table.id), None)
        quick = f"  ({letter} + a roll)" if letter else ""
        return f"{table.title}{house}{quick}"

    # --- choosing -------------------------------------------------------------------
    def select_table(self, table: Table) -> None:
        self.table = table
        if table not in self.shown:
            self._show_tables(self.order)
        self.table_list.select(self.shown.index(table), notify=False)
        # The names its entries call other entries by, for its rows and its card.
        self.names = names_for(self.tables, table.file.system)
        self.entries.rows = [entry_line(e, table=table, names=self.names)
                             for e in table.entries]
        self.entries.selected, self.entries.top, self.entries.highlight = 0, 0, None
        self.entry, self.keys, self.last_roll = None, (), None

    def _choose_table(self, index: int) -> None:
        self.select_table(self.shown[index])
        self.message = ""

    def _show_tables(self, tables: list[Table]) -> None:
        self.shown = list(tables)
        self.table_list.rows = [self._table_row(t) for t in self.shown]
        self.table_list.top = 0

    def search(self, text: str) -> bool:
        """Words (not a roll): list the tables whose id, title or entries mention them,
        and show the first entry that does. False when nothing matches."""
        words = text.strip().lower()
        hits = [t for t in self.order if words in t.id or words in t.title.lower()
                or any(words in _entry_text(e) for e in t.entries)]
        if not hits:
            return False
        self._show_tables(hits)
        table = self.table if self.table in hits else hits[0]
        self.select_table(table)
        entry = next((e for e in table.entries if words in _entry_text(e)), None)
        if entry is not None:
            self.show_entry(entry, ())
        self.message = (f"{len(hits)} {'table mentions' if len(hits) == 1 else 'tables mention'}"
                        f" '{words}'")
        self.message_is_error = False
        return True

    def _choose_entry(self, index: int) -> None:
        self.entry = self.table.entries[index]
        self.keys = ()
        self.last_roll = None

    def show_entry(self, entry: Entry, keys: tuple[int | str, ...]) -> None:
        self.entry, self.keys = entry, keys
        index = self.table.entries.index(entry)
        self.entries.highlight = index
        self.entries.select(index)
        self.entry, self.keys = entry, keys  # select() cleared them via the callback

    def _typed(self, text: str) -> None:
        if not text.strip():
            self._show_tables(self.order)
            self.select_table(self.table)
            self.message = ""
            return
        if _WORDS.match(text) and self.table.axes[0].kind != "name" and self.search(text):
            return
        try:
            found = quick_lookup(text, self.tables, self.table.id)
        except UserError as err:
            self.message, self.message_is_error = str(err), True
            return
        self.message, self.message_is_error = "", False
        if found is None:
            return
        if found.table is not self.table:
            self.select_table(found.table)
        if found.entry is not None:
            self.show_entry(found.entry, found.keys)

    def _submit(self, text: str) -> None:
        self._typed(text)

    # --- rolling --------------------------------------------------------------------
    def _rollable(self) -> bool:
        return all(a.dice or a.kind == "range" for a in self.table.axes) and any(
            a.dice for a in self.table.axes
        )

    def _needs_count(self) -> str:
        axes = self.table.axes
        if any("{n}" in a.dice for a in axes):
            return "dice"
        if any(not a.dice and a.kind == "range" for a in axes):
            return next(a.name for a in axes if not a.dice)
        return ""

    def _step(self, step: int) -> None:
        self.dice_count = max(1, min(12, self.dice_count + step))

    def roll(self) -> None:
        need = self._needs_count()
        given: dict[str, int | str] = {need: self.dice_count} if need and need != "dice" else {}
        try:
            outcome = roll_table(
                self.tables,
                self.table.id,
                self.dice,
                dice=self.dice_count if need == "dice" else None,
                given=given,
            )
        except UserError as err:
            self.message, self.message_is_error = str(err), True
            return
        self.last_roll = outcome
        self.show_entry(outcome.entry, outcome.keys)
        self.last_roll = outcome
        if self.on_roll is not None:
            self.on_roll(outcome)
        faces = [f for r in outcome.records for f in r.faces]
        rolled = roll_words(faces, outcome.keys, outcome.table)
        self.message = rolled[:1].upper() + rolled[1:]
        self.message_is_error = False

    def apply(self, who: str) -> None:
        """Apply the entry shown to a gladiator of the session, through the session. A
        scar's sub-table die rolled here goes with it; one not rolled yet is rolled by
        the rules, with the session's dice, so it is journaled and undone with it."""
        if self.on_apply is None or self.entry is None:
            return
        keys = list(self.keys) or _first_keys(self.entry.key, len(self.table.axes))
        sub = self.last_roll.sub_entry if self.last_roll else None
        sub_key = sub.key if sub is not None and getattr(self.entry, "subtable", None) else None
        try:
            self.message = self.on_apply(who, self.table.id, keys, sub_key)
            self.message_is_error = False
        except UserError as err:
            self.message, self.message_is_error = str(err), True

    # --- layout and drawing ---------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        px, pad = self.theme.px, self.theme.px(12)
        x, y, w = rect.x + pad, rect.y + pad, rect.width - 2 * pad
        self.field.rect = pygame.Rect(x, y, w, px(38))
        y += px(46)
        self.table_list.rect = pygame.Rect(x, y, w, max(px(90), rect.height // 5))
        y = self.table_list.rect.bottom + px(8)
        roll, minus, plus = self.buttons
        roll.rect = pygame.Rect(x, y, px(110), px(34))
        minus.rect = pygame.Rect(x + w - px(34) * 2 - px(50), y, px(34), px(34))
        plus.rect = pygame.Rect(x + w - px(34), y, px(34), px(34))
        y += px(42)
        self.entries.rect = pygame.Rect(x, y, w, max(px(90), (rect.bottom - y) // 2 - px(8)))
        self._card_top = self.entries.rect.bottom + px(8)
        self._apply_y = rect.bottom - px(46)
        self._apply_x, self._apply_w = x, w

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        self.field.draw(surface)
        self.table_list.draw(surface)
        need = self._needs_count()
        for button in self.buttons[1:]:
            button.enabled = bool(need)
        # The dice count's - and + only where the table takes a count of dice.
        for button in self.buttons if need else self.buttons[:1]:
            button.draw(surface)
        if need:
            label = fonts.get(16, bold=True).render(f"{need} {self.dice_count}", True, pal.text)
            minus = self.buttons[1].rect
            surface.blit(label, label.get_rect(midright=(minus.x - px(8), minus.centery)))
        self._fit_card()
        self.entries.draw(surface)
        self._draw_card(surface)
        self._draw_apply(surface)

    def _draw_apply(self, surface: pygame.Surface) -> None:
        """'Apply to ...' buttons, one per gladiator of the duel being played."""
        targets = self.apply_targets() if self.apply_targets else []
        if not targets or self.entry is None:
            self.apply_buttons = []
            return
        px = self.theme.px
        width = (self._apply_w - px(8) * (len(targets) - 1)) // len(targets)
        self.apply_buttons = []
        for i, (who, name) in enumerate(targets):
            # Two buttons side by side: each keeps its gladiator's name, cut last.
            # Ctrl and his number applies it from the keyboard, the field keeping the
            # plain digits; the key is said where the room allows.
            button = Button(self.theme, f"Apply to {name} (Ctrl+{i + 1})",
                            partial(self.apply, who), size=16,
                            short=(f"Apply to {name}", f"To {name}"), elide=True)
            button.rect = pygame.Rect(self._apply_x + i * (width + px(8)), self._apply_y,
                                      width, px(36))
            button.draw(surface)
            self.apply_buttons.append(button)

    def _card_pieces(self) -> list[tuple[str, pygame.font.Font, Any, int]]:
        """The entry card's paragraphs, in order: text, font, colour and the gap above."""
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        pieces: list[tuple[str, pygame.font.Font, Any, int]] = []
        if self.message:
            colour = pal.bad if self.message_is_error else pal.hover
            pieces.append((self.message, fonts.get(16), colour, 0))
        if self.entry is None:
            pieces.append((f"{self.table.title}: {self.table.file.roll}. {HINT}.",
                           fonts.get(16), pal.text_dim, 0))
            return pieces
        text = entry_card(self.table, self.entry, self.keys, self.names)
        pieces.append((text.head, fonts.get(22, bold=True), pal.text, 0))
        if text.description:
            pieces.append((text.description, fonts.get(17), pal.text, 0))
        if text.facts:
            pieces.append((text.badges(), fonts.get(16, bold=True), pal.label, px(4)))
        pieces += [(f"• {effect}", fonts.get(16), pal.text, 0) for effect in text.effects]
        sub = self.last_roll.sub_entry if self.last_roll else None
        if sub is not None:
            pieces.append((f"Sub-table {sub.key}: {sub.description}", fonts.get(16),
                           pal.hover, px(4)))
        if text.house:
            pieces.append((text.house, fonts.get(14), pal.text_dim, px(4)))
        return pieces

    def _card_bottom(self) -> int:
        px = self.theme.px
        return self._apply_y - px(6) if self.apply_targets and self.apply_targets() else (
            self.rect.bottom - px(8))

    def card_needed(self) -> int:
        """The height the entry card's text takes, its margins included."""
        px = self.theme.px
        width = self.rect.width - px(44)
        return px(16) + sum(gap + len(wrap(text, font, width)) * font.get_linesize()
                            for text, font, _, gap in self._card_pieces())

    def card_room(self) -> pygame.Rect:
        """The entry card's box, as last laid out."""
        px = self.theme.px
        return pygame.Rect(self.rect.x + px(12), self._card_top, self.rect.width - px(24),
                           self._card_bottom() - self._card_top)

    def _fit_card(self) -> None:
        """Give the card the height its text needs, taken from the entries' list down
        to a few rows, so that an entry is read whole and never runs under the buttons
        (a long one at 200 %)."""
        px = self.theme.px
        needed = self.card_needed()
        top = self.entries.rect.y
        # Two rows of entries at the least: the one shown and its neighbour.
        least = 2 * self.entries.row_height + px(4)
        room = self._card_bottom() - top - px(8) - needed
        most = max(px(90), (self.rect.bottom - top) // 2 - px(8))
        self.entries.rect.height = max(least, min(most, room))
        self._card_top = self.entries.rect.bottom + px(8)
        entries = self.entries  # the entry shown stays in sight in the shorter list
        if entries.rows and entries.selected >= entries.top + entries.visible:
            entries.top = entries.selected - entries.visible + 1

    def _draw_card(self, surface: pygame.Surface) -> None:
        pal, px = self.theme.palette, self.theme.px
        card = self.card_room()
        x, width = card.x, card.width
        pygame.draw.rect(surface, pal.field, card, border_radius=px(6))
        x, y, width = x + px(10), card.y + px(8), width - px(20)
        clip = surface.get_clip()
        surface.set_clip(card.clip(clip))  # a card longer than the room stays in it
        try:
            for text, font, colour, gap in self._card_pieces():
                y = draw_text(surface, text, font, colour, (x, y + gap), width)
        finally:
            surface.set_clip(clip)

    def handle(self, event: pygame.event.Event) -> bool:
        # R rolls while nothing is typed (no quick letter or roll begins with r). A key
        # press arrives twice, as KEYDOWN and as TEXTINPUT: the TEXTINPUT rolls.
        wants_roll = event.type == pygame.TEXTINPUT and event.text in ("r", "R")
        if wants_roll and not self.field.text and self._rollable():
            self.roll()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r and not self.field.text:
            return True  # its TEXTINPUT twin does the rolling
        if event.type == pygame.KEYDOWN and self.entries.handle_key(event.key):
            return True
        if event.type == pygame.KEYDOWN and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            number = event.key - pygame.K_1
            if 0 <= number < len(self.apply_buttons):
                self.apply_buttons[number].on_click()
                return True
        if self.field.handle(event):
            return True
        return (
            self.table_list.handle(event)
            or self.entries.handle(event)
            or any(b.handle(event) for b in self.buttons + self.apply_buttons)
        )

    @property
    def typing(self) -> bool:
        return self.field.focused

    def on_show(self) -> None:
        """F4: ready for a look-up at once; the last entry stays on its card."""
        self.field.focused = True
        self.field.text = ""


# Two or more letters: a search, not a quick look-up like "s19" or "g8 6".
_WORDS = re.compile(r"^\s*[A-Za-z][A-Za-z' -]*[A-Za-z]\s*$")


def _entry_text(entry: Entry) -> str:
    data = entry.model_dump(mode="json")
    parts = [str(data.get(k, "")) for k in ("name", "description", "key")]
    parts += [str(sub.get("description", "")) for sub in data.get("subtable", []) or []]
    return " ".join(parts).lower()


def _first_keys(key: Any, axes: int) -> list[Any]:
    """The roll that lands on an entry chosen from the list: the low end of each range."""
    parts = key if axes > 1 else [key]
    return [p[0] if isinstance(p, list | tuple) else p for p in parts]
