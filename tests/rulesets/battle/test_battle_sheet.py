"""The gladiator sheet of the battle system (seed 001): development points, the cost
rows, WEAPON ranks never above ATTACK, the weapons table, the carrying limit, and
`companion check` on sheets. Expected figures are typed from the seed and RULES.md."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion import paths
from companion.cli import main
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.sheet import (
    InsanityRecord,
    SheetError,
    add_insanity,
    carried_weight,
    carrying_limit,
    find_sheet,
    load_sheet,
    parse_sheet,
    points_spent,
    save_sheet,
    sheet_problems,
    sheet_warnings,
)

SAMPLE = paths.assets_dir() / "samples" / "hammer-rookie.json"


@pytest.fixture(scope="module")
def tables() -> BattleTables:
    return BattleTables.load(include_user=False)


def sheet(**changes: Any):
    data: dict[str, Any] = json.loads(SAMPLE.read_text(encoding="utf-8"))
    data.update(changes)
    return parse_sheet(data)


def test_the_worked_example_spends_exactly_forty_points_and_validates(tables):
    rookie = load_sheet(SAMPLE)
    assert (rookie.skills["attack"], rookie.weapons["hammer"], rookie.skills["armor"],
            rookie.skills["shield"], rookie.skills["parry-dodge"],
            rookie.skills["health"]) == (2, 2, 1, 2, 4, 9)
    assert rookie.development_points == 40
    assert points_spent(rookie, tables) == 40
    assert sheet_problems(rookie, tables) == []


def test_each_part_of_the_worked_example_costs_what_the_seed_says(tables):
    # Two ATTACK 8, two Hammer 2, ARMOR 5, SHIELD 6, PARRY/DODGE 10, HEALTH 9.
    costs = {"attack": 8, "armor": 5, "shield": 6, "parry-dodge": 10, "health": 9}
    for skill, cost in costs.items():
        ranks = load_sheet(SAMPLE).skills[skill]
        assert tables.skill(skill).cost_to(ranks) == cost
    assert tables.skill("weapon").cost_to(2, tables.weapon("hammer").cost_per_rank) == 2


def test_initiative_and_retrieve_weapon_start_with_two_free_ranks(tables):
    bare = sheet(skills={"attack": 2, "health": 9}, weapons={}, carried={})
    assert points_spent(bare, tables) == 8 + 9
    assert sheet_problems(bare, tables) == []


def test_foil_ranks_cost_two_each(tables):
    fencer = sheet(weapons={"foil": 2}, carried={"foil": 1})
    # The Hammer's 2 points become the Foil's 4: two points over.
    assert points_spent(fencer, tables) == 42
    assert any("overspent" in p for p in sheet_problems(fencer, tables))


def test_weapon_ranks_never_exceed_attack(tables):
    problems = sheet_problems(sheet(weapons={"hammer": 3}), tables)
    assert any("3 ranks of Hammer is more than his 2 ATTACK ranks" in p for p in problems)


@pytest.mark.parametrize(("ranks", "refused"), [(-1, True), (0, False), (1, False)])
def test_weapon_ranks_may_be_none_but_never_fewer(tables, ranks, refused):
    problems = sheet_problems(sheet(weapons={"hammer": ranks}), tables)
    assert any("ranks cannot be negative" in p for p in problems) is refused


@pytest.mark.parametrize(("count", "refused"), [(1, False), (2, True)])
def test_only_a_weapon_that_may_be_thrown_is_carried_more_than_once(tables, count, refused):
    problems = sheet_problems(sheet(carried={"whip": count}), tables)
    assert any("only thrown weapons are carried as ammunition" in p for p in problems) \
        is refused


def test_a_sheet_saved_by_a_newer_companion_is_refused_not_half_read():
    data: dict[str, Any] = json.loads(SAMPLE.read_text(encoding="utf-8"))
    assert parse_sheet({**data, "version": 1}).name == data["name"]
    with pytest.raises(SheetError, match=r"version: saved by a newer companion \(version 2; "
                                         r"this one reads up to 1\)"):
        parse_sheet({**data, "version": 2})


def test_carrying_limit_is_fifteen_pounds_plus_three_a_strength_rank(tables):
    assert carrying_limit(sheet(), tables) == 15
    strong = sheet(skills={**load_sheet(SAMPLE).skills, "strength": 2})
    assert carrying_limit(strong, tables) == 21
    # Hammer 3 lb and a shield 5 lb.
    assert carried_weight(sheet(), tables) == 8


def test_boomerangs_are_ammunition_against_the_weight_limit(tables):
    # Seed 001: 2 lb each, seven without a shield, five with one.
    assert sheet_problems(sheet(carried={"boomerang": 7}, shield=False), tables) == []
    assert any("over weight" in p for p in
               sheet_problems(sheet(carried={"boomerang": 8}, shield=False), tables))
    assert sheet_problems(sheet(carried={"boomerang": 5}, shield=True), tables) == []
    assert any("over weight" in p for p in
               sheet_problems(sheet(carried={"boomerang": 6}, shield=True), tables))


def test_a_shield_with_a_two_handed_weapon_is_legal_but_noted(tables):
    both = sheet(carried={"quarter-staff": 1}, weapons={"quarter-staff": 2})
    assert sheet_problems(both, tables) == []
    assert any("drops the shield" in w for w in sheet_warnings(both, tables))


def test_a_broken_sheet_lists_every_problem(tables):
    broken = sheet(
        skills={"attack": 2, "armor": 3, "health": 12, "charisma": 2, "initiative": 1},
        weapons={"claymore": 3, "laser-sword": 1},
        carried={"claymore": 1, "two-handed-maul": 1, "rock": 1},
    )
    problems = sheet_problems(broken, tables)
    expected = ["skills.charisma", "free ranks of Initiative", "Claymore is more than",
                "weapons.laser-sword: unknown weapon", "carried.rock: unknown weapon",
                "development points overspent", "over weight"]
    for words in expected:
        assert any(words in p for p in problems), (words, problems)
    assert len(problems) == len(expected)


def test_a_sheet_of_the_wrong_shape_names_each_field():
    with pytest.raises(SheetError) as err:
        parse_sheet({"format": "companion-gladiator", "name": "", "wins": -1, "colour": "red"})
    text = "; ".join(err.value.problems)
    assert "name" in text and "wins" in text and "colour" in text
    with pytest.raises(SheetError, match="not a gladiator sheet"):
        parse_sheet({"format": "companion-session"})


def test_a_new_temporary_insanity_replaces_the_older_temporary_ones():
    def record(key: int, name: str, permanent: bool) -> InsanityRecord:
        return InsanityRecord(key=key, name=name, permanent=permanent)

    mad = sheet(insanities=[record(11, "Born Loser Complex", True).model_dump(),
                            record(13, "Butterfingers", False).model_dump()])
    mad = add_insanity(mad, record(25, "Phobia of Pain", False))
    assert [i.name for i in mad.insanities] == ["Born Loser Complex", "Phobia of Pain"]
    mad = add_insanity(mad, record(65, "Superior Luck", True))
    assert [i.name for i in mad.insanities] == [
        "Born Loser Complex", "Phobia of Pain", "Superior Luck"]


def test_sheets_live_in_the_roster_folder():
    path = save_sheet(load_sheet(SAMPLE))
    assert path.parent == paths.roster_dir()
    assert find_sheet("Hammer Rookie") == path
    assert load_sheet(path) == load_sheet(SAMPLE)


# --- companion check ----------------------------------------------------------------------
def test_check_passes_the_sample_sheet(capsys):
    assert main(["check", str(SAMPLE)]) == 0
    assert "ok (gladiator 'Hammer Rookie', 40 of 40" in capsys.readouterr().out


def test_check_lists_every_broken_rule_of_a_sheet(tmp_path: Path, capsys):
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    data.update(weapons={"hammer": 3, "laser-sword": 1}, carried={"war-hammer": 1},
                development_points=30)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = [line for line in capsys.readouterr().out.splitlines() if ": note: " not in line]
    assert len(out) == 4
    assert all(line.startswith(str(path)) for line in out)
    for words in ("more than his 2 ATTACK", "laser-sword: unknown weapon", "overspent",
                  "over weight"):
        assert any(words in line for line in out), words


def test_check_still_checks_tables(tmp_path: Path, capsys):
    table = paths.builtin_tables_dir() / "fate.json"
    assert main(["check", str(table), str(SAMPLE)]) == 0
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    assert "not valid JSON" in capsys.readouterr().out
