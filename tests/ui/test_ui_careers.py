"""A finished fight recorded into the careers from the window: the end-of-fight
dialog's J shows what the fight does to each career, Enter records it once, and J
again says it is recorded already. The stable is the test's own data folder's."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pygame
import pytest
from support.places import TESTS

from companion import paths
from companion.stable.model import Fight
from companion.stable.store import Stable
from companion.ui.app import App
from companion.ui.battle.setup import duel_setup
from tools.shots import press, pump


@pytest.fixture
def app():
    app = App()
    app.draw()
    yield app
    app.close()


def sample() -> dict:
    return json.loads((paths.assets_dir() / "samples" / "hammer-rookie.json").read_text())


def fights() -> list[Fight]:
    """Every fight of the stable, by way of its gladiators."""
    with Stable.open(create=False) as stable:
        found = {f.id: f for g in stable.gladiators() for f, _ in stable.fights_of(g.id)}
    return [found[i] for i in sorted(found)]


def played_duel(app: App):
    """Hammer Rookie against a copy of himself, Enter after Enter to the end."""
    from companion.dice.sources import SeededDice

    rookie, other = sample(), sample()
    other["name"] = "Second Rookie"
    assert app.start_session("battle", duel_setup(rookie, other), dice=SeededDice(12)) is None
    duel = app.screen
    for _ in range(600):
        if duel.state.phase == "over":
            break
        press(pygame.K_RETURN)
        pump(app)
    assert duel.dialog is not None and duel.dialog is duel.end_dialog
    return duel


def test_a_duel_played_to_its_end_is_previewed_recorded_once(app):
    duel = played_duel(app)
    press(pygame.K_j, "j")
    pump(app)
    assert duel.dialog is not None and duel.dialog.title == "Record in the careers"
    shown = duel.dialog.lines
    assert shown[0].startswith(f"This {duel.noun}: ")
    assert "Second Rookie is not in the stable: added when recorded" in shown
    assert fights() == []  # the preview records nothing
    press(pygame.K_RETURN)
    pump(app)
    assert duel.message.startswith("recorded as fight #1 in the careers"), duel.message
    assert not duel.message_is_error
    assert duel.dialog is duel.end_dialog  # back to the end of the fight
    [recorded] = fights()
    assert recorded.result == shown[0].removeprefix(f"This {duel.noun}: ")
    assert Path(recorded.session_path).is_file()  # kept, for `career undo`
    with Stable.open(create=False) as stable:
        assert {g.name for g in stable.gladiators()} == {"Hammer Rookie", "Second Rookie"}
    press(pygame.K_j, "j")
    pump(app)
    assert duel.message.startswith("recorded already, as fight #1"), duel.message
    assert duel.dialog is duel.end_dialog and len(fights()) == 1


def test_cancel_records_nothing_and_j_works_from_the_board(app, tmp_path: Path):
    path = tmp_path / "finished.json"
    shutil.copy(TESTS / "sessions" / "v1-battle.json", path)
    app.open_file(path)
    pump(app)
    duel = app.screen
    assert duel.dialog is duel.end_dialog is not None
    press(pygame.K_j, "j")
    pump(app)
    assert duel.dialog.title == "Record in the careers"
    press(pygame.K_ESCAPE)
    pump(app)
    assert duel.dialog is duel.end_dialog and fights() == []
    press(pygame.K_ESCAPE)  # the board
    pump(app)
    assert duel.dialog is None
    press(pygame.K_j, "j")
    pump(app)
    assert duel.dialog is not None and duel.dialog.title == "Record in the careers"
    press(pygame.K_RETURN)
    pump(app)
    assert duel.message.startswith("recorded as fight #1"), duel.message
    assert [f.session_path for f in fights()] == [str(path.resolve())]


def test_a_fight_not_over_is_not_offered(app, tmp_path: Path):
    duel = app.start_session("battle", duel_setup(sample(), sample()))
    assert duel is None
    screen = app.screen
    pump(app)
    press(pygame.K_j, "j")
    pump(app)
    assert screen.dialog is None and fights() == []


def test_a_stable_that_cannot_be_used_is_one_line_in_the_status_bar(app, tmp_path: Path):
    path = tmp_path / "finished.json"
    shutil.copy(TESTS / "sessions" / "v1-battle.json", path)
    stable = paths.stable_path()
    stable.parent.mkdir(parents=True, exist_ok=True)
    stable.write_text("not a stable\n")
    app.open_file(path)
    pump(app)
    duel = app.screen
    press(pygame.K_j, "j")
    pump(app)
    assert duel.dialog is duel.end_dialog  # no preview
    assert duel.message_is_error and "\n" not in duel.message
    assert duel.message.startswith("cannot record it: "), duel.message
    assert stable.read_text() == "not a stable\n"
