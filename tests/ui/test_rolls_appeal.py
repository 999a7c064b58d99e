"""The appeal to the crowd at the table: the beaten gladiator's token stays where he
fell until the verdict, and the verdict shows the crowd's 2D6, as the roll log does."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from companion.dice.sources import ScriptedDice
from companion.ui.app import App
from companion.ui.skirmish import board
from tools.shots import press, pump


@pytest.fixture
def app():
    app = App()
    app.draw()
    yield app
    app.close()


def test_a_beaten_retiarius_lies_on_the_board_until_the_crowd_spares_him(app, monkeypatch):
    drawn: list[str] = []
    real = board.draw_token

    def recording(surface, layout, look, theme, centre=None):
        drawn.append(f"{look.initials}@{look.hex.q},{look.hex.r}:{look.out}")
        return real(surface, layout, look, theme, centre)

    monkeypatch.setattr(board, "draw_token", recording)
    setup = {"gladiators": [
        {"name": "Brutus", "type": "samnite", "side": "red", "at": "E6", "facing": "S",
         "strength": 8},
        {"name": "Nereus", "type": "retiarius", "side": "blue", "at": "E7", "facing": "N",
         "strength": 1}]}
    # Initiative to Brutus; 6 AP; a hit of 3 beats Nereus; a natural 12 spares him.
    assert app.start_session("skirmish", setup,
                             dice=ScriptedDice([5, 2, 6, 5, 2, 1, 6, 6])) is None
    pump(app)
    arena = app.screen
    fell = arena.state.glad("B").hex
    press(pygame.K_SPACE, " ")
    press(pygame.K_TAB)
    press(pygame.K_RETURN)
    drawn.clear()
    pump(app)  # the frame after the blow, the board painted again
    assert arena.state.phase == "appeal" and arena.state.glad("B").hex is None
    mine = [d for d in drawn if d.endswith(f"@{fell.q},{fell.r}:True")]
    assert len(mine) == 1  # his token, drawn as out of the fight, where he fell
    press(pygame.K_RETURN)  # roll the 2D6
    drawn.clear()
    pump(app)
    assert arena.state.glad("B").status == "spared"
    assert any(line.startswith("2D6: 6 and 6 (natural 12), total ")
               for line in arena.dialog.lines)
    appeal = arena.session.rolls[-1]
    assert appeal.who == "Nereus" and appeal.purpose == "appeal to the crowd"
    assert appeal.faces == (6, 6) and "spared" in appeal.detail
    assert drawn and not [d for d in drawn if d.endswith(f"@{fell.q},{fell.r}:True")]
