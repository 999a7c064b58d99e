"""Typed and drawn text in the window: control characters (a NUL above all) never
reach a field or a font, text from an input method arrives without a key press, a
shortcut key's character is not typed into the field it opens, and a name read from
a file draws whatever it holds."""

from __future__ import annotations

import time

import pygame
import pytest

from companion import paths
from companion.rulesets.battle.sheet import quick_sheet
from companion.ui.app import App
from companion.ui.battle.setup import BattleSetup, duel_setup
from companion.ui.skirmish.setup import SkirmishSetup
from companion.ui.text import SafeFont, drawable, typed
from companion.ui.theme import Theme
from companion.ui.widgets.controls import (
    MAX_FIELD_TEXT,
    TextField,
    draw_text,
    ellipsize,
    ellipsize_start,
    wrap,
)
from tools.shots import click, press, pump, type_text

NASTY = "a\x00b\x01\tc\r\n\x1b\x7f\x85\x9fd\ud800"


@pytest.fixture
def app():
    app = App()
    app.draw()
    yield app
    app.close()


def text_input(text: str) -> None:
    """Text with no key press before it: an input method's, a paste's."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def composing(text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text=text, start=len(text),
                                         length=0))


def test_typed_text_keeps_no_control_character():
    assert typed(NASTY) == "abcd"
    assert typed("Brutus é 中文 😀") == "Brutus é 中文 😀"


def test_drawable_text_is_one_line_with_no_control_character():
    assert drawable("a\nb\tc\x00d\x7f") == "a b cd"
    assert drawable("x\ud800") == "x\ufffd"


def test_the_fonts_of_the_window_draw_anything_they_are_given(app):
    theme = Theme()
    font = theme.fonts.get(18)
    assert isinstance(font, SafeFont)
    surface = pygame.Surface((400, 60))
    for text in ("\x00", NASTY, "\u200b", "\ufeff\u200d", "", "\ud800", b"a\x00b"):
        surface.blit(font.render(text, True, (255, 255, 255)), (0, 0))
        font.size(text)


def test_a_font_keeps_the_texts_it_drew_and_measured_but_only_so_many(app):
    font = Theme().fonts.get(18)
    assert isinstance(font, SafeFont)
    drawn = font.render("Brutus", True, (255, 255, 255))
    assert font.render("Brutus", True, (255, 255, 255)) is drawn
    assert font.render("Brutus", True, (0, 0, 0)) is not drawn
    assert font.render("Brutus", False, (255, 255, 255)) is not drawn
    assert font.render("\u200b", True, (255, 255, 255)) is font.render("\u200b", True,
                                                                       (255, 255, 255))
    assert font.size("Brutus") == pygame.font.Font.size(font, "Brutus")
    for n in range(SafeFont.RENDERED + 5):
        font.render(str(n), True, (255, 255, 255))
    assert len(font._rendered) == SafeFont.RENDERED
    assert font.render("Brutus", True, (255, 255, 255)) is not drawn  # the oldest went


def test_draw_text_leaves_out_a_nul_even_with_a_plain_pygame_font(app):
    font = pygame.font.Font(paths.font_path(False), 18)
    surface = pygame.Surface((300, 200))
    draw_text(surface, "Bru\x00tus", font, (255, 255, 255), (0, 0))
    draw_text(surface, "Bru\x00tus the\x00 samnite", font, (255, 255, 255), (0, 0), 80)
    assert all("\x00" not in line for line in wrap("a\x00 b\x00", font, 10))
    assert "\x00" not in ellipsize("x\x00" * 50, font, 60)


def test_a_long_text_is_cut_to_fit_quickly(app):
    font = Theme().fonts.get(18)
    text = "0123456789" * 1000
    began = time.perf_counter()
    short = ellipsize(text, font, 200)
    end = ellipsize_start(text, font, 200)
    assert time.perf_counter() - began < 0.5
    assert short.endswith("…") and end.startswith("…")
    assert font.size(short)[0] <= 200 and font.size(end)[0] <= 200
    assert end.endswith("789") and short.startswith("012")


def test_a_field_drops_control_characters_and_shows_what_is_being_composed(app):
    field = TextField(Theme(), "hint", lambda _t: None, pygame.Rect(0, 0, 300, 40),
                      focused=True)
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text=NASTY))
    assert field.text == "abcd"
    field.handle(pygame.event.Event(pygame.TEXTEDITING, text="ni\x00", start=2, length=0))
    assert field.text == "abcd" and field.composing == "ni"
    field.draw(pygame.Surface((400, 60)))
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="日"))
    assert field.text == "abcd日" and field.composing == ""


def test_a_field_holds_at_most_its_limit(app):
    field = TextField(Theme(), "hint", lambda _t: None, pygame.Rect(0, 0, 300, 40),
                      focused=True)
    for _ in range(MAX_FIELD_TEXT):
        field.handle(pygame.event.Event(pygame.TEXTINPUT, text="abc"))
    assert len(field.text) == MAX_FIELD_TEXT
    field.draw(pygame.Surface((400, 60)))


def test_a_nul_typed_into_the_start_screen_fields_draws_and_is_not_kept(app):
    app.show_home()
    pump(app)
    setup = app.screen
    assert isinstance(setup, SkirmishSetup)
    click(setup.rows[0].name.rect.center)
    text_input("Bru\x00tus")
    pump(app)
    assert setup.rows[0].name.text == "Brutus"
    click(setup.seed.rect.center)
    text_input("4\x002")
    press(pygame.K_RETURN)
    pump(app)
    assert app.screen is not setup  # the seed was 42: the bout started
    assert app.screen.state.gladiators[0].name == "Brutus"


def test_a_nul_typed_into_the_battle_set_up_is_not_kept(app):
    app.show_setup("battle")
    pump(app)
    setup = app.screen
    assert isinstance(setup, BattleSetup)
    field = setup.sides[0].fields["health"]
    click(field.rect.center)
    for _ in range(2):
        press(pygame.K_BACKSPACE)
    text_input("1\x000")
    pump(app)
    assert field.text == "10"


def test_a_nul_typed_into_the_tracker_card_and_the_tools_is_not_kept(app):
    app.start_session("battle", duel_setup(quick_sheet("Aulus", 12, 2, 1, 0),
                                           quick_sheet("Brenna", 12, 2, 1, 3)))
    duel = app.screen
    pump(app)
    click(duel.cards["a"].entry.rect.center)
    text_input("-\x003")
    pump(app)
    assert duel.cards["a"].entry.text == "-3"
    press(pygame.K_RETURN)
    pump(app)
    assert duel.state.fighters["a"].health == 9
    press(pygame.K_F4)
    pump(app)
    text_input("s\x0019")
    pump(app)
    assert app.panel.view.field.text == "s19" and app.panel.view.entry.key == 19
    press(pygame.K_F3)
    pump(app)
    tray = app.panel.view
    click(tray.field.rect.center)
    text_input("2d6\x00")
    pump(app)
    assert tray.field.text == "2d6"


def test_text_from_an_input_method_reaches_a_dialog_just_opened(app):
    app.show_home()
    pump(app)
    press(pygame.K_o, "o")  # its "o" is the shortcut's, not typing
    pump(app)
    assert app.dialog is not None and app.dialog.text_field.text == ""
    composing("~/sa")
    pump(app)
    assert app.dialog.text_field.text == "" and app.dialog.text_field.composing == "~/sa"
    text_input("~/saturday.json")
    pump(app)
    assert app.dialog.text_field.text == "~/saturday.json"
    press(pygame.K_RETURN)
    pump(app)
    assert app.dialog.error.endswith("saturday.json: no such file")


def test_a_path_no_file_can_have_is_refused_in_words(app):
    app.start_session("battle", duel_setup(quick_sheet("Aulus", 12, 2, 1, 0),
                                           quick_sheet("Brenna", 12, 2, 1, 3)))
    duel = app.screen
    press(pygame.K_s, mod=pygame.KMOD_LCTRL)
    pump(app)
    for bad in ("~nobody-of-this-name/x.json", "bad\ud800.json"):
        duel.dialog.text_field.text = bad
        press(pygame.K_RETURN)
        pump(app)
        assert duel.dialog is not None and duel.dialog.error, bad


def test_a_shortcut_key_is_not_typed_into_the_dice_dialog_it_opens(app):
    app.start_session("battle", duel_setup(quick_sheet("Aulus", 12, 2, 1, 0),
                                           quick_sheet("Brenna", 12, 2, 1, 3)))
    duel = app.screen
    press(pygame.K_y, "y")
    pump(app)
    assert duel.dialog is not None and duel.dialog.text_field.text == ""
    type_text("3")
    pump(app)
    assert duel.dialog.text_field.text == "3"


def test_r_for_the_arena_does_not_also_roll_in_the_table_browser(app):
    from companion.dice.sources import ScriptedDice

    app.start_session("skirmish", {"gladiators": [
        {"name": "Brutus", "type": "samnite", "side": "red", "at": "E6", "facing": "S",
         "strength": 8},
        {"name": "Nereus", "type": "retiarius", "side": "blue", "at": "E7", "facing": "N",
         "strength": 9},
    ]}, dice=ScriptedDice([5, 2, 6]))
    arena = app.screen
    press(pygame.K_F4)
    pump(app)
    browser = app.panel.view
    browser.field.focused = False  # the player clicked on the arena
    press(pygame.K_r, "r")
    pump(app)
    assert arena.state.phase == "act" and browser.last_roll is None


def test_names_with_a_nul_are_refused_in_words_and_the_window_draws_on(app):
    import pytest

    from companion.errors import UserError

    refused = app.start_session("skirmish", {"gladiators": [
        {"name": "Bru\x00tus", "type": "samnite", "side": "red", "at": "E6", "facing": "S"},
        {"name": "\x00", "type": "retiarius", "side": "blue", "at": "E7",
         "facing": "N"},
    ]}, seed=1)
    assert refused is not None and "control character" in refused
    pump(app)
    app.draw()
    with pytest.raises(UserError, match="control character"):
        quick_sheet("Au\x00lus", 12, 2, 1, 0)
    press(pygame.K_F4)
    pump(app)
    app.draw()


def test_a_recent_file_no_file_can_have_is_refused_in_words(app):
    app.open_file(paths.user_data_dir() / "odd\ud800.json")
    assert app.dialog is not None and app.dialog.title == "Cannot open that file"
    app.draw()


def test_a_click_beside_the_dice_dialogs_field_leaves_it_typing(app):
    app.start_session("battle", duel_setup(quick_sheet("Aulus", 12, 2, 1, 0),
                                           quick_sheet("Brenna", 12, 2, 1, 3)), physical=True)
    duel = app.screen
    press(pygame.K_RETURN)  # initiative, with his own dice
    pump(app)
    dialog = duel.dialog
    assert dialog is not None and dialog.text_field is not None
    click((5, 5))
    type_text("6")
    pump(app)
    assert dialog.text_field.text == "6"
    press(pygame.K_ESCAPE)  # clears the field
    press(pygame.K_ESCAPE)  # on an empty field: cancels
    pump(app)
    assert duel.dialog is None and duel.state.phase == "initiative"
