"""The grimdark-rules table and the gaps closed in the other grimdark tables, against
the seed (000) and our rulings (RULES.md section 3). Expected values are typed from
the seed, not read from the JSON."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from companion.rulesets.grimdark.data import GrimdarkData, GrimdarkDataError
from companion.rulesets.grimdark.table_models import (
    GrimdarkAbilityEntry,
    GrimdarkEquipmentEntry,
    GrimdarkMoveEntry,
    GrimdarkRuleEntry,
)
from companion.tables.loader import load_tables

TABLES = load_tables(include_user=False)
DATA = GrimdarkData.load(TABLES)
F = DATA.figures


def rule(key: str) -> GrimdarkRuleEntry:
    entry = TABLES.get("grimdark-rules").lookup(key)
    assert isinstance(entry, GrimdarkRuleEntry)
    return entry


SEED_VALUES = {
    "tie-band": 2, "tie-cz": 1, "critical-advantage": 6, "critical-severity-offset": 5,
    "critical-base-damage": 5, "wounded-at-hp": 12, "defeated-at-hp": 0,
    "ranged-vs-melee-bonus": 2, "ranged-vs-melee-penalty": -2,
    "quickshot-vs-melee-bonus": 3, "quickshot-vs-melee-penalty": 0,
    "out-of-position-bonus": 2, "extra-attacker-bonus": 1, "extra-attacker-bonus-most": 4,
    "assess-defence-bonus": 1, "finisher-cz-lead": 2, "cz-floor": 0,
    "stat-points": 15, "stat-spread": 5, "ability-points": 20,
    "repertoire-fewest": 15, "repertoire-most": 30, "move-copies-most": 5,
    "equipment-slots": 5, "hp-base": 25, "execution-cz-lead": 4, "execution-spared-on": 4,
    "death-die-late-from-match": 5, "death-on": 1, "starred-most": 3,
    "curse-breaks-on": 6, "curse-damage": 6,
}


@pytest.mark.parametrize(("key", "value"), SEED_VALUES.items())
def test_the_seeds_figures_are_in_the_rules_table_marked_as_the_seeds(key, value) -> None:
    entry = rule(key)
    assert entry.value == value
    assert entry.source == "000_387c877d10175024.txt" and not entry.house


def test_hp_is_25_plus_brutality_and_a_d8_and_init_style_and_a_d8() -> None:
    assert (F.value("hp-base"), F.stat("hp-stat"), F.die("hp-die")) == (25, "brutality", "d8")
    assert (F.stat("init-stat"), F.die("init-die")) == ("style", "d8")


def test_berserker_and_performer_roll_a_d10_instead() -> None:
    assert DATA.abilities["berserker"].hp_die == "d10"
    assert DATA.abilities["performer"].init_die == "d10"
    assert DATA.abilities["endurance"].hp_bonus == 1 and DATA.abilities["poise"].init_bonus == 1


def test_ability_points_are_20_plus_mind() -> None:
    assert F.value("ability-points") == 20 and F.stat("ability-points-stat") == "mind"


def test_the_death_rules_dice_are_a_d4_and_a_d6_from_the_fifth_match() -> None:
    assert F.die("execution-die") == "d4" and F.die("death-die") == "d4"
    assert F.die("death-die-late") == "d6"


def test_a_curse_rolls_a_d6_at_each_turn_end_and_breaks_on_a_6_for_6_damage() -> None:
    assert F.die("curse-die") == "d6"
    assert (F.value("curse-breaks-on"), F.value("curse-damage")) == (6, 6)


def test_armour_gives_5_hp_a_slot_and_natural_weapon_takes_2_slots() -> None:
    assert DATA.armour().hp_per_slot == 5
    assert DATA.abilities["natural-weapon"].slots == -2


HOUSE_READINGS = {
    "disarm-acts-on": "target", "finisher-tie-cz": "user only",
    "huge-chance-rolled": "each turn", "paired-power": "every power roll",
    "gruesome-demise": "always dead unless starred", "flurry-resets": "another move played",
    "half-damage-rounds": "down", "cz-opponent": "opponent",
    "jack-of-all-trades-opens": "every copy",
}


@pytest.mark.parametrize(("key", "reading"), HOUSE_READINGS.items())
def test_each_open_reading_is_decided_and_marked_house(key, reading) -> None:
    entry = rule(key)
    assert entry.reading == reading and entry.house == ["reading"] and entry.source is None


def test_the_level_limit_of_8_for_every_ability_is_a_house_value() -> None:
    assert rule("ability-level-most").house == ["value"]
    assert F.value("ability-level-most") == 8


def test_the_readings_are_marked_house_where_the_other_tables_make_them() -> None:
    moves = {k: DATA.moves[k] for k in ("basic-disarm", "distance-disarm")}
    assert all(m.house == ["effects"] for m in moves.values())
    for finisher in ("merciless-beating", "swift-execution", "master-plan", "unholy-judgment"):
        assert DATA.moves[finisher].house == ["effects"]
    assert DATA.abilities["huge"].house == ["chance"]
    assert DATA.equipment["paired"].house == ["power_dice"]


def test_acid_cold_fireball_and_lightning_are_elemental_attacks_of_their_element() -> None:
    elemental = {k: m.element for k, m in DATA.moves.items() if m.elemental}
    assert elemental == {"acid-touch": "acid", "cold-touch": "ice", "fireball": "fire",
                         "lightning-bolt": "electric"}


def test_an_elemental_move_must_name_its_element() -> None:
    raw = DATA.moves["acid-touch"].model_dump()
    raw["element"] = None
    with pytest.raises(ValidationError, match="names its element"):
        GrimdarkMoveEntry.model_validate(raw)


def test_own_weapon_moves_keep_their_weapon_die_as_bonus_damage() -> None:
    dice = {k: m.bonus_damage for k, m in DATA.moves.items() if m.weapon}
    assert dice == {"throw-something": "d4", "psionic-blast": "d4", "acid-touch": "d6",
                    "cold-touch": "d6", "fireball": "d4", "lightning-bolt": "d4",
                    "shadow-envelop": "d2"}


def test_deadly_treats_a_plus_5_as_a_severity_1_critical_on_4_base_damage() -> None:
    deadly = DATA.equipment["deadly"]
    assert isinstance(deadly, GrimdarkEquipmentEntry) and deadly.low_crit is not None
    assert (deadly.low_crit.advantage, deadly.low_crit.severity,
            deadly.low_crit.base_damage) == (5, 1, 4)


def test_the_quickshot_figures_agree_with_the_quickshot_property() -> None:
    quick = DATA.equipment["quickshot"].ranged_vs_melee
    assert quick is not None
    assert (quick.bonus, quick.penalty) == (F.value("quickshot-vs-melee-bonus"),
                                            F.value("quickshot-vs-melee-penalty"))


def test_a_rule_gives_exactly_one_figure_and_a_house_one_says_so() -> None:
    with pytest.raises(ValidationError, match="exactly one"):
        GrimdarkRuleEntry.model_validate({"key": "x", "description": "x", "value": 1,
                                          "die": "d6", "source": "000_387c877d10175024.txt"})
    with pytest.raises(ValidationError, match="house ruling"):
        GrimdarkRuleEntry.model_validate({"key": "x", "description": "x", "value": 1})


def test_a_rules_table_without_a_figure_the_builder_needs_is_refused(tmp_path) -> None:
    tables = load_tables(include_user=False)
    table = tables.get("grimdark-rules")
    table.entries[:] = [e for e in table.entries if e.key != "stat-points"]
    with pytest.raises(GrimdarkDataError, match="stat-points"):
        GrimdarkData.load(tables)


def test_abilities_still_read_as_their_model() -> None:
    assert all(isinstance(a, GrimdarkAbilityEntry) for a in DATA.abilities.values())


def test_the_armour_and_natural_weapon_figures_agree_with_their_tables() -> None:
    assert F.value("armour-hp-per-slot") == DATA.armour().hp_per_slot == 5
    assert F.value("natural-weapon-slots") == -DATA.abilities["natural-weapon"].slots == 2
