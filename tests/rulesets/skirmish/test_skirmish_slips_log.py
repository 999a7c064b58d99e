"""What the roll log and a fight report show of a skirmish: each die with whose it is,
what it was for, its total and whether it went his way; the report's turns, sheets,
ending and what is due next."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from support.skirmish_scenes import RULES, TABLES, scene

from companion.dice.sources import ScriptedDice
from companion.rulesets.skirmish import SkirmishRules, apply_action
from companion.rulesets.skirmish.state import Entanglement
from companion.tables.loader import TableSet, load_tables, parse_table


def changed(table_id: str, key: Any, **fields: Any) -> TableSet:
    """The built-in tables with one entry of one skirmish table changed, as a group's
    own table file would change it."""
    tables = load_tables(include_user=False)
    raw = tables.get(table_id).file.model_dump(mode="json")
    raw["entries"] = [{**e, **fields} if e["key"] == key else e for e in raw["entries"]]
    table = parse_table(Path(f"{table_id}.json"), json.dumps(raw))
    return TableSet({**tables.tables, table_id: table}, dict(tables.origins))


def events_of(state, action, *faces):
    dice = ScriptedDice(faces)
    found = apply_action(state, action, dice)
    assert not dice.remaining
    return found


def rolls_of(state, action, *faces):
    return RULES.rolls(state, events_of(state, action, *faces))


def duel(attacker="thracian", defender="samnite", **extra):
    return scene({"type": attacker, "at": "E5", "facing": "S", "name": "Brutus", **extra},
                 {"type": defender, "at": "E6", "facing": "N", "name": "Nereus"}, ap=6)


def sword(target="B"):
    return {"type": "attack", "target": target, "weapon": "sword"}


# --- the roll log -------------------------------------------------------------------

def test_a_hit_shows_the_attack_die_won_with_its_total_and_margin():
    state = duel()
    attack, defence, save = rolls_of(state, sword(), 5, 2, 1)
    assert (attack.who, attack.purpose) == ("Brutus", "attack on Nereus")
    assert attack.dice[0].face == 5 and attack.dice[0].success
    assert attack.total == 5 and attack.detail == "hits by 3"  # front: +0
    assert (defence.who, defence.purpose, defence.total) == ("Nereus", "defence", 2)
    assert not defence.dice[0].success
    assert save.purpose == "save" and save.total == 1 + 3
    assert save.detail == "armour +3, needs 7: not saved" and not save.dice[0].success
    assert {d.sides for r in (attack, defence, save) for d in r.dice} == {6}


def test_a_margin_of_1_is_a_hit():
    state = duel()
    attack, defence, _ = rolls_of(state, sword(), 3, 2, 1)
    assert attack.dice[0].success and attack.detail == "hits by 1"
    assert not defence.dice[0].success


def test_a_margin_of_exactly_0_shows_the_defence_die_won():
    state = scene({"type": "thracian", "at": "F5", "facing": "SW", "name": "Brutus"},
                  {"type": "samnite", "at": "E6", "facing": "N", "name": "Nereus"}, ap=6)
    attack, defence = rolls_of(state, sword(), 2, 4)  # his sword side: +2
    assert attack.total == 4 and not attack.dice[0].success
    assert attack.detail == "right side, covered by his sword +2, does not get through"
    assert defence.dice[0].success and defence.total == 4


def test_a_saved_blow_shows_the_save_die_that_turned_it():
    state = duel()
    *_, save = rolls_of(state, sword(), 5, 2, 4)
    assert save.dice[0].success and save.total == 7
    assert save.detail.endswith(": saved")


def test_a_double_shows_one_pair_of_dice_the_attacker_winning_the_event():
    state = duel()
    found = rolls_of(state, sword(), 4, 4)  # double 4: he is off balance
    attack, defence = found
    assert attack.dice[0].face == 4 and attack.dice[0].success
    assert attack.detail == "a double: a special event"
    assert defence.who == "Nereus" and not defence.dice[0].success


def test_a_skilled_defender_shows_his_modifier_on_the_defence_die():
    state = scene({"type": "thracian", "at": "E5", "facing": "S", "name": "Brutus"},
                  {"type": "samnite", "at": "E6", "facing": "N", "name": "Nereus",
                   "skills": ["defence-die"]}, options={"experience": True}, ap=6)
    _, defence, *_ = rolls_of(state, sword(), 6, 2, 1)
    assert defence.total == 3 and defence.detail == "skilled defender +1"


def test_the_ap_roll_names_his_wound_level_and_weight():
    state = duel()
    state.glad("A").strength = 3  # lost 5 of 8: seriously wounded
    events_of(state, {"type": "end_turn"})
    events_of(state, {"type": "roll_ap"}, 5)
    events_of(state, {"type": "end_turn"})
    (roll,) = rolls_of(state, {"type": "roll_ap"}, 6)
    assert roll.who == "Brutus" and roll.purpose == "action points"
    assert roll.detail == "seriously wounded \u22122" and roll.total == 4  # a true minus


def test_a_house_name_for_a_wound_level_is_the_one_the_log_shows():
    rules = SkirmishRules()
    tables = changed("skirmish-wounds", "seriously-wounded", name="Badly hurt")
    state = rules.new_state({"gladiators": [
        {"type": "thracian", "strength": 3, "at": "E5", "facing": "S"},
        {"type": "samnite", "strength": 8, "at": "E6", "facing": "N"}]}, tables)
    state.glad("A").full_strength = 8
    apply_action(state, {"type": "start"}, ScriptedDice([6, 1]))
    (roll,) = rules.rolls(state, apply_action(state, {"type": "roll_ap"}, ScriptedDice([6])))
    assert roll.detail == "badly hurt \u22122"


def test_an_appeal_shows_both_dice_and_the_verdict():
    state = duel(defender="gaetulian")  # no save: no save die
    state.glad("B").strength = 3
    events_of(state, sword(), 6, 1)  # 5 wounds: beaten at -2, not mortally wounded
    (roll,) = rolls_of(state, {"type": "appeal"}, 6, 6)
    assert [d.face for d in roll.dice] == [6, 6] and roll.who == "Nereus"
    assert roll.detail.endswith(", spared") and roll.total == 12 + 1 + 1 - 2
    state = duel(defender="gaetulian")
    state.glad("B").strength = 3
    events_of(state, sword(), 6, 1)
    (roll,) = rolls_of(state, {"type": "appeal"}, 1, 1)
    assert roll.detail.endswith("killed")


def test_a_cast_shows_the_caster_s_die_caught_or_missed():
    state = scene({"type": "retiarius", "at": "E5", "facing": "S", "name": "Nereus"},
                  {"type": "samnite", "at": "E6", "facing": "N", "name": "Brutus"}, ap=6)
    (roll,) = rolls_of(state, {"type": "attack", "target": "B", "weapon": "net"}, 6)
    assert (roll.who, roll.purpose, roll.detail) == ("Nereus", "cast the net", "caught")
    assert roll.dice[0].success
    state = scene({"type": "retiarius", "at": "E5", "facing": "S", "name": "Nereus"},
                  {"type": "samnite", "at": "E6", "facing": "N", "name": "Brutus"}, ap=6)
    (roll,) = rolls_of(state, {"type": "attack", "target": "B", "weapon": "net"}, 5)
    assert (roll.who, roll.detail) == ("Nereus", "missed") and not roll.dice[0].success


def test_a_cone_shows_its_die_and_the_cast_it_tore():
    def cast(*faces):
        state = scene({"type": "retiarius", "at": "E5", "facing": "S", "name": "Nereus"},
                      {"type": "contra-retiarius", "at": "E6", "facing": "N", "name": "Cato"},
                      ap=6)
        return rolls_of(state, {"type": "attack", "target": "B", "weapon": "net"}, *faces)

    thrown, cone = cast(6, 5)
    assert (thrown.who, thrown.purpose, thrown.dice[0].face) == ("Nereus", "cast the net", 6)
    assert (cone.who, cone.purpose) == ("Cato", "cone against the net")
    assert cone.dice[0].success and cone.detail == "shredded"
    held, caught = cast(6, 4)
    assert (held.who, held.detail) == ("Cato", "holds") and not held.dice[0].success
    assert caught.detail == "caught"


def test_cutting_free_shows_what_he_needed_when_it_fails():
    def tries(face):
        state = duel(defender="retiarius")
        state.glad("A").entangled = Entanglement("net", "B", "weapon", "right")
        return rolls_of(state, {"type": "cut_free"}, *(face, 1) if face == 5 else (face,))

    (held,) = tries(4)
    assert held.purpose == "cut free of the net" and held.detail == "needs 5, held"
    assert not held.dice[0].success and held.who == "Brutus"
    (free,) = tries(6)
    assert free.detail == "free" and free.dice[0].success


def test_strength_and_initiative_rolls_are_shown_for_each_gladiator():
    state = RULES.new_state({"gladiators": [{"type": "samnite", "name": "Brutus"},
                                            {"type": "velite", "name": "Nereus"}]}, TABLES)
    found = rolls_of(state, {"type": "start"}, 3, 5, 2, 6)
    strength = [r for r in found if r.purpose == "strength"]
    assert [(r.who, r.total, r.detail) for r in strength] == [
        ("Brutus", 7, "base 4 +3"), ("Nereus", 9, "base 4 +5")]
    initiative = [(r.who, r.dice[0].face) for r in found if r.purpose == "initiative"]
    assert initiative == [("Brutus", 2), ("Nereus", 6)]


# --- the report -----------------------------------------------------------------------

def test_the_report_titles_each_turn_by_its_number_and_gladiator():
    state = duel()
    found = events_of(state, {"type": "end_turn"})
    began = [e for e in found if e.kind == "turn_began"]
    assert RULES.turn_of(state, began[0]) == f"Turn {state.turn_number}: Nereus"
    assert RULES.turn_of(state, found[0]) is None  # "turn_ended" starts no turn


def test_the_sheets_list_type_side_strength_save_and_kit():
    state = scene({"type": "gaetulian", "name": "Juba"},
                  {"kit": {"weapons": [], "armour": "no-armour"}, "name": "Fist"},
                  {"type": "samnite", "name": "Brutus", "human": False})
    state.glad("A").darts = 1
    sheets = dict(RULES.report_sheets(state))
    assert sheets["Juba"] == ["Gaetulian, side A, human", "strength 8, save 0",
                              "throwing darts, dagger, no armour, 1 dart"]
    assert sheets["Fist"] == ["custom kit, side B, human", "strength 8, save 0",
                              "no weapon, no armour"]
    assert sheets["Brutus"] == ["Samnite, side C, the computer", "strength 8, save 3",
                                "sword, large shield, light armour"]
    state.glad("A").darts = 3
    assert dict(RULES.report_sheets(state))["Juba"][2].endswith("3 darts")


def test_the_outcome_names_the_winner_and_how_each_ended():
    state = duel(defender="gaetulian")
    state.glad("B").strength = 3
    events_of(state, sword(), 6, 1)
    events_of(state, {"type": "appeal"}, 6, 6)
    lines = RULES.report_outcome(state, [])
    assert lines == ["Winner: Brutus (side A)",
                     "Brutus: still standing, unhurt, strength 8 of 8",
                     "Nereus: beaten, and spared by the crowd, beaten, strength -2 of 8"]


def test_a_side_of_three_is_listed_with_commas_and_and():
    state = scene(*({"type": "samnite", "side": "red", "name": n}
                    for n in ("Ajax", "Brutus", "Cato")),
                  {"type": "velite", "side": "blue", "name": "Dio"})
    state.glad("D").status = "killed"
    state.phase, state.winner = "over", "red"
    assert RULES.report_outcome(state, [])[0] == "Winner: Ajax, Brutus and Cato (side red)"


def test_a_bout_stopped_without_a_winner_says_so():
    state = duel()
    state.phase, state.winner = "over", None
    assert RULES.report_outcome(state, [])[0] == "The bout ended with no winner"
    assert RULES.report_outcome(duel(), [])[0].startswith("Brutus: still standing")


def test_what_is_due_next_reads_as_a_sentence():
    state = RULES.new_state({"gladiators": [{"type": "samnite", "name": "Brutus"},
                                            {"type": "velite", "name": "Nereus"}]}, TABLES)
    assert RULES.report_next(state) == "the strengths and the initiative are rolled"
    events_of(state, {"type": "start"}, 3, 5, 6, 2)
    assert RULES.report_next(state) == "Brutus rolls for AP (turn 1)"
    events_of(state, {"type": "roll_ap"}, 4)
    assert RULES.report_next(state) == "Brutus acts (turn 1)"
    state = duel(defender="gaetulian")
    state.glad("B").strength = 2
    events_of(state, sword(), 6, 1)
    assert RULES.report_next(state) == "Nereus appeals to the crowd"


def test_a_house_name_for_kit_is_the_one_the_log_gives_it():
    from companion.rulesets.skirmish.words import item_words

    rules = SkirmishRules()
    tables = changed("skirmish-kit", "cape", name="Cloak (worn)")
    state = rules.new_state({"gladiators": [
        {"type": "thracian", "at": "E5", "facing": "S"},
        {"type": "samnite", "at": "E6", "facing": "N"}]}, tables)
    # The cape is kit and a weapon both: kit unless the weapon is meant.
    assert item_words(state, "cape") == "cloak"
    assert item_words(state, "cape", "shield") == "cloak"
    assert item_words(state, "cape", "weapon") == "cape"


def test_a_two_handed_blow_on_a_man_with_no_save_adds_its_wounds_and_says_so():
    state = scene({"kit": {"weapons": [{"weapon": "two-handed"}]}, "at": "E5", "facing": "S"},
                  {"type": "gaetulian", "at": "E6", "facing": "N", "name": "Nereus"}, ap=6)
    events = events_of(state, {"type": "attack", "target": "B", "weapon": "two-handed"}, 6, 2)
    [no_save] = [e for e in events if e.kind == "no_save"]
    assert no_save.who == "B" and no_save.data["extra"] >= 1
    assert RULES.narrate(state, [no_save])[0].startswith("No save for Nereus: the two-handed")


def test_a_weapon_is_said_with_its_hand_only_when_he_holds_two_of_it():
    from types import SimpleNamespace

    from companion.rulesets.skirmish.words import option_words

    def said(ref: str, slug: str, name: str) -> str:
        weapon = SimpleNamespace(slug=slug, name=name)
        return option_words(SimpleNamespace(ref=ref, use="weapon", weapon=weapon))

    assert said("sword-left", "sword", "Sword") == "left sword"
    assert said("sword", "sword", "Sword") == "sword"
    # A house weapon whose own id ends in "-left" is no left-hand weapon.
    assert said("hook-left", "hook-left", "Hook (left-handed)") == "hook"


def test_before_the_start_a_strength_not_given_is_said_to_be_rolled():
    state = RULES.new_state({"gladiators": [{"type": "samnite", "at": "E5", "strength": 7},
                                            {"type": "velite"}]}, TABLES)
    lines = RULES.describe(state)
    assert "strength 7 of 7" in lines[1] and "strength to be rolled" in lines[2]
    velite = RULES.summary(state)["gladiators"][1]
    assert (velite["strength"], velite["full_strength"]) == (0, 0)  # none until rolled
    apply_action(state, {"type": "start"}, ScriptedDice([3, 6, 1]))
    assert "strength to be rolled" not in "\n".join(RULES.describe(state))


def test_a_bout_over_names_its_winner():
    state = duel(strength=8)
    state.glad("B").strength = 1
    events_of(state, sword(), 6, 1, 1)  # 5 wounds: he is beaten
    apply_action(state, {"type": "appeal"}, ScriptedDice([1, 1]))  # killed
    lines = RULES.describe(state)
    assert lines[1] == "The bout is over; the winner: Brutus (side A)"
