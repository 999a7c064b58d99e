"""Training between fights (seed 001: "after each battle your gladiator will receive
additional development points to be spent on honing existing skills or on training in
new ones"): ranks bought one by one at the sheet's costs, as `check` counts them, and
the insanities of seed 002 that bind training. The gladiator is the seed's worked
example, the Hammer Rookie (ATTACK 2, Hammer 2, ARMOR 1, SHIELD 2, PARRY/DODGE 4,
HEALTH 9: his 40 points spent), renamed Brenna."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion import paths
from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.battle.sheet import (
    GladiatorSheet,
    parse_sheet,
    points_spent,
    sheet_problems,
)
from companion.rulesets.battle.training import (
    Order,
    TrainingRefused,
    parse_orders,
    train,
    unspent,
)
from companion.session.session import Session

SAMPLE = paths.assets_dir() / "samples" / "hammer-rookie.json"
TABLES = BattleTables.load(include_user=False)


def brenna(points: int = 40, *, insanities: tuple[int, ...] = (), **changes: Any
           ) -> GladiatorSheet:
    data: dict[str, Any] = json.loads(SAMPLE.read_text(encoding="utf-8"))
    data.update(name="Brenna", development_points=points, **changes)
    data["insanities"] = [{"key": k, "name": TABLES.insanity(k).name,
                           "permanent": TABLES.insanity(k).permanent} for k in insanities]
    return parse_sheet(data, tables=TABLES)


def buys(sheet: GladiatorSheet, *words: str) -> GladiatorSheet:
    return train(sheet, TABLES, parse_orders(words)).after


def refused(sheet: GladiatorSheet, *words: str) -> str:
    with pytest.raises(TrainingRefused) as err:
        train(sheet, TABLES, parse_orders(words))
    return str(err.value)


# --- points and costs ---------------------------------------------------------------------
def test_a_gladiator_with_50_points_and_skills_costing_40_may_buy_10_points_worth():
    sheet = brenna(50)
    assert (points_spent(sheet, TABLES), unspent(sheet, TABLES)) == (40, 10)
    after = buys(sheet, "health", "10")
    assert after.skills["health"] == 19 and unspent(after, TABLES) == 0
    assert sheet_problems(after, TABLES) == []
    assert refused(sheet, "health", "11") == ("HEALTH rank 20 costs 1 development point and "
                                              "Brenna has 0 left (50 earned, 50 spent)")


def test_a_rank_he_cannot_afford_is_refused_and_the_sheet_is_unchanged():
    sheet = brenna(44)
    before = sheet.model_copy(deep=True)
    # ATTACK 3 costs 5 (the cost row 4 4 5 5 ...); he has 4 to spend.
    assert refused(sheet, "attack") == ("ATTACK rank 3 costs 5 development points and "
                                        "Brenna has 4 left (44 earned, 40 spent)")
    assert sheet == before


def test_a_refusal_part_way_leaves_nothing_bought():
    sheet = brenna(46)
    assert "Hammer rank 4" in refused(sheet, "attack", "hammer", "2")
    assert sheet == brenna(46)


def test_each_rank_costs_what_check_counts_for_it():
    sheet = brenna(200)
    trained = train(sheet, TABLES, [Order("attack", 4), Order("parry-dodge", 3),
                                    Order("initiative"), Order("hammer", 4)])
    assert [r.cost for r in trained.bought] == [5, 5, 6, 6, 4, 4, 5, 3, 1, 1, 1, 1]
    assert points_spent(trained.after, TABLES) - points_spent(sheet, TABLES) == \
        sum(r.cost for r in trained.bought)


def test_weapon_ranks_never_exceed_attack_so_attack_comes_first():
    assert buys(brenna(60), "attack", "hammer").weapons["hammer"] == 3
    assert refused(brenna(60), "hammer", "attack") == (
        "Hammer rank 3 would be more than his 2 ATTACK ranks (WEAPON ranks never exceed "
        "ATTACK): train ATTACK first")


def test_a_new_weapon_is_trained_by_its_name():
    after = buys(brenna(60), "broad sword", "2")
    assert after.weapons["broad-sword"] == 2


@pytest.mark.parametrize("word", ["parry-dodge", "PARRY/DODGE", "Parry/Dodge", "parry_dodge"])
def test_a_skill_is_named_by_its_key_or_as_the_sheet_prints_it(word):
    assert buys(brenna(60), word).skills["parry-dodge"] == 5


def test_what_is_no_skill_nor_weapon_is_refused_naming_the_skills():
    with pytest.raises(UserError, match=r"fishing: no such skill or weapon.*attack, armor"):
        buys(brenna(60), "fishing")
    with pytest.raises(UserError, match="by the weapon's name"):
        buys(brenna(60), "weapon")


def test_ranks_follow_the_skill_they_buy():
    assert parse_orders(["attack", "2", "hammer", "health", "3"]) == [
        Order("attack", 2), Order("hammer", 1), Order("health", 3)]
    for words in (["2", "attack"], ["attack", "2", "3"], ["attack", "0"],
                  ["attack", "101"]):
        with pytest.raises(UserError):
            parse_orders(words)


def test_a_sheet_check_refuses_already_is_refused_before_any_rank():
    overspent = brenna(30)
    assert refused(overspent, "health").startswith(
        "Brenna's sheet breaks the rules already: development points overspent")


def test_the_dead_train_no_more():
    assert refused(brenna(60, status="dead"), "health") == "Brenna is dead: the dead train no more"


# --- the insanities that bind training (seed 002, the insanity table's rules) ----------------
def test_claustrophobia_he_may_take_no_more_armor():
    sheet = brenna(60, insanities=(26,))
    assert refused(sheet, "armor") == "Claustrophobia: Brenna may take no more ARMOR"
    assert buys(sheet, "shield", "parry-dodge").skills["shield"] == 3


# Impulsive Training: every point on one skill until it is a share of his wins (round
# down): a quarter, a fifth for STRENGTH. With 12 wins: 3 ranks, 2 of STRENGTH.
SHARES = {33: ("initiative", "INITIATIVE", 3), 34: ("focus", "FOCUS", 3),
          35: ("heal", "HEAL", 3), 36: ("strength", "STRENGTH", 2),
          41: ("signature-move", "SIGNATURE MOVE", 3)}


@pytest.mark.parametrize("key", sorted(SHARES))
def test_impulsive_training_every_point_on_one_skill_up_to_a_share_of_his_wins(key):
    skill, name, target = SHARES[key]
    insanity = TABLES.insanity(key).name
    sheet = brenna(200, insanities=(key,), wins=12,
                   skills={**brenna().skills, skill: max(brenna().skills.get(skill, 0), 1)})
    has = sheet.skills[skill]
    assert refused(sheet, "health") == (
        f"{insanity}: every point Brenna spends goes to {name} until he has {target} ranks "
        f"(his 12 wins divided by {4 if key != 36 else 5}); he has {has}")
    assert refused(sheet, "hammer").startswith(f"{insanity}: every point")
    after = buys(sheet, skill, str(target - has), "health")  # then he trains as he likes
    assert after.skills[skill] == target and after.skills["health"] == 10


def test_impulsive_training_binds_nothing_while_the_share_of_his_wins_is_reached():
    sheet = brenna(60, insanities=(36,), wins=4)  # STRENGTH 0 is a fifth of 4 wins
    assert buys(sheet, "health").skills["health"] == 10


def test_impulsive_training_defence_until_it_exceeds_his_attack_and_it_stays_above():
    # Defence is his pool's skills added up: ARMOR 1 + SHIELD 2 + PARRY/DODGE 4 = 7.
    sheet = brenna(300, insanities=(31,), skills={**brenna().skills, "attack": 7},
                   weapons={"hammer": 7})
    assert refused(sheet, "health") == (
        "Impulsive Training (Defence): every point Brenna spends goes to defence (ARMOR, "
        "SHIELD, PARRY/DODGE) until it is more than his ATTACK; it is 7 to his 7")
    after = buys(sheet, "parry-dodge", "health")
    assert after.skills["parry-dodge"] == 5 and after.skills["health"] == 10
    assert refused(after, "attack") == (
        "Impulsive Training (Defence): Brenna's defence (ARMOR, SHIELD, PARRY/DODGE: 8) "
        "must stay more than his ATTACK; ATTACK 8 would not")


def test_impulsive_training_attack_until_it_exceeds_his_defence_and_it_stays_above():
    sheet = brenna(300, insanities=(32,))
    assert refused(sheet, "shield") == (
        "Impulsive Training (Attack): every point Brenna spends goes to ATTACK until it "
        "is more than his defence (ARMOR, SHIELD, PARRY/DODGE); it is 2 to his 7")
    after = buys(sheet, "attack", "6", "hammer")
    assert after.skills["attack"] == 8 and after.weapons["hammer"] == 3
    assert refused(after, "shield") == (
        "Impulsive Training (Attack): Brenna's ATTACK (8) must stay more than his defence "
        "(ARMOR, SHIELD, PARRY/DODGE); defence 8 would not")


def test_health_nut_two_and_a_half_health_ranks_a_win_before_anything_else():
    # 2.5 x 3 wins: 8 ranks (7.5 is not yet "at least"); he has 9 - 3 = 6.
    sheet = brenna(60, insanities=(42,), wins=3, skills={**brenna().skills, "health": 6})
    assert refused(sheet, "attack") == (
        "Health Nut: Brenna must have 8 HEALTH ranks (2.5 for each of his 3 wins) before "
        "he trains anything else; he has 6")
    assert buys(sheet, "health", "2", "attack").skills["attack"] == 3


def test_health_nut_reads_its_figure_from_the_insanity_table():
    [rule] = TABLES.insanity(42).effects
    assert (rule.rule, rule.amount) == ("health_ranks_per_two_wins", 5)


@pytest.fixture(scope="module")
def rules() -> BattleRules:
    return BattleRules()


def test_psychic_development_ten_more_points_to_train_with(rules):
    """Gained on a fate roll of 3 (insanity 6-4), the ten points are on his sheet after
    the fight, with the loss's five, and training spends them."""
    foe = brenna(40).model_dump(mode="json") | {"name": "Foe"}
    him = brenna(40, wins=10).model_dump(mode="json")
    session = Session(rules, {"a": him, "b": foe,
                              "options": {"started": "2025-05-01T20:00:00"}})
    session.act({"type": "initiative"}, ScriptedDice([1, 1, 6, 6]))
    session.act({"type": "adjust_health", "who": "a", "op": "=-11"}, ScriptedDice([]))
    session.act({"type": "attack"}, ScriptedDice([1, 1]))  # Foe whiffs: Brenna's turn
    session.act({"type": "death_door"}, ScriptedDice([6]))
    session.act({"type": "fate"}, ScriptedDice([3, 6, 4]))
    after = parse_sheet(session.state.sheets_after["a"], tables=TABLES)
    assert [i.name for i in after.insanities] == ["Psychic Development"]
    assert after.development_points == 40 + TABLES.points_for_loss + 10
    assert unspent(after, TABLES) == 15
    assert unspent(buys(after, "health", "15"), TABLES) == 0


def test_identity_crisis_a_new_name_answers_it():
    sheet = brenna(40, insanities=(56,))
    trained = train(sheet, TABLES, [], rename="Brenna the Red")
    assert (trained.after.name, trained.renamed_from) == ("Brenna the Red", "Brenna")
    assert trained.after.insanities[0].renamed_from == "Brenna"
    again = train(trained.after, TABLES, [], rename="Red").after
    assert again.insanities[0].renamed_from == "Brenna"  # answered once, for good


def test_a_new_name_is_new_and_one_line():
    with pytest.raises(TrainingRefused, match="Brenna is his name already"):
        train(brenna(), TABLES, [], rename=" brenna ")
    with pytest.raises(TrainingRefused, match="his new name: "):
        train(brenna(), TABLES, [], rename="Bren\nna")
