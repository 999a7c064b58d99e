"""A part of the window kept as drawn: painted again only when what it shows changes.

Most of a frame shows what the frame before showed (the panel's cards and log, the
board under the mouse, the status bar). A `Retained` keeps a copy of the pixels of
its rectangle, with the key they were painted for; while the key is the same, the
copy is blitted back instead of painting it all again. The key must name everything
the painting reads (the session's revision, the rectangle, the scale...): a key
that leaves something out shows a stale picture, so a part with no such key (None)
is painted every frame, as before.

Blitting a kept copy whole every frame is the most of a big window's frame: memory
moved for pixels that are already there. The window's surface keeps what the last
frame drew, so a part kept, drawn in the frame before on the same surface for the
same key, needs only the areas drawn over it since put back. A `Soil` is the list of
those areas: every drawing that is not a kept copy's own says where it drew, and a
part that cannot say (a screen that does not report) counts as all of its area.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame


class Soil:
    """Where the window was drawn on, this frame and the one before, and by whom: what
    a part kept drawn must put back to show its copy again (see `Retained.draw`).
    The window calls `new_frame` as it starts each frame."""

    def __init__(self) -> None:
        self.frame = 0
        # Each area drawn, with who drew it: the same area drawn twice is one entry,
        # so two kept parts that overlap (and mend each other's overlap) stay few.
        self._before: dict[tuple[int, int, int, int], set[int]] = {}
        self._now: dict[tuple[int, int, int, int], set[int]] = {}

    def new_frame(self) -> None:
        self.frame += 1
        self._before, self._now = self._now, {}

    def add(self, rect: pygame.Rect, by: object = None) -> None:
        """`rect` was drawn on this frame (by `by`, a kept part; None: anything else)."""
        rect = pygame.Rect(rect)
        if rect.width > 0 and rect.height > 0:
            self._now.setdefault((rect.x, rect.y, rect.width, rect.height), set()).add(id(by))

    def since(self, part: object) -> list[pygame.Rect]:
        """What others drew since `part` drew in the frame before: all that either
        frame drew but `part` (more than that, sometimes: never less)."""
        me = id(part)
        found = {area for drawn in (self._before, self._now)
                 for area, by in drawn.items() if by != {me}}
        return [pygame.Rect(area) for area in found]


class Retained:
    def __init__(self) -> None:
        self._key: object = None
        self._copy: pygame.Surface | None = None
        self._rect = pygame.Rect(0, 0, 0, 0)  # where the copy goes
        self._asked = pygame.Rect(0, 0, 0, 0)  # the rect it was painted for
        self.painted = 0  # how many times it was painted afresh (tests read it)
        # The surface and frame where the copy was last shown, when a Soil was given.
        self._shown: tuple[pygame.Surface, int] | None = None
        self.mended = 0  # frames it only put back what others drew over (tests read it)

    def forget(self) -> None:
        """Paint it afresh next time, whatever the key."""
        self._key, self._copy, self._shown = None, None, None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, key: object,
             paint: Callable[[], pygame.Rect | None], soil: Soil | None = None) -> bool:
        """Blit the copy kept for `key` and `rect`, or call `paint` (which draws `rect`
        on `surface`, and returns the box it painted when that reaches past `rect`)
        and keep a copy of what it drew. True when it painted. With `soil`, a copy
        shown on this surface in the frame before is only mended: what others drew
        over it since is put back; and what this draws is added to `soil`."""
        rect = pygame.Rect(rect)
        if (key is not None and self._copy is not None and rect == self._asked
                and key == self._key):
            if (soil is not None and self._shown is not None
                    and self._shown[0] is surface and self._shown[1] == soil.frame - 1):
                self.mended += 1
                for over in soil.since(self):
                    part = over.clip(self._rect)
                    if part.width and part.height:
                        surface.blit(self._copy, part,
                                     part.move(-self._rect.x, -self._rect.y))
                        soil.add(part, self)
            else:
                surface.blit(self._copy, self._rect)
                if soil is not None:
                    soil.add(self._rect, self)
            self._shown = (surface, soil.frame) if soil is not None else None
            return False
        painted = paint()
        self.painted += 1
        area = (rect.union(painted) if painted is not None else rect).clip(surface.get_rect())
        if soil is not None:
            soil.add(area, self)
        if key is None or not area.width or not area.height:
            self.forget()
            return True
        self._copy = surface.subsurface(area).copy()
        self._key, self._rect, self._asked = key, area, rect
        self._shown = (surface, soil.frame) if soil is not None else None
        return True

    @property
    def key(self) -> object:
        """The key of the copy kept (None: none is)."""
        return self._key if self._copy is not None else None

    @property
    def rect(self) -> pygame.Rect:
        """The rect the copy kept was painted for."""
        return pygame.Rect(self._asked)
