"""The battle-system duel and the trackers in the window, driven by posted events:
set-up, initiative, attacks, the tracker cards, the roll that is due, applying a table
entry from the browser, undo, and a whole duel to its end."""

from __future__ import annotations

import json

import pygame
import pytest
from support.places import ROOT

from companion import paths
from companion.dice.sources import ScriptedDice
from companion.rulesets.battle.sheet import quick_sheet
from companion.ui.app import App
from companion.ui.battle.setup import BattleSetup, duel_setup
from tools.shots import click, press, pump, type_text


def sample() -> dict:
    return json.loads((paths.assets_dir() / "samples" / "hammer-rookie.json").read_text())


@pytest.fixture
def app():
    app = App()
    app.draw()
    yield app
    app.close()


def trackers(app: App, faces: list[int] | None = None):
    setup = {"a": quick_sheet("Aulus", 12, 2, 1, 0), "b": quick_sheet("Brenna", 12, 2, 1, 3)}
    assert app.start_session("battle", duel_setup(setup["a"], setup["b"]),
                             dice=ScriptedDice(faces or [])) is None
    pump(app)
    return app.screen


def test_the_start_screen_leads_to_quick_trackers(app):
    app.show_home()
    pump(app)
    press(pygame.K_b, "b")
    pump(app)
    assert isinstance(app.screen, BattleSetup)
    press(pygame.K_RETURN)
    pump(app)
    duel = app.screen
    assert duel is not None
    assert [f.name for f in duel.state.fighters.values()] == ["Aulus", "Brenna"]
    assert duel.state.fighters["b"].carried == {"war-dart": 3}


def test_typed_health_arithmetic_moves_the_tracker(app):
    duel = trackers(app)
    card = duel.cards["a"]
    click(card.entry.rect.center)
    type_text("-7")
    press(pygame.K_RETURN)
    pump(app)
    assert duel.state.fighters["a"].health == 5
    type_text("+3")
    press(pygame.K_RETURN)
    type_text("=-4")
    press(pygame.K_RETURN)
    pump(app)
    f = duel.state.fighters["a"]
    assert f.health == -4 and f.health_stage == "struggling"


def test_a_bad_health_entry_is_refused_and_changes_nothing(app):
    duel = trackers(app)
    click(duel.cards["a"].entry.rect.center)
    type_text("-x")
    press(pygame.K_RETURN)
    pump(app)
    assert duel.message_is_error and duel.state.fighters["a"].health == 12


def test_clicking_pips_spends_and_restores_luck_heal_and_ammo(app):
    duel = trackers(app)
    app.draw()
    card = duel.cards["b"]
    luck = [r for r, a in card.spots if a["type"] == "spend_luck"]
    click(luck[0].center)
    pump(app)
    assert duel.state.fighters["b"].luck == 1
    app.draw()
    restore = [r for r, a in card.spots if a["type"] == "restore_luck"]
    click(restore[0].center)
    ammo = [r for r, a in card.spots if a["type"] == "ammo" and a["op"] == "-1"]
    click(ammo[0].center)
    pump(app)
    f = duel.state.fighters["b"]
    assert f.luck == 2 and f.carried["war-dart"] == 2


def test_the_card_says_which_roll_is_due_and_enter_rolls_it(app):
    # Initiative: Aulus 6 + 6 against Brenna 1 + 1; he is at -4 (4 dice for a 6).
    duel = trackers(app, [6, 6, 1, 1, 2, 3, 6, 1])
    press(pygame.K_i, "i")
    pump(app)
    duel.act({"type": "adjust_health", "who": "a", "op": "=-4"})
    app.draw()
    assert "roll 4 dice for a 6" in duel.status()
    press(pygame.K_RETURN)
    pump(app)
    assert any("stays conscious" in line or "conscious" in line for line in duel.last_lines)


def test_the_browser_applies_a_critical_to_a_gladiator_and_undo_takes_it_back(app):
    duel = trackers(app)
    press(pygame.K_F4)
    pump(app)
    type_text("s21")
    pump(app)
    app.draw()
    browser = app.panel.view
    assert [b.label for b in browser.apply_buttons] == ["Apply to Aulus (Ctrl+1)",
                                                        "Apply to Brenna (Ctrl+2)"]
    click(browser.apply_buttons[1].rect.center)
    pump(app)
    f = duel.state.fighters["b"]
    # Slashing 21: 13 damage and stun, -2 defence dice (armour exempt) for the battle.
    assert f.health == 12 - 13 and f.stunned
    assert any(m.amount == -2 for m in f.modifiers)
    press(pygame.K_F2)
    press(pygame.K_z, mod=pygame.KMOD_LCTRL)
    pump(app)
    assert duel.state.fighters["b"].health == 12 and not duel.state.fighters["b"].stunned


def test_a_scar_entry_rolls_its_sub_table_with_the_sessions_dice_when_applied(app):
    duel = trackers(app, [2])
    press(pygame.K_F4)
    pump(app)
    browser = app.panel.view
    type_text("s15")
    pump(app)
    app.draw()
    click(browser.apply_buttons[0].rect.center)
    pump(app)
    scars = duel.state.fighters["a"].changes.scars
    assert len(scars) == 1 and scars[0]["sub_key"] == 2
    # The sub-table die is the session's: journaled with the entry, undone with it.
    assert duel.session.journal[-1].rolls[0]["faces"] == [2]
    press(pygame.K_F2)
    press(pygame.K_z, mod=pygame.KMOD_LCTRL)
    pump(app)
    assert duel.state.fighters["a"].changes.scars == []


def test_a_whole_duel_through_the_window(app):
    """Hammer Rookie against a copy of himself, Enter after Enter (initiative, attacks,
    the rolls below 0) to the end; then both sheets are written to the roster."""
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
        assert duel.dialog is None or duel.state.phase == "over", duel.dialog.title
    assert duel.state.phase == "over"
    assert duel.dialog is not None and duel.dialog.title == "The battle is over"
    result = duel.state.result
    assert {result.winner, result.loser} == {"a", "b"}
    press(pygame.K_w, "w")
    pump(app)
    written = {json.loads(p.read_text())["name"]: json.loads(p.read_text())
               for p in paths.roster_dir().glob("*.json")}
    assert set(written) == {"Hammer Rookie", "Second Rookie"}
    winner = duel.state.fighters[result.winner].name
    assert written[winner]["wins"] == 1


def test_g_shows_the_board_where_clicks_stand_the_gladiators(app):
    from tools.shots import click_hex

    duel = trackers(app, [6, 6, 1, 1])
    press(pygame.K_i, "i")
    press(pygame.K_g, "g")
    pump(app)
    assert duel.board_mode and duel.placing == "a"
    click_hex(app, "E5")
    press(pygame.K_TAB)
    click_hex(app, "E8")
    pump(app)
    app.draw()
    assert duel.state.positions == {"a": "E5", "b": "E8"}
    press(pygame.K_RETURN)  # Aulus's attack: melee needs the foe adjacent
    pump(app)
    assert duel.message_is_error and "adjacent" in duel.message
    press(pygame.K_g, "g")
    pump(app)
    assert not duel.board_mode


def test_y_takes_the_faces_of_his_own_dice_for_the_roll_that_is_due(app):
    duel = trackers(app, [6, 6, 1, 1])
    press(pygame.K_i, "i")
    pump(app)
    duel.act({"type": "adjust_health", "who": "a", "op": "=-4"})
    press(pygame.K_y, "y")
    pump(app)
    assert duel.dialog is not None and "4d6" in duel.dialog.lines[0]
    type_text("1 2 3 6")
    press(pygame.K_RETURN)
    pump(app)
    assert duel.dialog is None
    assert duel.state.fighters["a"].health_checked
    assert not duel.physical and duel.typed.remaining == ()  # the app's dice again next
    rolls = duel.session.journal[-1].rolls
    assert rolls[0]["faces"] == [1, 2, 3, 6]


def test_each_step_below_0_shows_the_dice_rolled_there() -> None:

    from companion.tables.loader import load_tables

    samples = ROOT / "assets" / "samples"
    brute = json.loads((samples / "morning-star-brute.json").read_text())
    app = App(size=(1280, 800))
    try:
        assert app.start_session("battle", duel_setup(brute, brute),
                                 dice=ScriptedDice([6, 6, 1, 1])) is None
        app.draw()
        card = app.screen.cards["a"]
        fighter = app.screen.state.fighters["a"]
        health = load_tables().get("pool-health")
        # Left to right, from the last step alive (-18) to -1: as the table gives them.
        want = [str(health.lookup(h).dice_for(h, fighter.total_fights))
                for h in range(-18, 0)]
        drawn = sorted((w.fit().rect.x, w.fit().text) for w in card.widgets()
                       if w.fit().rect.height and w.fit().text.isdigit()
                       and w.fit().rect.y < card.rect.y + 120)
        assert [text for _, text in drawn][:18] == want
        assert not any(w.fit().shortened for w in card.widgets())
    finally:
        app.close()


def test_a_dead_gladiators_card_says_dead_and_offers_no_stun() -> None:
    app = App(size=(1280, 800))
    try:
        setup = duel_setup(quick_sheet("Aulus", 12, 2, 1, 3), quick_sheet("Brenna", 12, 2, 1, 3))
        assert app.start_session("battle", setup, dice=ScriptedDice([6, 6, 1, 1])) is None
        press(pygame.K_i, "i")
        pump(app)
        screen = app.screen
        screen.act({"type": "adjust_health", "who": "b", "op": "=-19"})
        pump(app)
        app.draw()
        words = [w.fit().text for w in screen.cards["b"].widgets()]
        assert "DEAD" in words and "not stunned" not in words
        assert "not stunned" in [w.fit().text for w in screen.cards["a"].widgets()]
    finally:
        app.close()


def test_the_last_lines_show_under_the_cards_only_while_the_log_is_not_in_sight() -> None:

    from companion.dice.sources import SeededDice

    samples = ROOT / "assets" / "samples"
    spear = json.loads((samples / "spear-rookie.json").read_text())
    hammer = json.loads((samples / "hammer-rookie.json").read_text())
    app = App(size=(1280, 800))
    try:
        assert app.start_session("battle", duel_setup(spear, hammer),
                                 dice=SeededDice(3)) is None
        for _ in range(4):
            press(pygame.K_RETURN)
            pump(app)
        screen = app.screen
        last = screen.last_lines[-1]

        def under_cards() -> list[str]:
            app.draw()
            return [w.fit().text for w in screen.widgets() if hasattr(w, "lines")]

        assert app.log_in_sight() and last not in under_cards()
        press(pygame.K_F3)  # the dice tray takes the panel: the lines come back
        pump(app)
        assert not app.log_in_sight() and last in under_cards()
    finally:
        app.close()
