"""The lab's result files, to the character: results.csv and results.json give every
cell's counts, its win rate and 95 % interval to four places, the mean length to two
and how often the loser died; with house rules the same under them, the change and
whether it is beyond chance; with two choosers against each other, which is which,
the mirror matches' and every pairing's totals and each side's lapses."""

from __future__ import annotations

import csv
import io
import json

from companion.lab.files import results_csv, results_json, write_results
from companion.lab.results import Cell, Matrix, changes
from companion.rulesets.grimdark.lapses import Lapses
from companion.rulesets.labs import Entrant

SAMNITE = Entrant("samnite", "Samnite", {"type": "samnite"})
VELITE = Entrant("velite", "Velite", {"type": "velite"})
HEAD = ("row,column,bouts,wins,losses,draws,win_rate,interval_low,interval_high,"
        "mean_turns,loser_died_rate")
HOUSE_HEAD = ",house_win_rate,house_interval_low,house_interval_high,change,significant"


def built_in() -> Matrix:
    """Seven bouts a pairing. The Samnite against himself: 1 won, 3 lost, 3 drawn in
    23 turns, one loser dead; against the Velite: all 7 lost in 50 turns, 2 dead."""
    return Matrix("skirmish", [SAMNITE, VELITE], 7, 7, cells={
        (0, 0): Cell(7, 1, 3, 3, 23, 1), (0, 1): Cell(7, 0, 7, 0, 50, 2)})


def house() -> Matrix:
    """Under the house rules: 2 won against himself, every bout against the Velite."""
    return Matrix("skirmish", [SAMNITE, VELITE], 7, 7, tables="house", cells={
        (0, 0): Cell(7, 2, 2, 3, 20, 0), (0, 1): Cell(7, 7, 0, 0, 30, 7)})


# 1/7 won: 0.1429 in [0.0257, 0.5131]; none of 7: 0 in [0, 0.3543];
# 2/7: 0.2857 in [0.0822, 0.6411]; 7/7: 1 in [0.6457, 1].
SAMNITE_SAMNITE = {"row": "Samnite", "column": "Samnite", "bouts": 7, "wins": 1,
                   "losses": 3, "draws": 3, "win_rate": 0.1429, "interval_low": 0.0257,
                   "interval_high": 0.5131, "mean_turns": 3.29, "loser_died_rate": 0.25}
SAMNITE_VELITE = {"row": "Samnite", "column": "Velite", "bouts": 7, "wins": 0, "losses": 7,
                  "draws": 0, "win_rate": 0.0, "interval_low": 0.0, "interval_high": 0.3543,
                  "mean_turns": 7.14, "loser_died_rate": 0.2857}


def test_the_csv_has_a_line_a_cell_rounded_to_four_places_and_turns_to_two():
    assert results_csv(built_in()) == (
        f"{HEAD}\n"
        "Samnite,Samnite,7,1,3,3,0.1429,0.0257,0.5131,3.29,0.25\n"
        "Samnite,Velite,7,0,7,0,0.0,0.0,0.3543,7.14,0.2857\n")


def test_the_json_names_the_run_the_gladiators_and_every_cell():
    text = results_json(built_in())
    assert text.endswith("}\n") and text.startswith('{\n "system": "skirmish",\n')
    assert json.loads(text) == {
        "system": "skirmish", "bouts_a_pairing": 7, "seed": 7, "tables": "built-in",
        "gladiators": [{"key": "samnite", "name": "Samnite"},
                       {"key": "velite", "name": "Velite"}],
        "cells": [SAMNITE_SAMNITE, SAMNITE_VELITE]}


def test_with_house_rules_each_cell_gives_the_change_and_whether_it_is_beyond_chance():
    before, after = built_in(), house()
    diff = changes(before, after)
    assert results_csv(before, diff) == (
        f"{HEAD}{HOUSE_HEAD}\n"
        "Samnite,Samnite,7,1,3,3,0.1429,0.0257,0.5131,3.29,0.25,"
        "0.2857,0.0822,0.6411,0.1429,False\n"
        "Samnite,Velite,7,0,7,0,0.0,0.0,0.3543,7.14,0.2857,"
        "1.0,0.6457,1.0,1.0,True\n")
    document = json.loads(results_json(before, diff, after))
    assert document["house_tables"] == "house" and document["tables"] == "built-in"
    assert document["cells"] == [
        {**SAMNITE_SAMNITE, "house_win_rate": 0.2857, "house_interval_low": 0.0822,
         "house_interval_high": 0.6411, "change": 0.1429, "significant": False},
        {**SAMNITE_VELITE, "house_win_rate": 1.0, "house_interval_low": 0.6457,
         "house_interval_high": 1.0, "change": 1.0, "significant": True}]
    assert "house_tables" not in json.loads(results_json(before))


def versus() -> Matrix:
    """Lord Smash, by the odds (rows) and by the weights (columns), against himself and
    against the Sewer Beast: 7 matches each."""
    smash, beast = Entrant("lord-smash", "Lord Smash", {}), Entrant("sewer-beast", "Beast", {})
    rows = [Entrant(e.key, f"{e.name} (odds)", {}) for e in (smash, beast)]
    cols = [Entrant(e.key, f"{e.name} (weights)", {}) for e in (smash, beast)]
    return Matrix("grimdark", rows, 7, 3, columns=cols, choosers=("odds", "weights"), cells={
        (0, 0): Cell(7, 1, 3, 3, 23, 1, Lapses(5, 2, 1, 0, 0, 1, 3), Lapses(6, 1, 0, 1, 1, 0, 0)),
        (0, 1): Cell(7, 0, 7, 0, 50, 2, Lapses(9, 0, 0, 0, 0, 0, 1), Lapses(8, 3, 1, 1, 0, 0, 2))})


def test_two_choosers_against_each_other_are_named_with_their_totals_and_lapses():
    matrix = versus()
    document = json.loads(results_json(matrix))
    assert document["choosers"] == {"rows": "odds", "columns": "weights"}
    assert document["gladiators"] == [{"key": "lord-smash", "name": "Lord Smash (odds)"},
                                      {"key": "sewer-beast", "name": "Beast (odds)"}]
    assert document["columns"] == [{"key": "lord-smash", "name": "Lord Smash (weights)"},
                                   {"key": "sewer-beast", "name": "Beast (weights)"}]
    # The mirror matches: Lord Smash against himself alone; every pairing: all 14.
    assert document["mirror_matches"] == {k: v for k, v in SAMNITE_SAMNITE.items()
                                          if k not in ("row", "column")}
    assert document["every_pairing"] == {
        "bouts": 14, "wins": 1, "losses": 10, "draws": 3, "win_rate": 0.0714,
        "interval_low": 0.0127, "interval_high": 0.3147, "mean_turns": 5.21,
        "loser_died_rate": 0.2727}
    assert document["lapses"] == {
        "odds": Lapses(14, 2, 1, 0, 0, 1, 4)._asdict(),
        "weights": Lapses(14, 4, 1, 2, 1, 0, 2)._asdict()}
    first, second = document["cells"]
    assert (first["row"], first["column"]) == ("Lord Smash (odds)", "Lord Smash (weights)")
    assert (first["row_chooser"], first["column_chooser"]) == ("odds", "weights")
    assert first["row_lapses"] == Lapses(5, 2, 1, 0, 0, 1, 3)._asdict()
    assert first["column_lapses"] == Lapses(6, 1, 0, 1, 1, 0, 0)._asdict()
    assert second["row_lapses"] == Lapses(9, 0, 0, 0, 0, 0, 1)._asdict()
    assert second["column_lapses"] == Lapses(8, 3, 1, 1, 0, 0, 2)._asdict()
    rows = list(csv.DictReader(io.StringIO(results_csv(matrix))))
    assert results_csv(matrix).startswith(f"{HEAD},row_chooser,column_chooser\n")
    assert [(r["column"], r["row_chooser"], r["column_chooser"]) for r in rows] == [
        ("Lord Smash (weights)", "odds", "weights"), ("Beast (weights)", "odds", "weights")]


def test_an_ordinary_lab_names_no_choosers_even_when_it_knows_them():
    """A Grimdark lab knows its chooser (the same on both sides), but its columns are
    its rows: nothing to set apart."""
    matrix = built_in()
    matrix.choosers = ("odds", "odds")
    assert results_csv(matrix).splitlines()[0] == HEAD
    document = json.loads(results_json(matrix))
    assert not {"choosers", "columns", "mirror_matches", "every_pairing", "lapses"} & \
        set(document)
    assert "row_chooser" not in document["cells"][0]
    assert "row_lapses" not in document["cells"][0]


def test_both_files_are_written_into_the_folder_given(tmp_path):
    before, after = built_in(), house()
    diff = changes(before, after)
    assert write_results(tmp_path, before, diff, after) == ["results.csv", "results.json"]
    assert (tmp_path / "results.csv").read_text(encoding="utf-8") == results_csv(before, diff)
    assert (tmp_path / "results.json").read_text(encoding="utf-8") == \
        results_json(before, diff, after)


def test_a_side_with_no_lapses_counted_yet_writes_every_count_as_0():
    from companion.lab.files import _named
    from companion.rulesets.grimdark.lapses import Lapses

    matrix = Matrix("grimdark", [Entrant("a", "A", {})], 1, 1)
    assert _named(matrix, ()) == dict.fromkeys(Lapses._fields, 0)
    assert _named(Matrix("skirmish", [Entrant("a", "A", {})], 1, 1), ()) == {}
