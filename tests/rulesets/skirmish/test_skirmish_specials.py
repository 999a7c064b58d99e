"""Special events: a double on the attack dice ends the attack with an event of its
own (skirmish-special-events), whatever the modifiers."""

from __future__ import annotations

import dataclasses

import pytest
from support.skirmish_scenes import act, at, scene


def duel(attacker="thracian", defender="samnite", ap=6):
    # The attacker at E5 facing S strikes the defender at E6, who faces N.
    return scene({"type": attacker, "at": "E5", "facing": "S"},
                 {"type": defender, "at": "E6", "facing": "N"}, ap=ap)


SWORD = {"type": "attack", "target": "B", "weapon": "sword"}


def test_double_6_is_2d6_wounds_with_no_save():
    state = duel()
    act(state, SWORD, 6, 6, 3, 4)  # no save die is rolled
    assert state.glad("B").strength == 1


def test_double_6_can_beat_him_outright():
    state = duel()
    act(state, SWORD, 6, 6, 5, 6)
    assert state.glad("B").status == "beaten" and state.phase == "appeal"


def test_double_5_knocks_his_shield_into_a_random_neighbouring_hex():
    state = duel()
    act(state, SWORD, 5, 5, 4)  # D6 4: the hex to his south
    b = state.glad("B")
    assert b.shield is None
    [item] = state.items
    assert (item.name, state.label(item.hex), item.owner, item.recoverable) == (
        "large-shield", "E7", "B", True)


@pytest.mark.parametrize("event_says, kit_says", [(True, False), (False, True)])
def test_a_shield_knocked_away_stays_in_play_only_if_the_event_and_the_kit_both_say_so(
        event_says, kit_says):
    state = duel()
    data = state.data
    shield = data.kit["large-shield"]
    state.data = dataclasses.replace(
        data, events={**data.events, 5: data.events[5].model_copy(
            update={"recoverable": event_says})},
        kit={**data.kit, "large-shield": dataclasses.replace(
            shield, recoverable_if_knocked_away=kit_says)})
    act(state, SWORD, 5, 5, 4)
    [item] = state.items
    assert item.recoverable is False


def test_double_5_never_takes_a_galerus():
    state = duel(defender="retiarius")
    act(state, SWORD, 5, 5)  # no die for where it lands
    assert state.glad("B").shield == "galerus" and not state.items


def test_double_4_leaves_the_defender_off_balance():
    state = duel()
    act(state, SWORD, 4, 4)
    assert state.glad("B").off_balance and not state.glad("A").off_balance
    assert at(state, "B") == "E6" and state.glad("B").strength == 8


def test_double_3_leaves_the_attacker_off_balance():
    state = duel()
    act(state, SWORD, 3, 3)
    assert state.glad("A").off_balance and not state.glad("B").off_balance


def test_double_2_floors_him_and_beats_him_if_the_attacker_ends_his_turn_beside_him():
    state = duel()
    act(state, SWORD, 2, 2)
    assert state.glad("B").status == "fighting"  # not yet: at the end of the turn
    act(state, {"type": "end_turn"})
    assert state.glad("B").status == "beaten" and state.phase == "appeal"
    assert state.glad("B").defeated_by == "A"
    act(state, {"type": "appeal", "gladiator": "B"}, 6, 6)
    assert state.glad("B").status == "spared"
    assert state.phase == "over" and state.winner == "A"


def test_double_2_is_only_off_balance_if_the_attacker_steps_away_first():
    state = duel()
    act(state, SWORD, 2, 2)
    act(state, {"type": "move", "to": "E4"})  # straight back, away from him: 2 AP
    act(state, {"type": "end_turn"})
    b = state.glad("B")
    assert b.status == "fighting" and b.off_balance
    assert state.phase == "ap" and state.active == "B"


def test_double_1_then_1_breaks_the_attackers_weapon():
    state = duel()
    act(state, SWORD, 1, 1, 1)
    assert state.glad("A").weapons == [] and not state.items


def test_double_1_then_2_sends_the_attackers_weapon_into_a_neighbouring_hex():
    state = duel()
    act(state, SWORD, 1, 1, 2, 1)  # D6 2: his own weapon; D6 1: lands to his north
    assert state.glad("A").weapons == []
    [item] = state.items
    assert (item.name, state.label(item.hex), item.owner) == ("sword", "E4", "A")


def test_double_1_then_4_knocks_a_defenders_weapon_away():
    state = duel()
    act(state, SWORD, 1, 1, 4, 3)  # D6 4: the defender's; D6 3: lands SE of him
    assert state.glad("B").weapons == []
    [item] = state.items
    assert (item.name, state.label(item.hex), item.owner) == ("sword", "F6", "B")


def test_double_1_then_6_breaks_a_defenders_weapon_for_good():
    state = duel()
    act(state, SWORD, 1, 1, 6)
    assert state.glad("B").weapons == [] and not state.items
    assert state.glad("B").shield == "large-shield"  # shields are not in the draw


def test_a_random_weapon_is_drawn_among_his_weapons_nets_included():
    state = duel(defender="retiarius")
    act(state, SWORD, 1, 1, 6, 2)  # a d2 for which: the second, his net
    assert [h.weapon for h in state.glad("B").weapons] == ["trident"]


def test_the_diamecheri_loses_his_left_sword_first():
    state = duel(defender="diamecheri")
    act(state, SWORD, 1, 1, 5, 1)  # no draw: the left sword goes; lands to his north
    assert [(h.weapon, h.side) for h in state.glad("B").weapons] == [("sword", "right")]
    assert state.items[0].side == "left"


def test_a_gladiator_with_nothing_to_lose_loses_nothing():
    state = duel()
    state.glad("B").weapons = []
    lines = act(state, SWORD, 1, 1, 6)
    assert any("no weapon to lose" in line for line in lines)
    assert state.glad("B").shield == "large-shield"


def test_a_dart_that_causes_a_special_event_is_lost():
    state = scene({"type": "gaetulian", "at": "E4", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"}, ap=6)
    act(state, {"type": "attack", "target": "B", "weapon": "throwing-darts"}, 4, 4)
    assert state.glad("A").darts == 3 and not state.items
    assert state.glad("B").off_balance
