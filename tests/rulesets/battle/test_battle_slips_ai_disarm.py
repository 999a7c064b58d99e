"""The computer's whip: a disarm takes no health, so it is worth the blows her weapon
would have landed beyond her fists for LATER_TURNS turns, at the chance the disarm
lands, less her blow back. Counted by hand with the helpers of test_battle_slips_ai."""

from __future__ import annotations

import pytest
from test_battle_slips_ai import at_least, aulus_to_act, blow, man

from companion.rulesets.battle import ai
from companion.rulesets.battle.ai import options_of
from companion.tables.loader import TableSet, load_tables


@pytest.fixture(scope="module")
def tables() -> TableSet:
    return load_tables(include_user=False)


# Aulus: ATTACK 4, WHIP 4 (four dice, halved for a disarm: two class-A dice), one
# PARRY/DODGE rank (the whip adds none).
WHIP_AULUS = man("Aulus", {"attack": 4, "parry-dodge": 1}, {"whip": 1}, weapons={"whip": 4})


def brenna_with(tridents: int) -> dict:
    # ATTACK 2, TRIDENT 2: two class-A dice with a trident in one hand, +1 PARRY/DODGE
    # while it is ready; one class-B die with her fists.
    return man("Brenna", {"attack": 2}, {"trident": tridents}, weapons={"trident": 2})


def disarm_option(state) -> tuple[float, str]:
    [(value, why)] = [(v, why) for o, v, why in options_of(state)
                      if o.get("called_shot") == "disarm"]
    return value, why


def test_a_disarm_is_worth_the_turns_she_fights_with_her_fists(tables):
    state = aulus_to_act(WHIP_AULUS, brenna_with(1), tables)
    value, why = disarm_option(state)
    # It lands when his two dice hit (a 4 or better) and her one die (the trident's
    # parry bonus; no ARMOR against a disarm) does not block it.
    landed = at_least(2, "A", 1, 1)
    armed = max(blow(2, "A", 1, 10)["loss"], blow(1, "B", 1, 10)["loss"])
    bare = blow(1, "B", 1, 10)["loss"]
    assert armed > bare
    # Her next blow lands on his PARRY/DODGE die whatever the whip did.
    assert value == pytest.approx(landed * ai.LATER_TURNS * (armed - bare) - armed, abs=1e-9)
    assert why == f"tries to disarm him with the whip: {landed:.0%}"


def test_disarming_one_of_two_tridents_leaves_her_the_other(tables):
    state = aulus_to_act(WHIP_AULUS, brenna_with(2), tables)
    value, _ = disarm_option(state)
    armed = max(blow(2, "A", 1, 10)["loss"], blow(1, "B", 1, 10)["loss"])
    # Nothing gained: only her blow back is counted.
    assert value == pytest.approx(-armed, abs=1e-9)


def test_no_disarm_is_weighed_against_bare_hands(tables):
    # Brenna holds no weapon: the whip has nothing to take.
    state = aulus_to_act(WHIP_AULUS, man("Brenna", {"attack": 2}, {}), tables)
    assert not [o for o, _, _ in options_of(state) if o.get("called_shot") == "disarm"]
    assert [o for o, _, _ in options_of(state) if o.get("weapon") == "whip"]
