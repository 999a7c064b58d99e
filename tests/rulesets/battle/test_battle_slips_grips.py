"""A two-handed weapon is always held in both hands (RULES.md 2 and the weapons table's
`hands`): attacking with it, declared or not, drops a held shield, counts as a
two-handed attack, and is refused to a gladiator whose shield arm is useless."""

from __future__ import annotations

import pytest
from test_battle_slips_ai import BRENNA, aulus_to_act, man

from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.battle.rules import BattleRules
from companion.tables.loader import TableSet, load_tables


@pytest.fixture(scope="module")
def tables() -> TableSet:
    return load_tables(include_user=False)


def with_shield(weapon: str) -> dict:
    return man("Aulus", {"attack": 2, "parry-dodge": 1, "shield": 1}, {weapon: 1},
               shield=True)


def test_a_quarter_staff_attack_undeclared_is_two_handed_and_drops_the_shield(tables):
    state = aulus_to_act(with_shield("quarter-staff"), BRENNA, tables)
    outcome = BattleRules().apply(state, {"type": "attack", "weapon": "quarter-staff"},
                                  ScriptedDice([1]))
    kinds = [e.kind for e in outcome.events]
    assert kinds[:2] == ["two_handed_grip", "shield_dropped"]
    rolled = next(e for e in outcome.events if e.kind == "attack_rolled")
    assert rolled.data["two_handed"] is True
    aulus = state.fighters["a"]
    assert aulus.shield == "dropped"
    assert aulus.last_turn.two_handed is True


def test_a_hammer_attack_undeclared_keeps_the_shield(tables):
    state = aulus_to_act(with_shield("hammer"), BRENNA, tables)
    outcome = BattleRules().apply(state, {"type": "attack", "weapon": "hammer"},
                                  ScriptedDice([1]))
    assert "shield_dropped" not in [e.kind for e in outcome.events]
    assert state.fighters["a"].shield == "held"
    assert state.fighters["a"].last_turn.two_handed is False


def test_a_useless_shield_arm_refuses_a_two_handed_weapon_but_not_a_one_handed(tables):
    state = aulus_to_act(man("Aulus", {"attack": 2}, {"quarter-staff": 1, "hammer": 1}),
                         BRENNA, tables)
    state.fighters["a"].no_shield_or_two_handed = True
    with pytest.raises(UserError, match="shield arm is useless"):
        BattleRules().apply(state, {"type": "attack", "weapon": "quarter-staff"},
                            ScriptedDice([1]))
    BattleRules().apply(state, {"type": "attack", "weapon": "hammer"}, ScriptedDice([1]))
    assert state.fighters["a"].last_turn.weapon == "hammer"


@pytest.mark.parametrize(("weapon", "refused"), [
    ("hammer", True),  # one hand, one class
    ("trident", False),  # one hand, a two-handed class B
    ("quarter-staff", False),  # two hands anyway
])
def test_a_two_handed_grip_is_declared_only_where_the_weapon_allows_it(tables, weapon,
                                                                        refused):
    state = aulus_to_act(man("Aulus", {"attack": 2}, {weapon: 1}), BRENNA, tables)
    action = {"type": "attack", "weapon": weapon, "two_handed": True}
    if refused:
        with pytest.raises(UserError, match="is a one-handed weapon"):
            BattleRules().apply(state, action, ScriptedDice([1]))
        return
    outcome = BattleRules().apply(state, action, ScriptedDice([1]))
    rolled = next(e for e in outcome.events if e.kind == "attack_rolled")
    assert rolled.data["two_handed"] is True
    # The trident two-handed is class B; the quarter-staff has one class, A.
    assert rolled.data["weapon_class"] == {"trident": "B", "quarter-staff": "A"}[weapon]
