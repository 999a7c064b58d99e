"""The defence pool, by the first rule that applies (seed 002, table pool-defence):
stunned, ARMOR only; attacked berserk last turn, ARMOR only; attacked defensively,
all three plus the defensive bonus; threw his weapon, all three; whiffed, ARMOR and
SHIELD; otherwise all three with the weapon's parry/dodge bonus."""

from __future__ import annotations

from typing import Any

import pytest

from companion.dice.sources import ScriptedDice
from companion.rulesets.battle.rules import BattleRules
from companion.session.session import Session


@pytest.fixture(scope="module")
def rules() -> BattleRules:
    return BattleRules()


def sheet(name: str, weapon: str, **skills: int) -> dict[str, Any]:
    return {"format": "companion-gladiator", "name": name, "development_points": 500,
            "skills": {"attack": 3, "health": 30, **skills}, "weapons": {weapon: 3},
            "carried": {weapon: 1}, "shield": skills.get("shield", 0) > 0}


def defender_after(rules: BattleRules, first: dict[str, Any], faces: list[int], *,
                   stunned: bool = False) -> str:
    """The defender (ARMOR 1, SHIELD 2, PARRY/DODGE 3, a hammer with +1 parry bonus)
    takes his first turn as `first` (the club man's defence die, if any, is the last
    of `faces`), then the club man hits him with one 5; the defence line of the log."""
    session = Session(rules, {
        "a": sheet("Defender", "hammer", armor=1, shield=2, **{"parry-dodge": 3}),
        "b": sheet("Clubber", "club"),
    })
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    session.act(first, ScriptedDice(faces))
    if stunned:
        session.act({"type": "set_stun", "who": "Defender"}, ScriptedDice([]))
    lines = session.narrate(session.act({"type": "attack"}, ScriptedDice([5, 1, 1] + [1] * 12)))
    return next(line for line in lines if line.startswith("Defender defends"))


def test_normal_defence_is_all_three_with_the_weapons_parry_bonus(rules):
    line = defender_after(rules, {"type": "attack"}, [5, 1, 1, 1])
    assert line.startswith("Defender defends with 7 (ARMOR 1, +2 SHIELD, "
                           "+3 PARRY/DODGE, +1 weapon's parry bonus)")


def test_stunned_defends_with_armor_only(rules):
    line = defender_after(rules, {"type": "attack"}, [5, 1, 1, 1], stunned=True)
    assert line.startswith("Defender defends (stunned) with 1 (ARMOR 1)")


def test_after_a_berserk_attack_armor_only(rules):
    line = defender_after(rules, {"type": "attack", "stance": "berserk"}, [5, 1, 1, 1, 1])
    assert line.startswith("Defender defends (attacked berserk last turn) with 1 (ARMOR 1)")


def test_berserk_comes_before_a_whiff(rules):
    line = defender_after(rules, {"type": "attack", "stance": "berserk"}, [1, 1, 1, 1])
    assert "(attacked berserk last turn)" in line


def test_after_a_defensive_attack_all_three_plus_the_defensive_dice(rules):
    # ATTACK 3: the first row of the stance table, +2 defence dice.
    line = defender_after(rules, {"type": "attack", "stance": "defensive"}, [1, 1])
    assert line.startswith("Defender defends (attacked defensively last turn) with 9 (ARMOR 1, "
                           "+2 SHIELD, +3 PARRY/DODGE, +1 weapon's parry bonus, "
                           "+2 defensive)")


def test_after_throwing_all_three_without_the_weapon_bonus(rules):
    line = defender_after(rules, {"type": "attack", "thrown": True}, [1, 1, 1])
    assert line.startswith("Defender defends (threw his weapon last turn) with 6 (ARMOR 1, "
                           "+2 SHIELD, +3 PARRY/DODGE)")


def test_after_a_whiff_armor_and_shield(rules):
    line = defender_after(rules, {"type": "attack"}, [1, 2, 3])
    assert line.startswith("Defender defends (whiffed last turn) with 3 (ARMOR 1, "
                           "+2 SHIELD)")


def test_after_a_turn_without_an_attack_the_normal_pool(rules):
    session = Session(rules, {
        "a": sheet("Defender", "hammer", armor=1, heal=2),
        "b": sheet("Clubber", "club"),
    })
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    session.act({"type": "heal", "dice": 1}, ScriptedDice([1]))
    lines = session.narrate(session.act({"type": "attack"}, ScriptedDice([5, 1, 1, 1, 1])))
    assert any(line.startswith("Defender defends with 2 (ARMOR 1, +1 weapon's")
               for line in lines)
