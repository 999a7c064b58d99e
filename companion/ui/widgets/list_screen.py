"""A screen of the stable's records that are not a game: a title and its way back,
a row of buttons for what can be done to the one chosen, a list on the left and the
chosen one on the right (`draw_body`). The Stable and League screens are two. Its
keys come from the one key map (`key_map`); its dialogs are a `DialogScreen`'s."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.ui import keys
from companion.ui.host import DialogScreen, Host
from companion.ui.widgets.controls import Button, Ink, Widget, flow

if TYPE_CHECKING:
    from companion.core.hexgrid import Hex


class ListScreen(DialogScreen):
    title = ""
    short_titles: tuple[str, ...] = ()
    key_map: keys.GameKeys
    help: tuple[str, ...] = ()  # F1's list

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.theme = host.theme
        self.ink = Ink(self.theme)
        self.cursor = 0
        self.card_rects: list[tuple[int, pygame.Rect]] = []
        self.back_button = Button(self.theme, "Back (Esc)", host.show_home, size=17,
                                  short=("Esc",))
        self.action_buttons: list[Button] = []

    def button(self, label: str, run: Callable[[], None], short: tuple[str, ...] = ()
               ) -> Button:
        """One of the action buttons' make."""
        return Button(self.theme, label, run, size=16, short=short)

    def say(self, text: str, error: bool = False) -> None:
        self.message, self.message_is_error = text, error

    # --- what a screen of this kind gives ---------------------------------------------
    def act(self, action: str | None) -> bool:
        """Do what a key of the map names; False for a key it does not use."""
        return False

    def clicked(self, pos: tuple[int, int]) -> bool:
        """A click on the screen's own rows (the list's are `card_rects`)."""
        return False

    def choose(self, index: int) -> None:
        self.cursor = index

    def empty_note(self) -> tuple[str, bool] | None:
        """What stands instead of the list when there is nothing to list, and whether
        it is an error; None when there is a list."""
        return None

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        raise NotImplementedError

    # --- events --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.handle_dialog(event):
            return True
        if event.type == pygame.KEYDOWN:
            if keys.pressed(event, "F1"):
                self.host.show_keys(list(self.help))
                return True
            return self.act(keys.screen_action(self.key_map, event))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in [self.back_button, *self.action_buttons]:
                if button.handle(event):
                    return True
            for index, rect in self.card_rects:
                if rect.collidepoint(event.pos):
                    self.choose(index)
                    return True
            return self.clicked(event.pos)
        return False

    def widgets(self) -> list[Widget]:
        return list(self.ink.drawn)

    # --- layout and drawing ----------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def draw(self, surface: pygame.Surface, hover: Hex | None = None) -> None:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        pygame.draw.rect(surface, pal.background, self.rect)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        ink.clear()
        self.card_rects = []
        x, w = self.rect.x + px(18), self.rect.width - px(36)
        top = self.rect.y + px(12)
        back_w = self.back_button.needed_width()
        if back_w > w // 3:
            back_w = self.back_button.needed_width(shortest=True)
        self.back_button.rect = pygame.Rect(x + w - back_w, top, back_w, px(34))
        ink.widget(surface, self.back_button)
        y = ink.text(surface, self.title, (x, top), w - back_w - px(8), size=28, bold=True,
                     wrap=False, height=px(34), short=self.short_titles) + px(10)
        note = self.empty_note()
        if note is not None:
            # One line of words, wrapped: what is wrong with a broken stable is at its end.
            ink.text(surface, note[0], (x, y), w, size=18,
                     colour=pal.bad if note[1] else pal.text_dim)
        else:
            y = flow(self.action_buttons, x, y, w, px(32), px(6)) + px(10)
            for button in self.action_buttons:
                ink.widget(surface, button)
            self.draw_body(surface, pygame.Rect(x, y, w, self.rect.bottom - px(10) - y))
        surface.set_clip(clip)
