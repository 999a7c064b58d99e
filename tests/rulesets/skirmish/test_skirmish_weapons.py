"""Exotic weapons: nets, lassos and capes that entangle, cutting free, the cone, darts
and arrows that land and are picked up, the javelin on its cord, and items lying on
the board."""

from __future__ import annotations

import dataclasses

import pytest
from support.skirmish_scenes import act, at, ready, scene

from companion.errors import UserError
from companion.rulesets.skirmish import attack_odds, legal_actions
from companion.rulesets.skirmish.core import drop_item


def net_at(spot: str, target="samnite", **extra):
    """A retiarius at `spot` facing N casts at a target on E6 who faces S."""
    return scene({"type": "retiarius", "at": spot, "facing": "N"},
                 {"type": target, "at": "E6", "facing": "S", **extra}, ap=6)


NET = {"type": "attack", "target": "B", "weapon": "net"}


def their_turn(state, gid, ap):
    state.active = gid
    ready(state, ap)


# --- the net ------------------------------------------------------------------------------

def test_a_net_at_two_hexes_entangles_on_a_5():
    state = net_at("E8")
    act(state, NET, 5)
    b = state.glad("B")
    assert b.entangled is not None and b.entangled.weapon == "net"
    assert [h.weapon for h in state.glad("A").weapons] == ["trident"]  # cast: gone from hand
    assert state.glad("A").ap == 4  # a cast costs 2


def test_a_net_at_one_hex_needs_a_6_and_a_miss_pushes_him_back():
    state = net_at("E7")
    act(state, NET, 5)
    assert state.glad("B").entangled is None and at(state, "B") == "E5"
    assert state.glad("A").held("net") is not None  # drawn back
    state = net_at("E7")
    act(state, NET, 6)
    assert state.glad("B").entangled is not None


def test_an_entangled_gladiator_cannot_move_turn_or_attack():
    state = net_at("E7")
    act(state, NET, 6)
    their_turn(state, "B", 6)
    for action, words in (({"type": "move", "to": "E5"}, "entangled"),
                          ({"type": "turn", "steps": 1}, "entangled"),
                          ({"type": "attack", "target": "A", "weapon": "sword"}, "entangled")):
        with pytest.raises(UserError, match=words):
            act(state, action)
    kinds = {a["type"] for a in legal_actions(state)}
    assert kinds <= {"cut_free", "end_turn", "discard_shield"}


def test_cutting_free_on_a_6_loses_the_net_for_good():
    state = net_at("E7")
    act(state, NET, 6)
    their_turn(state, "B", 3)
    act(state, {"type": "cut_free"}, 6)
    assert state.glad("B").entangled is None and not state.items
    assert state.glad("B").ap == 2


def test_cutting_free_on_a_5_drops_the_net_nearby_for_its_owner():
    state = net_at("E7")
    act(state, NET, 6)
    their_turn(state, "B", 3)
    act(state, {"type": "cut_free"}, 5, 1)  # D6 1: it falls to the north, E5
    [item] = state.items
    assert (item.name, state.label(item.hex), item.owner) == ("net", "E5", "A")
    act(state, {"type": "move", "to": "E5"})  # a step back for the samnite
    with pytest.raises(UserError, match="Retiarius's"):
        act(state, {"type": "pick_up"})


def test_cutting_free_fails_below_5_and_is_tried_once_a_turn():
    state = net_at("E7")
    act(state, NET, 6)
    their_turn(state, "B", 3)
    act(state, {"type": "cut_free"}, 4)
    assert state.glad("B").entangled is not None
    with pytest.raises(UserError, match="already tried"):
        act(state, {"type": "cut_free"})


def test_the_retiarius_recovers_his_net():
    state = net_at("E7")
    act(state, NET, 6)
    their_turn(state, "B", 3)
    act(state, {"type": "cut_free"}, 5, 5)  # D6 5: to the SW of E6, D6
    their_turn(state, "A", 6)
    with pytest.raises(UserError, match="step away first"):
        act(state, {"type": "move", "to": "D6"})  # from beside him to beside him
    act(state, {"type": "move", "to": "D7"})
    act(state, {"type": "move", "to": "D6"})
    act(state, {"type": "pick_up", "item": "net"})
    assert state.glad("A").held("net") is not None and not state.items


def test_a_cone_shreds_a_net_on_5_or_6_whatever_the_cast():
    state = net_at("E7", target="contra-retiarius")
    act(state, NET, 6, 5)  # the cast would entangle; the cone's 5 tears it
    assert state.glad("B").entangled is None and state.glad("A").held("net") is None
    assert not state.items
    state = net_at("E7", target="contra-retiarius")
    act(state, NET, 6, 4)
    assert state.glad("B").entangled is not None


def test_the_odds_of_a_cast_count_the_cone():
    odds = attack_odds(net_at("E8", target="contra-retiarius"), "A", "B", "net")
    assert odds.p_entangle == pytest.approx(1 / 3 * 2 / 3)
    assert float(odds.p_shredded) == pytest.approx(1 / 3)


# --- lasso and cape ---------------------------------------------------------------------

def test_a_lasso_reaches_2_to_3_hexes():
    state = scene({"type": "laquearius", "at": "E9", "facing": "N"},
                  {"type": "samnite", "at": "E6", "facing": "S"}, ap=6)
    lasso = {"type": "attack", "target": "B", "weapon": "lasso"}
    act(state, lasso, 5)  # 5-6 at three hexes
    assert state.glad("B").entangled is not None
    close = scene({"type": "laquearius", "at": "E7", "facing": "N"},
                  {"type": "samnite", "at": "E6", "facing": "S"}, ap=6)
    with pytest.raises(UserError, match="too close"):
        act(close, lasso)


def test_a_cape_entangles_an_adjacent_foe_and_leaves_his_arm():
    caped = {"kit": {"weapons": [{"weapon": "sword"}], "shield": "cape"}}
    state = scene({**caped, "at": "E7", "facing": "N"},
                  {"type": "samnite", "at": "E6", "facing": "S"}, ap=6)
    act(state, {"type": "attack", "target": "B", "weapon": "cape"}, 6)
    assert state.glad("B").entangled.weapon == "cape" and state.glad("A").shield is None


# --- darts, arrows, javelin ------------------------------------------------------------

def darts_at(spot="E3", ap=6):
    return scene({"type": "gaetulian", "at": spot, "facing": "S"},
                 {"type": "samnite", "at": "E6", "facing": "N"}, ap=ap)


DART = {"type": "attack", "target": "B", "weapon": "throwing-darts"}


def test_a_dart_that_wounds_is_lost():
    state = darts_at()
    act(state, DART, 5, 2, 1)
    assert state.glad("B").strength == 5 and state.glad("A").darts == 3
    assert not state.items


def test_a_dart_saved_by_armour_is_lost():
    state = darts_at()
    act(state, DART, 5, 2, 6)
    assert state.glad("B").strength == 8 and state.glad("A").darts == 3
    assert not state.items


def test_a_dart_that_misses_lands_next_to_where_he_stood_and_is_picked_up():
    state = darts_at("E4", ap=7)
    act(state, DART, 1, 5, 3)  # D6 3: SE of E6, F6; he is pushed back to E7
    [item] = state.items
    assert (item.name, state.label(item.hex)) == ("dart", "F6")
    assert at(state, "B") == "E7"
    act(state, {"type": "turn", "steps": -1})  # to face SE
    for step in ({"type": "move", "to": "F4"}, {"type": "turn", "steps": 1},
                 {"type": "move", "to": "F5"}, {"type": "move", "to": "F6"}):
        act(state, step)
    assert state.glad("A").ap == 1
    act(state, {"type": "pick_up", "item": item.id})
    assert state.glad("A").darts == 4 and state.glad("A").ap == 0


def test_darts_reach_2_to_6_hexes_never_adjacent_and_weaken_at_5_and_6():
    with pytest.raises(UserError, match="too close"):
        act(darts_at("E5"), DART)
    assert attack_odds(darts_at("E4"), "A", "B", "throwing-darts").modifier == 0
    assert attack_odds(darts_at("E1", ap=6), "A", "B", "throwing-darts").modifier == -1
    far = scene({"type": "gaetulian", "at": "E1", "facing": "S"},
                {"type": "samnite", "at": "E7", "facing": "N"}, ap=6)
    assert attack_odds(far, "A", "B", "throwing-darts").modifier == -2
    with pytest.raises(UserError, match="out of range"):
        act(scene({"type": "gaetulian", "at": "E1", "facing": "S"},
                  {"type": "samnite", "at": "E8", "facing": "N"}, ap=6), DART)


def test_with_no_darts_left_he_cannot_throw():
    state = darts_at()
    state.glad("A").darts = 0
    with pytest.raises(UserError, match="no darts left"):
        act(state, DART)


def test_a_bow_shot_costs_2_ap_and_arrows_land_like_darts():
    state = scene({"type": "sagittarius", "at": "E2", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"}, ap=6)
    act(state, {"type": "attack", "target": "B", "weapon": "bow"}, 2, 5, 4)
    assert state.glad("A").ap == 4 and state.glad("A").arrows == 3
    assert [(i.name, state.label(i.hex)) for i in state.items] == [("arrow", "E7")]


def test_a_javelin_is_tied_to_his_wrist_and_never_lost():
    state = scene({"type": "velite", "at": "E8", "facing": "N"},
                  {"type": "samnite", "at": "E6", "facing": "S"}, ap=6)
    assert attack_odds(state, "A", "B", "javelin").modifier == -1  # disadvantaged at 2
    act(state, {"type": "attack", "target": "B", "weapon": "javelin"}, 6, 1, 6)
    assert state.glad("A").held("javelin") is not None and not state.items


# --- items on the board ---------------------------------------------------------------------

def test_a_discarded_shield_stays_down():
    state = darts_at()
    state.active = "B"
    ready(state, 3)
    act(state, {"type": "discard_shield"})
    b = state.glad("B")
    assert b.shield is None and state.items[0].recoverable is False
    with pytest.raises(UserError, match="cannot be recovered"):
        act(state, {"type": "pick_up"})


@pytest.mark.parametrize("ref", [None, 7, "net"])
def test_picking_up_in_an_empty_hex_says_there_is_nothing_there(ref):
    state = darts_at()
    with pytest.raises(UserError, match=r"^there is nothing in .*'s hex E3$"):
        act(state, {"type": "pick_up", "item": ref})


def _discard_costs(state, ap):
    state.data = dataclasses.replace(
        state.data, ap_costs={**state.data.ap_costs, "discard-shield": ap})


def test_a_house_cost_to_discard_is_paid_in_his_turn():
    state = darts_at()
    _discard_costs(state, 2)
    state.active = "B"
    ready(state, 3)
    act(state, {"type": "discard_shield"})
    assert state.glad("B").ap == 1


def test_a_shield_discarded_before_his_ap_roll_costs_nothing():
    # "at any time in order to decrease the weight": before the roll, for a lighter one.
    state = darts_at()
    _discard_costs(state, 2)
    state.active = "B"
    state.phase = "ap"
    state.glad("B").ap = 0
    act(state, {"type": "discard_shield"})
    assert state.glad("B").shield is None and state.glad("B").ap == 0


def test_a_shield_knocked_away_is_fetched_and_worn_again():
    state = scene({"type": "thracian", "at": "E5", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"}, ap=6)
    act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 5, 5, 4)  # to E7
    act(state, {"type": "end_turn"})
    act(state, {"type": "roll_ap"}, 6)  # heavy no more: medium, +0
    assert state.glad("B").ap == 6
    act(state, {"type": "move", "to": "E7"})  # a step back: 2 AP
    act(state, {"type": "pick_up"})
    assert state.glad("B").shield == "large-shield" and state.glad("B").ap == 3


def test_only_the_owner_picks_up_but_anyone_may_kick():
    state = darts_at()
    state.glad("A").darts = 3
    item = drop_item(state, "ammo", "dart", "A", state.glad("A").hex)
    state.active = "B"
    ready(state, 6)
    state.glad("B").hex = state.glad("A").hex
    state.glad("A").hex = state.board.from_label("A1")
    with pytest.raises(UserError, match="Gaetulian's"):
        act(state, {"type": "pick_up", "item": item.id})
    act(state, {"type": "kick", "item": item.id, "to": "E2"})
    assert state.label(item.hex) == "E2" and state.glad("B").ap == 5


# --- a gladiator with no weapon left ---------------------------------------------------

def test_a_gaetulian_out_of_darts_with_his_dagger_broken_strikes_unarmed_once_a_turn():
    # Seed 003: with no weapon and no shield, one unarmed attack a turn. Darts are the
    # weapon itself: once they are thrown and his dagger is gone, his hands are empty.
    state = scene({"type": "gaetulian", "at": "E5", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"}, ap=6)
    a = state.glad("A")
    a.darts = 0
    a.weapons = [h for h in a.weapons if h.weapon != "dagger"]
    unarmed = [x for x in legal_actions(state)
               if x["type"] == "attack" and x.get("weapon") == "unarmed"]
    assert unarmed, "he is offered his unarmed attack"
    lines = act(state, unarmed[0], 6, 1, 1)
    assert lines[0] == "Gaetulian attacks Samnite unarmed"
    assert not any(x["type"] == "attack" for x in legal_actions(state))  # once a turn
    with pytest.raises(UserError, match="unarmed attack this turn"):
        act(state, {"type": "attack", "target": "B", "weapon": "unarmed"})


def test_a_gaetulian_with_darts_left_has_no_unarmed_attack():
    state = scene({"type": "gaetulian", "at": "E5", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"}, ap=6)
    state.glad("A").weapons = [h for h in state.glad("A").weapons if h.weapon != "dagger"]
    assert not any(x.get("weapon") == "unarmed" for x in legal_actions(state))


def test_with_no_weapon_named_he_strikes_with_the_first_that_reaches():
    from companion.rulesets.skirmish.attack import default_option

    far = darts_at("E3")  # three hexes: the darts, not the dagger
    assert default_option(far, far.glad("A"), far.glad("B")).weapon.slug == "throwing-darts"
    near = darts_at("E5")  # beside him: never darts at an adjacent foe
    assert default_option(near, near.glad("A"), near.glad("B")).weapon.slug == "dagger"
