"""The Stable screen, reached from the start screen by its key and its button, with
real pygame events: each manager's gladiators as cards in their game's words, the
chosen one's sheet and career, the purse; a stable not there, or broken, in words."""

from __future__ import annotations

import pygame
import pytest
from support.stable_scene import GAME, LONG, make_stable

from companion import paths
from companion.stable.parts import game_part
from companion.stable.store import Stable
from companion.ui.app import App
from companion.ui.stable.screen import StableScreen
from tools.shots import press, pump


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
    assert {"Marcus", LONG, "Of no manager"} <= set(words)
    sheets = game_part(GAME)
    assert "Hammer Rookie" in words and f"{sheets.title}, alive" in words
    with Stable.open(create=False) as stable:
        rookie = stable.gladiators()[0]
    assert sheets.summary(rookie.sheet) in words  # his game's own line for him
    assert sheets.lines(rookie.sheet)[0] in words
    assert "Marcus's purse: 35" in words
    assert "2026-12-01, win: Hammer Rookie beat Second Rookie, who died of his wounds" in words
    key(app, pygame.K_END)
    words = shown(app)
    assert app.screen.chosen.name == "Second Rookie"
    assert "Second Rookie (dead)" in words and f"{sheets.title}, dead" in words
    assert "2026-12-01, death: Hammer Rookie beat Second Rookie, who died of his wounds" in words
    assert not any("purse" in w for w in words)  # he has no manager
    key(app, pygame.K_DOWN)  # the last stays chosen
    assert app.screen.chosen.name == "Second Rookie"
    key(app, pygame.K_UP)  # the gladiator of the manager before
    assert app.screen.chosen.name == "A gladiator whose name is long indeed"
    assert f"{LONG}'s purse: 1,000,000" in shown(app)
    key(app, pygame.K_HOME)
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
    [rect] = [r for i, r in app.screen.card_rects if i == 2]
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


def test_his_career_is_followed_by_his_game_s_figure_before_and_after_each_fight(
        app, tmp_path, capsys):
    from support.career_duels import rookies

    from companion.cli import main
    from companion.ui.stable.view import read_stable

    duel = tmp_path / "duel.json"
    rookies().save(duel)
    assert main(["career", "apply", str(duel)]) == 0
    cards = {c.name: c for c in read_stable().cards}
    assert (cards["Spear Rookie"].figure, cards["Spear Rookie"].plot) == (
        "development points", (40, 50))
    assert cards["Hammer Rookie"].plot == (40, 45)
    key(app, pygame.K_t, "t")
    key(app, pygame.K_END)
    words = shown(app)
    assert "Development points: 40, 50" in words, words  # Spear Rookie, the last card
