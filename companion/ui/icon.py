"""The app's icon on its windows (the title bar, the task bar, Alt+Tab)."""

from __future__ import annotations

import contextlib

import pygame

from companion import paths

# Desktops scale the one icon a window gives them: 64 pixels reads well from the title
# bar's 16 to a task bar's 48 and costs a start well under a millisecond to load.
WINDOW_ICON = 64


def show_icon(window: pygame.Window) -> None:
    """Give `window` the app's icon; an icon that cannot be read leaves the desktop's
    own, and never stops a start."""
    with contextlib.suppress(pygame.error, OSError):
        window.set_icon(pygame.image.load(str(paths.icon_path(WINDOW_ICON))))
