"""What the player's window shows of a session, whatever its rules: whose turn it is
along the top, the system's own picture (the arena, the cards) on the left, the last
roll large with its dice on the right, what just happened below it, and above them
a banner for the moments that matter (a double, a critical, a death).

Everything here is public: the words are the public log's (`Session.public_log`,
`Ruleset.report_public`); the GM's choices, the coaching and the odds stay on his
screen (the odds come here only when the GM turns them on, and only from a system
that has odds the players may see). A rule system's view (`PlayerView`) lives in its
own folder and is named in the registry; this module names no game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from companion.dice.rolls import Roll
from companion.session.session import Session
from companion.ui.theme import Theme
from companion.ui.tools.roll_log import die_look
from companion.ui.widgets.controls import Ink, Label, Widget

ROLL_SHARE = 0.3  # of the window's width, for the column of the last roll
RECENT_LINES = 4  # of the public log, newest first, under the last roll
SCALE_STEP = 0.25  # the cards' scales tried: few, so that few fonts are loaded
MOST_ENLARGED = 2.0  # the cards at most twice the window's scale


def card_grid(count: int, rect: pygame.Rect, gap: int, least_width: int, scale: float,
              height_at: Callable[[float, int], int]) -> tuple[int, float]:
    """How to lay out `count` cards in `rect` as large as they go: (columns, scale).

    A card is enlarged while it stays `least_width` pixels wide at 100 % (as narrow
    as the GM's window shows it) and every row holds its cards' full height
    (`height_at(scale, width)`), up to MOST_ENLARGED times the window's `scale`;
    never below `scale` (a card too tall even then is squeezed, as on the GM's)."""
    fallback = count if count <= 3 else math.ceil(count / 2)
    found: tuple[int, float] | None = None
    # Most columns first: of two layouts as large, the one side by side.
    for columns in range(count, 0, -1):
        rows = math.ceil(count / columns)
        width = (rect.width - gap * (columns + 1)) // columns
        room = (rect.height - gap * (rows + 1)) // rows
        top = min(scale * MOST_ENLARGED, width / least_width)
        trials = [scale + SCALE_STEP * n for n in
                  range(math.floor((top - scale) / SCALE_STEP), -1, -1)] if top >= scale \
            else []
        for trial in trials:
            if found is not None and trial <= found[1]:
                break
            if height_at(trial, width) <= room:
                found = (columns, trial)
                break
    return found if found is not None else (fallback, scale)


class PlayerView:
    """One system's part of the player's window; the shared parts are drawn here.

    A system's view says whose turn it is (`turn_words`), which events make a banner
    (`banner_kinds`), the odds it may show (`odds_words`) and draws its picture
    (`draw_main`). It reads the GM's screen, never acts on it."""

    banner_kinds: frozenset[str] = frozenset()

    def __init__(self, theme: Theme, screen: Any) -> None:
        self.theme = theme
        self.screen = screen
        self.session: Session = screen.session
        self.ink = Ink(theme)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.main_rect = pygame.Rect(0, 0, 0, 0)
        self.side_rect = pygame.Rect(0, 0, 0, 0)

    # --- what a system says -------------------------------------------------------------
    def turn_words(self) -> str:
        raise NotImplementedError

    def odds_words(self) -> list[str]:
        """The odds of what the GM is about to roll, as lines; none by default."""
        return []

    def draw_main(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        raise NotImplementedError

    def main_widgets(self) -> list[Widget]:
        return []

    def areas(self) -> list[tuple[str, pygame.Rect, list[Widget]]]:
        """Boxes within the picture whose widgets must stay inside them (the cards)."""
        return []

    def moving(self) -> bool:
        """Something moves on the picture (an animation): draw every frame."""
        return False

    def key(self) -> tuple[Any, ...]:
        """Changes whenever the window must be drawn again (besides its size)."""
        return (id(self.session), self.session.revision, len(self.session.journal))

    # --- shared -------------------------------------------------------------------------
    def last_roll(self) -> Roll | None:
        """The last roll the rules made. The GM's own rolls beside them (the dice tray,
        the tables) are his: he may roll behind the screen."""
        own = {id(kept.roll) for kept in self.session.other_rolls}
        for roll in reversed(self.session.rolls):
            if id(roll) not in own:
                return roll
        return None

    def banner(self) -> str:
        """The last action's moment worth a banner, in the public words; "" if none.
        It stays until the next action (or an undo) replaces it."""
        outcomes = self.session.outcomes
        if not outcomes or not self.banner_kinds:
            return ""
        rules, state = self.session.ruleset, self.session.state
        found = [rules.report_public(state, e) for e in outcomes[-1].events
                 if e.kind in self.banner_kinds]
        lines = rules.narrate(state, found[-1:]) if found else []
        return lines[0] if lines else ""

    def recent(self, lines: int = RECENT_LINES) -> list[str]:
        """What happened last, newest first, as the crowd may read it."""
        return list(reversed(self.session.public_log[-lines:])) if lines > 0 else []

    def side_recent(self) -> list[str]:
        """The lines under the last roll; a view that shows the story larger in its
        picture shows none there."""
        return self.recent()

    def widgets(self) -> list[Widget]:
        return [*self.ink.drawn, *self.main_widgets()]

    def words(self) -> list[str]:
        """Every text the last frame drew: what the players read."""
        shown = [*self.widgets(), *(w for _, _, found in self.areas() for w in found)]
        return [fit.text for w in shown for fit in [w.fit()] if fit.text]

    # --- drawing ------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        px = self.theme.px
        self.rect = pygame.Rect(rect)
        top = self.theme.fonts.get(28, bold=True).get_linesize() + px(16)
        side_w = max(px(300), round(rect.width * ROLL_SHARE))
        body = pygame.Rect(rect.x, rect.y + top, rect.width, rect.height - top)
        self.main_rect = pygame.Rect(body.x, body.y, body.width - side_w, body.height)
        self.side_rect = pygame.Rect(self.main_rect.right, body.y, side_w, body.height)

    def draw(self, surface: pygame.Surface, show_odds: bool) -> None:
        pal, px = self.theme.palette, self.theme.px
        self.ink.clear()
        surface.fill(pal.background)
        strip = pygame.Rect(self.rect.x, self.rect.y, self.rect.width,
                            self.main_rect.y - self.rect.y)
        pygame.draw.rect(surface, pal.status, strip)
        turn = Label(self.theme, self.turn_words(), 28, bold=True, colour=pal.hover,
                     elide=True)
        turn.place(strip.x + px(16), strip.y, strip.width - px(32), strip.height)
        self.ink.label(surface, turn)
        clip = surface.get_clip()
        surface.set_clip(self.main_rect)
        self.draw_main(surface, self.main_rect)
        surface.set_clip(clip)
        self._draw_side(surface, show_odds)

    def _draw_side(self, surface: pygame.Surface, show_odds: bool) -> None:
        pal, px = self.theme.palette, self.theme.px
        side = self.side_rect
        pygame.draw.rect(surface, pal.panel, side)
        x, w = side.x + px(14), side.width - px(28)
        y = side.y + px(10)
        banner = self.banner()
        if banner:
            y = self._draw_banner(surface, banner, x, y, w)
        roll = self.last_roll()
        y = self._draw_roll(surface, roll, x, y, w) if roll is not None else \
            self._line(surface, "No roll yet", 20, True, pal.text_dim, x, y, w)
        if show_odds:
            for line in self.odds_words():
                y = self._line(surface, line, 18, True, pal.hover, x, y + px(6), w)
        y += px(10)
        for line in self.side_recent():
            label = Label(self.theme, line, 18, colour=pal.text, wrap=True)
            bottom = label.place(x, y, w)
            if bottom > side.bottom - px(8):
                break  # the older lines, where there is no room: the GM's log has them
            self.ink.label(surface, label)
            y = bottom + px(6)

    def _line(self, surface: pygame.Surface, text: str, size: int, bold: bool,
              colour: tuple[int, int, int], x: int, y: int, w: int) -> int:
        label = Label(self.theme, text, size, bold=bold, colour=colour, wrap=True)
        bottom = label.place(x, y, w)
        if bottom <= self.side_rect.bottom - self.theme.px(8):
            self.ink.label(surface, label)
            return bottom
        return y

    def _draw_roll(self, surface: pygame.Surface, roll: Roll, x: int, y: int, w: int) -> int:
        """The roll as big as the column holds: what for, its dice, its total."""
        pal, px = self.theme.palette, self.theme.px
        heading = f"{roll.who}: {roll.purpose}" if roll.who else roll.purpose
        y = self._line(surface, heading, 20, True, pal.text, x, y, w) + px(8)
        face_font = self.theme.fonts.get(30, bold=True)
        size, gap = px(58), px(10)
        dx, row_bottom = 0, y
        for die in roll.dice:
            face = str(die.face)
            width = max(size, face_font.size(face)[0] + px(16))
            if dx and dx + width > w:
                dx, y = 0, row_bottom + gap
            box = pygame.Rect(x + dx, y, width, size)
            if box.bottom > self.side_rect.bottom - px(8):
                break
            fill, ink, ring = die_look(self.theme, die)
            pygame.draw.rect(surface, fill, box, border_radius=px(8))
            if ring:
                pygame.draw.rect(surface, pal.good, box.inflate(px(6), px(6)), px(4),
                                 border_radius=px(10))
            label = Label(self.theme, face, 30, bold=True, colour=ink, align="centre")
            label.place(box.x, box.y, box.width, box.height)
            self.ink.label(surface, label)
            dx += width + gap
            row_bottom = box.bottom
        y = row_bottom + px(10)
        if roll.total is not None:
            total = Label(self.theme, f"total {roll.total}", 40, bold=True)
            bottom = total.place(x, y, w)
            if bottom <= self.side_rect.bottom - px(8):
                self.ink.label(surface, total)
                y = bottom
        if roll.detail:
            y = self._line(surface, roll.detail, 17, False, pal.text_dim, x, y + px(2), w)
        return y

    def _draw_banner(self, surface: pygame.Surface, text: str, x: int, y: int,
                     w: int) -> int:
        """The banner at the head of the column: large, and never over the picture."""
        pal, px = self.theme.palette, self.theme.px
        label = Label(self.theme, text, 24, bold=True, colour=(20, 20, 20), wrap=True)
        height = label.place(x + px(14), y + px(10), w - px(28)) - y + px(10)
        box = pygame.Rect(x, y, w, height)
        pygame.draw.rect(surface, pal.luck, box, border_radius=px(10))
        pygame.draw.rect(surface, (20, 20, 20), box, px(3), border_radius=px(10))
        self.ink.label(surface, label)
        return box.bottom + px(12)
