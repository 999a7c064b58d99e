"""The battle system's three critical damage tables (seed 002) and the crit lookup.

The expected values below are typed from the seed's flattened tables, not from the JSON:
`KEY DAMAGE/Stun`, with the source's star on the key ("20*") and on the stun ("7/Stun*",
he may not focus this turn), "Awake" for the one entry that leaves him unstunnable, and
"35+" for the open top.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from support.places import ROOT

from companion.errors import UserError
from companion.rulesets.battle.table_models import CritEntry, crit_entry, crit_hit, crit_total
from companion.tables.loader import TableFileError, load_tables, parse_table
from companion.tables.table import Table

SEED = {
    "crit-slashing": """
        3 5/Stun  4 5/Stun  5 5/Stun  6 5/Stun  7 5/Stun  8 5/Stun  9 5/Stun  10 6/Stun
        11 6/Stun  12 6/Stun  13 7/Stun  14 7/Stun*  15 8/Stun  16 8/Stun  17 9/Stun
        18 10/Stun*  19 11/Stun  20* 12/Stun  21 13/Stun  22* 14/Stun  23 15/Stun
        24* 16/Stun  25* 17/Stun  26* 18/Stun  27 20/Stun  28* 22/Stun  29 24/Stun
        30* 27/Awake  31* 30/Stun  32* 33/Stun  33* 37/Stun  34* 40/Stun  35+ 45/Stun""",
    "crit-bludgeoning": """
        3 5/Stun  4 5/Stun  5 5/Stun  6 5/Stun  7 5/Stun  8 5/Stun  9 5/Stun  10 6/Stun
        11 6/Stun  12 6/Stun  13 7/Stun  14 7/Stun*  15 8/Stun  16 8/Stun  17 9/Stun
        18 10/Stun*  19 11/Stun  20* 12/Stun  21 13/Stun  22* 14/Stun  23 15/Stun
        24* 16/Stun  25* 17/Stun  26* 18/Stun  27 20/Stun  28* 22/Stun  29 24/Stun
        30* 27/Awake  31* 30/Stun  32* 33/Stun  33* 37/Stun  34* 40/Stun  35+ 45/Stun""",
    "crit-piercing": """
        1-3 5/Stun  4 5/Stun  5 5/Stun  6 5/Stun  7 5/Stun  8 5/Stun  9 5/Stun  10 6/Stun
        11 6/Stun  12 6/Stun  13 7/Stun  14 7/Stun*  15 8/Stun  16 8/Stun  17 9/Stun
        18 10/Stun*  19 11/Stun  20* 12/Stun  21 13/Stun  22* 14/Stun  23 15/Stun
        24* 16/Stun  25* 17/Stun  26* 18/Stun  27 20/Stun  28* 22/Stun  29 24/Stun
        30* 27/Awake  31* 30/Stun  32* 33/Stun  33* 37/Stun  34* 40/Stun  35+ 45/Stun""",
}
SEED_ITEM = re.compile(r"(\d+)(?:-(\d+))?(\*?)(\+?) (\d+)/(Stun|Awake)(\*?)")

# Lasting effects by key (beyond the stun itself and the starred stun's no-focus),
# in the shorthand of `shorthand` below.
BLINDED = "dice_modifier attack_and_defence -1 until_cleared armor_exempt"
LIMP = "dice_modifier defence -2 rest_of_battle armor_exempt"
WEAK_ARM = "dice_modifier attack -1 rest_of_battle"
SCAR_ROLL = ["scar", "roll_subtable d6"]
DEATH = ["dies_unless_wins credit_kill"]
CONVULSIONS = ["stunned_rounds 2 no_focus_first_round"]
COMMON: dict[int, list[str]] = {
    15: SCAR_ROLL,
    20: ["drop_shield"],
    22: ["drop_weapon"],
    25: SCAR_ROLL,
    27: [WEAK_ARM],
    28: ["no_shield_or_two_handed"],
    29: ["armour_destroyed"],
    30: ["drop_weapon", "awake"],
    33: DEATH,
    34: DEATH,
}
LASTING: dict[str, dict[int, list[str]]] = {
    "crit-slashing": {
        **COMMON,
        16: [BLINDED],
        21: [LIMP],
        31: ["rule"],  # the attacker picks the victim's last cry, which he must say
        32: CONVULSIONS,
    },
    "crit-bludgeoning": {
        **COMMON,
        16: [BLINDED],
        21: [LIMP],
        31: ["rule"],
        32: CONVULSIONS,
    },
    "crit-piercing": {
        **COMMON,
        16: ["scar"],  # a permanent bullseye wound on the forehead
        19: ["lodged_if_thrown"],  # a thrown weapon stays lodged in him for the battle
        21: ["dice_modifier parry_dodge -2 rest_of_battle"],
        32: ["scar loses eye", *CONVULSIONS],
    },
}

# What each line of the permanent scar sub-tables (d6 1..6) costs him.
SCAR_LOSSES = {
    "crit-slashing": {15: "finger none none none none ear", 25: "none none lip none teeth none"},
    "crit-bludgeoning": {
        15: "finger none teeth none none ear",
        25: "none nose none none eye tongue",
    },
    "crit-piercing": {15: "toe none teeth none finger none", 25: "ear toe none none finger none"},
}

CRIT_IDS = list(SEED)


@pytest.fixture(scope="module")
def tables() -> dict[str, Table]:
    found = load_tables(include_user=False)
    return {tid: found.get(tid) for tid in [*CRIT_IDS, "fate"]}


def entries(table: Table) -> list[CritEntry]:
    out = [e for e in table.entries if isinstance(e, CritEntry)]
    assert len(out) == len(table.entries)
    return out


def low_of(key: Any) -> int:
    return key[0] if isinstance(key, list) else key


def covers(key: Any, total: int) -> bool:
    low, high = (key, key) if isinstance(key, int) else key
    return low <= total and (high is None or total <= high)


def shorthand(effect: Any) -> str:
    data = effect.model_dump()
    kind = data["type"]
    if kind == "dice_modifier":
        text = f"{kind} {data['target']} {data['amount']} {data['duration']}"
        return text + (" armor_exempt" if data["armor_exempt"] else "")
    if kind == "scar":
        return "scar" if data["loses"] == "none" else f"scar loses {data['loses']}"
    if kind == "roll_subtable":
        return f"{kind} {data['die']}"
    if kind == "stunned_rounds":
        first = " no_focus_first_round" if data["no_focus_first_round"] else ""
        return f"{kind} {data['rounds']}{first}"
    if kind == "dies_unless_wins":
        return kind + (" credit_kill" if data["credit_kill"] else "")
    return kind


def seed_rows(table_id: str) -> list[dict[str, Any]]:
    rows = []
    for low, high, key_star, open_top, damage, mark, stun_star in SEED_ITEM.findall(SEED[table_id]):
        key: Any = int(low)
        if high:
            key = [int(low), int(high)]
        if open_top:
            key = [int(low), None]
        rows.append(
            {
                "key": key,
                "damage": int(damage),
                "stun": mark == "Stun",
                "starred": key_star == "*",
                "no_focus": stun_star == "*",
            }
        )
    return rows


# --- the tables match the seed, entry by entry -------------------------------------------


@pytest.mark.parametrize("table_id", CRIT_IDS)
def test_every_entry_has_the_seeds_damage_stun_and_stars(
    tables: dict[str, Table], table_id: str
) -> None:
    expected = seed_rows(table_id)
    assert len(expected) == 33
    actual = [
        {
            "key": e.key,
            "damage": e.damage,
            "stun": e.stun,
            "starred": e.starred,
            "no_focus": any(f.type == "no_focus" for f in e.effects),
        }
        for e in entries(tables[table_id])
    ]
    assert actual == expected


@pytest.mark.parametrize("table_id", CRIT_IDS)
def test_damage_climbs_the_same_ladder_in_all_three_tables(
    tables: dict[str, Table], table_id: str
) -> None:
    ladder = [5] * 7 + [6] * 3 + [7, 7, 8, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]
    ladder += [20, 22, 24, 27, 30, 33, 37, 40, 45]
    assert [e.damage for e in entries(tables[table_id])] == ladder


@pytest.mark.parametrize("table_id", CRIT_IDS)
def test_stun_and_awake_are_also_effects(tables: dict[str, Table], table_id: str) -> None:
    for e in entries(tables[table_id]):
        kinds = [f.type for f in e.effects]
        assert ("stun" in kinds) == e.stun, e.key
        assert ("awake" in kinds) == (not e.stun), e.key


@pytest.mark.parametrize("table_id", CRIT_IDS)
def test_only_a_rung_bell_leaves_him_awake(tables: dict[str, Table], table_id: str) -> None:
    awake = [e.key for e in entries(tables[table_id]) if not e.stun]
    assert awake == [30]


@pytest.mark.parametrize("table_id", CRIT_IDS)
def test_starred_stuns_forbid_focus_this_turn_at_14_and_18(
    tables: dict[str, Table], table_id: str
) -> None:
    no_focus = [
        e.key for e in entries(tables[table_id]) if any(f.type == "no_focus" for f in e.effects)
    ]
    assert no_focus == [14, 18]


@pytest.mark.parametrize("table_id", CRIT_IDS)
def test_every_lasting_effect_sits_at_its_key(tables: dict[str, Table], table_id: str) -> None:
    for e in entries(tables[table_id]):
        lasting = [shorthand(f) for f in e.effects if f.type not in ("stun", "no_focus")]
        expected = LASTING[table_id].get(low_of(e.key), [])
        assert sorted(lasting) == sorted(expected), e.key


@pytest.mark.parametrize("table_id", CRIT_IDS)
def test_scar_subtables_are_a_d6_with_the_right_losses(
    tables: dict[str, Table], table_id: str
) -> None:
    with_subtables = {}
    for e in entries(tables[table_id]):
        if e.subtable:
            assert [s.key for s in e.subtable] == [1, 2, 3, 4, 5, 6]
            with_subtables[e.key] = " ".join(s.loses for s in e.subtable)
    assert with_subtables == SCAR_LOSSES[table_id]


def test_slashing_15_costs_a_finger_on_1_and_an_ear_on_6(tables: dict[str, Table]) -> None:
    scar = crit_entry(tables["crit-slashing"], 15)
    assert scar.subtable[0].loses == "finger"
    assert scar.subtable[5].loses == "ear"


def test_a_crushed_tongue_cannot_say_ten_letters(tables: dict[str, Table]) -> None:
    line = crit_entry(tables["crit-bludgeoning"], 25).subtable[5]
    assert line.loses == "tongue"
    rules = [f.rule for f in line.effects if f.type == "rule"]
    assert rules and "C, D, G, J, L, N, S, T, X or Z" in rules[0]


def test_a_piercing_33_through_the_eye_loses_it_and_stuns_two_rounds(
    tables: dict[str, Table],
) -> None:
    hit = crit_hit(tables["crit-piercing"], 32)
    assert (hit.damage, hit.stun) == (33, True)
    assert "scar loses eye" in [shorthand(f) for f in hit.entry.effects]


def test_every_entry_and_scar_has_a_description(tables: dict[str, Table]) -> None:
    for table_id in CRIT_IDS:
        for e in entries(tables[table_id]):
            assert e.description.strip()
            assert all(s.description.strip() for s in e.subtable)


# --- the envelope other code relies on ---------------------------------------------------


@pytest.mark.parametrize(("table_id", "lowest"), [
    ("crit-slashing", 3), ("crit-bludgeoning", 3), ("crit-piercing", 1),
])  # fmt: skip
def test_envelope_is_a_battle_crit_table_rolled_as_dice_plus_bonus(
    tables: dict[str, Table], table_id: str, lowest: int
) -> None:
    f = tables[table_id].file
    assert (f.id, f.kind, f.system) == (table_id, "crit", "battle")
    assert f.source == "002_c075b6a523e6b826.txt"
    assert f.roll == "sum of crit dice + weapon bonus"
    (axis,) = f.axes
    assert (axis.name, axis.kind, axis.min, axis.max) == ("total", "range", lowest, 35)
    assert axis.open_above and not axis.open_below
    assert (axis.outside, axis.house_outside) == ("clamp", True)
    assert axis.dice == "{n}d6+{bonus}"
    top = entries(tables[table_id])[-1]
    assert (top.key, top.damage, top.damage_per_point_over) == ([35, None], 45, 5)
    assert all(e.damage_per_point_over == 0 for e in entries(tables[table_id])[:-1])


# --- looking a total up --------------------------------------------------------------------


def test_a_broad_sword_critical_of_2_3_4_6_is_19_for_11_damage_and_a_stun(
    tables: dict[str, Table],
) -> None:
    total = crit_total([2, 3, 4, 6], bonus=4)
    assert total == 19
    hit = crit_hit(tables["crit-slashing"], total)
    assert hit.entry.key == 19
    assert (hit.damage, hit.stun) == (11, True)


@pytest.mark.parametrize("table_id", CRIT_IDS)
@pytest.mark.parametrize(("total", "damage"), [(35, 45), (36, 50), (40, 70)])
def test_past_35_each_point_adds_5_damage(
    tables: dict[str, Table], table_id: str, total: int, damage: int
) -> None:
    hit = crit_hit(tables[table_id], total)
    assert hit.entry.key == [35, None]
    assert hit.damage == damage
    assert hit.entry.damage_at(total) == damage
    assert hit.entry.resolved(total)["damage"] == damage


def test_a_slashing_total_of_2_uses_the_lowest_entry(tables: dict[str, Table]) -> None:
    table = tables["crit-slashing"]
    assert crit_entry(table, 2).key == 3
    assert crit_hit(table, 2).damage == 5
    assert table.normalise_key(table.axes[0], "2") == 3


def test_a_piercing_total_of_0_uses_the_1_to_3_entry(tables: dict[str, Table]) -> None:
    assert crit_entry(tables["crit-piercing"], 0).key == [1, 3]
    assert crit_entry(tables["crit-piercing"], 2).key == [1, 3]


@pytest.mark.parametrize("table_id", CRIT_IDS)
def test_every_total_up_to_35_finds_exactly_one_entry(
    tables: dict[str, Table], table_id: str
) -> None:
    table = tables[table_id]
    lowest = table.axes[0].min
    assert lowest is not None
    for total in range(lowest, 36):
        matching = [e for e in table.entries if covers(e.key, total)]
        assert len(matching) == 1, total
        assert table.lookup(total) is matching[0]


def test_crit_lookup_refuses_a_table_that_is_not_a_crit_table(tables: dict[str, Table]) -> None:
    with pytest.raises(UserError, match="not a critical damage table"):
        crit_entry(tables["fate"], 3)


def test_the_fate_table_still_loads(tables: dict[str, Table]) -> None:
    assert len(tables["fate"].entries) == 6
    assert tables["fate"].lookup(6).heal == 10  # type: ignore[attr-defined]


# --- the model catches a miswritten entry -------------------------------------------------


def _broken(change: Any) -> TableFileError:
    path = ROOT / "tables" / "crit-slashing.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data["entries"])
    with pytest.raises(TableFileError) as err:
        parse_table(Path("crit-slashing.json"), json.dumps(data))
    return err.value


def test_a_stunning_entry_without_a_stun_effect_is_rejected() -> None:
    def drop_stun(rows: list[dict[str, Any]]) -> None:
        rows[0]["effects"] = []

    err = _broken(drop_stun)
    assert err.problems[0].where == "entries[0]"
    assert "'stun' effect" in err.problems[0].message


def test_extra_damage_per_point_only_on_the_open_top() -> None:
    def closed_top(rows: list[dict[str, Any]]) -> None:
        rows[31]["damage_per_point_over"] = 5

    assert "open-topped" in _broken(closed_top).problems[0].message


def test_a_scar_subtable_needs_its_roll_and_one_scar_a_line() -> None:
    def lose_roll(rows: list[dict[str, Any]]) -> None:
        rows[12]["effects"] = [{"type": "stun"}]

    def lose_scar(rows: list[dict[str, Any]]) -> None:
        rows[12]["subtable"][0]["effects"] = [{"type": "drop_weapon"}]

    assert "roll_subtable" in _broken(lose_roll).problems[0].message
    assert "exactly one 'scar'" in _broken(lose_scar).problems[0].message


def test_rolling_the_worked_example_with_scripted_dice_gives_11_and_a_stun() -> None:
    from companion.dice.sources import ScriptedDice
    from companion.tables.roll import roll_table

    found = load_tables(include_user=False)
    roll = roll_table(found, "crit-slashing", ScriptedDice([2, 3, 4, 6]), dice=4, bonus=4)
    assert roll.keys == (19,)
    assert roll.to_json()["entry"]["damage"] == 11
    assert roll.to_json()["entry"]["stun"] is True
    top = roll_table(found, "crit-slashing", ScriptedDice([6] * 6), dice=6, bonus=4)
    assert top.to_json()["entry"]["damage"] == 70
