"""Hex skirmish scenarios: the file a person writes, its checks and default placement."""

from __future__ import annotations

import pytest
from support.skirmish_scenes import DATA, RULES, TABLES, at, facing, scene

from companion.errors import UserError
from companion.rulesets.skirmish import summary
from companion.rulesets.skirmish.state import save_value, weight_total
from companion.tables.loader import load_tables
from tools.skirmish_bench import crowded_tables

# --- the roster ---------------------------------------------------------------------

@pytest.mark.parametrize("type_slug", sorted(DATA.types))
def test_every_type_has_the_save_and_weight_the_roster_prints(type_slug):
    data = DATA
    printed = next(e for e in load_tables(include_user=False).get("skirmish-types").entries
                   if e.key == type_slug)
    state = RULES.new_state({"gladiators": [{"type": type_slug}, {"type": "samnite"}]}, TABLES)
    g = state.glad("A")
    saves = [save_value(data, g), save_value(data, g, with_shield=False)]
    weights = [data.weight_rating(weight_total(data, g)),
               data.weight_rating(weight_total(data, g, with_shield=False))]
    assert saves[:len(printed.printed_save)] == printed.printed_save
    if len(printed.printed_weight) == 2:
        assert weights == printed.printed_weight
    else:
        assert set(weights) == set(printed.printed_weight)


# --- placement ----------------------------------------------------------------------

def test_two_gladiators_start_on_opposite_edges_facing_each_other():
    state = RULES.new_state({"gladiators": [{"type": "samnite"}, {"type": "retiarius"}]}, TABLES)
    assert (at(state, "A"), facing(state, "A")) == ("E1", "S")
    assert (at(state, "B"), facing(state, "B")) == ("E12", "N")


def test_sides_of_two_start_together_on_their_edge():
    state = RULES.new_state({"gladiators": [
        {"type": "samnite", "side": "red"}, {"type": "velite", "side": "blue"},
        {"type": "thracian", "side": "red"}, {"type": "gaetulian", "side": "blue"}]}, TABLES)
    assert [at(state, g) for g in "ABCD"] == ["D1", "D12", "F1", "F12"]
    assert [facing(state, g) for g in "ABCD"] == ["S", "N", "S", "N"]


def test_four_for_themselves_take_all_four_edges():
    types = ("samnite", "velite", "thracian", "gaetulian")
    state = RULES.new_state({"gladiators": [{"type": t} for t in types]}, TABLES)
    rows = {at(state, g) for g in "ABCD"}
    assert rows == {"E1", "E12", "A6", "J6"}


def test_a_given_place_without_facing_faces_the_nearest_opponent():
    state = RULES.new_state({"gladiators": [
        {"type": "samnite", "at": "E6"}, {"type": "thracian", "at": "E8", "facing": "N"}]}, TABLES)
    assert facing(state, "A") == "S"


def test_the_summary_names_places_and_facings():
    state = scene({"type": "samnite", "at": "E7", "facing": "SW", "name": "Brutus"},
                  {"type": "retiarius", "at": "C3"})
    data = summary(state)
    brutus = data["gladiators"][0]
    assert (brutus["name"], brutus["at"], brutus["facing"]) == ("Brutus", "E7", "SW")
    assert brutus["save"] == 3 and brutus["save_without_shield"] == 1
    assert brutus["weight"] == "heavy" and brutus["weight_without_shield"] == "medium"
    assert data["turn"]["gladiator"] == "A" and data["phase"] == "ap"


def test_every_one_of_a_repeated_type_is_lettered_and_a_single_one_keeps_his_name():
    types = ("samnite", "samnite", "retiarius", "samnite", "samnite")
    state = RULES.new_state({"gladiators": [{"type": t} for t in types]},
                            crowded_tables(TABLES, 5))
    assert [g.name for g in state.gladiators] == [
        "Samnite A", "Samnite B", "Retiarius", "Samnite D", "Samnite E"]


def test_a_name_typed_like_a_lettered_one_is_told_apart_too():
    state = RULES.new_state({"gladiators": [
        {"type": "samnite"}, {"type": "samnite"}, {"type": "thracian", "name": "Samnite A"}]},
        TABLES)
    names = [g.name for g in state.gladiators]
    assert names[:2] == ["Samnite A", "Samnite B"]
    assert len(set(names)) == 3


def test_a_custom_kit_is_allowed():
    state = RULES.new_state({"gladiators": [
        {"name": "Ursus", "kit": {"weapons": [{"weapon": "two-handed", "side": "right"}],
                                  "armour": "light-armour"}},
        {"type": "samnite"}]}, TABLES)
    g = state.glad("A")
    assert g.type == "custom" and [h.weapon for h in g.weapons] == ["two-handed"]


# --- mistakes ---------------------------------------------------------------------------

@pytest.mark.parametrize(("setup", "words"), [
    ({"gladiators": [{"type": "samnite"}]}, "gladiators"),
    ({"gladiators": [{"type": "samnit"}, {"type": "samnite"}]}, "gladiators[0].type"),
    ({"gladiators": [{"type": "samnite", "at": "Z9"}, {"type": "samnite"}]},
     "gladiators[0].at"),
    ({"gladiators": [{"type": "samnite", "at": "E5"}, {"type": "velite", "at": "E5"}]},
     "already taken"),
    ({"gladiators": [{"type": "samnite", "facing": "E"}, {"type": "velite"}]},
     "gladiators[0].facing"),
    ({"gladiators": [{"type": "samnite", "side": "x"}, {"type": "velite", "side": "x"}]},
     "one side"),
    ({"gladiators": [{"type": "samnite"}, {"type": "velite"}], "colour": "red"}, "colour"),
    ({"gladiators": [{"kit": {"weapons": [{"weapon": "throwing-darts"}]}},
                     {"type": "velite"}]}, "darts"),
    ({"gladiators": [{"type": "samnite"}] * 5}, "at most 4"),
    ({"gladiators": [{"type": "samnite", "kit": {}}, {"type": "velite"}]}, "not both"),
])
def test_a_bad_scenario_says_what_and_where(setup, words):
    with pytest.raises(UserError, match="scenario") as err:
        RULES.new_state(setup, TABLES)
    assert words in str(err.value)


def test_a_larger_board_takes_more_gladiators():
    state = RULES.new_state({"board": {"columns": 16, "rows": 16},
                             "gladiators": [{"type": "samnite"}] * 6}, TABLES)
    assert len(state.gladiators) == 6
    assert len({g.hex for g in state.gladiators}) == 6
