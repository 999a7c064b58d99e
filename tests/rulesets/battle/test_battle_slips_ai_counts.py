"""The computer player's counts at their edges: the opponent's blow back with a weapon
of two classes held in one hand, a single luck die on an attack, a single heal die,
and the quitting rule's "end it first" (the blow that takes her below 0 needs one
more than her health; below 0, one that reaches her death's door). Expectations are
counted by hand with the helpers of test_battle_slips_ai (small pools, no critical)."""

from __future__ import annotations

import pytest
from test_battle_slips_ai import (
    AULUS,
    BRENNA,
    at_least,
    aulus_to_act,
    below_zero,
    blow,
    heal_value,
    man,
)

from companion.rulesets.battle import ai
from companion.rulesets.battle.ai import decide, options_of
from companion.tables.loader import TableSet, load_tables


@pytest.fixture(scope="module")
def tables() -> TableSet:
    return load_tables(include_user=False)


# --- her trident in one hand --------------------------------------------------------------
# Brenna: ATTACK 2, TRIDENT 2 (two dice, class A in one hand, B in two; +1 PARRY/DODGE
# while ready), and her bare hands (one die, class B).
TRIDENT_BRENNA = man("Brenna", {"attack": 2}, {"trident": 1}, weapons={"trident": 2})


def her_best(guard: int) -> float:
    """Her best plain blow on Aulus at full health: the trident in one hand (class A,
    its one-handed class: a plain attack is not declared two-handed) or her fists."""
    return max(blow(2, "A", guard, 10)["loss"], blow(1, "B", guard, 10)["loss"])


def test_the_blow_back_counts_her_trident_at_its_one_handed_class(tables):
    state = aulus_to_act(AULUS, TRIDENT_BRENNA, tables)
    values = {(o["weapon"], o.get("stance", "normal"), o.get("thrown", False)): v
              for o, v, _ in options_of(state) if o["type"] == "attack"}
    # His hammer (one die, class A) against her trident's parry bonus: one die.
    mine = blow(1, "A", 1, 10)
    assert mine["stun"] == 0  # one die never shows 6-6: she always strikes back
    # After a whiff he defends with ARMOR + SHIELD (none); else PARRY/DODGE + hammer.
    back = mine["whiff"] * her_best(0) + (1 - mine["whiff"]) * her_best(2)
    assert values[("hammer", "normal", False)] == pytest.approx(mine["loss"] - back,
                                                                abs=1e-9)
    # The trident in one hand is what she hits hardest with: her fists are not the
    # blow counted.
    assert blow(2, "A", 2, 10)["loss"] > blow(1, "B", 2, 10)["loss"]


def test_his_own_trident_lying_on_the_ground_is_worth_its_one_handed_blow(tables):
    # Aulus (ATTACK 2, TRIDENT 2) has dropped his trident: picking it up gives back two
    # class-A dice in place of his fists' one class-B die, against Brenna's no defence.
    aulus = man("Aulus", {"attack": 2, "parry-dodge": 1}, {"trident": 1},
                weapons={"trident": 2})
    state = aulus_to_act(aulus, BRENNA, tables)
    a = state.fighters["a"]
    a.carried["trident"], a.dropped["trident"] = 0, 1
    [(value, why)] = [(v, why) for o, v, why in options_of(state) if o["type"] == "retrieve"]
    adds = blow(2, "A", 0, 10)["loss"] - blow(1, "B", 0, 10)["loss"]
    # RETRIEVE WEAPON 2: a 6 on two dice, 11 in 36; bent down he keeps PARRY/DODGE.
    assert value == pytest.approx(11 / 36 * ai.LATER_TURNS * adds
                                  - blow(1, "B", 1, 10)["loss"], abs=1e-9)
    assert why == "picks up his Trident: 31% for a 6 on 2 dice"


# --- a single luck die --------------------------------------------------------------------
def lucky_aulus(luck: int) -> dict:
    # ATTACK 0: no die in a normal attack, one berserk; his luck dice on top.
    return man("Aulus", {"attack": 0, "parry-dodge": 1}, {"hammer": 1}, luck=luck)


@pytest.mark.parametrize("b_health", [10, 1])
def test_one_luck_die_is_weighed_and_spent_when_it_gains_more_than_it_risks(tables, b_health):
    state = aulus_to_act(lucky_aulus(1), BRENNA, tables, b_health)
    decision = decide(state)
    assert decision is not None
    assert decision.action == {"type": "attack", "weapon": "brawling", "stance": "berserk",
                               "luck": 1}
    # Two class-B dice against her no defence; then her fist on his ARMOR (none) unless
    # his 6-6 stunned her (FOCUS 0); the luck die is lost on 1-3: half a die.
    mine = blow(2, "B", 0, b_health)
    back = (1 - mine["stun"]) * blow(1, "B", 0, 10)["loss"]
    value = mine["loss"] - back - 0.5 * ai.LUCK_DIE
    [(top, top_value, why)] = list(options_of(state))[:1]
    assert top == decision.action
    assert top_value == pytest.approx(value, abs=1e-9)
    assert why == (f"attacks berserk with the Brawling, 1 luck die: {mine['loss']:.1f} off "
                   f"him against {back:.1f} back")


def test_no_more_luck_dice_than_most_luck_tried(tables):
    # Five luck dice and Brenna at 1: every die brings her nearer to below 0, but
    # past MOST_LUCK_TRIED the computer does not look.
    decision = decide(aulus_to_act(lucky_aulus(5), BRENNA, tables, 1))
    assert decision is not None
    assert decision.action.get("luck") == ai.MOST_LUCK_TRIED == 3
    tried = {o.get("luck", 0) for o, _, _ in options_of(aulus_to_act(lucky_aulus(5), BRENNA,
                                                                      tables, 1))}
    assert max(tried) <= ai.MOST_LUCK_TRIED


def test_without_luck_no_luck_die_is_declared(tables):
    state = aulus_to_act(lucky_aulus(0), BRENNA, tables, 1)
    assert all("luck" not in o for o, _, _ in options_of(state))


# --- a single heal die ----------------------------------------------------------------------
@pytest.mark.parametrize("health", [9, 1, -2])
def test_a_single_heal_die_is_weighed(tables, health):
    aulus = man("Aulus", {"attack": 2, "parry-dodge": 1, "heal": 1}, {"hammer": 1})
    state = aulus_to_act(aulus, BRENNA, tables)
    a = state.fighters["a"]
    assert a.heal_dice == 1
    a.health, a.health_checked = health, True
    heals = [(o, v, why) for o, v, why in options_of(state) if o["type"] == "heal"]
    worth, back = heal_value(1, health)
    assert heals == [({"type": "heal", "dice": 1}, pytest.approx(worth, abs=1e-9),
                      f"heals with 1 heal dice: about {back:.1f} health back")]


def test_one_short_of_full_health_he_may_heal_and_at_full_he_may_not(tables):
    aulus = man("Aulus", {"attack": 2, "parry-dodge": 1, "heal": 1}, {"hammer": 1})
    state = aulus_to_act(aulus, BRENNA, tables)
    a = state.fighters["a"]
    assert a.health == a.max_health == 10
    assert not [o for o, _, _ in options_of(state) if o["type"] == "heal"]
    a.health = 9
    assert [o for o, _, _ in options_of(state) if o["type"] == "heal"] == [
        {"type": "heal", "dice": 1}]


# --- quitting: the blow that ends it first ---------------------------------------------------
def test_he_quits_when_his_blow_needs_one_more_than_her_health_to_take_her_under(tables):
    # Brenna at 3: his berserk fists (two class-B dice, her no defence) take her below
    # 0 only with 4 or more, a 6: 11 in 36. Her two fists on his ARMOR alone (none)
    # reach his death's door (-11) from -8 with 3 or more, unless his 6-6 stuns her.
    decision = decide(below_zero(tables, -8, 3))
    assert decision is not None and decision.action == {"type": "quit"}
    ends = at_least(2, "B", 0, 4)
    assert ends == pytest.approx(11 / 36)
    risk = (1 - blow(2, "B", 0, 3)["stun"]) * at_least(2, "B", 0, 3)
    assert decision.why == (f"quits: {risk:.0%} to reach death's door next turn, "
                            f"{ends:.0%} to end it first")


def test_at_0_any_blow_that_lands_takes_her_under_and_he_fights_on(tables):
    # Brenna at 0: a hit of 1 puts her below 0. His berserk hammer (two class-A dice)
    # lands three times in four, more than her 54% to reach his death's door.
    decision = decide(below_zero(tables, -8, 0))
    assert at_least(2, "A", 0, 1) == pytest.approx(27 / 36)
    assert decision is not None
    assert decision.action == {"type": "attack", "weapon": "hammer", "stance": "berserk"}


def test_below_0_her_end_is_her_failed_roll_or_his_blow_to_her_death_s_door(tables):
    # Brenna at -1 with 3 luck dice: 5 + 3 dice to stay up, so she drops only
    # (5/6)^8 of the time; his blow would need 10 to reach her death's door (-11).
    aulus = man("Aulus", {"attack": 2}, {"hammer": 1})
    state = aulus_to_act(aulus, man("Brenna", {"attack": 4}, {}, luck=3), tables, -1)
    state.fighters["a"].health, state.fighters["a"].health_checked = -8, True
    state.fighters["b"].health_checked = True
    decision = decide(state)
    assert decision is not None and decision.action == {"type": "quit"}
    ends = (5 / 6) ** 8
    risk = at_least(2, "B", 3, 3)  # after his defensive hammer: ARMOR + hammer + 2
    assert decision.why == (f"quits: {risk:.0%} to reach death's door next turn, "
                            f"{ends:.0%} to end it first")
