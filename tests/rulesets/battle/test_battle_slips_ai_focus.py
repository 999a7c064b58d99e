"""The blow back after a stun: a stunned gladiator acts on his next turn only when his
FOCUS roll gets a 6, so the computer counts her blow back at the chance she is not
stunned, or stunned and focuses; while her focus is barred she cannot."""

from __future__ import annotations

import pytest
from test_battle_slips_ai import AULUS, aulus_to_act, blow, man

from companion.rulesets.battle.ai import options_of
from companion.tables.loader import TableSet, load_tables


@pytest.fixture(scope="module")
def tables() -> TableSet:
    return load_tables(include_user=False)


def berserk_fists(state) -> float:
    # The best attack is listed twice (first as the pick, then among the plain ones).
    values = {v for o, v, _ in options_of(state)
              if o == {"type": "attack", "weapon": "brawling", "stance": "berserk"}}
    assert len(values) == 1
    return values.pop()


@pytest.mark.parametrize(("focus", "barred"), [(0, False), (2, False), (2, True), (1, True)])
def test_her_blow_back_after_his_6_6_counts_her_focus(tables, focus, barred):
    brenna = man("Brenna", {"attack": 2, "focus": focus}, {})
    state = aulus_to_act(AULUS, brenna, tables)
    if barred:
        state.fighters["b"].no_focus_turns = 1
    # His berserk fists: two class-B dice on her no defence; a 6-6 stuns her. Then her
    # fist on his ARMOR alone (none).
    mine = blow(2, "B", 0, 10)
    focused = 0.0 if barred else 1 - (5 / 6) ** focus
    acts = 1 - mine["stun"] * (1 - focused)
    assert berserk_fists(state) == pytest.approx(
        mine["loss"] - acts * blow(1, "B", 0, 10)["loss"], abs=1e-9)


def test_a_stunned_opponent_acts_only_if_she_focuses(tables):
    # Already stunned, she stays stunned whatever he does: she acts only on a 6 of her
    # two FOCUS dice.
    brenna = man("Brenna", {"attack": 2, "focus": 2}, {})
    state = aulus_to_act(AULUS, brenna, tables)
    state.fighters["b"].stunned = True
    value = berserk_fists(state)
    mine = blow(2, "B", 0, 10)
    acts = 1 - (5 / 6) ** 2
    assert value == pytest.approx(mine["loss"] - acts * blow(1, "B", 0, 10)["loss"],
                                  abs=1e-9)
