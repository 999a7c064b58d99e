"""What the duel's screen and its set-up show: a button or a line only where it
applies, the set-up's words about the duel, and a preview of every sample sheet."""

from __future__ import annotations

from typing import Any

import pygame

from companion import paths
from companion.dice.sources import ScriptedDice
from companion.rulesets.battle.sheet import quick_sheet
from companion.ui.app import App
from companion.ui.battle.setup import duel_setup, sheet_files
from tools.shots import click, press, pump


def duel(app: App, heal: int = 1) -> Any:
    """Aulus (heal dice `heal`) has the first turn against Brenna."""
    setup = duel_setup(quick_sheet("Aulus", 12, 2, heal, 3), quick_sheet("Brenna", 12, 2, 1, 3))
    assert app.start_session("battle", setup, dice=ScriptedDice([6, 6, 1, 1] + [3] * 20)) is None
    press(pygame.K_i, "i")
    pump(app)
    app.draw()
    assert app.screen.state.turn == "a"
    return app.screen


def shown(screen: Any) -> list[str]:
    return [w.fit().text for w in screen.widgets()]


def buttons(screen: Any) -> list[str]:
    return [w.fit().text for row in screen.shown_buttons() for w in row]


def test_heal_shows_only_with_heal_dice_left_and_health_lost(app: App) -> None:
    screen = duel(app, heal=1)
    assert not any(t.startswith("Heal") for t in buttons(screen))  # at full health
    screen.act({"type": "adjust_health", "who": "a", "op": "-3"})
    app.draw()
    assert any(t.startswith("Heal") for t in buttons(screen)) and "H heal" in screen.status()


def test_no_heal_dice_no_heal_button(app: App) -> None:
    screen = duel(app, heal=0)
    screen.act({"type": "adjust_health", "who": "a", "op": "-3"})
    app.draw()
    assert not any(t.startswith("Heal") for t in buttons(screen))
    assert "heal" not in screen.status()


def test_retrieve_shows_only_with_a_weapon_on_the_ground(app: App) -> None:
    screen = duel(app)
    assert not any(t.startswith("Retrieve") for t in buttons(screen))
    weapon = screen.weapons()[0]
    screen.state.current.dropped[weapon] = 1  # as a disarming blow leaves it
    app.draw()
    assert f"Retrieve the {weapon} (P)" in buttons(screen) and "P retrieve" in screen.status()


def test_the_odds_show_only_where_an_attack_is_possible(app: App) -> None:
    screen = duel(app)
    assert any(t.startswith("whiff") for t in shown(screen))
    # Stood apart on the board, a melee weapon cannot reach: no odds to show.
    screen.act({"type": "place", "who": "a", "at": "E5"})
    screen.act({"type": "place", "who": "b", "at": "E9"})
    melee = next(i for i, w in enumerate(screen.weapons())
                 if screen.tables.weapon(w).thrown != "must")
    screen.weapon_index, screen.thrown = melee, False
    app.draw()
    assert screen.odds_text() == "" and not any(t.startswith("whiff") for t in shown(screen))
    assert not any("cannot attack" in t for t in shown(screen))


def test_the_duels_set_up_speaks_of_the_duel(app: App) -> None:
    app.show_setup("battle")
    app.panel.show(0)
    app.draw()
    words = " ".join(w.fit().text for w in app.panel.widgets()).lower()
    assert "duel" in words and "skirmish" not in words and "bout" not in words
    assert "hex" not in words


def test_every_sample_sheet_is_previewed_when_chosen(app: App) -> None:
    app.show_setup("battle")
    setup = app.screen
    samples = [p for p in sheet_files() if p.parent == paths.assets_dir() / "samples"]
    assert samples
    for path in samples:
        setup.sides[0].choice = setup.files.index(path) + 1
        app.draw()
        text = " ".join(shown(setup))
        name = setup.options[setup.sides[0].choice].removesuffix(" (sample)")
        assert name in text and "HEALTH" in text and "Weapons:" in text, path.name
        assert "cannot be used" not in text, path.name


def test_the_arrows_choose_a_sheet_and_show_it(app: App) -> None:
    app.show_setup("battle")
    setup = app.screen
    click(setup.sides[1].buttons[1].rect.center)
    pump(app)
    app.draw()
    assert setup.sides[1].choice == 1 and "HEALTH" in " ".join(shown(setup))


def test_the_words_over_the_board_hide_none_of_its_letters(app: App) -> None:
    screen = duel(app)
    press(pygame.K_g, "g")
    pump(app)
    app.draw()
    words = [w.fit().rect for w in screen.widgets()]
    assert words and all(r.bottom <= app.board_view.rect.top for r in words)
    press(pygame.K_g, "g")
    pump(app)
    app.show_home()
    assert app.board_view.rect == app.left_rect  # the next screen has the whole of it
