"""The build rules of a Grimdark gladiator (seed 000, "Gladiators"): each rule a
sheet breaks is named, and every broken rule is listed at once."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rulesets.grimdark.build import (
    ability_points,
    melee_damage,
    notes,
    points_spent,
    problems,
    slots_used,
    start_figures,
)
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.sheet import Gladiator
from companion.tables.loader import load_tables

DATA = GrimdarkData.load(load_tables(include_user=False))

LORD_SMASH: dict[str, Any] = {
    "name": "Lord Smash",
    "brutality": 6, "style": 3, "mind": 3, "weird": 3,
    "abilities": {"berserker": 1, "combat-focus": 6, "endurance": 5, "fierce-attack": 1},
    "moves": {"flurry-of-blows": 5, "brutal-bash": 4, "wild-charge": 2, "grapple": 2,
              "merciless-beating": 2, "last-stand": 1, "basic-melee": 4},
    "weapons": [{"name": "Oversized greataxe", "weight": "heavy", "reach": "melee",
                 "properties": ["crushing", "tenacious"]}],
}


def glad(**changes: Any) -> Gladiator:
    return Gladiator.model_validate({**LORD_SMASH, **changes})


def broken(**changes: Any) -> list[str]:
    return problems(glad(**changes), DATA)


def test_lord_smash_keeps_every_build_rule() -> None:
    smash = glad()
    assert problems(smash, DATA) == []
    assert points_spent(smash, DATA) == ability_points(smash, DATA) == 23
    assert sum(smash.moves.values()) == 20
    assert slots_used(smash, DATA).total == 5


@pytest.mark.parametrize("stats", [(4, 4, 4, 3), (5, 5, 5, 0), (7, 3, 3, 2)])
def test_the_seeds_three_stat_arrays_are_valid(stats) -> None:
    b, s, m, w = stats
    # Berserker needs Brutality 4; the arrays with less keep to open moves.
    moves = {"basic-melee": 10, "grapple": 5}
    assert broken(brutality=b, style=s, mind=m, weird=w, abilities={}, moves=moves) == []


def test_stats_must_add_up_to_15() -> None:
    assert broken(brutality=7) == ["his stats add up to 16; they must add up to 15"]


def test_the_highest_stat_is_at_most_5_above_the_lowest() -> None:
    assert broken(brutality=9, style=1, mind=3, weird=2) == [
        "his highest stat (Brutality 9) is 8 above his lowest (Style 1); it may be at most "
        "5 above"]


def test_the_active_stat_is_the_strongest_unless_chosen() -> None:
    assert glad().active() == "brutality"
    assert glad(active_stat="mind").active() == "mind"
    assert glad(brutality=4, style=4, mind=4, weird=3).active() == "brutality"


def test_abilities_cost_at_most_20_plus_mind_points() -> None:
    assert broken(abilities={**LORD_SMASH["abilities"], "poison-immunity": 1}) == [
        "his abilities cost 26 ability points; he has 23 (20 + Mind 3)"]


def test_a_levelled_ability_cannot_exceed_its_stat() -> None:
    assert broken(abilities={"berserker": 1, "endurance": 7}) == [
        "Endurance 7 is above its limit of 6 (it cannot exceed his Brutality)"]


def test_no_ability_goes_past_level_8() -> None:
    assert broken(abilities={"combat-focus": 9}, moves={"basic-melee": 15}) == [
        "Combat Focus 9 is above its limit of 8 (it cannot exceed 8)"]


def test_an_ability_bought_whole_is_not_levelled() -> None:
    assert "Fierce Attack is bought whole, not by the level (he has it 2 times)" in broken(
        abilities={**LORD_SMASH["abilities"], "fierce-attack": 2})


def test_an_ability_needs_its_stat_minimum() -> None:
    assert broken(abilities={"arcane-arts": 1}, moves={"basic-melee": 15}) == [
        "Arcane Arts needs Weird 4 or more; he has 3"]


def test_an_unknown_ability_is_named() -> None:
    assert broken(abilities={"kung-fu": 1}, moves={"basic-melee": 15}) == [
        "kung-fu is not an ability in the Grimdark abilities table"]


def test_a_repertoire_holds_15_to_30_moves() -> None:
    assert broken(moves={"basic-melee": 14}) == [
        "his repertoire holds 14 moves; it must hold 15 to 30"]
    assert broken(moves={"basic-melee": 31}) == [
        "his repertoire holds 31 moves; it must hold 15 to 30"]


def test_at_most_5_copies_of_a_move_not_named_basic() -> None:
    assert broken(moves={"basic-melee": 9, "grapple": 6}) == [
        "Grapple is in his repertoire 6 times; at most 5 copies of a move whose name does "
        "not start with Basic"]
    assert broken(moves={"basic-melee": 15}) == []


def test_category_moves_need_their_ability() -> None:
    assert broken(abilities={"endurance": 5}, moves={"basic-melee": 13, "tackle": 2}) == [
        "Tackle needs Berserker"]


def test_jack_of_all_trades_opens_one_outside_move_a_level() -> None:
    moves = {"basic-melee": 11, "tackle": 2, "fireball": 2}
    jack = {"jack-of-all-trades": 1}
    assert broken(abilities=jack, moves=moves) == [
        "Tackle needs Berserker and Fireball needs Arcane Arts; Jack of All Trades opens "
        "1 of them"]
    assert broken(abilities={"jack-of-all-trades": 2}, moves=moves) == []


def test_special_moves_are_never_in_a_repertoire() -> None:
    assert broken(moves={"basic-melee": 14, "dance-of-blades": 1}) == [
        "Dance of Blades is never in a repertoire"]
    assert broken(moves={"basic-melee": 14, "assess-the-situation": 1}) == [
        "Assess the Situation is never in a repertoire"]


def test_an_unknown_move_is_named() -> None:
    assert broken(moves={"basic-melee": 15, "moonwalk": 1}) == [
        "moonwalk is not a move in the Grimdark moves table"]


def test_equipment_fills_at_most_5_slots() -> None:
    assert broken(armour=1) == ["his equipment fills 6 slots; he has 5"]


def test_armour_fills_a_slot_for_5_hp() -> None:
    assert broken(weapons=[], armour=5) == []
    assert slots_used(glad(weapons=[], armour=5), DATA).armour == 5


def test_natural_weapon_takes_two_slots() -> None:
    abilities = {"natural-weapon": 1, "endurance": 5}
    assert broken(abilities=abilities, moves={"basic-melee": 15}) == [
        "his equipment fills 7 slots, 2 of them given up to an ability; he has 5"]


@pytest.mark.parametrize(("prop", "weapon", "words"), [
    ("crushing", ("light", "melee"), "Crushing goes on a heavy weapon only; the Axe is a "
     "light melee weapon"),
    ("paired", ("heavy", "melee"), "Paired goes on a light weapon only; the Axe is a heavy "
     "melee weapon"),
    ("quickshot", ("light", "melee"), "Quickshot goes on a ranged weapon only; the Axe is a "
     "light melee weapon"),
    ("throwable", ("light", "ranged"), "Throwable goes on a melee weapon only; the Axe is a "
     "light ranged weapon"),
])
def test_properties_keep_their_restrictions(prop, weapon, words) -> None:
    weight, reach = weapon
    axe = {"name": "Axe", "weight": weight, "reach": reach, "properties": [prop]}
    assert broken(weapons=[axe]) == [words]


def test_a_property_goes_on_a_weapon_once() -> None:
    axe = {"name": "Axe", "weight": "light", "reach": "melee", "properties": ["toxic", "toxic"]}
    assert broken(weapons=[axe]) == ["Toxic is on the Axe twice"]


def test_an_elemental_weapon_names_its_element_and_only_it_has_one() -> None:
    axe = {"name": "Axe", "weight": "light", "reach": "melee", "properties": ["elemental"]}
    assert broken(weapons=[axe]) == ["the Axe is Elemental but names no element"]
    assert broken(weapons=[{**axe, "element": "fire"}]) == []
    assert broken(weapons=[{**axe, "properties": [], "element": "fire"}]) == [
        "the Axe does fire damage only with the Elemental property"]


def test_fists_do_plus_0_without_a_melee_weapon() -> None:
    assert melee_damage(glad(weapons=[]), DATA) == "0"
    assert melee_damage(glad(), DATA) == "d6"
    bow = {"name": "Bow", "weight": "light", "reach": "ranged"}
    assert melee_damage(glad(weapons=[bow]), DATA) == "0"


def test_a_natural_weapon_is_his_melee_weapon_when_he_holds_none() -> None:
    assert melee_damage(glad(weapons=[], abilities={"natural-weapon": 1}), DATA) == "d6"


def test_every_broken_rule_is_listed_at_once() -> None:
    found = broken(brutality=7, moves={"dance-of-blades": 1, "grapple": 6}, armour=1)
    assert len(found) == 5
    assert found[0].startswith("his stats add up to 16")
    assert any("never in a repertoire" in p for p in found)
    assert any("Grapple is in his repertoire 6 times" in p for p in found)
    assert any("7 moves" in p for p in found)
    assert any("fills 6 slots" in p for p in found)


def test_lord_smash_starts_with_25_plus_brutality_a_d10_and_endurance_hp() -> None:
    start = start_figures(glad(), DATA)
    # 25 + Brutality 6 + Endurance 5, and a d10 for Berserker; Style 3 and a d8 for Init.
    assert (start.hp, start.init) == ("d10+36", "d8+3")


def test_armour_adds_5_hp_a_slot_and_poise_1_init_a_level() -> None:
    start = start_figures(glad(weapons=[], armour=2, abilities={"poise": 3}), DATA)
    assert (start.hp, start.init) == ("d8+41", "d8+6")


def test_performer_rolls_a_d10_for_init() -> None:
    g = glad(brutality=3, style=6, abilities={"performer": 1}, moves={"basic-melee": 15})
    assert start_figures(g, DATA).init == "d10+6"


def test_ranged_moves_without_a_ranged_weapon_are_noted_not_refused() -> None:
    g = glad(moves={"basic-melee": 13, "basic-ranged": 1, "psionic-blast": 1})
    assert problems(g, DATA) == []
    assert notes(g, DATA) == ["without a ranged weapon he can never use Basic Ranged"]
    bow = {"name": "Bow", "weight": "light", "reach": "ranged"}
    assert notes(glad(moves=g.moves, weapons=[bow]), DATA) == []


def test_a_house_table_can_count_each_copy_against_jack_of_all_trades() -> None:
    from dataclasses import replace

    from companion.rulesets.grimdark.data import Figures

    entries = dict(DATA.figures.entries)
    entries["jack-of-all-trades-opens"] = entries["jack-of-all-trades-opens"].model_copy(
        update={"reading": "one copy"})
    per_copy = replace(DATA, figures=Figures(entries))
    g = glad(abilities={"jack-of-all-trades": 1}, moves={"basic-melee": 13, "tackle": 2})
    assert problems(g, DATA) == []
    assert problems(g, per_copy) == ["Tackle needs Berserker; Jack of All Trades opens 1 of "
                                     "them"]


def test_a_manager_may_have_at_most_three_starred_gladiators() -> None:
    from companion.rulesets.grimdark.build import roster_problems

    four = [glad(name=n, starred=True, manager="Grimjaw") for n in ("Ax", "Bo", "Cy", "Di")]
    assert roster_problems(four[:3], DATA) == []
    assert roster_problems(four, DATA) == [
        "Grimjaw has 4 starred gladiators (Ax, Bo, Cy and Di); a manager may have at most 3"]
    # the dead are no longer his to star, and nobody's gladiators count for nobody
    assert roster_problems([*four[:3], glad(name="Di", starred=True, manager="Grimjaw",
                                            dead=True)], DATA) == []
    assert roster_problems([glad(name=n, starred=True) for n in "ABCD"], DATA) == []
