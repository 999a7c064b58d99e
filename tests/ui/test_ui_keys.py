"""Every key the screens name (in F1's list and on the status bar) pressed on its
screen, through posted events, and what it did checked: the action it sent to the
session, or what it changed on the screen. Swapping what two keys do fails here.

Also what keys must not do: a key typed into a field reaches that field only (F3, F4
and the screen behind), Enter rolls what the card says is due, and Escape on a dice
prompt leaves that roll due and offered again."""

from __future__ import annotations

import json
import re
from typing import Any

import pygame
import pytest

from companion import paths
from companion.core.hexgrid import neighbour
from companion.dice.sources import ScriptedDice
from companion.rulesets.battle.sheet import quick_sheet
from companion.rulesets.skirmish.state import Item
from companion.ui.app import App
from companion.ui.battle.setup import BattleSetup, duel_setup
from companion.ui.skirmish.setup import SkirmishSetup
from tools.shots import click, click_hex, hover, press, pump, type_text

CTRL, SHIFT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT




def record(screen: Any) -> list[dict[str, Any]]:
    """Every action the screen sends to its session from now on."""
    sent: list[dict[str, Any]] = []
    real = screen.act

    def act(action: dict[str, Any], typed: bool = False) -> bool:
        sent.append(dict(action))
        return real(action, typed)

    screen.act = act
    return sent


def key(app: App, k: int, text: str = "", mod: int = 0) -> None:
    press(k, text, mod)
    pump(app)


# --- the arena ------------------------------------------------------------------------
def bout(app: App, facing: str = "N", faces: list[int] | None = None,
         foe_at: str = "E9") -> Any:
    """Brutus (Samnite, human) at E6 with his turn and 5 AP; Nereus (Retiarius, human)
    at `foe_at`."""
    setup = {"gladiators": [
        {"name": "Brutus", "type": "samnite", "side": "red", "at": "E6", "facing": facing,
         "strength": 8},
        {"name": "Nereus", "type": "retiarius", "side": "blue", "at": foe_at, "facing": "N",
         "strength": 9},
    ]}
    dice = ScriptedDice([5, 2, 6, *(faces or [3] * 30)])
    assert app.start_session("skirmish", setup, dice=dice) is None
    pump(app)
    arena = app.screen
    key(app, pygame.K_SPACE, " ")
    assert arena.state.phase == "act" and arena.state.current().name == "Brutus"
    return arena


@pytest.mark.parametrize(("k", "text", "mod", "turn"), [
    (pygame.K_w, "w", 0, 0), (pygame.K_d, "d", 0, 1), (pygame.K_d, "D", SHIFT, 2),
    (pygame.K_s, "s", 0, 3), (pygame.K_a, "A", SHIFT, 4), (pygame.K_a, "a", 0, 5)])
def test_w_a_s_d_step_ahead_back_and_to_each_side(app: App, k: int, text: str, mod: int,
                                                  turn: int) -> None:
    arena = bout(app)
    sent = record(arena)
    g = arena.state.current()
    ahead = arena.state.board.to_label(neighbour(g.hex, (g.facing + turn) % 6))
    key(app, k, text, mod)
    assert sent == [{"type": "move", "to": ahead}]


@pytest.mark.parametrize(("k", "text", "steps"), [(pygame.K_q, "q", -1), (pygame.K_e, "e", 1)])
def test_q_and_e_turn_left_and_right(app: App, k: int, text: str, steps: int) -> None:
    arena = bout(app)
    sent = record(arena)
    key(app, k, text)
    assert sent == [{"type": "turn", "steps": steps}]


def test_the_mouse_wheel_turns_him(app: App) -> None:
    arena = bout(app)
    sent = record(arena)
    centre = app.board_view.rect.center
    pygame.mouse.set_pos(centre)  # the wheel turns him while the pointer is on the board
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                         precise_x=0.0, precise_y=-1.0))
    pump(app)
    if app.board_view.rect.collidepoint(pygame.mouse.get_pos()):
        assert sent == [{"type": "turn", "steps": 1}]


@pytest.mark.parametrize(("k", "text", "action"), [
    (pygame.K_n, "n", {"type": "end_turn"}), (pygame.K_f, "f", {"type": "cut_free"}),
    (pygame.K_u, "u", {"type": "discard_shield"})])
def test_n_f_and_u_end_the_turn_cut_free_and_discard_the_shield(
        app: App, k: int, text: str, action: dict[str, Any]) -> None:
    arena = bout(app)
    sent = record(arena)
    key(app, k, text)
    assert sent == [action]


def test_p_picks_up_and_k_kicks_ahead_what_lies_in_his_hex(app: App) -> None:
    arena = bout(app)
    g = arena.state.current()
    arena.state.items.append(Item(id=99, kind="weapon", name="sword", owner=g.id, hex=g.hex))
    sent = record(arena)
    key(app, pygame.K_p, "p")
    assert sent == [{"type": "pick_up", "item": 99}]
    if not any(i.id == 99 for i in arena.state.items):
        arena.state.items.append(Item(id=99, kind="weapon", name="sword", owner=g.id,
                                      hex=arena.state.current().hex))
    g = arena.state.current()
    ahead = arena.state.board.to_label(neighbour(g.hex, g.facing))
    key(app, pygame.K_k, "k")
    assert sent[1:] == [{"type": "kick", "item": 99, "to": ahead}]


def test_p_and_k_with_nothing_in_his_hex_say_so(app: App) -> None:
    arena = bout(app)
    sent = record(arena)
    key(app, pygame.K_p, "p")
    assert not sent and "nothing lies in his hex" in arena.message


def test_space_and_r_roll_his_ap(app: App) -> None:
    for k, text in ((pygame.K_SPACE, " "), (pygame.K_r, "r"), (pygame.K_RETURN, "\r")):
        setup = {"gladiators": [
            {"name": "Brutus", "type": "samnite", "side": "red", "at": "E6", "strength": 8},
            {"name": "Nereus", "type": "retiarius", "side": "blue", "at": "E9",
             "strength": 9}]}
        assert app.start_session("skirmish", setup, dice=ScriptedDice([5, 2, 6])) is None
        arena = app.screen
        sent = record(arena)
        key(app, k, text if k != pygame.K_RETURN else "")
        assert sent == [{"type": "roll_ap"}], k


def test_tab_chooses_a_foe_and_enter_strikes_him(app: App) -> None:
    arena = bout(app, facing="S", foe_at="E7")
    sent = record(arena)
    key(app, pygame.K_TAB)
    assert arena.chosen is not None and arena.chosen.target == "B" and arena.odds is not None
    key(app, pygame.K_RETURN)
    assert sent and sent[0]["type"] == "attack" and sent[0]["target"] == "B"


def test_escape_cancels_what_is_chosen_then_opens_the_way_out(app: App) -> None:
    arena = bout(app, facing="S", foe_at="E7")
    key(app, pygame.K_TAB)
    key(app, pygame.K_ESCAPE)
    assert arena.chosen is None and arena.dialog is None
    key(app, pygame.K_ESCAPE)
    assert arena.dialog is not None and arena.dialog.title == "Leave this bout?"
    key(app, pygame.K_ESCAPE)  # back to the bout
    assert arena.dialog is None and app.screen is arena


def test_the_way_out_leads_to_the_start_screen_and_the_bout_is_kept(app: App) -> None:
    arena = bout(app)
    key(app, pygame.K_w, "w")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_s, "s")
    assert isinstance(app.screen, SkirmishSetup) and app.can_resume()
    key(app, pygame.K_r, "r")
    assert app.screen is not arena and app.screen.state.glad("A").hex == arena.state.glad(
        "A").hex


def test_the_way_out_sets_up_a_new_bout_or_another_with_the_same_gladiators(app: App) -> None:
    arena = bout(app)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_n, "n")
    assert isinstance(app.screen, SkirmishSetup)
    arena = bout(app)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_a, "a")
    again = app.screen
    assert again is not arena and again.session.setup == arena.session.setup


def test_v_shows_his_arcs_while_held(app: App) -> None:
    arena = bout(app)
    key(app, pygame.K_v, "v")
    assert arena.show_arcs
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_v, mod=0, unicode="v"))
    pump(app)
    assert not arena.show_arcs


def test_ctrl_z_undoes_ctrl_y_redoes_ctrl_s_saves_and_f1_lists_the_keys(app: App) -> None:
    arena = bout(app)
    key(app, pygame.K_w, "w")
    moved = len(arena.session.journal)
    key(app, pygame.K_z, mod=CTRL)
    assert len(arena.session.journal) == moved - 1
    key(app, pygame.K_y, mod=CTRL)
    assert len(arena.session.journal) == moved
    key(app, pygame.K_s, mod=CTRL)
    assert arena.dialog is not None and arena.dialog.title == "Save as"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_s, mod=CTRL | SHIFT)
    assert arena.dialog is not None and arena.dialog.title == "Save as"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F1)
    assert arena.dialog is not None and arena.dialog.title == "Keys"


@pytest.mark.parametrize("game", ["bout", "duel"])
def test_ctrl_e_exports_a_report_of_the_game(app: App, game: str) -> None:
    screen = bout(app) if game == "bout" else duel(app)
    done = len(screen.session.journal)
    key(app, pygame.K_e, mod=CTRL)
    assert screen.dialog is not None and screen.dialog.title.startswith("Export a report")
    key(app, pygame.K_m, "m")
    written = paths.user_data_dir() / "reports" / f"{screen.kept_path().stem}.md"
    assert screen.dialog is None and written.is_file()
    assert screen.message.startswith("Markdown report")
    assert f"{written.name} in {written.parent}" in screen.message
    assert len(screen.session.journal) == done  # Ctrl+E is not E (he would turn)


def test_f2_to_f5_show_the_tabs_and_f9_the_next_scale(app: App) -> None:
    bout(app)
    for k, tab in ((pygame.K_F3, 1), (pygame.K_F4, 2), (pygame.K_F5, 3), (pygame.K_F2, 0)):
        key(app, k)
        assert app.panel.active == tab
    key(app, pygame.K_F9)
    assert app.settings.ui_scale == 1.5


@pytest.mark.parametrize("game", ["bout", "duel"])
def test_f6_opens_the_players_window_where_f9_f11_o_and_f6_are_its_own(app: App,
                                                                      game: str) -> None:
    screen = bout(app) if game == "bout" else duel(app)
    key(app, pygame.K_F6)
    player = app.player
    assert player is not None
    done = len(screen.session.journal)

    def own(k: int, text: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text,
                                             window=player.window))
        pump(app)

    own(pygame.K_F9)
    assert player.chosen_scale == 1.5 and app.settings.ui_scale == 1.0
    own(pygame.K_o, "o")
    assert player.show_odds
    own(pygame.K_F11)
    assert player.fullscreen
    own(pygame.K_F11)
    assert not player.fullscreen
    assert len(screen.session.journal) == done  # none of them reached the game
    own(pygame.K_F6)
    assert app.player is None and app.settings.player_odds
    assert app.settings.player_scale == 1.5


def test_space_skips_ahead_through_the_computers_turn(app: App) -> None:
    setup = {"gladiators": [
        {"name": "Brutus", "type": "samnite", "side": "red", "at": "E6", "strength": 8},
        {"name": "Nereus", "type": "retiarius", "side": "blue", "at": "E9", "strength": 9,
         "human": False}]}
    assert app.start_session("skirmish", setup, dice=ScriptedDice([2, 5] + [3] * 60)) is None
    arena = app.screen
    assert arena.decider().name == "Nereus"
    key(app, pygame.K_SPACE, " ")
    assert arena.decider() is not None and arena.decider().name == "Brutus"


def test_a_token_dragged_to_a_hex_walks_the_path_it_previews(app: App) -> None:
    arena = bout(app)
    layout = app.board_view.layout
    start = [round(v) for v in layout.hex_to_pixel(app.board.from_label("E6"))]
    end = [round(v) for v in layout.hex_to_pixel(app.board.from_label("E4"))]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    pump(app)
    assert arena.overlay.path[0] == "E6" and arena.overlay.path[-1] == "E4"
    assert "AP" in arena.message and arena.state.glad("A").hex == app.board.from_label("E6")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    pump(app)
    assert arena.state.label(arena.state.glad("A").hex) == "E4"


def test_hovering_a_token_shows_his_state(app: App) -> None:
    bout(app)
    hover(app, "E9")
    pump(app)
    shown = " ".join(w.fit().text for w in app.screen.widgets())
    assert "Nereus" in shown and "strength 9 of 9" in shown and "trident" in shown


def test_a_click_during_an_animation_is_done_when_it_ends(app: App) -> None:
    arena = bout(app)
    arena.overlay.banner_ticks = 2  # an animation playing
    click_hex(app, "E5")
    pump(app)
    assert arena.pending and not arena.overlay.path
    from companion.ui.events import ANIMATE

    for _ in range(3):
        pygame.event.post(pygame.event.Event(ANIMATE))
    pump(app)
    assert arena.overlay.path and arena.overlay.path[-1] == "E5"


# --- the duel -------------------------------------------------------------------------
def duel(app: App, faces: list[int] | None = None, *, start: bool = True) -> Any:
    """Aulus (quick tracker, luck 2, heal 1) against the Hammer Rookie; Aulus wins the
    initiative when `start`."""
    rookie = json.loads((paths.assets_dir() / "samples" / "hammer-rookie.json").read_text())
    dice = ScriptedDice([6, 6, 1, 1, *(faces or [3] * 40)])
    assert app.start_session("battle", duel_setup(quick_sheet("Aulus", 12, 2, 1, 3), rookie),
                             dice=dice) is None
    pump(app)
    screen = app.screen
    if start:
        key(app, pygame.K_i, "i")
        assert screen.due_now() == "act" and screen.state.turn == "a"
    return screen


def test_i_and_enter_roll_the_initiative(app: App) -> None:
    for k, text in ((pygame.K_i, "i"), (pygame.K_RETURN, "")):
        screen = duel(app, start=False)
        sent = record(screen)
        key(app, k, text)
        assert sent == [{"type": "initiative"}]


def test_enter_attacks_with_what_is_declared_tab_t_b_and_luck(app: App) -> None:
    screen = duel(app)
    sent = record(screen)
    weapons = screen.weapons()
    key(app, pygame.K_TAB)  # the next weapon
    key(app, pygame.K_b, "b")  # berserk
    key(app, pygame.K_EQUALS, "+")
    key(app, pygame.K_EQUALS, "+")
    key(app, pygame.K_MINUS, "-")
    key(app, pygame.K_t, "t")
    assert screen.weapon() == weapons[1 % len(weapons)] and screen.thrown
    key(app, pygame.K_t, "t")
    key(app, pygame.K_RETURN)
    assert sent[-1] == {"type": "attack", "weapon": weapons[1 % len(weapons)],
                        "stance": "berserk", "luck": 1, "thrown": False}


def test_2_l_and_m_declare_two_hands_the_disarm_shot_and_the_signature_move(app: App) -> None:
    screen = duel(app)
    key(app, pygame.K_2, "2")
    key(app, pygame.K_l, "l")
    key(app, pygame.K_m, "m")
    assert screen.two_handed and screen.disarm and screen.signature
    action = screen.attack_action()
    assert action["two_handed"] and action["signature"] and action["called_shot"] == "disarm"


def test_h_heals_with_the_dice_chosen_by_the_brackets(app: App) -> None:
    screen = duel(app)
    sent = record(screen)
    key(app, pygame.K_RIGHTBRACKET, "]")
    key(app, pygame.K_RIGHTBRACKET, "]")
    key(app, pygame.K_LEFTBRACKET, "[")
    assert screen.heal_dice == 2
    key(app, pygame.K_h, "h")
    assert sent == [{"type": "heal", "dice": 2}]


def test_p_retrieves_delete_declines_and_y_asks_for_his_own_dice(app: App) -> None:
    screen = duel(app)
    sent = record(screen)
    key(app, pygame.K_p, "p")
    key(app, pygame.K_DELETE)
    assert sent == [{"type": "retrieve"}, {"type": "decline"}]
    key(app, pygame.K_y, "y")
    assert screen.dialog is not None and screen.dialog.title == "Your dice"


def test_space_lets_the_computer_play_what_is_due(app: App) -> None:
    screen = duel(app)
    sent = record(screen)
    key(app, pygame.K_SPACE, " ")
    assert len(sent) == 1 and sent[0]["type"] in ("attack", "heal")
    assert screen.message.startswith("Computer: Aulus ")


def test_g_shows_the_board_tab_picks_who_to_place_and_escape_goes_back(app: App) -> None:
    screen = duel(app)
    key(app, pygame.K_g, "g")
    assert screen.board_mode and screen.placing == "a"
    key(app, pygame.K_TAB)
    assert screen.placing == "b"
    key(app, pygame.K_ESCAPE)
    assert not screen.board_mode
    key(app, pygame.K_ESCAPE)
    assert screen.dialog is not None and screen.dialog.title == "Leave this duel?"
    key(app, pygame.K_n, "n")
    assert isinstance(app.screen, BattleSetup)


def test_the_duels_undo_redo_save_and_keys(app: App) -> None:
    screen = duel(app)
    done = len(screen.session.journal)
    key(app, pygame.K_z, mod=CTRL)
    assert len(screen.session.journal) == done - 1
    key(app, pygame.K_y, mod=CTRL)
    assert len(screen.session.journal) == done
    key(app, pygame.K_s, mod=CTRL)
    assert screen.dialog is not None and screen.dialog.title == "Save as"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F1)
    assert screen.dialog is not None and screen.dialog.title == "Keys"


def test_enter_rolls_what_the_card_says_is_due(app: App) -> None:
    # At death's door and stunned: the death's door roll comes first, then the focus.
    screen = duel(app)
    sent = record(screen)
    screen.act({"type": "adjust_health", "who": "a", "op": "=-12"})
    screen.act({"type": "set_stun", "who": "a", "stunned": True})
    app.draw()
    assert screen.due_now() == "death_door"
    card = " ".join(w.fit().text for w in screen.cards["a"].widgets())
    assert "(Enter)" in card and "focus" not in card.lower()
    key(app, pygame.K_RETURN)
    assert sent[-1]["type"] == "death_door"


def test_before_the_first_turn_the_cards_say_no_other_roll(app: App) -> None:
    screen = duel(app, start=False)
    screen.act({"type": "adjust_health", "who": "a", "op": "=-4"})
    app.draw()
    for card in screen.cards.values():
        assert not any("(Enter)" in w.fit().text for w in card.widgets())
    assert screen.main_label() == "Roll initiative (Enter)"


# --- the set-up screens ---------------------------------------------------------------
def test_the_start_screens_keys(app: App) -> None:
    app.show_home()
    setup = app.screen
    assert isinstance(setup, SkirmishSetup)
    key(app, pygame.K_f, "f")
    key(app, pygame.K_x, "x")
    key(app, pygame.K_d, "d")
    assert setup.fatigue and setup.experience and setup.physical
    key(app, pygame.K_EQUALS, "+")
    assert len(setup.rows) == 3 and setup.selected == 0
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert setup.selected == 2
    key(app, pygame.K_MINUS, "-")
    assert len(setup.rows) == 2
    key(app, pygame.K_UP)
    assert setup.selected == 0
    before = (setup.rows[0].type_index, setup.rows[0].side_index, setup.rows[0].human)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_s, "s")
    key(app, pygame.K_h, "h")
    assert (setup.rows[0].type_index, setup.rows[0].side_index, setup.rows[0].human) == (
        before[0] + 1, before[1] + 1, not before[2])
    key(app, pygame.K_LEFT)
    assert setup.rows[0].type_index == before[0]
    key(app, pygame.K_o, "o")
    assert app.dialog is not None and app.dialog.title == "Open a saved session"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_b, "b")
    assert isinstance(app.screen, BattleSetup)


def test_the_start_screens_enter_starts_and_r_resumes(app: App) -> None:
    app.show_home()
    key(app, pygame.K_RETURN)
    first = app.screen
    assert first.session.ruleset.id == "skirmish"
    app.show_home()
    key(app, pygame.K_r, "r")
    assert app.screen.session.ruleset.id == "skirmish" and app.screen is not first


def test_the_battle_set_ups_keys(app: App) -> None:
    app.show_setup("battle")
    setup = app.screen
    key(app, pygame.K_d, "d")
    assert setup.physical
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, SkirmishSetup)
    app.show_setup("battle")
    key(app, pygame.K_RETURN)
    assert app.screen.session.ruleset.id == "battle"


# --- one field, one key -----------------------------------------------------------------
def test_what_is_typed_after_f4_reaches_the_tables_only(app: App) -> None:
    app.show_home()
    setup = app.screen
    key(app, pygame.K_F4)
    type_text("d+")
    pump(app)
    assert app.panel.view.field.text == "d+"
    assert not setup.physical and len(setup.rows) == 2


def test_a_tab_whose_field_takes_the_keys_takes_them_from_the_screen(app: App) -> None:
    """What F3 does once the tray puts its cursor in the dice field: the window hands
    it every key, and the start screen's field lets go."""
    app.show_home()
    setup = app.screen
    click(setup.rows[0].name.rect.center)
    pump(app)
    assert setup.rows[0].name.focused
    key(app, pygame.K_F3)
    tray = app.panel.view
    tray.field.focused = True  # as the tray's own F3 does
    key(app, pygame.K_F3)
    assert not setup.rows[0].name.focused
    type_text("d+3")
    pump(app)
    assert tray.field.text == "d+3" and setup.rows[0].name.text == ""
    assert not setup.physical and len(setup.rows) == 2


# --- dice prompts ----------------------------------------------------------------------
def test_escape_on_a_dice_prompt_leaves_the_roll_due_and_offered_again(app: App) -> None:
    setup = {"gladiators": [
        {"name": "Brutus", "type": "samnite", "side": "red", "at": "E6", "strength": 8},
        {"name": "Nereus", "type": "retiarius", "side": "blue", "at": "E9", "strength": 9}]}
    assert app.start_session("skirmish", setup, physical=True) is None
    arena = app.screen
    for face in ("5", "2"):  # the initiative
        type_text(face)
        key(app, pygame.K_RETURN)
    assert arena.state.phase == "ap" and arena.dialog is None
    key(app, pygame.K_SPACE, " ")
    assert arena.dialog is not None and arena.dialog.title == "Your dice"
    key(app, pygame.K_ESCAPE)
    assert arena.dialog is None and arena.state.phase == "ap"
    assert arena.state.current().name == "Brutus" and "Space" in arena.status()
    key(app, pygame.K_SPACE, " ")
    assert arena.dialog is not None  # offered again


def test_escape_on_the_duels_dice_prompt_leaves_the_roll_due(app: App) -> None:
    screen = duel(app)
    key(app, pygame.K_y, "y")
    key(app, pygame.K_ESCAPE)
    assert screen.dialog is None and screen.due_now() == "act" and screen.state.turn == "a"
    key(app, pygame.K_y, "y")
    assert screen.dialog is not None


# --- save as ---------------------------------------------------------------------------
def test_save_as_is_a_normal_field_and_refuses_a_folder_or_a_missing_one(app: App,
                                                                        tmp_path) -> None:
    arena = bout(app)
    key(app, pygame.K_s, mod=CTRL)
    field = arena.dialog.text_field
    assert field.text and field.selected  # the default, selected: typing replaces it
    type_text(str(tmp_path))
    pump(app)
    assert field.text == str(tmp_path)
    key(app, pygame.K_RETURN)
    assert arena.dialog is not None and "is a folder" in arena.dialog.error
    key(app, pygame.K_a, mod=CTRL)
    key(app, pygame.K_BACKSPACE)
    assert field.text == ""
    missing = tmp_path / "no such folder" / "bout.json"
    type_text(str(missing))
    key(app, pygame.K_RETURN)
    assert "there is no folder" in arena.dialog.error and not missing.parent.exists()
    key(app, pygame.K_a, mod=CTRL)
    type_text(str(tmp_path / "bout.json"))
    key(app, pygame.K_RETURN)
    assert arena.dialog is None and (tmp_path / "bout.json").is_file()


# --- the Grimdark set-up, its builder and its paste ----------------------------------------
def grimdark_roster(names: tuple[str, ...] = ("Aulus", "Brenna")) -> None:
    """Copies of the sample Lord Smash under other names, on the user's roster."""
    from companion.rulesets.grimdark.sheet import load_gladiator, samples_dir, save_gladiator

    smash = load_gladiator(samples_dir() / "lord-smash.json")
    for name in names:
        save_gladiator(smash.model_copy(update={"name": name}))


def grimdark(app: App) -> Any:
    from companion.ui.grimdark.setup import GrimdarkSetup

    grimdark_roster()
    app.show_home()
    key(app, pygame.K_g, "g")
    assert isinstance(app.screen, GrimdarkSetup)
    return app.screen


def test_g_on_the_start_screen_opens_the_grimdark_set_up(app: App) -> None:
    setup = grimdark(app)
    assert setup.mode == "roster" and [e.name for e in setup.entries][:2] == ["Aulus", "Brenna"]


def test_the_grimdark_rosters_keys(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    setup = grimdark(app)
    key(app, pygame.K_DOWN)
    assert setup.selected_entry().name == "Brenna"
    key(app, pygame.K_UP)
    assert setup.selected_entry().name == "Aulus"
    key(app, pygame.K_a, "a")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_a, "a")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_a, "a")  # the first sample, the house NPC Arena Robot
    assert [f.entry.name for f in setup.lineup.fighters] == ["Aulus", "Brenna", "Arena Robot"]
    assert setup.lineup.fighters[2].coaching is not None  # the sample coaching named for him
    assert setup.lineup.teams() == ["1", "2", "3"]
    key(app, pygame.K_t, "t")
    assert setup.lineup.teams() == ["1", "1", "2"]  # two against one
    key(app, pygame.K_TAB)
    assert setup.fighters.selected == 0  # from the last added, round to the first
    key(app, pygame.K_RIGHT)
    assert setup.lineup.teams() == ["2", "1", "2"]
    key(app, pygame.K_LEFT)
    assert setup.lineup.teams() == ["1", "1", "2"]
    key(app, pygame.K_c, "c")  # from the default coaching to the first file
    assert setup.lineup.fighters[0].coaching == 0
    key(app, pygame.K_x, "x")
    assert [f.entry.name for f in setup.lineup.fighters] == ["Brenna", "Arena Robot"]
    started: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(app, "start_session",
                        lambda rules, setup_, **_: started.append((rules, setup_)) or None)
    key(app, pygame.K_RETURN)
    assert [(r, [g["sheet"]["name"] for g in s["gladiators"]]) for r, s in started] == [
        ("grimdark", ["Brenna", "Arena Robot"])]
    setup.roster.select(0)
    key(app, pygame.K_o, "o")
    assert setup.mode == "builder" and setup.builder.draft["name"] == "Aulus"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_n, "n")
    assert setup.mode == "builder" and setup.builder.draft["name"] == ""
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_p, "p")
    assert setup.mode == "paste"
    key(app, pygame.K_ESCAPE)  # the box lets go of the keys
    key(app, pygame.K_ESCAPE)  # back to the roster
    assert setup.mode == "roster"
    key(app, pygame.K_DELETE)
    assert setup.dialog is not None and setup.dialog.title == "Delete Aulus?"
    key(app, pygame.K_ESCAPE)
    assert setup.dialog is None and setup.entries[0].name == "Aulus"
    key(app, pygame.K_DELETE)
    key(app, pygame.K_y, "y")
    assert [e.name for e in setup.entries][:1] == ["Brenna"]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, SkirmishSetup)


def test_the_grimdark_coaching_editors_keys(app: App) -> None:
    """K on the line-up opens the chosen fighter's coaching; every key its list names."""
    from companion.rulesets.grimdark.coaching import load_coaching

    setup = grimdark(app)
    key(app, pygame.K_a, "a")  # Aulus, who has no coaching file
    key(app, pygame.K_k, "k")
    coach = setup.coach
    assert setup.mode == "coaching" and coach.draft.opening == [None, None, None]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_EQUALS, "+")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_MINUS, "-")
    key(app, pygame.K_EQUALS, "+")
    assert coach.draft.opening[0] == coach.draft.opening_moves()[0]
    key(app, pygame.K_UP)
    assert coach.choice == 0
    key(app, pygame.K_2, "2")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_EQUALS, "+")
    assert coach.draft.prefer == {coach.weight_keys[1]: 1}
    key(app, pygame.K_DELETE)  # the weight cleared
    assert coach.draft.prefer == {}
    key(app, pygame.K_EQUALS, "+")
    key(app, pygame.K_3, "3")
    key(app, pygame.K_a, "a")
    key(app, pygame.K_a, "a")
    key(app, pygame.K_EQUALS, "+")  # the second rule: when wounded
    key(app, pygame.K_UP, mod=CTRL)  # made the first
    assert [r["when"] for r in coach.draft.rules] == ["wounded", "always"]
    key(app, pygame.K_DOWN, mod=CTRL)  # and back, and first again
    assert [r["when"] for r in coach.draft.rules] == ["always", "wounded"]
    key(app, pygame.K_UP, mod=CTRL)
    assert [r["when"] for r in coach.draft.rules] == ["wounded", "always"]
    key(app, pygame.K_RIGHTBRACKET, "]")
    assert coach.rules.selected == 1
    key(app, pygame.K_LEFTBRACKET, "[")
    assert coach.rules.selected == 0
    key(app, pygame.K_4, "4")
    key(app, pygame.K_RETURN)
    type_text("Loud")
    key(app, pygame.K_ESCAPE)  # the notes let go of the keys
    key(app, pygame.K_1, "1")
    assert coach.section == 0 and coach.draft.notes == "Loud"
    key(app, pygame.K_s, mod=CTRL)
    saved = load_coaching(coach.path)
    assert saved.notes == "Loud" and [r.when for r in saved.rules] == ["wounded", "always"]
    key(app, pygame.K_ESCAPE)
    assert setup.mode == "roster"
    assert setup.coaching[setup.lineup.fighters[0].coaching] == coach.path


def grimdark_builder(app: App) -> Any:
    setup = grimdark(app)
    key(app, pygame.K_o, "o")
    return setup.builder


def test_the_grimdark_builders_keys(app: App) -> None:
    builder = grimdark_builder(app)
    assert builder.section == 0 and builder.draft["brutality"] == 6
    key(app, pygame.K_EQUALS, "+")
    assert builder.draft["brutality"] == 7
    assert "his stats add up to 16; they must add up to 15" in builder.problems
    key(app, pygame.K_MINUS, "-")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_MINUS, "-")
    assert builder.draft["style"] == 2 and builder.stat_choice == 1
    key(app, pygame.K_UP)
    key(app, pygame.K_EQUALS, "+")
    assert builder.draft["brutality"] == 7 and not builder.problems
    key(app, pygame.K_2, "2")
    assert builder.section == 1
    key(app, pygame.K_3, "3")
    key(app, pygame.K_h, "h")
    assert builder.only_his and len(builder.move_keys) == 7
    key(app, pygame.K_4, "4")
    key(app, pygame.K_w, "w")
    assert len(builder.draft["weapons"]) == 2 and builder.weapons.selected == 1
    key(app, pygame.K_l, "l")
    key(app, pygame.K_m, "m")
    key(app, pygame.K_e, "e")
    assert {k: builder.draft["weapons"][1][k] for k in ("weight", "reach", "element")} == {
        "weight": "heavy", "reach": "ranged", "element": "acid"}
    key(app, pygame.K_RIGHTBRACKET, "]")
    key(app, pygame.K_RIGHTBRACKET, "]")
    key(app, pygame.K_LEFTBRACKET, "[")
    key(app, pygame.K_SPACE, " ")  # the second property: Deadly
    assert builder.draft["weapons"][1]["properties"] == ["deadly"]
    key(app, pygame.K_DELETE)
    assert len(builder.draft["weapons"]) == 1
    key(app, pygame.K_5, "5")
    assert builder.section == 4
    key(app, pygame.K_1, "1")
    assert builder.section == 0
    key(app, pygame.K_s, mod=CTRL)
    saved = builder.path
    assert saved is not None and json.loads(saved.read_text())["brutality"] == 7
    key(app, pygame.K_e, mod=CTRL)
    assert builder.exported.startswith("[ic=Aulus]") and "Brutality: 7" in builder.exported
    key(app, pygame.K_ESCAPE)
    assert app.screen.mode == "roster"


def test_the_grimdark_pastes_keys(app: App) -> None:
    setup = grimdark(app)
    key(app, pygame.K_p, "p")
    paste = setup.paste
    pygame.scrap.put_text("Name: Cassia\nBrutality: 4\nStyle: 4\nMind: 4\nWeird: three\n")
    key(app, pygame.K_v, mod=CTRL)
    assert paste.area.text.startswith("Name: Cassia")
    key(app, pygame.K_r, mod=CTRL)
    assert paste.problems == ["line 5: 'Weird: three' needs a whole number after 'Weird:'"]
    key(app, pygame.K_ESCAPE)  # the box lets go of the keys
    key(app, pygame.K_BACKSPACE, mod=CTRL)
    assert paste.area.text == ""
    type_text("x")
    assert paste.area.text == ""  # the box has let go: typing goes nowhere
    pygame.scrap.put_text("Name: Cassia\nBrutality: 4\nStyle: 4\nMind: 4\nWeird: ")
    key(app, pygame.K_v, mod=CTRL)  # into the box, which takes the keys again
    type_text("3")
    key(app, pygame.K_r, mod=CTRL)
    assert setup.mode == "builder" and setup.builder.draft["name"] == "Cassia"
    assert setup.builder.draft["weird"] == 3


@pytest.mark.parametrize("where", ["roster", "builder", "paste"])
def test_the_grimdark_set_ups_f1_f3_f4_f5_and_f9(app: App, where: str) -> None:
    setup = grimdark(app)
    if where == "builder":
        key(app, pygame.K_o, "o")
    elif where == "paste":
        key(app, pygame.K_p, "p")
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F1)
    assert app.dialog is not None and app.dialog.lines == setup.keys()
    key(app, pygame.K_ESCAPE)
    for k, tab in ((pygame.K_F3, 1), (pygame.K_F4, 2), (pygame.K_F5, 3)):
        key(app, k)
        assert app.panel.active == tab
    app.panel.show(0)
    key(app, pygame.K_F9)
    assert app.settings.ui_scale == 1.5 and setup.mode == where


# --- the balance lab ---------------------------------------------------------------------
def test_l_on_the_start_screen_opens_the_lab_and_esc_returns(app: App) -> None:
    from companion.ui.lab.screen import LabScreen

    app.show_home()
    key(app, pygame.K_l, "l")
    assert isinstance(app.screen, LabScreen)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, SkirmishSetup)


def test_t_on_the_start_screen_opens_the_stable_and_esc_returns(app: App) -> None:
    from companion.ui.stable.screen import StableScreen

    app.show_home()
    key(app, pygame.K_t, "t")
    assert isinstance(app.screen, StableScreen)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, SkirmishSetup)


def test_e_on_the_start_screen_opens_the_leagues_and_esc_returns(app: App) -> None:
    from companion.ui.league.screen import LeagueScreen

    app.show_home()
    key(app, pygame.K_e, "e")
    assert isinstance(app.screen, LeagueScreen)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, SkirmishSetup)


def test_the_labs_keys_choose_run_and_go_back(app: App) -> None:
    from companion.ui.lab.screen import BOUTS, LabScreen

    app.show_setup("lab")
    lab = app.screen
    assert isinstance(lab, LabScreen) and lab.system_id == "skirmish"
    lab.workers = 1
    key(app, pygame.K_TAB)  # the battle system, now that it has a computer player
    assert lab.system_id == "battle" and lab.entrants
    key(app, pygame.K_TAB)
    assert lab.system_id == "grimdark" and lab.entrants[0].name == "Arena Robot"
    assert not lab.sets_first_move  # Init decides who acts first in Grimdark
    key(app, pygame.K_TAB)
    assert lab.system_id == "skirmish" and len(lab.entrants) == 13
    key(app, pygame.K_a, "a")
    assert not any(lab.chosen)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_SPACE, " ")
    assert lab.chosen == [i == 1 for i in range(13)]  # the Retiarius alone
    start = lab.bouts
    key(app, pygame.K_EQUALS, "+")
    assert lab.bouts > start
    for _ in range(len(BOUTS)):
        key(app, pygame.K_MINUS, "-")
    assert lab.bouts == BOUTS[0]
    key(app, pygame.K_RETURN)
    lab.wait()
    pump(app)
    assert lab.result is not None and lab.result.cell(0, 0).bouts == BOUTS[0]
    assert [e.name for e in lab.result.entrants] == ["Retiarius"]
    box = lab.heat.cells[(0, 0)]  # type: ignore[union-attr]
    hover_at = pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0),
                                  buttons=(0, 0, 0))
    pygame.event.post(hover_at)
    pump(app)
    assert lab.hover == (0, 0)
    texts = [w.fit().text for w in lab.widgets()]
    assert "Retiarius against Retiarius" in texts
    assert any(t.startswith(f"{BOUTS[0]} bouts: ") for t in texts)
    key(app, pygame.K_ESCAPE)
    assert lab.result is None and isinstance(app.screen, LabScreen)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, SkirmishSetup)


def house_lab(app: App) -> Any:
    """The Lab screen with the Samnite and the Cataphractarius chosen, and one folder of
    house rules in the user's house-rules folder: heavy armour that all but never fails."""
    from support.lab_kits import iron_skin

    paths.house_rules_dir().mkdir(parents=True, exist_ok=True)
    iron_skin(paths.house_rules_dir() / "iron-skin")
    app.show_setup("lab")
    lab = app.screen
    lab.workers = 1
    lab.chosen = [e.name in ("Samnite", "Cataphractarius") for e in lab.entrants]
    app.draw()
    return lab


def test_the_labs_house_rules_h_a_typed_folder_and_the_change_they_make(app: App) -> None:
    lab = house_lab(app)
    assert lab.house.folder is None and [b.label for b in lab.house.buttons] == \
        ["Off (H)", "iron-skin"]
    # A folder typed in that is not there: one line, and Enter ran nothing.
    click(lab.house.field.rect.center)
    pump(app)
    assert app.typing
    type_text("/no/such/house")
    key(app, pygame.K_RETURN)
    assert not lab.running and lab.house.folder is None and not app.typing
    assert "no such folder" in lab.house.message and "\n" not in lab.house.message
    key(app, pygame.K_h, "h")
    assert lab.house.folder is not None and lab.house.folder.name == "iron-skin"
    assert not lab.house.is_error
    key(app, pygame.K_RETURN)
    lab.wait()
    pump(app)
    assert lab.changes is not None and lab.house_result is not None
    texts = [w.fit().text for w in lab.widgets()]
    assert any("with the house rules (iron-skin)" in t for t in texts)
    assert any(t.endswith("*") for t in texts)  # the armour's pairings: beyond chance
    armoured = [e.name for e in lab.result.entrants].index("Cataphractarius")
    box = lab.heat.cells[(armoured, 1 - armoured)]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pump(app)
    texts = [w.fit().text for w in lab.widgets()]
    assert any(t.startswith("with the house rules") and t.endswith("beyond chance")
               for t in texts)
    key(app, pygame.K_c, "c")
    assert lab.heat is not None and lab.heat.changes is None  # the win rates
    key(app, pygame.K_c, "c")
    assert lab.heat is not None and lab.heat.changes is not None
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_h, "h")
    assert lab.house.folder is None and lab.house.message == ""  # back to none


def test_a_broken_house_folder_is_refused_in_one_line_and_nothing_runs(app: App) -> None:
    broken = paths.house_rules_dir() / "broken"
    broken.mkdir(parents=True)
    (broken / "skirmish-kit.json").write_text('{"id": "skirmish-kit", "entries": [')
    app.show_setup("lab")
    lab = app.screen
    key(app, pygame.K_h, "h")
    assert lab.house.folder is None and lab.house.is_error
    assert "skirmish-kit.json" in lab.house.message and "\n" not in lab.house.message
    lab.house.choose(None)
    assert lab.house.message == ""


def test_esc_stops_a_run_of_the_lab(app: App) -> None:
    from companion.ui.lab.screen import BOUTS, LabScreen

    app.show_setup("lab")
    lab = app.screen
    assert isinstance(lab, LabScreen)
    lab.workers = 1
    lab.bouts_index = len(BOUTS) - 1  # many bouts: it is still running when Esc comes
    key(app, pygame.K_RETURN)
    assert lab.running
    key(app, pygame.K_ESCAPE)
    lab.wait()
    pump(app)
    assert lab.result is None and lab.message == "the run was stopped"


def test_the_labs_f1_f3_f4_f5_and_f9(app: App) -> None:
    from companion.ui.lab.screen import KEYS

    app.show_setup("lab")
    key(app, pygame.K_F1)
    assert app.dialog is not None and app.dialog.lines == list(KEYS)
    f1_closes_and_the_panel_keys_work(app)


# --- the keys the screens list, each pressed above -------------------------------------
@pytest.mark.parametrize("mod", [CTRL])
def test_ctrl_q_quits_from_any_screen(app: App, mod: int) -> None:
    for show in (app.show_home, lambda: app.show_setup("battle"), lambda: bout(app),
                 lambda: duel(app), lambda: app.show_setup("grimdark"),
                 lambda: app.show_setup("lab")):
        show()
        app.running = True
        key(app, pygame.K_q, mod=mod)
        assert not app.running


def test_the_start_screens_f1_f3_f4_f5_and_f9(app: App) -> None:
    app.show_home()
    key(app, pygame.K_F1)
    assert app.dialog is not None and app.dialog.title == "Keys"
    f1_closes_and_the_panel_keys_work(app)


def f1_closes_and_the_panel_keys_work(app: App) -> None:
    """With the keys shown, Esc closes them; F3-F5 show the dice, tables and rolls
    tabs; F9 steps the scale up from 100 %."""
    key(app, pygame.K_ESCAPE)
    assert app.dialog is None
    for k, tab in ((pygame.K_F3, 1), (pygame.K_F4, 2), (pygame.K_F5, 3)):
        key(app, k)
        assert app.panel.active == tab
    app.panel.show(0)
    key(app, pygame.K_F9)
    assert app.settings.ui_scale == 1.5


def test_the_duels_f4_and_f5_show_the_tables_and_rolls_and_g_the_board(app: App) -> None:
    screen = duel(app)
    key(app, pygame.K_F3)
    assert app.panel.active == 1
    key(app, pygame.K_F2)
    assert app.panel.active == 0
    key(app, pygame.K_F4)
    assert app.panel.active == 2
    key(app, pygame.K_F5)
    assert app.panel.active == 3
    app.panel.show(0)
    key(app, pygame.K_g, "g")
    assert screen.board_mode
    key(app, pygame.K_g, "g")
    assert not screen.board_mode


def test_the_battle_set_ups_f1_f3_f4_f5_and_f9(app: App) -> None:
    app.show_setup("battle")
    key(app, pygame.K_F1)
    assert app.dialog is not None and app.dialog.title == "Keys"
    key(app, pygame.K_ESCAPE)
    for k, tab in ((pygame.K_F3, 1), (pygame.K_F4, 2), (pygame.K_F5, 3)):
        key(app, k)
        assert app.panel.active == tab
    app.panel.show(0)
    key(app, pygame.K_F9)
    assert app.settings.ui_scale == 1.5


KEY_NAME = re.compile(
    r"Ctrl\+Shift\+[A-Z]|Ctrl\+(?:Up|Down|Backspace)\b|Ctrl\+[A-Z]"
    r"|Shift\+[A-Z](?: / [A-Z])?|mouse wheel"
    r"|(?<![\w'+=-])(?:F\d+|Space|Enter|Esc|Tab|Up|Down|Left|Right|Delete|End|Backspace"
    r"|[A-Z])(?![\w'-])"
    r"|(?<![\w'+=-])[0-9](?=:)"
    r"|(?<![\w=])[-+\[\]](?!\w)")


def keys_named(lines: list[str]) -> set[str]:
    """Every key a list of keys names: "Shift+A / D" is Shift+A and Shift+D."""
    found: set[str] = set()
    for line in lines:
        for name in KEY_NAME.findall(line):
            if name.startswith("Shift+") and " / " in name:
                found |= {name[:7], "Shift+" + name[-1]}
            else:
                found.add(name)
    return found


def test_the_names_of_keys_are_read_from_a_list_as_written() -> None:
    assert keys_named(["Space or R: roll AP    + / -: luck dice    Shift+A / D rear",
                       "type -7, +3, =12 and Enter    ([ and ] choose)    Right-click"]) == {
        "Space", "R", "+", "-", "Shift+A", "Shift+D", "Enter", "[", "]"}


# Which test presses each key a screen lists: a key added to a list, without a test
# here that presses it, fails test_every_key_a_screen_lists_is_pressed_by_a_test.
@pytest.mark.parametrize("game", ["skirmish", "battle"])
def test_j_records_a_finished_fight_in_the_careers(app: App, game: str, tmp_path) -> None:
    """J on the end of a fight: the preview, then Enter records it, once."""
    import shutil

    from support.places import TESTS

    path = tmp_path / "finished.json"
    shutil.copy(TESTS / "sessions" / f"v1-{game}.json", path)
    app.open_file(path)
    pump(app)
    screen = app.screen
    assert screen.dialog is screen.end_dialog is not None
    assert any(b.label == "Record in the careers (J)" for b in screen.dialog.buttons)
    key(app, pygame.K_j, "j")
    assert screen.dialog.title == "Record in the careers"
    key(app, pygame.K_RETURN)
    assert screen.message.startswith("recorded as fight #1 "), screen.message
    key(app, pygame.K_j, "j")
    assert screen.message.startswith("recorded already, as fight #1 "), screen.message


ARENA_KEYS = {
    "Space": test_space_and_r_roll_his_ap, "R": test_space_and_r_roll_his_ap,
    "N": test_n_f_and_u_end_the_turn_cut_free_and_discard_the_shield,
    "F": test_n_f_and_u_end_the_turn_cut_free_and_discard_the_shield,
    "U": test_n_f_and_u_end_the_turn_cut_free_and_discard_the_shield,
    "Q": test_q_and_e_turn_left_and_right, "E": test_q_and_e_turn_left_and_right,
    "mouse wheel": test_the_mouse_wheel_turns_him,
    **dict.fromkeys(["W", "A", "S", "D", "Shift+A", "Shift+D"],
                    test_w_a_s_d_step_ahead_back_and_to_each_side),
    "Tab": test_tab_chooses_a_foe_and_enter_strikes_him,
    "Enter": test_tab_chooses_a_foe_and_enter_strikes_him,
    "Esc": test_escape_cancels_what_is_chosen_then_opens_the_way_out,
    "P": test_p_picks_up_and_k_kicks_ahead_what_lies_in_his_hex,
    "K": test_p_picks_up_and_k_kicks_ahead_what_lies_in_his_hex,
    "V": test_v_shows_his_arcs_while_held,
    **dict.fromkeys(["Ctrl+Z", "Ctrl+Y", "Ctrl+S", "Ctrl+Shift+S", "F1"],
                    test_ctrl_z_undoes_ctrl_y_redoes_ctrl_s_saves_and_f1_lists_the_keys),
    "Ctrl+E": test_ctrl_e_exports_a_report_of_the_game,
    "J": test_j_records_a_finished_fight_in_the_careers,
    **dict.fromkeys(["F2", "F3", "F4", "F5", "F9"],
                    test_f2_to_f5_show_the_tabs_and_f9_the_next_scale),
    "Ctrl+Q": test_ctrl_q_quits_from_any_screen,
    **dict.fromkeys(["F6", "F11", "O"],
                    test_f6_opens_the_players_window_where_f9_f11_o_and_f6_are_its_own),
}
DUEL_KEYS = {
    "I": test_i_and_enter_roll_the_initiative,
    **dict.fromkeys(["Enter", "Tab", "T", "B", "+", "-"],
                    test_enter_attacks_with_what_is_declared_tab_t_b_and_luck),
    **dict.fromkeys(["2", "L", "M"],
                    test_2_l_and_m_declare_two_hands_the_disarm_shot_and_the_signature_move),
    **dict.fromkeys(["H", "[", "]"], test_h_heals_with_the_dice_chosen_by_the_brackets),
    **dict.fromkeys(["P", "Delete", "Y"],
                    test_p_retrieves_delete_declines_and_y_asks_for_his_own_dice),
    "Space": test_space_lets_the_computer_play_what_is_due,
    **dict.fromkeys(["G", "Esc"],
                    test_g_shows_the_board_tab_picks_who_to_place_and_escape_goes_back),
    **dict.fromkeys(["Ctrl+Z", "Ctrl+Y", "Ctrl+S", "F1"], test_the_duels_undo_redo_save_and_keys),
    "Ctrl+Shift+S": test_ctrl_z_undoes_ctrl_y_redoes_ctrl_s_saves_and_f1_lists_the_keys,
    "Ctrl+E": test_ctrl_e_exports_a_report_of_the_game,
    "J": test_j_records_a_finished_fight_in_the_careers,
    **dict.fromkeys(["F2", "F3", "F4", "F5"],
                    test_the_duels_f4_and_f5_show_the_tables_and_rolls_and_g_the_board),
    "Ctrl+Q": test_ctrl_q_quits_from_any_screen,
    **dict.fromkeys(["F6", "F9", "F11", "O"],
                    test_f6_opens_the_players_window_where_f9_f11_o_and_f6_are_its_own),
}
START_KEYS = {
    **dict.fromkeys(["F", "X", "D", "+", "-", "Up", "Down", "Left", "Right", "S", "H", "O",
                     "B"], test_the_start_screens_keys),
    **dict.fromkeys(["Enter", "R"], test_the_start_screens_enter_starts_and_r_resumes),
    **dict.fromkeys(["F1", "F3", "F4", "F5", "F9"],
                    test_the_start_screens_f1_f3_f4_f5_and_f9),
    "G": test_g_on_the_start_screen_opens_the_grimdark_set_up,
    "L": test_l_on_the_start_screen_opens_the_lab_and_esc_returns,
    "T": test_t_on_the_start_screen_opens_the_stable_and_esc_returns,
    "E": test_e_on_the_start_screen_opens_the_leagues_and_esc_returns,
    "Ctrl+Q": test_ctrl_q_quits_from_any_screen,
}
LAB_KEYS = {
    **dict.fromkeys(["Tab", "Left", "Right", "Space", "A", "+", "-", "Enter"],
                    test_the_labs_keys_choose_run_and_go_back),
    "Esc": test_esc_stops_a_run_of_the_lab,
    **dict.fromkeys(["H", "C"],
                    test_the_labs_house_rules_h_a_typed_folder_and_the_change_they_make),
    **dict.fromkeys(["F1", "F3", "F4", "F5", "F9"], test_the_labs_f1_f3_f4_f5_and_f9),
    "Ctrl+Q": test_ctrl_q_quits_from_any_screen,
}
BATTLE_SETUP_KEYS = {
    **dict.fromkeys(["Enter", "Esc", "D"], test_the_battle_set_ups_keys),
    **dict.fromkeys(["F1", "F3", "F4", "F5", "F9"],
                    test_the_battle_set_ups_f1_f3_f4_f5_and_f9),
    "Ctrl+Q": test_ctrl_q_quits_from_any_screen,
}


GRIMDARK_F_KEYS = {
    **dict.fromkeys(["F1", "F3", "F4", "F5", "F9"], test_the_grimdark_set_ups_f1_f3_f4_f5_and_f9),
    "Ctrl+Q": test_ctrl_q_quits_from_any_screen,
}
GRIMDARK_KEYS = {
    **dict.fromkeys(["Up", "Down", "O", "N", "P", "A", "Tab", "X", "Left", "Right", "C", "T",
                     "Enter", "Esc", "Delete"], test_the_grimdark_rosters_keys),
    "K": test_the_grimdark_coaching_editors_keys,
    **GRIMDARK_F_KEYS,
}
GRIMDARK_BUILDER_KEYS = {
    **dict.fromkeys(["1", "2", "3", "4", "5", "Up", "Down", "+", "-", "H", "W", "L", "M", "E",
                     "[", "]", "Space", "Ctrl+S", "Ctrl+E", "Esc", "Delete"],
                    test_the_grimdark_builders_keys),
    **GRIMDARK_F_KEYS,
}
GRIMDARK_COACHING_KEYS = {
    **dict.fromkeys(["1", "2", "3", "4", "Up", "Down", "+", "-", "Left", "Right", "A", "[",
                     "]", "Ctrl+Up", "Ctrl+Down", "Enter", "Ctrl+S", "Esc", "Delete"],
                    test_the_grimdark_coaching_editors_keys),
    **GRIMDARK_F_KEYS,
}
GRIMDARK_PASTE_KEYS = {
    **dict.fromkeys(["Ctrl+V", "Ctrl+R", "Esc", "Ctrl+Backspace"],
                    test_the_grimdark_pastes_keys),
    **GRIMDARK_F_KEYS,
}


def listed(app: App, where: str) -> list[str]:
    """What a screen lists of its keys: its F1 list, and its status bar's hints."""
    if where == "start":
        app.show_home()
        return [*app.screen.keys(), app.screen.status()]
    if where == "lab":
        from companion.ui.lab.screen import KEYS as LAB_LIST

        app.show_setup("lab")
        return [*LAB_LIST, app.screen.status()]
    if where == "battle set-up":
        from companion.ui.battle.setup import KEYS

        app.show_setup("battle")
        return [*KEYS, app.screen.status()]
    if where.startswith("grimdark"):
        setup = grimdark(app)
        if where == "grimdark builder":
            key(app, pygame.K_o, "o")
        elif where == "grimdark paste":
            key(app, pygame.K_p, "p")
        elif where == "grimdark coaching":
            key(app, pygame.K_k, "k")
        return [*setup.keys(), setup.status()]
    if where == "arena":
        arena = bout(app)
        return [*arena.help_lines, arena.status()]
    screen = duel(app)
    lines = [*screen.help_lines, screen.status()]
    key(app, pygame.K_g, "g")
    return lines + [w.fit().text for w in screen.widgets()]


@pytest.mark.parametrize(("where", "tested"), [
    ("arena", ARENA_KEYS), ("duel", DUEL_KEYS), ("start", START_KEYS),
    ("battle set-up", BATTLE_SETUP_KEYS), ("grimdark set-up", GRIMDARK_KEYS),
    ("grimdark builder", GRIMDARK_BUILDER_KEYS), ("grimdark paste", GRIMDARK_PASTE_KEYS),
    ("grimdark coaching", GRIMDARK_COACHING_KEYS),
    ("lab", LAB_KEYS)])
def test_every_key_a_screen_lists_is_pressed_by_a_test(app: App, where: str,
                                                       tested: dict[str, Any]) -> None:
    named = keys_named(listed(app, where))
    assert named - set(tested) == set(), f"keys on the {where} list that no test presses"
    assert set(tested) - named == set(), f"keys tested as the {where}'s that it does not list"
    for test in tested.values():
        assert globals()[test.__name__] is test


# --- Enter rolls what is due -------------------------------------------------------------
def at_deaths_door_and_stunned(screen: Any) -> None:
    screen.act({"type": "adjust_health", "who": "a", "op": "=-12"})
    screen.act({"type": "set_stun", "who": "a", "stunned": True})


def struggling(screen: Any) -> None:
    screen.act({"type": "adjust_health", "who": "a", "op": "=-2"})


def stunned(screen: Any) -> None:
    screen.act({"type": "set_stun", "who": "a", "stunned": True})


def owed_a_fate_roll(screen: Any) -> None:
    screen.state.current.pending_fate = True  # as a critical that calls for fate leaves him


def choosing_his_fate(screen: Any) -> None:
    screen.state.current.fate_choices = [2, 5]  # as a fate roll with a choice leaves him


def beaten(screen: Any) -> None:
    struggling(screen)
    screen.act({"type": "decline"})


@pytest.mark.parametrize(("start", "make", "due", "sent"), [
    (False, lambda s: None, "initiative", "initiative"),
    (True, lambda s: None, "act", "attack"),
    (True, struggling, "stay_conscious", "stay_conscious"),
    (True, at_deaths_door_and_stunned, "death_door", "death_door"),
    (True, stunned, "focus", "focus"),
    (True, owed_a_fate_roll, "fate", "fate"),
    (True, choosing_his_fate, "fate_choice", "choose_fate"),
])
def test_enter_does_the_roll_the_rules_say_is_due(app: App, start: bool, make: Any, due: str,
                                                 sent: str) -> None:
    screen = duel(app, start=start)
    make(screen)
    app.draw()
    assert screen.session.ruleset.due(screen.state).step == due
    shown = [w.fit().text for w in screen.widgets()]
    assert screen.main_label() in shown or any("(Enter)" in t for t in shown)
    actions = record(screen)
    key(app, pygame.K_RETURN)
    assert actions and actions[0]["type"] == sent


def test_once_the_duel_is_over_enter_rolls_nothing(app: App) -> None:
    screen = duel(app)
    beaten(screen)
    assert screen.session.ruleset.due(screen.state).step == "over"
    screen.dismiss()  # the result, closed
    done = len(screen.session.journal)
    key(app, pygame.K_RETURN)
    assert len(screen.session.journal) == done and "over" in screen.message


# --- no dead ends ------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["bout", "duel"])
def test_a_game_left_by_the_way_out_is_kept_and_reopened_from_the_recent_files(
        app: App, game: str) -> None:
    screen = bout(app) if game == "bout" else duel(app)
    key(app, pygame.K_w if game == "bout" else pygame.K_TAB)  # a step, or the next weapon
    if game == "duel":
        key(app, pygame.K_RETURN)  # an attack, in the journal
    done = len(screen.session.journal)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_n, "n")  # set up a new one: the start of another game
    assert app.screen is not screen and not hasattr(app.screen, "session")
    kept = screen.kept_path()
    assert kept.is_file() and str(kept.resolve()) == app.settings.recent_files[0]
    app.show_home()
    app.panel.show(0)
    app.draw()
    intro = app.panel.view
    entry = next(w for w in intro.widgets() if w.fit().text == kept.name)
    click(entry.rect.center)
    pump(app)
    again = app.screen
    assert again is not screen and len(again.session.journal) == done
    assert again.session.ruleset.id == screen.session.ruleset.id


@pytest.mark.parametrize("choice", [pygame.K_a, pygame.K_n, pygame.K_s])
def test_a_duel_over_leads_to_another_a_new_one_or_the_start_screen(app: App,
                                                                   choice: int) -> None:
    screen = duel(app)
    struggling(screen)
    key(app, pygame.K_DELETE)
    assert screen.dialog is not None and screen.dialog.title == "The battle is over"
    key(app, choice, pygame.key.name(choice))
    after = app.screen
    if choice == pygame.K_a:
        assert after is not screen and after.session.setup == screen.session.setup
    elif choice == pygame.K_n:
        assert isinstance(after, BattleSetup)
    else:
        assert isinstance(after, SkirmishSetup)
    assert screen.kept_path().is_file()


def test_a_bout_over_leads_to_another_a_new_one_or_the_start_screen(app: App) -> None:
    arena = bout(app)
    arena._end_dialog()  # as the last foe down leaves it
    labels = [b.label for b in arena.dialog.buttons]
    assert any("same gladiators" in t for t in labels)
    assert any("new bout" in t for t in labels) and any("Start screen" in t for t in labels)
    key(app, pygame.K_s, "s")
    assert isinstance(app.screen, SkirmishSetup)


def test_under_an_open_dialog_hovering_shows_no_gladiator(app: App) -> None:
    bout(app)
    hover(app, "E9")
    pump(app)
    key(app, pygame.K_F1)
    app.draw()
    assert not any("strength 9 of 9" in w.fit().text for w in app.screen.widgets())
