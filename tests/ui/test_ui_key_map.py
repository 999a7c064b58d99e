"""The one key map (companion.ui.keys): no key means two things across the games, F1
on each game's screen lists exactly the map's keys, the screens send no game action
by a key of their own, and each game is played with the keyboard alone: started from
the start screen, a few actions, an undo, and the way out, by posted key events only."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame
import pytest
from test_ui_keys import grimdark_roster, keys_named

from companion.ui import keys
from companion.ui.app import App
from companion.ui.battle.setup import BattleSetup
from companion.ui.skirmish.setup import SkirmishSetup
from tools.shots import press, pump

CTRL = pygame.KMOD_LCTRL
GAMES = ("skirmish", "battle", "grimdark")
SCREENS = {"skirmish": "skirmish/screen.py", "battle": "battle/screen.py",
           "grimdark": "grimdark/screen.py"}


def key(app: App, k: int, text: str = "", mod: int = 0) -> None:
    press(k, text, mod)
    pump(app)


def test_no_key_means_two_things_across_the_games() -> None:
    everywhere = {b.key for b in keys.EVERYWHERE}
    games_of: dict[str, set[str]] = {}
    for game in GAMES:
        bound = [b.key for b in keys.bindings(game)]
        assert len(bound) == len(set(bound)), f"{game} binds a key twice"
        assert not everywhere & set(bound), f"{game} re-binds a key bound everywhere"
        for name in bound:
            games_of.setdefault(name, set()).add(game)
    shared = {name for name, games in games_of.items() if len(games) > 1}
    # A key two games bind is bound to one of the ideas they share.
    assert shared <= set(keys.SHARED), shared - set(keys.SHARED)


def test_the_keys_the_issue_found_in_conflict_now_mean_one_thing() -> None:
    for name in ("R", "E", "W", "D", "C", "X", "G", "K", "[", "]"):
        games = [g for g in GAMES if any(b.key == name for b in keys.bindings(g))]
        assert len(games) <= 1 or name in keys.SHARED, (name, games)


def test_every_key_of_the_map_is_one_the_keyboard_has() -> None:
    for game in GAMES:
        for b in keys.bindings(game):
            assert keys.name(game, b.action)  # its hint can be made
            event = pygame.event.Event(pygame.KEYDOWN, key=keys._parse(b.key)[0][0],
                                       mod=(CTRL if b.key.startswith("Ctrl+") else 0)
                                       | (pygame.KMOD_LSHIFT if "Shift+" in b.key else 0))
            assert keys.action(game, event) == b.action, b.key


@pytest.mark.parametrize("game", GAMES)
def test_no_screen_sends_a_game_action_by_a_key_of_its_own(game: str) -> None:
    """Only Esc, Space (read before the map) and the keys of a dialog's own buttons are
    named on the game's screen: every other key comes from the map."""
    source = (Path(keys.__file__).parent / SCREENS[game]).read_text()
    named = re.findall(r"pygame\.K_\w+", source)
    in_dialogs = re.findall(r"Choice\([^)]*?(pygame\.K_\w+)", source, re.S)
    assert set(named) - set(in_dialogs) - {"pygame.K_ESCAPE", "pygame.K_SPACE"} == set()


def open_f1(app: App, screen: Any) -> list[str]:
    key(app, pygame.K_F1)
    assert screen.dialog is not None and screen.dialog.title == "Keys"
    lines = list(screen.dialog.lines)
    key(app, pygame.K_ESCAPE)
    return lines


def start_bout(app: App) -> Any:
    app.show_home()
    assert isinstance(app.screen, SkirmishSetup)
    key(app, pygame.K_RETURN)  # the start screen's Enter: a bout with its two gladiators
    arena = app.screen
    assert arena.session.ruleset.id == "skirmish"
    return arena


def start_duel(app: App) -> Any:
    app.show_home()
    key(app, pygame.K_b, "b")
    assert isinstance(app.screen, BattleSetup)
    key(app, pygame.K_RETURN)
    screen = app.screen
    assert screen.session.ruleset.id == "battle"
    return screen


def start_match(app: App) -> Any:
    grimdark_roster()
    app.show_home()
    key(app, pygame.K_g, "g")
    setup = app.screen
    key(app, pygame.K_a, "a")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_a, "a")
    key(app, pygame.K_RETURN)
    screen = app.screen
    assert screen is not setup and screen.session.ruleset.id == "grimdark"
    return screen


STARTS = {"skirmish": start_bout, "battle": start_duel, "grimdark": start_match}


@pytest.mark.parametrize("game", GAMES)
def test_f1_lists_exactly_the_maps_keys_grouped(app: App, game: str) -> None:
    screen = STARTS[game](app)
    lines = open_f1(app, screen)
    assert lines[0] == "Everywhere:" and keys.game_keys(game).title + ":" in lines
    mine = lines[:lines.index("On this screen:")]
    # F11 and O: the player's window's own, in F6's words.
    assert keys_named(mine) - {"F11", "O"} == keys.keys_of(game) - {"O"}
    assert lines == keys.help_lines(game, tuple(lines[len(mine) + 1:]))


def test_the_arena_with_the_keyboard_alone(app: App) -> None:
    arena = start_bout(app)
    while arena.state.phase in ("setup", "ap") or not arena.decider().human:
        key(app, pygame.K_SPACE, " ")  # the opening rolls, the AP, the computer's turn
    assert arena.state.phase == "act"
    done = len(arena.session.journal)
    key(app, pygame.K_n, "n")  # the app's own dice: his AP may allow no step; N always
    assert len(arena.session.journal) == done + 1, arena.message
    key(app, pygame.K_z, mod=CTRL)
    assert len(arena.session.journal) == done and arena.state.phase == "act"
    key(app, pygame.K_q, "q")
    key(app, pygame.K_e, "e")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_s, "s")
    assert isinstance(app.screen, SkirmishSetup)


def test_the_duel_with_the_keyboard_alone(app: App) -> None:
    screen = start_duel(app)
    key(app, pygame.K_i, "i")  # the initiative
    assert screen.due_now() == "act"
    key(app, pygame.K_TAB)
    key(app, pygame.K_b, "b")
    done = len(screen.session.journal)
    key(app, pygame.K_RETURN)  # the attack
    assert len(screen.session.journal) == done + 1
    key(app, pygame.K_z, mod=CTRL)
    assert len(screen.session.journal) == done
    key(app, pygame.K_SPACE, " ")  # the computer plays what is due
    assert len(screen.session.journal) == done + 1
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_s, "s")
    assert isinstance(app.screen, SkirmishSetup)


def test_the_grimdark_match_with_the_keyboard_alone(app: App) -> None:
    screen = start_match(app)
    done = len(screen.session.journal)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_SPACE, " ")
    assert len(screen.session.journal) == done + 2
    key(app, pygame.K_x, "x")
    assert screen.explain_view
    key(app, pygame.K_LEFT)
    key(app, pygame.K_x, "x")
    key(app, pygame.K_z, mod=CTRL)
    assert len(screen.session.journal) == done + 1
    key(app, pygame.K_END)
    assert screen.due().over
    key(app, pygame.K_s, "s")  # the end's dialog: the start screen
    assert isinstance(app.screen, SkirmishSetup)
