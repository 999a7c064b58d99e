"""Every threshold of the hex skirmish (RULES.md 1 and the skirmish tables) at its
value, one below and one above, so that a comparison slipped by one fails a test:
exactly enough AP for each action and one short, the AP floor, giving in at -6,
fatigue over strength, beaten at 0 strength and mortally wounded at -3, lightly and
seriously wounded (half exactly), the margin and the save (D6 + save >= 7), the appeal
(7 spared, 6 killed, a natural 12 and 2), each weapon's range and its disadvantaged
ranges, and the rolls a net, a lasso and cutting free need."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from support.skirmish_scenes import DATA, act, at, scene

from companion.errors import UserError
from companion.rulesets.skirmish import ap_modifiers, attack_odds, summary
from companion.rulesets.skirmish.core import beat
from companion.rulesets.skirmish.state import Entanglement, State, wound_levels


def refused(state: State, action: dict[str, Any], words: str) -> None:
    before = summary(state)
    with pytest.raises(UserError, match=words):
        act(state, action)
    assert summary(state) == before, "a refused action changes nothing"


# ------------------------------------------------------------------ AP: exactly enough


def samnite_at_e7(ap: int) -> State:
    return scene({"type": "samnite", "at": "E7", "facing": "N"},
                 {"type": "thracian", "at": "J12", "facing": "N"}, ap=ap)


@pytest.mark.parametrize(("action", "cost"), [
    ({"type": "move", "to": "E6"}, 1),  # a step straight ahead
    ({"type": "move", "to": "F7"}, 2),  # a step any other way
    ({"type": "turn", "steps": 1}, 1),  # a hexside turned
    ({"type": "turn", "steps": 2}, 2),
])
def test_exactly_enough_ap_moves_him_and_leaves_0(action: dict[str, Any], cost: int) -> None:
    state = samnite_at_e7(cost)
    act(state, action)
    assert state.glad("A").ap == 0


@pytest.mark.parametrize(("action", "cost"), [
    ({"type": "move", "to": "E6"}, 1), ({"type": "move", "to": "F7"}, 2),
    ({"type": "turn", "steps": 1}, 1), ({"type": "turn", "steps": 2}, 2)])
def test_one_ap_short_is_refused(action: dict[str, Any], cost: int) -> None:
    refused(samnite_at_e7(cost - 1), action, "not enough AP")


def test_one_ap_more_leaves_one() -> None:
    state = samnite_at_e7(3)
    act(state, {"type": "move", "to": "F7"})
    assert state.glad("A").ap == 1


def striker(weapon: str, ap: int, spot: str = "E5") -> State:
    kit = {"weapons": [{"weapon": weapon}], "armour": "light-armour"}
    return scene({"kit": kit, "at": spot, "facing": "S"},
                 {"type": "samnite", "at": "E6", "facing": "N"}, ap=ap)


@pytest.mark.parametrize(("weapon", "cost"), [("sword", 1), ("two-handed", 2)])
def test_exactly_enough_ap_for_a_blow_and_one_short(weapon: str, cost: int) -> None:
    blow = {"type": "attack", "target": "B", "weapon": weapon}
    refused(striker(weapon, cost - 1), blow, "not enough AP")
    state = striker(weapon, cost)
    act(state, blow, 2, 5)  # a miss: the samnite is pushed back
    assert state.glad("A").ap == 0


def test_exactly_enough_ap_to_cast_a_net_and_one_short() -> None:
    def net(ap: int) -> State:
        return scene({"type": "retiarius", "at": "E8", "facing": "N"},
                     {"type": "samnite", "at": "E6", "facing": "S"}, ap=ap)
    cast = {"type": "attack", "target": "B", "weapon": "net"}
    refused(net(1), cast, "not enough AP")
    state = net(2)
    act(state, cast, 4)  # a miss at two hexes
    assert state.glad("A").ap == 0


@pytest.mark.parametrize(("ap", "ok"), [(0, False), (1, True)])
def test_cutting_free_costs_exactly_1_ap(ap: int, ok: bool) -> None:
    state = samnite_at_e7(ap)
    state.glad("A").entangled = Entanglement("net", "B", "weapon", "right")
    if ok:
        act(state, {"type": "cut_free"}, 1)
        assert state.glad("A").ap == 0
    else:
        refused(state, {"type": "cut_free"}, "not enough AP")


# ------------------------------------------------------------------ the AP roll


def ap_for(face: int, options: dict[str, bool] | None = None, foe_facing: str = "N",
           net: int | None = None, **changes: Any) -> tuple[State, Any]:
    """A samnite (heavy, -1) rolls his AP; a thracian stands in the hex before him,
    facing him (his front hex) unless told otherwise. `net`: the modifiers' sum he
    must have before the roll."""
    state = scene({"type": "samnite", "at": "E5", "facing": "S"},
                  {"type": "thracian", "at": "E6", "facing": foe_facing}, options=options)
    g = state.glad("A")
    for key, value in changes.items():
        setattr(g, key, value)
    if net is not None:
        assert sum(m for _, m in ap_modifiers(state, g)) == net
    act(state, {"type": "roll_ap"}, face)
    return state, g


@pytest.mark.parametrize(("face", "ap"), [(1, 0), (2, 1), (3, 2)])
def test_ap_is_the_d6_plus_modifiers(face: int, ap: int) -> None:
    assert ap_for(face, foe_facing="S")[1].ap == ap


@pytest.mark.parametrize(("face", "ap"), [(2, 0), (3, 0), (4, 1)])
def test_ap_below_0_is_0(face: int, ap: int) -> None:
    # Heavy -1 and off balance -2: a 2 makes -1, a 3 makes 0, a 4 makes 1.
    assert ap_for(face, foe_facing="S", off_balance=True)[1].ap == ap


@pytest.mark.parametrize(("fatigue", "net", "gives_in"), [(3, -5, False), (4, -6, True),
                                                           (5, -7, True)])
def test_at_minus_6_or_worse_in_an_opponents_front_hex_he_gives_in(fatigue: int, net: int,
                                                                   gives_in: bool) -> None:
    # Heavy -1, seriously wounded -2, off balance -2, and a point for each fatigue
    # point over his strength of 3.
    state, g = ap_for(6, {"fatigue": True}, net=net, strength=3, off_balance=True,
                      fatigue=fatigue)
    assert g.given_in is gives_in
    assert (g.status == "beaten") is gives_in
    assert state.phase == ("appeal" if gives_in else "act")


@pytest.mark.parametrize("net", [-6, -7])
def test_out_of_an_opponents_front_hex_he_fights_on_whatever_his_modifiers(net: int) -> None:
    _state, g = ap_for(6, {"fatigue": True}, foe_facing="S", net=net, strength=3,
                      off_balance=True, fatigue=-2 - net)
    assert not g.given_in and g.status == "fighting" and g.ap == 0


@pytest.mark.parametrize(("fatigue", "penalty"), [(7, 0), (8, 0), (9, -1), (10, -2)])
def test_fatigue_costs_a_point_for_each_point_over_his_strength(fatigue: int,
                                                                 penalty: int) -> None:
    state = scene({"type": "thracian", "at": "E2"}, {"type": "velite", "at": "J12"},
                  options={"fatigue": True})
    g = state.glad("A")
    g.fatigue = fatigue
    mods = dict(ap_modifiers(state, g))
    assert mods.get(f"fatigue {fatigue}", 0) == penalty


@pytest.mark.parametrize(("face", "tired"), [(1, True), (2, True), (3, False)])
def test_a_natural_1_or_2_on_the_ap_die_tires_him(face: int, tired: bool) -> None:
    _state, g = ap_for(face, {"fatigue": True}, foe_facing="S")
    assert g.fatigue == (1 if tired else 0)


# ------------------------------------------------------------------ wound levels


def thracian(strength: int, full: int = 8) -> tuple[State, Any]:
    state = scene({"type": "thracian", "at": "E2", "strength": full},
                  {"type": "velite", "at": "J12"})
    g = state.glad("A")
    g.strength = strength
    return state, g


@pytest.mark.parametrize(("strength", "levels"), [
    (8, []),
    (7, ["lightly-wounded"]),
    (5, ["lightly-wounded"]),
    (4, ["lightly-wounded", "seriously-wounded"]),  # half of 8 lost exactly
    (3, ["lightly-wounded", "seriously-wounded"]),
    (1, ["lightly-wounded", "seriously-wounded"]),
    (0, ["lightly-wounded", "seriously-wounded", "beaten"]),
    (-1, ["lightly-wounded", "seriously-wounded", "beaten"]),
    (-2, ["lightly-wounded", "seriously-wounded", "beaten"]),
    (-3, ["lightly-wounded", "seriously-wounded", "beaten", "mortally-wounded"]),
    (-4, ["lightly-wounded", "seriously-wounded", "beaten", "mortally-wounded"]),
])
def test_the_wound_levels_at_each_strength_of_8(strength: int, levels: list[str]) -> None:
    _state, g = thracian(strength)
    assert wound_levels(DATA, g) == levels


@pytest.mark.parametrize(("strength", "serious"), [(4, False), (3, True), (2, True)])
def test_with_7_strength_losing_3_is_less_than_half_and_4_more(strength: int,
                                                                serious: bool) -> None:
    _state, g = thracian(strength, full=7)
    assert ("seriously-wounded" in wound_levels(DATA, g)) is serious


@pytest.mark.parametrize(("strength", "ap"), [(8, 4), (7, 3), (5, 3), (4, 2)])
def test_wounds_cost_1_ap_and_serious_ones_2(strength: int, ap: int) -> None:
    state, g = thracian(strength)
    act(state, {"type": "roll_ap"}, 4)
    assert g.ap == ap


def gaetulian(strength: int) -> State:
    """A thracian before a gaetulian (no save) who faces him, with 6 AP."""
    return scene({"type": "thracian", "at": "E5", "facing": "S"},
                 {"type": "gaetulian", "at": "E6", "facing": "N", "strength": strength}, ap=6)


@pytest.mark.parametrize(("strength", "beaten"), [(4, False), (3, True), (2, True)])
def test_a_blow_that_leaves_him_at_0_strength_or_less_beats_him(strength: int,
                                                                beaten: bool) -> None:
    state = gaetulian(strength)
    act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 5, 2)  # 3 wounds
    b = state.glad("B")
    assert b.strength == strength - 3
    assert (b.status == "beaten") is beaten
    assert state.phase == ("appeal" if beaten else "act")


# ------------------------------------------------------------------ the blow and the save


@pytest.mark.parametrize(("attack", "defence", "hit"), [(4, 6, False), (5, 6, False),
                                                         (6, 5, True)])
def test_a_margin_above_0_hits_and_0_or_less_misses(attack: int, defence: int,
                                                    hit: bool) -> None:
    # From the front, no modifier: 4 - 6 = -2, 5 - 6 = -1 ... as a thracian's sword
    # against a gaetulian's front there is nothing to add.
    state = gaetulian(8)
    act(state, {"type": "attack", "target": "B", "weapon": "sword"}, attack, defence)
    assert (state.glad("B").strength < 8) is hit


def rear_blow(defence: int) -> State:
    """The thracian behind a gaetulian (rear +3) rolls a 1: the margin is 4 - defence."""
    state = scene({"type": "thracian", "at": "E7", "facing": "N"},
                  {"type": "gaetulian", "at": "E6", "facing": "N"}, ap=6)
    act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 1, defence)
    return state


@pytest.mark.parametrize(("defence", "wounds"), [(3, 1), (4, 0), (5, 0)])
def test_a_margin_of_exactly_0_is_a_miss(defence: int, wounds: int) -> None:
    state = rear_blow(defence)
    assert state.glad("B").strength == 8 - wounds
    assert at(state, "B") == ("E6" if wounds else "E5")  # a miss pushes him away


def test_the_odds_count_a_margin_of_0_as_a_miss() -> None:
    # From behind, +3: of the 30 pairs that are not doubles, the defender's die 3 or
    # more above the attacker's (6 pairs, 3 of them a margin of exactly 0) miss.
    state = scene({"type": "thracian", "at": "E7", "facing": "N"},
                  {"type": "gaetulian", "at": "E6", "facing": "N"}, ap=6)
    odds = attack_odds(state, "A", "B", "sword")
    assert odds.modifier == 3
    assert (odds.p_hit, odds.p_miss) == (Fraction(24, 36), Fraction(6, 36))


@pytest.mark.parametrize("strength", [2, 3, 4])
def test_the_odds_count_wounds_of_exactly_his_strength_as_beating_him(strength: int) -> None:
    odds = attack_odds(gaetulian(strength), "A", "B", "sword")
    assert odds.wounds.get(strength, 0) > 0
    assert odds.p_beaten == sum(p for k, p in odds.wounds.items() if k >= strength)


@pytest.mark.parametrize(("face", "saved"), [(3, False), (4, True), (5, True)])
def test_a_save_succeeds_on_d6_plus_save_of_7_or_more(face: int, saved: bool) -> None:
    # A samnite's save from the front is 3: 3 + 3 = 6 fails, 3 + 4 = 7 saves.
    state = scene({"type": "thracian", "at": "E5", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"}, ap=6)
    act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 6, 2, face)
    assert state.glad("B").strength == (8 if saved else 4)


def test_the_odds_save_on_4_5_and_6_against_a_save_of_3() -> None:
    state = scene({"type": "thracian", "at": "E5", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"}, ap=6)
    odds = attack_odds(state, "A", "B", "sword")
    assert odds.save == 3 and odds.p_saved == odds.p_hit / 2


@pytest.mark.parametrize(("face", "saved"), [(5, False), (6, True)])
def test_a_save_of_1_is_rolled_and_saves_on_a_6(face: int, saved: bool) -> None:
    # From behind his shield does not count: light armour alone, +1.
    state = scene({"type": "thracian", "at": "E7", "facing": "N"},
                  {"type": "samnite", "at": "E6", "facing": "N"}, ap=6)
    act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 4, 3, face)
    assert state.glad("B").strength == (8 if saved else 4)


# ------------------------------------------------------------------ the appeal


def beaten(strength: int = -1, **changes: Any) -> tuple[State, Any]:
    state = scene({"type": "thracian", "at": "E5", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"})
    g = state.glad("B")
    for key, value in changes.items():
        setattr(g, key, value)
    g.strength = strength
    state.phase = "act"
    beat(state, g, state.glad("A"), "test")
    state.phase = "appeal"
    state.after_appeals = "act"
    return state, g


@pytest.mark.parametrize(("faces", "verdict"), [((1, 3), "killed"), ((2, 3), "spared"),
                                                 ((3, 3), "spared")])
def test_7_or_more_is_spared_and_6_or_less_killed(faces: tuple[int, int],
                                                  verdict: str) -> None:
    # Wounded +1, seriously wounded +1, and he drew blood: +2, so 4 + 2 = 6.
    state, g = beaten(wounds_inflicted=1)
    act(state, {"type": "appeal", "gladiator": "B"}, *faces)
    assert g.status == verdict


def _unloved(state: State, g: Any) -> None:
    g.wounds_inflicted, g.spared_today = 0, True
    state.spared_earlier = 5  # +2 wounds, -2 no blood, -2 spared, -5 mercy: -7


@pytest.mark.parametrize(("faces", "verdict"), [((6, 6), "spared"), ((5, 6), "killed")])
def test_a_natural_12_is_spared_whatever_the_total_and_11_is_not(faces: tuple[int, int],
                                                                  verdict: str) -> None:
    state, g = beaten()
    _unloved(state, g)
    act(state, {"type": "appeal", "gladiator": "B"}, *faces)
    assert g.status == verdict


@pytest.mark.parametrize(("faces", "verdict"), [((1, 1), "killed"), ((1, 2), "spared")])
def test_a_natural_2_is_killed_whatever_the_total_and_3_is_not(faces: tuple[int, int],
                                                               verdict: str) -> None:
    state, g = beaten(wounds_inflicted=5, defeated_today=10)
    act(state, {"type": "appeal", "gladiator": "B"}, *faces)
    assert g.status == verdict


@pytest.mark.parametrize(("strength", "verdict"), [(-2, "spared"), (-3, "killed"),
                                                   (-4, "killed")])
def test_mortally_wounded_from_minus_3_he_dies_even_on_a_natural_12(strength: int,
                                                                    verdict: str) -> None:
    state, g = beaten(strength=strength, wounds_inflicted=1)
    act(state, {"type": "appeal", "gladiator": "B"}, 6, 6)
    assert g.status == verdict


# ------------------------------------------------------------------ ranges


RANGE_LINE = {1: "E11", 2: "E10", 3: "E9", 4: "E8", 5: "E7", 6: "E6", 7: "E5", 8: "E4",
              9: "E3"}


def at_range(weapon: str, d: int, **kit: Any) -> State:
    """A gladiator with `weapon` at E12 facing N, a samnite `d` hexes straight ahead."""
    return scene({"kit": {"weapons": [{"weapon": weapon}], **kit}, "at": "E12",
                  "facing": "N"},
                 {"type": "samnite", "at": RANGE_LINE[d], "facing": "S"}, ap=6)


def disadvantage(weapon: str, d: int, **kit: Any) -> int | None:
    """The disadvantage at range `d` (0, -1 or -2); None when out of reach."""
    try:
        odds = attack_odds(at_range(weapon, d, **kit), "A", "B", weapon)
    except UserError:
        return None
    mods = dict(odds.attack_modifiers)
    return mods.get("disadvantaged", 0) + mods.get("doubly disadvantaged", 0)


DARTS = {"darts": 4}
ARROWS = {"arrows": 4}


@pytest.mark.parametrize(("weapon", "kit", "expected"), [
    # range:             1     2     3     4     5     6     7     8     9
    ("sword", {}, [0, None, None]),
    ("long-spear", {}, [-1, 0, None]),
    ("trident", {}, [-1, 0, None]),
    ("javelin", {}, [0, -1, None]),
    ("throwing-darts", DARTS, [None, 0, 0, 0, -1, -2, None]),
    ("bow", ARROWS, [None, -1, 0, 0, 0, 0, -1, -2, None]),
])
def test_each_weapons_range_and_its_disadvantaged_ranges(weapon: str, kit: dict[str, Any],
                                                         expected: list[int | None]) -> None:
    found = [disadvantage(weapon, d, **kit) for d in range(1, len(expected) + 1)]
    assert found == expected


def test_the_bow_is_refused_just_out_of_reach_in_words() -> None:
    with pytest.raises(UserError, match=r"out of range of the bow \(2-8 hexes; he is 9 away\)"):
        attack_odds(at_range("bow", 9, **ARROWS), "A", "B", "bow")
    with pytest.raises(UserError, match=r"too close for the bow \(2-8 hexes; he is 1 away\)"):
        attack_odds(at_range("bow", 1, **ARROWS), "A", "B", "bow")


@pytest.mark.parametrize(("weapon", "d", "need"), [
    ("net", 1, 6), ("net", 2, 5), ("net", 3, None),
    ("lasso", 1, None), ("lasso", 2, 6), ("lasso", 3, 5), ("lasso", 4, None)])
def test_a_net_and_a_lasso_reach_and_the_roll_they_need(weapon: str, d: int,
                                                       need: int | None) -> None:
    state = at_range(weapon, d)
    cast = {"type": "attack", "target": "B", "weapon": weapon}
    if need is None:
        refused(state, cast, "too close|out of range")
        return
    assert attack_odds(state, "A", "B", weapon).p_entangle == Fraction(7 - need, 6)
    act(state, cast, need - 1)  # one short: a miss
    assert state.glad("B").entangled is None
    state = at_range(weapon, d)
    act(state, cast, need)
    assert state.glad("B").entangled is not None


@pytest.mark.parametrize(("face", "free", "lost"), [(4, False, False), (5, True, False),
                                                    (6, True, True)])
def test_cutting_free_needs_a_5_and_a_6_loses_the_net(face: int, free: bool,
                                                      lost: bool) -> None:
    state = samnite_at_e7(3)
    state.glad("A").entangled = Entanglement("net", "B", "weapon", "right")
    faces = [face, 1] if free and not lost else [face]  # a 5 drops it: where, a D6
    act(state, {"type": "cut_free"}, *faces)
    assert (state.glad("A").entangled is None) is free
    assert (len(state.items) == 1) is (free and not lost)
