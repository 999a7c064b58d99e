"""The start of a Grimdark match: HP, Init, CZ, what the abilities bring, the hands;
and set-ups the adjudicator refuses, in words."""

from __future__ import annotations

import pytest
from support.grimdark_kit import setup, sheet

from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.grimdark.rules import GrimdarkRules
from companion.tables.loader import load_tables

TABLES = load_tables()


def _start(*sheets, faces, coaching=None):
    rules = GrimdarkRules()
    state = rules.new_state(setup(*sheets, coaching=coaching), TABLES)
    dice = ScriptedDice(faces)
    events = rules.apply(state, {"type": "start"}, dice).events
    assert not dice.remaining
    return rules, state, events


SHUFFLE = [1] * 14  # fifteen cards: a die for each place but the last


def test_hp_is_25_plus_brutality_d8_endurance_and_armour_and_init_style_d8_poise():
    a = sheet("Brute", abilities={"endurance": 2, "poise": 1},
              weapons=[{"name": "Club", "weight": "light", "reach": "melee"}], armour=2)
    b = sheet("Other")
    _, state, _ = _start(a, b, faces=[5, 4, 1, 1, *SHUFFLE, *SHUFFLE])
    brute = state.fighters[0]
    assert brute.hp == brute.max_hp == 25 + 6 + 5 + 2 + 2 * 5
    assert brute.init == 3 + 4 + 1
    assert state.fighters[1].hp == 25 + 6 + 1


def test_a_berserker_rolls_a_d10_for_hp_and_a_performer_a_d10_for_init():
    a = sheet("Berserk", (5, 4, 3, 3), abilities={"berserker": 1, "performer": 1})
    _, state, _ = _start(a, sheet("Other"), faces=[10, 10, 1, 1, *SHUFFLE, *SHUFFLE])
    assert state.fighters[0].hp == 25 + 5 + 10
    assert state.fighters[0].init == 4 + 10


def test_cz_is_own_fame_less_the_most_famous_opponents_never_below_zero():
    rules = GrimdarkRules()
    state = rules.new_state(setup(sheet("Star", fame=5), sheet("Rookie", fame=1),
                                  sheet("Vet", fame=2)), TABLES)
    dice = ScriptedDice([1] * 6 + SHUFFLE * 3)
    rules.apply(state, {"type": "start"}, dice)
    assert [f.cz for f in state.fighters] == [3, 0, 0]


def test_arcane_arts_brings_essence_equal_to_weird_and_technomancer_one_quantum_energy():
    mage = sheet("Mage", (3, 3, 4, 5), abilities={"arcane-arts": 1, "technomancer": 1})
    _, state, _events = _start(mage, sheet("Other"), faces=[1] * 4 + SHUFFLE + SHUFFLE)
    assert state.fighters[0].resources["arcane-essence"] == 5
    assert state.fighters[0].resources["quantum-energy"] == 1


def test_the_coachings_opening_moves_are_the_hand_and_the_rest_is_the_deck():
    a = sheet("Coached", moves={"basic-melee": 10, "grapple": 3, "basic-defense": 2})
    coaching = {"opening": ["Grapple", "Basic Defense", "grapple"]}
    _, state, _events = _start(a, sheet("Other"), coaching=[coaching, None],
                              faces=[1] * 4 + [1] * 11 + SHUFFLE)
    f = state.fighters[0]
    assert f.hand == ["grapple", "basic-defense", "grapple"]
    assert sorted(f.deck) == sorted(["basic-melee"] * 10 + ["grapple", "basic-defense"])
    assert len(state.fighters[1].hand) == 3 and len(state.fighters[1].deck) == 12


def test_the_deck_is_shuffled_with_the_dice():
    a = sheet("A", moves={"basic-melee": 5, "grapple": 5, "basic-defense": 5})
    orders = []
    in_place = list(range(15, 1, -1))  # each card swapped with itself
    for faces in (in_place, SHUFFLE):
        _, state, _ = _start(a, sheet("B"), faces=[1] * 4 + faces + SHUFFLE)
        f = state.fighters[0]
        orders.append(f.hand + f.deck)
    assert orders[0] == ["basic-melee"] * 5 + ["grapple"] * 5 + ["basic-defense"] * 5
    assert orders[0] != orders[1]
    assert sorted(orders[0]) == sorted(orders[1])


def test_an_opening_move_he_does_not_hold_is_refused_by_name():
    rules = GrimdarkRules()
    with pytest.raises(UserError, match="Wild Charge"):
        rules.new_state(setup(sheet("A"), sheet("B"),
                              coaching=[{"opening": ["Wild Charge"]}, None]), TABLES)


def test_a_sheet_that_breaks_the_build_rules_is_refused_naming_the_rule():
    rules = GrimdarkRules()
    with pytest.raises(UserError, match="add up to 16"):
        rules.new_state(setup(sheet("A", (7, 3, 3, 3)), sheet("B")), TABLES)


def test_one_gladiator_or_one_team_is_no_match():
    rules = GrimdarkRules()
    with pytest.raises(UserError, match="two or more"):
        rules.new_state(setup(sheet("A")), TABLES)
    with pytest.raises(UserError, match="two sides"):
        rules.new_state(setup(sheet("A"), sheet("B"), teams=["1", "1"]), TABLES)


def test_the_summary_before_the_start_and_what_is_due():
    rules = GrimdarkRules()
    state = rules.new_state(setup(sheet("A"), sheet("B")), TABLES)
    assert rules.due(state).step == "start"
    view = rules.summary(state)
    assert view["system"] == "grimdark" and not view["started"]
    assert [g["id"] for g in view["gladiators"]] == ["a", "b"]
    with pytest.raises(UserError, match="start"):
        rules.apply(state, {"type": "turn"}, ScriptedDice([]))
