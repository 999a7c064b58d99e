"""The hex skirmish at a few more edges: an attack with exactly its AP, a turn with no
steps given, a group's AP table that prices a weapon's attack, the bout described
before its first turn, and figures that never change once read."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest
from support.skirmish_scenes import RULES, TABLES, act, scene
from test_skirmish_slips_log import changed

from companion.rulesets.skirmish import SkirmishRules
from companion.rulesets.skirmish.narrator import describe


def test_an_attack_with_exactly_its_ap_is_made() -> None:
    state = scene({"type": "samnite", "at": "E6", "facing": "S"},
                  {"type": "velite", "at": "E7", "facing": "N"}, ap=1)
    lines = act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 3, 5)
    assert any(line.startswith("Attack 3, defence 5") for line in lines)
    assert state.glad("A").ap == 0


def test_a_turn_with_no_steps_given_turns_one_hexside_right() -> None:
    state = scene({"type": "samnite", "at": "E6", "facing": "S"},
                  {"type": "velite", "at": "J12"}, ap=3)
    act(state, {"type": "turn"})
    again = scene({"type": "samnite", "at": "E6", "facing": "S"},
                  {"type": "velite", "at": "J12"}, ap=3)
    act(again, {"type": "turn", "steps": 1})
    assert state.glad("A").facing == again.glad("A").facing
    assert state.glad("A").ap == again.glad("A").ap == 2


def test_a_group_table_that_prices_the_attack_prices_every_plain_weapons_attack() -> None:
    data = SkirmishRules().data_for(changed("skirmish-ap", "attack", ap=3))
    assert data.weapons["sword"].ap == 3


def test_before_the_first_turn_the_bout_names_no_ones_turn() -> None:
    state = RULES.new_state({"gladiators": [{"type": "samnite"}, {"type": "velite"}]},
                            TABLES)
    lines = describe(state)
    assert not any(line.startswith("Turn ") for line in lines)


def test_the_figures_of_a_skirmish_table_never_change_once_read() -> None:
    figures = SkirmishRules().data_for(TABLES).rules
    with pytest.raises(FrozenInstanceError):
        figures.save_target = 99  # type: ignore[misc]


def test_a_net_cast_at_a_contra_retiarius_counts_his_cone_against_it() -> None:
    from fractions import Fraction

    from companion.rulesets.skirmish.odds import attack_odds

    # Adjacent: the net needs a 6 (1 in 6); his cone shreds it on 5 or 6 (2 in 6).
    state = scene({"type": "retiarius", "at": "E6", "facing": "S"},
                  {"type": "contra-retiarius", "at": "E7", "facing": "N"}, ap=4)
    odds = attack_odds(state, "A", "B", "net")
    assert odds.p_shredded == Fraction(1, 3)
    assert odds.p_entangle == Fraction(1, 6) * Fraction(2, 3)
    assert odds.p_miss == Fraction(5, 6) * Fraction(2, 3)
    assert odds.p_shredded + odds.p_entangle + odds.p_miss == 1


def test_a_weapon_is_named_with_its_hand_only_when_it_is_a_weapon() -> None:
    from companion.rulesets.skirmish.words import weapon_words

    state = scene({"type": "samnite", "at": "E6"}, {"type": "velite", "at": "J12"})
    assert weapon_words(state, "sword-left") == "left sword"
    assert weapon_words(state, "unarmed") == "bare hands"
    # A made-up name with a hand on it is said as it is, not as a left weapon.
    assert not weapon_words(state, "nothing-left").startswith("left ")


def test_the_bout_described_names_each_condition_only_when_he_has_it() -> None:
    state = scene({"type": "samnite", "at": "E6", "facing": "S"},
                  {"type": "velite", "at": "J12"}, ap=2)
    state.glad("A").off_balance = True
    lines = describe(state)
    samnite = next(line for line in lines if "Samnite" in line and "off balance" in line)
    velite = [line for line in lines if "Velite" in line]
    assert samnite and velite and not any("off balance" in line or "entangled" in line
                                          for line in velite)
