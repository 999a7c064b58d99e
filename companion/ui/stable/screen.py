"""The Stable screen: on the left each manager's gladiators as cards (his game's line
for him, dead or alive, starred), Up / Down to choose one; on the right the chosen
one's sheet in his game's words, his career a fight a line, and his manager's purse.
Its dialogs (`actions`) show the purse and the hall of the fallen, take a fight back
and train a gladiator. Reached from the start screen; Esc goes back to it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.ui import keys
from companion.ui.host import Host
from companion.ui.stable import actions
from companion.ui.stable.keys import KEYS as STABLE
from companion.ui.stable.view import Card, StableView, read_stable
from companion.ui.widgets.controls import wrap
from companion.ui.widgets.dialogs import Dialog
from companion.ui.widgets.intro_panel import IntroPanel
from companion.ui.widgets.list_screen import ListScreen

if TYPE_CHECKING:
    from companion.ui.widgets.side_panel import PanelView

MOUSE = ("Click a card: choose him; click a button: what it says",)
KEYS = tuple(keys.screen_lines(STABLE, MOUSE))


class StableScreen(ListScreen):
    title = "The stable"
    key_map = STABLE
    help = KEYS

    def __init__(self, host: Host, view: StableView | None = None) -> None:
        super().__init__(host)
        self.view = read_stable() if view is None else view
        self.first = 0  # the first card shown: the list scrolls to keep the chosen in sight
        self.dialog: Dialog | actions.Overlay | None = None
        b = self.button
        self.action_buttons = [
            b("Train (T)", lambda: self._on_chosen(actions.train), ("T",)),
            b("Purse (M)", self._purse, ("M",)),
            b("Fallen (H)", lambda: actions.fallen(self), ("H",)),
            b("Take back (Ctrl+Z)", lambda: self._on_chosen(actions.take_back),
              ("Take back", "Undo")),
        ]
        if self.view.broken:
            self.message, self.message_is_error = self.view.note, True

    def dialog_done(self, said: str) -> None:
        self.reread()  # a training has changed his sheet
        self.say(said)

    def reread(self) -> None:
        """The stable again, after a change: the same gladiator stays chosen."""
        chosen = self.chosen.id if self.chosen is not None else None
        self.view = read_stable()
        ids = [c.id for c in self.view.cards]
        self.choose(ids.index(chosen) if chosen in ids else self.cursor)

    def _on_chosen(self, act: Callable[[StableScreen, Card], None]) -> None:
        if self.chosen is None:
            self.say("there is no gladiator in the stable to choose")
            return
        act(self, self.chosen)

    def _purse(self) -> None:
        card = self.chosen
        if card is None:
            self.say("there is no gladiator in the stable to choose")
            return
        actions.purse(self, next(g for g in self.view.groups if card in g.cards))

    @property
    def chosen(self) -> Card | None:
        cards = self.view.cards
        return cards[self.cursor] if cards else None

    def choose(self, index: int) -> None:
        if self.view.cards:
            self.cursor = max(0, min(len(self.view.cards) - 1, index))
            self.first = min(self.first, self.cursor)

    # --- events ----------------------------------------------------------------------
    def act(self, action: str | None) -> bool:
        does = {
            "back": self.host.show_home,
            "up": lambda: self.choose(self.cursor - 1),
            "down": lambda: self.choose(self.cursor + 1),
            "first": lambda: self.choose(0),
            "last": lambda: self.choose(len(self.view.cards) - 1),
            "train": lambda: self._on_chosen(actions.train),
            "purse": self._purse,
            "fallen": lambda: actions.fallen(self),
            "take_back": lambda: self._on_chosen(actions.take_back),
        }
        if action in does:
            does[action]()
            return True
        return False

    def status(self) -> str:
        if self.dialog is not None:
            return ""
        return "Up / Down choose  T train  M purse  H fallen  Ctrl+Z take back  Esc back  F1 keys"

    def panel(self) -> PanelView | None:
        return IntroPanel(self.theme, "The stable", [
            "Every manager's gladiators, of every game, as the careers keep them.",
            "Choose one for his sheet and his fights; companion stable on the command line "
            "adds, trains and removes them.",
        ])

    # --- drawing -----------------------------------------------------------------------
    def empty_note(self) -> tuple[str, bool] | None:
        return None if self.view.cards else (self.view.note, self.view.broken)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        px = self.theme.px
        left_w = max(px(120), (area.width - px(16)) * 2 // 5)
        self._draw_cards(surface, pygame.Rect(area.x, area.y, left_w, area.height))
        self._draw_chosen(surface, pygame.Rect(area.x + left_w + px(16), area.y,
                                               area.width - left_w - px(16), area.height))

    def _card_height(self) -> int:
        fonts, px = self.theme.fonts, self.theme.px
        return (fonts.get(17, bold=True).get_linesize() + fonts.get(15).get_linesize()
                + px(10))

    def _rows(self) -> list[tuple[str, int]]:
        """The list's rows in order: ("manager", group index) then ("card", card index)."""
        rows, index = [], 0
        for g, group in enumerate(self.view.groups):
            rows.append(("manager", g))
            for _ in group.cards:
                rows.append(("card", index))
                index += 1
        return rows

    def _draw_cards(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        head_h = self.theme.fonts.get(17, bold=True).get_linesize() + px(4)
        card_h = self._card_height()
        rows = self._rows()
        heights = [head_h if kind == "manager" else card_h + px(6) for kind, _ in rows]
        at = {i: r for r, (kind, i) in enumerate(rows) if kind == "card"}
        # Scroll so that the chosen card, and the manager above the first, are in sight.
        start = min(self.first, at[self.cursor])
        start = start - 1 if start > 0 and rows[start - 1][0] == "manager" else start
        while sum(heights[start:at[self.cursor] + 1]) > area.height and start < at[self.cursor]:
            start += 1
        self.first = start
        y = area.y
        for r in range(start, len(rows)):
            if y + heights[r] > area.bottom:
                break
            kind, i = rows[r]
            if kind == "manager":
                group = self.view.groups[i]
                ink.text(surface, group.manager or "Of no manager", (area.x, y), area.width,
                         size=17, bold=True, colour=pal.text_dim, wrap=False, elide=True)
            else:
                self._draw_card(surface, i, pygame.Rect(area.x, y, area.width, card_h))
            y += heights[r]

    def _draw_card(self, surface: pygame.Surface, index: int, rect: pygame.Rect) -> None:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        card = self.view.cards[index]
        self.card_rects.append((index, rect))
        chosen = index == self.cursor
        pygame.draw.rect(surface, pal.accent if chosen else pal.panel, rect,
                         border_radius=px(6))
        if chosen:
            pygame.draw.rect(surface, pal.hover, rect, 2, border_radius=px(6))
        x, w = rect.x + px(8), rect.width - px(16)
        # His game is told on the right: the card keeps its room for his name.
        marks = ", ".join([*([] if card.alive else ["dead"]), *(["starred"] if card.starred
                                                               else [])])
        y = ink.text(surface, f"{'* ' if card.starred else ''}{card.name}"
                     + (f" ({marks})" if marks else ""),
                     (x, rect.y + px(4)), w, size=17, bold=True, wrap=False, elide=True,
                     colour=None if card.alive else pal.bad)
        ink.text(surface, card.summary, (x, y), w, size=15, wrap=False, elide=True)

    def _draw_plot(self, surface: pygame.Surface, card: Card, rect: pygame.Rect) -> int:
        """His figure over his fights: its values in words, and a line of them below,
        the lowest at the bottom of the box; the y below it."""
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        low, high = min(card.plot), max(card.plot)
        words = ", ".join(map(str, card.plot))
        # Before his first fight, then after each: the plot below says it again.
        y = ink.text(surface, f"{card.figure[0].upper()}{card.figure[1:]}: {words}",
                     (rect.x, rect.y), rect.width, size=16, colour=pal.text_dim,
                     wrap=False, elide=True)
        frame = pygame.Rect(rect.x, y + px(4), rect.width, rect.bottom - y - px(8))
        pygame.draw.rect(surface, pal.panel, frame)
        box = frame.inflate(-px(12), -px(12))
        step = box.width / (len(card.plot) - 1)
        points = [(round(box.x + i * step),
                   round(box.bottom - (v - low) / ((high - low) or 1) * box.height))
                  for i, v in enumerate(card.plot)]
        pygame.draw.lines(surface, pal.accent, False, points, max(1, px(2)))
        for point in points:
            pygame.draw.circle(surface, pal.accent, point, max(2, px(3)))
        return rect.bottom

    def _draw_chosen(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        card = self.chosen
        if card is None:
            return
        group = next(g for g in self.view.groups if card in g.cards)
        bottom = area.bottom
        line = self.theme.fonts.get(16).get_linesize()
        x, w = area.x, area.width
        y = ink.text(surface, card.name, (x, area.y), w, size=20, bold=True, wrap=False,
                     elide=True)
        state = "alive" if card.alive else "dead"
        y = ink.text(surface, f"{card.game}, {state}", (x, y), w, size=16,
                     colour=pal.text_dim, wrap=False, elide=True)
        if group.purse is not None:
            y = ink.text(surface, f"{group.manager}'s purse: {group.purse:,}", (x, y), w,
                         size=16, colour=pal.text_dim, wrap=False, elide=True)
        y += px(6)
        font = self.theme.fonts.get(16)
        # His sheet wraps (nothing of it cut) while there is room; the career below
        # keeps room for its heading and its latest fight.
        last = len(wrap(card.fights[-1], font, w)) * line if card.fights else 0
        plotted = len(card.plot) > 1
        plot_h = line + px(40) if plotted else 0
        keep = self.theme.fonts.get(17, bold=True).get_linesize() + px(8) + last + plot_h
        for text in card.lines:
            if y + len(wrap(text, font, w)) * line > bottom - keep:
                y = ink.text(surface, text, (x, y), w, size=16, wrap=False, elide=True)
                continue
            y = ink.text(surface, text, (x, y), w, size=16)
        y += px(8)
        if y + 2 * line > bottom:
            return
        fights = len(card.fights)
        y = ink.text(surface, f"Career: {fights} fight{'s' if fights != 1 else ''}"
                     if fights else "Career: no fight recorded yet", (x, y), w, size=17,
                     bold=True, wrap=False, short=(f"{fights} fights", "Career"))
        if plotted and y + plot_h + line <= bottom:
            y = self._draw_plot(surface, card, pygame.Rect(x, y, w, plot_h))
        # The latest fights that fit whole, in order.
        shown: list[str] = []
        used = 0
        for text in reversed(card.fights):
            need = len(wrap(text, font, w)) * line
            if y + used + need > bottom:
                break
            shown.insert(0, text)
            used += need
        for text in shown:
            y = ink.text(surface, text, (x, y), w, size=16)
