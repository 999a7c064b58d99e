"""The computer player's weighing, checked against the dice themselves: an attack is
worth what it is expected to take off the opponent (in health, with the cliffs of
below 0, death's door and death), less what he may take back on his next turn with the
defence the attack leaves, less the luck it risks. The expectations here are counted
by rolling every face of every die by hand on the attack table of RULES.md 2, small
pools only (two dice at most: no critical)."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest

from companion.dice import ScriptedDice
from companion.rulesets.battle import ai
from companion.rulesets.battle.ai import decide, options_of
from companion.rulesets.battle.duel import duel_setup
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.battle.state import BattleState
from companion.tables.loader import TableSet, load_tables

NOW = "2025-05-01T20:00:00"

# RULES.md 2, the attack table: damage by the best result, 0 for a whiff.
COLUMNS = ("3-or-less", "one-4", "4-4", "one-5", "5-5", "one-6", "6-6")
DAMAGE = {"A": (0, 1, 1, 2, 2, 3, 3), "B": (0, 0, 0, 3, 3, 4, 4)}


def column(faces: tuple[int, ...]) -> int:
    if not faces or max(faces) <= 3:
        return 0
    best = max(faces)
    double = faces.count(best) >= 2
    return 1 + 2 * (best - 4) + double


def standing(health: int) -> float:
    """Health with the cliffs the computer weighs (ai's documented weights)."""
    value = float(health)
    if health < 0:
        value -= ai.BELOW_ZERO
    if health <= -11:
        value -= ai.DEATHS_DOOR
    if health <= -19:
        value -= ai.DEAD
    return value


def blow(dice: int, cls: str, defence: int, health: int) -> dict[str, float]:
    """Every roll of `dice` attack dice of class `cls` against `defence` dice: the
    expected loss in standing, the chance of a whiff and of a stun."""
    loss = whiff = stun = Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=dice):
        col = column(faces)
        damage = DAMAGE[cls][col]
        p = Fraction(1, 6 ** dice)
        if damage == 0:
            whiff += p
            continue
        needed = 2 if col in (2, 4, 6) else 1
        for guard in itertools.product(range(1, 7), repeat=defence):
            q = p / 6 ** defence
            if guard.count(6) >= needed:
                continue
            loss += q * Fraction(standing(health) - standing(health - damage))
            stun += q if col == 6 else 0
    return {"loss": float(loss), "whiff": float(whiff), "stun": float(stun)}


@pytest.fixture(scope="module")
def tables() -> TableSet:
    return load_tables(include_user=False)


def man(name: str, skills: dict[str, int], carried: dict[str, int],
        **more: Any) -> dict[str, Any]:
    return {"format": "companion-gladiator", "name": name, "development_points": 500,
            "skills": {"health": 10, **skills}, "weapons": {}, "carried": carried, **more}


def aulus_to_act(a: dict[str, Any], b: dict[str, Any], tables: TableSet,
                 b_health: int | None = None) -> BattleState:
    rules = BattleRules()
    state = rules.new_state(duel_setup(a, b, NOW), tables)
    rules.apply(state, {"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    if b_health is not None:
        state.fighters["b"].health = b_health
    return state


# Aulus: ATTACK 2, one PARRY/DODGE rank, a hammer he has no ranks in (one die, class A,
# +1 parry/dodge while he holds it ready). Brenna: ATTACK 2 and bare hands (one die,
# class B), no defence at all, FOCUS 0: a stun always costs her the turn.
AULUS = man("Aulus", {"attack": 2, "parry-dodge": 1}, {"hammer": 1})
BRENNA = man("Brenna", {"attack": 2}, {})


def expected(stance: str, weapon: str, b_health: int, a_health: int = 10,
             thrown: bool = False) -> float:
    dice = {"normal": 1, "berserk": 2, "defensive": 0}[stance]
    cls = "A" if weapon == "hammer" else "B"
    mine = blow(dice, cls, 0, b_health)
    if stance == "defensive" or (thrown and stance == "normal"):
        mine["whiff"] = 0.0  # a defensive attack never whiffs, a throw misses
    # The hammer's +1 parry/dodge while he still holds it.
    parry = 1 + (1 if weapon == "hammer" and not thrown else 0)
    guard = {"normal": parry, "berserk": 0, "defensive": parry + 2}[stance]
    # After a whiff he defends with ARMOR + SHIELD (none); after a berserk attack, ARMOR.
    after_whiff = guard if stance == "defensive" else 0
    acts = 1 - mine["stun"]
    back = acts * (mine["whiff"] * blow(1, "B", after_whiff, a_health)["loss"]
                   + (1 - mine["whiff"]) * blow(1, "B", guard, a_health)["loss"])
    lost = 0.0
    if thrown:
        # The hammer left on the ground: three turns of his best blow without it.
        best = max(blow(1, "A", 0, b_health)["loss"], blow(1, "B", 0, b_health)["loss"])
        lost = ai.LATER_TURNS * (best - blow(1, "B", 0, b_health)["loss"])
    return mine["loss"] - back - lost


def attack_options(state: BattleState) -> dict[tuple[str, str, bool], float]:
    return {(o["weapon"], o.get("stance", "normal"), o.get("thrown", False)): v
            for o, v, _ in options_of(state) if o["type"] == "attack"}


@pytest.mark.parametrize("b_health", [10, 1, 0, -1, -8, -10, -16, -17])
def test_each_attack_is_worth_the_blow_less_the_blow_back(tables, b_health):
    # Brenna at 1 or 0: a hit takes her below 0; at -8 or -10 a 3 puts her at death's
    # door (-11 and less); at -16 a 3 kills her (-19).
    state = aulus_to_act(AULUS, BRENNA, tables, b_health)
    values = attack_options(state)
    assert len(values) == 9
    for weapon, thrown in (("hammer", False), ("hammer", True), ("brawling", False)):
        for stance in ("normal", "berserk", "defensive"):
            assert values[(weapon, stance, thrown)] == pytest.approx(
                expected(stance, weapon, b_health, thrown=thrown), abs=1e-9), \
                (weapon, stance, thrown)


@pytest.mark.parametrize("a_health", [10, 3, 0, -7, -8, -15])
def test_the_blow_back_weighs_his_own_cliffs(tables, a_health):
    state = aulus_to_act(AULUS, BRENNA, tables)
    state.fighters["a"].health = a_health
    state.fighters["a"].health_checked = True
    values = attack_options(state)
    for weapon, thrown in (("hammer", False), ("hammer", True), ("brawling", False)):
        for stance in ("normal", "berserk", "defensive"):
            assert values[(weapon, stance, thrown)] == pytest.approx(
                expected(stance, weapon, 10, a_health, thrown), abs=1e-9), \
                (weapon, stance, thrown)


def test_the_reason_gives_the_blow_and_the_blow_back(tables):
    state = aulus_to_act(AULUS, BRENNA, tables)
    whys = {(o.get("weapon"), o.get("stance", "normal"), o.get("thrown", False)): why
            for o, _, why in options_of(state)}
    mine = blow(1, "A", 0, 10)
    back = blow(1, "B", 0, 10)["loss"] * mine["whiff"] + \
        blow(1, "B", 2, 10)["loss"] * (1 - mine["whiff"])
    assert whys[("hammer", "normal", False)] == \
        f"attacks with the Hammer: {mine['loss']:.1f} off him against {back:.1f} back"
    assert whys[("brawling", "berserk", False)].startswith("attacks berserk with the Brawling")
    assert whys[("hammer", "defensive", False)].startswith("attacks defensively with the Hammer")
    assert whys[("hammer", "normal", True)].startswith("attacks with the Hammer, thrown:")
