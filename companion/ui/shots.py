"""Screenshots of the key screens, for people to look at (scripts/shots).

Drives the app with real posted events and saves what the window shows after each.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pygame

from companion.ui.app import App


def press(key: int, text: str = "", mod: int = 0) -> None:
    """A key as SDL delivers it: KEYDOWN, then TEXTINPUT for printable keys."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def type_text(text: str) -> None:
    for ch in text:
        press(pygame.key.key_code(ch) if ch != " " else pygame.K_SPACE, ch)


def click(pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def pump(app: App) -> None:
    """Hand every queued event to the app, then draw."""
    for event in pygame.event.get():
        app.handle(event)
    app.draw()


def shoot(app: App, folder: Path, name: str, steps: Callable[[], None] | None = None) -> Path:
    if steps:
        steps()
    pump(app)
    path = folder / f"{name}.png"
    pygame.image.save(app.window.get_surface(), str(path))
    return path


def walk(folder: Path, scale: float = 1.0) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    app = App(scale=scale)
    suffix = "" if scale == 1.0 else f"-{round(scale * 100)}"
    try:
        made = [shoot(app, folder, f"arena-empty{suffix}")]
        e7 = app.board_view.layout.hex_to_pixel(app.board.from_label("E7"))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(map(round, e7)), rel=(0, 0),
                               buttons=(0, 0, 0))
        )
        made.append(shoot(app, folder, f"hover{suffix}"))

        def dice() -> None:
            press(pygame.K_F3)
            pump(app)
            tray = app.panel.view
            click(tray.quick[1].rect.center)
            click(tray.pool_buttons[4].rect.center)
            click(tray.pool_buttons[2].rect.center)

        made.append(shoot(app, folder, f"dice-tray{suffix}", dice))

        def tables() -> None:
            press(pygame.K_F4)
            pump(app)
            type_text("s19")

        made.append(shoot(app, folder, f"table-browser{suffix}", tables))
        return made
    finally:
        app.close()


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path("shots")
    made = walk(folder) + walk(folder, scale=2.0)
    for path in made:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
