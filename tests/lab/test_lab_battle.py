"""The battle system in the lab: each duel is played out by the computer on both
sides, and a bout is told from the row gladiator's side whichever seat he takes."""

from __future__ import annotations

from support.places import ROOT

from companion.dice.sources import SeededDice
from companion.rulesets.battle.lab import BattleLab, sheet_entrants
from companion.rulesets.labs import Layout
from companion.tables.loader import load_tables

SAMPLES = ROOT / "assets" / "samples"


def two() -> tuple:
    entrants = {e.key: e for e in sheet_entrants([SAMPLES])}
    return entrants["spear-rookie"], entrants["war-hammer-giant"]


def test_a_lab_duel_is_played_out_to_a_winner() -> None:
    row, col = two()
    bout = BattleLab().play(row, col, 7, Layout(False, True), load_tables())
    assert bout.outcome in (1, -1) and bout.turns > 1


def test_the_row_gladiator_takes_the_second_seat_when_the_layout_says_so() -> None:
    row, col = two()
    lab = BattleLab()
    first = lab.setup(row, col, Layout(False, True))
    second = lab.setup(row, col, Layout(True, True))
    assert (first["a"], first["b"]) == (row.spec, col.spec)
    assert (second["a"], second["b"]) == (col.spec, row.spec)


def test_the_same_duel_seen_from_either_seat_has_the_opposite_outcome() -> None:
    row, col = two()
    lab, tables = BattleLab(), load_tables()
    for seed in range(1, 6):
        as_a = lab.play(row, col, seed, Layout(False, True), tables)
        as_b = lab.play(col, row, seed, Layout(True, True), tables)
        assert as_a.outcome == -as_b.outcome != 0
        assert as_a.turns == as_b.turns


def test_the_outcome_is_the_winner_the_rules_name_seen_from_the_row() -> None:
    row, col = two()
    lab, tables = BattleLab(), load_tables()
    for layout in (Layout(False, True), Layout(True, True)):
        for seed in range(1, 4):
            state = lab.rules.new_state(lab.setup(row, col, layout), tables)
            dice = SeededDice(seed)
            while (action := lab.rules.choose(state)) is not None:
                lab.rules.apply(state, action, dice)
            row_side = "b" if layout.row_second else "a"
            won = 1 if state.result.winner == row_side else -1
            assert lab.play(row, col, seed, layout, tables).outcome == won
