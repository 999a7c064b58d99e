"""Grimdark at a few more edges of a gladiator's own lot: which stat a second wound
lowers, what the chooser counts a CZ, a resource or a curse gained, the plain attack an
opponent is taken to play when the tables have no Basic Melee, a move's rules without
an amount, and a rolled grant whose dice come to less than nothing."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from support.grimdark_kit import match, sheet

from companion.dice.sources import ScriptedDice
from companion.rulesets.grimdark.coachfile import Coaching
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.foresight import Foresight, _plain_attack
from companion.rulesets.grimdark.harm import Ctx, wound
from companion.rulesets.grimdark.scores import (
    CURSE_COST,
    CZ_VALUE,
    LEANS,
    RESOURCE_VALUE,
    Option,
    Scene,
    _score_gains,
)
from companion.rulesets.grimdark.sheet import Grant
from companion.rulesets.grimdark.state import Condition
from companion.rulesets.grimdark.traits import traits
from companion.tables.effects import Rule

DATA = GrimdarkData.load()


# ------------------------------------------------------------------ a second wound

def _wounded_twice(stats: dict[str, int], active: str) -> tuple[dict[str, int], list]:
    _, state = match(sheet("Rex"), sheet("Vex"))
    rex = state.fighter("a")
    rex.stats.update(stats)
    rex.active_stat = active
    ctx = Ctx(state, ScriptedDice([]))
    wound(ctx, rex, "test")
    first = dict(rex.stats)
    assert rex.wounded and first == {**first, **stats}  # the first wound lowers nothing
    wound(ctx, rex, "test")
    return rex.stats, [e.data for e in ctx.events if e.kind == "wounded"]


def test_a_second_wound_lowers_his_active_stat_not_his_strongest() -> None:
    stats, seen = _wounded_twice({"brutality": 6, "style": 4, "mind": 3, "weird": 2}, "style")
    assert stats == {"brutality": 6, "style": 3, "mind": 3, "weird": 2}
    assert seen[0]["second"] is False
    assert seen[1]["second"] is True and seen[1]["stat"] == "style" and seen[1]["value"] == 3


def test_a_second_wound_while_ineffective_lowers_his_strongest_the_first_of_a_tie() -> None:
    stats, seen = _wounded_twice({"brutality": 3, "style": 5, "mind": 5, "weird": 2},
                                 "ineffective")
    assert stats == {"brutality": 3, "style": 4, "mind": 5, "weird": 2}
    assert seen[1]["stat"] == "style" and seen[1]["value"] == 4


def test_a_second_wound_never_takes_a_stat_below_nothing() -> None:
    stats, seen = _wounded_twice({"brutality": 6, "style": 3, "mind": 0, "weird": 3}, "mind")
    assert stats["mind"] == 0 and seen[1]["value"] == 0


# ------------------------------------------------------------------ what gains are worth

def _gains(key: str, posture: str) -> Option:
    coaching = Coaching(posture=posture)  # type: ignore[arg-type]
    me = {"stats": {"brutality": 6, "style": 3, "mind": 3, "weird": 3},
          "active_stat": "brutality", "hp": 30, "max_hp": 30, "hand": []}
    scene = Scene({}, me, {}, coaching, DATA, LEANS[posture])
    o = Option((0, 0, 0), DATA.moves[key])
    _score_gains(scene, o)
    return o


@pytest.mark.parametrize("posture", ["aggressive", "cautious", "balanced"])
def test_a_cz_gained_is_worth_what_the_posture_says_a_resource_and_a_curse_their_own(
        posture: str) -> None:
    assert CZ_VALUE["aggressive"] != RESOURCE_VALUE != CZ_VALUE["cautious"]
    performance = _gains("basic-performance", posture)  # 1 CZ on use
    assert performance.score == pytest.approx(CZ_VALUE[posture])
    assert performance.codes == ["gains:cz"]
    spirits = _gains("gather-the-spirits", posture)  # 2 arcane essence on use
    assert spirits.score == pytest.approx(2 * RESOURCE_VALUE)
    assert spirits.codes == ["gains:arcane-essence"]
    wrath = _gains("wrath-from-beyond", posture)  # 2 curses on use
    assert wrath.score == pytest.approx(-2 * CURSE_COST) and wrath.codes == []
    spent = _gains("acid-touch", posture)  # costs 2 arcane essence, gains nothing
    assert spent.score == pytest.approx(-2 * RESOURCE_VALUE) and spent.codes == []


def test_an_attack_that_gains_cz_on_a_hit_is_worth_it_but_says_no_gains_code() -> None:
    slash = _gains("graceful-slash", "aggressive")
    assert slash.score == pytest.approx(CZ_VALUE["aggressive"]) and slash.codes == []


def test_what_a_move_gains_is_said_first_among_its_reasons() -> None:
    coaching = Coaching(posture="balanced")
    me = {"stats": {"brutality": 6, "style": 3, "mind": 3, "weird": 3},
          "active_stat": "brutality", "hp": 30, "max_hp": 30, "hand": []}
    o = Option((0, 0, 0), DATA.moves["basic-performance"], codes=["defends"])
    _score_gains(Scene({}, me, {}, coaching, DATA, LEANS["balanced"]), o)
    assert o.codes == ["gains:cz", "defends"]


def test_lifting_a_curse_is_worth_a_curse() -> None:
    sacrifice = _gains("blood-sacrifice", "cautious")  # a curse -1 on a hit
    assert sacrifice.score == pytest.approx(CURSE_COST) and sacrifice.codes == []


# ------------------------------------------------------------------ the opponent's plain attack

def test_the_plain_attack_is_basic_melee_when_the_tables_have_it() -> None:
    plain = _plain_attack(DATA.moves)
    assert plain is not None and plain.key == "basic-melee"


def test_without_basic_melee_the_plain_attack_is_the_first_free_unconditional_one() -> None:
    moves = dict(DATA.moves)
    del moves["basic-melee"]
    plain = _plain_attack(moves)
    assert plain is not None and plain.key == "basic-disarm"
    # Acid Touch and Cold Touch come next in the table, but cost arcane essence.
    del moves["basic-disarm"]
    plain = _plain_attack(moves)
    assert plain is not None and plain.key == "flurry-of-blows"
    assert DATA.moves["acid-touch"].cost is not None


def test_without_any_free_plain_attack_opponents_are_taken_to_attack_with_nothing() -> None:
    moves = {k: m for k, m in DATA.moves.items()
             if k in ("acid-touch", "revenge", "dance-of-blades", "grapple", "basic-ranged")}
    assert _plain_attack(moves) is None


def test_foresight_takes_each_opponent_to_play_the_plain_attack_at_his_own_odds() -> None:
    _, state = match(sheet("Rex"), sheet("Vex"), sheet("Tex"), teams=["1", "2", "2"])
    sight = Foresight(state, state.fighter("a"))
    assert sight.plain is not None and sight.plain.key == "basic-melee"
    assert {o: (p.move.key, p.target, p.reach) for o, p in sight.threat.items() if p.move} \
        == {"b": ("basic-melee", "a", "melee"), "c": ("basic-melee", "a", "melee")}
    assert sight.chance == {"b": 1.0, "c": 1.0}  # Rex is each one's only enemy
    # Each fight of his is one both sides attack in.
    assert all(p.mutual and p.first == "a" for p in sight.pairings.values())


def test_an_opponent_with_several_enemies_is_taken_to_pick_one_at_even_odds() -> None:
    _, state = match(sheet("Rex"), sheet("Lex"), sheet("Dex"), sheet("Vex"),
                     teams=["1", "1", "1", "2"])
    sight = Foresight(state, state.fighter("a"))
    assert sight.chance == {"d": pytest.approx(1 / 3)}


def test_a_stunned_opponent_is_no_threat() -> None:
    _, state = match(sheet("Rex"), sheet("Vex"), sheet("Tex"), teams=["1", "2", "2"])
    state.fighter("b").conditions.append(Condition("stunned", fresh=False))
    sight = Foresight(state, state.fighter("a"))
    assert sight.threat["b"].move is None and sight.chance["b"] == 0.0
    assert sight.threat["c"].move is not None and sight.chance["c"] == 1.0


# ------------------------------------------------------------------ a move's rules

def test_a_rule_without_an_amount_is_counted_zero_not_one() -> None:
    beating = traits(DATA, DATA.moves["merciless-beating"])
    assert beating.rules == (("no-tie-cz", 0),) and beating.no_tie_cz
    stand = traits(DATA, DATA.moves["last-stand"])
    assert stand.rules == (("modifier-covers-whole-turn", 0), ("defeated-if-hit", 0))
    flurry = traits(DATA, DATA.moves["flurry-of-blows"])
    assert flurry.rules == (("stacking-bonus-per-use", 1), ("stacking-bonus-max", 4),
                            ("no-draw-on-hit", 0))
    assert (flurry.step, flurry.most, flurry.no_draw_on_hit) == (1, 4, True)
    plain = traits(DATA, DATA.moves["basic-melee"])
    assert (plain.rules, plain.step, plain.most, plain.no_tie_cz, plain.unbalances) == (
        (), 0, None, False, False)
    assert traits(DATA, DATA.moves["unbalancing-distraction"]).unbalances


def test_a_house_stacking_move_without_a_step_stacks_nothing() -> None:
    # As the fight has it (`sides.build_side`): no amount, no bonus a use.
    house = DATA.moves["flurry-of-blows"].model_copy(update={
        "key": "house-flurry", "effects": [Rule(type="rule", rule="stacking-bonus-per-use")]})
    found = traits(DATA, house)
    assert (found.step, found.most, found.rules) == (0, None, (("stacking-bonus-per-use", 0),))


# ------------------------------------------------------------------ a rolled grant

def test_a_rolled_grant_below_nothing_gives_nothing() -> None:
    # d4-3 showing 2 comes to -1: the grant is 0, never less, and never 1.
    assert Grant(resource="wins", amount=0, dice="d4-3", faces=[2]).amount == 0
    with pytest.raises(ValidationError, match="gives 0, not 1"):
        Grant(resource="wins", amount=1, dice="d4-3", faces=[2])
    # Exactly at nothing, and one above it.
    assert Grant(resource="wins", amount=0, dice="d4-3", faces=[3]).amount == 0
    assert Grant(resource="wins", amount=1, dice="d4-3", faces=[4]).amount == 1


def test_a_moves_extra_damage_reaches_only_its_target_not_a_foe_who_attacks_him() -> None:
    # grimdark-rules `on-hit-affects: target`: beating Tex, who attacks him while he
    # charges Vex, Rex deals Tex no more than a plain attack would.
    _, state = match(sheet("Rex"), sheet("Vex"), sheet("Tex"), teams=["1", "2", "2"])
    sight = Foresight(state, state.fighter("a"))
    charge = state.data.moves["wild-charge"]  # +8 damage, no weapon of its own
    assert charge.bonus_damage and not charge.weapon
    plain = sight._without_extra(charge)
    assert sight.outlook(charge, "b", "melee").others_dealt == \
        pytest.approx(sight.outlook(plain, "b", "melee").others_dealt)
    assert sight.outlook(charge, "b", "melee").dealt > sight.outlook(plain, "b", "melee").dealt
