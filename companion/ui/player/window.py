"""The player's window: a second window, for a TV or a screen the players see, that
follows the session on the GM's screen (its actions, undo and redo) on the same event
loop. It has no controls of the GM's: its keys change only itself (F6 closes it, F9
its scale, F11 full screen, O the odds), and it keeps its own size and scale.

It reopens where it was last: on that display if it is still there, at the same
place on it, in full screen if it was (see companion.ui.player.displays); the first time, on
the last display (a TV beside the laptop), else centred on the one display.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion import APP_NAME
from companion.files.settings import Settings
from companion.ui import registry
from companion.ui.fit import Layer
from companion.ui.host import session_of
from companion.ui.icon import show_icon
from companion.ui.player.displays import display_of, display_rects, opening_place
from companion.ui.player.view import PlayerView
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Ink, Label

TITLE = f"{APP_NAME}: the players' view"
OPENING_SHARE = 0.85  # of its display, the first time it opens
WAITING = ("The players' view", "The game shows here as soon as the GM starts or opens "
           "one. F6 closes this window; F11: full screen.")


class PlayerWindow:
    def __init__(self, settings: Settings, minimum: tuple[int, int],
                 fitted: Any) -> None:
        """`fitted(chosen, size)`: the UI scale a window of that size holds."""
        self.minimum = minimum
        self.fitted = fitted
        display, position, size = opening_place(settings.player_place, display_rects(),
                                                minimum, OPENING_SHARE)
        self.window = pygame.Window(TITLE, size, position=position, resizable=True)
        show_icon(self.window)
        self.window.minimum_size = minimum
        self.chosen_scale = settings.player_scale
        self.show_odds = settings.player_odds
        self.theme = Theme(scale=fitted(self.chosen_scale, size))
        self.place = self._measured(display)
        self.fullscreen = False
        self.closed = False  # asked to close (its close button, F6): the app closes it
        self.note = ""  # what its last key did, when it could not (full screen)
        self.view: PlayerView | None = None
        self._view_of: object = None  # the GM's screen the view was made for
        self._drawn: tuple[Any, ...] | None = None
        self.frames_drawn = 0
        self.ink = Ink(self.theme)
        if settings.player_fullscreen:
            self.toggle_fullscreen()  # on the display it was last on, as it was left

    def _measured(self, display: int | None = None) -> tuple[int, int, int, int, int]:
        """Where the window is now: its display, its place from that display's top left,
        its size."""
        if display is None:
            display = display_of(self.window)
        rects = display_rects()
        origin = rects[display].topleft if 0 <= display < len(rects) else (0, 0)
        x, y = self.window.position
        return (display, x - origin[0], y - origin[1], *self.window.size)

    # --- the settings it keeps ------------------------------------------------------------
    def kept(self, settings: Settings) -> Settings:
        """`settings` with this window's place, scale, odds and full screen."""
        if not self.fullscreen:
            self.place = self._measured()
        found = settings.with_player_place(self.place).with_player_odds(
            self.show_odds).with_player_fullscreen(self.fullscreen)
        while found.player_scale != self.chosen_scale:
            found = found.next_player_scale()
        return found

    # --- events -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Act on one of its own events; True when it must be drawn again. Nothing here
        reaches the GM's screen."""
        kind = event.type
        if kind == pygame.WINDOWCLOSE:
            self.closed = True
            return False
        if kind in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED,
                    pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED):
            self._rescale()
            self._drawn = None
            return True
        if kind == pygame.WINDOWMOVED and not self.fullscreen:
            self.place = self._measured()
            return False
        if kind != pygame.KEYDOWN:
            return False
        self.note = ""
        if event.key == pygame.K_F6:
            self.closed = True
        elif event.key == pygame.K_F9:
            self.chosen_scale = {1.0: 1.5, 1.5: 2.0}.get(self.chosen_scale, 1.0)
            self._rescale()
        elif event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.key == pygame.K_o:
            self.show_odds = not self.show_odds
        else:
            return False
        self._drawn = None
        return True

    def toggle_fullscreen(self) -> None:
        try:
            if self.fullscreen:
                self.window.set_windowed()
            else:
                self.place = self._measured()
                self.window.set_fullscreen(desktop=True)
        except pygame.error as err:  # a driver with no full screen: the window stays
            self.note = f"no full screen here: {err}"
            return
        self.fullscreen = not self.fullscreen
        self._rescale()

    def _rescale(self) -> None:
        scale = self.fitted(self.chosen_scale, self.window.size)
        if scale != self.theme.scale:
            self.theme.set_scale(scale)
            self.view = None  # made again at the new scale
            self.ink = Ink(self.theme)

    # --- drawing ----------------------------------------------------------------------------
    def view_for(self, screen: object) -> PlayerView | None:
        """The view of the session `screen` plays, made when the screen changes."""
        if screen is not self._view_of or (self.view is None and screen is not None):
            self._view_of = screen
            self.view = None
            session = session_of(screen) if screen is not None else None  # type: ignore[arg-type]
            target = registry.player_view_for(session.ruleset.id) if session else None
            if target is not None:
                self.view = registry.load(target)(self.theme, screen)
        return self.view

    def draw(self, screen: object) -> bool:
        """Draw what `screen` (the GM's) shows the players, if anything changed; True if
        it drew."""
        view = self.view_for(screen)
        size = tuple(self.window.size)
        key = (size, self.theme.scale, self.show_odds, id(view),
               view.key() if view is not None else None)
        if key == self._drawn and not (view is not None and view.moving()):
            return False
        self._drawn = key
        surface = self.window.get_surface()
        rect = surface.get_rect()
        self.ink.clear()
        if view is None:
            self._draw_waiting(surface, rect)
        else:
            view.layout(rect)
            view.draw(surface, self.show_odds)
        self.window.flip()
        self.frames_drawn += 1
        return True

    def _draw_waiting(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pal, px = self.theme.palette, self.theme.px
        surface.fill(pal.background)
        width = min(rect.width - px(80), px(900))
        x = rect.centerx - width // 2
        title = Label(self.theme, WAITING[0], 40, bold=True, colour=pal.hover,
                      align="centre")
        y = title.place(x, rect.centery - px(80), width)
        self.ink.label(surface, title)
        line = Label(self.theme, WAITING[1], 22, colour=pal.text_dim, wrap=True)
        line.place(x, y + px(20), width)
        self.ink.label(surface, line)

    def layers(self) -> list[Layer]:
        """What it drew last, as the fit check asks it."""
        area = pygame.Rect((0, 0), self.window.size)
        view = self.view
        if view is None:
            return [Layer("the player's window", area, list(self.ink.drawn))]
        found = [Layer("the player's window", area, view.widgets())]
        found += [Layer(name, box, widgets) for name, box, widgets in view.areas()]
        return found

    def words(self) -> list[str]:
        """Every text the last frame drew."""
        return [fit.text for layer in self.layers() for w in layer.widgets
                for fit in [w.fit()] if fit.text]

    def close(self) -> None:
        self.window.destroy()
