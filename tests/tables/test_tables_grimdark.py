"""The Grimdark Gladiators tables (seed 000_387c877d10175024.txt) against the seed.

The expected values below are typed from the seed and RULES.md section 3, not read
from the JSON, so a slip in either shows up here.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from pydantic import ValidationError

from companion.rulesets.grimdark.table_models import GrimdarkCritEntry, GrimdarkMoveEntry
from companion.tables.loader import load_tables
from companion.tables.model import TableFile

TABLES = load_tables(include_user=False)
CRIT = TABLES.get("grimdark-crit")
MOVES = TABLES.get("grimdark-moves")
ABILITIES = TABLES.get("grimdark-abilities")
EQUIPMENT = TABLES.get("grimdark-equipment")


def move(name: str) -> GrimdarkMoveEntry:
    found = MOVES.lookup(name)
    assert isinstance(found, GrimdarkMoveEntry)
    return found


# ------------------------------------------------------------------ critical hits

# The seed's table, row = d8 roll, columns = severity 1..5 and 6+ (its "+" signs kept).
CRIT_FROM_SEED = """
1 | +1 | +2 | +3 | +4 | +5 | +6
2 | +d2 | +d2+1 | +d2+2 | d2+3 | d4+4 | d4+5
3 | +d4 | +d4+1 | +d4+2 | d4+3 | d6+4 | d6+5
4 | +d4 | +d4+1 | +d6+2 | d6+3 | d6+4, 1 KB | d6+5, 2 KB
5 | +d6 | +d6+1 | +d6+2 | d6+3, 1 KB | d6+4, 2 KB | d6+5, 2 KB, Stun
6 | +d6 | +d6+1, 1 KB | +d6+2, 1 KB | d6+3, 2 KB | d6+4, 2 KB, Stun | d8+5, 2 KB, Wound
7 | +d6, 1 KB | +d6+1, 1 KB | +d6+2, 2 KB | d6+3, 2 KB, Stun | d8+4, 2 KB, Wound \
| d8+5, 3 KB, Stun, Wound
8 | +d6, 2 KB | +d6+1, 2 KB | +d6+2, 2 KB, Wound | d8+3, 2 KB, Wound \
| d8+4, 2 KB, Stun, Wound | Gruesome demise!
"""


def _seed_cells() -> dict[tuple[int, int], tuple[str, int, bool, bool, bool]]:
    cells = {}
    for line in CRIT_FROM_SEED.strip().splitlines():
        roll, *columns = (c.strip() for c in line.split("|"))
        assert len(columns) == 6
        for severity, text in enumerate(columns, start=1):
            if text == "Gruesome demise!":
                cells[int(roll), severity] = ("0", 0, False, False, True)
                continue
            damage, *rest = (p.strip() for p in text.split(","))
            kb = next((int(p.split()[0]) for p in rest if p.endswith("KB")), 0)
            cells[int(roll), severity] = (
                damage.removeprefix("+"), kb, "Stun" in rest, "Wound" in rest, False
            )
    return cells


def test_every_critical_cell_matches_the_seed() -> None:
    expected = _seed_cells()
    assert len(CRIT.entries) == len(expected) == 48
    for (roll, severity), cell in expected.items():
        got = CRIT.lookup(roll, severity)
        assert isinstance(got, GrimdarkCritEntry)
        assert (got.bonus_damage, got.knockback, got.stun, got.wound, got.gruesome) == cell, (
            roll,
            severity,
        )


def test_the_crit_table_is_rolled_on_a_d8_against_a_given_severity() -> None:
    roll, severity = CRIT.axes
    assert (roll.name, roll.min, roll.max, roll.dice) == ("roll", 1, 8, "d8")
    assert (severity.name, severity.min, severity.max, severity.open_above) == (
        "severity", 1, 6, True,
    )
    assert severity.dice == ""
    assert CRIT.file.roll == "d8 x severity"
    assert all(e.key[1] in (1, 2, 3, 4, 5, [6, None]) for e in CRIT.entries)


def test_a_severity_above_6_reads_the_6_plus_column() -> None:
    assert CRIT.lookup(8, 9).gruesome
    assert CRIT.lookup(8, 9) is CRIT.lookup(8, 6)
    assert CRIT.lookup(7, 12).bonus_damage == "d8+5"


def test_roll_8_at_severity_6_is_a_gruesome_demise_and_nothing_else_is() -> None:
    gruesome = [e.key for e in CRIT.entries if e.gruesome]
    assert gruesome == [[8, [6, None]]]
    assert {"type": "gruesome"} in [e.model_dump() for e in CRIT.lookup(8, 6).effects]
    # No bonus damage is a house value: a dead gladiator needs none.
    assert CRIT.lookup(8, 6).house == ["bonus_damage"]


def test_a_critical_7_at_severity_6_does_d8_plus_5_knocks_back_3_stuns_and_wounds() -> None:
    cell = CRIT.lookup(7, 6)
    kinds = [e.type for e in cell.effects]
    assert kinds == ["bonus_damage", "knockback", "stun", "wound"]
    assert cell.effects[0].dice == "d8+5" and cell.effects[1].amount == 3


def test_the_seeds_plus_signs_are_dropped_from_bonus_damage() -> None:
    # The seed writes "+d2+2" in one column and "d2+3" in the next: the same kind of bonus.
    assert CRIT.lookup(2, 3).bonus_damage == "d2+2"
    assert CRIT.lookup(2, 4).bonus_damage == "d2+3"
    assert not any(e.bonus_damage.startswith("+") for e in CRIT.entries)


def test_crit_effects_must_agree_with_the_fields() -> None:
    good = {"key": [5, [6, None]], "description": "x", "bonus_damage": "+d6+5",
            "knockback": 2, "stun": True, "wound": False, "gruesome": False,
            "effects": [{"type": "bonus_damage", "dice": "d6+5"},
                        {"type": "knockback", "amount": 2}, {"type": "stun"}]}
    assert GrimdarkCritEntry.model_validate(good).bonus_damage == "d6+5"
    with pytest.raises(ValidationError):
        GrimdarkCritEntry.model_validate({**good, "effects": good["effects"][:2]})
    with pytest.raises(ValidationError):
        GrimdarkCritEntry.model_validate({**good, "bonus_damage": "d6 plus 5"})


def test_every_row_must_reach_the_open_6_plus_column() -> None:
    raw = json.loads(Path(TABLES.origins["grimdark-crit"]).read_text(encoding="utf-8"))
    TableFile.model_validate(raw)
    short = [e for e in raw["entries"] if e["key"] != [3, [6, None]]]
    with pytest.raises(ValidationError, match="row 3"):
        TableFile.model_validate({**raw, "entries": short})


# ------------------------------------------------------------------ moves

# name, category, kind, stat, ASR, W, modifier: every move in the seed's list, in order.
MOVES_FROM_SEED = [
    ("Basic Melee", "melee", "melee-attack", "active", False, False, 0),
    ("Basic Disarm", "melee", "melee-attack", "active", False, False, 0),
    ("Grapple", "melee", "melee-attack", "brutality", False, False, 0),
    ("Powerful Attack", "melee", "melee-attack", "brutality", True, False, -1),
    ("Graceful Slash", "melee", "melee-attack", "style", False, False, -1),
    ("Bold Gambit", "melee", "melee-attack", "style", True, False, 2),
    ("Touch of Evil", "melee", "melee-attack", "weird", False, False, 0),
    ("Basic Ranged", "ranged", "ranged-attack", "active", False, False, 0),
    ("Throw Something", "ranged", "ranged-attack", "brutality", False, True, 0),
    ("Deadly Shot", "ranged", "ranged-attack", "style", False, False, -1),
    ("Snap Shot", "ranged", "ranged-attack", "style", True, False, 0),
    ("Psionic Blast", "ranged", "ranged-attack", "mind", False, True, 0),
    ("Basic Adjustment", "support", "support", "active", False, False, 0),
    ("Basic Performance", "support", "support", "active", False, False, 0),
    ("Basic Defense", "support", "support", "active", False, False, 3),
    ("Biding Time", "support", "support", "mind", False, False, 0),
    ("Brutal Bash", "combined", "melee-attack", "brutality", False, False, -1),
    ("Stylish Strike", "combined", "melee-attack", "style", False, False, -1),
    ("Mental Maneuver", "combined", "melee-attack", "mind", False, False, -1),
    ("Weird Wizardry", "combined", "melee-attack", "weird", False, False, -1),
    ("Merciless Beating", "finishers", "melee-finisher", "brutality", True, False, 4),
    ("Swift Execution", "finishers", "melee-finisher", "style", True, False, 4),
    ("Master Plan", "finishers", "melee-finisher", "mind", True, False, 4),
    ("Unholy Judgment", "finishers", "melee-finisher", "weird", True, False, 4),
    ("Gather the Spirits", "arcane", "support", "weird", False, False, 0),
    ("Power Leech", "arcane", "melee-attack", "weird", False, False, -1),
    ("Acid Touch", "arcane", "melee-attack", "active", False, True, 2),
    ("Cold Touch", "arcane", "melee-attack", "active", False, True, 2),
    ("Fireball", "arcane", "ranged-attack", "active", False, True, 2),
    ("Lightning Bolt", "arcane", "ranged-attack", "active", False, True, 2),
    ("Magic Shield", "arcane", "support", "active", False, False, 1),
    ("Shadow Envelop", "arcane", "ranged-attack", "active", False, True, 1),
    ("Flurry of Blows", "berserk", "melee-attack", "active", False, False, -1),
    ("Tackle", "berserk", "melee-attack", "active", False, False, -1),
    ("Wild Charge", "berserk", "melee-attack", "active", False, False, -2),
    ("Revenge", "berserk", "melee-attack", "active", False, False, 2),
    ("Last Stand", "berserk", "melee-attack", "active", False, False, 4),
    ("Blood Sacrifice", "demonic", "melee-attack", "weird", False, False, -2),
    ("Dark Touch", "demonic", "melee-attack", "active", False, False, 2),
    ("Eye of the Demon", "demonic", "ranged-attack", "active", False, False, 2),
    ("Wrath from Beyond", "demonic", "special-attack", "active", False, False, 0),
    ("Face-Off", "gamble", "melee-attack", "random", False, False, 1),
    ("High Stakes", "gamble", "combo-attack", "active", False, False, 0),
    ("Risky Business", "gamble", "combo-attack", "active", False, False, 1),
    ("Alluring Dance", "performance", "support", "style", False, False, 0),
    ("Crowd Favorite", "performance", "combo-attack", "active", False, False, 0),
    ("Daring Acrobatics", "performance", "combo-attack", "active", False, False, 1),
    ("Timing is Everything", "performance", "combo-attack", "active", False, False, 0),
    ("Twirling Scarves", "performance", "combo-attack", "active", False, False, 0),
    ("All or Nothing Gambit", "tactical", "combo-attack", "active", False, False, 2),
    ("Disabling Strike", "tactical", "combo-attack", "active", False, False, -1),
    ("Distance Disarm", "tactical", "ranged-attack", "active", False, False, 0),
    ("Psychic Disruption", "tactical", "combo-attack", "active", False, False, 0),
    ("Unbalancing Distraction", "tactical", "combo-attack", "active", False, False, 0),
    ("Recharge", "technomancy", "support", "mind", False, False, 0),
    ("Adaptive Shielding", "technomancy", "combo-attack", "active", False, False, 0),
    ("Energized Strike", "technomancy", "melee-attack", "active", False, False, 1),
    ("Regenerate", "technomancy", "support", "active", False, False, 0),
    ("Dance of Blades", "special", "melee-attack", "style", False, False, 2),
    ("Opportune Strike", "special", "melee-attack", "mind", False, False, 2),
]
BONUS_DAMAGE = {
    "Powerful Attack": 3, "Deadly Shot": 3, "Throw Something": "d4", "Psionic Blast": "d4",
    "Acid Touch": "d6", "Cold Touch": "d6", "Fireball": "d4", "Lightning Bolt": "d4",
    "Shadow Envelop": "d2", "Wild Charge": 8, "Risky Business": 2, "Daring Acrobatics": 2,
    "Energized Strike": 4, "Dance of Blades": 2, "Opportune Strike": 2,
}
HALF_DAMAGE = {"Basic Disarm", "Grapple", "Touch of Evil", "Distance Disarm"}
COOLDOWN = {"Throw Something": 2, "Snap Shot": 1, "Psionic Blast": 2}
COST = {
    "Acid Touch": ("arcane-essence", 2), "Cold Touch": ("arcane-essence", 2),
    "Fireball": ("arcane-essence", 2), "Lightning Bolt": ("arcane-essence", 2),
    "Magic Shield": ("arcane-essence", 1), "Shadow Envelop": ("arcane-essence", 2),
    "Adaptive Shielding": ("quantum-energy", 1), "Energized Strike": ("quantum-energy", 1),
    "Regenerate": ("quantum-energy", 2),
}
GAIN = {
    "Graceful Slash": [("cz", 1, "hit")], "Basic Performance": [("cz", 1, "use")],
    "Gather the Spirits": [("arcane-essence", 2, "use")],
    "Power Leech": [("arcane-essence", 1, "hit")], "Blood Sacrifice": [("curse", -1, "hit")],
    "Dark Touch": [("curse", 1, "use")], "Eye of the Demon": [("curse", 1, "use")],
    "Wrath from Beyond": [("curse", 2, "use")], "Recharge": [("quantum-energy", 1, "use")],
}
ABILITY_OF_CATEGORY = {
    "arcane": "arcane-arts", "berserk": "berserker", "demonic": "demonology",
    "gamble": "gambler", "performance": "performer", "tactical": "tactician",
    "technomancy": "technomancer",
}


def test_every_move_in_the_seed_is_in_the_table_with_its_numbers() -> None:
    for name, category, kind, stat, asr, weapon, modifier in MOVES_FROM_SEED:
        got = move(name)
        assert (got.name, got.category, got.kind, got.stat, got.asr, got.weapon,
                got.modifier) == (name, category, kind, stat, asr, weapon, modifier), name
        assert got.bonus_damage == BONUS_DAMAGE.get(name, 0), name
        assert got.half_damage == (name in HALF_DAMAGE), name
        assert got.cooldown == COOLDOWN.get(name, 0), name
        cost = (got.cost.resource, got.cost.amount) if got.cost else None
        assert cost == COST.get(name), name
        assert [(g.resource, g.amount, g.on) for g in got.gain] == GAIN.get(name, []), name
        assert got.requires_ability == ABILITY_OF_CATEGORY.get(category), name


def test_the_table_holds_the_seeds_moves_and_assess_the_situation_only() -> None:
    names = {e.name for e in MOVES.entries}
    assert names == {m[0] for m in MOVES_FROM_SEED} | {"Assess the Situation"}
    assert len(MOVES.entries) == 61


def test_assessing_the_situation_defends_with_the_active_stat_at_plus_1() -> None:
    assess = move("assess the situation")
    assert (assess.stat, assess.modifier, assess.attack) == ("active", 1, None)
    assert assess.always_available and assess.special
    rules = {e.rule for e in assess.effects}
    assert rules == {"discard-hand-draw-three", "no-tie-cz"}


def test_only_dance_of_blades_and_opportune_strike_are_special_cards() -> None:
    special = {e.name for e in MOVES.entries if e.special and not e.always_available}
    assert special == {"Dance of Blades", "Opportune Strike"}
    assert move("Alluring Dance").replaced_by == "dance-of-blades"
    assert move("Biding Time").replaced_by == "opportune-strike"
    for e in MOVES.entries:
        if e.replaced_by:
            assert move(e.replaced_by).special


def test_a_finisher_needs_a_two_cz_lead_and_a_wounded_target() -> None:
    finishers = [e for e in MOVES.entries if e.kind == "melee-finisher"]
    assert len(finishers) == 4
    for f in finishers:
        assert f.requirements is not None
        assert f.requirements.cz_above_target == 2 and f.requirements.target_wounded
        assert f.asr and f.modifier == 4
        assert "no-tie-cz" in {e.rule for e in f.effects}


def test_revenge_needs_5_damage_last_turn_and_last_stand_a_wound() -> None:
    assert move("Revenge").requirements.damage_taken_last_turn == 5
    last_stand = move("Last Stand")
    assert last_stand.requirements.self_wounded
    assert "defeated-if-hit" in {e.rule for e in last_stand.effects}
    assert move("Snap Shot").requirements.weapon_property == "quickshot"


def test_move_effects_carry_the_seeds_numbers() -> None:
    def rules(name: str) -> dict[str, int | None]:
        return {e.rule: e.amount for e in move(name).effects if e.type == "rule"}

    assert rules("Basic Disarm") == {"disarm-turns": 3}
    assert rules("Distance Disarm") == {"disarm-turns": 3}
    assert rules("Grapple") == {"target-penalty-next-turn": -2}
    assert rules("Touch of Evil") == {"target-penalty-next-3-turns": -1}
    assert rules("Bold Gambit") == {"self-penalty-next-turn": -4}
    assert rules("Daring Acrobatics") == {"self-penalty-next-turn": -2}
    assert rules("Flurry of Blows") == {
        "stacking-bonus-per-use": 1, "stacking-bonus-max": 4, "no-draw-on-hit": None,
    }
    assert rules("High Stakes") == {"power-die-worse-of-two": 12}
    assert rules("Adaptive Shielding") == {"resist-all-elements-turns": 4}
    assert rules("Crowd Favorite") == {
        "modifier-vs-lower-cz": 1, "modifier-vs-higher-cz": -1,
        "modifier-vs-lower-cz-by-4": 2, "modifier-vs-higher-cz-by-4": -2,
    }
    for name in ("Tackle", "Disabling Strike", "Shadow Envelop"):
        assert "target-ineffective-on-hit" in rules(name)
    assert "damage-only-on-critical" in rules("All or Nothing Gambit")
    assert [e.amount for e in move("Regenerate").effects if e.type == "heal"] == [5]
    assert [move(n).sets_active_stat for n in ("Brutal Bash", "Stylish Strike",
            "Mental Maneuver", "Weird Wizardry", "Basic Adjustment")] == [
        "brutality", "style", "mind", "weird", "any"]
    assert {move(n).element for n in ("Acid Touch", "Cold Touch", "Fireball",
            "Lightning Bolt")} == {"acid", "ice", "fire", "electric"}


def test_only_moves_named_basic_are_free_of_the_five_copies_limit() -> None:
    basic = {e.name for e in MOVES.entries if e.basic}
    assert basic == {"Basic Melee", "Basic Disarm", "Basic Ranged", "Basic Adjustment",
                     "Basic Performance", "Basic Defense"}


def test_each_move_category_is_opened_by_the_ability_that_names_it() -> None:
    for category, ability in ABILITY_OF_CATEGORY.items():
        assert ABILITIES.lookup(ability).unlocks_moves == category


# ------------------------------------------------------------------ abilities

# name: (cost, per level, cap, prerequisite, unlocked move category)
ABILITIES_FROM_SEED = {
    "Arcane Arts": (8, False, None, ("weird", 4), "arcane"),
    "Berserker": (8, False, None, ("brutality", 4), "berserk"),
    "Combat Focus": (1, True, ("fixed", 8), None, None),
    "Demonology": (6, False, None, ("weird", 3), "demonic"),
    "Endurance": (1, True, ("stat", "brutality"), None, None),
    "Fierce Attack": (4, False, None, None, None),
    "Flying": (8, False, None, None, None),
    "Gambler": (6, False, None, ("style", 3), "gamble"),
    "Huge": (4, False, None, None, None),
    "Jack of All Trades": (2, True, ("stat", "mind"), None, None),
    "Lucky Number Seven": (2, False, None, None, None),
    "Natural Weapon": (6, False, None, None, None),
    "Performer": (8, False, None, ("style", 4), "performance"),
    "Poise": (1, True, ("stat", "style"), None, None),
    "Poison Immunity": (3, False, None, None, None),
    "Tactician": (8, False, None, ("mind", 4), "tactical"),
    "Technomancer": (6, False, None, ("mind", 3), "technomancy"),
    "Vampire": (4, False, None, None, None),
    "Versatile": (3, False, None, None, None),
    "Veteran": (4, False, None, None, None),
}


def test_every_ability_has_the_seeds_cost_level_cap_and_prerequisite() -> None:
    assert {e.name for e in ABILITIES.entries} == set(ABILITIES_FROM_SEED)
    for name, (cost, per_level, cap, prereq, unlocks) in ABILITIES_FROM_SEED.items():
        got = ABILITIES.lookup(name)
        got_cap = None if got.cap is None else (got.cap.kind, got.cap.value or got.cap.stat)
        got_pre = None if got.prerequisite is None else (
            got.prerequisite.stat, got.prerequisite.min)
        assert (got.cost, got.per_level, got_cap, got_pre, got.unlocks_moves) == (
            cost, per_level, cap, prereq, unlocks), name


def test_ability_numbers_match_the_seed() -> None:
    focus, gambler, huge = (ABILITIES.lookup(n).chance for n in
                            ("Combat Focus", "Gambler", "Huge"))
    assert (focus.percent, focus.per_level, focus.bonus) == (12.5, True, 1)
    assert (gambler.percent, gambler.per_level, gambler.bonus) == (5, False, 2)
    assert (huge.percent, huge.per_level, huge.bonus) == (25, False, 1)
    assert ABILITIES.lookup("Berserker").hp_die == "d10"
    assert ABILITIES.lookup("Performer").init_die == "d10"
    assert ABILITIES.lookup("Endurance").hp_bonus == 1
    assert ABILITIES.lookup("Poise").init_bonus == 1
    assert ABILITIES.lookup("Fierce Attack").damage_bonus == 1
    natural = ABILITIES.lookup("Natural Weapon")
    assert (natural.slots, natural.weapon_damage) == (-2, "d6")
    assert all(ABILITIES.lookup(n).slots == 0 for n in ABILITIES_FROM_SEED if n != "Natural Weapon")
    arcane = ABILITIES.lookup("Arcane Arts").starting
    assert [(s.resource, s.stat) for s in arcane] == [("arcane-essence", "weird")]
    techno = ABILITIES.lookup("Technomancer").starting
    assert [(s.resource, s.amount) for s in techno] == [("quantum-energy", 1)]
    veteran = ABILITIES.lookup("Veteran").starting
    assert [(s.resource, s.amount, s.dice) for s in veteran] == [
        ("fame", 1, None), ("wins", None, "d6")]
    lucky = ABILITIES.lookup("Lucky Number Seven").effects
    assert [(e.rule, e.amount) for e in lucky] == [("ignore-crit-at-advantage", 7)]
    flying = {e.rule: e.amount for e in ABILITIES.lookup("Flying").effects}
    assert flying["melee-against-penalty"] == -2


# ------------------------------------------------------------------ equipment

# name: (slots, damage, melee, ranged, restriction)
EQUIPMENT_FROM_SEED = {
    "Light Melee Weapon": (1, "d2", True, False, None),
    "Heavy Melee Weapon": (3, "d6", True, False, None),
    "Light Ranged Weapon": (1, "0", False, True, None),
    "Heavy Ranged Weapon": (3, "d4", False, True, None),
    "Unarmed": (0, "0", True, False, None),
    "Armour": (1, None, False, False, None),
    "Crushing": (1, None, False, False, "heavy-only"),
    "Deadly": (1, None, False, False, None),
    "Deflecting": (1, None, False, False, None),
    "Disorienting": (1, None, False, False, None),
    "Elemental": (1, None, False, False, None),
    "Flashy": (1, None, False, False, None),
    "Paired": (1, None, False, False, "light-only"),
    "Quickshot": (1, None, False, False, "ranged-only"),
    "Tenacious": (1, None, False, False, None),
    "Throwable": (1, None, False, False, "melee-only"),
    "Toxic": (1, None, False, False, None),
    "Unsafe": (1, None, False, False, None),
    "Vampiric": (1, None, False, False, None),
}


def test_every_weapon_property_and_armour_has_the_seeds_slots_and_dice() -> None:
    assert {e.name for e in EQUIPMENT.entries} == set(EQUIPMENT_FROM_SEED)
    for name, expected in EQUIPMENT_FROM_SEED.items():
        got = EQUIPMENT.lookup(name)
        assert (got.slots, got.damage, got.melee, got.ranged, got.restriction) == expected, name
    categories = Counter(e.category for e in EQUIPMENT.entries)
    assert categories == {"weapon": 5, "armour": 1, "property": 13}


def test_property_numbers_match_the_seed() -> None:
    def get(name: str):
        return EQUIPMENT.lookup(name)

    assert get("Armour").hp_per_slot == 5
    assert (get("Crushing").die_steps, get("Crushing").min_advantage) == (1, 4)
    deadly = get("Deadly")
    assert deadly.crit_threshold == -1
    assert (deadly.low_crit.advantage, deadly.low_crit.severity,
            deadly.low_crit.base_damage) == (5, 1, 4)
    assert (get("Deflecting").deflect_die_melee, get("Deflecting").deflect_die_ranged) == (
        "d8", "d10")
    assert get("Elemental").elements == ["acid", "electric", "fire", "ice"]
    assert (get("Paired").power_dice, get("Paired").crit_bonus_damage) == ("2d4", 2)
    quick = get("Quickshot").ranged_vs_melee
    assert (quick.bonus, quick.penalty) == (3, 0)
    assert (get("Throwable").die_steps, get("Throwable").gone_turns) == (-1, "d4")
    toxic = get("Toxic")
    assert (toxic.poison_per_hit, toxic.poison_per_crit, toxic.poison_defeat) == (1, 2, 8)
    assert (get("Unsafe").die_steps, get("Unsafe").self_damage_per_attack) == (1, 1)
    assert get("Unsafe").house == ["crit_severity_step"]
    assert (get("Vampiric").hp_per_hit, get("Vampiric").hp_per_crit) == (1, 2)
    tenacious = {e.rule for e in get("Tenacious").effects}
    assert tenacious == {"never-disarmed-or-broken", "ignores-knockback", "ignores-stun"}
    assert "5 equipment slots" in EQUIPMENT.file.notes


# ------------------------------------------------------------------ Lord Smash

LORD_SMASH_STATS = {"brutality": 6, "style": 3, "mind": 3, "weird": 3}
LORD_SMASH_ABILITIES = {"Berserker": 1, "Combat Focus": 6, "Endurance": 5, "Fierce Attack": 1}
LORD_SMASH_MOVES = {
    "Flurry of Blows": 5, "Brutal Bash": 4, "Wild Charge": 2, "Grapple": 2,
    "Merciless Beating": 2, "Last Stand": 1, "Basic Melee": 4,
}
LORD_SMASH_KIT = ["Heavy Melee Weapon", "Crushing", "Tenacious"]


def test_lord_smash_has_a_legal_stat_array() -> None:
    values = LORD_SMASH_STATS.values()
    assert sum(values) == 15 and max(values) - min(values) <= 5


def test_lord_smash_spends_exactly_20_plus_mind_ability_points() -> None:
    spent = {}
    for name, level in LORD_SMASH_ABILITIES.items():
        ability = ABILITIES.lookup(name)
        spent[name] = ability.cost * (level if ability.per_level else 1)
        if ability.cap is not None:
            assert level <= ability.cap.limit(LORD_SMASH_STATS), name
        if ability.prerequisite is not None:
            assert LORD_SMASH_STATS[ability.prerequisite.stat] >= ability.prerequisite.min
    assert spent == {"Berserker": 8, "Combat Focus": 6, "Endurance": 5, "Fierce Attack": 4}
    assert sum(spent.values()) == 23 == 20 + LORD_SMASH_STATS["mind"]


def test_lord_smashs_twenty_moves_make_a_legal_repertoire() -> None:
    assert sum(LORD_SMASH_MOVES.values()) == 20
    assert 15 <= sum(LORD_SMASH_MOVES.values()) <= 30
    owned = {ABILITIES.lookup(n).key for n in LORD_SMASH_ABILITIES}
    for name, copies in LORD_SMASH_MOVES.items():
        card = move(name)
        assert not card.special, name
        assert card.basic or copies <= 5, name
        assert card.requires_ability is None or card.requires_ability in owned, name


def test_lord_smashs_greataxe_fills_his_five_slots() -> None:
    axe, *properties = (EQUIPMENT.lookup(n) for n in LORD_SMASH_KIT)
    assert axe.weight == "heavy" and axe.melee
    assert all(p.restriction in (None, "heavy-only", "melee-only") for p in properties)
    assert sum(e.slots for e in (axe, *properties)) == 5
