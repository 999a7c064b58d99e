"""What the Stable screen does besides showing, with real pygame events: a battle-system
gladiator trained rank by rank (a refused rank said in the rules' words, nothing
written until Enter), his manager's purse and an entry added, the hall of the fallen,
and his latest fight taken back after a question."""

from __future__ import annotations

import json

import pygame
import pytest
from support.stable_scene import make_stable

from companion.cli import main
from companion.stable.store import Stable
from companion.ui.app import App
from companion.ui.stable.screen import StableScreen
from companion.ui.widgets.dialogs import Dialog
from tools.shots import press, pump


def key(app: App, code: int, text: str = "", mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text,
                                         scancode=0))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=text,
                                         scancode=0))
    pump(app)
    app.draw()


def typed(app: App, text: str) -> None:
    for ch in text:
        press(getattr(pygame, f"K_{ch}", pygame.K_SPACE) if ch.isalnum() else pygame.K_SPACE,
              ch)
    pump(app)


@pytest.fixture
def stable_app():
    app = App()
    app.draw()
    app.show_home()
    yield app
    app.close()


def sheet_of(name: str) -> dict:
    with Stable.open(create=False) as stable:
        return json.loads(stable.named(name)[0].sheet)


def words(app: App) -> list[str]:
    app.draw()
    found = [w.fit().text for w in app.screen.widgets()]
    dialog = app.screen.dialog
    return found + ([w.fit().text for w in dialog.widgets()] if dialog is not None else [])


def test_a_rank_bought_and_taken_off_and_written_with_enter(stable_app, tmp_path):
    make_stable()
    with Stable.open() as stable:  # seven points to spend
        g = stable.named("Hammer Rookie")[0]
        sheet = json.loads(g.sheet)
        sheet["development_points"] += 7
        from companion.stable.parts import game_part

        stable.rewrite_sheet(g.id, g.sheet, game_part("battle").parse(json.dumps(sheet), "x"))
    app = stable_app
    key(app, pygame.K_t, "t")
    assert isinstance(app.screen, StableScreen)
    key(app, pygame.K_t, "t")  # train Hammer Rookie, the first card
    view = app.screen.dialog
    assert view is not None and not isinstance(view, Dialog)
    assert "Development points: 47 earned, 40 spent, 7 left" in words(app)
    key(app, pygame.K_DOWN)  # ATTACK
    key(app, pygame.K_RIGHT)  # rank 3 for 5
    assert "rank 2 to 3" in words(app)
    key(app, pygame.K_RIGHT)  # rank 4 for 5 more: only 2 left
    assert view.error.startswith("ATTACK rank 4 costs")
    key(app, pygame.K_LEFT)  # taken off again
    assert "rank 2 to 3" not in words(app)
    key(app, pygame.K_RIGHT)
    assert sheet_of("Hammer Rookie")["skills"]["attack"] == 2  # nothing written yet
    key(app, pygame.K_RETURN)
    assert app.screen.dialog is None
    assert sheet_of("Hammer Rookie")["skills"]["attack"] == 3
    assert app.screen.message == "Hammer Rookie: 1 rank trained, in the stable"
    assert "Development points: 47" in words(app)


def test_esc_lets_the_training_go_and_changes_nothing(stable_app):
    make_stable()
    before = sheet_of("Hammer Rookie")
    key(stable_app, pygame.K_t, "t")
    key(stable_app, pygame.K_t, "t")
    key(stable_app, pygame.K_ESCAPE)
    assert stable_app.screen.dialog is None and isinstance(stable_app.screen, StableScreen)
    assert sheet_of("Hammer Rookie") == before
    assert "nothing changed" in stable_app.screen.message


def test_a_skirmish_gladiator_is_told_his_game_has_no_training(stable_app, tmp_path):
    sheet = tmp_path / "q.json"
    sheet.write_text(json.dumps({"format": "companion-skirmish-gladiator", "name": "Quintus",
                                 "type": "samnite"}))
    assert main(["stable", "add", str(sheet)]) == 0
    key(stable_app, pygame.K_t, "t")
    key(stable_app, pygame.K_t, "t")
    assert stable_app.screen.dialog is None
    assert stable_app.screen.message.startswith("a gladiator of the hex skirmish does not "
                                                "train between fights")


def test_the_purse_entry_by_entry_and_an_entry_of_the_gms_own(stable_app):
    make_stable(2)
    app = stable_app
    key(app, pygame.K_t, "t")
    key(app, pygame.K_m, "m")
    shown = words(app)
    assert "Marcus's purse: 75" in shown
    assert any(w.endswith(": +40 the prize (fight #1)") for w in shown), shown
    key(app, pygame.K_a, "a")
    assert app.screen.dialog.text_field is not None
    for ch in "-20 a deal":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pump(app)
    key(app, pygame.K_RETURN)
    assert app.screen.dialog is None
    assert app.screen.message == "added to Marcus's purse: -20, a deal"
    assert "Marcus's purse: 55" in words(app)


def test_a_bad_amount_is_said_in_the_dialog_and_nothing_added(stable_app):
    make_stable()
    app = stable_app
    key(app, pygame.K_t, "t")
    key(app, pygame.K_m, "m")
    key(app, pygame.K_a, "a")
    for ch in "lots of money":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pump(app)
    key(app, pygame.K_RETURN)
    assert app.screen.dialog.error.startswith("AMOUNT: a whole number of money")
    with Stable.open(create=False) as stable:
        assert len(stable.purse(stable.manager_named("Marcus").id)) == 2


def test_the_hall_of_the_fallen_names_the_dead_and_how_they_fell(stable_app):
    make_stable()
    key(stable_app, pygame.K_t, "t")
    key(stable_app, pygame.K_h, "h")
    shown = words(stable_app)
    assert any(w.startswith("Second Rookie (the battle system): fell in fight #1")
               and w.endswith("who died of his wounds") for w in shown), shown


def test_his_latest_fight_is_taken_back_after_a_question(stable_app):
    make_stable()
    app = stable_app
    key(app, pygame.K_t, "t")
    key(app, pygame.K_z, "", mod=pygame.KMOD_CTRL)
    dialog = app.screen.dialog
    assert isinstance(dialog, Dialog) and dialog.title == "Take back fight #1?"
    key(app, pygame.K_ESCAPE)  # kept
    with Stable.open(create=False) as stable:
        assert not stable.named("Second Rookie")[0].alive
    key(app, pygame.K_z, "", mod=pygame.KMOD_CTRL)
    key(app, pygame.K_y, "y")
    assert app.screen.message == "took back fight #1: its careers are as they were"
    with Stable.open(create=False) as stable:
        assert stable.named("Second Rookie")[0].alive
        assert stable.fights_of(stable.named("Hammer Rookie")[0].id) == []
    key(app, pygame.K_z, "", mod=pygame.KMOD_CTRL)
    assert app.screen.dialog is None
    assert app.screen.message == "Hammer Rookie has no fight in the stable to take back"
