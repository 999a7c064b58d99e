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

from companion.dice.sources import ScriptedDice
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


# --- the defender's luck ----------------------------------------------------------------------
@pytest.mark.parametrize(("b_health", "luck"), [(10, 3), (3, 3), (1, 5), (-8, 2)])
def test_the_defender_declares_the_luck_that_keeps_most_of_his_health(tables, b_health, luck):
    brenna = man("Brenna", {"attack": 2}, {}, luck=luck)
    state = aulus_to_act(AULUS, brenna, tables, b_health)
    decision = decide(state)
    assert decision is not None
    action = decision.action
    dice = {"normal": 1, "berserk": 2, "defensive": 0}[action.get("stance", "normal")]
    cls = "A" if action["weapon"] == "hammer" else "B"
    # Each luck die she rolls is lost on 1-3: half a die, at LUCK_DIE each; never more
    # than MOST_LUCK_TRIED of them.
    costs = [blow(dice, cls, n, b_health)["loss"] + n * 0.5 * ai.LUCK_DIE
             for n in range(min(luck, ai.MOST_LUCK_TRIED) + 1)]
    assert action.get("defence_luck", 0) == costs.index(min(costs))


def test_born_loser_declares_no_defence_luck(tables):
    brenna = man("Brenna", {"attack": 2}, {}, luck=3,
                 insanities=[{"key": 11, "name": "Born Loser Complex", "permanent": True}])
    decision = decide(aulus_to_act(AULUS, brenna, tables, 1))
    assert decision is not None and "defence_luck" not in decision.action


# --- heal dice ----------------------------------------------------------------------------------
def heal_value(dice: int, health: int) -> tuple[float, float]:
    """Worth and mean health back of `dice` heal dice at `health` of 10 (5 heals 1, 6
    heals 3), with Brenna's fist on him next (his hammer ready: 2 defence dice)."""
    worth = back = 0.0
    for faces in itertools.product(range(1, 7), repeat=dice):
        p = 1 / 6 ** dice
        after = min(10, health + sum({5: 1, 6: 3}.get(f, 0) for f in faces))
        worth += p * (standing(after) - standing(health)
                      - blow(1, "B", 2, after)["loss"])
        back += p * (after - health)
    return worth - dice * ai.HEAL_DIE, back


@pytest.mark.parametrize("health", [9, 7, 1, -2, -11])
def test_heal_dice_are_worth_the_health_back_less_the_dice_and_the_blow(tables, health):
    aulus = man("Aulus", {"attack": 2, "parry-dodge": 1, "heal": 2}, {"hammer": 1})
    state = aulus_to_act(aulus, BRENNA, tables)
    state.fighters["a"].health, state.fighters["a"].health_checked = health, True
    heals = {o["dice"]: (v, why) for o, v, why in options_of(state) if o["type"] == "heal"}
    assert sorted(heals) == [1, 2]
    for dice, (value, why) in heals.items():
        worth, back = heal_value(dice, health)
        assert value == pytest.approx(worth, abs=1e-9)
        assert why == f"heals with {dice} heal dice: about {back:.1f} health back"


def test_no_heal_at_full_health_or_without_heal_dice(tables):
    aulus = man("Aulus", {"attack": 2, "heal": 2}, {"hammer": 1})
    state = aulus_to_act(aulus, BRENNA, tables)
    assert not [o for o, _, _ in options_of(state) if o["type"] == "heal"]
    state.fighters["a"].health = 9
    assert len([o for o, _, _ in options_of(state) if o["type"] == "heal"]) == 2
    state.fighters["a"].heal_dice = 0
    assert not [o for o, _, _ in options_of(state) if o["type"] == "heal"]


# --- picking up ---------------------------------------------------------------------------------
@pytest.mark.parametrize("b_health", [10, 0])
def test_a_dropped_hammer_is_worth_three_turns_of_what_it_adds(tables, b_health):
    # RETRIEVE WEAPON 2 (free ranks): a 6 on two dice, 11 in 36.
    state = aulus_to_act(AULUS, BRENNA, tables, b_health)
    aulus = state.fighters["a"]
    aulus.carried["hammer"], aulus.dropped["hammer"] = 0, 1
    [(value, why)] = [(v, why) for o, v, why in options_of(state) if o["type"] == "retrieve"]
    chance = 11 / 36
    adds = max(0.0, blow(1, "A", 0, b_health)["loss"] - blow(1, "B", 0, b_health)["loss"])
    # Bent down, he defends with PARRY/DODGE alone: the hammer is still on the ground.
    assert value == pytest.approx(chance * ai.LATER_TURNS * adds
                                  - blow(1, "B", 1, 10)["loss"], abs=1e-9)
    assert why == "picks up his Hammer: 31% for a 6 on 2 dice"


def test_a_dropped_shield_is_worth_three_turns_of_the_blows_it_stops(tables):
    aulus = man("Aulus", {"attack": 2, "parry-dodge": 1, "shield": 1}, {"hammer": 1},
                shield=True)
    state = aulus_to_act(aulus, BRENNA, tables)
    state.fighters["a"].shield = "dropped"
    [(value, why)] = [(v, why) for o, v, why in options_of(state) if o["type"] == "retrieve"]
    gain = blow(1, "B", 2, 10)["loss"] - blow(1, "B", 3, 10)["loss"]
    assert value == pytest.approx(11 / 36 * ai.LATER_TURNS * gain
                                  - blow(1, "B", 2, 10)["loss"], abs=1e-9)
    assert why == "picks up his shield: 31% for a 6 on 2 dice"


def test_nothing_to_pick_up_without_retrieve_dice(tables):
    state = aulus_to_act(AULUS, BRENNA, tables)
    aulus = state.fighters["a"]
    aulus.carried["hammer"], aulus.dropped["hammer"] = 0, 1
    aulus.skills["retrieve-weapon"] = 0
    assert not [o for o, _, _ in options_of(state) if o["type"] == "retrieve"]


# --- the rolls below 0, focus, fate ----------------------------------------------------------
@pytest.mark.parametrize(("luck", "words"), [
    (0, "rolls to stay conscious: 60% for a 6"),
    (1, "rolls to stay conscious with all 1 luck die: 67% for a 6"),
    (2, "rolls to stay conscious with all 2 luck dice: 72% for a 6")])
def test_the_roll_to_stay_up_takes_all_his_luck(tables, luck, words):
    aulus = man("Aulus", {"attack": 2}, {"hammer": 1}, luck=luck)
    state = aulus_to_act(aulus, BRENNA, tables)
    state.fighters["a"].health, state.fighters["a"].health_stage = -1, "struggling"  # 5 dice
    decision = decide(state)
    assert decision is not None
    assert decision.action == {"type": "stay_conscious", "luck": luck}
    assert decision.why == words


def test_at_deaths_door_he_rolls_with_his_luck(tables):
    aulus = man("Aulus", {"attack": 2}, {"hammer": 1}, luck=1, wins=20)
    state = aulus_to_act(aulus, BRENNA, tables)
    # 20 fights / 10: 2 dice, and 1 luck die.
    state.fighters["a"].health, state.fighters["a"].health_stage = -12, "deaths-door"
    decision = decide(state)
    assert decision is not None
    assert decision.action == {"type": "death_door", "luck": 1}
    assert decision.why == "rolls at death's door with all 1 luck die: 42% for a 6"


def test_fate_choices_take_the_highest_face(tables):
    state = aulus_to_act(AULUS, BRENNA, tables)
    state.fighters["a"].fate_choices = [2, 5, 3]
    decision = decide(state)
    assert decision is not None
    assert decision.action == {"type": "choose_fate", "face": 5}


@pytest.mark.parametrize(("focus", "keen"), [(1, True), (3, True), (4, False)])
def test_keen_insight_is_spent_while_focus_alone_is_under_even(tables, focus, keen):
    # Three FOCUS dice: 42% for a 6; four: 52%.
    aulus = man("Aulus", {"attack": 2, "focus": focus}, {"hammer": 1},
                insanities=[{"key": 53, "name": "Keen Insight", "permanent": True}])
    state = aulus_to_act(aulus, BRENNA, tables)
    state.fighters["a"].stunned = True
    decision = decide(state)
    assert decision is not None
    assert decision.action.get("keen_insight", False) is keen
    plain = 1 - (5 / 6) ** focus
    assert decision.why.endswith(f"{plain:.0%}")


def test_keen_insight_waits_while_focus_is_barred(tables):
    aulus = man("Aulus", {"attack": 2, "focus": 1}, {"hammer": 1},
                insanities=[{"key": 53, "name": "Keen Insight", "permanent": True}])
    state = aulus_to_act(aulus, BRENNA, tables)
    state.fighters["a"].stunned = True
    state.fighters["a"].no_focus_turns = 1
    decision = decide(state)
    assert decision is not None and decision.action == {"type": "focus"}


def test_the_computer_stops_after_the_turn_limit(tables):
    state = aulus_to_act(AULUS, BRENNA, tables)
    state.turn_count = ai.MAX_TURNS
    assert decide(state) is not None
    state.turn_count = ai.MAX_TURNS + 1
    assert decide(state) is None


# --- quitting ---------------------------------------------------------------------------------
def at_least(dice: int, cls: str, defence: int, amount: int) -> float:
    """The chance a blow gets `amount` damage or more through `defence` dice."""
    chance = Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=dice):
        col = column(faces)
        if DAMAGE[cls][col] < amount or DAMAGE[cls][col] == 0:
            continue
        needed = 2 if col in (2, 4, 6) else 1
        for guard in itertools.product(range(1, 7), repeat=defence):
            if guard.count(6) < needed:
                chance += Fraction(1, 6 ** (dice + defence))
    return float(chance)


def below_zero(tables: TableSet, a_health: int, b_health: int) -> BattleState:
    """Aulus (one hammer die, no PARRY/DODGE) at `a_health`, his roll made, against
    Brenna's two bare-handed dice (ATTACK 4)."""
    aulus = man("Aulus", {"attack": 2}, {"hammer": 1})
    state = aulus_to_act(aulus, man("Brenna", {"attack": 4}, {}), tables, b_health)
    state.fighters["a"].health, state.fighters["a"].health_checked = a_health, True
    return state


def test_below_0_he_quits_when_death_s_door_is_likely_and_her_end_is_not(tables):
    state = below_zero(tables, -8, 10)
    decision = decide(state)
    assert decision is not None and decision.action == {"type": "quit"}
    # His best attack is defensive (ARMOR + hammer + 2: three dice); a 3 or more from
    # her puts him at -11.
    risk = at_least(2, "B", 3, 3)
    assert decision.why == f"quits: {risk:.0%} to reach death's door next turn, 0% to end " \
        "it first"


def test_he_fights_on_when_a_4_is_needed_to_reach_death_s_door(tables):
    decision = decide(below_zero(tables, -7, 10))
    assert decision is not None and decision.action["type"] == "attack"


def test_he_fights_on_when_his_blow_may_end_it_as_surely(tables):
    # Brenna at 2: his berserk fists (two dice, class B) down her on 3 or more as
    # surely as hers reach his death's door against his ARMOR-only defence.
    decision = decide(below_zero(tables, -8, 2))
    assert at_least(2, "B", 0, 3) == pytest.approx(20 / 36)
    assert decision is not None and decision.action["type"] == "attack"


def test_he_fights_on_when_she_is_below_0_herself(tables):
    # At -1 she rolls 5 dice to stay up: 40% she drops, more than his 34%.
    decision = decide(below_zero(tables, -8, -1))
    assert decision is not None and decision.action["type"] == "attack"


def test_a_foe_who_cannot_be_stunned_is_sure_to_strike_back(tables):
    # ATTACK 5: his defensive blow may stun her, which would cost her her next turn;
    # wide awake (an insanity's gift) she strikes back for certain: the whole risk.
    def why(awake: bool) -> str:
        state = below_zero(tables, -8, 10)
        state.fighters["a"].skills["attack"] = 5
        state.fighters["b"].awake = awake
        decision = decide(state)
        assert decision is not None and decision.action == {"type": "quit"}
        return decision.why

    risk = at_least(2, "B", 3, 3)
    assert why(True) == f"quits: {risk:.0%} to reach death's door next turn, 0% to end it first"
    assert int(why(False).split()[1].rstrip("%")) < round(risk * 100)


def test_who_must_win_or_die_never_quits(tables):
    state = below_zero(tables, -8, 10)
    state.fighters["a"].must_win_or_die = True
    decision = decide(state)
    assert decision is not None and decision.action["type"] == "attack"


# --- grips and throws -------------------------------------------------------------------------
def test_the_trident_is_weighed_in_either_grip_and_two_hands_drop_the_shield(tables):
    # The trident: class A in one hand, B in two (+1 parry/dodge while held). Aulus
    # holds a shield (1 rank): the two-handed grip drops it, for three turns.
    aulus = man("Aulus", {"attack": 2, "parry-dodge": 1, "shield": 1}, {"trident": 1},
                shield=True)
    state = aulus_to_act(aulus, BRENNA, tables)
    found = {(o.get("stance", "normal"), o.get("two_handed", False), o.get("thrown", False)): v
             for o, v, _ in options_of(state) if o["weapon"] == "trident"}
    assert sorted(found) == sorted(itertools.product(("normal", "berserk", "defensive"),
                                                     (False, True), (False, True)))
    one = blow(1, "A", 0, 10)
    # Shield, PARRY/DODGE and the trident: 3 dice; after a whiff the shield alone.
    back = one["whiff"] * blow(1, "B", 1, 10)["loss"] + \
        (1 - one["whiff"]) * blow(1, "B", 3, 10)["loss"]
    assert found[("normal", False, False)] == pytest.approx(one["loss"] - back, abs=1e-9)
    two = blow(1, "B", 0, 10)
    back = two["whiff"] * blow(1, "B", 0, 10)["loss"] + \
        (1 - two["whiff"]) * blow(1, "B", 2, 10)["loss"]
    shield = ai.LATER_TURNS * (blow(1, "B", 2, 10)["loss"] - blow(1, "B", 3, 10)["loss"])
    assert found[("normal", True, False)] == pytest.approx(two["loss"] - back - shield,
                                                           abs=1e-9)


def test_a_one_handed_weapon_has_no_two_handed_grip_and_darts_are_always_thrown(tables):
    state = aulus_to_act(AULUS, BRENNA, tables)
    assert not [o for o, _, _ in options_of(state) if o.get("two_handed")]
    darts = man("Aulus", {"attack": 2}, {"war-dart": 3})
    state = aulus_to_act(darts, BRENNA, tables)
    thrown = [o.get("thrown", False) for o, _, _ in options_of(state)
              if o["weapon"] == "war-dart"]
    assert thrown == [True] * len(thrown) and len(thrown) >= 3


def test_a_defender_whose_weapon_lies_on_the_ground_guards_without_it(tables):
    # The trident gives its holder +1 PARRY/DODGE die; knocked out of her hand, it
    # gives nothing, and his blows are likelier to land: the reckoning must not take
    # her for the woman she was a moment ago.
    brenna = man("Brenna", {"attack": 2, "parry-dodge": 1}, {"trident": 1})
    state = aulus_to_act(AULUS, brenna, tables)
    judge = ai._Judge(state)
    aulus, holding = state.fighters["a"], state.fighters["b"]
    bare = ai._like(holding, carried={"trident": 0}, dropped={"trident": 1})
    with_it, without = judge.threat(aulus, holding)[0], judge.threat(aulus, bare)[0]
    assert without > with_it
    assert judge.threat(aulus, holding)[0] == with_it


def test_he_keeps_his_mighty_blow_until_she_is_down_to_half_her_health(tables):
    # Once a battle, +2 dice (insanity 55): worth more once she is low.
    mighty = [{"key": 55, "name": "Mighty Blow", "permanent": True}]

    def decided(b_health: int) -> dict[str, Any]:
        aulus = man("Aulus", {"attack": 3}, {"hammer": 1}, insanities=mighty)
        decision = decide(aulus_to_act(aulus, BRENNA, tables, b_health))
        assert decision is not None and decision.action["type"] == "attack"
        return decision.action

    assert "mighty_blow" not in decided(10)
    assert decided(5).get("mighty_blow") is True


def test_he_keeps_his_called_shot_until_she_is_down_to_half_her_health(tables):
    # Once a battle, +2 dice toward a critical (insanity 61).
    called = [{"key": 61, "name": "Called Shot", "permanent": True}]

    def decided(b_health: int) -> dict[str, Any]:
        aulus = man("Aulus", {"attack": 3}, {"hammer": 1}, insanities=called)
        decision = decide(aulus_to_act(aulus, BRENNA, tables, b_health))
        assert decision is not None and decision.action["type"] == "attack"
        return decision.action

    assert "called_shot" not in decided(10)
    assert decided(5).get("called_shot") == "critical"


@pytest.mark.parametrize(("b_health", "reflex"), [(10, False), (4, False), (-3, True)])
def test_her_reflex_to_live_is_declared_for_her_once_she_is_below_0(tables, b_health, reflex):
    # Insanity 54: once a battle, 3 more defence dice; worth keeping while she is hale.
    brenna = man("Brenna", {"attack": 2}, {},
                 insanities=[{"key": 54, "name": "Reflex to Live", "permanent": True}])
    state = aulus_to_act(man("Aulus", {"attack": 4}, {"hammer": 1}), brenna, tables)
    state.fighters["b"].health = b_health
    decision = decide(state)
    assert decision is not None and decision.action["type"] == "attack"
    assert decision.action.get("reflex", False) is reflex


def test_a_lasting_wound_that_clearing_his_eyes_would_end_is_weighed(tables):
    from companion.rulesets.battle.state import Modifier

    state = aulus_to_act(AULUS, BRENNA, tables)
    state.fighters["a"].modifiers.append(
        Modifier("attack_and_defence", -1, duration="until_cleared", source="a critical"))
    weighed = {action["type"]: why for action, _, why in options_of(state)}
    assert weighed["clear_eyes"] == "clears his eyes"


def _clearing_worth(tables, target: str, amount: int) -> float:
    from companion.rulesets.battle.state import Modifier

    aulus = man("Aulus", {"attack": 4, "parry-dodge": 2}, {"hammer": 1})
    state = aulus_to_act(aulus, man("Brenna", {"attack": 4}, {"club": 1}), tables)
    state.fighters["a"].modifiers.append(
        Modifier(target, amount, duration="until_cleared", source="a critical"))
    return next(v for action, v, _ in options_of(state) if action["type"] == "clear_eyes")


def test_clearing_his_eyes_is_worth_the_guard_it_gives_back_less_the_blow_meanwhile(tables):
    # A lasting -1 to initiative changes neither his blows nor his guard: clearing it
    # gains nothing and costs a turn of her blows. Three defence dice back are worth it.
    assert _clearing_worth(tables, "initiative", -1) < 0
    assert _clearing_worth(tables, "defence", -3) > 0
    assert _clearing_worth(tables, "defence", -3) > _clearing_worth(tables, "defence", -2)
