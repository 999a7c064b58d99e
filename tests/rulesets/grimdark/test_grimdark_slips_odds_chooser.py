"""What the chooser by the odds makes of a move's after-effects, each against the same
scene without them: the worth it adds is the constant choose_odds gives it, counted
once for each thing the move undoes, and nothing on a move that does not undo it."""

from __future__ import annotations

from typing import Any

import pytest
from support.grimdark_kit import match, sheet

from companion.rulesets.grimdark import choose_odds
from companion.rulesets.grimdark.choose_odds import worths

TECHNO = {"basic-melee": 10, "regenerate": 5}


def rex(**resources: int) -> tuple[Any, Any]:
    """A technomancer with Regenerate in hand and the quantum energy it costs."""
    _, state = match(sheet("Rex", (3, 3, 3, 6), moves=TECHNO, abilities={"technomancer": 1}),
                     sheet("Vex"), hands=[["regenerate", "basic-melee", "basic-melee"], []])
    me = state.fighter("a")
    me.resources.update({"quantum-energy": 3, **resources})
    return me, state


def test_regenerate_is_worth_a_doses_worth_more_for_each_dose_of_poison_it_clears() -> None:
    clean = worths(*reversed(rex()))
    poisoned = worths(*reversed(rex(poison=3)))
    assert poisoned["Regenerate"] - clean["Regenerate"] == pytest.approx(3 * choose_odds.DOSE)
    # Neither attacking nor assessing clears poison: their worth is as it was.
    assert {k: v for k, v in poisoned.items() if k != "Regenerate"} == \
        {k: v for k, v in clean.items() if k != "Regenerate"}


def test_regenerate_heals_the_wound_and_clears_the_poison_each_counted() -> None:
    me, state = rex()
    whole = worths(state, me)
    me.wounded = True
    wounded = worths(state, me)
    assert wounded["Regenerate"] - whole["Regenerate"] == pytest.approx(choose_odds.UNWOUNDED)
    me.resources["poison"] = 2
    both = worths(state, me)
    assert both["Regenerate"] - whole["Regenerate"] == pytest.approx(
        choose_odds.UNWOUNDED + 2 * choose_odds.DOSE)


# ------------------------------------------------------------------ a card in hand

def judge(hand: list[str], **sheet_fields: Any) -> Any:
    from companion.rulesets.grimdark.choose_odds import Judge
    from companion.rulesets.grimdark.coachfile import default_coaching
    from companion.rulesets.grimdark.summary import chooser_view

    moves = {"basic-melee": 5, "powerful-attack": 5, "merciless-beating": 5,
             "throw-something": 5}
    _, state = match(sheet("Rex", moves=moves, **sheet_fields), sheet("Vex"),
                     hands=[hand, []])
    me = state.fighter("a")
    view = {g["id"]: g for g in chooser_view(state, "a")["gladiators"]}
    return Judge(state, me, default_coaching(), view["a"]["hand"]), me


def test_a_card_he_can_play_now_is_live() -> None:
    j, _ = judge(["basic-melee", "powerful-attack", "basic-melee"])
    assert j.card_worth("basic-melee") == choose_odds.LIVE
    assert j.card_worth("powerful-attack") == choose_odds.LIVE  # Brutality is his AS
    assert j.card_worth("no-such-move") == 0.0


def test_a_card_waiting_on_his_active_stat_or_a_rest_is_waiting() -> None:
    j, me = judge(["basic-melee", "powerful-attack", "throw-something"])
    me.active_stat = "style"
    assert j.card_worth("powerful-attack") == choose_odds.WAITING
    from companion.rulesets.grimdark.state import Condition
    me.conditions.append(Condition("cooldown", turns=2, move="throw-something", fresh=False))
    assert j.card_worth("throw-something") == choose_odds.WAITING
    assert j.card_worth("basic-melee") == choose_odds.LIVE


def test_a_finisher_waits_on_the_wound_and_the_crowd_unless_his_stat_is_wrong() -> None:
    j, me = judge(["basic-melee", "merciless-beating", "basic-melee"])
    assert j.card_worth("merciless-beating") == choose_odds.FINISHER_WAIT
    assert j.card_worth("merciless-beating", True) == \
        choose_odds.LIVE + choose_odds.FINISHER_OPEN
    me.active_stat = "style"
    assert j.card_worth("merciless-beating") == choose_odds.WAITING


def test_a_card_he_lacks_the_means_for_is_dead_and_a_special_one_is_worth_more() -> None:
    j, me = judge(["basic-melee", "basic-melee", "basic-melee"])
    assert me.resources["quantum-energy"] == 0
    assert j.card_worth("regenerate") == choose_odds.DEAD  # no quantum energy to spend
    assert j.card_worth("dance-of-blades", True) == choose_odds.LIVE + choose_odds.SPECIAL
    # A special card that must rest (a house table's) still waits with its extra worth.
    from companion.rulesets.grimdark.state import Condition
    me.conditions.append(Condition("cooldown", turns=1, move="dance-of-blades", fresh=False))
    assert j.card_worth("dance-of-blades", False) == choose_odds.WAITING + choose_odds.SPECIAL


def test_each_foe_is_taken_to_attack_him_at_even_odds_among_his_own_enemies() -> None:
    from companion.rulesets.grimdark.foresight import Foresight

    # Three teams: Vex and Max each have two enemies to choose from.
    _, state = match(sheet("Rex"), sheet("Vex"), sheet("Max"))
    assert Foresight(state, state.fighter("a")).chance == {"b": 0.5, "c": 0.5}
    # Vex and Max together against Rex alone: he is the only one they can attack.
    _, state = match(sheet("Rex"), sheet("Vex"), sheet("Max"), teams=["1", "2", "2"])
    assert Foresight(state, state.fighter("a")).chance == {"b": 1.0, "c": 1.0}
