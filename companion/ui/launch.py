"""Start the app window, or say plainly why there is no screen to open it on."""

from __future__ import annotations

import os
import sys


def display_available(environ: dict[str, str] | None = None, platform: str | None = None) -> bool:
    """True when a window can be shown: a display server is named, or the user asked
    for a particular SDL video driver (tests ask for "dummy"). Without this check SDL
    falls back silently to an offscreen driver and the window is invisible."""
    env = os.environ if environ is None else environ
    plat = sys.platform if platform is None else platform
    if env.get("SDL_VIDEODRIVER"):
        return True
    if plat.startswith(("win", "darwin")):
        return True
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def launch(smoke: bool = False) -> int:
    if not display_available():
        print(
            "companion: no display available (DISPLAY and WAYLAND_DISPLAY are unset); "
            "run it on a desktop, or set SDL_VIDEODRIVER to choose a video driver.",
            file=sys.stderr,
        )
        return 1
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from companion.ui.app import App

    app = App()
    try:
        return app.run(frames=1 if smoke else None)
    finally:
        app.close()
