"""A part of the window kept as drawn: painted again only when what it shows changes.

Most of a frame shows what the frame before showed (the panel's cards and log, the
board under the mouse, the status bar). A `Retained` keeps a copy of the pixels of
its rectangle, with the key they were painted for; while the key is the same, the
copy is blitted back instead of painting it all again. The key must name everything
the painting reads (the session's revision, the rectangle, the scale...): a key
that leaves something out shows a stale picture, so a part with no such key (None)
is painted every frame, as before.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame


class Retained:
    def __init__(self) -> None:
        self._key: object = None
        self._copy: pygame.Surface | None = None
        self._rect = pygame.Rect(0, 0, 0, 0)  # where the copy goes
        self._asked = pygame.Rect(0, 0, 0, 0)  # the rect it was painted for
        self.painted = 0  # how many times it was painted afresh (tests read it)

    def forget(self) -> None:
        """Paint it afresh next time, whatever the key."""
        self._key, self._copy = None, None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, key: object,
             paint: Callable[[], pygame.Rect | None]) -> bool:
        """Blit the copy kept for `key` and `rect`, or call `paint` (which draws `rect`
        on `surface`, and returns the box it painted when that reaches past `rect`)
        and keep a copy of what it drew. True when it painted."""
        rect = pygame.Rect(rect)
        if (key is not None and self._copy is not None and rect == self._asked
                and key == self._key):
            surface.blit(self._copy, self._rect)
            return False
        painted = paint()
        self.painted += 1
        area = (rect.union(painted) if painted is not None else rect).clip(surface.get_rect())
        if key is None or not area.width or not area.height:
            self.forget()
            return True
        self._copy = surface.subsurface(area).copy()
        self._key, self._rect, self._asked = key, area, rect
        return True

    @property
    def key(self) -> object:
        """The key of the copy kept (None: none is)."""
        return self._key if self._copy is not None else None

    @property
    def rect(self) -> pygame.Rect:
        """The rect the copy kept was painted for."""
        return pygame.Rect(self._asked)
