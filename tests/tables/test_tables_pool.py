"""The battle system's pool tables (seeds 001 and 002, as RULES.md section 2 reads them):
attack, block, defence pool, berserk/defensive stance, health tracker, weapons, skill
costs, the d66 insanity table, and the figures no other table carries (pool-rules).

Every expected value below is typed from the seeds or RULES.md, not from the JSON.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from companion import paths
from companion.rulesets.battle.table_models import (
    AttackEntry,
    BlockEntry,
    DefenceRuleEntry,
    HealthEntry,
    InsanityEntry,
    PoolRuleEntry,
    SkillCostEntry,
    StanceEntry,
    WeaponEntry,
    defence_rule,
    health_roll_dice,
)
from companion.tables.loader import TableFileError, load_tables, parse_table
from companion.tables.table import Table

POOL_TABLES = (
    "insanity",
    "pool-attack",
    "pool-block",
    "pool-defence",
    "pool-stance",
    "pool-health",
    "pool-weapons",
    "pool-skill-costs",
    "pool-rules",
)


@cache
def table(table_id: str) -> Table:
    return load_tables(include_user=False).get(table_id)


def raw(table_id: str) -> dict[str, Any]:
    path = paths.builtin_tables_dir() / f"{table_id}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def rejected(table_id: str, change: Any) -> str:
    """Load the table after `change(data)` and return the loader's complaint."""
    data = raw(table_id)
    change(data)
    with pytest.raises(TableFileError) as err:
        parse_table(Path(f"{table_id}.json"), json.dumps(data))
    return str(err.value)


@pytest.mark.parametrize("table_id", POOL_TABLES)
def test_every_pool_table_loads_as_a_battle_table_with_its_own_file_name(table_id: str) -> None:
    t = table(table_id)
    assert t.id == table_id
    assert t.file.system == "battle"
    assert t.file.source in ("001_10899839d1d24cf5.txt", "002_c075b6a523e6b826.txt")


# ---------------------------------------------------------------- insanity (seed 002)

# "d-d (Perm|Temp) Name" as the seed lists them (names shortened where the seed runs on).
INSANITY_SEED = """
1-1 Perm Born Loser Complex            1-2 Temp Mr. Nice Guy Complex
1-3 Temp Butterfingers                 1-4 Perm Brain Damage
1-5 Perm Delayed Reaction              1-6 Perm Thin Blooded
2-1 Temp Weapon Infatuation            2-2 Temp Weapon Class Infatuation
2-3 Perm Weapon Phobia                 2-4 Perm Weapon Class Phobia
2-5 Temp Phobia of Pain                2-6 Perm Claustrophobia
3-1 Temp Impulsive Training (Defence)  3-2 Temp Impulsive Training (Attack)
3-3 Temp Impulsive Training (Initiative)  3-4 Temp Impulsive Training (Focus)
3-5 Temp Impulsive Training (Heal)     3-6 Temp Impulsive Training (Strength)
4-1 Temp Impulsive Training (Signature Move)  4-2 Temp Health Nut
4-3 Perm Brute Complex                 4-4 Perm No Fear of Death
4-5 Perm Will to Live                  4-6 Perm Survival Instinct
5-1 Perm Life Line                     5-2 Perm Catlike Reflexes
5-3 Perm Keen Insight                  5-4 Perm Reflex to Live
5-5 Perm Mighty Blow                   5-6 Perm Identity Crisis
6-1 Perm Called Shot                   6-2 Perm Improved Heal
6-3 Perm Zen Buddha                    6-4 Perm Psychic Development
6-5 Perm Superior Luck                 6-6 Perm Blessed
"""


def parse_insanity_seed() -> dict[int, tuple[str, bool]]:
    out: dict[int, tuple[str, bool]] = {}
    for line in INSANITY_SEED.strip().splitlines():
        for chunk in line.split("  "):
            chunk = chunk.strip()
            if not chunk:
                continue
            dice, perm, name = chunk.split(" ", 2)
            tens, units = dice.split("-")
            out[int(tens + units)] = (name, perm == "Perm")
    return out


# Each effect in shorthand: "dice_modifier TARGET AMOUNT DURATION" or "rule NAME AMOUNT".
INSANITY_EFFECTS: dict[int, list[str]] = {
    11: ["rule no_luck"],
    12: ["rule no_attack_on_stunned_opponent"],
    13: ["rule drops_weapon_on_whiff"],
    14: ["rule focus_sixes_needed 2"],
    15: ["dice_modifier initiative -2 always"],
    16: ["rule loses_health_each_turn_once_wounded 1"],
    21: ["dice_modifier attack 2 always", "dice_modifier attack -1 always"],
    22: ["dice_modifier attack 1 always", "dice_modifier attack -1 always"],
    23: ["dice_modifier parry_dodge -2 always"],
    24: ["dice_modifier parry_dodge -1 always"],
    25: ["rule must_attack_defensively_at_or_below_health 15"],
    26: ["rule no_more_armor_ranks"],
    31: ["rule train_defence_above_attack"],
    32: ["rule train_attack_above_defence"],
    33: ["rule train_initiative_to_wins_divided_by 4"],
    34: ["rule train_focus_to_wins_divided_by 4"],
    35: ["rule train_heal_to_wins_divided_by 4"],
    36: ["rule train_strength_to_wins_divided_by 5"],
    41: ["rule train_signature_move_to_wins_divided_by 4"],
    42: ["rule health_ranks_per_two_wins 5"],
    43: ["rule only_fights_opponents_with_more_wins"],
    44: ["dice_modifier attack 2 always", "rule must_try_to_stay_conscious_with_all_luck"],
    45: ["rule awake_after_hit_of_at_least 15", "rule must_try_to_stay_conscious"],
    46: ["dice_modifier parry_dodge 2 always"],
    51: ["rule gains_health_at_turn_start_below_zero 2"],
    52: ["dice_modifier initiative 1 always"],
    53: ["dice_modifier focus 2 once_per_battle"],
    54: ["dice_modifier defence 3 once_per_battle"],
    55: ["dice_modifier attack 2 once_per_battle"],
    56: ["rule must_change_name"],
    61: ["dice_modifier critical_damage 2 once_per_battle"],
    62: ["rule improved_heal_per_4 1", "rule improved_heal_per_5 2", "rule improved_heal_per_6 6"],
    63: ["rule signature_move_against_loses_sixes 1"],
    64: ["rule development_points 10"],
    65: ["rule luck_die_lost_at_or_below 2"],
    66: ["dice_modifier stay_alive 2 always", "rule fate_rolls_choose_one 2"],
}


def shorthand(effect: Any) -> str:
    if effect.type == "dice_modifier":
        return f"dice_modifier {effect.target} {effect.amount} {effect.duration}"
    if effect.type == "rule":
        return " ".join(str(p) for p in ("rule", effect.rule, effect.amount) if p is not None)
    return effect.type


def test_the_insanity_table_has_all_36_d66_rolls_with_the_seeds_names_and_permanence() -> None:
    t = table("insanity")
    expected = parse_insanity_seed()
    assert len(expected) == 36 and len(t.entries) == 36
    got = {e.key: (e.name, e.permanent) for e in t.entries if isinstance(e, InsanityEntry)}
    assert got == expected


def test_every_insanity_carries_exactly_the_seeds_numbers_as_effects() -> None:
    got = {e.key: [shorthand(f) for f in e.effects] for e in table("insanity").entries}
    assert got == INSANITY_EFFECTS


def test_rolling_4_4_is_no_fear_of_death_and_1_1_means_key_11() -> None:
    t = table("insanity")
    assert t.lookup(44).name == "No Fear of Death"
    assert t.normalise_key(t.axes[0], "1-1") == 11
    assert t.lookup(11).name == "Born Loser Complex"


def test_insanities_about_the_weapon_that_hit_him_say_what_to_note_down() -> None:
    remembers = {e.key: e.remembers for e in table("insanity").entries if e.remembers}
    assert remembers == {21: "weapon", 22: "weapon_class", 23: "weapon", 24: "weapon_class"}


def test_conditional_dice_modifiers_say_when_they_apply() -> None:
    for entry in table("insanity").entries:
        for effect in entry.effects:
            if effect.type == "dice_modifier" and entry.key not in (15, 52, 53, 54, 55):
                assert effect.condition, entry.key


# ---------------------------------------------------------------- attack table (002)

RESULTS = ["3-or-less", "one-4", "4-4", "one-5", "5-5", "one-6", "6-6", "three-6s"]
# RULES.md: "-" whiff, a number is a hit's damage, "*" after it stuns, "C" a critical.
ATTACK_ROWS = {
    "A": "- 1 1 2 2 3 3* C",
    "B": "- - - 3 3 4 4* C",
    "C": "- - - - - 5 5* C",
    "D": "- - - - - - 7* C",
}


@pytest.mark.parametrize("weapon_class", "ABCD")
def test_the_attack_row_of_each_class_matches_rules_md(weapon_class: str) -> None:
    t = table("pool-attack")
    for result, cell in zip(RESULTS, ATTACK_ROWS[weapon_class].split(), strict=True):
        entry = t.lookup(weapon_class, result)
        assert isinstance(entry, AttackEntry)
        if cell == "-":
            assert (entry.outcome, entry.damage, entry.stun) == ("whiff", 0, False), result
        elif cell == "C":
            assert (entry.outcome, entry.damage, entry.stun) == ("critical", 0, True), result
        else:
            want = (int(cell.rstrip("*")), cell.endswith("*"))
            assert entry.outcome == "hit" and (entry.damage, entry.stun) == want, result


def test_the_attack_table_has_32_cells_in_column_order() -> None:
    t = table("pool-attack")
    assert len(t.entries) == 32
    assert [e.key[1] for e in t.entries[:8]] == RESULTS


def test_a_d_class_hit_always_stuns_and_every_critical_stuns() -> None:
    for entry in table("pool-attack").entries:
        if entry.outcome == "critical" or (entry.key[0] == "D" and entry.outcome == "hit"):
            assert entry.stun


def test_the_attack_notes_keep_the_whiff_and_stays_stunned_rules() -> None:
    notes = table("pool-attack").file.notes
    assert "PARRY/DODGE" in notes and "already stunned" in notes


def test_an_attack_cell_that_whiffs_for_damage_is_rejected() -> None:
    def change(data: dict[str, Any]) -> None:
        data["entries"][0]["damage"] = 2

    assert "whiff has damage 0" in rejected("pool-attack", change)


# ---------------------------------------------------------------- block (002)

# "Roll to Block --> 6 6-6 6 6-6 6 6-6 6-6-6+" under one 4 .. three 6s.
BLOCK_SEED = {"one-4": 1, "4-4": 2, "one-5": 1, "5-5": 2, "one-6": 1, "6-6": 2}


def test_one_six_blocks_one_die_two_block_a_double_a_critical_needs_as_many_as_attacker() -> None:
    t = table("pool-block")
    assert len(t.entries) == 8
    for result in RESULTS:
        entry = t.lookup(result)
        assert isinstance(entry, BlockEntry)
        if result == "three-6s":
            assert entry.as_many_as_attacker and entry.sixes_needed is None
            assert entry.sixes_to_block(4) == 4
        elif result == "3-or-less":
            assert entry.sixes_needed is None and not entry.as_many_as_attacker
            assert entry.sixes_to_block(0) is None
        else:
            assert entry.sixes_needed == BLOCK_SEED[result] and not entry.as_many_as_attacker


# ---------------------------------------------------------------- defence pool (002)

# rule: ARMOR SHIELD PARRY/DODGE defensive-bonus weapon-parry-bonus (1 = yes), in order.
DEFENCE_RULES = """
stunned              1 0 0 0 0
berserk-last-turn    1 0 0 0 0
defensive-last-turn  1 1 1 1 1
threw-last-turn      1 1 1 0 0
whiffed-last-turn    1 1 0 0 0
normal               1 1 1 0 1
"""


def test_the_defence_pool_rules_come_in_rules_md_order_with_their_skills() -> None:
    t = table("pool-defence")
    rows = [line.split() for line in DEFENCE_RULES.strip().splitlines()]
    assert [e.key for e in sorted(t.entries, key=lambda e: e.order)] == [r[0] for r in rows]
    assert sorted(e.order for e in t.entries) == list(range(1, 7))
    for key, *flags in rows:
        entry = t.lookup(key)
        assert isinstance(entry, DefenceRuleEntry)
        got = [entry.armor, entry.shield, entry.parry_dodge, entry.defensive_bonus,
               entry.weapon_parry_bonus]
        assert got == [f == "1" for f in flags], key


def test_the_first_defence_rule_that_applies_wins() -> None:
    t = table("pool-defence")
    assert defence_rule(t, []).key == "normal"
    assert defence_rule(t, ["whiffed-last-turn", "stunned"]).key == "stunned"
    assert defence_rule(t, ["whiffed-last-turn", "threw-last-turn"]).key == "threw-last-turn"
    assert defence_rule(t, {"whiffed-last-turn"}).key == "whiffed-last-turn"


def test_the_block_notes_list_the_defence_rules() -> None:
    notes = table("pool-block").file.notes
    for phrase in ("stunned", "berserk", "defensively", "threw", "whiffed"):
        assert phrase in notes


# ---------------------------------------------------------------- stance (002)

# ranks: berserk dice, defensive attack dice, defensive defence dice, max 6s.
STANCE_SEED = {
    (1, 7): (1, -1, 2, 2),
    (8, 11): (2, -2, 4, 3),
    (12, 14): (3, -3, 6, 4),
    (15, None): (4, -4, 8, 5),
}


def test_berserk_and_defensive_by_attack_ranks_match_the_seed() -> None:
    t = table("pool-stance")
    got = {}
    for e in t.entries:
        assert isinstance(e, StanceEntry)
        assert e.berserk_armor_only and e.defensive_cannot_whiff
        got[tuple(e.key)] = (e.berserk_attack_dice, e.defensive_attack_dice,
                             e.defensive_defence_dice, e.defensive_max_sixes)
    assert got == STANCE_SEED


@pytest.mark.parametrize(("ranks", "berserk"), [(1, 1), (7, 1), (8, 2), (11, 2), (12, 3),
                                                (14, 3), (15, 4), (40, 4)])
def test_attack_ranks_pick_the_stance_band(ranks: int, berserk: int) -> None:
    assert table("pool-stance").lookup(ranks).berserk_attack_dice == berserk


# ---------------------------------------------------------------- health (002)

STAY_CONSCIOUS = {-1: 5, -2: 5, -3: 5, -4: 4, -5: 4, -6: 4, -7: 3, -8: 3, -9: 2, -10: 1}
DEATHS_DOOR = {-11: 10, -12: 10, -13: 15, -14: 15, -15: 20, -16: 20, -17: 25, -18: 25}


def expected_health_dice(health: int, tf: int) -> int:
    """RULES.md: struggling dice by health; death's door TF // divisor; -19 down dead."""
    if health >= -10:
        return STAY_CONSCIOUS[health]
    if health >= -18:
        return tf // DEATHS_DOOR[health]
    return 0


def test_health_dice_at_every_health_from_minus_1_to_minus_20_and_tf_0_to_60() -> None:
    t = table("pool-health")
    for health in range(-1, -21, -1):
        for tf in range(61):
            assert health_roll_dice(t, health, tf) == expected_health_dice(health, tf), (
                health, tf)


def test_health_stages_and_their_fields() -> None:
    t = table("pool-health")
    assert len(t.entries) == 15
    for health in range(-1, -21, -1):
        entry = t.lookup(health)
        assert isinstance(entry, HealthEntry)
        if health >= -10:
            assert (entry.stage, entry.dice, entry.tf_divisor) == (
                "struggling", STAY_CONSCIOUS[health], None)
        elif health >= -18:
            assert (entry.stage, entry.dice, entry.tf_divisor) == (
                "deaths-door", None, DEATHS_DOOR[health])
        else:
            assert (entry.stage, entry.dice, entry.tf_divisor) == ("dead", None, None)
    assert t.lookup(-500).stage == "dead"


def test_a_veteran_of_37_fights_at_minus_13_rolls_2_dice_to_live() -> None:
    assert health_roll_dice(table("pool-health"), -13, 37) == 2


def test_a_health_band_refuses_a_health_outside_it() -> None:
    entry = table("pool-health").lookup(-11)
    with pytest.raises(ValueError):
        entry.dice_for(-13, 20)


# ---------------------------------------------------------------- weapons (001)

# The four class lists of seed 001, as written there.
CLASS_LISTS = {
    "A": "Quarter Staff, Hammer, Foil, Whip, Dagger, Shurikin, War Dart, Stiletto, Cleaver",
    "B": "Brawling, Bo Stick, Spear, Cat O Nine Tails, Rapier, Club, Tri-Sectional Staff, "
         "One Handed Axe, Short Sword, One Handed Maul, Broad Sword, Boomerang, Razor Disk, "
         "Javelin",
    "C": "2 Handed Scythe, Pole Arm, Morning Star, Ball and Chain, Scimitar, Battle Axe, "
         "Khopesh, Long Sword, Harpoon, Battle Javelin, Combat Boomerang, Executioner's Sword",
    "D": "Two Handed Sword, Two Handed Battle Axe, Thor's Axe, War Hammer, Two Handed Maul, "
         "Widowmaker, Claymore",
}
MUST_BE_THROWN = ["Shurikin", "War Dart", "Razor Disk", "Javelin", "Harpoon", "Battle Javelin",
                  "Combat Boomerang", "Widowmaker"]
NEVER_THROWN = ["Whip", "Cat O Nine Tails"]
HOUSE_WEAPON_FIELDS = {"cost_per_rank", "weight", "throw_bonus", "parry_dodge_bonus",
                       "crit_bonus", "damage_type", "hands"}


def weapons() -> list[WeaponEntry]:
    return [e for e in table("pool-weapons").entries if isinstance(e, WeaponEntry)]


def test_every_weapon_of_the_seeds_class_lists_is_there_with_its_class() -> None:
    t = table("pool-weapons")
    listed = 0
    for weapon_class, names in CLASS_LISTS.items():
        for name in names.split(", "):
            entry = t.lookup(name)
            assert entry.name == name and entry.weapon_class == weapon_class, name
            listed += 1
    assert listed == 42
    # Plus studded gauntlets and three two-class weapons: the seed's 46.
    assert len(t.entries) == 46
    assert t.lookup("studded-gauntlets").name == "Studded Gauntlets"


def test_each_weapon_key_is_the_slug_of_its_name_so_names_look_it_up() -> None:
    t = table("pool-weapons")
    for w in weapons():
        assert t.lookup(w.name) is w
        assert t.normalise_key(t.axes[0], w.name) == w.key


def test_the_must_be_thrown_and_never_thrown_lists() -> None:
    must = sorted(w.name for w in weapons() if w.thrown == "must")
    never = {w.name for w in weapons() if w.thrown == "never"}
    assert must == sorted(MUST_BE_THROWN)
    # Fists and gauntlets cannot be thrown either (house): they are not weapons in hand.
    assert never == {*NEVER_THROWN, "Brawling", "Studded Gauntlets"}
    assert {"thrown"} <= set(table("pool-weapons").lookup("brawling").house)


def test_the_seeds_weapon_facts() -> None:
    t = table("pool-weapons")
    assert t.lookup("hammer").cost_per_rank == 1
    assert t.lookup("foil").cost_per_rank == 2
    broad = t.lookup("broad-sword")
    assert (broad.weapon_class, broad.crit_bonus, broad.damage_type) == ("B", 4, "slashing")
    assert t.lookup("boomerang").weight == 2
    assert t.lookup("studded-gauntlets").cannot_disarm
    assert t.lookup("brawling").weapon_class == "B"
    whip = t.lookup("whip")
    assert whip.disarms and whip.no_whiff and t.lookup("cat-o-nine-tails").no_whiff
    assert [w.name for w in weapons() if w.disarms] == ["Whip"]


def test_weapon_values_the_seed_does_not_give_are_marked_house() -> None:
    seed_given = {
        "Hammer": {"cost_per_rank"},
        "Foil": {"cost_per_rank"},
        "Broad Sword": {"crit_bonus", "damage_type"},
        "Boomerang": {"weight"},
    }
    for w in weapons():
        if "*" in w.house:
            continue
        assert set(w.house) >= HOUSE_WEAPON_FIELDS - seed_given.get(w.name, set()), w.name
        assert not set(w.house) & seed_given.get(w.name, set()), w.name


def test_weapons_fit_their_class_light_a_to_heavy_two_handed_d() -> None:
    by_class: dict[str, list[WeaponEntry]] = {c: [] for c in "ABCD"}
    for w in weapons():
        by_class[w.weapon_class].append(w)
    assert all(w.hands == 2 for w in by_class["D"])
    assert all(w.weight <= 5 and w.parry_dodge_bonus >= 0 for w in by_class["A"])
    assert all(w.weight >= 10 for w in by_class["D"])
    assert all(w.parry_dodge_bonus == 0 for w in by_class["D"])

    def mean(values: list[float]) -> float:
        return sum(values) / len(values)

    weights = [mean([w.weight for w in by_class[c]]) for c in "ABCD"]
    crits = [mean([w.crit_bonus for w in by_class[c]]) for c in "ABCD"]
    parries = [mean([w.parry_dodge_bonus for w in by_class[c]]) for c in "ABCD"]
    assert weights == sorted(weights) and crits == sorted(crits)
    assert parries == sorted(parries, reverse=True)


def test_a_gladiator_with_a_shield_carries_any_one_handed_weapon_up_to_10_lb() -> None:
    # 15 lb limit, shield 5 lb: a heavier one-handed weapon would need STRENGTH.
    for w in weapons():
        if w.hands == 1 and w.thrown != "must":
            assert w.weight + 5 <= 15, w.name


def test_must_be_thrown_weapons_throw_with_a_bonus_and_fists_cannot_be_disarmed() -> None:
    t = table("pool-weapons")
    assert all(w.throw_bonus >= 1 for w in weapons() if w.thrown == "must")
    assert all(w.throw_bonus == 0 for w in weapons() if w.thrown == "never")
    assert {w.name for w in weapons() if w.cannot_disarm} == {"Studded Gauntlets", "Brawling"}
    assert t.lookup("studded-gauntlets").house  # class and numbers are ours


def test_at_most_three_two_class_weapons_all_house_and_neighbouring_classes() -> None:
    two = [w for w in weapons() if w.two_handed_class]
    assert sorted((w.weapon_class, w.two_handed_class) for w in two) == [
        ("A", "B"), ("B", "C"), ("C", "D")]
    for w in two:
        assert w.house == ["*"] and w.hands == 1
        assert w.class_for(two_handed=True) == w.two_handed_class
        assert w.class_for(two_handed=False) == w.weapon_class


def test_a_weapon_of_two_classes_that_are_not_neighbours_is_rejected() -> None:
    def change(data: dict[str, Any]) -> None:
        data["entries"][1]["two_handed_class"] = "C"  # the hammer, A

    assert "neighbours" in rejected("pool-weapons", change)


# ---------------------------------------------------------------- skill costs

# RULES.md cost rows, and the first ranks past them by the row's own pattern.
COST_ROWS = {
    "initiative": ("0 0 3 3 4 4 4 5 5 5 5 6 6 6 6", "7 7 7 7 8"),
    "attack": ("4 4 5 5 6 6 7 7 8 8", "9 9 10 10"),
    "armor": ("5 6 7 8 9", "10 11 12"),
    "shield": ("3 3 4 4 5 5", "6 6 7 7"),
    "parry-dodge": ("2 2 3 3 4 4", "5 5 6 6"),
    "retrieve-weapon": ("0 0 2 2 3 3", "4 4 5"),
    "focus": ("3 3 4 4 5 5", "6 6 7"),
    "heal": ("3 3 4 4 5 5", "6 6 7"),
    "strength": ("3 3 4 4 5 5", "6 6 7"),
    "signature-move": ("3 3 4 4 5 5", "6 6 7"),
    "health": ("1", "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"),
}


def test_the_skill_cost_table_has_every_skill_of_the_sheet() -> None:
    keys = {e.key for e in table("pool-skill-costs").entries}
    assert keys == {"health", "attack", "weapon", "armor", "shield", "parry-dodge",
                    "initiative", "focus", "heal", "strength", "retrieve-weapon",
                    "signature-move"}


@pytest.mark.parametrize("skill", sorted(COST_ROWS))
def test_each_cost_row_matches_rules_md_and_goes_on_by_its_pattern(skill: str) -> None:
    entry = table("pool-skill-costs").lookup(skill)
    assert isinstance(entry, SkillCostEntry)
    listed, after = ([int(c) for c in part.split()] for part in COST_ROWS[skill])
    assert entry.costs == listed
    row = listed + after
    assert [entry.cost_of_rank(n) for n in range(1, len(row) + 1)] == row
    assert entry.cost_to(len(row)) == sum(row)


def test_only_initiative_costs_are_from_the_reference_sheet() -> None:
    t = table("pool-skill-costs")
    for entry in t.entries:
        if entry.key in ("initiative", "health", "weapon"):
            assert "costs" not in entry.house
        else:
            assert set(entry.house) == {"costs", "then"}, entry.key


def test_initiative_and_retrieve_weapon_have_two_free_ranks() -> None:
    free = {e.key: e.free_ranks for e in table("pool-skill-costs").entries if e.free_ranks}
    assert free == {"initiative": 2, "retrieve-weapon": 2}
    assert table("pool-skill-costs").lookup("initiative").cost_to(2) == 0


def test_weapon_ranks_cost_the_weapons_cost_and_are_capped_by_attack() -> None:
    t = table("pool-skill-costs")
    weapon = t.lookup("weapon")
    assert weapon.per_weapon and weapon.capped_by == "attack"
    foil = table("pool-weapons").lookup("foil")
    assert weapon.cost_to(3, foil.cost_per_rank) == 6  # the seed: 3 ranks of FOIL cost 6
    with pytest.raises(ValueError):
        weapon.cost_of_rank(1)


def test_the_seeds_worked_example_spends_exactly_40_development_points() -> None:
    t = table("pool-skill-costs")
    hammer = table("pool-weapons").lookup("hammer").cost_per_rank
    spent = {
        "attack": t.lookup("attack").cost_to(2),
        "hammer": t.lookup("weapon").cost_to(2, hammer),
        "armor": t.lookup("armor").cost_to(1),
        "shield": t.lookup("shield").cost_to(2),
        "parry-dodge": t.lookup("parry-dodge").cost_to(4),
        "health": t.lookup("health").cost_to(9),
    }
    assert spent == {"attack": 8, "hammer": 2, "armor": 5, "shield": 6, "parry-dodge": 10,
                     "health": 9}
    assert sum(spent.values()) == 40


def test_training_on_from_ranks_already_held_costs_only_the_new_ranks() -> None:
    attack = table("pool-skill-costs").lookup("attack")
    assert attack.cost_to(4, have=2) == 10
    assert attack.cost_to(2, have=2) == 0


def test_a_cost_row_without_its_continuation_is_rejected() -> None:
    def change(data: dict[str, Any]) -> None:
        del data["entries"][1]["then"]

    assert "then" in rejected("pool-skill-costs", change)


# ---------------------------------------------------------------- figures (pool-rules)

SEED_001 = "001_10899839d1d24cf5.txt"
SEED_002 = "002_c075b6a523e6b826.txt"

# key: (the figure, the seed that states it, or "house" where RULES.md says [house]).
# 001: "Each new gladiator begins with 40 development points"; "15 lb. ... plus 3 lb.
# for each rank of STRENGTH"; "A shield weighs 5 lb."; the whip's disarm: "Roll half
# the number of dice ... (round down)", "just like you are attacking with a C Class
# weapon", "3 extra defense dice if using a 2 handed weapon"; "Brawling is skill in
# fighting without a weapon". 002: "C Weapons +1 die. D Weapons +2 dice."; Survival
# Instinct: "If your HEALTH drops to 10 or below". RULES.md [house]: +10 a win, +5 a
# loss; luck dice showing 1-3 are lost; each 5 heals 1, each 6 heals 3; one 6 to focus;
# and both sides roll 1 initiative die when neither has any (so ties end); on the hex
# board a throw reaches 6 hexes (our ruling; no source gives a range).
POOL_RULES: dict[str, tuple[Any, str]] = {
    "starting-development-points": (40, SEED_001),
    "points-for-win": (10, "house"),
    "points-for-loss": (5, "house"),
    "carry-base-lb": (15, SEED_001),
    "carry-per-strength-lb": (3, SEED_001),
    "shield-lb": (5, SEED_001),
    "luck-lost-at-or-below": (3, "house"),
    "heal-per-face": ({"5": 1, "6": 3}, "house"),
    "focus-sixes": (1, "house"),
    "crit-class-dice": ({"C": 1, "D": 2}, SEED_002),
    "disarm-dice-divisor": (2, SEED_001),
    "disarm-read-as-class": ("class C", SEED_001),
    "disarm-two-handed-defence": (3, SEED_001),
    "survival-instinct-health": (10, SEED_002),
    "brawling-weapon": ("weapon brawling", SEED_001),
    "initiative-floor": (1, "house"),
    "throw-range-hexes": (6, "house"),
}


def figure(entry: PoolRuleEntry) -> Any:
    if entry.value is not None:
        return entry.value
    if entry.by_key:
        return entry.by_key
    if entry.weapon_class is not None:
        return f"class {entry.weapon_class}"
    return f"weapon {entry.weapon}"


def test_pool_rules_carry_the_seeds_and_house_figures() -> None:
    entries = [e for e in table("pool-rules").entries if isinstance(e, PoolRuleEntry)]
    assert len(entries) == len(table("pool-rules").entries)
    got = {e.key: (figure(e), e.source or "house") for e in entries}
    assert got == POOL_RULES


def test_house_pool_rules_mark_their_figure_and_seed_ones_do_not() -> None:
    for entry in table("pool-rules").entries:
        assert isinstance(entry, PoolRuleEntry)
        if POOL_RULES[entry.key][1] == "house":
            assert entry.source is None and entry.house, entry.key
            assert set(entry.house) <= {"*", "value", "by_key"}, entry.key
        else:
            assert entry.house == [], entry.key
        assert entry.description


def test_the_brawling_weapon_is_in_the_weapons_table_as_a_class_b_weapon() -> None:
    weapon = table("pool-rules").lookup("brawling-weapon").weapon
    assert table("pool-weapons").lookup(weapon).weapon_class == "B"  # seed 001's B list


def test_battle_tables_read_the_figures_typed() -> None:
    from companion.rulesets.battle.data import BattleTables

    t = BattleTables.load(include_user=False)
    assert (t.starting_development_points, t.points_for_win, t.points_for_loss) == (40, 10, 5)
    assert (t.carry_base_lb, t.carry_per_strength_lb, t.shield_lb) == (15, 3, 5)
    assert (t.luck_lost_at_or_below, t.focus_sixes, t.initiative_floor) == (3, 1, 1)
    assert t.heal_per_face == {5: 1, 6: 3}
    assert [t.crit_class_dice(c) for c in "ABCD"] == [0, 0, 1, 2]
    assert (t.disarm_dice_divisor, t.disarm_read_as_class, t.disarm_two_handed_defence) == (
        2, "C", 3)
    assert (t.survival_instinct_health, t.brawling) == (10, "brawling")


@pytest.mark.parametrize(("change", "complaint"), [
    ({"by_key": {"a": 1}}, "exactly one of"),
    ({"value": None}, "exactly one of"),
    ({"weapon_class": "E"}, "weapon_class"),
    ({"value": -1}, "value"),
])
def test_a_pool_rule_needs_exactly_one_sound_figure(change: dict[str, Any],
                                                    complaint: str) -> None:
    def apply(data: dict[str, Any]) -> None:
        entry = data["entries"][0]  # starting-development-points: a value
        entry.update(change)
        if entry["value"] is None:
            del entry["value"]

    assert complaint in rejected("pool-rules", apply)


def test_a_pool_rule_no_seed_states_must_be_marked_house() -> None:
    def change(data: dict[str, Any]) -> None:
        del data["entries"][1]["house"]  # points-for-win, a house figure

    assert "house" in rejected("pool-rules", change)
