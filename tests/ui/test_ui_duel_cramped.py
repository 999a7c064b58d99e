"""A duel's cards in a cramped window (1280x800 at 200 %, a long death's-door line due)
leave out their typed-health field rather than cut his ranks; in a large window they
grow, to be read from across the table."""

from __future__ import annotations

import json

import pygame

from companion import paths
from companion.dice.sources import ScriptedDice
from companion.rulesets.battle.sheet import quick_sheet
from companion.ui.app import App
from companion.ui.battle.setup import duel_setup
from tools.shots import press, pump


def _duel(app: App) -> None:
    """Hammer Rookie against Brenna, the initiative rolled: his attack is due."""
    rookie = json.loads((paths.assets_dir() / "samples" / "hammer-rookie.json").read_text())
    assert app.start_session("battle", duel_setup(rookie, quick_sheet("Brenna", 12, 2, 1, 3)),
                             dice=ScriptedDice([5, 2] + [3] * 40)) is None
    pump(app)
    press(pygame.K_RETURN)  # the initiative
    pump(app)


def _deaths_door(app: App) -> None:
    """Brenna at -14: after his attack, her roll to live is due."""
    _duel(app)
    app.screen.act({"type": "adjust_health", "who": "b", "op": "=-14"})
    pump(app)


def test_at_death_s_door_in_a_cramped_window_his_ranks_are_whole():
    app = App(size=(1280, 800), scale=2.0)
    try:
        app.draw()
        _deaths_door(app)
        press(pygame.K_RETURN)  # the attack: then the death's-door roll is due
        pump(app)
        app.mouse = None
        app.draw()
        screen = app.screen
        assert screen.due_now() == "death_door"
        card = screen.cards["b"]
        assert not card.shows_field
        ranks = [w.fit() for w in card.widgets() if "(0 wins, 0 losses)" in w.fit().text]
        assert ranks and not any(f.shortened for f in ranks)
        # The field left out takes no click: a click there sets no health.
        before = screen.state.fighters["b"].health
        pos = card.entry.rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pump(app)
        assert not card.entry.focused and screen.state.fighters["b"].health == before
    finally:
        app.close()


def test_in_a_large_window_the_cards_grow():
    small, large = App(size=(1280, 800)), App(size=(1920, 1080))
    try:
        for app in (small, large):
            app.draw()
            _duel(app)
            app.draw()
        assert large.screen.card_theme.scale > small.screen.card_theme.scale >= 1.0
        assert large.screen.cards["a"].rect.height > small.screen.cards["a"].rect.height
    finally:
        small.close()
        large.close()
