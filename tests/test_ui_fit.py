"""Every screen fits: at each window size and UI scale the issue names, every widget
drawn holds its text, stays inside its area and overlaps no other. The check asks the
widgets (`companion.ui.fit`), never the pixels: each screen, panel view, dialog and the
status bar lists what it drew."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pygame
import pytest

from companion import paths
from companion.dice import ScriptedDice
from companion.rulesets.battle.sheet import quick_sheet
from companion.ui.app import App
from companion.ui.fit import problems
from companion.ui.shots import press, pump

SIZES = [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)]
SCALES = [1.0, 1.5, 2.0]

SKIRMISH = {"gladiators": [
    {"name": "Brutus", "type": "samnite", "side": "red", "at": "E6", "facing": "S",
     "strength": 8},
    {"name": "Nereus", "type": "retiarius", "side": "blue", "at": "E7", "facing": "N",
     "strength": 9},
]}


def _sample() -> dict:
    return json.loads((paths.assets_dir() / "samples" / "hammer-rookie.json").read_text())


def _key(app: App, key: int, text: str = "", mod: int = 0) -> None:
    press(key, text, mod)
    pump(app)


def _start(app: App) -> None:
    from pathlib import Path

    for name in ("/tmp/a.json", "/home/someone/bouts/a saturday in the arena.json"):
        app.settings = app.settings.with_recent(Path(name))
    app.show_home()
    screen = app.screen
    screen.add_row()  # type: ignore[union-attr]
    screen.add_row()  # type: ignore[union-attr]


def _battle_setup(app: App) -> None:
    app.show_setup("battle")


def _battle_setup_sheet(app: App) -> None:
    app.show_setup("battle")
    app.screen.sides[0].choice = 1  # type: ignore[union-attr]


def _arena(app: App) -> None:
    assert app.start_session("skirmish", SKIRMISH,
                             dice=ScriptedDice([5, 2, 6] + [3] * 40)) is None
    pump(app)
    _key(app, pygame.K_SPACE, " ")  # his AP
    _key(app, pygame.K_TAB)  # a foe and a weapon: the odds card


def _duel(app: App) -> None:
    setup = {"a": {**_sample()}, "b": quick_sheet("Brenna", 12, 2, 1, 3)}
    from companion.ui.battle.setup import duel_setup

    assert app.start_session("battle", duel_setup(setup["a"], setup["b"]),
                             dice=ScriptedDice([5, 2] + [3] * 40)) is None
    pump(app)
    _key(app, pygame.K_RETURN)  # initiative


def _then(first: Callable[[App], None], *keys: tuple[int, str, int]) -> Callable[[App], None]:
    def scene(app: App) -> None:
        first(app)
        for key, text, mod in keys:
            _key(app, key, text, mod)
    return scene


def _ending(first: Callable[[App], None]) -> Callable[[App], None]:
    def scene(app: App) -> None:
        first(app)
        app.screen._end_dialog()  # type: ignore[union-attr]
    return scene


F1 = (pygame.K_F1, "", 0)
F3 = (pygame.K_F3, "", 0)
F4 = (pygame.K_F4, "", 0)
SAVE_AS = (pygame.K_s, "", pygame.KMOD_CTRL | pygame.KMOD_SHIFT)

SCENES: dict[str, Callable[[App], None]] = {
    "start": _start,
    "start, dice tray": _then(_start, F3),
    "start, tables": _then(_start, F4),
    "battle set-up": _battle_setup,
    "battle set-up, a sheet": _battle_setup_sheet,
    "arena": _arena,
    "arena, keys": _then(_arena, F1),
    "arena, save as": _then(_arena, SAVE_AS),
    "arena, over": _ending(_arena),
    "duel": _duel,
    "duel, board": _then(_duel, (pygame.K_g, "g", 0)),
    "duel, keys": _then(_duel, F1),
    "duel, tables": _then(_duel, F4, (pygame.K_s, "s", 0), (pygame.K_2, "2", 0),
                          (pygame.K_1, "1", 0)),
    "duel, over": _ending(_duel),
}


@pytest.fixture(scope="module")
def tables() -> object:
    """The tables, loaded once for every app of the module."""
    from companion.rulesets.playable import playable_tables
    from companion.rulesets.registry import get_ruleset, ruleset_ids
    from companion.tables.loader import load_tables

    return playable_tables(load_tables(), [get_ruleset(r) for r in ruleset_ids()])


def walk(size: tuple[int, int], scale: float, tables: object) -> Iterator[str]:
    """Each scene shown in a window of `size` at `scale`: its problems, one a line."""
    for name, scene in SCENES.items():
        app = App(size=size, scale=scale)
        app._tables = tables  # type: ignore[assignment]
        try:
            app.draw()
            scene(app)
            app.mouse = None  # no hover: what is drawn for everybody
            app.draw()
            yield from (f"{name}: {p}" for p in problems(app.layers()))
        finally:
            app.close()


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: f"{round(s * 100)}%")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screen_fits(size: tuple[int, int], scale: float, tables: object) -> None:
    found = list(walk(size, scale, tables))
    assert not found, f"{len(found)} problems:\n" + "\n".join(found)
