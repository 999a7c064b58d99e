"""A finished game opened again: its "over" dialog closes to show the board and stays
closed, and Ctrl+Z and Ctrl+Y work through it, as the status bar says."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest
from support.places import TESTS

from companion.ui.app import App
from tools.shots import press, pump

SESSIONS = TESTS / "sessions"
FINISHED = {"skirmish": SESSIONS / "v1-skirmish.json", "battle": SESSIONS / "v1-battle.json"}


def opened(app: App, game: str, tmp_path: Path) -> Any:
    path = tmp_path / "finished.json"
    shutil.copy(FINISHED[game], path)
    app.open_file(path)
    pump(app)
    screen = app.screen
    assert screen is not None and screen.dialog is screen.end_dialog is not None
    return screen


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_esc_closes_the_over_dialog_for_good(app: App, game: str, tmp_path: Path) -> None:
    screen = opened(app, game, tmp_path)
    press(pygame.K_ESCAPE)
    pump(app)
    assert screen.dialog is None and app.screen is screen
    pump(app)
    assert screen.dialog is None


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_ctrl_z_and_ctrl_y_work_through_the_over_dialog(app: App, game: str,
                                                        tmp_path: Path) -> None:
    screen = opened(app, game, tmp_path)
    played = len(screen.session.journal)
    press(pygame.K_z, mod=pygame.KMOD_LCTRL)
    pump(app)
    assert len(screen.session.journal) == played - 1
    assert screen.dialog is None and screen.message == "undone: 1 action"
    press(pygame.K_y, mod=pygame.KMOD_LCTRL)
    pump(app)
    assert len(screen.session.journal) == played and screen.message == "redone: 1 action"
    assert screen.dialog is None  # redone to the end, he is looking at the board
