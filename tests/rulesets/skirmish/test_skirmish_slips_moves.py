"""Moving on the board as the board view asks it: the cheapest way to a hex (with a
facing, if one is wanted), turns to the left as well as to the right, and the hexes
that are the arena's."""

from __future__ import annotations

from support.skirmish_scenes import act, at, facing, scene

from companion.core.hexgrid import Hex, parse_direction
from companion.rulesets.skirmish import path_to, reachable


def samnite(ap=6, at="E7", facing="N"):
    return scene({"type": "samnite", "at": at, "facing": facing},
                 {"type": "thracian", "at": "J12", "facing": "N"}, ap=ap)


def test_turning_left_is_one_step_to_the_left():
    state = samnite()
    way = reachable(state, "A")["E7"]  # where he stands: nothing to do
    assert way.cost == 0 and way.path == ()
    left = path_to(state, "A", "E7", facing=parse_direction("NW"))
    assert left is not None and left.cost == 1
    assert left.path == ({"type": "turn", "steps": -1},)
    right = path_to(state, "A", "E7", facing=parse_direction("NE"))
    assert right is not None and right.path == ({"type": "turn", "steps": 1},)


def test_turning_right_from_north_west_round_to_north_is_one_step_right():
    state = samnite(facing="NW")
    way = path_to(state, "A", "E7", facing=parse_direction("N"))
    assert way is not None and way.path == ({"type": "turn", "steps": 1},)
    way = path_to(state, "A", "E7", facing=parse_direction("SW"))
    assert way is not None and way.path == ({"type": "turn", "steps": -1},)


def test_the_way_to_a_hex_with_a_facing_is_the_cheapest_that_arrives_so():
    # Two steps ahead and an about-face: 5 AP, more than 4.
    assert path_to(samnite(ap=4), "A", "E5", facing=parse_direction("S")) is None
    state = samnite(ap=6)
    way = path_to(state, "A", "E5", facing=parse_direction("S"))
    assert way is not None and way.cost == 5 and way.facing == parse_direction("S")
    for action in way.path:
        act(state, action)
    assert (at(state, "A"), facing(state, "A")) == ("E5", "S")
    assert state.glad("A").ap == 1


def test_the_way_to_a_hex_with_any_facing_is_the_cheapest_of_all():
    state = samnite(ap=6)
    assert reachable(state, "A")["E5"].hex == state.geo.hexes["E5"]
    way = path_to(state, "A", "E5")
    assert way is not None and way.hex == state.geo.hexes["E5"]
    assert way.cost == 2 and way.facing == parse_direction("N")
    assert [a["to"] for a in way.path] == ["E6", "E5"]
    assert way.to_json() == {"at": "E5", "cost": 2, "facing": "N",
                             "path": [{"type": "move", "to": "E6"},
                                      {"type": "move", "to": "E5"}]}


def test_there_is_no_way_to_a_hex_beyond_his_ap():
    state = samnite(ap=2)
    assert path_to(state, "A", "E4") is None  # three steps ahead
    assert path_to(state, "A", "E5") is not None


def test_a_gladiator_off_the_board_goes_nowhere():
    state = samnite()
    state.glad("A").hex = None
    assert path_to(state, "A", "E5") is None
    assert reachable(state, "A") == {}


def test_the_arena_holds_its_own_hexes_only():
    state = samnite()
    geo = state.geo
    assert geo.contains(state.glad("A").hex)
    assert not geo.contains(Hex(-1, 0))
