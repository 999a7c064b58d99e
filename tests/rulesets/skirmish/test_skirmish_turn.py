"""The flow of a bout: strengths and initiative, the AP roll and its modifiers, giving
in, turns in order, appeals to the crowd, the end of the bout and experience."""

from __future__ import annotations

import pytest
from support.skirmish_scenes import RULES, TABLES, act, scene

from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.skirmish import ap_modifiers, apply_action, summary
from companion.session.session import Session


def fresh(*types, **setup):
    state = RULES.new_state({"gladiators": [{"type": t} for t in types], **setup}, TABLES)
    return state


# --- the start --------------------------------------------------------------------------

def test_strength_is_4_plus_a_d6_and_initiative_decides_who_goes_first():
    state = fresh("samnite", "retiarius")
    act(state, {"type": "start"}, 3, 6, 2, 5)
    assert [g.strength for g in state.gladiators] == [7, 10]
    assert [g.full_strength for g in state.gladiators] == [7, 10]
    assert state.order == ["B", "A"] and state.active == "B" and state.phase == "ap"


def test_initiative_ties_are_rolled_again():
    state = fresh("samnite", "retiarius", "velite")
    # Strengths 1, 1, 1; initiative 4, 4, 2: A and B roll again, 3 against 5.
    act(state, {"type": "start"}, 1, 1, 1, 4, 4, 2, 3, 5)
    assert state.order == ["B", "A", "C"]


def test_dice_that_tie_for_ever_are_refused_in_one_line_and_the_bout_is_unchanged():
    # Faces typed in or read from a file can tie every time; real dice never do.
    session = Session(RULES, {"gladiators": [{"type": "samnite"}, {"type": "retiarius"}]})
    before = summary(session.state)
    with pytest.raises(UserError, match="tied 100 times running"):
        session.act({"type": "start"}, ScriptedDice([2, 2] + [3] * 10_000))
    assert summary(session.state) == before and not session.journal


def test_the_tough_skill_makes_strength_6_plus_a_d6_with_the_experience_rule():
    state = RULES.new_state({"options": {"experience": True}, "gladiators": [
        {"type": "samnite", "skills": ["base-strength"]}, {"type": "velite"}]}, TABLES)
    act(state, {"type": "start"}, 1, 1, 6, 5)
    assert [g.strength for g in state.gladiators] == [7, 5]


def test_a_strength_fixed_by_the_scenario_is_not_rolled():
    state = RULES.new_state({"gladiators": [{"type": "samnite", "strength": 9},
                                            {"type": "velite"}]}, TABLES)
    act(state, {"type": "start"}, 2, 6, 5)
    assert [g.strength for g in state.gladiators] == [9, 6]


def test_nothing_but_start_before_the_start():
    state = fresh("samnite", "velite")
    with pytest.raises(UserError, match="has not started"):
        act(state, {"type": "roll_ap"})


# --- AP -------------------------------------------------------------------------------

def ap_for(gladiator, face, options=None, **changes):
    state = scene({"at": "E2", "facing": "S", **gladiator}, {"type": "velite", "at": "J12"},
                  options=options)
    g = state.glad("A")
    for key, value in changes.items():
        setattr(g, key, value)
    act(state, {"type": "roll_ap"}, face)
    return state, g


@pytest.mark.parametrize(("gladiator", "face", "ap"), [
    ({"type": "samnite"}, 4, 3),  # heavy -1
    ({"type": "thracian"}, 4, 4),  # medium +0
    ({"type": "retiarius"}, 4, 5),  # light +1
    ({"type": "samnite"}, 1, 0),  # 1 - 1 = 0
])
def test_ap_is_a_d6_plus_the_weight_modifier(gladiator, face, ap):
    assert ap_for(gladiator, face)[1].ap == ap


def test_wounds_lower_the_ap_and_serious_wounds_replace_light_ones():
    assert ap_for({"type": "thracian"}, 4, strength=7)[1].ap == 3  # lightly -1
    assert ap_for({"type": "thracian"}, 4, strength=4)[1].ap == 2  # seriously -2, not -3


def test_ap_never_goes_below_0():
    _, g = ap_for({"type": "samnite"}, 1, strength=3, off_balance=True)
    assert g.ap == 0


def test_a_natural_1_or_2_tires_him_with_the_fatigue_rule():
    state, g = ap_for({"type": "thracian"}, 2, options={"fatigue": True})
    assert g.fatigue == 1
    state, g = ap_for({"type": "thracian"}, 2)
    assert g.fatigue == 0  # the rule is off by default
    # Each point of fatigue over his strength (8) costs one.
    state, g = ap_for({"type": "thracian"}, 5, options={"fatigue": True}, fatigue=10)
    assert g.ap == 3 and ap_modifiers(state, g) == [("fatigue 10", -2)]


def test_the_quick_skill_adds_an_ap():
    _, g = ap_for({"type": "thracian", "skills": ["extra-ap"]}, 3,
                  options={"experience": True})
    assert g.ap == 4


def test_with_minus_6_in_an_opponents_front_hex_he_gives_in():
    # Heavy -1, seriously wounded -2, off balance -2, a fatigue point over strength -1.
    state = scene({"type": "samnite", "at": "E5", "facing": "S"},
                  {"type": "thracian", "at": "E6", "facing": "N"},
                  options={"fatigue": True})
    g = state.glad("A")
    g.strength, g.off_balance, g.fatigue = 3, True, 4
    assert sum(m for _, m in ap_modifiers(state, g)) == -6
    act(state, {"type": "roll_ap"}, 6)
    assert g.given_in and g.status == "beaten" and state.phase == "appeal"
    assert g.defeated_by == "B"


def test_with_minus_6_but_out_of_his_front_hex_he_fights_on():
    state = scene({"type": "samnite", "at": "E5", "facing": "S"},
                  {"type": "thracian", "at": "E6", "facing": "S"},
                  options={"fatigue": True})
    g = state.glad("A")
    g.strength, g.off_balance, g.fatigue = 3, True, 4
    act(state, {"type": "roll_ap"}, 6)
    assert g.status == "fighting" and g.ap == 0 and state.phase == "act"


# --- turns ----------------------------------------------------------------------------

def test_turns_rotate_in_initiative_order():
    state = scene({"type": "samnite", "at": "A1"}, {"type": "velite", "at": "J12"},
                  {"type": "thracian", "at": "A12"}, first="B")
    seen = []
    for _ in range(4):
        seen.append(state.active)
        act(state, {"type": "roll_ap"}, 3)
        act(state, {"type": "end_turn"})
    assert seen == ["B", "A", "C", "B"]
    assert state.turn_number == 5


def test_the_bout_goes_on_after_one_of_three_is_beaten_and_the_turn_continues():
    state = scene({"type": "thracian", "at": "E5", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N", "strength": 2},
                  {"type": "velite", "at": "J12"}, ap=6)
    act(state, {"type": "attack", "target": "B", "weapon": "sword"}, 6, 1, 1)
    assert state.phase == "appeal" and state.appeals == ["B"]
    with pytest.raises(UserError, match="appeal"):
        act(state, {"type": "end_turn"})
    act(state, {"type": "appeal"}, 3, 3)
    assert state.phase == "act" and state.active == "A" and state.glad("A").ap == 5
    assert state.glad("B").hex is None  # out of the fight, off the board


# --- appeals ----------------------------------------------------------------------------

def beaten(strength=-1, **changes):
    state = scene({"type": "thracian", "at": "E5", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"})
    g = state.glad("B")
    for key, value in changes.items():
        setattr(g, key, value)
    g.strength = strength
    state.phase = "act"
    from companion.rulesets.skirmish.core import beat

    beat(state, g, state.glad("A"), "test")
    state.phase = "appeal"
    state.after_appeals = "act"
    return state, g


def test_a_natural_12_is_always_spared():
    state, g = beaten(wounds_inflicted=0, spared_today=True)
    act(state, {"type": "appeal", "gladiator": "B"}, 6, 6)
    assert g.status == "spared"


def test_a_natural_2_is_always_killed():
    state, g = beaten(wounds_inflicted=5, defeated_today=4)
    act(state, {"type": "appeal", "gladiator": "B"}, 1, 1)
    assert g.status == "killed"


def test_7_or_more_after_modifiers_is_spared_and_6_or_less_killed():
    # Wounded +1, seriously wounded +1, he drew blood: +2 in all.
    state, g = beaten(wounds_inflicted=1)
    act(state, {"type": "appeal", "gladiator": "B"}, 2, 3)
    assert g.status == "spared"
    state, g = beaten(wounds_inflicted=1)
    act(state, {"type": "appeal", "gladiator": "B"}, 1, 3)
    assert g.status == "killed"


def test_the_appeal_modifiers():
    from companion.rulesets.skirmish import appeal_modifiers

    state, g = beaten(wounds_inflicted=0, defeated_today=2, spared_today=True,
                      seriously_wounded_foes=["A"], skills=["popular"])
    state.options.experience = True
    state.spared_earlier = 3
    mods = dict(appeal_modifiers(state, g))
    assert mods == {"Wounded": 1, "Seriously wounded": 1, "Drew no blood": -2,
                    "Hurt his foes": 1, "Victories today": 2, "Popular (experience)": 2,
                    "Spared before": -2, "Mercy used up": -3}


def test_a_mortally_wounded_gladiator_dies_whatever_the_crowd_says():
    state, g = beaten(strength=-3)
    act(state, {"type": "appeal", "gladiator": "B"}, 6, 6)
    assert g.status == "killed"


def test_the_bout_records_the_winner_and_who_lives():
    state, _g = beaten()
    act(state, {"type": "appeal"}, 6, 6)
    data = summary(state)
    assert state.phase == "over" and data["winner"] == "A"
    assert data["survivors"] == ["A", "B"]
    with pytest.raises(UserError, match="over"):
        act(state, {"type": "roll_ap"})


# --- experience -------------------------------------------------------------------------

def test_beating_a_gladiator_with_as_many_skills_gains_one_skill():
    state, _ = beaten()
    state.options.experience = True
    act(state, {"type": "appeal"}, 6, 6)
    assert state.glad("A").skills_gained == ["extra-ap"]
    assert summary(state)["gladiators"][0]["skills_gained"] == ["extra-ap"]


def test_beating_a_less_skilled_gladiator_gains_nothing():
    state, _ = beaten()
    state.options.experience = True
    state.glad("A").skills = ["popular"]
    act(state, {"type": "appeal"}, 6, 6)
    assert state.glad("A").skills_gained == []


def test_skills_are_only_gained_with_the_experience_rule():
    state, _ = beaten()
    act(state, {"type": "appeal"}, 6, 6)
    assert state.glad("A").skills_gained == []


def test_apply_refuses_nonsense():
    state = fresh("samnite", "velite")
    for action in ({"type": "dance"}, "start", {}):
        with pytest.raises(UserError, match="type"):
            apply_action(state, action, ScriptedDice([]))  # type: ignore[arg-type]
