"""The Stable screen, reached from the start screen by its key and its button, with
real pygame events: each manager's gladiators as cards in their game's words, the
chosen one's sheet and career, the purse; a stable not there, or broken, in words."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from companion import paths
from companion.stable.parts import game_part
from companion.stable.store import NewChange, NewFight, Stable
from companion.ui.app import App
from companion.ui.stable.screen import StableScreen
from tools.shots import press, pump

GAME = "battle"  # a game that keeps sheets in the stable, for a duel to record


def make_stable(path: Path | None = None) -> None:
    """Hammer Rookie (Marcus's) and a copy of him (of no manager), a duel
    between them that the copy lost and died in, and money in Marcus's purse."""
    sheets = game_part(GAME)
    text = (paths.assets_dir() / "samples" / "hammer-rookie.json").read_text()
    other = json.loads(text)
    other["name"] = "Second Rookie"
    with Stable.open(path) as stable:
        rookie = stable.add_gladiator(GAME, sheets.parse(text, "rookie"), manager="Marcus")
        second = stable.add_gladiator(GAME, sheets.parse(json.dumps(other), "second"))
        fight = stable.record_fight(
            NewFight(GAME, "2026-12-04T21:03:11Z", "/tmp/duel.json", "d1",
                     "Hammer Rookie beat Second Rookie"),
            [(rookie.id, "a", "win"), (second.id, "b", "death")],
            [NewChange(second.id, "alive", False)])
        stable.add_to_purse("Marcus", 40, "the prize", fight.id)
        stable.add_to_purse("Marcus", -5, "a surgeon")


def key(app: App, code: int, text: str = "") -> None:
    press(code, text)
    pump(app)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app)


@pytest.fixture
def app():
    app = App()
    app.draw()
    app.show_home()
    yield app
    app.close()


def shown(app: App) -> list[str]:
    app.draw()
    return [w.fit().text for w in app.screen.widgets()]


def test_the_t_key_opens_the_stable_its_cards_and_the_chosen_ones_career(app):
    make_stable()
    key(app, pygame.K_t, "t")
    assert isinstance(app.screen, StableScreen)
    words = shown(app)
    assert "Marcus" in words and "Of no manager" in words
    sheets = game_part(GAME)
    assert f"Hammer Rookie ({sheets.title})" in words
    with Stable.open(create=False) as stable:
        rookie, _second = stable.gladiators()
    assert sheets.summary(rookie.sheet) in words  # his game's own line for him
    assert sheets.lines(rookie.sheet)[0] in words
    assert "Marcus's purse: 35" in words
    assert "2026-12-04  win: Hammer Rookie beat Second Rookie" in words
    key(app, pygame.K_DOWN)
    words = shown(app)
    assert app.screen.chosen.name == "Second Rookie"
    assert f"Second Rookie ({sheets.title}, dead)" in words
    assert "2026-12-04  death: Hammer Rookie beat Second Rookie" in words
    assert not any("purse" in w for w in words)  # he has no manager
    key(app, pygame.K_DOWN)  # the last stays chosen
    assert app.screen.chosen.name == "Second Rookie"
    key(app, pygame.K_UP)
    assert app.screen.chosen.name == "Hammer Rookie"
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.screen, StableScreen)


def test_the_start_screens_button_opens_it_and_a_click_chooses_a_card(app):
    make_stable()
    app.draw()
    [button] = [b for b in app.screen.tool_buttons if "stable" in b.label.lower()]
    click(app, button.rect.center)
    assert isinstance(app.screen, StableScreen)
    app.draw()
    [rect] = [r for i, r in app.screen.card_rects if i == 1]
    click(app, rect.center)
    assert app.screen.chosen.name == "Second Rookie"
    click(app, app.screen.back_button.rect.center)
    assert not isinstance(app.screen, StableScreen)


def test_no_stable_yet_is_said_in_words(app):
    key(app, pygame.K_t, "t")
    words = shown(app)
    assert any(w.startswith("There is no stable yet") for w in words), words
    assert not paths.stable_path().exists()  # looking made none
    key(app, pygame.K_DOWN)  # nothing to choose, and no traceback


def test_a_broken_stable_is_one_line_never_a_traceback(app):
    paths.stable_path().parent.mkdir(parents=True, exist_ok=True)
    paths.stable_path().write_text("not a stable at all\n" * 20)
    key(app, pygame.K_t, "t")
    screen = app.screen
    assert isinstance(screen, StableScreen)
    assert screen.view.broken and screen.message_is_error
    assert "\n" not in screen.view.note and str(paths.stable_path()) in screen.view.note
    assert screen.view.note in shown(app)
