"""Two gladiators with the same name are told apart wherever the window names them:
on their cards, on the status bar and in the result."""

from __future__ import annotations

import pygame

from companion.dice.sources import ScriptedDice
from companion.rulesets.battle.sheet import quick_sheet
from companion.ui.app import App
from companion.ui.battle.setup import duel_setup
from companion.ui.session.names import told_apart
from tools.shots import press, pump


def test_a_name_no_other_has_stays_as_it_is() -> None:
    assert told_apart([("Brutus", "red"), ("Nereus", "blue")]) == ["Brutus", "Nereus"]


def test_a_shared_name_is_told_apart_by_side_then_by_place() -> None:
    assert told_apart([("Brutus", "red"), ("brutus", "blue"), ("Brutus", "blue")]) == [
        "Brutus (red)", "brutus (blue, first)", "Brutus (blue, second)"]


def texts(app: App) -> str:
    return " | ".join(w.fit().text for layer in app.layers() for w in layer.widgets)


def test_two_brutus_in_the_arena_are_told_apart_on_cards_and_in_the_result(app: App) -> None:
    setup = {"gladiators": [
        {"name": "Brutus", "type": "samnite", "side": "red", "at": "E6", "strength": 8},
        {"name": "Brutus", "type": "retiarius", "side": "blue", "at": "E9", "strength": 9}]}
    assert app.start_session("skirmish", setup, dice=ScriptedDice([5, 2, 6] + [3] * 9)) is None
    pump(app)
    app.panel.show(0)
    app.draw()
    arena = app.screen
    names = [arena.shown_name(g) for g in arena.state.gladiators]
    assert len(set(names)) == 2 and all(n.startswith("Brutus") for n in names)
    shown = texts(app)
    assert all(f"{n} - " in shown for n in names)  # each card: his name, then his type
    press(pygame.K_SPACE, " ")
    pump(app)
    assert arena.status().startswith(f"Turn 1  {names[0]}:")
    arena._end_dialog()  # as the last foe down leaves it
    result = arena.dialog.lines
    assert all(any(line.strip().startswith(f"{n}:") for line in result) for n in names)


def test_two_aulus_in_a_duel_are_told_apart_on_cards_and_in_the_result(app: App) -> None:
    setup = duel_setup(quick_sheet("Aulus", 12, 2, 1, 3), quick_sheet("Aulus", 12, 2, 1, 3))
    assert app.start_session("battle", setup, dice=ScriptedDice([6, 6, 1, 1])) is None
    press(pygame.K_i, "i")
    pump(app)
    app.draw()
    screen = app.screen
    cards = " ".join(w.fit().text for card in screen.cards.values() for w in card.widgets())
    assert "Aulus (side A)" in cards and "Aulus (side B)" in cards
    screen.act({"type": "adjust_health", "who": "a", "op": "=-2"})
    press(pygame.K_DELETE)  # he declines to stay conscious
    pump(app)
    assert screen.dialog is not None
    assert "Aulus (side B) wins; Aulus (side A) loses" in " ".join(screen.dialog.lines)


def test_a_long_name_on_a_narrow_card_is_shown_whole() -> None:
    app = App(size=(1920, 1080), scale=2.0)
    try:
        setup = duel_setup(quick_sheet("Hammer Rookie of Capua", 12, 2, 1, 3),
                           quick_sheet("Brenna", 12, 2, 1, 3))
        assert app.start_session("battle", setup, dice=ScriptedDice([6, 6, 1, 1])) is None
        app.draw()
        card = app.screen.cards["a"]
        titles = [w.fit() for w in card.widgets() if "Hammer" in w.fit().text]
        assert titles and not any(t.shortened or t.overflow for t in titles)
    finally:
        app.close()
