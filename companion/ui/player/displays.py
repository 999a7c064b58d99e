"""Where the displays are, and which one a window is on: what a window needs to reopen
on the display where it was last.

pygame-ce 2.5.8 tells a window's place but not its display, nor where each display
lies on the desktop. SDL, which pygame-ce is built on, tells both: this module asks
the very SDL library the process has loaded (one library, one state), through ctypes.
Where it cannot be found (another system, another build), the displays are taken to
stand side by side from the left in their order, at the sizes pygame-ce gives: the
usual arrangement, and never an error.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Sequence
from functools import cache

import pygame


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int),
                ("h", ctypes.c_int)]


@cache
def _sdl() -> ctypes.CDLL | None:
    """The SDL library already loaded in this process, or None."""
    found: list[str] = []
    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            found = sorted({line.split()[-1] for line in maps
                            if "/libSDL2-2" in line or "/libSDL2.so" in line})
    except OSError:
        found = []
    names = found or (["SDL2.dll"] if sys.platform == "win32" else [])
    for name in names:
        try:
            lib = ctypes.CDLL(name)
            lib.SDL_GetWindowFromID.restype = ctypes.c_void_p
            lib.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
            lib.SDL_GetWindowDisplayIndex.argtypes = [ctypes.c_void_p]
            lib.SDL_GetDisplayBounds.argtypes = [ctypes.c_int, ctypes.POINTER(_Rect)]
            lib.SDL_GetNumVideoDisplays.argtypes = []
        except (OSError, AttributeError):
            continue
        return lib
    return None


def display_rects() -> list[pygame.Rect]:
    """Each display's place and size on the desktop, in SDL's order."""
    lib = _sdl()
    if lib is not None:
        rects = []
        for i in range(max(0, lib.SDL_GetNumVideoDisplays())):
            r = _Rect()
            if lib.SDL_GetDisplayBounds(i, ctypes.byref(r)) != 0:
                break
            rects.append(pygame.Rect(r.x, r.y, r.w, r.h))
        if rects:
            return rects
    rects, x = [], 0
    for width, height in pygame.display.get_desktop_sizes():
        rects.append(pygame.Rect(x, 0, width, height))
        x += width
    return rects


def display_of(window: pygame.Window) -> int:
    """The display `window` is on (the one that holds its centre, as SDL counts it)."""
    lib = _sdl()
    if lib is not None:
        handle = lib.SDL_GetWindowFromID(window.id)
        if handle:
            index = int(lib.SDL_GetWindowDisplayIndex(handle))
            if index >= 0:
                return index
    centre = pygame.Rect(window.position, window.size).center
    rects = display_rects()
    for i, rect in enumerate(rects):
        if rect.collidepoint(centre):
            return i
    return 0


def primary(rects: Sequence[pygame.Rect]) -> int:
    """The primary display: the one at the desktop's origin, as SDL lays them out
    (the first, if none is)."""
    return next((i for i, r in enumerate(rects) if r.topleft == (0, 0)), 0)


def place_on(display: int, offset: tuple[int, int] | None, size: tuple[int, int],
             minimum: tuple[int, int], rects: Sequence[pygame.Rect],
             ) -> tuple[int, tuple[int, int], tuple[int, int]]:
    """Where a window last at `offset` from the top left of `display`, of `size`,
    opens among the displays `rects` present now: (its display, its place on the
    desktop, its size). On that display if it is still there, else centred on the
    primary; `offset` None centres it. Always kept within its display (a place off
    it, or a size larger than it, is brought back), and no smaller than `minimum`."""
    if not rects:
        return 0, (0, 0), (max(minimum[0], size[0]), max(minimum[1], size[1]))
    if not 0 <= display < len(rects):
        display, offset = primary(rects), None  # gone: centred on the primary
    screen = rects[display]
    width = max(minimum[0], min(size[0], screen.width))
    height = max(minimum[1], min(size[1], screen.height))
    box = pygame.Rect(screen.x, screen.y, width, height)
    if offset is None:
        box.center = screen.center
    else:
        box.topleft = (screen.x + offset[0], screen.y + offset[1])
    box.clamp_ip(screen)
    return display, box.topleft, box.size


def opening_place(saved: tuple[int, int, int, int, int] | None,
                  rects: Sequence[pygame.Rect], minimum: tuple[int, int],
                  share: float) -> tuple[int, tuple[int, int], tuple[int, int]]:
    """Where the player's window opens, from where it was last (`saved`: display,
    x and y from its top left, width, height) and the displays present now. The
    first time: centred on the last display (a TV beside the laptop), `share` of its
    size."""
    if saved is not None:
        display, x, y, width, height = saved
        return place_on(display, (x, y), (width, height), minimum, rects)
    last = max(0, len(rects) - 1)
    screen = rects[last] if rects else pygame.Rect(0, 0, *minimum)
    size = (round(screen.width * share), round(screen.height * share))
    return place_on(last, None, size, minimum, rects)
