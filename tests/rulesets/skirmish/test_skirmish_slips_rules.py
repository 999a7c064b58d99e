"""Rules at their edges: the odds with a skilled defender, the unarmed attack that
only an empty hand allows, the turn the computer stops at, whom a beaten gladiator can
strike, house figures (a Wary defender's die, a special event's dice that could go
below nothing, a give-in threshold that leaves AP), and the end of a bout."""

from __future__ import annotations

import pytest
from support.skirmish_scenes import RULES, act, scene
from test_skirmish_slips_log import changed

from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.skirmish import SkirmishRules, apply_action, attack_odds, targets
from companion.rulesets.skirmish.events import BoutOver
from companion.rulesets.skirmish.rules import MAX_TURNS


def started(tables, *gladiators, ap=None, options=None):
    rules = SkirmishRules()
    setup = {"gladiators": [{"strength": 8, **g} for g in gladiators]}
    if options:
        setup["options"] = options
    state = rules.new_state(setup, tables)
    apply_action(state, {"type": "start"}, ScriptedDice([6, 1]))
    if ap is not None:
        apply_action(state, {"type": "roll_ap"}, ScriptedDice([ap]))
    return rules, state


# --- the odds ---------------------------------------------------------------------------

def test_a_skilled_defender_s_die_takes_his_modifier_off_the_odds():
    state = scene({"type": "thracian", "at": "E5", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N", "skills": ["defence-die"]},
                  options={"experience": True}, ap=6)
    odds = attack_odds(state, "A", "B", "sword")
    assert odds.defence_modifiers == [("skilled defender", 1)]
    assert odds.modifier == 0 - 1  # front +0, less his +1
    # Margin above 0 needs attack - defence - 1 > 0: 10 of the 30 pairs that differ.
    assert odds.p_hit == pytest.approx(10 / 36)


# --- fists ----------------------------------------------------------------------------------

def test_a_dart_thrower_with_darts_left_has_no_unarmed_attack():
    darts_only = {"kit": {"weapons": [{"weapon": "throwing-darts"}], "darts": 2},
                  "at": "E5", "facing": "S"}
    state = scene(darts_only, {"type": "samnite", "at": "E6", "facing": "N"}, ap=6)
    with pytest.raises(UserError, match="no unarmed in hand"):
        act(state, {"type": "attack", "target": "B", "weapon": "unarmed"})
    state.glad("A").darts = 0  # his darts all thrown: his fists are left
    act(state, {"type": "attack", "target": "B", "weapon": "unarmed"}, 1, 5)
    assert state.glad("A").unarmed_used


# --- the computer ----------------------------------------------------------------------------

def test_the_computer_plays_the_last_turn_allowed_and_stops_after_it():
    state = scene({"type": "thracian", "at": "E5", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"}, ap=6)
    state.turn_number = MAX_TURNS
    assert RULES.choose(state) is not None
    state.turn_number = MAX_TURNS + 1
    assert RULES.choose(state) is None


# --- targets ------------------------------------------------------------------------------

def test_a_gladiator_off_the_board_has_nobody_to_strike():
    state = scene({"type": "thracian", "at": "E5", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"},
                  {"type": "velite", "at": "E4", "facing": "S"}, ap=6)
    assert "A" in [t.target for t in targets(state, "C", include_unaffordable=True)]
    state.glad("C").status = "beaten"
    state.glad("C").hex = None
    assert targets(state, "C", include_unaffordable=True) == []
    state.glad("C").hex = state.geo.hexes["E4"]  # on the board still, but beaten
    assert targets(state, "C", include_unaffordable=True) == []


# --- house figures -----------------------------------------------------------------------

def test_a_house_defence_skill_of_2_takes_2_off_the_attack():
    tables = changed("skirmish-attack-modifiers", "experience-defence", amount=2)
    _, state = started(tables, {"type": "thracian", "at": "E5", "facing": "S"},
                       {"type": "samnite", "at": "E6", "facing": "N",
                        "skills": ["defence-die"]}, ap=6, options={"experience": True})
    odds = attack_odds(state, "A", "B", "sword")
    assert odds.defence_modifiers == [("skilled defender", 2)] and odds.modifier == -2
    apply_action(state, {"type": "attack", "target": "B", "weapon": "sword"},
                 ScriptedDice([4, 2]))  # 4 - (2 + 2) = 0: a miss
    assert state.glad("B").strength == 8


def test_special_event_dice_below_nothing_wound_nobody_and_heal_nobody():
    tables = changed("skirmish-special-events", 6, wounds_dice="d6-3")
    _, state = started(tables, {"type": "thracian", "at": "E5", "facing": "S"},
                       {"type": "samnite", "at": "E6", "facing": "N"}, ap=6)
    apply_action(state, {"type": "attack", "target": "B", "weapon": "sword"},
                 ScriptedDice([6, 6, 2]))  # 2 - 3: no wound
    assert state.glad("B").strength == 8
    assert state.glad("A").wounds_inflicted == 0


def test_a_gladiator_who_gives_in_keeps_none_of_the_ap_he_rolled():
    # A house threshold of -3: a heavy (-1), seriously wounded (-2) Samnite in his
    # foe's front hex gives in even on a 6, which would give him 3 AP.
    tables = changed("skirmish-ap-modifiers", "give-in", amount=-3)
    rules, state = started(tables, {"type": "thracian", "at": "E5", "facing": "S"},
                           {"type": "samnite", "at": "E6", "facing": "N"}, ap=3)
    apply_action(state, {"type": "end_turn"}, ScriptedDice([]))
    b = state.glad("B")
    b.strength = 4  # lost 4 of 8
    found = apply_action(state, {"type": "roll_ap"}, ScriptedDice([6]))
    assert [e.kind for e in found][-2:] == ["gave_in", "beaten"]
    assert b.ap == 0 and b.status == "beaten"
    assert rules.summary(state)["gladiators"][1]["ap"] == 0


# --- the end of a bout --------------------------------------------------------------------

def test_the_log_says_who_is_left_standing_and_nobody_when_nobody_is():
    state = scene({"type": "thracian", "name": "Brutus"}, {"type": "samnite", "name": "Cato"})

    def over(*standing):
        return RULES.narrate(state, [BoutOver(None, standing=standing, winner=None)])

    assert over() == ["The bout is over: nobody is left standing"]
    assert over("A") == ["The bout is over: Brutus is left standing"]
    assert over("A", "B") == ["The bout is over: Brutus and Cato are left standing"]


def test_an_action_of_no_known_type_is_refused_naming_the_types_in_words():
    from companion.errors import UserError
    from companion.rulesets.skirmish.rules import check_action

    with pytest.raises(UserError) as refused:
        check_action({"type": "dance"})
    text = str(refused.value)
    assert text.startswith("there is no action 'dance' in the skirmish; the action types are ")
    assert "roll AP" in text and "end turn" in text and "roll_ap" not in text
