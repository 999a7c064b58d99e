"""One gladiator's card in the match view, drawn from his entry of the summary (schema
§3) and nothing else: name and team, the HP bar with its wounded mark, CZ, Init and the
active stat in words, conditions and resources, the defeated or dead banner, and his
hand as cards the GM may click to choose his next move.

Like the battle system's tracker card it is drawn in two passes of the same code:
`measure` finds the height it needs, `draw` draws it. Clickable spots are found while
drawing: a hand card is ("move", key); the whole card is the spot for picking him as
the target of another gladiator's move."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from companion.ui.theme import Colour, Theme
from companion.ui.widgets.controls import Ink, Label, Widget

ASSESS = "assess-the-situation"
HP_COLOURS = {"fine": (90, 190, 110), "wounded": (235, 160, 60), "down": (120, 120, 120)}
TEAM_COLOURS: tuple[Colour, ...] = ((200, 70, 60), (60, 120, 210), (80, 170, 90),
                                    (200, 160, 50), (150, 90, 190), (60, 170, 170))
# What the summary's resource keys are called on a card.
RESOURCE_WORDS = {"arcane-essence": "Arcane essence", "quantum-energy": "Quantum energy",
                  "curses": "Curses", "poison": "Poison"}


def kind_words(kind: str) -> str:
    """A move's kind as a player says it: "melee-attack" is a melee attack."""
    return kind.replace("-", " ")


def signed(n: int) -> str:
    """+2, −2 (a real minus sign), or "" for 0."""
    if n == 0:
        return ""
    return f"+{n}" if n > 0 else f"\u2212{-n}"


@dataclass(frozen=True)
class Pending:
    """The GM's choice for his next move, as the card shows it."""

    move: str
    words: str  # "Wild Charge at Rex, melee"
    needs_target: bool = False  # still waiting for the click on a target


@dataclass(frozen=True)
class CardLook:
    """Everything the card shows besides his summary entry."""

    team: str | None = None  # "Team 1", when teams are not one gladiator each
    team_index: int = 0
    pending: Pending | None = None
    coaching: Sequence[str] = ()  # lines, when the GM shows coaching
    target_mark: bool = False  # he can be clicked as a target now
    compact: bool = False  # hand cards of one line each
    assess_name: str = "Assess the Situation"
    # His hand: the GM's to click; the player's window leaves it out (an opponent who
    # read it would guess what the coaching plays next).
    shows_hand: bool = True


class GladiatorCard:
    def __init__(self, theme: Theme, who: str) -> None:
        self.theme = theme
        self.who = who
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.ink = Ink(theme)
        self.spots: list[tuple[pygame.Rect, str]] = []  # (rect, move key)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def widgets(self) -> list[Widget]:
        return list(self.ink.drawn)

    def measure(self, g: Mapping[str, Any], look: CardLook, width: int,
                wounded_at: int) -> int:
        rect = self.rect
        self.rect = pygame.Rect(rect.x, rect.y, width, 10_000)
        try:
            return self._render(None, g, look, wounded_at) - self.rect.y
        finally:
            self.rect = rect

    def draw(self, surface: pygame.Surface, g: Mapping[str, Any], look: CardLook,
             wounded_at: int) -> None:
        pal, px = self.theme.palette, self.theme.px
        pygame.draw.rect(surface, pal.field, self.rect, border_radius=px(8))
        colour = TEAM_COLOURS[look.team_index % len(TEAM_COLOURS)]
        pygame.draw.rect(surface, colour, (self.rect.x, self.rect.y, px(6), self.rect.height),
                         border_radius=px(3))
        if look.target_mark:
            pygame.draw.rect(surface, pal.hover, self.rect, px(3), border_radius=px(8))
        self._render(surface, g, look, wounded_at)

    def move_at(self, pos: tuple[int, int]) -> str | None:
        for rect, key in self.spots:
            if rect.collidepoint(pos):
                return key
        return None

    # --- drawing --------------------------------------------------------------------
    def _put(self, surface: pygame.Surface | None, label: Label) -> None:
        """Draw a piece of the card, unless the card was cut short above it: a card
        squeezed by the window leaves out what it has no room for."""
        if surface is not None and self._room(label.rect):
            self.ink.label(surface, label)

    def _room(self, rect: pygame.Rect) -> bool:
        return rect.bottom <= self.rect.bottom - self.theme.px(4)

    def _render(self, surface: pygame.Surface | None, g: Mapping[str, Any], look: CardLook,
                wounded_at: int) -> int:
        pal, px, theme = self.theme.palette, self.theme.px, self.theme
        self.ink.clear()
        self.spots = []
        x, y, w = self.rect.x + px(14), self.rect.y + px(6), self.rect.width - px(22)
        name = str(g.get("display_name") or g.get("name") or self.who)
        if g.get("starred"):
            name += " *"
        team = Label(theme, look.team or "", 15, colour=pal.text_dim)
        team_w = team.font.size(team.text)[0] if look.team else 0
        title = Label(theme, name, 20, bold=True, elide=True)
        head = title.font.get_linesize()
        title.place(x, y, max(px(20), w - team_w - (px(8) if team_w else 0)), head)
        self._put(surface, title)
        if look.team:
            team.place(x + w - team_w, y, team_w, head)
            self._put(surface, team)
        y += head + px(2)
        y = self._hp(surface, g, x, y, w, wounded_at)
        active = str(g.get("active_stat_name") or "")
        numbers = f"CZ {g.get('cz', 0)}   Init {g.get('init', 0)}   AS {active}"
        label = Label(theme, numbers, 16, bold=True, wrap=True)
        y = label.place(x, y, w)
        self._put(surface, label)
        y = self._badges(surface, g, x, y + px(3), w)
        resources = [f"{RESOURCE_WORDS.get(k, k)} {v}"
                     for k, v in (g.get("resources") or {}).items() if v]
        if resources:
            label = Label(theme, "   ".join(resources), 15, colour=pal.luck, wrap=True)
            y = label.place(x, y, w)
            self._put(surface, label)
        if g.get("defeated"):
            dead = g.get("dead")
            text = "DEAD" if dead is True else "DEFEATED, alive" if dead is False else "DEFEATED"
            label = Label(theme, text, 20, bold=True, colour=pal.bad, wrap=True)
            y = label.place(x, y + px(2), w) + px(2)
            self._put(surface, label)
        elif look.shows_hand:
            y = self._hand(surface, g, look, x, y + px(2), w)
        if look.pending is not None:
            colour = pal.hover if look.pending.needs_target else pal.luck
            label = Label(theme, look.pending.words, 16, bold=True, colour=colour, wrap=True)
            y = label.place(x, y + px(2), w)
            self._put(surface, label)
        for line in look.coaching:
            label = Label(theme, line, 15, colour=(170, 150, 210), wrap=True)
            y = label.place(x, y + px(1), w)
            self._put(surface, label)
        return y + px(8)

    def _hp(self, surface: pygame.Surface | None, g: Mapping[str, Any], x: int, y: int,
            w: int, wounded_at: int) -> int:
        """The HP bar: full width, filled to his HP, a mark where he is wounded, and the
        figures at its right."""
        pal, px = self.theme.palette, self.theme.px
        hp, most = int(g.get("hp", 0)), max(1, int(g.get("max_hp", 1)))
        figures = Label(self.theme, f"{hp} / {most} HP", 16, bold=True)
        # As wide as his full HP takes, so the bar keeps its length as he loses HP; wider
        # for HP below 0.
        fig_w = min(w, max(figures.font.size(f"{most} / {most} HP")[0],
                           figures.font.size(figures.text)[0]))
        height = figures.font.get_linesize()
        bar = pygame.Rect(x, y + px(3), max(px(30), w - fig_w - px(8)), height - px(6))
        figures.place(x + w - fig_w, y, fig_w, height)
        figures.align = "right"
        figures.place(x + w - fig_w, y, fig_w, height)
        self._put(surface, figures)
        if surface is not None:
            # The rules say who is down (a house table may move the line from 0 HP).
            stage = "down" if g.get("defeated") else "wounded" if g.get("wounded") else "fine"
            pygame.draw.rect(surface, (60, 62, 70), bar, border_radius=px(3))
            filled = bar.copy()
            filled.width = round(bar.width * max(0, min(hp, most)) / most)
            if filled.width:
                pygame.draw.rect(surface, HP_COLOURS[stage], filled, border_radius=px(3))
            if 0 < wounded_at < most:
                mark = bar.x + round(bar.width * wounded_at / most)
                pygame.draw.line(surface, pal.text, (mark, bar.y - px(2)),
                                 (mark, bar.bottom + px(1)), max(1, px(2)))
            pygame.draw.rect(surface, pal.panel_edge, bar, 1, border_radius=px(3))
        return y + height + px(2)

    def _badges(self, surface: pygame.Surface | None, g: Mapping[str, Any], x: int, y: int,
                w: int) -> int:
        px = self.theme.px
        words = [str(c.get("words") or "") for c in g.get("conditions") or []]
        words = [t for t in words if t]
        if not words:
            return y
        bx, bottom = x, y
        for text in words:
            label = Label(self.theme, text, 15, bold=True, colour=(15, 15, 15), elide=True)
            label.place(0, 0, min(w - px(10), label.font.size(text)[0]))
            rect = label.rect.inflate(px(10), px(4))
            rect.topleft = (bx, y)
            if rect.right > x + w and bx > x:
                bx, y = x, bottom + px(3)
                rect.topleft = (bx, y)
            if surface is not None:
                pygame.draw.rect(surface, (225, 170, 90), rect, border_radius=px(6))
            label.place(rect.x + px(5), rect.y, rect.width - px(10), rect.height)
            self._put(surface, label)
            bx = rect.right + px(5)
            bottom = rect.bottom
        return bottom + px(4)

    def _hand(self, surface: pygame.Surface | None, g: Mapping[str, Any], look: CardLook,
              x: int, y: int, w: int) -> int:
        """His hand as cards, two or three a row, and the always-open assess card."""
        pal, px, theme = self.theme.palette, self.theme.px, self.theme
        hand = list(g.get("hand") or [])
        cards: list[tuple[str, str, str, bool, str | None]] = []
        for card in hand:
            mod = signed(int(card.get("modifier") or 0))
            kind = kind_words(str(card.get("kind") or ""))
            detail = f"{kind} {mod}".strip()
            cards.append((str(card.get("key")), str(card.get("name")), detail,
                          bool(card.get("playable")), card.get("why_not")))
        if not any(key == ASSESS for key, *_ in cards):
            cards.append((ASSESS, look.assess_name, "always open", True, None))
        deck = Label(theme, f"Hand   (deck {g.get('deck_left', 0)})", 15, colour=pal.text_dim)
        y = deck.place(x, y, w)
        self._put(surface, deck)
        gap = px(5)
        columns = max(1, min(len(cards), w // px(140)))
        card_w = (w - gap * (columns - 1)) // columns
        pending = look.pending.move if look.pending is not None else None
        # Two copies of a move are one choice: the first of them shows it chosen.
        chosen = next((i for i, (key, *_) in enumerate(cards) if key == pending), None)
        row_bottom = y
        for i, (key, name, detail, playable, why_not) in enumerate(cards):
            col = i % columns
            if col == 0 and i:
                y = row_bottom + gap
            cx = x + col * (card_w + gap)
            # A move's name whole, on two lines if it must ("Assess the Situation").
            title = Label(theme, name, 15, bold=True, wrap=True,
                          colour=pal.text if playable else pal.text_dim)
            lines = [title]
            if not look.compact:
                text = detail if playable or not why_not else str(why_not)
                lines.append(Label(theme, text, 14, wrap=True, colour=pal.text_dim
                                   if playable else pal.bad))
            ly = y + px(3)
            for label in lines:
                ly = label.place(cx + px(6), ly, card_w - px(12))
            rect = pygame.Rect(cx, y, card_w, ly - y + px(3))
            if surface is not None and self._room(rect):
                fill = pal.accent if i == chosen else pal.button if playable else pal.panel
                pygame.draw.rect(surface, fill, rect, border_radius=px(5))
                edge = pal.hover if i == chosen else pal.panel_edge
                pygame.draw.rect(surface, edge, rect, 1, border_radius=px(5))
            for label in lines:
                self._put(surface, label)
            if playable and (surface is None or self._room(rect)):
                self.spots.append((rect, key))
            row_bottom = max(row_bottom, rect.bottom) if col else rect.bottom
        return row_bottom + px(4)
