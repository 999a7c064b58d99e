"""Exact odds of an attack (RULES.md 2): whiff, blocked, hit by damage, critical.
Every probability is a Fraction; for small pools they are checked against a brute-force
enumeration of every face of every die."""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from itertools import product

import pytest

from companion.cli import main
from companion.dice.odds.pools import pool_highest, pool_highest_ways
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.odds import AttackOdds, attack_odds, disarm_odds

# RULES.md 2, typed here: the table by (class, best result).
DAMAGE = {
    "A": {"one-4": 1, "4-4": 1, "one-5": 2, "5-5": 2, "one-6": 3, "6-6": 3},
    "B": {"one-5": 3, "5-5": 3, "one-6": 4, "6-6": 4},
    "C": {"one-6": 5, "6-6": 5},
    "D": {"6-6": 7},
}
DOUBLES = {"4-4", "5-5", "6-6"}


@pytest.fixture(scope="module")
def tables() -> BattleTables:
    return BattleTables.load(include_user=False)


def brute_force(weapon_class: str, attack: int, defence: int,
                cap: int | None = None) -> dict[str, object]:
    """Roll every possible set of faces, one by one, and read them as a player would."""
    tally: dict[str, Fraction] = defaultdict(Fraction)
    damage: dict[int, Fraction] = defaultdict(Fraction)
    one = Fraction(1, 6 ** (attack + defence))
    for faces in product(range(1, 7), repeat=attack + defence):
        hit, block = faces[:attack], faces[attack:]
        best = max(hit) if hit else 0
        count = hit.count(best)
        if best == 6 and cap is not None:
            count = min(count, cap)
        if best == 6 and count >= 3:
            tally["blocked" if block.count(6) >= count else "critical"] += one
            continue
        key = "3-or-less" if best <= 3 else (f"{best}-{best}" if count >= 2 else f"one-{best}")
        if key not in DAMAGE[weapon_class]:
            tally["whiff"] += one
            continue
        needed = 2 if key in DOUBLES else 1
        if block.count(6) >= needed:
            tally["blocked"] += one
        else:
            tally["hit"] += one
            damage[DAMAGE[weapon_class][key]] += one
    return {**tally, "hit_by_damage": dict(damage)}


def as_dict(odds: AttackOdds) -> dict[str, object]:
    out = {k: v for k, v in (("whiff", odds.whiff), ("blocked", odds.blocked),
                             ("hit", odds.hit), ("critical", odds.critical)) if v}
    return {**out, "hit_by_damage": odds.hit_by_damage}


@pytest.mark.parametrize("weapon_class", "ABCD")
@pytest.mark.parametrize(("attack", "defence"), [(2, 1), (3, 1), (1, 2), (3, 2), (0, 2)])
def test_the_odds_match_every_face_of_every_die(tables, weapon_class, attack, defence):
    odds = attack_odds(tables, weapon_class, attack, defence)
    assert as_dict(odds) == brute_force(weapon_class, attack, defence)
    assert odds.total() == 1


def test_class_b_two_dice_against_one(tables):
    # Of the 36 attack rolls, 16 are 4 or less (whiff); 18 are one 5 or one 6, blocked
    # by the defender's 6 (1 in 6); the 2 doubles cannot be blocked by one die.
    odds = attack_odds(tables, "B", 2, 1)
    assert (odds.whiff, odds.blocked, odds.hit, odds.critical) == (
        Fraction(96, 216), Fraction(18, 216), Fraction(18 * 5 + 2 * 6, 216), 0)


def test_a_defensive_cap_and_no_whiff(tables):
    odds = attack_odds(tables, "B", 4, 1, max_sixes=2, cannot_whiff=True)
    expected = brute_force("B", 4, 1, cap=2)
    assert odds.critical == 0 and odds.whiff == 0
    assert odds.miss == expected["whiff"]
    assert (odds.blocked, odds.hit) == (expected["blocked"], expected["hit"])
    assert odds.total() == 1


def test_the_critical_dice_when_a_critical_gets_through(tables):
    # Class C, three dice against none: 6-6-6 always gets through with 3 + 1 dice.
    odds = attack_odds(tables, "C", 3, 0)
    assert odds.critical == Fraction(1, 216)
    assert odds.critical_dice == {4: Fraction(1, 216)}


@pytest.mark.parametrize("weapon_class", "ABCD")
def test_big_pools_still_sum_to_exactly_one(tables, weapon_class):
    for attack, defence in ((12, 9), (25, 30), (1, 0)):
        assert attack_odds(tables, weapon_class, attack, defence).total() == 1


def test_the_ways_of_the_highest_face_are_pool_highest_over_one_denominator():
    # attack_odds counts in whole numbers; they must be pool_highest's chances exactly.
    for dice in range(0, 31):
        ways = pool_highest_ways(dice)[0]
        assert {k: Fraction(w, 6**dice) for k, w in ways.items()} == pool_highest(dice)
        assert list(ways) == list(pool_highest(dice))


def test_disarm_odds():
    odds = disarm_odds(1, 1)
    assert odds.whiff == Fraction(5, 6)
    assert odds.hit == Fraction(1, 6) * Fraction(5, 6)
    assert odds.total() == 1


def test_duel_odds_json_is_one_object_of_fractions(capsys):
    assert main(["duel", "odds", "--class", "B", "--attack-dice", "3", "--defence-dice", "2",
                 "--json"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out)
    assert out.count("\n") == 1
    parts = [Fraction(data[k]) for k in ("whiff", "blocked", "hit", "critical")]
    assert sum(parts) == 1
    assert all("/" in data[k] or data[k] in ("0", "1") for k in ("whiff", "blocked", "hit"))
    assert sum(Fraction(v) for v in data["hit_by_damage"].values()) == Fraction(data["hit"])
    assert set(data["hit_by_damage"]) == {"3", "4"}


def test_duel_odds_text(capsys):
    assert main(["duel", "odds", "--class", "b", "--attack-dice", "2",
                 "--defence-dice", "1"]) == 0
    out = capsys.readouterr().out
    assert "whiff" in out and "4/9" in out and "44.44%" in out


def test_duel_odds_defensive_reads_the_cap_from_the_stance_table(capsys):
    assert main(["duel", "odds", "--class", "A", "--attack-dice", "4", "--defence-dice", "3",
                 "--stance", "defensive", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["critical"] == "0" and data["whiff"] == "0" and data["miss"] != "0"


def test_the_odds_of_a_declared_attack_use_the_engines_pools(tables):
    from companion.dice.sources import ScriptedDice
    from companion.paths import assets_dir
    from companion.rulesets.battle.odds import odds_for_action
    from companion.rulesets.battle.rules import BattleRules
    from companion.session.session import Session

    rookie = json.loads((assets_dir() / "samples" / "hammer-rookie.json").read_text())
    session = Session(BattleRules(), {"a": rookie, "b": rookie})
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    # Two hammer dice against ARMOR 1, SHIELD 2, PARRY/DODGE 4 and the hammer's +1.
    assert odds_for_action(tables, session.state, {}) == attack_odds(tables, "A", 2, 8)
    berserk = odds_for_action(tables, session.state, {"stance": "berserk"})
    assert berserk == attack_odds(tables, "A", 3, 8)
    assert odds_for_action(tables, session.state, {"stance": "defensive"}) == attack_odds(
        tables, "A", 1, 8, max_sixes=2, cannot_whiff=True)
