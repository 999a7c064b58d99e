"""Playing a skirmish in the window, driven by posted mouse and key events: select,
move, turn, attack with scripted dice, pushback, undo and redo, save and resume,
physical dice, the appeal dialog, the computer's turns, window resize."""

from __future__ import annotations

import json

import pygame
import pytest

from companion.dice.sources import ScriptedDice
from companion.ui.app import App
from companion.ui.events import AI_STEP
from tools.shots import click, click_hex, hover, press, pump, type_text


def duel(retiarius: dict | None = None) -> dict:
    return {
        "gladiators": [
            {"name": "Brutus", "type": "samnite", "side": "red", "at": "E6", "facing": "S",
             "strength": 8},
            {"name": "Nereus", "type": "retiarius", "side": "blue", "at": "E7", "facing": "N",
             "strength": 9, **(retiarius or {})},
        ]
    }


@pytest.fixture
def app():
    app = App()
    app.draw()
    yield app
    app.close()


def start(app: App, setup: dict | None = None, faces: list[int] | None = None):
    """A bout whose initiative goes to Brutus (5 against 2), then the given faces."""
    assert app.start_session("skirmish", setup or duel(),
                             dice=ScriptedDice([5, 2, *(faces or [])])) is None
    pump(app)
    return app.screen


def at(arena, gid: str) -> str:
    g = arena.state.glad(gid)
    return arena.state.label(g.hex)


def test_space_rolls_his_ap_with_the_weight_modifier(app):
    arena = start(app, faces=[6])
    assert arena.state.current().name == "Brutus" and arena.state.phase == "ap"
    press(pygame.K_SPACE, " ")
    pump(app)
    # A Samnite with his large shield is Heavy: 6 - 1 = 5 AP.
    assert arena.state.phase == "act" and arena.state.current().ap == 5


def test_a_click_shows_the_path_and_a_second_click_walks_it(app):
    arena = start(app, faces=[6])
    press(pygame.K_SPACE, " ")
    pump(app)
    click_hex(app, "E5")  # straight back: any other direction without turning, 2 AP
    pump(app)
    assert arena.overlay.path[-1] == "E5" and at(arena, "A") == "E6"
    click_hex(app, "E5")
    pump(app)
    assert at(arena, "A") == "E5" and arena.state.current().ap == 3


def test_q_and_e_turn_him_one_hexside_for_1_ap(app):
    arena = start(app, faces=[6])
    press(pygame.K_SPACE, " ")
    press(pygame.K_e, "e")
    pump(app)
    g = arena.state.glad("A")
    assert g.facing == 4 and g.ap == 4  # S -> SW, clockwise
    press(pygame.K_q, "q")
    pump(app)
    g = arena.state.glad("A")
    assert g.facing == 3 and g.ap == 3


def test_clicking_a_foe_shows_the_odds_and_a_second_click_strikes(app):
    # AP 6; attack 5 against defence 2: margin 3 through his front; save 1 + 1 < 7.
    arena = start(app, faces=[6, 5, 2, 1])
    press(pygame.K_SPACE, " ")
    pump(app)
    click_hex(app, "E7")
    pump(app)
    assert arena.odds is not None and arena.odds.target == "B"
    assert 0 < arena.odds.p_hit < 1
    click_hex(app, "E7")
    pump(app)
    assert arena.state.glad("B").strength == 9 - 3
    assert any(f.text == "-3" for f in arena.overlay.floats)


def test_a_miss_pushes_the_defender_straight_back(app):
    arena = start(app, faces=[6, 1, 4])
    press(pygame.K_SPACE, " ")
    press(pygame.K_TAB)
    press(pygame.K_RETURN)
    pump(app)
    assert at(arena, "B") == "E8"
    assert [s.gid for s in arena.overlay.slides] == ["B"]


def test_a_double_shows_its_special_event_in_a_banner(app):
    # AP 6; attack 4 and defence 4: double 4, the defender off balance.
    arena = start(app, faces=[6, 4, 4])
    press(pygame.K_SPACE, " ")
    press(pygame.K_TAB)
    press(pygame.K_RETURN)
    pump(app)
    assert arena.overlay.banner == "Double 4: Defender off balance"
    assert arena.overlay.banner_ticks > 0 and arena.state.glad("B").off_balance


def test_a_miss_against_a_gladiator_on_the_edge_leaves_him_off_balance(app):
    setup = {
        "gladiators": [
            {"name": "Brutus", "type": "samnite", "side": "red", "at": "E11", "facing": "S",
             "strength": 8},
            {"name": "Nereus", "type": "retiarius", "side": "blue", "at": "E12", "facing": "N",
             "strength": 9},
        ]
    }
    arena = start(app, setup, faces=[6, 1, 4])
    press(pygame.K_SPACE, " ")
    press(pygame.K_TAB)
    press(pygame.K_RETURN)
    pump(app)
    assert at(arena, "B") == "E12" and arena.state.glad("B").off_balance


def test_ctrl_z_undoes_and_ctrl_y_redoes(app):
    arena = start(app, faces=[6])
    press(pygame.K_SPACE, " ")
    press(pygame.K_w, "w")  # one hex straight ahead... into Nereus: refused
    pump(app)
    assert arena.message_is_error and at(arena, "A") == "E6"
    press(pygame.K_s, "s")  # one hex back, 2 AP
    pump(app)
    assert at(arena, "A") == "E5"
    press(pygame.K_z, mod=pygame.KMOD_LCTRL)
    pump(app)
    assert at(arena, "A") == "E6" and arena.state.current().ap == 5
    press(pygame.K_y, mod=pygame.KMOD_LCTRL)
    pump(app)
    assert at(arena, "A") == "E5" and arena.state.current().ap == 3


def test_an_illegal_click_says_why_and_changes_nothing(app):
    arena = start(app, faces=[1])
    press(pygame.K_SPACE, " ")
    pump(app)
    before = len(arena.session.journal)
    click_hex(app, "A1")
    pump(app)
    assert arena.message_is_error and "A1" in arena.message
    assert len(arena.session.journal) == before


def test_save_as_then_resume_from_the_start_screen(app, tmp_path):
    arena = start(app, faces=[6])
    press(pygame.K_SPACE, " ")
    press(pygame.K_s, "s")
    press(pygame.K_s, mod=pygame.KMOD_LCTRL)
    pump(app)
    dialog = arena.dialog
    assert dialog is not None and dialog.title == "Save as"
    dialog.text_field.text = ""
    target = tmp_path / "bout.json"
    type_text(str(target))
    press(pygame.K_RETURN)
    pump(app)
    assert arena.dialog is None and target.is_file()
    saved = json.loads(target.read_text())
    assert [e["action"]["type"] for e in saved["journal"]] == ["start", "roll_ap", "move"]
    app.show_home()
    assert app.can_resume()
    press(pygame.K_r, "r")
    pump(app)
    assert app.screen is not None and at(app.screen, "A") == "E5"
    assert str(target.resolve()) in app.settings.recent_files


def test_physical_dice_are_asked_for_and_a_bad_face_changes_nothing(app):
    app.start_session("skirmish", duel(), physical=True)
    arena = app.screen
    pump(app)
    # The start needs no dice (strengths fixed) but the initiative does.
    assert arena.dialog is not None and "type what the dice show" in arena.dialog.lines[0]
    type_text("7")
    press(pygame.K_RETURN)
    pump(app)
    assert "impossible" in arena.dialog.error or "1 to 6" in arena.dialog.error
    assert arena.state.phase == "setup"
    for face in ("5", "2"):
        arena.dialog.text_field.text = ""
        type_text(face)
        press(pygame.K_RETURN)
        pump(app)
    assert arena.state.phase == "ap" and arena.state.current().name == "Brutus"


def test_the_appeal_dialog_lists_the_modifiers_and_rolls_the_2d6(app):
    # Nereus with 1 strength: a hit of 3 beats him; then a natural 12 spares him.
    arena = start(app, duel({"strength": 1}), faces=[6, 5, 2, 1, 6, 6])
    press(pygame.K_SPACE, " ")
    press(pygame.K_TAB)
    press(pygame.K_RETURN)
    pump(app)
    assert arena.state.phase == "appeal"
    assert arena.dialog is not None and arena.dialog.title == "Appeal to the crowd"
    assert any("Drew no blood" in line for line in arena.dialog.lines)
    press(pygame.K_RETURN)
    pump(app)
    assert arena.state.glad("B").status == "spared"
    assert "spared" in arena.dialog.title
    press(pygame.K_RETURN)
    pump(app)
    assert arena.state.phase == "over" and arena.dialog.title == "The bout is over"


def test_the_computer_takes_its_turn_on_its_timer(app):
    setup = duel({"human": False})
    arena = start(app, setup, faces=[6, 4])
    press(pygame.K_SPACE, " ")
    press(pygame.K_n, "n")  # Brutus ends his turn: the computer's Nereus is next
    pump(app)
    assert arena.state.current().name == "Nereus"
    moves = len(arena.session.journal)
    pygame.event.post(pygame.event.Event(AI_STEP))
    pump(app)
    assert len(arena.session.journal) == moves + 1


def test_hovering_a_gladiator_shows_his_arcs_and_names_the_hex(app):
    arena = start(app)
    hover(app, "E7")
    pump(app)
    app.draw()
    assert app.board.to_label(app.hover) == "E7" and arena.overlay.arcs_of == "B"


def test_the_arcs_are_drawn_once_and_again_only_when_he_turns_or_moves(app):
    arena = start(app, faces=[6])
    press(pygame.K_SPACE, " ")
    press(pygame.K_v, "v")  # held: the arcs of the one whose turn it is
    pump(app)
    drawn, layer = arena.board.arcs_drawn, arena.board._arcs
    assert arena.overlay.arcs_of == "A" and layer is not None
    app.draw()
    app.draw()
    assert arena.board.arcs_drawn == drawn and arena.board._arcs is layer
    press(pygame.K_e, "e")  # he turns
    pump(app)
    assert arena.board.arcs_drawn == drawn + 1 and arena.board._arcs is not layer
    layer = arena.board._arcs
    click_hex(app, "E5")
    pump(app)
    click_hex(app, "E5")  # he walks there
    pump(app)
    assert at(arena, "A") == "E5"
    assert arena.board.arcs_drawn == drawn + 2 and arena.board._arcs is not layer


def test_right_click_offers_the_actions_here(app):
    arena = start(app, faces=[6])
    press(pygame.K_SPACE, " ")
    pump(app)
    click_hex(app, "E7", button=3)
    pump(app)
    labels = [label for label, _ in arena.dialog.entries]
    assert any(label.startswith("sword at Nereus") for label in labels)
    assert "Discard shield (for good)" in labels and "End turn" in labels
    press(pygame.K_1 + labels.index("End turn"), "")
    pump(app)
    assert arena.state.current().name == "Nereus"


def test_the_window_resizes_and_the_arena_follows(app):
    start(app)
    app.window.size = (1024, 640)
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=1024, y=640))
    pump(app)
    layout = app.board_view.layout
    corners = [c for h in app.board.hexes() for c in layout.hex_corners(h)]
    assert max(x for x, _ in corners) <= app.panel_rect.left
    assert max(y for _, y in corners) <= app.status_rect.top


def test_f9_cycles_the_ui_scale_and_remembers_it(app):
    press(pygame.K_F9)
    pump(app)
    from companion.files.settings import load_settings

    assert load_settings().ui_scale == 1.5
    # 1280x800 holds 133 %: the window says so, and shows what fits.
    assert app.theme.scale == 1.33 and "150 %" in app.note and "133 %" in app.note
    app.window.size = (1920, 1080)
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=1920, y=1080))
    pump(app)
    assert app.theme.scale == 1.5
    assert app.note == ""  # it fits now: the word on the scale is gone
    press(pygame.K_F9)
    pump(app)
    assert app.theme.scale == 2.0 and load_settings().ui_scale == 2.0


def test_the_window_opens_at_a_size_that_suits_the_display_and_remembers_it():
    from companion.files.settings import load_settings
    from companion.ui.app import opening_size

    assert opening_size(None, [(1920, 1080)]) == (1632, 918)
    assert opening_size(None, [(800, 600)]) == (1024, 640)  # never below the least
    assert opening_size((3000, 700), [(1920, 1080)]) == (1920, 700)
    app = App(size=None)
    try:
        app.window.size = (1111, 777)
    finally:
        app.close()
    assert load_settings().window_size == (1111, 777)
    again = App(size=None)
    try:
        assert again.window.size == (1024, 768)  # the saved size, within the display
    finally:
        again.close()


def test_the_start_screen_starts_a_samnite_against_a_retiarius(app):
    app.show_home()
    pump(app)
    click(app.screen.buttons["start"].rect.center)
    pump(app)
    types = [g.type for g in app.screen.state.gladiators]
    assert types == ["samnite", "retiarius"]
    assert [g.human for g in app.screen.state.gladiators] == [True, False]


def test_a_beaten_gladiators_strength_below_0_is_shown_whole_on_his_card(app):
    # Nereus with 1 strength takes a hit of 3: -2 of his full strength.
    arena = start(app, duel({"strength": 1}), faces=[6, 5, 2, 1, 6, 6])
    press(pygame.K_SPACE, " ")
    press(pygame.K_TAB)
    press(pygame.K_RETURN)
    pump(app)
    nereus = arena.state.glad("B")
    assert nereus.strength < 0
    shown = f"{nereus.strength}/{nereus.full_strength}"
    drawn = [w for w in app.panel.view.ink.drawn if getattr(w, "text", None) == shown]
    assert drawn and all(w.lines == [shown] and not w.overflow for w in drawn)


def test_an_undo_into_the_computers_turn_waits_for_space_and_says_so(app):
    setup = duel({"human": False})
    arena = start(app, setup, faces=[6, 4, 6])
    press(pygame.K_SPACE, " ")
    press(pygame.K_n, "n")  # Brutus ends his turn: the computer's Nereus is next
    pump(app)
    assert "is thinking" in arena.status()
    pygame.event.post(pygame.event.Event(AI_STEP))
    pump(app)  # Nereus rolls his AP
    press(pygame.K_z, mod=pygame.KMOD_LCTRL)
    pump(app)
    assert arena.state.current().name == "Nereus" and arena.state.phase == "ap"
    assert arena.status().startswith("Turn 2  Nereus (computer) waits: Space plays his turn")
    moves = len(arena.session.journal)
    press(pygame.K_SPACE, " ")
    pump(app)
    assert len(arena.session.journal) > moves and "waits" not in arena.status()


def test_at_0_ap_the_status_bar_says_n_ends_the_turn(app):
    arena = start(app, faces=[6])
    press(pygame.K_SPACE, " ")
    pump(app)
    brutus = arena.state.current()
    assert arena.state.phase == "act" and brutus.ap > 0
    assert "N ends the turn" in arena.status() and "move there" in arena.status()
    brutus.ap = 0
    assert arena.status().startswith("Turn 1  Brutus: no AP left for a step  N ends the turn")


def test_the_hover_card_names_him_once_and_leaves_his_arcs_in_sight(app):
    from companion.core.hexgrid import neighbours

    assert app.start_session("skirmish", {"gladiators": [
        {"type": "samnite", "side": "red", "at": "E6", "facing": "S", "strength": 8},
        {"type": "retiarius", "side": "blue", "at": "F8", "facing": "N", "strength": 9}]},
        dice=ScriptedDice([5, 2])) is None
    pump(app)
    arena = app.screen
    hover(app, "E6")
    pump(app)
    app.draw()
    assert arena.ink.drawn[0].text == "Samnite (Red)"
    box = arena._cards["A"][1][0]
    layout = app.board_view.layout
    samnite = arena.state.glad("A")
    ring = [*neighbours(samnite.hex), samnite.hex]
    assert not any(box.collidepoint(layout.hex_to_pixel(h)) for h in ring)


def test_save_as_has_a_save_button_that_saves(app, tmp_path):
    arena = start(app, faces=[6])
    press(pygame.K_s, mod=pygame.KMOD_LCTRL)
    pump(app)
    dialog = arena.dialog
    assert dialog is not None and dialog.title == "Save as"
    labels = [b.label for b in dialog.buttons]
    assert labels[0] == "Save (Enter)" and "Cancel (Esc)" in labels
    target = tmp_path / "clicked.json"
    dialog.text_field.text = str(target)
    click(dialog.buttons[0].rect.center)
    pump(app)
    assert arena.dialog is None and target.is_file()


def test_the_open_dialog_has_an_open_button(app):
    app.open_dialog()
    app.draw()
    assert app.dialog.buttons[0].label == "Open (Enter)"


@pytest.mark.parametrize(("size", "scale"), [((1280, 800), 1.0), ((1280, 800), 2.0),
                                             ((1024, 640), 2.0)])
def test_a_computer_gladiators_card_always_says_computer(size, scale):
    app = App(size=size, scale=scale)
    try:
        setup = {"gladiators": [
            {"name": "Marcus Aurelius Victorinus", "type": "samnite", "side": "red",
             "at": "E6", "facing": "S", "strength": 8},
            {"name": "Nereus the Net-Caster of Ostia", "type": "retiarius", "side": "blue",
             "at": "F8", "facing": "N", "strength": 9, "human": False}]}
        assert app.start_session("skirmish", setup, dice=ScriptedDice([5, 2])) is None
        pump(app)
        app.draw()
        shown = [w.fit().shown for w in app.panel.view.ink.drawn if hasattr(w, "text")]
        assert any("computer" in text for text in shown if "Nereus" in text
                   or text.startswith("computer")), shown
    finally:
        app.close()
