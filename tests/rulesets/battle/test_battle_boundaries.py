"""Every threshold of the battle system (RULES.md 2 and the pool-* tables) at its
value, one below and one above, so that a comparison slipped by one fails a test:
the health bands (0, -1, -10, -11, -18, -19) with their dice, death's door's dice
rounded down at each divisor, the attack table's columns, blocking with 6s, the
stance rows, the critical table's top, heal faces, luck dice, focus, the insanities
that move a threshold, and a sheet's limits (WEAPON ranks, points, weight)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.health import due_roll
from companion.rulesets.battle.odds import attack_odds
from companion.rulesets.battle.pools import read_roll
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.battle.sheet import GladiatorSheet, sheet_problems
from companion.rulesets.battle.state import due
from companion.session.session import Session
from companion.tables.loader import load_tables

TABLES = BattleTables.load(include_user=False)
TABLE_SET = load_tables(include_user=False)
NOW = "2025-05-01T20:00:00"


def sheet(name: str, *, wins: int = 0, losses: int = 0, luck: int = 0,
          insanities: tuple[int, ...] = (), **skills: int) -> dict[str, Any]:
    """As test_battle_health's, the tables read once: ATTACK 2, HEALTH 10, a club."""
    return {"format": "companion-gladiator", "name": name, "development_points": 500,
            "skills": {"attack": 2, "health": 10, **skills}, "weapons": {"club": 2},
            "carried": {"club": 1}, "wins": wins, "losses": losses, "luck": luck,
            "insanities": [{"key": k, "name": TABLES.insanity(k).name,
                            "permanent": TABLES.insanity(k).permanent} for k in insanities]}


def duel(rules: BattleRules, a: dict[str, Any]) -> Session:
    """As test_battle_health's: B wins the initiative, whiffs, and it is A's turn."""
    session = Session(rules, {"a": a, "b": sheet("Foe"), "options": {"started": NOW}})
    session.act({"type": "initiative"}, ScriptedDice([1, 1, 6, 6]))
    return session


def hurt(session: Session, health: int) -> None:
    """Put A at `health` with the tracker, then let B whiff so that A's turn begins."""
    session.act({"type": "adjust_health", "who": "a", "op": f"={health}"}, ScriptedDice([]))
    session.act({"type": "attack"}, ScriptedDice([1, 1]))


@pytest.fixture(scope="module")
def rules() -> BattleRules:
    return BattleRules()


# ------------------------------------------------------------------ health bands


def roll_at(rules: BattleRules, health: int, fights: int = 60) -> tuple[str, int] | None:
    state = rules.new_state({"a": sheet("A"), "b": sheet("B")}, TABLE_SET)
    a = state.fighters["a"]
    a.total_fights, a.health = fights, health
    roll = due_roll(state, "a", state.tables)
    return None if roll is None else (roll.stage, roll.dice)


@pytest.mark.parametrize(("health", "roll"), [
    (1, None), (0, None),
    (-1, ("struggling", 5)), (-3, ("struggling", 5)), (-4, ("struggling", 4)),
    (-6, ("struggling", 4)), (-7, ("struggling", 3)), (-8, ("struggling", 3)),
    (-9, ("struggling", 2)), (-10, ("struggling", 1)),
    # 60 fights: 60/10, 60/15, 60/20 and 60/25 dice at death's door.
    (-11, ("deaths-door", 6)), (-12, ("deaths-door", 6)), (-13, ("deaths-door", 4)),
    (-14, ("deaths-door", 4)), (-15, ("deaths-door", 3)), (-16, ("deaths-door", 3)),
    (-17, ("deaths-door", 2)), (-18, ("deaths-door", 2)),
    (-19, ("dead", 0)), (-20, ("dead", 0)),
])
def test_the_roll_before_his_turn_at_each_band_edge(rules: BattleRules, health: int,
                                                    roll: tuple[str, int] | None) -> None:
    assert roll_at(rules, health) == roll


@pytest.mark.parametrize(("health", "fights", "dice"), [
    (-11, 9, 0), (-11, 10, 1), (-11, 11, 1), (-12, 19, 1), (-12, 20, 2),
    (-13, 14, 0), (-13, 15, 1), (-15, 19, 0), (-15, 20, 1), (-18, 24, 0), (-18, 25, 1),
    (-18, 49, 1), (-18, 50, 2)])
def test_deaths_door_dice_are_his_fights_over_the_divisor_rounded_down(
        rules: BattleRules, health: int, fights: int, dice: int) -> None:
    assert roll_at(rules, health, fights) == ("deaths-door", dice)


@pytest.mark.parametrize(("health", "due_now", "dead"), [
    (0, "act", False), (-1, "stay_conscious", False), (-10, "stay_conscious", False),
    (-11, "death_door", False), (-18, "death_door", False), (-19, None, True)])
def test_set_to_each_band_edge_he_rolls_what_it_says_or_dies(rules: BattleRules, health: int,
                                                            due_now: str | None,
                                                            dead: bool) -> None:
    session = duel(rules, sheet("A", wins=10))
    if dead:
        session.act({"type": "adjust_health", "who": "a", "op": f"={health}"},
                    ScriptedDice([]))
        assert session.state.result is not None and session.state.result.dead == ["a"]
        return
    hurt(session, health)
    assert session.state.result is None
    assert due(session.state) == due_now


@pytest.mark.parametrize(("faces", "stays"), [([5, 5, 5, 5], False), ([6, 5, 5, 5], True),
                                              ([6, 6, 5, 5], True)])
def test_one_6_of_his_dice_keeps_him_conscious(rules: BattleRules, faces: list[int],
                                               stays: bool) -> None:
    session = duel(rules, sheet("A"))
    hurt(session, -4)  # four dice
    session.act({"type": "stay_conscious"}, ScriptedDice(faces))
    assert (session.state.result is None) is stays


@pytest.mark.parametrize(("faces", "lives"), [([5], False), ([6], True)])
def test_one_6_at_deaths_door_and_he_lives(rules: BattleRules, faces: list[int],
                                           lives: bool) -> None:
    session = duel(rules, sheet("A", wins=10))  # TF 10: one die at -11
    hurt(session, -11)
    session.act({"type": "death_door"}, ScriptedDice(faces))
    assert (session.state.result is None) is lives
    assert (due(session.state) == "fate") is lives


# ------------------------------------------------------------------ the attack table


@pytest.mark.parametrize(("faces", "column"), [
    ([3, 3, 3], "3-or-less"), ([4], "one-4"), ([4, 3], "one-4"), ([4, 4], "4-4"),
    ([4, 4, 4], "4-4"), ([5], "one-5"), ([5, 5], "5-5"), ([5, 5, 5], "5-5"),
    ([6], "one-6"), ([6, 5], "one-6"), ([6, 6], "6-6"), ([6, 6, 6], "three-6s"),
    ([6, 6, 6, 6], "three-6s"), ([], "3-or-less")])
def test_the_attack_tables_column_by_the_best_result(faces: list[int], column: str) -> None:
    assert read_roll(faces).key == column


@pytest.mark.parametrize(("cap", "column", "sixes"), [(2, "6-6", 2), (3, "three-6s", 3),
                                                      (4, "three-6s", 4)])
def test_a_defensive_attack_caps_its_6s(cap: int, column: str, sixes: int) -> None:
    reading = read_roll([6, 6, 6, 6], max_sixes=cap)
    assert (reading.key, reading.sixes) == (column, sixes)


def test_the_odds_read_one_die_at_the_columns_edges() -> None:
    # One die, no defence: class A whiffs on 1-3 and hits on 4, 5 and 6; class B hits
    # on 5 and 6; class C on a 6 only; class D never (one 6 is a whiff for it).
    for weapon_class, hit in (("A", 3), ("B", 2), ("C", 1), ("D", 0)):
        odds = attack_odds(TABLES, weapon_class, 1, 0)
        assert odds.hit == Fraction(hit, 6), weapon_class
        assert odds.whiff == Fraction(6 - hit, 6), weapon_class


def test_the_odds_read_three_6s_as_the_critical_and_two_as_6_6() -> None:
    odds = attack_odds(TABLES, "A", 3, 0)
    assert odds.critical == Fraction(1, 216)
    capped = attack_odds(TABLES, "A", 3, 0, max_sixes=2)
    assert capped.critical == 0


# ------------------------------------------------------------------ blocking


def gladiator(name: str, *, weapon: str = "hammer", attack: int = 3, armor: int = 0,
              health: int = 30, **skills: int) -> dict[str, Any]:
    return {
        "format": "companion-gladiator", "name": name, "development_points": 2000,
        "skills": {"attack": attack, "armor": armor, "health": health, "strength": 10,
                   **skills},
        "weapons": {weapon: attack} if weapon != "brawling" else {},
        "carried": {} if weapon == "brawling" else {weapon: 1},
    }


def blow(rules: BattleRules, armor: int) -> Session:
    """A hammer (class A) about to attack a defender of `armor` ARMOR dice."""
    session = Session(rules, {"a": gladiator("Attacker"),
                              "b": gladiator("Target", weapon="brawling", armor=armor),
                              "options": {"started": NOW}})
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    return session


@pytest.mark.parametrize(("attack", "sixes", "blocked"), [
    ([5, 1, 1], 0, False), ([5, 1, 1], 1, True),  # one 5: one 6 blocks it
    ([5, 5, 1], 1, False), ([5, 5, 1], 2, True), ([5, 5, 1], 3, True)])  # 5-5: two 6s
def test_one_6_blocks_a_single_result_and_two_6s_a_double(rules: BattleRules,
                                                          attack: list[int], sixes: int,
                                                          blocked: bool) -> None:
    session = blow(rules, armor=3)
    defence = [6] * sixes + [1] * (3 - sixes)
    session.act({"type": "attack"}, ScriptedDice(attack + defence))
    assert (session.state.fighters["b"].health == 30) is blocked


@pytest.mark.parametrize(("sixes", "blocked", "crit_dice"), [(2, False, 1), (3, True, 0)])
def test_a_critical_needs_as_many_6s_as_the_attacker_rolled(rules: BattleRules, sixes: int,
                                                            blocked: bool,
                                                            crit_dice: int) -> None:
    session = blow(rules, armor=3)
    defence = [6] * sixes + [1] * (3 - sixes)
    events = session.act({"type": "attack"}, ScriptedDice([6, 6, 6, *defence,
                                                           *[1] * crit_dice])).events
    crits = [e for e in events if e.kind == "critical_damage"]
    assert (not crits) is blocked
    if crits:  # each 6 short of the three leaves one die: 3 - 2
        assert crits[0].data["dice"] == crit_dice


# ------------------------------------------------------------------ stances


@pytest.mark.parametrize(("ranks", "berserk", "defensive", "cap"), [
    (0, 1, 2, 2), (1, 1, 2, 2), (7, 1, 2, 2), (8, 2, 4, 3), (11, 2, 4, 3), (12, 3, 6, 4),
    (14, 3, 6, 4), (15, 4, 8, 5), (40, 4, 8, 5)])
def test_berserk_and_defensive_by_attack_ranks_at_each_rows_edge(ranks: int, berserk: int,
                                                                 defensive: int,
                                                                 cap: int) -> None:
    row = TABLES.stance(ranks)
    assert (row.berserk_attack_dice, row.defensive_defence_dice, row.defensive_max_sixes) \
        == (berserk, defensive, cap)
    assert row.defensive_attack_dice == -berserk


# ------------------------------------------------------------------ the critical table's top


@pytest.mark.parametrize(("total", "damage"), [(34, 40), (35, 45), (36, 50), (40, 70)])
def test_from_35_a_critical_does_45_and_5_a_point_over(total: int, damage: int) -> None:
    for kind in ("slashing", "bludgeoning", "piercing"):
        assert TABLES.crit(kind, total).damage_at(total) == damage, kind


# ------------------------------------------------------------------ heal, luck, focus


@pytest.mark.parametrize(("face", "healed"), [(4, 0), (5, 1), (6, 3)])
def test_a_heal_die_heals_1_on_a_5_and_3_on_a_6(rules: BattleRules, face: int,
                                                healed: int) -> None:
    session = duel(rules, sheet("A", heal=1))
    hurt(session, 2)
    session.act({"type": "heal", "dice": 1}, ScriptedDice([face]))
    assert session.state.fighters["a"].health == 2 + healed


@pytest.mark.parametrize(("face", "healed"), [(3, 0), (4, 1), (5, 2), (6, 6)])
def test_improved_heal_heals_from_a_4(rules: BattleRules, face: int, healed: int) -> None:
    session = duel(rules, sheet("A", heal=1, insanities=(62,)))
    hurt(session, 0)
    session.act({"type": "heal", "dice": 1}, ScriptedDice([face]))
    assert session.state.fighters["a"].health == healed


def _luck(rules: BattleRules, face: int, insanities: tuple[int, ...] = ()) -> int:
    """Struggling at -10 (one die, a 1) with one luck die showing `face`: the luck he
    has after it."""
    session = duel(rules, sheet("A", luck=1, insanities=insanities))
    hurt(session, -10)
    session.act({"type": "stay_conscious", "luck": 1}, ScriptedDice([1, face]))
    return session.state.fighters["a"].luck


@pytest.mark.parametrize(("face", "kept"), [(3, 0), (4, 1), (5, 1)])
def test_a_luck_die_showing_3_or_less_is_lost_and_4_or_more_returns(
        rules: BattleRules, face: int, kept: int) -> None:
    assert _luck(rules, face) == kept


@pytest.mark.parametrize(("face", "kept"), [(2, 0), (3, 1)])
def test_with_superior_luck_only_1_and_2_are_lost(rules: BattleRules, face: int,
                                                  kept: int) -> None:
    assert _luck(rules, face, insanities=(65,)) == kept


def stunned(rules: BattleRules, **changes: Any) -> Session:
    session = duel(rules, sheet("A", **changes))
    session.act({"type": "set_stun", "who": "a"}, ScriptedDice([]))
    session.act({"type": "attack"}, ScriptedDice([1, 1]))
    assert due(session.state) == "focus"
    return session


@pytest.mark.parametrize(("faces", "acts"), [([5, 5], False), ([6, 5], True), ([6, 6], True)])
def test_focus_needs_one_6(rules: BattleRules, faces: list[int], acts: bool) -> None:
    session = stunned(rules, focus=2)
    session.act({"type": "focus"}, ScriptedDice(faces))
    assert (session.state.turn == "a") is acts
    a = session.state.summary()["fighters"]["a"]
    # Shaken off or sat out, the one round of stun is gone: none is left to count.
    assert a["stun_turns"] == 0 and not a["stunned"]


@pytest.mark.parametrize(("faces", "acts"), [([6, 5, 5], False), ([6, 6, 5], True),
                                             ([6, 6, 6], True)])
def test_with_brain_damage_focus_needs_two_6s(rules: BattleRules, faces: list[int],
                                              acts: bool) -> None:
    session = stunned(rules, focus=3, insanities=(14,))
    session.act({"type": "focus"}, ScriptedDice(faces))
    assert (session.state.turn == "a") is acts


# ------------------------------------------------------------------ insanities with a line


@pytest.mark.parametrize(("health", "bonus"), [(11, 0), (10, 2), (9, 2)])
def test_survival_instinct_adds_2_parry_dodge_at_10_health_or_less(rules: BattleRules,
                                                                   health: int,
                                                                   bonus: int) -> None:
    from companion.rulesets.battle.pools import defence_pool
    from companion.rulesets.battle.quirks import quirks_of

    session = duel(rules, sheet("A", insanities=(46,), **{"parry-dodge": 1}))
    hurt(session, health)
    a = session.state.fighters["a"]
    pool, _rule = defence_pool(a, quirks_of(TABLES, a.insanities), TABLES,
                               attacker_weapon="club", attacker_class="B")
    assert [t["amount"] for t in pool.terms if t["why"] == "survival_instinct"] == \
        ([bonus] if bonus else [])


@pytest.mark.parametrize(("health", "must"), [(16, False), (15, True), (14, True)])
def test_phobia_of_pain_attacks_defensively_at_15_health_or_less(rules: BattleRules,
                                                                 health: int,
                                                                 must: bool) -> None:
    session = duel(rules, sheet("A", insanities=(25,), health=30))
    hurt(session, health)
    if must:
        with pytest.raises(UserError, match="must attack defensively at"):
            session.act({"type": "attack"}, ScriptedDice([1, 1]))
    else:
        session.act({"type": "attack"}, ScriptedDice([1, 1]))  # a whiff
        assert session.state.turn == "b"


@pytest.mark.parametrize(("damage", "awake"), [(14, False), (15, True), (16, True)])
def test_will_to_live_wakes_him_after_a_hit_of_15(damage: int, awake: bool) -> None:
    from companion.rulesets.battle.flow import Ctx, wound

    rules = BattleRules()
    state = rules.new_state({"a": sheet("A", insanities=(45,), health=40), "b": sheet("B")},
                            TABLE_SET)
    a = state.fighters["a"]
    a.stunned = True
    events = wound(Ctx(state, state.tables, ScriptedDice([])), a, damage, "club")
    assert a.awake is awake and a.stunned is not awake
    assert any(e.kind == "will_to_live" for e in events) is awake


# ------------------------------------------------------------------ a sheet's limits


def legal(**changes: Any) -> list[str]:
    # The rules' worked example, the Hammer Rookie: exactly 40 development points.
    base = {"format": "companion-gladiator", "name": "Hammer Rookie",
            "development_points": 40,
            "skills": {"attack": 2, "armor": 1, "shield": 2, "parry-dodge": 4, "health": 9,
                       "initiative": 2, "retrieve-weapon": 2},
            "weapons": {"hammer": 2}, "carried": {"hammer": 1}, "shield": True}
    return sheet_problems(GladiatorSheet.model_validate({**base, **changes}), TABLES)


def test_the_rookie_spends_exactly_his_40_points() -> None:
    assert legal() == []


def test_one_point_short_of_what_the_skills_cost_is_overspent() -> None:
    assert legal(development_points=39) == [
        "development points overspent: the skills cost 40 and he has earned 39"]


@pytest.mark.parametrize(("ranks", "ok"), [(1, True), (2, True), (3, False)])
def test_weapon_ranks_never_exceed_attack(ranks: int, ok: bool) -> None:
    found = legal(development_points=1000, weapons={"hammer": ranks})
    assert found == ([] if ok else [
        "weapons.hammer: 3 ranks of Hammer is more than his 2 ATTACK ranks (WEAPON ranks "
        "never exceed ATTACK)"])


def _weight_of(weapon: str) -> float:
    return TABLES.weapon(weapon).weight


@pytest.mark.parametrize("extra", [-1, 0, 1])
def test_he_carries_up_to_15_lb_and_3_a_strength_rank(extra: int) -> None:
    # No strength: 15 lb. A 5 lb shield and war darts to make up the rest.
    dart = _weight_of("war-dart")
    assert dart == 1
    carried = {"hammer": 1, "war-dart": int(15 - 5 - _weight_of("hammer")) + extra}
    found = legal(development_points=1000, carried=carried)
    over = [p for p in found if p.startswith("over weight")]
    assert over == ([] if extra <= 0 else [
        f"over weight: he carries {16:g} lb and may carry 15 lb (15 + 3 a STRENGTH rank)"])


# ------------------------------------------------------------------ the computer's cliffs


@pytest.mark.parametrize(("above", "cliff"), [(1, False), (0, True), (-9, False), (-10, True),
                                              (-11, False), (-17, False), (-18, True)])
def test_the_computer_sees_a_cliff_below_0_minus_10_and_minus_18(rules: BattleRules,
                                                                 above: int,
                                                                 cliff: bool) -> None:
    # Going from `above` to one less costs him more than a point of health where a band
    # ends: struggling below 0, death's door below -10, death below -18.
    from companion.rulesets.battle.ai import _Judge

    judge = _Judge(duel(rules, sheet("A")).state)
    step = judge.standing(above) - judge.standing(above - 1)
    assert (step > 1) is cliff


# ------------------------------------------------------------------ lasting changes


@pytest.mark.parametrize(("target", "counts"), [("attack", True), ("attack_and_defence", True),
                                                 ("defence", False), ("initiative", False)])
def test_a_lasting_change_to_attack_dice_is_in_his_attack_pool(rules: BattleRules,
                                                              target: str,
                                                              counts: bool) -> None:
    from companion.rulesets.battle.pools import attack_pool
    from companion.rulesets.battle.quirks import quirks_of
    from companion.rulesets.battle.state import Modifier

    session = duel(rules, sheet("A", attack=4))
    a = session.state.fighters["a"]
    a.modifiers.append(Modifier(target, -1, source="a critical"))
    club = TABLES.weapon("club")
    pool = attack_pool(a, quirks_of(TABLES, a.insanities), TABLES, weapon_key="club",
                       weapon=club, weapon_class=club.class_for(False), stance="normal",
                       thrown=False, signature=False, mighty_blow=False, disarm=False)
    assert [t["amount"] for t in pool.terms if t["why"] == "modifier"] == \
        ([-1] if counts else [])


def test_an_empty_roll_reads_as_nothing_at_all() -> None:
    reading = read_roll([])
    assert (reading.key, reading.highest, reading.count, reading.sixes) == (
        "3-or-less", 0, 0, 0)
