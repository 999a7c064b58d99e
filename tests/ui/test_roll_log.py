"""The roll log tab (F5), driven by posted events: the rules' rolls and the tools'
rolls in one list, each with who and what for, its dice and its total; it fits at
every window size and scale."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from companion.dice.rolls import Die, Roll, dice
from companion.dice.sources import ScriptedDice
from companion.ui.app import App
from companion.ui.tools.roll_log import RollLog
from tools.shots import click, press, pump

SIZES = [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)]
SCALES = [1.0, 1.5, 2.0]


def duel() -> dict:
    return {"gladiators": [
        {"name": "Brutus", "type": "samnite", "side": "red", "at": "E6", "facing": "S",
         "strength": 8},
        {"name": "Nereus", "type": "retiarius", "side": "blue", "at": "E7", "facing": "N",
         "strength": 9}]}


@pytest.fixture
def app():
    app = App()
    app.draw()
    yield app
    app.close()


def start(app: App, faces: list[int]) -> None:
    assert app.start_session("skirmish", duel(), dice=ScriptedDice([5, 2, *faces])) is None
    pump(app)


def roll_log(app: App) -> RollLog:
    press(pygame.K_F5)
    pump(app)
    view = app.panel.view
    assert isinstance(view, RollLog)
    return view


def test_f5_shows_brutus_ap_roll_with_its_die_and_total(app):
    start(app, [6])
    press(pygame.K_SPACE, " ")
    pump(app)
    log = roll_log(app)
    ap = log.shown[-1]
    assert ap.who == "Brutus" and ap.purpose == "action points"
    assert ap.faces == (6,) and ap.total == 5  # heavy: 6 - 1
    drawn = [text for text, _, _ in log.texts]
    assert "Brutus: action points" in drawn and "5" in drawn and "6" in drawn
    assert [r.purpose for r in log.shown[:2]] == ["initiative", "initiative"]


def test_a_dice_tray_roll_goes_into_the_log_and_is_kept_with_the_bout(app):
    start(app, [])
    app.dice = ScriptedDice([3, 5])
    press(pygame.K_F3)
    pump(app)
    tray = app.panel.view
    click(tray.quick[1].rect.center)  # 2d6
    pump(app)
    log = roll_log(app)
    assert log.shown[-1].purpose == "dice tray: 2d6" and log.shown[-1].total == 8
    assert app.screen.session.other_rolls[-1].roll == log.shown[-1]


def test_a_table_browser_roll_goes_into_the_log(app):
    app.dice = ScriptedDice([2, 3, 4])
    press(pygame.K_F4)
    pump(app)
    browser = app.panel.view
    browser.dice_count = 3
    press(pygame.K_r, "r")
    pump(app)
    log = roll_log(app)
    assert log.shown[-1].faces == (2, 3, 4) and log.shown[-1].total == 9


def test_the_wheel_scrolls_back_to_older_rolls(app):
    start(app, [])
    session = app.screen.session
    for n in range(40):
        session.note_roll(Roll(who=None, purpose=f"tray {n}", dice=dice([n % 6 + 1])))
    log = roll_log(app)
    assert log.shown[-1].purpose == "tray 39"
    pygame.mouse.set_pos(log.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5, flipped=False))
    pump(app)
    assert log.rect.collidepoint(pygame.mouse.get_pos())
    assert log.shown[-1].purpose == "tray 34"



def test_a_full_log_leaves_no_empty_band_above_its_oldest_card_in_sight(app):
    start(app, [])
    session = app.screen.session
    for n in range(40):
        session.note_roll(Roll(who=None, purpose=f"tray {n}", dice=dice([n % 6 + 1])))
    log = roll_log(app)
    app.draw()
    surface = app.window.get_surface()
    px = app.theme.px
    title = app.theme.fonts.get(24, bold=True).get_linesize()
    below = log.rect.y + px(6) + title + px(12)  # just under the title: a card, cut by it
    assert tuple(surface.get_at((log.rect.x + log.rect.width // 2, below)))[:3] == \
        tuple(app.theme.palette.field)[:3]


HARD = [
    Roll(who="Aulus Flavius Maximus the Younger", dice=dice([6, 6, 2, 1, 6] * 6),
         purpose="attack on Balbus Cornelius Scipio from behind with the trident",
         detail="best three 6s, lands, a long note that has to wrap over several lines "
                "of the card"),
    Roll(who="Nereus", purpose="appeal to the crowd", dice=dice([6, 6]), total=14,
         detail="Wounded +1, Seriously wounded +1, spared"),
    Roll(who=None, purpose="dice tray: 4d1000", total=3999,
         dice=tuple(Die(sides=1000, face=f, kept=f > 5) for f in (1000, 999, 998, 2))),
    Roll(who="Brutus", purpose="defence", total=123456789,
         dice=dice([6, 5], luck=True, success_at=6)),
]


@pytest.mark.parametrize("scale", SCALES)
def test_every_text_of_the_roll_log_stays_in_its_box(scale):
    for size in SIZES:
        app = App(size=size, scale=scale)
        try:
            app.draw()
            start(app, [6])
            for roll in HARD:
                app.screen.session.note_roll(roll)
            log = roll_log(app)
            assert log.shown, (size, scale)
            for text, where, box in log.texts:
                assert box.contains(where), (size, scale, text, where, box)
                assert log.rect.contains(where) or where.top >= log.rect.bottom or \
                    where.bottom <= log.rect.top, (size, scale, text)
            assert not any(piece.fit().overflow for piece in log.widgets())
            # What is drawn at all is drawn whole: cards are cut only at the top.
            for text, where, _ in log.texts:
                assert where.bottom <= log.rect.bottom, (size, scale, text)
        finally:
            app.close()


def test_a_duel_shows_its_initiative_and_the_roll_to_stay_conscious_with_its_six(app):
    from companion.rulesets.battle.sheet import quick_sheet
    from companion.ui.battle.setup import duel_setup

    setup = duel_setup(quick_sheet("Aulus", 12, 2, 1, 0), quick_sheet("Brenna", 12, 2, 1, 3))
    assert app.start_session("battle", setup,
                             dice=ScriptedDice([6, 6, 1, 1, 2, 3, 6, 1])) is None
    pump(app)
    duel = app.screen
    press(pygame.K_i, "i")
    pump(app)
    duel.act({"type": "adjust_health", "who": "a", "op": "=-4"})
    press(pygame.K_RETURN)
    pump(app)
    log = roll_log(app)
    aulus, brenna, conscious = log.shown[-3:]
    assert (aulus.who, aulus.purpose, aulus.total) == ("Aulus", "initiative", 12)
    assert (brenna.who, brenna.total) == ("Brenna", 2)
    assert conscious.purpose == "stay conscious" and conscious.faces == (2, 3, 6, 1)
    assert [d.success for d in conscious.dice] == [False, False, True, False]


def test_tray_rolls_made_before_the_bout_go_with_it(app):
    app.dice = ScriptedDice([4])
    press(pygame.K_F3)
    pump(app)
    click(app.panel.view.quick[0].rect.center)  # d6
    pump(app)
    assert roll_log(app).shown[-1].purpose == "dice tray: 1d6"
    start(app, [])
    kept = app.screen.session.other_rolls
    assert [k.roll.purpose for k in kept] == ["dice tray: 1d6"] and not app.loose_rolls
    assert roll_log(app).shown[0].purpose == "dice tray: 1d6"
