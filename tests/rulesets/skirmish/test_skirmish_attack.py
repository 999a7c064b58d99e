"""Attacks, as RULES.md section 1 reads: both roll a D6; attacker's roll + modifiers -
defender's roll is the margin; above 0 a hit for that many wounds unless saved on
D6 + save >= 7; otherwise a miss that pushes the defender back, or leaves him off
balance with the edge or another gladiator behind him."""

from __future__ import annotations

import pytest
from support.skirmish_scenes import act, at, scene

from companion.errors import UserError
from companion.rulesets.skirmish import attack_odds, summary

# Around a defender at E6: N E5, NE F5, SE F6, S E7, SW D6, NW D5. An attacker in
# each of those hexes faces E6 with this facing.
FACING_E6 = {"E5": "S", "F5": "SW", "F6": "NW", "E7": "N", "D6": "NE", "D5": "SE"}


def duel(attacker="thracian", defender="samnite", spot="E5", defender_facing="N",
         ap=6, **extra):
    return scene({"type": attacker, "at": spot, "facing": FACING_E6[spot], **extra},
                 {"type": defender, "at": "E6", "facing": defender_facing}, ap=ap)


def attack_modifier(state, weapon=None):
    odds = attack_odds(state, "A", "B", weapon)
    return odds.attack_modifiers[0], odds.modifier


# --- hits and saves -------------------------------------------------------------------

def test_a_hit_wounds_by_the_margin_when_the_save_fails():
    state = duel()
    lines = act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 6, 2, 3)
    assert state.glad("B").strength == 4  # 6 - 2 = 4 wounds; save 3 + 3 < 7
    assert any("save fails" in line for line in lines)
    assert state.glad("A").ap == 5


def test_a_save_of_7_or_more_turns_the_blow():
    state = duel()
    act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 6, 2, 4)
    assert state.glad("B").strength == 8


def test_shields_do_not_save_against_attacks_from_the_rear():
    state = duel(spot="E7")  # behind him: save = light armour +1 only
    act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 4, 3, 5)
    assert state.glad("B").strength == 4  # 4 + 3 (rear) - 3 = 4 wounds; 5 + 1 < 7


def test_a_gladiator_with_save_0_takes_the_wounds_without_rolling():
    state = duel(defender="gaetulian")
    act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 5, 2)  # no save die
    assert state.glad("B").strength == 5


def test_a_two_handed_hit_on_a_gladiator_without_a_save_adds_a_wound():
    brute = {"kit": {"weapons": [{"weapon": "two-handed"}], "armour": "light-armour"}}
    state = scene({**brute, "at": "E5", "facing": "S"},
                  {"type": "gaetulian", "at": "E6", "facing": "N"}, ap=6)
    act(state, {"type": "attack", "target": "B", "weapon": "two-handed"}, 5, 2)
    assert state.glad("B").strength == 4  # 3 wounds + 1
    assert state.glad("A").ap == 4  # a two-handed blow costs 2


def test_a_two_handed_hit_lowers_the_save_by_one():
    brute = {"kit": {"weapons": [{"weapon": "two-handed"}], "armour": "light-armour"}}
    state = scene({**brute, "at": "E5", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"}, ap=6)
    act(state, {"type": "attack", "target": "B", "weapon": "two-handed"}, 6, 2, 4)
    assert state.glad("B").strength == 4  # 4 + 3 - 1 = 6: not saved


# --- misses ---------------------------------------------------------------------------

def test_a_miss_pushes_the_defender_straight_back():
    state = duel()
    act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 2, 5)
    assert at(state, "B") == "E7" and not state.glad("B").off_balance


def test_a_tie_is_a_miss():
    state = duel(spot="F5")  # his sword side: +2
    act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 2, 4)
    assert at(state, "B") == "D6"  # pushed straight away from F5


def test_a_miss_against_a_gladiator_on_the_board_edge_leaves_him_off_balance():
    state = scene({"type": "thracian", "at": "E11", "facing": "S"},
                  {"type": "samnite", "at": "E12", "facing": "N"}, ap=6)
    lines = act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 1, 5)
    assert at(state, "B") == "E12" and state.glad("B").off_balance
    assert any("edge" in line for line in lines)


def test_a_miss_with_another_gladiator_behind_him_leaves_him_off_balance():
    state = scene({"type": "thracian", "at": "E5", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"},
                  {"type": "velite", "at": "E7", "facing": "N"}, ap=6)
    act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 1, 5)
    assert at(state, "B") == "E6" and state.glad("B").off_balance
    assert at(state, "C") == "E7"


def test_off_balance_costs_2_ap_on_his_next_roll():
    state = duel(defender="thracian")
    state.glad("B").off_balance = True
    act(state, {"type": "end_turn"})
    act(state, {"type": "roll_ap"}, 5)
    assert state.glad("B").ap == 3 and not state.glad("B").off_balance


# --- the defender's arcs --------------------------------------------------------------

@pytest.mark.parametrize(("defender", "spot", "reason", "amount"), [
    ("samnite", "E5", "front", 0),
    ("samnite", "F5", "right side, covered by his Sword", 2),
    ("samnite", "D5", "left side, covered by his Large shield", 1),
    ("samnite", "E7", "rear", 3),
    ("samnite", "F6", "rear", 3),
    ("samnite", "D6", "rear", 3),
    ("hoplomachus", "D5", "left side, covered by his Extra-large shield", 0),
    ("thracian", "D5", "left side, covered by his Small shield", 2),
    ("retiarius", "D5", "left side, covered by his Galerus", 2),
    ("retiarius", "F5", "right side, covered by his Trident", 2),
    ("cataphractarius", "D5", "left side, uncovered", 3),
    ("laquearius", "D5", "left side, uncovered", 3),
])
def test_each_arc_gives_its_modifier(defender, spot, reason, amount):
    state = duel(defender=defender, spot=spot)
    assert attack_modifier(state, "sword")[0] == (reason, amount)


def test_a_samnite_hit_from_the_rear_is_plus_3():
    state = duel(spot="E7")
    lines = act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 1, 2, 6)
    assert "rear +3" in lines[1] and "margin +2" in lines[1]


def test_a_lasso_does_not_cover_his_side():
    state = duel(defender="laquearius", spot="F5")
    assert attack_modifier(state, "sword")[0][1] == 2  # the sword covers it
    state.glad("B").weapons = [h for h in state.glad("B").weapons if h.weapon != "sword"]
    assert attack_modifier(state, "sword")[0] == ("right side, uncovered", 3)


def test_the_net_covers_its_side():
    state = duel(defender="retiarius", spot="F5")
    state.glad("B").weapons = [h for h in state.glad("B").weapons if h.weapon == "net"]
    assert attack_modifier(state, "sword")[0] == ("right side, covered by his Net", 2)


# --- other modifiers --------------------------------------------------------------------

def test_an_entangled_defender_is_easier_to_hit():
    from companion.rulesets.skirmish.state import Entanglement

    state = duel()
    state.glad("B").entangled = Entanglement("net", "A", "weapon", "right")
    assert attack_modifier(state, "sword")[1] == 1


def test_an_unarmed_attack_is_minus_3_and_once_a_turn():
    state = duel(defender="thracian")
    a = state.glad("A")
    a.weapons, a.shield = [], None
    assert attack_modifier(state, "unarmed")[1] == -3
    act(state, {"type": "attack", "target": "B", "weapon": "unarmed"}, 6, 1, 6)
    with pytest.raises(UserError, match="unarmed attack this turn"):
        act(state, {"type": "attack", "target": "B", "weapon": "unarmed"})


def test_a_dagger_and_a_shield_are_disadvantaged_and_a_shield_bash_costs_2():
    state = duel(attacker="samnite", defender="thracian")
    assert attack_modifier(state, "shield")[1] == -1
    act(state, {"type": "attack", "target": "B", "weapon": "shield"}, 1, 5)
    assert state.glad("A").ap == 4
    state = duel(attacker="gaetulian", defender="thracian")
    assert attack_modifier(state, "dagger")[1] == -1


def test_each_ally_engaging_him_from_the_front_adds_1():
    state = scene({"type": "thracian", "at": "E5", "facing": "S", "side": "red"},
                  {"type": "samnite", "at": "E6", "facing": "N", "side": "blue"},
                  {"type": "velite", "at": "F5", "facing": "SW", "side": "red"},
                  {"type": "myrmillo", "at": "D5", "facing": "N", "side": "red"}, ap=6)
    # The velite has him in its front hex; the myrmillo is beside him but faces away.
    odds = attack_odds(state, "A", "B", "sword")
    assert ("1 ally engaging", 1) in odds.attack_modifiers


def test_experience_adds_to_the_attack_and_defence_dice():
    state = scene({"type": "thracian", "at": "E5", "facing": "S", "skills": ["attack-die"]},
                  {"type": "samnite", "at": "E6", "facing": "N", "skills": ["defence-die"]},
                  options={"experience": True}, ap=6)
    odds = attack_odds(state, "A", "B", "sword")
    assert ("skilled attacker", 1) in odds.attack_modifiers
    assert odds.defence_modifiers == [("skilled defender", 1)]
    lines = act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 3, 2, 6)
    assert "margin +1" in lines[1]  # 3 + 1 - (2 + 1)


# --- reach and the front arc -----------------------------------------------------------

def test_a_spear_reaches_two_hexes_and_is_disadvantaged_at_one():
    far = scene({"type": "hoplomachus", "at": "E8", "facing": "N"},
                {"type": "samnite", "at": "E6", "facing": "S"}, ap=6)
    assert attack_odds(far, "A", "B", "long-spear").modifier == 0
    near = scene({"type": "hoplomachus", "at": "E7", "facing": "N"},
                 {"type": "samnite", "at": "E6", "facing": "S"}, ap=6)
    assert attack_odds(near, "A", "B", "long-spear").modifier == -1
    act(far, {"type": "attack", "target": "B", "weapon": "long-spear"}, 1, 6)
    assert at(far, "B") == "E5"  # pushed back, away along the line of attack


def test_a_split_hex_on_his_right_is_in_his_arc_and_on_his_left_is_not():
    right = scene({"type": "hoplomachus", "at": "E8", "facing": "N"},
                  {"type": "samnite", "at": "F6", "facing": "SE"}, ap=6)
    odds = attack_odds(right, "A", "B", "long-spear")
    # He picks the better of the two hexsides at the corner: the rear, not the side.
    assert odds.hexside == "SW" and odds.attack_modifiers[0] == ("rear", 3)
    side = attack_odds(right, "A", "B", "long-spear", hexside="S")
    assert side.attack_modifiers[0] == ("right side, covered by his Sword", 2)
    left = scene({"type": "hoplomachus", "at": "E8", "facing": "N"},
                 {"type": "samnite", "at": "D6", "facing": "SE"}, ap=6)
    with pytest.raises(UserError, match="front arc"):
        act(left, {"type": "attack", "target": "B", "weapon": "long-spear"})


def test_the_chosen_hexside_decides_the_pushback():
    state = scene({"type": "hoplomachus", "at": "E8", "facing": "N"},
                  {"type": "samnite", "at": "F6", "facing": "SE"}, ap=6)
    act(state, {"type": "attack", "target": "B", "weapon": "long-spear", "hexside": "S"},
        1, 6)
    assert at(state, "B") == "F5"  # away through his S hexside: north


# --- refusals ---------------------------------------------------------------------------

@pytest.mark.parametrize(("spot", "action", "words"), [
    ("F5", {"weapon": "sword"}, "not in Thracian or Secutor's front hex"),
    ("E5", {"weapon": "trident"}, "no trident"),
    ("E5", {"weapon": "banana"}, "no weapon called .banana.; he has sword, shield"),
    ("E5", {}, "the attack costs|an attack with"),
])
def test_an_illegal_attack_is_refused_with_the_reason_and_changes_nothing(spot, action, words):
    state = duel(spot=spot, ap=6 if action else 0)
    if spot == "F5":
        state.glad("A").facing = 0  # facing N, away from him
    before = summary(state)
    with pytest.raises(UserError, match=words if action else "not enough AP"):
        act(state, {"type": "attack", "target": "B", **action})
    assert summary(state) == before


def test_each_weapon_strikes_once_a_turn_but_two_swords_strike_twice():
    state = duel()
    act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 6, 2, 6)
    with pytest.raises(UserError, match="already struck"):
        act(state, {"type": "attack", "target": "B", "weapon": "sword"})
    twins = duel(attacker="diamecheri")
    act(twins, {"type": "attack", "target": "B", "weapon": "sword"}, 6, 2, 6)
    act(twins, {"type": "attack", "target": "B", "weapon": "sword"}, 6, 2, 6)
    with pytest.raises(UserError, match="already struck"):
        act(twins, {"type": "attack", "target": "B", "weapon": "sword"})


def test_out_of_range_and_allies_are_refused():
    state = scene({"type": "thracian", "at": "E4", "facing": "S", "side": "x"},
                  {"type": "samnite", "at": "E6", "facing": "N", "side": "y"},
                  {"type": "velite", "at": "E5", "facing": "N", "side": "x"}, ap=6)
    with pytest.raises(UserError, match="out of range"):
        act(state, {"type": "attack", "target": "B", "weapon": "sword"})
    with pytest.raises(UserError, match="side"):
        act(state, {"type": "attack", "target": "C", "weapon": "sword"})


# --- for the board view -------------------------------------------------------------------

def test_targets_lists_each_weapon_that_can_strike_whom():
    from companion.rulesets.skirmish import legal_actions, targets

    state = scene({"type": "retiarius", "at": "E8", "facing": "N"},
                  {"type": "samnite", "at": "F6", "facing": "SE"}, ap=2)
    found = {(t.weapon, t.target, t.distance) for t in targets(state)}
    assert found == {("trident", "B", 2), ("net", "B", 2)}
    trident = next(t for t in targets(state) if t.weapon == "trident")
    assert trident.to_json()["hexsides"] == ["S", "SW"]
    attacks = [a for a in legal_actions(state) if a["type"] == "attack"]
    assert {(a["weapon"], a["hexside"]) for a in attacks} == {
        ("trident", "S"), ("trident", "SW"), ("net", "S"), ("net", "SW")}
    state.glad("A").ap = 1
    assert [t.weapon for t in targets(state)] == ["trident"]
    assert {t.weapon for t in targets(state, include_unaffordable=True)} == {"trident", "net"}
