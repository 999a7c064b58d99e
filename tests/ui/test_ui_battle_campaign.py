"""The duel's set-up screen lists the stable's battle-system gladiators first, and one
chosen fights as the stable holds him (his training since he came in)."""

from __future__ import annotations

import json

import pygame

from companion.cli import main
from companion.stable.parts import game_part
from companion.stable.store import Stable
from companion.ui.app import App
from companion.ui.battle.setup import BattleSetup
from tools.shots import press, pump


def test_a_gladiator_of_the_stable_fights_as_the_stable_holds_him(capsys):
    assert main(["stable", "add", "Hammer Rookie"]) == 0
    with Stable.open(create=False) as stable:  # five points earned, as by a duel
        g = stable.named("Hammer Rookie")[0]
        sheet = json.loads(g.sheet)
        sheet["development_points"] += 5
        stable.rewrite_sheet(g.id, g.sheet,
                             game_part("battle").parse(json.dumps(sheet), "his sheet"))
    assert main(["train", "--stable", "Hammer Rookie", "health", "5"]) == 0
    with Stable.open(create=False) as stable:
        trained = json.loads(stable.named("Hammer Rookie")[0].sheet)
    assert trained["skills"]["health"] == 14
    app = App()
    try:
        app.draw()
        app.show_setup("battle")
        app.draw()
        setup = app.screen
        assert isinstance(setup, BattleSetup)
        assert setup.options[1] == "Hammer Rookie (stable)"
        setup.sides[0].choice = setup.sides[1].choice = 1
        app.draw()
        assert "Hammer Rookie (stable)" in [w.fit().text for w in setup.widgets()]
        press(pygame.K_RETURN)
        pump(app)
        started = app.screen.session.setup
        assert started["a"] == trained and started["a"]["name"] == "Hammer Rookie"
    finally:
        app.close()
