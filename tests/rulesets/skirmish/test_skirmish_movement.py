"""Moving and turning: AP costs, one gladiator a hex, the board's edge, and the rule
against stepping from one hex next to an opponent into another next to him."""

from __future__ import annotations

import pytest
from support.skirmish_scenes import act, at, facing, scene

from companion.errors import UserError
from companion.rulesets.skirmish import reachable, summary
from companion.rulesets.skirmish.state import Entanglement


def samnite_at_e7(ap=6, **other):
    foe = {"type": "thracian", "at": "J12", "facing": "N", **other}
    return scene({"type": "samnite", "at": "E7", "facing": "N"}, foe, ap=ap)


def test_a_step_straight_ahead_costs_1_ap():
    state = samnite_at_e7()
    act(state, {"type": "move", "to": "E6"})
    assert at(state, "A") == "E6" and state.glad("A").ap == 5


def test_a_step_any_other_way_costs_2_ap_and_keeps_his_facing():
    state = samnite_at_e7()
    act(state, {"type": "move", "to": "F7"})
    assert at(state, "A") == "F7" and facing(state, "A") == "N"
    assert state.glad("A").ap == 4


def test_each_hexside_turned_costs_1_ap():
    state = samnite_at_e7()
    act(state, {"type": "turn", "steps": 1})
    assert facing(state, "A") == "NE" and state.glad("A").ap == 5
    act(state, {"type": "turn", "steps": -2})
    assert facing(state, "A") == "NW" and state.glad("A").ap == 3
    act(state, {"type": "turn", "facing": "SW"})
    assert facing(state, "A") == "SW" and state.glad("A").ap == 2


def refused(state, action, words):
    before = summary(state)
    with pytest.raises(UserError, match=words):
        act(state, action)
    assert summary(state) == before, "a refused action changes nothing"


def test_no_two_gladiators_share_a_hex():
    state = samnite_at_e7(at="E6")
    refused(state, {"type": "move", "to": "E6"}, "occupied")


def test_nobody_leaves_the_board():
    state = scene({"type": "samnite", "at": "A1", "facing": "N"},
                  {"type": "thracian", "at": "J12"}, ap=6)
    refused(state, {"type": "move", "to": "A0"}, "off the board")
    refused(state, {"type": "move", "to": "C3"}, "not next to")


def test_not_enough_ap_is_refused():
    state = samnite_at_e7(ap=1)
    refused(state, {"type": "move", "to": "F7"}, "not enough AP: a step aside or back costs 2")
    refused(state, {"type": "turn", "steps": 2}, "not enough AP")


def test_from_next_to_an_enemy_he_may_not_step_into_another_hex_next_to_him():
    # The thracian at E6 is next to E7, and also next to F6 and D6.
    state = samnite_at_e7(at="E6", facing="S")
    refused(state, {"type": "move", "to": "F6"}, "step away first")
    refused(state, {"type": "move", "to": "D6"}, "step away first")
    act(state, {"type": "move", "to": "E8"})  # away from him: allowed
    assert at(state, "A") == "E8"


def test_the_rule_is_about_opponents_not_friends():
    state = scene({"type": "samnite", "at": "E7", "facing": "N", "side": "red"},
                  {"type": "thracian", "at": "E6", "side": "red"},
                  {"type": "velite", "at": "J12", "side": "blue"}, ap=6)
    act(state, {"type": "move", "to": "F6"})
    assert at(state, "A") == "F6"


def test_an_entangled_gladiator_cannot_move_or_turn():
    state = samnite_at_e7()
    state.glad("A").entangled = Entanglement("net", "B", "weapon", "right")
    refused(state, {"type": "move", "to": "E6"}, "entangled")
    refused(state, {"type": "turn", "steps": 1}, "entangled")


def test_moving_is_only_for_the_one_whose_turn_it_is():
    state = samnite_at_e7()
    refused(state, {"type": "move", "to": "E6", "gladiator": "B"}, "turn")
    state.phase = "ap"
    refused(state, {"type": "move", "to": "E6"}, "roll his AP first")


def test_reachable_hexes_with_their_cost_and_path():
    state = samnite_at_e7(ap=3)
    reach = reachable(state, "A")
    assert reach["E7"].cost == 0
    assert [reach[h].cost for h in ("E6", "E5", "E4")] == [1, 2, 3]
    assert reach["F7"].cost == 2 and reach["E8"].cost == 2
    assert "E3" not in reach
    assert list(reach["E4"].path) == [{"type": "move", "to": h} for h in ("E6", "E5", "E4")]
    # Turning then stepping ahead can be the cheaper way round.
    assert reach["F5"].cost == 3
    for action in reach["F5"].path:
        act(state, action)
    assert at(state, "A") == "F5" and state.glad("A").ap == 0


def test_reachable_respects_the_adjacency_rule_and_occupied_hexes():
    state = samnite_at_e7(ap=4, at="E6", facing="S")
    reach = reachable(state, "A")
    assert "E6" not in reach  # his hex
    assert "F6" not in reach or reach["F6"].cost > 2  # never straight from E7 to F6
    for label, way in reach.items():
        assert way.to_json()["at"] == label
