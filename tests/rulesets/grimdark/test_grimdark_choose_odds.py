"""The computer's choice by the odds (issue 23): every playable move and assessing is
worth what it does in the match, by the exact odds of its fights; the coaching bends
that worth and an explicit rule still wins; a gladiator left Ineffective takes his
stat back; a hand he cannot use is traded for a new one; the choice is the same
whatever anybody else holds, and says why in words.

Unless a test says otherwise a gladiator here has Brutality 6 as his active stat, an
axe (d6), 40 HP and Init 10, 9, ... in setup order."""

from __future__ import annotations

import copy
from typing import Any

from support.grimdark_kit import match, sheet

from companion.rulesets.grimdark.choose_odds import choose_by_odds, worths
from companion.rulesets.grimdark.choosing import choose_for
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.state import Condition
from companion.rulesets.grimdark.why import why_words
from companion.tables.loader import load_tables

SETTERS = {"basic-melee": 8, "brutal-bash": 3, "stylish-strike": 2, "merciless-beating": 2}


def coaching(**fields: Any) -> dict[str, Any]:
    return {"format": "companion-grimdark-coaching", "version": 1, **fields}


def test_ineffective_he_plays_the_move_that_sets_his_stat_back():
    _, state = match(sheet("Rex", moves=SETTERS), sheet("Vex"),
                         hands=[["basic-melee", "brutal-bash", "basic-melee"], []])
    rex = state.fighter("a")
    rex.active_stat = "ineffective"
    choice = choose_by_odds(state, rex)
    assert choice.move == "brutal-bash"
    assert why_words(choice.why, state.data) == "balanced, back to Brutality from Ineffective"


def test_an_explicit_rule_still_wins_over_the_way_back():
    coached = coaching(rules=[{"when": "always", "prefer": "Basic Melee"}])
    _, state = match(sheet("Rex", moves=SETTERS), sheet("Vex"), coaching=[coached, None],
                         hands=[["basic-melee", "brutal-bash", "basic-melee"], []])
    state.fighter("a").active_stat = "ineffective"
    choice = choose_by_odds(state, state.fighter("a"))
    assert choice.move == "basic-melee" and choice.why[0].startswith("rule:")


def test_a_hand_of_two_dead_cards_is_traded_for_a_new_one():
    _, state = match(sheet("Rex", moves=SETTERS), sheet("Vex"),
                         hands=[["merciless-beating", "merciless-beating", "basic-melee"], []])
    choice = choose_by_odds(state, state.fighter("a"))
    assert choice.move == "assess-the-situation"
    assert why_words(choice.why, state.data) == \
        "balanced, trades a hand he cannot use for a new one"


def test_a_hand_he_can_play_is_kept_and_played():
    _, state = match(sheet("Rex", moves=SETTERS), sheet("Vex"),
                         hands=[["basic-melee", "basic-melee", "brutal-bash"], []])
    choice = choose_by_odds(state, state.fighter("a"))
    assert choice.move == "basic-melee"
    assert why_words(choice.why, state.data) == "balanced, the best exchange by the odds"


def test_against_a_foe_one_blow_from_defeat_he_goes_for_the_kill():
    guard = sheet("Guard", moves={"basic-melee": 10, "basic-defense": 5})
    _, state = match(guard, sheet("Vex"),
                         hands=[["basic-defense", "basic-defense", "basic-melee"], []])
    state.fighter("b").hp = 2
    choice = choose_by_odds(state, state.fighter("a"))
    assert choice.move == "basic-melee" and "for-the-kill" in choice.why


def test_badly_outmatched_and_nearly_down_a_cautious_gladiator_stands_on_guard():
    guard = sheet("Guard", moves={"basic-melee": 10, "basic-defense": 5})
    cautious = coaching(posture="cautious")
    _, state = match(guard, sheet("Brute", (7, 3, 3, 2)), coaching=[cautious, None],
                         hands=[["basic-defense", "basic-melee", "basic-melee"], []])
    state.fighter("a").hp = 6
    state.fighter("a").conditions.append(Condition("penalty", amount=-2, turns=1,
                                                   source="grapple", fresh=False))
    worth = worths(state, state.fighter("a"))
    assert worth["Basic Defense"] > worth["Basic Melee against Brute"]
    assert choose_by_odds(state, state.fighter("a")).move == "basic-defense"


def test_the_coachings_liking_bends_a_close_call():
    moves = {"basic-melee": 10, "grapple": 5}
    liked = coaching(prefer={"Grapple": 5})
    _, state = match(sheet("Rex", moves=moves), sheet("Vex"), coaching=[liked, None],
                         hands=[["basic-melee", "grapple", "basic-melee"], []])
    plain = copy.deepcopy(state)
    plain.coaching["a"] = None
    assert choose_by_odds(plain, plain.fighter("a")).move == "basic-melee"
    assert choose_by_odds(state, state.fighter("a")).move == "grapple"


def test_the_choice_does_not_depend_on_what_anybody_else_holds():
    _, state = match(sheet("Rex", moves=SETTERS), sheet("Vex", moves=SETTERS))
    before = choose_by_odds(state, state.fighter("a"))
    vex = state.fighter("b")
    vex.hand, vex.deck = ["merciless-beating", "merciless-beating", "brutal-bash"], []
    assert choose_by_odds(state, state.fighter("a")) == before


def test_the_choice_is_the_same_with_the_tables_read_afresh():
    # The odds are kept with the tables between turns and matches: what was worked
    # out before never changes a choice.
    _, state = match(sheet("Rex", moves=SETTERS), sheet("Vex"))
    warm = choose_by_odds(state, state.fighter("a"))
    cold = copy.deepcopy(state)
    cold.shared = type(state.shared)(GrimdarkData.load(load_tables()))
    assert choose_by_odds(cold, cold.fighter("a")) == warm


def test_a_gladiator_may_be_played_by_the_chooser_before_it():
    _, state = match(sheet("Rex", moves=SETTERS), sheet("Vex"),
                         hands=[["basic-melee", "brutal-bash", "basic-melee"], []])
    rex = state.fighter("a")
    rex.active_stat = "ineffective"
    assert choose_for(state, rex)["move"] == "brutal-bash"
    rex.chooser = "weights"
    assert choose_for(state, rex)["why"][0] == "balanced"


def test_in_a_match_of_three_each_foe_who_may_strike_him_counts():
    _, state = match(sheet("Rex"), sheet("Vex"), sheet("Max"))
    worth = worths(state, state.fighter("a"))
    assert set(worth) == {"Basic Melee against Vex", "Basic Melee against Max",
                          "Assess the Situation"}
    # Max is at 3 HP: Rex goes for him.
    state.fighter("c").hp = 3
    choice = choose_by_odds(state, state.fighter("a"))
    assert (choice.move, choice.target) == ("basic-melee", "c")


def test_a_choice_a_rule_decides_is_the_one_the_whole_weighing_makes(monkeypatch):
    # The chooser skips weighing the odds when an explicit rule outweighs every other
    # option: over whole matches of the samples, each choice is the same either way.
    import json

    import companion.rulesets.grimdark.choose_odds as chooser
    from companion import paths
    from companion.dice.sources import SeededDice
    from companion.rulesets.grimdark.rules import GrimdarkRules

    folder = paths.assets_dir() / "samples" / "grimdark"

    def entry(key: str, team: str) -> dict[str, Any]:
        return {"sheet": json.loads((folder / f"{key}.json").read_text()), "team": team,
                "coaching": json.loads((folder / "coaching" / f"{key}.json").read_text())}

    rules, tables, ruled = GrimdarkRules(), load_tables(), 0
    shortcut = chooser._ruled
    for seed, pair in enumerate([("lord-smash", "sewer-beast"), ("arena-robot", "cinder-witch"),
                                 ("sewer-beast", "arena-robot")] * 4):
        state = rules.new_state({"gladiators": [entry(pair[0], "1"), entry(pair[1], "2")],
                                 "options": {"engine": 2}}, tables)
        dice = SeededDice(seed)
        rules.apply(state, {"type": "start"}, dice)
        while not state.over:
            for f in state.fighters:
                if f.standing and not f.has("stunned"):
                    quick = choose_for(state, f)
                    monkeypatch.setattr(chooser, "_ruled", lambda options: None)
                    assert choose_for(state, f) == quick
                    monkeypatch.setattr(chooser, "_ruled", shortcut)
                    ruled += any(code.startswith("rule:") for code in quick["why"])
            rules.apply(state, rules.choose(state), dice)
    assert ruled >= 2  # the rules did decide some
