"""A Grimdark power roll's own rules (seed 000, "Gamble" and "Showmanship" moves, the
chance-based abilities): the moves whose modifier hangs on the opponent's Crowd Zeal,
Initiative or active stat, High Stakes' worse of two d12, and the chance bonuses of
Combat Focus, Gambler and Huge. Dice are scripted in the order they are rolled."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from companion.dice.sources import ScriptedDice
from companion.rulesets.grimdark.data import Figures, GrimdarkData
from companion.rulesets.grimdark.fight import (
    ChanceBonus,
    Modifier,
    Side,
    Weapon,
    chances_of,
    power_dice,
    power_modifiers,
    resolve,
    roll_power,
)
from companion.tables.effects import Rule
from companion.tables.loader import load_tables

DATA = GrimdarkData.load(load_tables(include_user=False))
AXE = Weapon("d6")


def move(name: str):  # type: ignore[no-untyped-def]
    found = DATA.move_named(name)
    assert found is not None, name
    return found


def paired() -> Weapon:
    found = DATA.property_named("Paired")
    assert found is not None
    return Weapon("d2", (found,))


def side(name: str = "Basic Melee", stat: int = 3, weapon: Weapon = AXE, **kw) -> Side:  # type: ignore[no-untyped-def]
    return Side(move(name), stat, weapon, **kw)


def conditions(a: Side, b: Side, data: GrimdarkData = DATA) -> list[int]:
    """The amounts of the first side's move conditions against the second."""
    return [m.amount for m in power_modifiers(data, a, b) if m.reason == "move-condition"]


def with_figure(key: str, **update: object) -> GrimdarkData:
    entries = dict(DATA.figures.entries)
    entries[key] = entries[key].model_copy(update=update)
    return replace(DATA, figures=Figures(entries))


# ------------------------------------------------------------------ Crowd Favorite


def test_crowd_favorite_is_1_up_on_a_lower_cz_and_1_down_on_a_higher() -> None:
    assert conditions(side("Crowd Favorite", cz=3), side(cz=1)) == [1]
    assert conditions(side("Crowd Favorite", cz=1), side(cz=3)) == [-1]


def test_crowd_favorite_is_2_from_a_cz_gap_of_4() -> None:
    assert conditions(side("Crowd Favorite", cz=5), side(cz=1)) == [2]
    assert conditions(side("Crowd Favorite", cz=4), side(cz=1)) == [1]
    assert conditions(side("Crowd Favorite", cz=0), side(cz=4)) == [-2]


def test_crowd_favorite_at_equal_cz_gives_nothing() -> None:
    assert conditions(side("Crowd Favorite", cz=2), side(cz=2)) == []


def test_the_gap_for_the_larger_amount_is_the_tables() -> None:
    data = with_figure("move-cz-gap", value=3)
    assert conditions(side("Crowd Favorite", cz=4), side(cz=1), data) == [2]


# ------------------------------------------------------------------ Timing is Everything


def test_timing_is_everything_is_2_against_a_worse_init_and_minus_2_against_a_better() -> None:
    assert conditions(side("Timing is Everything", init=9), side(init=5)) == [2]
    assert conditions(side("Timing is Everything", init=5), side(init=9)) == [-2]


def test_timing_is_everything_at_equal_init_gives_nothing() -> None:
    assert conditions(side("Timing is Everything", init=7), side(init=7)) == []


# ------------------------------------------------------------------ the target's AS


def test_twirling_scarves_is_2_against_brutality_and_minus_2_against_mind() -> None:
    assert conditions(side("Twirling Scarves"), side(active_stat="brutality")) == [2]
    assert conditions(side("Twirling Scarves"), side(active_stat="mind")) == [-2]
    assert conditions(side("Twirling Scarves"), side(active_stat="weird")) == []


def test_psychic_disruption_is_2_against_weird_and_minus_2_against_mind() -> None:
    assert conditions(side("Psychic Disruption"), side(active_stat="weird")) == [2]
    assert conditions(side("Psychic Disruption"), side(active_stat="mind")) == [-2]
    assert conditions(side("Psychic Disruption"), side(active_stat="brutality")) == []


def test_an_ineffective_or_unknown_active_stat_is_none_of_them() -> None:
    assert conditions(side("Twirling Scarves"), side(active_stat="ineffective")) == []
    assert conditions(side("Psychic Disruption"), side(active_stat=None)) == []


def test_the_targets_active_stat_counts_only_against_the_target_himself() -> None:
    # he defends with Twirling Scarves against someone he did not aim it at
    defending = side("Twirling Scarves", facing_target=False)
    assert conditions(defending, side(active_stat="brutality")) == []
    # Crowd Favorite speaks of opponents: it holds in every fight he is in
    assert conditions(side("Crowd Favorite", cz=3, facing_target=False), side(cz=1)) == [1]


def test_a_plain_move_has_no_conditions() -> None:
    assert conditions(side(cz=9, init=20), side(active_stat="brutality")) == []


def test_the_amounts_are_the_moves_own() -> None:
    scarves = move("Twirling Scarves")
    house = scarves.model_copy(update={"effects": [
        Rule(type="rule", rule="modifier-vs-target-as-brutality", amount=3)]})
    assert conditions(Side(house, 3, AXE), side(active_stat="brutality")) == [3]


def test_a_move_condition_is_in_the_power_roll_with_its_reason() -> None:
    dice = ScriptedDice([5])
    rolled = roll_power(DATA, side("Crowd Favorite", cz=6), side(cz=1), dice)
    assert Modifier(2, "move-condition") in rolled.modifiers
    assert rolled.total == 5 + 3 + 2


# ------------------------------------------------------------------ High Stakes


def test_high_stakes_rolls_a_d12_twice_and_keeps_the_worse() -> None:
    dice = ScriptedDice([9, 4])
    rolled = roll_power(DATA, side("High Stakes", 5), side(), dice)
    assert (rolled.dice, rolled.faces, rolled.keep, rolled.kept) == ("2d12", (9, 4), "worse", 4)
    assert rolled.total == 4 + 5
    assert dice.remaining == ()


def test_high_stakes_replaces_a_paired_weapons_2d4_too() -> None:
    assert power_dice(DATA, side("High Stakes", weapon=paired())) == ("2d12", "worse")
    assert power_dice(DATA, side(weapon=paired())) == ("2d4", "all")


def test_a_table_that_keeps_the_paired_dice_for_every_roll_is_followed() -> None:
    data = with_figure("worse-of-two-and-paired", reading="every power roll")
    assert power_dice(data, side("High Stakes", weapon=paired())) == ("2d4", "all")
    assert power_dice(data, side("High Stakes")) == ("2d12", "worse")


def test_a_high_stakes_fight_is_decided_by_the_worse_die() -> None:
    # 12 and 2: power 2 + 3 against 4 + 3; the other side wins by 2 and hits
    result = resolve(DATA, (side("High Stakes"), side()), ScriptedDice([12, 2, 4, 1]))
    assert (result.powers[0].total, result.powers[1].total) == (5, 7)
    assert (result.winner, result.band) == (1, "hit")


# ------------------------------------------------------------------ the chance bonuses


def test_combat_focus_is_an_eighth_of_a_chance_of_1_for_each_level() -> None:
    assert chances_of(DATA, {"combat-focus": 6}, False, False) == (
        ChanceBonus(Fraction(3, 4), 1, "combat-focus", "combat-focus"),)
    assert chances_of(DATA, {"combat-focus": 8}, False, False)[0].chance == 1


def test_a_gambler_has_a_twentieth_of_a_chance_of_2() -> None:
    assert chances_of(DATA, {"gambler": 1}, False, False) == (
        ChanceBonus(Fraction(1, 20), 2, "gambler", "gambler"),)


def test_huge_is_a_quarter_chance_of_1_against_a_non_huge_opponent_only() -> None:
    assert chances_of(DATA, {"huge": 1}, False, True) == (
        ChanceBonus(Fraction(1, 4), 1, "huge", "huge"),)
    assert chances_of(DATA, {"huge": 1}, True, True) == ()


def test_a_beast_counted_huge_without_the_ability_has_its_chance_too() -> None:
    assert [c.reason for c in chances_of(DATA, {}, False, True)] == ["huge"]


def test_abilities_without_a_chance_or_at_level_0_give_none() -> None:
    assert chances_of(DATA, {"endurance": 3, "combat-focus": 0}, False, False) == ()


def test_all_of_them_together_are_independent_chances() -> None:
    found = chances_of(DATA, {"combat-focus": 2, "gambler": 1, "huge": 1}, False, True)
    assert {(c.reason, c.chance, c.amount) for c in found} == {
        ("combat-focus", Fraction(1, 4), 1), ("gambler", Fraction(1, 20), 2),
        ("huge", Fraction(1, 4), 1)}


def test_a_chance_that_came_is_a_modifier_the_engine_passes_one_not_rolled_counts_nothing() -> None:
    focus = chances_of(DATA, {"combat-focus": 4}, False, False)
    hoping = side(chances=focus)
    assert {m.reason for m in power_modifiers(DATA, hoping, side())} == {"stat"}
    came = side(extra=(focus[0].modifier(),))
    assert Modifier(1, "combat-focus") in power_modifiers(DATA, came, side())
