"""The dice tray: type notation or click quick dice; every die is shown, luck dice in
their own colour, with the recent rolls below."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame

from companion.dice import DiceSource
from companion.errors import UserError
from companion.notation import RollResult, evaluate, parse
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Button, TextField, draw_text

QUICK = ("d6", "2d6", "d66", "d8", "d20")
HISTORY = 8


@dataclass
class TrayRoll:
    result: RollResult
    luck_faces: tuple[int, ...] = ()

    def line(self) -> str:
        luck = f"  luck {list(self.luck_faces)}" if self.luck_faces else ""
        return f"{self.result}{luck}"


class DiceTray:
    title = "Dice"
    # The window's: each finished roll goes to the roll log.
    on_roll: Callable[[RollResult, tuple[int, ...]], None] | None = None

    def __init__(self, theme: Theme, dice: DiceSource) -> None:
        self.theme = theme
        self.dice = dice
        self.field = TextField(theme, "Type dice, e.g. 2d6+1, 4d6>=5", self.roll_text)
        self.quick = [Button(theme, q, partial(self.roll_text, q)) for q in QUICK]
        self.pool_size = 4
        self.luck = 0
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

    # --- actions ------------------------------------------------------------------
    def roll_text(self, text: str) -> None:
        try:
            result = evaluate(parse(text), self.dice, purpose="tray")
        except UserError as err:
            self.message, self.message_is_error = str(err), True
            return
        self._add(TrayRoll(result))

    def roll_pool(self) -> None:
        result = evaluate(parse(f"{self.pool_size}d6"), self.dice, purpose="pool")
        luck = self.dice.d6(self.luck, purpose="luck").faces if self.luck else ()
        self._add(TrayRoll(result, tuple(luck)))

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
        self.field.rect = pygame.Rect(x, y, w, px(40))
        y += px(52)
        bw = (w - px(8) * (len(QUICK) - 1)) // len(QUICK)
        for i, button in enumerate(self.quick):
            button.rect = pygame.Rect(x + i * (bw + px(8)), y, bw, px(40))
        y += px(56)
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

    def _draw_dice(self, surface: pygame.Surface, roll: TrayRoll, x: int, y: int) -> int:
        pal, px = self.theme.palette, self.theme.px
        size, gap = px(38), px(6)
        per_row = max(1, (self.rect.width - px(28)) // (size + gap))
        faces = [(f, False) for f in roll.result.faces] + [(f, True) for f in roll.luck_faces]
        font = self.theme.fonts.get(20, bold=True)
        for i, (face, luck) in enumerate(faces[: per_row * 4]):
            r = pygame.Rect(
                x + (i % per_row) * (size + gap), y + (i // per_row) * (size + gap), size, size
            )
            pygame.draw.rect(surface, pal.luck if luck else pal.die, r, border_radius=px(6))
            text = font.render(str(face), True, pal.die_text)
            surface.blit(text, text.get_rect(center=r.center))
        rows = (min(len(faces), per_row * 4) + per_row - 1) // per_row
        return y + rows * (size + gap)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.field.handle(event):
            return True
        return any(b.handle(event) for b in self.quick + self.pool_buttons)

    @property
    def typing(self) -> bool:
        return self.field.focused
