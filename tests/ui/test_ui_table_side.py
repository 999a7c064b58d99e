"""The table-side experience's last defects (issue 29), each shown through the window:
real posted events, and the words the screen drew."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame
import pytest
from support.places import TESTS

from companion.dice.sources import ScriptedDice
from companion.reports.build import build_report
from companion.reports.formats import FORMATS
from companion.reports.verify import compare_text
from companion.rulesets.skirmish.events import BlowRolled
from companion.ui.app import App
from companion.ui.skirmish.panel import blow_sum
from tools.shots import press, pump

SHOTS = Path("/tmp/ui29-shots")
SHOTS.mkdir(exist_ok=True)
TEXT_FORMATS = {k: v for k, v in FORMATS.items() if k != "html"}
BOUT = {"gladiators": [
    {"name": "Brutus", "type": "samnite", "side": "red", "at": "E6", "facing": "S",
     "strength": 8},
    {"name": "Nereus", "type": "retiarius", "side": "blue", "at": "E7", "facing": "N",
     "strength": 9},
]}


def key(app: App, k: int, text: str = "", mod: int = 0) -> None:
    press(k, text, mod)
    pump(app)


def drawn(app: App) -> list[str]:
    return [fit.text for layer in app.layers() for w in layer.widgets
            for fit in [w.fit()] if fit.text]


def test_the_blow_shows_every_term_of_its_margin_and_they_add_up(app: App) -> None:
    # Initiative 5 against 2, his AP 6, then the attack die 2 against the defence's 5.
    assert app.start_session("skirmish", BOUT, dice=ScriptedDice([5, 2, 6, 2, 5] + [3] * 40)) \
        is None
    pump(app)
    key(app, pygame.K_SPACE, " ")
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert "Attack 2, defence 5 (front +0): margin -3" in app.screen.session.log  # unchanged
    shown = [t for t in drawn(app) if t.startswith("Blow:")]
    assert shown == ["Blow: attack 2 - defence 5 + front 0 makes a margin of -3"]
    # The line the issue quotes, and a defender's modifier, which counts against the attack.
    state = app.screen.session.state
    blow = BlowRolled("a", target="b", attack=2, defence=5,
                      modifiers=(("front", 0), ("disadvantaged", -1)),
                      defence_modifiers=(("skilled defender", 1),), margin=-5)
    words = blow_sum(state, blow)
    assert words == ("Blow: attack 2 - defence 5 + front 0 - disadvantaged 1 "
                     "- skilled defender 1 makes a margin of -5")
    terms = words.split(": ", 1)[1].split(" makes ")[0].split()
    total, sign = 0, 1
    for t in terms:
        if t in "+-":
            sign = 1 if t == "+" else -1
        elif t.isdigit():
            total, sign = total + sign * int(t), 1
    assert total == -5


# --- 17: "-: no 6." at death's door -------------------------------------------------
def _dead_at_the_door() -> Any:
    from companion.rulesets.registry import get_ruleset
    from companion.session.session import load_session

    # Saved by an earlier companion: G9591a at -12 rolls no dice at death's door.
    return load_session(TESTS / "sessions" / "v1-battle.json", get_ruleset)


def test_death_s_door_says_whose_roll_and_that_no_6_is_death() -> None:
    session = _dead_at_the_door()
    assert session.log[-2:] == [
        "G9591a at death's door has no dice to roll for the 6 he needs: he dies.",
        "G9591b wins: G9591a dies at death's door."]
    assert not any(": -:" in line or line.endswith(": no 6.") for line in session.log
                   if "death's door" in line)


@pytest.mark.parametrize("fmt", sorted(TEXT_FORMATS))
def test_a_report_written_in_the_earlier_words_still_verifies(fmt: str) -> None:
    session = _dead_at_the_door()
    before = TEXT_FORMATS[fmt](build_report(session, 1))
    assert "G9591a at death's door: -: no 6." in before  # as version 1 wrote it
    assert compare_text(before, session, TEXT_FORMATS) == (fmt, None)
    now = TEXT_FORMATS[fmt](build_report(session))
    assert compare_text(now, session, TEXT_FORMATS) == (fmt, None)
    # A report in neither version's words is still told apart, in today's words.
    changed = now.replace("he needs: he dies.", "he needs: he lives.")
    _, finding = compare_text(changed, session, TEXT_FORMATS)
    assert finding is not None and "he lives" in finding.text


def test_the_other_games_have_one_version_of_their_words() -> None:
    from companion.rulesets.registry import get_ruleset

    assert get_ruleset("battle").earlier_words == (1,)
    assert get_ruleset("skirmish").earlier_words == ()
    assert get_ruleset("grimdark").earlier_words == ()


# --- 22: an attack card has no total -------------------------------------------------
def test_a_duel_attack_card_shows_what_it_is_read_by_large_as_its_total(app: App) -> None:
    from companion.rulesets.battle.sheet import quick_sheet
    from companion.ui.battle.setup import duel_setup
    from companion.ui.tools.roll_log import RollLog

    setup = duel_setup(quick_sheet("Aulus", 12, 2, 1, 3), quick_sheet("Brenna", 12, 2, 1, 3))
    assert app.start_session("battle", setup,
                             dice=ScriptedDice([6, 6, 1, 1, 6, 6, 2, 3] + [1] * 40)) is None
    pump(app)
    key(app, pygame.K_i, "i")  # Aulus 12 against Brenna 2: he attacks first
    key(app, pygame.K_RETURN)
    key(app, pygame.K_F5)
    log = app.panel.view
    assert isinstance(log, RollLog)
    attack = next(r for r in log.shown if r.purpose.startswith("attack"))
    assert attack.total is None and attack.faces[:2] == (6, 6)
    texts = [t for t, _, _ in log.texts]
    assert "6-6" in texts, texts
    pygame.image.save(app.window.get_surface(), str(SHOTS / "attack-card.png"))


# --- 33: turns numbered two ways -----------------------------------------------------
def _last_turn_in_log(log: list[str]) -> int:
    heads = [re.match(r"(?:-- )?[Tt]urn (\d+)[:.]", line) for line in log]
    return int([m for m in heads if m][-1].group(1))


def test_every_games_status_bar_numbers_the_turns_as_its_log_does(app: App) -> None:
    from test_ui_key_map import start_bout, start_duel, start_match

    arena = start_bout(app)
    for _ in range(3):  # his AP, then N ends his turn; the computer's in between
        for _ in range(30):
            if arena.state.phase == "act" and arena.decider().human:
                break
            key(app, pygame.K_SPACE, " ")
        key(app, pygame.K_n, "n")
    turn = _last_turn_in_log(arena.session.log)
    assert turn >= 3 and arena.status().startswith(f"Turn {turn}  ")
    assert app.status_ink.drawn[-1].fit().text.startswith(f"Turn {turn}  ")

    duel = start_duel(app)
    assert not duel.status().startswith("Turn")  # the initiative is no turn yet
    key(app, pygame.K_i, "i")
    key(app, pygame.K_SPACE, " ")
    key(app, pygame.K_SPACE, " ")
    turn = _last_turn_in_log(duel.session.log)
    assert turn >= 2 and duel.status().startswith(f"Turn {turn}  "), duel.status()

    match = start_match(app)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    turn = _last_turn_in_log(match.session.log)
    assert turn == 2 and match.status().startswith(f"Turn {turn + 1} is next")


# --- the set-ups and the lab in the one key map --------------------------------------
def test_f1_on_the_lab_and_the_set_ups_lists_their_keys_from_the_map(app: App) -> None:
    from test_ui_keys import grimdark, keys_named

    from companion.ui import keys
    from companion.ui.battle.keys import SETUP
    from companion.ui.grimdark.keys import SETUP as GRIMDARK
    from companion.ui.lab.keys import KEYS as LAB

    tools = {b.key for b in keys.EVERYWHERE if b.action in keys.TOOLS}
    for where, own in (("lab", LAB), ("battle", SETUP), ("grimdark", GRIMDARK)):
        if where == "grimdark":
            grimdark(app)
        else:
            app.show_setup(where)
        key(app, pygame.K_F1)
        assert app.dialog is not None and app.dialog.title == "Keys"
        lines = list(app.dialog.lines)
        assert lines[0] == own.title + ":"
        assert keys_named(lines) == {b.key for b in own.bindings} | tools
        for b in own.bindings:
            assert f"{b.key}: {b.does}" in lines
        key(app, pygame.K_ESCAPE)
        assert app.dialog is None


def test_the_labs_keys_act_as_the_map_says(app: App) -> None:
    from companion.ui.lab.screen import LabScreen

    app.show_setup("lab")
    lab = app.screen
    assert isinstance(lab, LabScreen)
    bouts, system = lab.bouts_index, lab.system_index
    key(app, pygame.K_EQUALS, "=")  # + without Shift, as the map's + has it
    assert lab.bouts_index == bouts + 1
    key(app, pygame.K_KP_MINUS)
    assert lab.bouts_index == bouts
    key(app, pygame.K_TAB)
    assert lab.system_index != system
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.screen, LabScreen)


# --- keyboard alone: one journey each, and not one mouse event -------------------------
MOUSE = {pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL}


def keyboard_only(app: App) -> list[int]:
    """Every event the window is handed from now on, by its type; the journeys below
    assert that none of them came from a mouse."""
    seen: list[int] = []
    handle = app.handle

    def recorded(event: pygame.event.Event) -> Any:
        seen.append(event.type)
        return handle(event)

    app.handle = recorded  # type: ignore[method-assign]
    return seen


@pytest.mark.parametrize("journey", ["arena", "duel", "grimdark_match"])
def test_each_game_is_played_with_the_keyboard_alone(app: App, journey: str) -> None:
    import test_ui_key_map

    seen = keyboard_only(app)
    getattr(test_ui_key_map, f"test_the_{journey}_with_the_keyboard_alone")(app)
    assert pygame.KEYDOWN in seen and not MOUSE & set(seen)


def test_the_table_browser_with_the_keyboard_alone(app: App) -> None:
    from test_ui_key_map import start_duel

    from companion.ui.tools.table_browser import TableBrowser

    duel = start_duel(app)
    seen = keyboard_only(app)
    health = duel.state.fighters["b"].health
    key(app, pygame.K_F4)
    browser = app.panel.view
    assert isinstance(browser, TableBrowser) and browser.field.focused
    for ch in "s21":
        key(app, pygame.key.key_code(ch), ch)
    assert browser.entry is not None and browser.entry.key == 21
    assert [b.label for b in browser.apply_buttons][1].endswith("(Ctrl+2)")
    key(app, pygame.K_2, mod=pygame.KMOD_LCTRL)  # Slashing 21: 13 damage to the second
    assert duel.state.fighters["b"].health == health - 13
    for _ in "s21":
        key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_DOWN)  # the next entry of the list
    assert browser.entry is not None and browser.entry.key != 21
    key(app, pygame.K_r, "r")  # the table rolled with its own dice
    assert browser.last_roll is not None
    key(app, pygame.K_F2)
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert duel.state.fighters["b"].health == health
    assert not MOUSE & set(seen)


def test_the_dice_tray_with_the_keyboard_alone(app: App) -> None:
    from companion.ui.tools.dice_tray import DiceTray

    app.show_home()
    seen = keyboard_only(app)
    app.dice = ScriptedDice([3, 5, 6, 6, 2, 1, 4])
    key(app, pygame.K_F3)
    tray = app.panel.view
    assert isinstance(tray, DiceTray) and tray.field.focused
    for text in ("2d6+1", "4d6kh3"):
        for ch in text:
            key(app, pygame.key.key_code(ch) if ch != "+" else pygame.K_PLUS, ch)
        key(app, pygame.K_RETURN)
    assert [r.result.total for r in tray.history] == [14, 9]  # newest first: 6+6+2, 3+5+1
    for ch in "3d":
        key(app, pygame.key.key_code(ch), ch)
    key(app, pygame.K_RETURN)  # a typo: named, nothing rolled
    assert tray.message_is_error and len(tray.history) == 2
    key(app, pygame.K_ESCAPE)  # the field cleared
    assert not tray.field.text
    key(app, pygame.K_F2)
    assert not MOUSE & set(seen)


def test_a_short_status_bar_keeps_the_turn_to_the_last() -> None:
    from companion.ui.app import fewer_parts

    assert fewer_parts("Turn 5 is next  Enter plays it  End to the end  F1 keys") == (
        "Turn 5 is next  Enter plays it  F1 keys", "Turn 5 is next  F1 keys")
    assert fewer_parts("Enter start  R resume  F1 keys") == ("Enter start  F1 keys",)


def test_the_match_in_a_small_window_still_says_the_turn_beside_a_long_message() -> None:
    from test_ui_key_map import start_match

    app = App(size=(1024, 640), scale=1.0)
    try:
        app.draw()
        match = start_match(app)
        for _ in range(4):
            key(app, pygame.K_RETURN)
        assert match.message  # the last line of the turn, beside the hint
        shown = [f.shown for w in app.status_ink.drawn for f in [w.fit()]]
        assert any(s.startswith("Turn 5 is next") for s in shown), shown
    finally:
        app.close()


# --- 20: the word on a lowered scale goes once the window has grown ---------------------
def test_the_scale_note_goes_once_the_window_has_grown() -> None:
    app = App(size=(1024, 640), scale=1.0)
    try:
        app.draw()
        for _ in range(4):  # F9 to 200 %, which 1024x640 cannot show
            key(app, pygame.K_F9)
            if "needs a larger window" in app.note:
                break
        assert "needs a larger window" in app.note
        assert any("needs a larger window" in f.text
                   for w in app.status_ink.drawn for f in [w.fit()])
        app.window.size = (2560, 1440)
        pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=2560, y=1440))
        pump(app)
        assert app.theme.scale == app.chosen_scale and app.note == ""
        assert not any("larger window" in f.text
                       for w in app.status_ink.drawn for f in [w.fit()])
    finally:
        app.close()


# --- the guard: sides and arcs told apart by letter and word, not colour alone -------------
def test_sides_carry_their_letter_and_arcs_their_word_beside_their_colour(app: App) -> None:
    from companion.ui.skirmish.board import ARC_COLOURS, ARC_WORDS, token_look

    assert app.start_session("skirmish", BOUT, dice=ScriptedDice([5, 2] + [3] * 40)) is None
    pump(app)
    state = app.screen.session.state
    looks = [token_look(state, g, False) for g in state.gladiators]
    assert [look.side_letter for look in looks] == ["R", "B"]
    cards = [t for t in drawn(app) if t.startswith(("R  ", "B  "))]
    assert any(t.startswith("R  Brutus") for t in cards) and any(
        t.startswith("B  Nereus") for t in cards)  # the card carries the token's letter
    # Arcs of one colour share one word; arcs of different colours never do.
    for a, b in [(x, y) for x in ARC_WORDS for y in ARC_WORDS if x < y]:
        assert (ARC_COLOURS[a] == ARC_COLOURS[b]) == (ARC_WORDS[a] == ARC_WORDS[b])


@pytest.mark.parametrize("opens", ["k", "o", "p"])
def test_f1_in_the_coaching_editor_the_builder_and_the_paste_lists_their_keys_from_the_map(
        app: App, opens: str) -> None:
    from test_ui_keys import grimdark, keys_named

    from companion.ui import keys
    from companion.ui.grimdark.keys import BUILDER, COACHING, PASTE

    own = {"k": COACHING, "o": BUILDER, "p": PASTE}[opens]
    grimdark(app)
    key(app, pygame.key.key_code(opens), opens)
    if opens == "p":
        key(app, pygame.K_ESCAPE)  # the box lets go of the keys
    key(app, pygame.K_F1)
    assert app.dialog is not None
    lines = list(app.dialog.lines)
    assert lines[0] == own.title + ":"
    tools = {b.key for b in keys.EVERYWHERE if b.action in keys.TOOLS}
    assert keys_named(lines) == {b.key for b in own.bindings} | tools
