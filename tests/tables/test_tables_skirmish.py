"""The hex skirmish tables (seed 003), checked against RULES.md section 1.

The expected values below are typed from RULES.md and the seed's roster, not read
from the JSON, so a slip in either shows up here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.tables.loader import TableFileError, TableSet, load_tables, parse_table

SEED = "003_8f473e095b069213.txt"
SKIRMISH_TABLES = {
    "skirmish-weight": 3,
    "skirmish-kit": 9,
    "skirmish-types": 13,
    "skirmish-weapons": 14,
    "skirmish-ap": 16,
    "skirmish-ap-modifiers": 10,
    "skirmish-attack-modifiers": 15,
    "skirmish-special-events": 6,
    "skirmish-appeal": 13,
    "skirmish-experience": 5,
    "skirmish-wounds": 4,
    "skirmish-rules": 11,
}


@pytest.fixture(scope="module")
def tables() -> TableSet:
    return load_tables(include_user=False)


def _by_key(tables: TableSet, table_id: str) -> dict:
    return {e.key: e for e in tables.get(table_id).entries}


def test_every_skirmish_table_loads_from_the_seed_with_its_entry_count(tables):
    for table_id, count in SKIRMISH_TABLES.items():
        table = tables.get(table_id)
        assert table.file.system == "skirmish", table_id
        assert table.file.source == SEED, table_id
        assert len(table.entries) == count, table_id


# --- weight and kit ---------------------------------------------------------------


def test_weight_total_0_is_light_1_medium_and_2_or_more_heavy_as_a_house_rule(tables):
    weight = tables.get("skirmish-weight")
    assert weight.file.house
    ratings = {total: weight.lookup(total).rating for total in range(0, 6)}
    assert ratings == {0: "light", 1: "medium", 2: "heavy", 3: "heavy", 4: "heavy", 5: "heavy"}


# item: (category, weight, save, side attack modifier, wielded as, never lost to events)
KIT = {
    "no-armour": ("armour", 0, 0, None, None, False),
    "light-armour": ("armour", 1, 1, None, None, False),
    "heavy-armour": ("armour", 2, 3, None, None, False),
    "no-shield": ("shield", 0, 0, None, None, False),
    "small-shield": ("shield", 0, 1, 2, "shield", False),
    "large-shield": ("shield", 1, 2, 1, "shield", False),
    "extra-large-shield": ("shield", 2, 3, 0, "shield", False),
    "galerus": ("shield", 0, 1, 2, None, True),
    "cape": ("shield", 0, 1, 2, "cape", False),
}


def test_kit_weights_saves_and_side_modifiers_follow_the_rulings(tables):
    kit = _by_key(tables, "skirmish-kit")
    got = {
        k: (
            e.category,
            e.weight,
            e.save,
            e.side_attack_modifier,
            e.weapon,
            e.never_lost_to_special_events,
        )
        for k, e in kit.items()
    }
    assert got == KIT
    # The weights are the house ruling; the saves are the reference sheet's.
    assert all(e.house == ["weight"] for e in kit.values())


def test_galerus_and_cape_are_small_shields_and_only_knocked_away_shields_come_back(tables):
    kit = _by_key(tables, "skirmish-kit")
    for item in ("small-shield", "galerus", "cape"):
        assert kit[item].size == "small"
    for item in ("small-shield", "large-shield", "extra-large-shield", "galerus", "cape"):
        assert kit[item].recoverable_if_discarded is False
        assert kit[item].recoverable_if_knocked_away is True


# --- the roster --------------------------------------------------------------------

# type: (name, [(weapon, side)], shield, armour, darts, arrows, printed save, printed weight)
ROSTER = {
    "samnite": ("Samnite", [("sword", "right")], "large-shield", "light-armour", 0, 0,
                [3, 1], ["heavy", "medium"]),
    "retiarius": ("Retiarius", [("trident", "right"), ("net", "right")], "galerus",
                  "no-armour", 0, 0, [1, 0], ["light"]),
    "thracian": ("Thracian or Secutor", [("sword", "right")], "small-shield", "light-armour",
                 0, 0, [2, 1], ["medium"]),
    "myrmillo": ("Myrmillo", [("sword", "right")], "large-shield", "no-armour", 0, 0,
                 [2, 0], ["medium", "light"]),
    "hoplomachus": ("Hoplomachus", [("long-spear", "right")], "extra-large-shield",
                    "no-armour", 0, 0, [3, 0], ["heavy", "light"]),
    "cataphractarius": ("Cataphractarius", [("sword", "right")], None, "heavy-armour", 0, 0,
                        [3], ["heavy"]),
    "diamecheri": ("Diamecheri", [("sword", "right"), ("sword", "left")], None,
                   "light-armour", 0, 0, [1], ["medium"]),
    "laquearius": ("Laquearius", [("lasso", "right"), ("sword", "right")], None, "no-armour",
                   0, 0, [0], ["light"]),
    "contra-retiarius": ("Contra-Retiarius", [("sword", "right"), ("cone", "left")], None,
                         "heavy-armour", 0, 0, [3], ["heavy"]),
    "velite": ("Velite", [("javelin", "right")], "small-shield", "no-armour", 0, 0, [1, 0],
               ["light"]),
    "gaetulian": ("Gaetulian", [("throwing-darts", "right"), ("dagger", "right")], None,
                  "no-armour", 4, 0, [0], ["light"]),
    "provocator": ("Provocator", [("long-spear", "right")], "small-shield", "light-armour",
                   0, 0, [2, 1], ["medium"]),
    "sagittarius": ("Sagittarius", [("bow", "left"), ("dagger", "right")], None, "no-armour",
                    0, 4, [0], ["light"]),
}  # fmt: skip


def test_the_roster_lists_all_13_types_as_printed(tables):
    types = _by_key(tables, "skirmish-types")
    assert list(types) == list(ROSTER)
    got = {
        k: (
            e.name,
            [(w.weapon, w.side) for w in e.weapons],
            e.shield,
            e.armour,
            e.darts,
            e.arrows,
            e.printed_save,
            e.printed_weight,
        )
        for k, e in types.items()
    }
    assert got == ROSTER
    for entry in types.values():
        assert entry.shield_side == ("left" if entry.shield else None)
        assert entry.house == []


def test_the_diamecheri_loses_his_left_sword_first_and_nobody_else_has_an_order(tables):
    types = _by_key(tables, "skirmish-types")
    lost_first = {
        (k, w.weapon, w.side) for k, e in types.items() for w in e.weapons if w.lost_first
    }
    assert lost_first == {("diamecheri", "sword", "left")}


def _rating(tables: TableSet, total: int) -> str:
    return tables.get("skirmish-weight").lookup(total).rating


@pytest.mark.parametrize("type_key", list(ROSTER))
def test_roster_check_kit_reproduces_the_printed_save_and_weight(tables, type_key):
    """Armour + shield from skirmish-kit give the roster's figures, with and without
    the shield (one printed figure stands for both)."""
    kit = _by_key(tables, "skirmish-kit")
    gladiator = tables.get("skirmish-types").lookup(type_key)
    armour = kit[gladiator.armour]
    assert armour.category == "armour"
    shield = kit[gladiator.shield or "no-shield"]
    assert shield.category == "shield"
    with_shield = (armour.save + shield.save, _rating(tables, armour.weight + shield.weight))
    without = (armour.save, _rating(tables, armour.weight))
    saves, weights = gladiator.printed_save, gladiator.printed_weight
    assert (saves[0], weights[0]) == with_shield
    assert (saves[-1], weights[-1]) == without


def test_roster_check_examples_from_the_brief(tables):
    types = tables.get("skirmish-types")
    assert types.lookup("samnite").printed_save == [3, 1]
    assert types.lookup("samnite").printed_weight == ["heavy", "medium"]
    assert types.lookup("hoplomachus").printed_weight == ["heavy", "light"]
    assert types.lookup("retiarius").printed_weight == ["light"]


def test_every_type_carries_weapons_and_kit_that_exist(tables):
    weapons = _by_key(tables, "skirmish-weapons")
    kit = _by_key(tables, "skirmish-kit")
    for key, entry in _by_key(tables, "skirmish-types").items():
        for ref in entry.weapons:
            assert ref.weapon in weapons, (key, ref.weapon)
        assert kit[entry.armour].category == "armour", key
        if entry.shield:
            assert kit[entry.shield].category == "shield", key


# --- weapons -----------------------------------------------------------------------

# weapon: (min, max, disadvantaged at, doubly at, always disadvantaged, AP)
WEAPONS = {
    "sword": (1, 1, [], [], False, 1),
    "dagger": (1, 1, [], [], True, 1),
    "shield": (1, 1, [], [], True, 2),
    "long-spear": (1, 2, [1], [], False, 1),
    "trident": (1, 2, [1], [], False, 1),
    "throwing-darts": (2, 6, [5], [6], False, 1),
    "javelin": (1, 2, [2], [], False, 1),
    "two-handed": (1, 1, [], [], False, 2),
    "net": (1, 2, [], [], False, 2),
    "lasso": (2, 3, [], [], False, 2),
    "cone": (1, 1, [], [], True, 1),
    "bow": (2, 8, [2, 7], [8], False, 2),
    "unarmed": (1, 1, [], [], False, 1),
    "cape": (1, 1, [], [], False, 2),
}


def test_weapon_ranges_disadvantages_and_ap_costs(tables):
    weapons = _by_key(tables, "skirmish-weapons")
    got = {
        k: (
            e.min_range,
            e.max_range,
            e.disadvantaged_at,
            e.doubly_disadvantaged_at,
            e.always_disadvantaged,
            e.ap_cost,
        )
        for k, e in weapons.items()
    }
    assert got == WEAPONS


def test_net_lasso_and_cape_entangle_at_their_ranges_and_wound_nobody(tables):
    weapons = _by_key(tables, "skirmish-weapons")
    needs = {
        k: {n.range: n.min_roll for n in e.entangle_needs}
        for k, e in weapons.items()
        if e.entangles
    }
    assert needs == {"net": {1: 6, 2: 5}, "lasso": {2: 6, 3: 5}, "cape": {1: 6}}
    for k in needs:
        assert not weapons[k].causes_wounds
        assert weapons[k].cut_free_min_roll == 5
        assert weapons[k].cut_free_lost_on == [6]
        assert weapons[k].cut_free_drops_on == [5]
    # The cape at one hex follows the net, a house ruling.
    assert "entangle_needs" in weapons["cape"].house


def test_darts_and_arrows_are_missiles_lost_on_a_wound_a_save_or_an_event(tables):
    weapons = _by_key(tables, "skirmish-weapons")
    missiles = {k: e.ammo for k, e in weapons.items() if e.missile}
    assert missiles == {"throwing-darts": "dart", "bow": "arrow"}
    for k in missiles:
        assert set(weapons[k].lost_when) == {"wounds", "saved", "special-event"}
        assert weapons[k].otherwise_lands == "random-hex-adjacent-to-target"
        assert weapons[k].pick_up_ap == 1
        assert weapons[k].not_adjacent
    assert not weapons["javelin"].missile  # tied to the velite's wrist
    assert {k for k, e in weapons.items() if e.reach} == {
        "long-spear",
        "trident",
        "javelin",
        "net",
        "lasso",
    }


def test_only_the_lasso_shield_cape_and_bare_hands_do_not_guard_a_side_as_a_weapon(tables):
    weapons = _by_key(tables, "skirmish-weapons")
    assert {k for k, e in weapons.items() if not e.counts_as_weapon_for_defence} == {
        "lasso",
        "shield",
        "cape",
        "unarmed",
    }


def test_a_two_handed_hit_lowers_the_save_by_1_or_adds_a_wound(tables):
    weapons = _by_key(tables, "skirmish-weapons")
    two = weapons["two-handed"]
    assert (two.two_handed, two.hit_save_modifier, two.hit_extra_wounds_if_no_save) == (
        True,
        -1,
        1,
    )
    assert [k for k, e in weapons.items() if e.two_handed] == ["two-handed"]


def test_the_cone_is_a_dagger_that_shreds_a_net_on_5_or_6(tables):
    cone = tables.get("skirmish-weapons").lookup("cone")
    assert cone.acts_as == "dagger"
    assert cone.always_disadvantaged
    assert "net" in cone.shreds
    assert cone.shreds_min_roll == 5


def test_kit_wielded_as_a_weapon_names_a_weapon(tables):
    weapons = _by_key(tables, "skirmish-weapons")
    for key, item in _by_key(tables, "skirmish-kit").items():
        if item.weapon is not None:
            assert item.weapon in weapons, key


# --- action points -----------------------------------------------------------------

# action: (AP, house fields besides allowed_when_entangled)
AP_COSTS = {
    "move-straight": (1, []),
    "move-other-direction": (2, []),
    "turn": (1, []),
    "attack": (1, []),
    "attack-net": (2, []),
    "attack-lasso": (2, []),
    "attack-cape": (2, ["*"]),
    "attack-shield": (2, []),
    "attack-two-handed": (2, []),
    "attack-bow": (2, []),
    "attack-unarmed": (1, ["ap"]),
    "cut-free": (1, []),
    "pick-up": (1, []),
    "kick": (1, []),
    "discard-shield": (0, ["ap"]),
    "end-turn": (0, ["ap"]),
}


def test_ap_costs_follow_the_rulings(tables):
    actions = _by_key(tables, "skirmish-ap")
    got = {
        k: (e.ap, [f for f in e.house if f != "allowed_when_entangled"]) for k, e in actions.items()
    }
    assert got == AP_COSTS


def test_an_entangled_gladiator_may_only_cut_free_discard_his_shield_or_stop(tables):
    actions = _by_key(tables, "skirmish-ap")
    allowed = {k for k, e in actions.items() if e.allowed_when_entangled}
    assert allowed == {"cut-free", "discard-shield", "end-turn"}


def test_every_weapon_has_one_attack_action_costing_its_ap(tables):
    """A weapon's AP is given twice, here and in skirmish-weapons; the engine reads
    the action's (see companion/rulesets/skirmish/data.py)."""
    weapons = _by_key(tables, "skirmish-weapons")
    seen: list[str] = []
    for action in _by_key(tables, "skirmish-ap").values():
        for weapon in action.weapons:
            assert weapons[weapon].ap_cost == action.ap, weapon
            seen.append(weapon)
    assert sorted(seen) == sorted(weapons)


# modifier: (group, amount, house fields)
AP_MODIFIERS = {
    "light": ("weight", 1, ["amount"]),
    "medium": ("weight", 0, ["amount"]),
    "heavy": ("weight", -1, ["amount"]),
    "lightly-wounded": ("wounds", -1, ["amount"]),
    "seriously-wounded": ("wounds", -2, ["amount", "replaces"]),
    "off-balance": ("condition", -2, []),
    "fatigue": ("fatigue", -1, []),
    "experience": ("experience", 1, []),
    "floor": ("limit", 0, []),
    "give-in": ("limit", -6, []),
}


def test_ap_roll_modifiers_follow_the_rulings(tables):
    mods = _by_key(tables, "skirmish-ap-modifiers")
    assert {k: (e.group, e.amount, e.house) for k, e in mods.items()} == AP_MODIFIERS
    assert mods["off-balance"].next_turn_only
    assert mods["fatigue"].per == "fatigue-point-over-current-strength"
    assert mods["fatigue"].fatigue_on_natural == [1, 2]
    assert mods["seriously-wounded"].replaces == "lightly-wounded"
    assert (mods["floor"].role, mods["give-in"].role) == ("floor", "give-in")
    assert mods["give-in"].needs_in_opponent_front_hex
    assert {k: e.optional_rule for k, e in mods.items() if e.optional_rule} == {
        "fatigue": "fatigue",
        "experience": "experience",
    }


def test_every_weight_rating_has_an_ap_modifier(tables):
    mods = _by_key(tables, "skirmish-ap-modifiers")
    ratings = {e.rating for e in tables.get("skirmish-weight").entries}
    assert ratings == {k for k, e in mods.items() if e.group == "weight"}


def test_wound_modifiers_are_keyed_by_wound_levels(tables):
    levels = _by_key(tables, "skirmish-wounds")
    for key, entry in _by_key(tables, "skirmish-ap-modifiers").items():
        if entry.group == "wounds":
            assert key in levels


# --- attack modifiers --------------------------------------------------------------

# modifier: (amount, applies to, group)
ATTACK_MODIFIERS = {
    "front": (0, "attack", "facing"),
    "shield-side-extra-large": (0, "attack", "facing"),
    "shield-side-large": (1, "attack", "facing"),
    "shield-side-small": (2, "attack", "facing"),
    "shield-side-net": (2, "attack", "facing"),
    "weapon-side": (2, "attack", "facing"),
    "open-side": (3, "attack", "facing"),
    "rear": (3, "attack", "facing"),
    "defender-entangled": (1, "attack", "condition"),
    "attacker-unarmed": (-3, "attack", "weapon"),
    "disadvantaged": (-1, "attack", "weapon"),
    "doubly-disadvantaged": (-2, "attack", "weapon"),
    "ally-in-front": (1, "attack", "support"),
    "experience-attack": (1, "attack", "experience"),
    "experience-defence": (1, "defence", "experience"),
}


def test_attack_modifiers_follow_the_reference_sheet(tables):
    mods = _by_key(tables, "skirmish-attack-modifiers")
    assert {k: (e.amount, e.applies_to, e.group) for k, e in mods.items()} == ATTACK_MODIFIERS
    assert mods["ally-in-front"].per
    assert all(e.house == [] for e in mods.values())


def test_a_shield_covering_a_side_gives_the_same_modifier_in_kit_and_modifier_tables(tables):
    """Given twice; the engine reads skirmish-attack-modifiers."""
    kit = _by_key(tables, "skirmish-kit")
    covered = set()
    for entry in _by_key(tables, "skirmish-attack-modifiers").values():
        for item in entry.kit:
            assert kit[item].side_attack_modifier == entry.amount, item
            covered.add(item)
    assert covered == {k for k, e in kit.items() if e.side_attack_modifier is not None}
    assert tables.get("skirmish-attack-modifiers").lookup("shield-side-net").weapons == ["net"]


# --- special events ----------------------------------------------------------------

# double: (who, wounds dice, no save, off balance, loses shield, floored, weapon lost)
EVENTS = {
    6: ("defender", "2d6", True, False, False, False, False),
    5: ("defender", None, False, False, True, False, False),
    4: ("defender", None, False, True, False, False, False),
    3: ("attacker", None, False, True, False, False, False),
    2: ("defender", None, False, False, False, True, False),
    1: ("either", None, False, False, False, False, True),
}


def test_special_events_for_doubles_1_to_6(tables):
    events = tables.get("skirmish-special-events")
    got = {}
    for double in range(1, 7):
        e = events.lookup(double)
        got[double] = (
            e.who,
            e.wounds_dice,
            e.no_save,
            e.off_balance,
            e.loses_shield,
            e.floored,
            e.weapon_lost,
        )
    assert got == EVENTS


def test_a_lost_shield_lands_nearby_and_may_be_recovered_but_never_a_galerus(tables):
    event = tables.get("skirmish-special-events").lookup(5)
    assert (event.lands, event.recoverable, event.exempt_kit) == (
        "random-adjacent-hex",
        True,
        ["galerus"],
    )
    assert [f.type for f in event.effects] == ["drop_shield"]


def test_double_1_d6_gives_the_attackers_weapon_on_1_to_3_and_destroys_it_on_1_or_6(tables):
    event = tables.get("skirmish-special-events").lookup(1)
    got = {s.key: (s.who, s.weapon, s.gone_for_good, s.lands) for s in event.subtable}
    near = "random-adjacent-hex"
    assert got == {
        1: ("attacker", "used", True, None),
        2: ("attacker", "used", False, near),
        3: ("attacker", "used", False, near),
        4: ("defender", "random", False, near),
        5: ("defender", "random", False, near),
        6: ("defender", "random", True, None),
    }
    assert event.random_weapon_excludes == ["shield"]


def test_double_6_wounds_are_rolled_as_2d6(tables):
    event = tables.get("skirmish-special-events").lookup(6)
    assert [(f.type, f.dice) for f in event.effects] == [("bonus_damage", "2d6")]


# --- the appeal --------------------------------------------------------------------

# modifier: (amount, counted per, house)
APPEAL_MODIFIERS = {
    "wounded": (1, None, True),
    "seriously-wounded": (1, None, True),
    "no-wounds-inflicted": (-2, None, True),
    "per-opponent-seriously-wounded": (1, "opponent-he-seriously-wounded", True),
    "per-gladiator-defeated-today": (1, "gladiator-he-defeated-today", True),
    "popular": (2, None, False),
    "spared-earlier-today": (-2, None, True),
    "per-gladiator-spared-today": (-1, "gladiator-already-spared-today", True),
}


def test_appeal_modifiers_are_house_numbers_except_popular(tables):
    lines = _by_key(tables, "skirmish-appeal")
    got = {
        k: (e.amount, e.per, e.house == ["amount"])
        for k, e in lines.items()
        if e.role == "modifier"
    }
    assert got == APPEAL_MODIFIERS


def _appeal(tables: TableSet, dice: tuple[int, int], modifier: int, state: str = "") -> str:
    """Resolve an appeal as the table's notes say: the applicable outcome line with
    the lowest precedence decides."""
    natural, total = sum(dice), sum(dice) + modifier
    applicable = []
    for line in tables.get("skirmish-appeal").entries:
        if line.role != "outcome":
            continue
        if line.condition is not None:
            hit = line.condition == state
        elif line.natural is not None:
            hit = line.natural == natural
        else:
            hit = (line.min_total is None or total >= line.min_total) and (
                line.max_total is None or total <= line.max_total
            )
        if hit:
            applicable.append(line)
    return min(applicable, key=lambda line: line.precedence).outcome


def test_an_appeal_of_7_or_more_is_spared_and_6_or_less_killed(tables):
    assert _appeal(tables, (3, 4), 0) == "spared"
    assert _appeal(tables, (3, 3), 0) == "killed"
    assert _appeal(tables, (5, 5), -3) == "spared"
    assert _appeal(tables, (5, 5), -4) == "killed"


def test_a_natural_12_is_always_spared_and_a_natural_2_always_killed(tables):
    assert _appeal(tables, (6, 6), -20) == "spared"
    assert _appeal(tables, (1, 1), 20) == "killed"


def test_a_mortally_wounded_gladiator_dies_whatever_the_crowd_says(tables):
    assert _appeal(tables, (6, 6), 5, state="mortally-wounded") == "killed"
    line = tables.get("skirmish-appeal").lookup("mortally-wounded")
    assert line.house == ["*"]
    assert tables.get("skirmish-wounds").lookup("mortally-wounded").dies


# --- experience and wounds ---------------------------------------------------------


def test_five_experience_skills_each_with_its_effect(tables):
    skills = _by_key(tables, "skirmish-experience")
    got = {
        k: (
            e.ap_modifier,
            e.attack_die_modifier,
            e.defence_die_modifier,
            e.base_strength,
            e.appeal_modifier,
        )
        for k, e in skills.items()
    }
    assert got == {
        "extra-ap": (1, 0, 0, None, 0),
        "attack-die": (0, 1, 0, None, 0),
        "defence-die": (0, 0, 1, None, 0),
        "base-strength": (0, 0, 0, 6, 0),
        "popular": (0, 0, 0, None, 2),
    }
    assert skills["base-strength"].normal_base_strength == 4
    assert {"net", "lasso"} <= set(skills["attack-die"].attack_excluded_weapons)


def test_experience_skills_agree_with_the_modifier_tables(tables):
    """The amounts are given twice; the engine reads the modifier tables'."""
    skills = _by_key(tables, "skirmish-experience")
    ap = tables.get("skirmish-ap-modifiers").lookup("experience")
    attack = _by_key(tables, "skirmish-attack-modifiers")
    appeal = tables.get("skirmish-appeal").lookup("popular")
    assert ap.amount == skills["extra-ap"].ap_modifier
    assert attack["experience-attack"].amount == skills["attack-die"].attack_die_modifier
    assert attack["experience-defence"].amount == skills["defence-die"].defence_die_modifier
    assert appeal.amount == skills["popular"].appeal_modifier


def test_wound_levels_light_serious_beaten_and_mortal(tables):
    levels = _by_key(tables, "skirmish-wounds")
    got = {
        k: (
            e.severity,
            e.lost_at_least,
            e.lost_fraction_at_least,
            e.strength_at_most,
            e.appeals,
            e.dies,
        )
        for k, e in levels.items()
    }
    assert got == {
        "lightly-wounded": (1, 1, None, None, False, False),
        "seriously-wounded": (2, None, 0.5, None, False, False),
        "beaten": (3, None, None, 0, True, False),
        "mortally-wounded": (4, None, None, -3, True, True),
    }
    assert levels["mortally-wounded"].house == ["dies"]


def test_house_values_in_the_weapons_table_are_marked(tables):
    weapons = _by_key(tables, "skirmish-weapons")
    assert {k: e.house for k, e in weapons.items() if e.house} == {
        "shield": ["pick_up_ap"],
        "cone": ["shreds"],
        "unarmed": ["ap_cost"],
        "cape": [
            "ap_cost",
            "entangle_needs",
            "cut_free_min_roll",
            "cut_free_lost_on",
            "cut_free_drops_on",
            "pick_up_ap",
        ],
    }


# --- figures no other table carries ----------------------------------------------

# rule: (value, basis); typed from RULES.md section 1 and the seed.
RULE_FIGURES = {
    "save-target": (7, "ref"),  # "Save succeeds on D6 + save >= 7"
    "board-columns": (10, "seed"),  # "10 columns x 12 rows of hexes"
    "board-rows": (12, "seed"),
    "gladiators-per-board": (4, "seed"),  # "for two to four gladiators"
    "fewest-gladiator-limit": (4, "house"),  # a smaller board still takes four
    "most-gladiators": (26, "house"),  # one capital letter each
    "appeal-dice": (2, "seed"),  # "a gladiator must roll 2D6"
    "skill-limit": (5, "seed"),  # "can have up to five skills"
    "skill-copies": (1, "seed"),  # "may only have each skill once"
    "skills-per-bout": (1, "seed"),  # "gains one skill if he has defeated..."
}


def test_skirmish_rules_give_the_figures_of_rules_md_and_the_seed(tables):
    rules = _by_key(tables, "skirmish-rules")
    got = {k: (e.value, e.basis) for k, e in rules.items() if e.value is not None}
    assert got == RULE_FIGURES
    assert tables.get("skirmish-rules").file.kind == "skirmish-rule"
    assert [a.name for a in tables.get("skirmish-rules").file.axes] == ["rule"]


def test_a_random_direction_d6_runs_clockwise_from_north_as_a_house_rule(tables):
    direction = tables.get("skirmish-rules").lookup("random-direction")
    assert direction.by_face == {1: "N", 2: "NE", 3: "SE", 4: "S", 5: "SW", 6: "NW"}
    assert direction.value is None


def test_house_figures_and_only_they_are_marked(tables):
    rules = _by_key(tables, "skirmish-rules")
    marked = {k: e.house for k, e in rules.items() if e.house}
    assert marked == {
        "fewest-gladiator-limit": ["value"],
        "most-gladiators": ["value"],
        "random-direction": ["by_face"],
    }
    assert all((e.basis == "house") == bool(e.house) for e in rules.values())


# --- the models reject what the rules cannot mean -------------------------------------


def _reparse(tables: TableSet, table_id: str, key: str, **changes) -> None:
    raw = tables.get(table_id).file.model_dump(mode="json")
    for entry in raw["entries"]:
        if entry["key"] == key:
            entry.update(changes)
    parse_table(Path(f"{table_id}.json"), json.dumps(raw))


def test_a_shielded_type_with_one_printed_save_is_rejected(tables):
    with pytest.raises(TableFileError, match="save with and without"):
        _reparse(tables, "skirmish-types", "samnite", printed_save=[3])


def test_a_net_without_a_roll_for_each_range_is_rejected(tables):
    with pytest.raises(TableFileError, match="one roll for each range"):
        _reparse(tables, "skirmish-weapons", "net", entangle_needs=[{"range": 1, "min_roll": 6}])


def test_a_house_figure_must_be_marked_and_a_seed_figure_must_not(tables):
    with pytest.raises(TableFileError, match="marked in 'house'"):
        _reparse(tables, "skirmish-rules", "most-gladiators", house=[])
    with pytest.raises(TableFileError, match="marked in 'house'"):
        _reparse(tables, "skirmish-rules", "save-target", house=["value"])


def test_a_direction_d6_needs_six_different_directions(tables):
    faces = {"1": "N", "2": "N", "3": "SE", "4": "S", "5": "SW", "6": "NW"}
    with pytest.raises(TableFileError, match="different direction"):
        _reparse(tables, "skirmish-rules", "random-direction", by_face=faces)
    with pytest.raises(TableFileError, match="exactly one of"):
        _reparse(tables, "skirmish-rules", "save-target", by_face=faces)


def test_a_weapon_disadvantaged_out_of_its_range_is_rejected(tables):
    with pytest.raises(TableFileError, match="cannot reach"):
        _reparse(tables, "skirmish-weapons", "bow", doubly_disadvantaged_at=[9])
