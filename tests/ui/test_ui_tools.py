"""The table-side tools in the window: the dice tray and the table browser, driven by
posted events as a player would use them."""

from __future__ import annotations

import pygame
import pytest

from companion.dice.sources import ScriptedDice
from companion.ui.app import App
from tools.shots import click, press, pump, type_text


@pytest.fixture
def app():
    app = App()
    yield app
    app.close()


def test_f4_then_s19_shows_the_slashing_critical_of_19(app):
    press(pygame.K_F4)
    pump(app)
    type_text("s19")
    pump(app)
    browser = app.panel.view
    assert browser.table.id == "crit-slashing"
    assert browser.entry.key == 19 and browser.entry.damage == 11 and browser.entry.stun
    assert browser.entries.highlight == browser.table.entries.index(browser.entry)


def test_a_d66_lookup_takes_4_4(app):
    press(pygame.K_F4)
    pump(app)
    type_text("i4-4")
    pump(app)
    assert app.panel.view.entry.name == "No Fear of Death"


def test_a_bad_lookup_says_why_and_keeps_the_table(app):
    press(pygame.K_F4)
    pump(app)
    type_text("x9")
    pump(app)
    browser = app.panel.view
    assert browser.message_is_error and "'x' names no table" in browser.message
    assert browser.table.id == "crit-slashing"


def test_r_rolls_the_chosen_table_with_its_own_dice(app):
    app.dice = ScriptedDice([2, 3, 4])
    press(pygame.K_F4)
    pump(app)
    browser = app.panel.view
    browser.dice_count = 3
    press(pygame.K_r, "r")
    pump(app)
    assert browser.last_roll is not None and browser.last_roll.keys == (9,)
    assert browser.entry.key == 9 and not browser.field.text


def test_searching_the_tables_by_quick_letter_switches_table(app):
    press(pygame.K_F4)
    pump(app)
    type_text("g8 9")
    pump(app)
    browser = app.panel.view
    assert browser.table.id == "grimdark-crit" and browser.entry.gruesome


def test_the_dice_tray_rolls_quick_dice_and_keeps_history(app):
    app.dice = ScriptedDice([3, 5, 6])
    press(pygame.K_F3)
    pump(app)
    tray = app.panel.view
    click(tray.quick[1].rect.center)  # 2d6
    click(tray.quick[0].rect.center)  # d6
    pump(app)
    assert [r.result.total for r in tray.history] == [6, 8]


def test_a_typo_in_the_dice_tray_is_named_and_rolls_nothing(app):
    press(pygame.K_F3)
    pump(app)
    tray = app.panel.view
    click(tray.field.rect.center)
    type_text("3d")
    press(pygame.K_RETURN)
    pump(app)
    assert tray.message_is_error and "column 3" in tray.message
    assert tray.history == []


def test_luck_dice_roll_beside_the_pool(app):
    app.dice = ScriptedDice([6, 6, 1, 2, 5])
    press(pygame.K_F3)
    pump(app)
    tray = app.panel.view
    tray.pool_size, tray.luck = 4, 1
    click(tray.pool_buttons[2].rect.center)
    pump(app)
    assert tray.history[0].result.faces == [6, 6, 1, 2]
    assert tray.history[0].luck_faces == (5,)


def test_words_search_every_table_and_show_the_first_entry_that_mentions_them(app):
    press(pygame.K_F4)
    pump(app)
    type_text("finger")
    pump(app)
    browser = app.panel.view
    ids = {t.id for t in browser.shown}
    assert {"crit-slashing", "crit-bludgeoning", "crit-piercing"} <= ids
    assert "fate" not in ids
    assert "finger" in browser.entry.model_dump_json().lower()


def test_a_search_for_a_table_name_narrows_the_list(app):
    press(pygame.K_F4)
    pump(app)
    type_text("insanity")
    pump(app)
    browser = app.panel.view
    assert browser.table.id == "insanity"
    for _ in "insanity":
        press(pygame.K_BACKSPACE)
    pump(app)
    assert len(browser.shown) == len(browser.order)


def test_from_the_arena_f4_then_the_total_shows_a_crit_entry(app):
    """Two keystrokes after F4: the total, in the chosen crit table."""
    press(pygame.K_F4)
    pump(app)
    browser = app.panel.view
    browser.field.focused = False  # as if the player had clicked elsewhere
    press(pygame.K_F2)
    press(pygame.K_F4)
    type_text("19")
    pump(app)
    assert browser.table.id == "crit-slashing" and browser.entry.key == 19


@pytest.mark.parametrize(("size", "scale"), [((1280, 800), 2.0), ((1024, 640), 2.0),
                                             ((1024, 640), 1.0)])
def test_a_long_entry_is_read_whole_above_apply_buttons_that_say_whom(size, scale) -> None:
    from companion.rulesets.battle.sheet import quick_sheet
    from companion.ui.battle.setup import duel_setup

    app = App(size=size, scale=scale)
    try:
        setup = duel_setup(quick_sheet("Hammer Rookie of Capua", 12, 2, 1, 3),
                           quick_sheet("Brenna", 12, 2, 1, 3))
        assert app.start_session("battle", setup, dice=ScriptedDice([6, 6, 1, 1])) is None
        press(pygame.K_F4)
        pump(app)
        browser = app.panel.view
        insanity = next(t for t in browser.order if t.id == "insanity")
        browser.select_table(insanity)
        browser.show_entry(next(e for e in insanity.entries if str(e.key) == "34"), ())
        app.draw()
        card = browser.card_room()
        assert browser.card_needed() <= card.height
        assert all(b.rect.top >= card.bottom for b in browser.apply_buttons)
        shown = [b.fit().shown for b in browser.apply_buttons]
        assert len(set(shown)) == 2 and "Hammer" in shown[0] and "Brenna" in shown[1]
        entries = browser.entries
        assert entries.top <= entries.selected < entries.top + entries.visible
    finally:
        app.close()


def test_the_dice_count_buttons_show_only_for_a_table_that_takes_a_count() -> None:
    app = App(size=(1280, 800))
    try:
        press(pygame.K_F4)
        pump(app)
        browser = app.panel.view
        surface = app.window.get_surface()
        panel = app.theme.palette.panel

        def shown(button) -> bool:
            # Its label's middle ("+" crosses there) or its fill: not the bare panel.
            return tuple(surface.get_at(button.rect.center))[:3] != tuple(panel)[:3]

        for table_id, counted in (("crit-slashing", True), ("insanity", False)):
            browser.select_table(next(t for t in browser.order if t.id == table_id))
            app.draw()
            assert [shown(b) for b in browser.buttons[1:]] == [counted, counted], table_id
            assert shown(browser.buttons[0])  # Roll, always
    finally:
        app.close()


def test_an_entry_card_says_nothing_of_the_sources_stars() -> None:
    from companion.tables.loader import load_tables
    from companion.tables.words import entry_card, names_for

    table = load_tables().get("crit-bludgeoning")
    starred = next(e for e in table.entries if getattr(e, "starred", False))
    card = entry_card(table, starred, (), names_for(load_tables(), table.file.system))
    assert "starred" not in " ".join([card.head, card.description or "", card.badges(),
                                      *card.effects])
