"""Setting a bout up: `companion new skirmish`'s options (board, sides, who the
computer plays), a scenario's custom kits refused with the reason, a saved kit's
mistakes, names typed for gladiators, and special-event dice with a constant."""

from __future__ import annotations

import json

import pytest
from support.skirmish_scenes import RULES, TABLES, scene
from test_skirmish_slips_log import changed

from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.skirmish import SkirmishRules, apply_action
from companion.rulesets.skirmish.kits import load_kit


def setup(**options):
    return RULES.make_setup(options)


# --- companion new skirmish --------------------------------------------------------------

def test_the_board_option_gives_columns_then_rows():
    made = setup(gladiators="samnite,retiarius", board="12x14")
    assert made["board"] == {"columns": 12, "rows": 14}
    assert setup(gladiators="samnite,retiarius", board=" 12 X 9 ")["board"] == {
        "columns": 12, "rows": 9}
    assert "board" not in setup(gladiators="samnite,retiarius")


@pytest.mark.parametrize("board", ["12", "12x14x3", "12x", "axb", "1000x12", "12x1000"])
def test_a_board_option_that_is_not_columns_by_rows_is_refused(board):
    with pytest.raises(UserError, match="COLUMNSxROWS"):
        setup(gladiators="samnite,retiarius", board=board)


def test_a_board_of_three_figures_each_way_is_read():
    assert setup(gladiators="samnite,retiarius", board="999x100")["board"] == {
        "columns": 999, "rows": 100}


def test_the_computer_plays_those_named_or_all():
    every = setup(gladiators="samnite,retiarius,velite", computer="all")
    assert [g["human"] for g in every["gladiators"]] == [False, False, False]
    some = setup(gladiators="samnite,retiarius,velite", computer="b")
    assert [g["human"] for g in some["gladiators"]] == [True, False, True]
    assert [g["human"] for g in setup(gladiators="samnite,velite")["gladiators"]] == [
        True, True]


def test_sides_go_to_the_gladiators_in_order():
    made = setup(gladiators="samnite,velite,thracian,gaetulian", sides="red,blue,red,blue")
    assert [g["side"] for g in made["gladiators"]] == ["red", "blue", "red", "blue"]
    assert "side" not in setup(gladiators="samnite,velite")["gladiators"][0]
    with pytest.raises(UserError, match="2 side"):
        setup(gladiators="samnite,velite,thracian", sides="red,blue")


def test_two_gladiators_are_the_fewest_and_a_scenario_excludes_types():
    with pytest.raises(UserError, match="at least two"):
        setup(gladiators="samnite")
    made = setup(gladiators="samnite, velite")
    assert [g["type"] for g in made["gladiators"]] == ["samnite", "velite"]
    with pytest.raises(UserError, match="not both"):
        setup(gladiators="samnite,velite", scenario="x.json")


def test_a_scenario_file_is_the_setup(tmp_path):
    path = tmp_path / "bout.json"
    bout = {"gladiators": [{"type": "samnite"}, {"type": "hoplomachus"}]}
    path.write_text(json.dumps(bout))
    assert setup(scenario=str(path)) == bout


def test_the_optional_rules_are_carried_into_the_setup():
    made = setup(gladiators="samnite,velite", fatigue=True)
    assert made["options"] == {"fatigue": True, "experience": False}
    state = RULES.new_state(made, TABLES)
    assert state.options.fatigue and not state.options.experience


# --- custom kits in a scenario -----------------------------------------------------------

@pytest.mark.parametrize(("kit", "words"), [
    ({"weapons": [{"weapon": "shield"}]}, "'shield' is not a weapon a gladiator holds"),
    ({"weapons": [{"weapon": "unarmed"}]}, "'unarmed' is not a weapon"),
    ({"weapons": [{"weapon": "cape"}]}, "'cape' is not a weapon"),
    ({"weapons": [{"weapon": "laser"}]}, "'laser' is not a weapon"),
    ({"weapons": [{"weapon": "bow"}]}, "bow needs 'arrows'"),
    ({"armour": "large-shield"}, "'large-shield' is not armour"),
    ({"shield": "light-armour"}, "'light-armour' is not a shield"),
])
def test_a_custom_kit_that_cannot_be_held_is_refused_with_the_reason(kit, words):
    with pytest.raises(UserError, match="kit") as err:
        RULES.new_state({"gladiators": [{"kit": kit}, {"type": "samnite"}]}, TABLES)
    assert words in str(err.value)


def test_the_refusals_list_what_can_be_held():
    with pytest.raises(UserError) as err:
        RULES.new_state({"gladiators": [{"kit": {"weapons": [{"weapon": "cape"}]}},
                                        {"type": "samnite"}]}, TABLES)
    weapons = str(err.value).split("the weapons are ")[1].split(", ")
    assert "sword" in weapons and "net" in weapons
    assert not {"unarmed", "shield", "cape"} & set(weapons)
    with pytest.raises(UserError) as err:
        RULES.new_state({"gladiators": [{"kit": {"armour": "cape"}},
                                        {"type": "samnite"}]}, TABLES)
    assert "(no-armour, light-armour, heavy-armour)" in str(err.value)
    with pytest.raises(UserError) as err:
        RULES.new_state({"gladiators": [{"kit": {"shield": "heavy-armour"}},
                                        {"type": "samnite"}]}, TABLES)
    shields = str(err.value).split("(")[1].rstrip(")").split(", ")
    assert "large-shield" in shields and "no-armour" not in shields


def test_a_custom_kit_with_a_shield_holds_it_on_the_left_unless_told():
    state = RULES.new_state({"gladiators": [
        {"kit": {"weapons": [{"weapon": "sword"}], "shield": "small-shield"}},
        {"kit": {"weapons": [{"weapon": "sword", "side": "left"}], "shield": "small-shield",
                 "shield_side": "right"}},
        {"kit": {"weapons": [{"weapon": "sword"}], "shield": "no-shield"}},
    ]}, TABLES)
    a, b, c = state.gladiators
    assert (a.shield, a.shield_side) == ("small-shield", "left")
    assert (b.shield, b.shield_side) == ("small-shield", "right")
    assert c.shield is None  # "no-shield" is no shield at all


# --- a saved kit's mistakes --------------------------------------------------------------

def test_a_saved_kit_with_one_mistake_names_its_place(tmp_path):
    path = tmp_path / "kit.json"
    path.write_text(json.dumps({"format": "companion-kit", "name": "Odd",
                                "kit": {"darts": -1}}))
    with pytest.raises(UserError, match=r"kit\.darts: at least 0"):
        load_kit(path)


def test_a_saved_kit_gives_the_setup_only_what_its_file_says(tmp_path):
    path = tmp_path / "kit.json"
    path.write_text(json.dumps({"format": "companion-kit", "name": "Darts",
                                "kit": {"weapons": [{"weapon": "sword"}], "darts": 3}}))
    assert load_kit(path).kit == {"weapons": [{"weapon": "sword"}], "darts": 3}


# --- naming gladiators in actions --------------------------------------------------------

def test_a_gladiator_is_named_by_his_letter_in_either_case_or_by_his_name():
    state = scene({"type": "samnite", "name": "Brutus"}, {"type": "velite", "name": "Nereus"},
                  {"type": "thracian", "name": "Cato"})
    assert state.find("b").name == "Nereus"
    assert state.find(" c ").name == "Cato"
    assert state.find("C").name == "Cato"
    assert state.find("nereus").id == "B"
    with pytest.raises(UserError, match="not a gladiator here"):
        state.find("d")
    with pytest.raises(UserError, match="no one"):
        state.find("")


def test_a_beaten_gladiator_is_no_longer_fighting():
    state = scene({"type": "samnite"}, {"type": "velite"})
    g = state.glad("B")
    assert g.fighting
    g.status = "beaten"
    assert not g.fighting


# --- special-event dice ------------------------------------------------------------------

@pytest.mark.parametrize(("dice", "wounds"), [("2d6+1", 2 + 3 + 1), ("2d6-1", 2 + 3 - 1)])
def test_a_house_double_six_wounds_by_its_dice_and_the_number_added(dice, wounds):
    rules = SkirmishRules()
    tables = changed("skirmish-special-events", 6, wounds_dice=dice)
    state = rules.new_state({"gladiators": [
        {"type": "thracian", "strength": 8, "at": "E5", "facing": "S"},
        {"type": "samnite", "strength": 12, "at": "E6", "facing": "N"}]}, tables)
    apply_action(state, {"type": "start"}, ScriptedDice([6, 1]))
    apply_action(state, {"type": "roll_ap"}, ScriptedDice([6]))
    apply_action(state, {"type": "attack", "target": "B", "weapon": "sword"},
                 ScriptedDice([6, 6, 2, 3]))
    assert state.glad("B").strength == 12 - wounds


@pytest.mark.parametrize("dice", ["2d6*2", "max(2d6, 3)"])
def test_special_event_dice_that_are_not_a_plain_sum_are_refused(dice):
    with pytest.raises(UserError, match=r"plain sum of dice|skirmish-special-events"):
        SkirmishRules().data_for(changed("skirmish-special-events", 6, wounds_dice=dice))


# --- where the gladiators start ------------------------------------------------------

def test_a_side_starts_centred_on_its_edge_two_apart_where_they_fit():
    from companion.core.hexgrid import Board, hex_to_offset
    from companion.rulesets.skirmish.scenario import _edge_spots

    for along in range(3, 27):
        board = Board(along, along)
        for count in range(1, along + 1):
            spots, _ = _edge_spots(board, 0, 0, count)
            cols = [hex_to_offset(h)[0] for h in spots]
            gap = 2 if 2 * count - 1 <= along else 1
            assert cols == list(range(cols[0], cols[0] + gap * count, gap))
            # As many free hexes before the first as after the last, give or take one.
            before, after = cols[0], along - 1 - cols[-1]
            assert before >= 0 and after >= 0 and abs(before - after) <= 1, (along, count)
