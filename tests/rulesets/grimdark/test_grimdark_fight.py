"""One Grimdark fight (seed 000, "Moves" and the critical table): two revealed moves,
two power rolls, and what the winner's advantage does. Dice are scripted in the order
they are rolled: the first side's power, the second's, then the damage dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.dice.sources import ScriptedDice
from companion.rulesets.grimdark.data import Figures, GrimdarkData
from companion.rulesets.grimdark.fight import (
    FightResult,
    Modifier,
    Side,
    Weapon,
    describe,
    power_modifiers,
    resolve,
)
from companion.tables.loader import load_tables

DATA = GrimdarkData.load(load_tables(include_user=False))
FISTS = Weapon("0")
SWORD = Weapon("d2")
AXE = Weapon("d6")
BOW = Weapon("d4")


def move(name: str):  # type: ignore[no-untyped-def]
    found = DATA.move_named(name)
    assert found is not None, name
    return found


def prop(name: str):  # type: ignore[no-untyped-def]
    found = DATA.property_named(name)
    assert found is not None, name
    return found


def side(name: str = "Basic Melee", stat: int = 3, weapon: Weapon = AXE, **kw) -> Side:  # type: ignore[no-untyped-def]
    return Side(move(name), stat, weapon, **kw)


def fight(a: Side, b: Side, faces: list[int], **kw) -> FightResult:  # type: ignore[no-untyped-def]
    dice = ScriptedDice(faces)
    result = resolve(DATA, (a, b), dice, **kw)
    assert dice.remaining == (), "every scripted die is used"
    return result


def bonuses(result: FightResult, index: int) -> dict[str, int]:
    return {m.reason: m.amount for m in result.powers[index].modifiers}


def situation(a: Side, b: Side) -> dict[str, int]:
    """The first side's power modifiers against the second, before any die."""
    return {m.reason: m.amount for m in power_modifiers(DATA, a, b)}


def test_power_is_a_d8_plus_the_stat_plus_the_moves_modifier() -> None:
    result = fight(side("Powerful Attack", 6), side(), [5, 5, 2])
    assert result.powers[0].faces == (5,)
    assert bonuses(result, 0) == {"stat": 6, "move": -1}
    assert result.powers[0].total == 10


def test_an_advantage_of_1_is_inconclusive() -> None:
    result = fight(side(stat=4), side(stat=3), [5, 5])
    assert (result.advantage, result.band, result.winner, result.damage) == \
        (1, "inconclusive", None, None)


def test_an_even_exchange_is_inconclusive() -> None:
    assert fight(side(), side(), [4, 4]).band == "inconclusive"


def test_a_2_point_advantage_is_a_hit_for_2_plus_the_weapon_die() -> None:
    result = fight(side(), side(), [6, 4, 5])
    assert (result.band, result.winner, result.advantage) == ("hit", 0, 2)
    assert result.damage is not None and result.damage.die == "d6"
    assert [(p.reason, p.amount) for p in result.damage.parts] == \
        [("margin", 2), ("weapon-die", 5)]
    assert result.damage.total == 7


def test_the_second_side_can_win_and_hit_the_first() -> None:
    result = fight(side(weapon=FISTS), side(weapon=SWORD), [1, 6, 2])
    assert (result.winner, result.loser, result.band) == (1, 0, "hit")
    assert result.damage is not None and result.damage.total == 5 + 2


def test_fists_add_nothing_to_the_margin() -> None:
    result = fight(side(weapon=FISTS), side(), [8, 3])
    assert result.damage is not None and result.damage.total == 5


def test_a_critical_at_advantage_7_takes_severity_2_from_the_crit_table() -> None:
    # 12 against 5; the crit d8 shows 5: "+d6+1", its d6 a 3.
    result = fight(side(stat=4), side(), [8, 2, 5, 3])
    assert (result.band, result.advantage, result.severity, result.crit_roll) == \
        ("critical", 7, 2, 5)
    assert result.crit is not None and result.crit.bonus_damage == "d6+1"
    assert result.damage is not None
    assert [(p.reason, p.amount) for p in result.damage.parts] == \
        [("critical-base", 5), ("weapon-maximum", 6), ("critical-table", 4)]


def test_a_critical_of_6_is_severity_1_and_a_critical_of_12_shares_the_last_column() -> None:
    six = fight(side(), side(), [8, 2, 1], )
    assert (six.advantage, six.severity) == (6, 1)
    assert six.damage is not None and six.damage.total == 5 + 6 + 1
    huge = fight(side(stat=10), side(stat=0), [8, 1], crit_roll=8)
    assert huge.severity == 12 and huge.crit is not None and huge.crit.gruesome


def test_the_crit_roll_may_be_the_players_own() -> None:
    result = fight(side(), side(), [8, 2], crit_roll=1)
    assert result.crit_roll == 1 and result.crit is not None
    assert result.damage is not None and result.damage.total == 5 + 6 + 1


def test_with_deadly_a_5_advantage_is_a_severity_1_critical_with_4_base_damage() -> None:
    deadly = Weapon("d6", (prop("Deadly"),))
    result = fight(side(weapon=deadly), side(), [7, 2, 1])
    assert (result.band, result.severity) == ("critical", 1)
    assert result.damage is not None and result.damage.total == 4 + 6 + 1
    # without Deadly the same +5 is a hit
    assert fight(side(), side(), [7, 2, 1]).band == "hit"


def test_with_deadly_a_6_advantage_is_severity_1_at_the_usual_base() -> None:
    deadly = Weapon("d6", (prop("Deadly"),))
    result = fight(side(weapon=deadly), side(), [8, 2], crit_roll=1)
    assert result.severity == 1
    assert result.damage is not None and result.damage.parts[0].amount == 5


def test_with_a_paired_weapon_both_power_rolls_are_2d4() -> None:
    paired = Weapon("d2", (prop("Paired"),))
    attack = fight(side(weapon=paired), side(), [4, 4, 1], crit_roll=1)
    assert attack.powers[0].dice == "2d4" and attack.powers[0].faces == (4, 4)
    assert attack.powers[1].dice == "d8"
    # his defence too: assessing the situation he still rolls 2d4
    defence = fight(side(), side("Assess the Situation", weapon=paired), [4, 2, 2])
    assert defence.powers[1].faces == (2, 2)


def test_a_spell_cast_with_paired_blades_in_hand_still_rolls_2d4_for_power() -> None:
    paired = Weapon("d2", (prop("Paired"),))
    result = fight(side("Fireball", weapon=paired), side(), [1, 1, 7])
    assert result.powers[0].dice == "2d4"
    assert result.band == "inconclusive"


def test_a_paired_critical_does_2_more_damage() -> None:
    paired = Weapon("d2", (prop("Paired"),))
    result = fight(side(weapon=paired), side(), [4, 4, 1], crit_roll=1)
    assert result.damage is not None
    assert [(p.reason, p.amount) for p in result.damage.parts] == [
        ("critical-base", 5), ("weapon-maximum", 2), ("property-critical", 2),
        ("critical-table", 2)]


def test_an_opponent_out_of_position_gives_2() -> None:
    assert situation(side(opponent_out_of_position=True), side())["out-of-position"] == 2
    assert "out-of-position" not in situation(side(), side(opponent_out_of_position=True))


def with_reading(key: str, reading: str) -> GrimdarkData:
    entries = dict(DATA.figures.entries)
    entries[key] = entries[key].model_copy(update={"reading": reading})
    return replace(DATA, figures=Figures(entries))


TARGET_READING = with_reading("extra-attacker-bonus-goes-to", "target")


def test_each_attacker_gets_1_for_every_other_attacker_on_his_target_up_to_4() -> None:
    target = side(targeted=True, facing_target=False)
    assert situation(side(gang=1), target)["extra-attackers"] == 1
    assert situation(side(gang=3), target)["extra-attackers"] == 3
    assert situation(side(gang=4), target)["extra-attackers"] == 4
    assert situation(side(gang=5), target)["extra-attackers"] == 4
    assert "extra-attackers" not in situation(target, side(gang=1))


def test_an_attacker_gets_no_group_bonus_in_a_fight_against_someone_he_did_not_target() -> None:
    assert "extra-attackers" not in situation(side(gang=2, facing_target=False), side())


def test_non_huge_attackers_get_no_group_bonus_against_a_huge_target() -> None:
    huge_target = side(targeted=True, huge=True)
    assert "extra-attackers" not in situation(side(gang=2), huge_target)
    assert situation(side(gang=2, huge=True), huge_target)["extra-attackers"] == 2


def test_a_table_that_gives_the_gang_bonus_to_the_target_is_followed() -> None:
    target = side(gang=2, targeted=True)
    assert Modifier(2, "extra-attackers") in power_modifiers(TARGET_READING, target,
                                                             side(gang=2))
    assert {m.reason for m in power_modifiers(TARGET_READING, side(gang=2), target)} == \
        {"stat"}
    assert Modifier(4, "extra-attackers") in power_modifiers(
        TARGET_READING, side(gang=5, targeted=True), side(gang=5))
    # Huge's words hold under it too: a non-huge target gets none against a huge one.
    assert "extra-attackers" not in {m.reason for m in power_modifiers(
        TARGET_READING, target, side(gang=2, huge=True))}


def test_huges_chance_is_1_more_against_a_non_huge_opponent() -> None:
    assert situation(side(huge=True, huge_chance_won=True), side())["huge"] == 1
    assert "huge" not in situation(side(huge=True, huge_chance_won=True), side(huge=True))
    assert "huge" not in situation(side(huge=True), side())


def test_a_ranged_attack_on_a_melee_attacker_is_2_or_minus_2_if_he_struck_last_turn() -> None:
    assert situation(side("Basic Ranged", weapon=BOW), side())["ranged-vs-melee"] == 2
    struck = side("Basic Ranged", weapon=BOW, struck_in_melee_last_turn=True)
    assert situation(struck, side())["ranged-vs-melee"] == -2
    assert "ranged-vs-melee" not in situation(side(), side("Basic Ranged", weapon=BOW))
    both_ranged = situation(side("Basic Ranged", weapon=BOW), side("Basic Ranged", weapon=BOW))
    assert "ranged-vs-melee" not in both_ranged


def test_quickshot_makes_that_3_and_0() -> None:
    quick = Weapon("d4", (prop("Quickshot"),))
    assert situation(side("Basic Ranged", weapon=quick), side())["ranged-vs-melee"] == 3
    struck = side("Basic Ranged", weapon=quick, struck_in_melee_last_turn=True)
    assert "ranged-vs-melee" not in situation(struck, side())


def test_melee_on_a_flyer_not_hit_last_turn_is_at_minus_2_unless_the_attacker_flies() -> None:
    assert situation(side(), side(flying=True))["flying"] == -2
    assert "flying" not in situation(side(), side(flying=True, hit_last_turn=True))
    assert "flying" not in situation(side(flying=True), side(flying=True))
    assert "flying" not in situation(side("Basic Ranged", weapon=BOW), side(flying=True))


def test_knockback_the_engine_carries_counts_with_its_reason() -> None:
    assert situation(side(extra=(Modifier(-2, "knockback"),)), side())["knockback"] == -2


def test_the_situation_is_in_the_power_roll_with_its_reasons() -> None:
    result = fight(side(opponent_out_of_position=True), side(), [4, 6])
    assert bonuses(result, 0) == {"stat": 3, "out-of-position": 2}
    assert result.band == "inconclusive"


def test_assessing_the_situation_defends_at_1_and_never_hits() -> None:
    result = fight(side("Assess the Situation"), side(), [7, 4])
    assert bonuses(result, 0)["move"] == 1
    assert (result.band, result.winner, result.damage, result.out_of_position) == \
        ("hit", 0, None, False)


def test_a_non_attack_that_would_have_been_a_critical_puts_the_opponent_out_of_position() -> None:
    result = fight(side("Assess the Situation"), side(), [8, 1])
    assert (result.band, result.damage, result.out_of_position) == ("critical", None, True)
    assert "out of position" in describe(result)


def test_a_half_damage_move_halves_the_whole_blow_rounding_down() -> None:
    # margin 3 + d6 showing 4 = 7, halved to 3
    result = fight(side("Basic Disarm"), side(), [7, 4, 4])
    assert result.damage is not None and result.damage.total == 3


def test_a_moves_extra_damage_adds_to_hits_and_criticals() -> None:
    hit = fight(side("Powerful Attack", 4), side(), [6, 4, 1])
    assert hit.damage is not None and hit.damage.total == 2 + 1 + 3
    crit = fight(side("Powerful Attack", 4), side(), [8, 1], crit_roll=1)
    assert crit.damage is not None and crit.damage.total == 5 + 6 + 2 + 3  # severity 2, roll 1


def test_a_flashy_critical_is_never_less_severe_than_his_crowd_zeal_lead() -> None:
    flashy = Weapon("d6", (prop("Flashy"),))
    assert fight(side(weapon=flashy, cz_lead=4), side(), [8, 2], crit_roll=1).severity == 4
    assert fight(side(weapon=flashy, cz_lead=0), side(), [8, 2], crit_roll=1).severity == 1


def test_a_deflecting_weapon_turns_a_hit_aside_on_its_top_face() -> None:
    deflecting = Weapon("d2", (prop("Deflecting"),))
    turned = fight(side(), side(weapon=deflecting), [6, 4, 5, 8])
    assert turned.band == "hit" and turned.damage is not None
    assert turned.damage.total == 0 and turned.damage.parts[-1].reason == "deflected"
    landed = fight(side(), side(weapon=deflecting), [6, 4, 5, 7])
    assert landed.damage is not None and landed.damage.total == 7


def test_deflecting_rolls_a_d10_against_a_shot_and_nothing_against_a_critical() -> None:
    deflecting = Weapon("d2", (prop("Deflecting"),))
    shot = fight(side("Basic Ranged", weapon=BOW), side(weapon=deflecting), [5, 4, 2, 10])
    assert shot.damage is not None and shot.damage.total == 0
    crit = fight(side(), side(weapon=deflecting), [8, 2], crit_roll=1)
    assert crit.damage is not None and crit.damage.total == 5 + 6 + 1


def test_magic_shield_takes_all_damage_from_a_hit_but_not_from_a_critical() -> None:
    hit = fight(side(), side("Magic Shield"), [8, 3, 6])
    assert hit.band == "hit" and hit.damage is not None and hit.damage.total == 0
    crit = fight(side(stat=6), side("Magic Shield"), [8, 1], crit_roll=1)
    assert crit.band == "critical" and crit.damage is not None and crit.damage.total > 0


def test_all_or_nothing_does_damage_only_on_a_critical() -> None:
    hit = fight(side("All or Nothing Gambit"), side(), [5, 4, 6])
    assert hit.band == "hit" and hit.damage is not None and hit.damage.total == 0


def test_a_fireball_is_its_own_d4_a_size_larger_unless_the_target_resists_fire() -> None:
    result = fight(side("Fireball", weapon=AXE), side(), [4, 4, 6])
    assert result.damage is not None and result.damage.die == "d6"
    resisted = fight(side("Fireball"), side(resistances=frozenset({"fire"})), [4, 4, 3])
    assert resisted.damage is not None and resisted.damage.die == "d4"


def test_an_elemental_weapon_steps_its_die_unless_the_target_resists() -> None:
    flaming = Weapon("d6", (prop("Elemental"),), element="fire")
    assert fight(side(weapon=flaming), side(), [6, 4, 8]).damage.die == "d8"  # type: ignore[union-attr]
    resisted = fight(side(weapon=flaming), side(resistances=frozenset({"fire"})), [6, 4, 6])
    assert resisted.damage is not None and resisted.damage.die == "d6"


def test_crushing_steps_the_die_only_on_a_hit_of_4_or_better() -> None:
    crushing = Weapon("d6", (prop("Crushing"),))
    assert fight(side(weapon=crushing), side(), [6, 3, 1]).damage.die == "d6"  # type: ignore[union-attr]
    assert fight(side(weapon=crushing), side(), [7, 3, 1]).damage.die == "d8"  # type: ignore[union-attr]


def test_unsafe_makes_a_critical_one_worse() -> None:
    unsafe = Weapon("d6", (prop("Unsafe"),))
    result = fight(side(weapon=unsafe), side(), [8, 2], crit_roll=1)
    assert result.severity == 2 and result.damage is not None
    assert result.damage.die == "d8"


@pytest.mark.parametrize("faces", [[6, 4, 5], [5, 5], [8, 1, 3, 1]])
def test_describe_says_it_in_plain_words(faces: list[int]) -> None:
    line = describe(fight(side(), side(), faces))
    assert "_" not in line and "=" not in line and "True" not in line and "[" not in line
