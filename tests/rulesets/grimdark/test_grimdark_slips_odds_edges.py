"""The odds of a Grimdark turn at their edges: a power ahead by exactly the tie band
(under a house band of 1, where the first side's lead of 1 is a hit, not a draw), the
chance bonuses not yet rolled mixed into a turn's odds, and the odds as a record the
match view cannot alter."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace
from fractions import Fraction

import pytest
from support.grimdark_kit import match, sheet

from companion.dice.sources import ScriptedDice
from companion.rulesets.grimdark.data import Figures, GrimdarkData
from companion.rulesets.grimdark.fight import Side, Weapon, resolve
from companion.rulesets.grimdark.odds import fight_odds
from companion.rulesets.grimdark.odds_words import damage_lines, odds_lines, pct
from companion.tables.loader import load_tables

DATA = GrimdarkData.load(load_tables(include_user=False))


def _tie_band(band: int) -> GrimdarkData:
    entries = dict(DATA.figures.entries)
    entries["tie-band"] = entries["tie-band"].model_copy(update={"value": band})
    return replace(DATA, figures=Figures(entries), memo={})


def _plain(stat: int) -> Side:
    move = DATA.move_named("Basic Melee")
    assert move is not None
    return Side(move, stat, Weapon("d6", (), None))


# Two d8s for power, Basic Melee at 3 a side: the first ahead by d in (8 - |d|) of 64.

def test_a_lead_of_the_tie_band_is_a_hit_and_one_less_is_inconclusive() -> None:
    odds = fight_odds(DATA, (_plain(3), _plain(3)))  # the seed's band: 2
    assert odds.inconclusive == Fraction(7 + 8 + 7, 64)
    a, b = odds.sides
    assert a.hit + a.critical == b.hit + b.critical == Fraction(1 + 2 + 3 + 4 + 5 + 6, 64)


def test_under_a_house_tie_band_of_1_the_first_side_ahead_by_1_hits() -> None:
    house = _tie_band(1)
    odds = fight_odds(house, (_plain(3), _plain(3)))
    assert odds.inconclusive == Fraction(8, 64)
    a, b = odds.sides
    assert a.hit + a.critical == b.hit + b.critical == Fraction(28, 64)
    # A lead of 1 and nothing more: the first side's, then the second's.
    assert a.hit == b.hit == Fraction(7 + 6 + 5 + 4 + 3, 64)
    # The engine agrees: 5 against 4 on the power dice is a hit for the first side.
    result = resolve(house, (_plain(3), _plain(3)), ScriptedDice([5, 4, 1]))
    assert (result.band, result.winner, result.advantage) == ("hit", 0, 1)


def test_under_a_house_tie_band_of_1_a_lead_of_1_is_worth_its_damage() -> None:
    odds = fight_odds(_tie_band(1), (_plain(4), _plain(3)))
    a, b = odds.sides
    # The first side is ahead by 1 + (his d8 - the other's), one more than an even fight.
    assert a.hit + a.critical == Fraction(36, 64) and b.hit + b.critical == Fraction(21, 64)
    assert odds.inconclusive == Fraction(7, 64)
    # A lead of exactly 1 deals 1 + the d6: 2 to 7 damage, each way once in six.
    assert min(k for k, v in b.damage_taken.items() if v and k) == 2


# ------------------------------------------------------------------ a turn's odds

def _turn(abilities: dict[str, int] | None = None):  # type: ignore[no-untyped-def]
    rules, state = match(sheet("Rex", abilities=abilities), sheet("Vex"))
    odds = rules.odds(state, {"type": "turn", "moves": {"a": {"move": "basic-melee"},
                                                        "b": {"move": "basic-melee"}}})
    assert odds is not None
    return odds


def test_a_turns_odds_mix_in_a_chance_bonus_not_yet_rolled() -> None:
    # Combat Focus 4: a +1 to Rex's power half the time. Even, a lead under 2 is
    # inconclusive in 22 of 64; with the +1, in 21 (d in -2..0); half and half: 43/128.
    (plain,) = _turn().fights
    assert plain.odds.inconclusive == Fraction(22, 64)
    (focused,) = _turn({"combat-focus": 4}).fights
    assert focused.odds.inconclusive == Fraction(43, 128)
    rex, vex = focused.odds.sides
    assert rex.hit + rex.critical > vex.hit + vex.critical


def test_a_turns_odds_are_a_record_nobody_alters() -> None:
    odds = _turn()
    (fight,) = odds.fights
    with pytest.raises(FrozenInstanceError):
        fight.hps = (1, 1)  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        odds.fights = ()  # type: ignore[misc]
    assert fight.hps == (40, 40) and fight.ids == ("a", "b")


def test_under_a_house_tie_band_of_0_a_level_exchange_goes_to_the_second_side() -> None:
    # Nothing is inconclusive; as the engine settles it, the first side must be ahead.
    house = _tie_band(0)
    odds = fight_odds(house, (_plain(3), _plain(3)))
    assert odds.inconclusive == 0
    a, b = odds.sides
    assert a.hit + a.critical == Fraction(28, 64)
    assert b.hit + b.critical == Fraction(36, 64)
    result = resolve(house, (_plain(3), _plain(3)), ScriptedDice([4, 4, 1]))
    assert (result.band, result.winner, result.advantage) == ("hit", 1, 0)


def test_a_fights_odds_said_for_other_than_its_two_sides_are_refused_not_cut_short() -> None:
    (fight,) = _turn().fights
    assert [s["id"] for s in fight.to_json()["sides"]] == ["a", "b"]
    with pytest.raises(ValueError):
        replace(fight, ids=("a",)).to_json()


# ------------------------------------------------------------------ the odds in words

def test_a_chance_is_said_in_whole_percent_with_its_edges_in_words() -> None:
    assert [pct(p) for p in (None, 0, 0.0, 0.001, 0.00999, 0.01, 0.5, 0.9, 0.99,
                             0.9901, 0.99999, 1, Fraction(1, 3))] == [
        "0%", "0%", "0%", "under 1%", "under 1%", "1%", "50%", "90%", "99%",
        "over 99%", "over 99%", "100%", "33%"]


NAMES = {"a": "Rex", "b": "Vex"}.__getitem__


def test_each_fight_is_said_in_one_line_out_of_position_only_when_it_can_come() -> None:
    odds = {"fights": [
        {"sides": [{"id": "a", "hit": 0.4, "critical": 0.1, "out_of_position": 0},
                   {"id": "b", "hit": 0.2, "critical": 0, "out_of_position": 0.05}],
         "inconclusive": 0.25}]}
    assert odds_lines(odds, NAMES) == [
        "Rex against Vex: Rex hits 40%, critical 10%; "
        "Vex hits 20%, critical 0%, puts out of position 5%; inconclusive 25%"]
    assert odds_lines(None, NAMES) == [] and odds_lines({"fights": []}, NAMES) == []


def test_what_each_side_stands_to_lose_its_mean_its_most_and_its_defeat() -> None:
    odds = {"fights": [{"sides": [
        {"id": "a", "damage_taken": {"0": 0.5, "4": 0.25, "8": 0.25, "12": 0.0},
         "defeat": 0.25},
        {"id": "b", "damage_taken": {"0": 1.0}, "defeat": 0}]}]}
    assert damage_lines(odds, NAMES) == [
        "Rex takes 3.0 damage on average, at most 8; defeated 25%.",
        "Vex takes 0.0 damage on average, at most 0."]
    assert damage_lines(None, NAMES) == []
    # A side that takes nothing whatever the dice: nothing at most, not 1.
    nothing = {"fights": [{"sides": [{"id": "b", "damage_taken": {}}]}]}
    assert damage_lines(nothing, NAMES) == ["Vex takes 0.0 damage on average, at most 0."]
