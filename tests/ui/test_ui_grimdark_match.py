"""The Grimdark match view: each gladiator's card drawn from the summary, the turn
explained from its events, and the screen played through real pygame events: a turn
with Enter, a move chosen by clicking a card, undo, straight to the end."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from companion import paths
from companion.dice.sources import SeededDice
from companion.rulesets.grimdark.events import (
    BlowDamage,
    BlowPart,
    Clashed,
    HpChanged,
    MoveChosen,
    PowerModifier,
    SidePower,
    TurnBegan,
)
from companion.ui.app import App
from companion.ui.fit import Layer, problems
from companion.ui.grimdark.card import CardLook, GladiatorCard, Pending
from companion.ui.grimdark.explain import Words, explain
from companion.ui.theme import Theme
from tools.shots import click, press, pump


def entry(**over: Any) -> dict[str, Any]:
    """One gladiator's entry of the summary, as schema §3 gives it."""
    g: dict[str, Any] = {
        "id": "a", "name": "Lord Smash", "display_name": "Lord Smash", "team": "1",
        "starred": False, "npc": False, "hp": 31, "max_hp": 45, "init": 9, "cz": 2,
        "fame": 0, "matches": 0, "active_stat": "brutality", "active_stat_name": "Brutality",
        "stats": {"brutality": 6, "style": 3, "mind": 3, "weird": 3},
        "wounded": False, "defeated": False, "dead": None,
        "resources": {"arcane-essence": 0, "quantum-energy": 0, "curses": 0, "poison": 0},
        "conditions": [], "deck_left": 14, "flurry": 0,
        "hand": [
            {"key": "wild-charge", "name": "Wild Charge", "kind": "melee-attack",
             "attack": "melee", "modifier": -2, "playable": True, "why_not": None,
             "targets": ["b"], "reaches": ["melee"]},
            {"key": "execution", "name": "Execution", "kind": "melee-finisher",
             "attack": "melee", "modifier": 0, "playable": False,
             "why_not": "needs CZ two above the target's", "targets": [], "reaches": []},
        ],
        "last_turn": {"damage_taken": 0, "hit": False, "struck_in_melee_by": []}}
    g.update(over)
    return g


@pytest.fixture
def theme() -> Iterator[Theme]:
    pygame.font.init()
    yield Theme()


def drawn(theme: Theme, g: dict[str, Any], look: CardLook | None = None,
          width: int = 320) -> tuple[GladiatorCard, list[str]]:
    look = look or CardLook()
    card = GladiatorCard(theme, str(g["id"]))
    height = card.measure(g, look, width, 12)
    card.layout(pygame.Rect(10, 10, width, height))
    surface = pygame.Surface((width + 20, height + 20))
    card.draw(surface, g, look, 12)
    return card, [w.fit().text for w in card.widgets()]


def test_a_card_shows_his_hp_cz_init_and_active_stat_in_words(theme: Theme) -> None:
    _, texts = drawn(theme, entry())
    assert "Lord Smash" in texts and "31 / 45 HP" in texts
    assert "CZ 2 Init 9 AS Brutality" in texts


def test_his_hand_shows_as_cards_with_kind_modifier_and_why_not(theme: Theme) -> None:
    card, texts = drawn(theme, entry())
    assert "Wild Charge" in texts and "melee attack \u22122" in texts
    assert "needs CZ two above the target's" in texts
    assert "Assess the Situation" in texts
    # Only what he can play is a spot to click.
    assert [key for _, key in card.spots] == ["wild-charge", "assess-the-situation"]


def test_conditions_and_resources_show_in_words_only_when_he_has_them(theme: Theme) -> None:
    _, plain = drawn(theme, entry())
    assert not any("Poison" in t or "Curses" in t for t in plain)
    g = entry(conditions=[{"key": "penalty", "amount": -2, "turns": 1,
                           "words": "\u22122 next turn (Grapple)"}],
              resources={"arcane-essence": 3, "quantum-energy": 0, "curses": 1, "poison": 0})
    _, texts = drawn(theme, g)
    assert "\u22122 next turn (Grapple)" in texts
    assert "Arcane essence 3 Curses 1" in texts


def test_a_defeated_gladiator_shows_a_banner_and_no_hand(theme: Theme) -> None:
    card, texts = drawn(theme, entry(hp=-3, defeated=True, dead=True))
    assert "DEAD" in texts and "Wild Charge" not in texts and not card.spots
    _, texts = drawn(theme, entry(hp=-3, defeated=True, dead=False))
    assert "DEFEATED, alive" in texts


def test_the_gms_choice_and_the_coaching_show_on_the_card(theme: Theme) -> None:
    look = CardLook(team="Team 1", pending=Pending("wild-charge", "Next turn: Wild Charge"),
                    coaching=("Coaching: aggressive",))
    _, texts = drawn(theme, entry(), look)
    assert "Team 1" in texts and "Next turn: Wild Charge" in texts
    assert "Coaching: aggressive" in texts


@pytest.mark.parametrize("width", [180, 240, 320, 600])
def test_a_card_fits_its_box_at_any_width(theme: Theme, width: int) -> None:
    g = entry(conditions=[{"key": "stunned", "words": "stunned: no move next turn"},
                          {"key": "wounded", "words": "wounded"}],
              resources={"arcane-essence": 3, "quantum-energy": 1, "curses": 2, "poison": 4})
    card, _ = drawn(theme, g, CardLook(pending=Pending("wild-charge", "Next turn: Wild "
                                                       "Charge at Rex (GM's choice)")), width)
    assert not problems([Layer("card", card.rect, card.widgets())])


def test_a_card_squeezed_leaves_out_what_has_no_room(theme: Theme) -> None:
    card = GladiatorCard(theme, "a")
    card.layout(pygame.Rect(0, 0, 300, 90))
    card.draw(pygame.Surface((300, 90)), entry(), CardLook(), 12)
    assert card.widgets() and not problems([Layer("card", card.rect, card.widgets())])


# --- the turn explained ------------------------------------------------------------------
WORDS = Words(
    name_of={"a": "Lord Smash", "b": "Rex"}.__getitem__,
    move_name={"wild-charge": "Wild Charge", "basic-block": "Basic Block"}.__getitem__,
    move_stat={"wild-charge": "brutality", "basic-block": "active"}.get,
    reason={"out-of-position": "out of position", "weapon-die": "weapon die",
            "margin": "margin", "move": "the move"}.get,  # type: ignore[arg-type]
    narrate=lambda e: [f"{e.kind} of {e.who}"] if isinstance(e, HpChanged) else [],
)


def side(who: str, move: str, stat: str, dice: str, faces: tuple[int, ...],
         *modifiers: PowerModifier) -> SidePower:
    return SidePower(who, move=move, stat=stat, dice=dice, faces=faces, keep="all",
                     modifiers=modifiers,
                     total=sum(faces) + sum(m.amount for m in modifiers), attack="melee")


def fight(a: SidePower, b: SidePower, advantage: int, winner: str | None,
          damage: BlowDamage | None) -> Clashed:
    return Clashed(a.id, target=b.id, sides=(a, b), advantage=advantage,
                   band="hit" if winner else "inconclusive", winner=winner, damage=damage,
                   crit=None, mutual=False, gang=0, ganged=None, out_of_position=False)


def test_a_fight_is_explained_die_by_die_and_modifier_by_modifier() -> None:
    events = [
        TurnBegan(None, turn=3),
        fight(side("a", "wild-charge", "brutality", "d8", (5,), PowerModifier(6, "stat"),
                   PowerModifier(-2, "move")),
              side("b", "basic-block", "active", "d8", (1,), PowerModifier(3, "stat"),
                   PowerModifier(2, "out-of-position")),
              advantage=3, winner="a",
              damage=BlowDamage(total=8, die="d6", parts=(
                  BlowPart(3, "margin", ()), BlowPart(5, "weapon-die", (5,))))),
        HpChanged("b", change=-8, hp=24, reason="blow", by="a"),
    ]
    assert [line.text for line in explain(events, WORDS)] == [
        "Turn 3",
        "Lord Smash (Wild Charge) against Rex (Basic Block)",
        "Lord Smash: 5 on the d8 + 6 Brutality \u2212 2 Wild Charge, total 9",
        "Rex: 1 on the d8 + 3 his active stat + 2 out of position, total 6",
        "Advantage 3 to Lord Smash: a hit",
        "Damage 8: 3 margin + 5 weapon die (5 rolled)",
        "hp of b",
    ]


def test_an_inconclusive_fight_says_so() -> None:
    e = fight(side("a", "wild-charge", "brutality", "d8", (4,)),
              side("b", "basic-block", "active", "2d4", (2, 1)),
              advantage=1, winner=None, damage=None)
    texts = [line.text for line in explain([e], WORDS)]
    assert "Rex: 2 and 1 on the 2d4, total 3" in texts and "Advantage 1: inconclusive" in texts


# --- the screen, played through real events ---------------------------------------------
SAMPLES = paths.assets_dir() / "samples" / "grimdark"
CTRL = pygame.KMOD_LCTRL


def sample(name: str, coached: bool = True) -> dict[str, Any]:
    """A sample gladiator as the set-up puts him in a match, with his sample coaching."""
    coaching = SAMPLES / "coaching" / f"{name}.json"
    return {"sheet": json.loads((SAMPLES / f"{name}.json").read_text()),
            "coaching": json.loads(coaching.read_text()) if coached else None}


def match_setup(*names: str, teams: tuple[str, ...] = ()) -> dict[str, Any]:
    gladiators = [sample(n) for n in names]
    for i, g in enumerate(gladiators):
        g["team"] = teams[i] if teams else str(i + 1)
    return {"gladiators": gladiators,
            "options": {"started": "2024-05-01T20:00:00+00:00", "engine": 2}}


def match(app: App, *names: str, seed: int = 3, teams: tuple[str, ...] = ()) -> Any:
    setup = match_setup(*(names or ("lord-smash", "sewer-beast")), teams=teams)
    assert app.start_session("grimdark", setup, dice=SeededDice(seed)) is None
    pump(app)
    screen = app.screen
    assert screen.due().step == "turn"  # the opening action, taken at once
    return screen


def key(app: App, k: int, text: str = "", mod: int = 0) -> None:
    press(k, text, mod)
    pump(app)


def texts(screen: Any) -> list[str]:
    return [w.fit().text for w in screen.widgets()]


def last_action(screen: Any) -> dict[str, Any]:
    return dict(screen.session.journal[-1].action)


def test_enter_plays_a_turn_with_every_move_chosen_by_the_coaching(app: App) -> None:
    screen = match(app)
    assert "Enter plays it" in screen.status()
    key(app, pygame.K_RETURN)
    action = last_action(screen)
    assert action["type"] == "turn" and set(action["moves"]) == {"a", "b"}
    assert all(m.get("why") for m in action["moves"].values())  # the coaching's, with why
    assert screen.explained()[0] == 1 and any(t.startswith("Turn 1") for t in texts(screen))


def test_a_click_on_a_card_of_his_hand_is_the_gms_choice_for_the_next_turn(app: App) -> None:
    screen = match(app)
    card = screen.cards["a"]
    rect, move = card.spots[0]
    click(rect.center)
    pump(app)
    assert screen.pending["a"]["move"] == move
    assert any(t.startswith("Next turn: ") and "GM's choice" in t for t in texts(screen))
    key(app, pygame.K_RETURN)
    played = last_action(screen)["moves"]["a"]
    assert played["move"] == move and "why" not in played  # the GM's, not the coaching's
    assert not screen.pending
    choice = next(e for e in screen.session.outcomes[-1].events
                  if isinstance(e, MoveChosen) and e.who == "a")
    assert choice.by == "gm"


def test_a_second_click_on_the_card_chosen_leaves_the_move_to_the_coaching(app: App) -> None:
    screen = match(app)
    rect, _ = screen.cards["a"].spots[0]
    click(rect.center)
    pump(app)
    click(rect.center)
    pump(app)
    assert not screen.pending


def test_in_two_against_one_the_gm_clicks_the_target_too(app: App) -> None:
    screen = match(app, "sewer-beast", "arena-robot", "lord-smash", teams=("1", "1", "2"))
    smash = screen.gladiator("c")
    card = next(c for c in smash["hand"] if c["playable"] and len(c["targets"]) > 1)
    rect = next(r for r, k in screen.cards["c"].spots if k == card["key"])
    click(rect.center)
    pump(app)
    assert screen.awaiting == "c" and "aims at" in screen.status()
    click(screen.cards["b"].rect.center)
    pump(app)
    assert screen.awaiting is None and screen.pending["c"]["target"] == "b"
    key(app, pygame.K_RETURN)
    assert last_action(screen)["moves"]["c"]["target"] == "b"


def test_ctrl_z_undoes_a_turn_and_ctrl_y_redoes_it(app: App) -> None:
    screen = match(app)
    key(app, pygame.K_RETURN)
    done = len(screen.session.journal)
    key(app, pygame.K_z, mod=CTRL)
    assert len(screen.session.journal) == done - 1 and "undone" in screen.message
    key(app, pygame.K_y, mod=CTRL)
    assert len(screen.session.journal) == done


def test_j_records_the_finished_match_in_the_careers(app: App) -> None:
    screen = match(app)
    key(app, pygame.K_END)
    assert screen.dialog is screen.end_dialog is not None
    key(app, pygame.K_j, "j")
    assert screen.dialog.title == "Record in the careers"
    assert screen.dialog.lines[0].startswith(f"This {screen.noun}: ")
    key(app, pygame.K_RETURN)
    assert screen.message.startswith("recorded as fight #1 "), screen.message
    assert screen.dialog is screen.end_dialog
    key(app, pygame.K_j, "j")
    assert screen.message.startswith("recorded already, as fight #1 "), screen.message


def test_end_plays_to_the_end_and_the_end_offers_to_record_the_results(app: App) -> None:
    screen = match(app)
    key(app, pygame.K_END)
    assert screen.due().over
    assert screen.dialog is not None and screen.dialog.title == "The match is over"
    labels = [b.label for b in screen.dialog.buttons]
    assert any(t.startswith("Record fame and results in the roster") for t in labels)
    assert any("same gladiators" in t for t in labels)
    assert any(t.endswith("won the match.") or t.startswith("Nobody")
               for t in screen.dialog.lines)
    key(app, pygame.K_ESCAPE)
    done = len(screen.session.journal)
    key(app, pygame.K_RETURN)  # over: Enter plays nothing
    assert len(screen.session.journal) == done and "over" in screen.message


def test_coaching_is_hidden_until_the_gm_shows_it(app: App) -> None:
    screen = match(app)
    assert not any(t.startswith("Coaching") for t in texts(screen))
    key(app, pygame.K_c, "c")
    assert any(t.startswith("Coaching: aggressive") for t in texts(screen))
    key(app, pygame.K_c, "c")
    assert not any(t.startswith("Coaching") for t in texts(screen))


def test_the_log_and_the_turn_explained_keep_the_coachings_reasons_until_it_is_shown(
        app: App) -> None:
    screen = match(app)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_F2)
    drawn = " ".join(t for t in texts(screen) + [w.fit().text for w in app.panel.widgets()])
    chosen = next(e for e in screen.session.events if e.kind == "choice" and e.who == "a")
    played = screen.session.state.data.moves[chosen.data["move"]].name
    assert f"plays {played} against Sewer Beast" in drawn and "aggressive" not in drawn
    key(app, pygame.K_c, "c")
    drawn = " ".join(w.fit().text for w in app.panel.widgets())
    assert "(aggressive" in drawn


def test_the_odds_of_the_moves_chosen_show_before_the_dice(app: App) -> None:
    screen = match(app)
    shown = texts(screen)
    assert "Odds of the moves chosen, before the dice" in shown
    assert any("inconclusive" in t and "hits" in t for t in shown)


def test_x_explains_the_turn_and_left_picks_an_earlier_one(app: App) -> None:
    screen = match(app)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_x, "x")
    assert screen.explain_view and any(t.startswith("Turn 2 explained") for t in texts(screen))
    key(app, pygame.K_LEFT)
    assert any(t.startswith("Turn 1 explained") for t in texts(screen))
    key(app, pygame.K_RIGHT)
    assert any(t.startswith("Turn 2 explained") for t in texts(screen))
    first = texts(screen)
    key(app, pygame.K_DOWN)
    assert screen.scroll == 1 and texts(screen) != first
    key(app, pygame.K_UP)
    assert screen.scroll == 0
    key(app, pygame.K_ESCAPE)
    assert not screen.explain_view and screen.dialog is None


def test_o_switches_the_reach_of_the_move_chosen_last(app: App) -> None:
    screen = match(app)
    rect, move = screen.cards["a"].spots[0]
    hand = screen.summary()["gladiators"][0]["hand"]
    for card in hand:  # as a melee-or-ranged move in his hand shows
        card["reaches"] = ["melee", "ranged"]
    click(rect.center)
    pump(app)
    if move == "assess-the-situation":
        pytest.skip("his first card is no attack")
    assert screen.pending["a"]["reach"] == "melee"
    key(app, pygame.K_o, "o")
    assert screen.pending["a"]["reach"] == "ranged"


def test_backspace_forgets_every_choice(app: App) -> None:
    screen = match(app)
    rect, _ = screen.cards["a"].spots[0]
    click(rect.center)
    pump(app)
    key(app, pygame.K_BACKSPACE)
    assert not screen.pending and "coaching" in screen.message


def test_f2_f4_and_f5_show_the_log_the_tables_and_every_roll(app: App) -> None:
    screen = match(app)
    key(app, pygame.K_RETURN)
    for k, title in ((pygame.K_F5, "Rolls"), (pygame.K_F4, "Tables"), (pygame.K_F2, "Arena")):
        key(app, k)
        assert app.panel.view.title == title
    assert screen.session.log  # the narrator's lines, in the log tab


def test_ctrl_s_saves_and_f1_lists_the_keys(app: App, tmp_path: Any) -> None:
    screen = match(app)
    key(app, pygame.K_s, mod=CTRL)
    assert screen.dialog is not None and screen.dialog.title == "Save as"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F1)
    assert screen.dialog is not None and screen.dialog.title == "Keys"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert screen.dialog is not None and screen.dialog.title == "Leave this match?"


def test_ctrl_k_commits_to_the_match_and_shows_the_line_to_post(app: App) -> None:
    from companion.reports.verify import claims_of_entries, verify

    screen = match(app)
    assert "Commit (Ctrl+K)" in [b.label for b in screen.shown_buttons()]
    key(app, pygame.K_k, mod=CTRL)
    session = screen.session
    # Only the start was played: it is rolled again, from the new secret seed.
    assert session.seed is not None and len(session.journal) == 1
    line = screen.dialog.lines[0]
    assert line.startswith("companion commitment v1 sha256:")
    assert screen.dialog.lines[-1] == ("This match: it is now verifiable: its secret seed is "
                                       "kept in the file; its start was rolled again from "
                                       "the seed.")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_k, mod=CTRL)
    assert screen.dialog.lines[0] == line and len(screen.dialog.lines) == 2
    verdict = verify(session.ruleset, session.setup, session.seed, session.tables,
                     claims_of_entries(session.journal))
    assert verdict.problems == [] and verdict.checked == 2
    key(app, pygame.K_ESCAPE)
    plain = match(app)
    key(app, pygame.K_RETURN)
    # A plain match once a turn is played can no longer be committed to: no button.
    assert "Commit (Ctrl+K)" not in [b.label for b in plain.shown_buttons()]
    key(app, pygame.K_k, mod=CTRL)
    assert plain.dialog is None and plain.message_is_error
    assert plain.message.startswith("cannot commit to this match: its dice were not drawn "
                                    "from a secret seed (2 actions already played)")


def test_ctrl_e_exports_a_report_of_the_match(app: App) -> None:
    screen = match(app)
    key(app, pygame.K_RETURN)
    turns = len(screen.session.journal)
    key(app, pygame.K_e, mod=CTRL)
    assert screen.dialog is not None and screen.dialog.title == "Export a report of this match"
    key(app, pygame.K_m, "m")
    written = paths.user_data_dir() / "reports" / f"{screen.kept_path().stem}.md"
    assert written.is_file() and "Lord Smash" in written.read_text(encoding="utf-8")
    assert len(screen.session.journal) == turns  # not E: the match was not played on


def test_f6_opens_the_players_window_and_f9_f11_o_and_f6_are_its_own(app: App) -> None:
    screen = match(app)
    key(app, pygame.K_RETURN)
    turns = len(screen.session.journal)
    key(app, pygame.K_F6)
    player = app.player
    assert player is not None

    def own(k: int, text: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text,
                                             window=player.window))
        pump(app)

    own(pygame.K_F9)
    own(pygame.K_o, "o")
    own(pygame.K_F11)
    assert player.chosen_scale == 1.5 and player.show_odds and player.fullscreen
    assert not any("%" in w for w in player.words())  # a match's odds: never there
    own(pygame.K_F6)
    assert app.player is None and len(screen.session.journal) == turns


def test_space_plays_a_turn_backspace_forgets_f3_ctrl_shift_s_and_ctrl_q(app: App) -> None:
    screen = match(app)
    key(app, pygame.K_SPACE, " ")
    assert last_action(screen)["type"] == "turn" and len(screen.session.journal) == 2
    screen.pending["a"] = {"move": "x"}
    key(app, pygame.K_BACKSPACE)
    assert not screen.pending
    key(app, pygame.K_F3)
    assert app.panel.active == 1
    key(app, pygame.K_s, mod=CTRL | pygame.KMOD_LSHIFT)
    assert screen.dialog is not None and screen.dialog.title == "Save as"
    key(app, pygame.K_ESCAPE)
    app.running = True
    key(app, pygame.K_q, mod=CTRL)
    assert not app.running


MATCH_KEYS = {
    "Ctrl+K": test_ctrl_k_commits_to_the_match_and_shows_the_line_to_post,
    "Enter": test_enter_plays_a_turn_with_every_move_chosen_by_the_coaching,
    "End": test_end_plays_to_the_end_and_the_end_offers_to_record_the_results,
    "O": test_o_switches_the_reach_of_the_move_chosen_last,
    "C": test_coaching_is_hidden_until_the_gm_shows_it,
    **dict.fromkeys(["X", "Left", "Right", "Up", "Down"],
                    test_x_explains_the_turn_and_left_picks_an_earlier_one),
    **dict.fromkeys(["Ctrl+Z", "Ctrl+Y"], test_ctrl_z_undoes_a_turn_and_ctrl_y_redoes_it),
    **dict.fromkeys(["Ctrl+S", "F1", "Esc"], test_ctrl_s_saves_and_f1_lists_the_keys),
    "Ctrl+E": test_ctrl_e_exports_a_report_of_the_match,
    "J": test_j_records_the_finished_match_in_the_careers,
    **dict.fromkeys(["F2", "F4", "F5"], test_f2_f4_and_f5_show_the_log_the_tables_and_every_roll),
    **dict.fromkeys(["Space", "Backspace", "F3", "Ctrl+Shift+S", "Ctrl+Q"],
                    test_space_plays_a_turn_backspace_forgets_f3_ctrl_shift_s_and_ctrl_q),
    **dict.fromkeys(["F6", "F9", "F11", "O"],
                    test_f6_opens_the_players_window_and_f9_f11_o_and_f6_are_its_own),
}


def test_every_key_the_match_lists_is_pressed_by_a_test(app: App) -> None:
    from test_ui_keys import keys_named

    screen = match(app)
    lines = [*screen.help_lines, screen.status()]
    key(app, pygame.K_x, "x")
    lines.append(screen.status())
    named = keys_named(lines)
    assert named == set(MATCH_KEYS)
    for test in MATCH_KEYS.values():
        assert globals()[test.__name__] is test


def test_recording_the_results_writes_them_to_the_roster_and_says_what_changed(
        app: App) -> None:
    screen = match(app)
    key(app, pygame.K_END)
    assert screen.dialog is not None
    key(app, pygame.K_r, "r")
    assert screen.dialog is None and screen.message.startswith("recorded in the roster")


def test_a_part_that_takes_damage_away_is_subtracted() -> None:
    from companion.ui.grimdark.explain import damage_words

    damage = BlowDamage(total=4, die="d6", parts=(BlowPart(2, "margin", ()),
                                                  BlowPart(5, "weapon-die", (5,)),
                                                  BlowPart(-3, "margin", ())))
    assert damage_words(damage, WORDS) == \
        "Damage 4: 2 margin + 5 weapon die (5 rolled) \u2212 3 margin"
