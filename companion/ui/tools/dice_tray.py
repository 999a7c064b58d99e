"""The dice tray: type notation or click quick dice; every die is shown (those a keep,
a drop or a reroll took out greyed), luck dice in their own colour, with the recent
rolls below. Beside the field, the exact odds of what is typed, as a bar chart that
follows the typing, the last roll marked on it; a bar hovered tells its chance, that
or better and that or worse."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame

from companion.dice.notation.parse import parse
from companion.dice.notation.roll import RollResult, evaluate
from companion.dice.notation.words import ShownDie
from companion.dice.odds.distribution import Distribution
from companion.dice.odds.expression import distribution
from companion.dice.oddschart import Bar, bars, hover_words
from companion.dice.sources import DiceSource
from companion.errors import UserError
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Button, TextField, draw_text

QUICK = ("d6", "2d6", "d66", "d8", "d20")
HISTORY = 8


@dataclass
class TrayRoll:
    """One roll of the tray, as a record: the notation (`result.expr`), each face drawn
    with what it counts for and whether it was kept (`result.dice`), the total
    (`result.total`), and the luck dice rolled beside a pool."""

    result: RollResult
    luck_faces: tuple[int, ...] = ()

    @property
    def notation(self) -> str:
        return self.result.expr

    @property
    def dice(self) -> list[ShownDie]:
        return self.result.dice

    @property
    def total(self) -> int:
        return self.result.total

    def line(self) -> str:
        luck = ("  luck " + ", ".join(map(str, self.luck_faces))) if self.luck_faces else ""
        return f"{self.result}{luck}"


class DiceTray:
    title = "Dice"
    # The window's: each finished roll goes to the roll log.
    on_roll: Callable[[RollResult, tuple[int, ...]], None] | None = None

    def __init__(self, theme: Theme, dice: DiceSource) -> None:
        self.theme = theme
        self.dice = dice
        self.field = TextField(theme, "Type dice: 4d6kh3", self.roll_text,
                               on_change=self._typed, short=("Dice: 4d6kh3", "4d6kh3"))
        self.quick = [Button(theme, q, partial(self.roll_text, q)) for q in QUICK]
        self.pool_size = 4
        self.luck = 0
        self.faces_shown: list[str] = []  # the last roll's dice as drawn, for the tests
        self.pool_buttons = [
            Button(theme, "-", lambda: self._step_pool(-1)),
            Button(theme, "+", lambda: self._step_pool(1)),
            Button(theme, "Roll pool", self.roll_pool),
            Button(theme, "-", lambda: self._step_luck(-1)),
            Button(theme, "+", lambda: self._step_luck(1)),
        ]
        self.history: list[TrayRoll] = []
        self.message = "Click a die, or type notation and press Enter."
        self.message_is_error = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.chart = pygame.Rect(0, 0, 0, 0)
        # What the chart shows: the odds of the notation typed, or of the last roll
        # with its total marked once the field is empty; or why there are none.
        self.odds: Distribution | None = None
        self.odds_error = ""
        self.odds_of = ""  # the notation charted, as the player wrote it
        self.mark: int | None = None
        self.hovered: Bar | None = None
        self._bars: list[tuple[pygame.Rect, Bar]] = []
        self._known: dict[str, Distribution | str] = {}

    # --- the chart ----------------------------------------------------------------
    def _odds(self, text: str) -> Distribution | str:
        """The exact odds of `text`, or the one-line reason there are none (each
        notation worked out once: typing back and forth costs nothing)."""
        if text not in self._known:
            try:
                self._known[text] = distribution(parse(text))
            except UserError as err:
                self._known[text] = str(err)
            if len(self._known) > 64:
                del self._known[next(iter(self._known))]
        return self._known[text]

    def _chart(self, text: str, mark: int | None) -> None:
        self.hovered, self.mark, self.odds_of = None, mark, text
        if not text.strip():
            self.odds, self.odds_error = None, ""
            return
        found = self._odds(text)
        if isinstance(found, str):
            self.odds, self.odds_error = None, found
        else:
            self.odds, self.odds_error = found, ""

    @property
    def chart_words(self) -> str:
        """The line under the chart: the bar hovered, or what the chart shows."""
        if self.odds is None:
            return ""
        if self.hovered is not None:
            return hover_words(self.odds, self.hovered)
        words = (f"{self.odds_of.strip()}: {self.odds.min} to {self.odds.max}, "
                 f"{float(self.odds.mean()):.1f} on average")
        return words if self.mark is None else f"{words}; rolled {self.mark}"

    def _typed(self, text: str) -> None:
        if text.strip() or not self.history:
            self._chart(text, None)
        else:
            # The field emptied: back to the last roll, marked.
            last = self.history[0]
            self._chart(last.notation, last.total)

    def on_show(self) -> None:
        """F3: the cursor in the dice field, ready to type."""
        self.field.focused = True

    # --- actions ------------------------------------------------------------------
    def roll_text(self, text: str) -> None:
        try:
            result = evaluate(parse(text), self.dice, purpose="tray")
        except UserError as err:
            self.message, self.message_is_error = str(err), True
            return
        self._add(TrayRoll(result))
        # The field clears for the next roll; the chart stays on this one, marked.
        self.field.text = ""
        self._chart(text, result.total)

    def roll_pool(self) -> None:
        result = evaluate(parse(f"{self.pool_size}d6"), self.dice, purpose="pool")
        luck = self.dice.d6(self.luck, purpose="luck").faces if self.luck else ()
        self._add(TrayRoll(result, tuple(luck)))
        if not self.field.text.strip():
            self._chart(result.expr, result.total)

    def _add(self, roll: TrayRoll) -> None:
        self.history.insert(0, roll)
        del self.history[HISTORY:]
        self.message, self.message_is_error = roll.line(), False
        if self.on_roll is not None:
            self.on_roll(roll.result, roll.luck_faces)

    def _step_pool(self, step: int) -> None:
        self.pool_size = max(1, min(30, self.pool_size + step))

    def _step_luck(self, step: int) -> None:
        self.luck = max(0, min(10, self.luck + step))

    # --- layout and drawing ---------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        px, pad = self.theme.px, self.theme.px(14)
        x, y, w = rect.x + pad, rect.y + pad, rect.width - 2 * pad
        left = w // 2  # the field; the chart beside it
        self.field.rect = pygame.Rect(x, y, left, px(40))
        self.chart = pygame.Rect(x + left + px(10), y, w - left - px(10), px(76))
        y += px(84)
        bw = (w - px(8) * (len(QUICK) - 1)) // len(QUICK)
        for i, button in enumerate(self.quick):
            button.rect = pygame.Rect(x + i * (bw + px(8)), y, bw, px(40))
        y += px(48)
        self._words_y = y
        y += self.theme.fonts.get(16).get_linesize() + px(8)
        small = px(36)
        minus, plus, roll, lminus, lplus = self.pool_buttons
        label_w = px(84)
        minus.rect = pygame.Rect(x + label_w, y, small, small)
        plus.rect = pygame.Rect(x + label_w + small + px(44), y, small, small)
        roll.rect = pygame.Rect(plus.rect.right + px(12), y, px(120), small)
        y += small + px(8)
        lminus.rect = pygame.Rect(x + label_w, y, small, small)
        lplus.rect = pygame.Rect(x + label_w + small + px(44), y, small, small)
        self._counts_y = (minus.rect.centery, lminus.rect.centery)
        self._dice_top = y + small + px(16)

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        self.field.draw(surface)
        self._draw_chart(surface)
        for button in self.quick + self.pool_buttons:
            button.draw(surface)
        font = fonts.get(18, bold=True)
        x = self.rect.x + px(14)
        minus = self.pool_buttons[0].rect
        for label, value, cy in (
            ("Pool d6", self.pool_size, self._counts_y[0]),
            ("Luck", self.luck, self._counts_y[1]),
        ):
            surface.blit(font.render(label, True, pal.text), (x, cy - font.get_height() // 2))
            num = font.render(str(value), True, pal.luck if label == "Luck" else pal.text)
            surface.blit(num, num.get_rect(center=(minus.right + px(22), cy)))
        y = self._dice_top
        colour = pal.bad if self.message_is_error else pal.text
        y = draw_text(
            surface, self.message, fonts.get(18), colour, (x, y), self.rect.width - px(28)
        )
        if self.history:
            y = self._draw_dice(surface, self.history[0], x, y + px(8))
        y += px(12)
        surface.blit(fonts.get(18, bold=True).render("Recent", True, pal.text_dim), (x, y))
        y += px(28)
        small = fonts.get(16)
        for roll in self.history[1:]:
            if y > self.rect.bottom - small.get_linesize():
                break
            y = draw_text(
                surface, roll.line(), small, pal.text_dim, (x, y), self.rect.width - px(28)
            )

    def _draw_chart(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        box = self.chart
        pygame.draw.rect(surface, pal.field, box, border_radius=px(4))
        pygame.draw.rect(surface, pal.panel_edge, box, 1, border_radius=px(4))
        small = fonts.get(14)
        inner = box.inflate(-px(12), -px(10))
        self._bars = []
        if self.odds_error:
            # One message, wrapped in the box: a very long one is cut at its edge.
            surface.set_clip(inner)
            draw_text(surface, self.odds_error, small, pal.bad, inner.topleft, inner.width)
            surface.set_clip(None)
        elif self.odds is None:
            draw_text(surface, "The odds of what you type show here.", small, pal.text_dim,
                      inner.topleft, inner.width)
        else:
            self._draw_bars(surface, self.odds, inner, small)
        words = self.chart_words
        if words:
            x = self.field.rect.x
            draw_text(surface, words, fonts.get(16), pal.text, (x, self._words_y),
                      self.rect.right - px(14) - x)

    def _draw_bars(self, surface: pygame.Surface, odds: Distribution, inner: pygame.Rect,
                   font: pygame.font.Font) -> None:
        pal, px = self.theme.palette, self.theme.px
        labels = font.get_linesize()
        area = pygame.Rect(inner.x, inner.y, inner.width, inner.height - labels)
        shown = bars(odds, max(1, area.width // px(3)))
        tallest = max(bar.chance for bar in shown) or 1
        step = area.width / len(shown)
        for i, bar in enumerate(shown):
            left, right = area.x + round(i * step), area.x + round((i + 1) * step)
            height = max(1 if bar.chance else 0, round(area.height * bar.chance / tallest))
            column = pygame.Rect(left, area.y, max(1, right - left), area.height)
            self._bars.append((column, bar))
            colour = pal.text_dim
            if self.mark is not None and bar.holds(self.mark):
                colour = pal.hover
            elif bar is self.hovered or bar == self.hovered:
                colour = pal.text
            gap = 1 if right - left > 3 else 0
            pygame.draw.rect(surface, colour, (left, area.bottom - height,
                                               max(1, right - left - gap), height))
        low = font.render(str(odds.min), True, pal.text_dim)
        high = font.render(str(odds.max), True, pal.text_dim)
        surface.blit(low, (area.x, area.bottom))
        surface.blit(high, high.get_rect(topright=(area.right, area.bottom)))

    def _draw_dice(self, surface: pygame.Surface, roll: TrayRoll, x: int, y: int) -> int:
        pal, px = self.theme.palette, self.theme.px
        size, gap = px(38), px(6)
        per_row = max(1, (self.rect.width - px(28)) // (size + gap))
        # Every face drawn, in order: those taken out (dropped, rerolled away) greyed.
        # A die that exploded (made another roll) is ringed and says so: "6!".
        faces = [(d.value, d.kept, False, d.exploded) for d in roll.dice]
        faces += [(f, True, True, False) for f in roll.luck_faces]
        font = self.theme.fonts.get(20, bold=True)
        self.faces_shown = []
        for i, (face, kept, luck, exploded) in enumerate(faces[: per_row * 4]):
            r = pygame.Rect(
                x + (i % per_row) * (size + gap), y + (i // per_row) * (size + gap), size, size
            )
            fill = pal.luck if luck else pal.die if kept else pal.button
            pygame.draw.rect(surface, fill, r, border_radius=px(6))
            if exploded:
                pygame.draw.rect(surface, pal.hover, r, px(3), border_radius=px(6))
            shown = f"{face}!" if exploded else str(face)
            self.faces_shown.append(shown)
            text = font.render(shown, True, pal.die_text if kept else pal.text_dim)
            surface.blit(text, text.get_rect(center=r.center))
        rows = (min(len(faces), per_row * 4) + per_row - 1) // per_row
        return y + rows * (size + gap)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            hovered = next((bar for rect, bar in self._bars if rect.collidepoint(event.pos)),
                           None)
            changed = hovered != self.hovered
            self.hovered = hovered
            return changed
        if self.field.handle(event):
            return True
        return any(b.handle(event) for b in self.quick + self.pool_buttons)

    @property
    def typing(self) -> bool:
        return self.field.focused
