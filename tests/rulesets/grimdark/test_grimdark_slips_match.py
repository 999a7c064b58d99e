"""Slips in the match's bookkeeping the match tests did not catch: a gladiator named by
his name, the actions a match allows at each step, the file a new match is saved as,
and the check of a move given as the coaching's own choice."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from support.grimdark_kit import match, setup, sheet

from companion.errors import UserError
from companion.rulesets.grimdark.choosing import choose_for
from companion.rulesets.grimdark.rules import GrimdarkRules
from companion.rulesets.grimdark.verifying import false_claims

NOW = datetime(2026, 12, 5, tzinfo=UTC)


def test_a_gladiator_is_found_by_his_name_whatever_its_case_and_spaces() -> None:
    _, state = match(sheet("Rex"), sheet("Vex"))
    assert state.fighter(" rEX ").id == "a" and state.fighter("Vex").id == "b"
    with pytest.raises(UserError, match=r"'Max' is not a gladiator of this match; "
                                         r"they are a \(Rex\), b \(Vex\)"):
        state.fighter("Max")


def test_two_gladiators_of_one_name_must_be_named_by_letter() -> None:
    _, state = match(sheet("Rex"), sheet("Rex"))
    with pytest.raises(UserError, match="two gladiators are called Rex"):
        state.fighter("rex")
    assert state.fighter("b").id == "b"


def test_a_match_allows_its_start_then_a_turn_then_nothing() -> None:
    rules = GrimdarkRules()
    from companion.tables.loader import load_tables

    state = rules.new_state(setup(sheet("Rex"), sheet("Vex")), load_tables())
    assert rules.legal_actions(state) == [{"type": "start"}]
    _, state = match(sheet("Rex"), sheet("Vex"))
    [turn] = rules.legal_actions(state)
    assert turn == rules.choose(state)
    assert set(turn["moves"]) == {"a", "b"}
    state.over = True
    assert rules.legal_actions(state) == [] and rules.choose(state) is None


def test_a_new_match_is_saved_under_its_first_four_gladiators_names() -> None:
    rules = GrimdarkRules()
    names = ["Lord Smash", "Vex", "Max", "Rex", "Tom"]
    assert rules.default_file(setup(*(sheet(n) for n in names[:2])), NOW) == \
        "lord-smash-vs-vex.json"
    assert rules.default_file(setup(*(sheet(n) for n in names)), NOW) == \
        "lord-smash-vs-vex-vs-max-vs-rex.json"
    odd = {"gladiators": [{"sheet": {"name": "Rex"}}, {"team": "2"}, "nobody"]}
    assert rules.default_file(odd, NOW) == "rex-vs-gladiator-vs-gladiator.json"


def test_the_computer_says_the_reach_and_the_stat_it_chose() -> None:
    moves = {"basic-melee": 10, "risky-business": 5}
    bow = {"name": "Bow", "weight": "light", "reach": "ranged"}
    _, state = match(sheet("Rex", moves=moves, weapons=[bow], abilities={"gambler": 1}),
                     sheet("Vex"),
                     hands=[["risky-business", "risky-business", "risky-business"], []],
                     coaching=[{"format": "companion-grimdark-coaching", "version": 1,
                                "rules": [{"when": "always", "prefer": "Risky Business"}]},
                               None])
    chosen = choose_for(state, state.fighter("a"))
    assert chosen["move"] == "risky-business" and chosen["reach"] in ("melee", "ranged")
    _, state = match(sheet("Rex"), sheet("Vex"),
                     hands=[["basic-adjustment", "basic-adjustment", "basic-adjustment"], []])
    state.fighter("a").active_stat = "ineffective"
    chosen = choose_for(state, state.fighter("a"))
    assert chosen == {"move": "basic-adjustment", "why": chosen["why"], "as": "brutality"}


def test_a_move_given_as_the_coachings_choice_must_be_the_one_it_plays() -> None:
    _, state = match(sheet("Rex"), sheet("Vex"))
    rex = choose_for(state, state.fighter("a"))
    assert rex["move"] == "basic-melee"
    turn = {"type": "turn", "moves": {"a": rex}}
    assert false_claims(state, turn) == []
    # The GM's own choice (no reasons given) is no claim.
    assert false_claims(state, {"type": "turn", "moves": {"a": {"move": "grapple"}}}) == []
    assert false_claims(state, {"type": "start"}) == []
    said = {**rex, "move": "assess-the-situation"}
    assert false_claims(state, {"type": "turn", "moves": {"a": said}}) == [
        "Rex's Assess the Situation is given as his coaching's choice, but his coaching "
        "plays Basic Melee"]
    other = {**rex, "why": ["no-such-reason"]}
    assert false_claims(state, {"type": "turn", "moves": {"a": other, "x": rex}}) == [
        "Rex's Basic Melee is given as his coaching's choice, but his coaching plays it "
        "otherwise (its target or its reasons)"]
