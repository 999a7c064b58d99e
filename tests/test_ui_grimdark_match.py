"""The Grimdark match view: each gladiator's card drawn from the summary, the turn
explained from its events, and the screen played through real pygame events: a turn
with Enter, a move chosen by clicking a card, undo, straight to the end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from companion.rulesets.base import event
from companion.ui.fit import Layer, problems
from companion.ui.grimdark.card import CardLook, GladiatorCard, Pending
from companion.ui.grimdark.explain import Words, explain
from companion.ui.theme import Theme


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
    reason={"out-of-position": "out of position", "weapon": "weapon die",
            "margin": "margin", "move": "the move"}.get,  # type: ignore[arg-type]
    narrate=lambda e: [f"{e.kind} of {e.who}"] if e.kind == "hp" else [],
)


def test_a_fight_is_explained_die_by_die_and_modifier_by_modifier() -> None:
    events = [
        event("turn", None, turn=3),
        event("fight", "a", target="b", sides=[
            {"id": "a", "move": "wild-charge", "dice": "d8", "faces": [5],
             "modifiers": [{"amount": 6, "reason": "stat"}, {"amount": -2, "reason": "move"}],
             "total": 9},
            {"id": "b", "move": "basic-block", "dice": "d8", "faces": [1],
             "modifiers": [{"amount": 3, "reason": "stat"},
                           {"amount": 2, "reason": "out-of-position"}], "total": 6}],
            advantage=3, band="hit", winner="a",
            damage={"total": 8, "die": "d6", "parts": [
                {"amount": 3, "reason": "margin", "faces": []},
                {"amount": 5, "reason": "weapon", "faces": [5]}]}, crit=None),
        event("hp", "b", change=-8, hp=24, reason="hit"),
    ]
    assert [line.text for line in explain(events, WORDS)] == [
        "Turn 3",
        "Lord Smash (Wild Charge) against Rex (Basic Block)",
        "Lord Smash: 5 on the d8 + 6 Brutality \u2212 2 Wild Charge = 9",
        "Rex: 1 on the d8 + 3 his active stat + 2 out of position = 6",
        "Advantage 3 to Lord Smash: a hit",
        "Damage 8: 3 margin + 5 weapon die (5 rolled)",
        "hp of b",
    ]


def test_an_inconclusive_fight_says_so() -> None:
    e = event("fight", "a", target="b", sides=[
        {"id": "a", "move": "wild-charge", "dice": "d8", "faces": [4], "modifiers": [],
         "total": 4},
        {"id": "b", "move": "basic-block", "dice": "2d4", "faces": [2, 1], "modifiers": [],
         "total": 3}], advantage=1, band="inconclusive", winner=None, damage=None, crit=None)
    texts = [line.text for line in explain([e], WORDS)]
    assert "Rex: 2 and 1 on the 2d4 = 3" in texts and "Advantage 1: inconclusive" in texts
