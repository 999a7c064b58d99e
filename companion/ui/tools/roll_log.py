"""The roll log tab: every roll of the session, newest at the bottom. Each shows who
rolled and what for, its dice as small squares (the ones that count highlighted,
luck dice in the luck colour, dropped dice dimmed) and its total, large.

The widget answers for what it drew: `texts` lists each piece of text with the box it
had to fit in, so a test can ask it rather than read pixels.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from companion.dice.rolls import Die, Roll
from companion.ui.theme import Theme
from companion.ui.widgets.controls import wrap

EMPTY = ("No rolls yet. Every roll of the game shows here, and those of the dice "
         "tray and the tables.")


@dataclass(frozen=True)
class Piece:
    """One piece of text the log drew, as a fit check asks it: where its ink is, the
    text, and whether it stayed inside the box it was given."""

    rect: pygame.Rect
    text: str
    box: pygame.Rect
    px: int

    @property
    def shown(self) -> str:
        return self.text

    @property
    def overflow(self) -> bool:
        return not self.box.contains(self.rect)

    @property
    def shortened(self) -> bool:
        return False

    def fit(self) -> Piece:
        return self


@dataclass(frozen=True)
class _Text:
    text: str
    font: pygame.font.Font
    colour: tuple[int, int, int]
    at: tuple[int, int]  # relative to the card's top left


@dataclass(frozen=True)
class _Card:
    height: int
    texts: tuple[_Text, ...]
    dice: tuple[tuple[Die, pygame.Rect], ...]  # rects relative to the card's top left


class RollLog:
    title = "Rolls"
    typing = False

    def __init__(self, theme: Theme, rolls: Callable[[], Sequence[Roll]]) -> None:
        self.theme = theme
        self.rolls = rolls
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.back = 0  # how many rolls the view is scrolled back from the newest
        # What the last frame drew: (text, where, the box it had to stay in).
        self.texts: list[tuple[str, pygame.Rect, pygame.Rect]] = []
        self._pieces: list[Piece] = []
        self.shown: list[Roll] = []
        self._cards: dict[tuple[Roll, int], _Card] = {}

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._cards.clear()

    def widgets(self) -> list[Piece]:
        """What the last frame drew, for the window's fit check."""
        return list(self._pieces)

    def on_show(self) -> None:
        self.back = 0

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            if not self.rect.collidepoint(pygame.mouse.get_pos()):
                return False
            count = len(self.rolls())
            self.back = max(0, min(max(0, count - 1), self.back + event.y))
            return True
        return False

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        self.texts, self.shown, self._pieces = [], [], []
        pad = px(14)
        inner = pygame.Rect(self.rect.x + pad, self.rect.y + px(6),
                            max(1, self.rect.width - 2 * pad), self.rect.height - px(12))
        title_font = fonts.get(24, bold=True)
        y = self._text(surface, "Rolls", title_font, pal.text_dim, (inner.x, inner.y), inner)
        rolls = self.rolls()
        hint_font = fonts.get(15)
        hint = "newest at the bottom, scroll for older" if rolls else ""
        if hint and title_font.size("Rolls")[0] + px(16) + hint_font.size(hint)[0] <= inner.width:
            self._text(surface, hint, hint_font, pal.text_dim,
                       (inner.right - hint_font.size(hint)[0],
                        inner.y + title_font.get_height() - hint_font.get_height()), inner)
        top = y + px(6)
        if not rolls:
            for line in wrap(EMPTY, fonts.get(16), inner.width):
                top = self._text(surface, line, fonts.get(16), pal.text, (inner.x, top), inner)
            return
        self.back = min(self.back, len(rolls) - 1)
        bottom = inner.bottom
        box = pygame.Rect(inner.x, top, inner.width, inner.bottom - top)
        clip = surface.get_clip()
        surface.set_clip(box.clip(clip) if clip else box)
        for roll in reversed(rolls[:len(rolls) - self.back]):
            card = self._card(roll, inner.width)
            y0 = bottom - card.height
            if y0 < top and self.shown:
                # The older roll that does not fit shows its lower part above the
                # others (no empty band), cut by the list's top: scroll for the rest.
                kept = len(self.texts), len(self._pieces)
                self._draw_card(surface, roll, card, inner.x, y0, inner.width, box)
                # Not among what the log answers for: it is half out of sight.
                del self.texts[kept[0]:], self._pieces[kept[1]:]
                break
            self._draw_card(surface, roll, card, inner.x, y0, inner.width, box)
            self.shown.insert(0, roll)
            bottom = y0 - px(8)
        surface.set_clip(clip)

    def _draw_card(self, surface: pygame.Surface, roll: Roll, card: _Card, x: int, y: int,
                   width: int, box: pygame.Rect) -> None:
        pal, px = self.theme.palette, self.theme.px
        frame = pygame.Rect(x, y, width, card.height)
        pygame.draw.rect(surface, pal.field, frame, border_radius=px(6))
        for t in card.texts:
            self._text(surface, t.text, t.font, t.colour, (x + t.at[0], y + t.at[1]),
                       frame)
        font = self.theme.fonts.get(16, bold=True)
        for die, rel in card.dice:
            r = rel.move(x, y)
            fill, ink, ring = die_look(self.theme, die)
            pygame.draw.rect(surface, fill, r, border_radius=px(5))
            if ring:
                pygame.draw.rect(surface, pal.good, r.inflate(px(4), px(4)), px(3),
                                 border_radius=px(6))
            label = str(die.face)
            where = font.render(label, True, ink).get_rect(center=r.center)
            surface.blit(font.render(label, True, ink), where)
            self.texts.append((label, where, r))
            self._pieces.append(Piece(where, label, r, font.get_height()))

    def _text(self, surface: pygame.Surface, text: str, font: pygame.font.Font,
              colour: tuple[int, int, int], at: tuple[int, int], box: pygame.Rect) -> int:
        image = font.render(text, True, colour)
        where = image.get_rect(topleft=at)
        surface.blit(image, where)
        self.texts.append((text, where, pygame.Rect(box)))
        self._pieces.append(Piece(where, text, pygame.Rect(box), font.get_height()))
        return where.bottom

    # --- one roll, measured once -------------------------------------------------------
    def _card(self, roll: Roll, width: int) -> _Card:
        key = (roll, width)
        if key not in self._cards:
            self._cards[key] = self._measure(roll, width)
        return self._cards[key]

    def _measure(self, roll: Roll, width: int) -> _Card:
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        pad = px(8)
        room = max(1, width - 2 * pad)
        total_font = fonts.get(28, bold=True)
        total = "" if roll.total is None else str(roll.total)
        if not total:
            # A roll read by its dice rather than summed (the duel's attack, read by its
            # highest faces): what it is read by, large, where a total would stand.
            total = "-".join(str(d.face) for d in roll.dice if d.success)
        total_w = total_font.size(total)[0] if total else 0
        # The total stands at the right of the dice; where it would leave them too
        # little room it goes on a line of its own.
        beside = bool(total) and total_w <= room // 3
        left = room - total_w - pad if beside else room
        texts: list[_Text] = []
        y = pad
        head = fonts.get(16, bold=True)
        heading = f"{roll.who}: {roll.purpose}" if roll.who else roll.purpose
        for line in wrap(heading, head, room):
            texts.append(_Text(line, head, pal.text, (pad, y)))
            y += head.get_linesize()
        y += px(4)
        dice_top = y
        placed: list[tuple[Die, pygame.Rect]] = []
        face_font = fonts.get(16, bold=True)
        size, gap = px(30), px(6)
        dx = 0
        row_h = size
        for die in roll.dice:
            w = max(size, face_font.size(str(die.face))[0] + px(10))
            if dx and dx + w > left:
                dx, y = 0, y + row_h + gap
            placed.append((die, pygame.Rect(pad + dx, y, w, size)))
            dx += w + gap
        y += row_h
        if total:
            if beside:
                ty = max(pad, dice_top + (y - dice_top - total_font.get_height()) // 2)
                texts.append(_Text(total, total_font, pal.text,
                                   (pad + room - total_w, ty)))
                y = max(y, ty + total_font.get_height())
            else:
                y += px(4)
                texts.append(_Text(total, total_font, pal.text, (pad + room - total_w, y)))
                y += total_font.get_height()
        if roll.detail:
            small = fonts.get(15)
            y += px(4)
            for line in wrap(roll.detail, small, room):
                texts.append(_Text(line, small, pal.text_dim, (pad, y)))
                y += small.get_linesize()
        return _Card(y + pad, tuple(texts), tuple(placed))


Colour = tuple[int, int, int]


def die_look(theme: Theme, die: Die) -> tuple[Colour, Colour, bool]:
    """How a shown die is drawn, wherever it is: its fill, the ink of its face, and
    whether it wears the ring of a success (a kept die that succeeded). Luck dice are
    gold; dice dropped from the total are greyed."""
    pal = theme.palette
    fill, ink = (pal.luck if die.luck else pal.die), pal.die_text
    if not die.kept:
        fill, ink = pal.button, pal.text_dim
    return fill, ink, bool(die.success and die.kept)
