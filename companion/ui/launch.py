"""Start the app window, or say plainly why there is no screen to open it on."""

from __future__ import annotations

import gc
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


# What --smoke draws: the first frame (before the tables load), then the start screen,
# made as on a real start (it reads the user's tables and kits folders) and drawn.
SMOKE_FRAMES = 2


def launch(smoke: bool = False) -> int:
    if not display_available():
        print(
            "companion: no display available (DISPLAY and WAYLAND_DISPLAY are unset); "
            "run it on a desktop, or set SDL_VIDEODRIVER to choose a video driver.",
            file=sys.stderr,
        )
        return 1
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # No cyclic garbage collection until the start screen shows. A start makes tens of
    # thousands of objects that live as long as the app (modules, classes, functions,
    # pygame's own), and the collector went over them again and again as they were
    # made: about 4 % of a start's instructions, for almost no garbage. Once the start
    # screen is up they are frozen out of later collections, which then go over only
    # what the game makes.
    gc.disable()
    try:
        if smoke:
            return _smoke()
        from companion.ui.app import App

        app = App(size=None)  # the display's, or the size it had last
        try:
            return app.run(started=settle_collector)
        finally:
            app.close()
    finally:
        gc.enable()


def settle_collector() -> None:
    """The start is over: what it made is kept out of later collections, which run
    again from now on."""
    gc.freeze()
    gc.enable()


def first_frame() -> int:
    """Open the window, draw the first frame and close: what a player waits for before
    he sees anything (`scripts/bench` times it)."""
    from companion.ui.app import App

    app = App()
    try:
        return app.run(frames=1)
    finally:
        app.close()


def _smoke() -> int:
    """The start-up of a real start, then exit: 0, or 1 and one line saying what failed,
    so that a test (or a packager's check) sees a start screen that cannot be made."""
    from companion.ui.app import App

    try:
        app = App()
        try:
            app.run(frames=SMOKE_FRAMES, started=settle_collector)
            if app.screen is None or app.frames_drawn < SMOKE_FRAMES:
                raise RuntimeError("the start screen was not shown")
        finally:
            app.close()
    except Exception as err:  # whatever it is, the smoke test says it in one line
        print(f"companion: start-up failed: {_one_line(err)}", file=sys.stderr)
        return 1
    return 0


def _one_line(err: BaseException) -> str:
    from companion.errors import UserError

    text = " ".join(str(err).split())
    if isinstance(err, UserError):
        return text or type(err).__name__
    return f"{type(err).__name__}: {text}" if text else type(err).__name__
