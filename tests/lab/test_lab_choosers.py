"""The balance lab with two of Grimdark's choosers against each other (issue 23): the
rows the engine's own, the columns the same gladiators played by another; the mirror
matches' and every pairing's totals; the lapses of each, counted from the events and
summed across chunks and workers like the wins. Tiny runs: two samples, a few bouts."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import UserError
from companion.lab.play import play_chunk
from companion.lab.report import lapse_lines, versus_lines
from companion.lab.results import Cell, Matrix
from companion.lab.setup import make_lab
from companion.lab.tasks import chunks
from companion.rulesets.grimdark.lab import GrimdarkLab, samples_folder
from companion.rulesets.grimdark.lapses import Lapses
from companion.rulesets.labs import Layout
from tools.bench.play import bench_grimdark


@pytest.fixture
def two(tmp_path: Path) -> Path:
    """Two sample gladiators with their coaching: Lord Smash and the Sewer Beast."""
    folder = tmp_path / "two"
    (folder / "coaching").mkdir(parents=True)
    for key in ("lord-smash", "sewer-beast"):
        shutil.copy(samples_folder() / f"{key}.json", folder)
        shutil.copy(samples_folder() / "coaching" / f"{key}.json", folder / "coaching")
    return folder


def _figures(matrix: Matrix) -> dict:
    return {key: (c.bouts, c.wins, c.losses, c.draws, c.turns, c.loser_died, c.row_lapses,
                  c.col_lapses) for key, c in matrix.cells.items()}


def test_the_rows_play_by_the_engines_chooser_and_the_columns_by_the_one_named(two):
    lab, _ = make_lab("grimdark", bouts=2, roster=two, against="weights")
    assert [e.name for e in lab.entrants] == ["Lord Smash (odds)", "Sewer Beast (odds)"]
    assert [e.name for e in lab.col_entrants] == ["Lord Smash (weights)",
                                                  "Sewer Beast (weights)"]
    assert lab.choosers == ("odds", "weights")
    setup = GrimdarkLab().setup(lab.entrants[0], lab.col_entrants[1], Layout(True, True))
    assert [(g["sheet"]["name"], g["team"], g["chooser"]) for g in setup["gladiators"]] == [
        ("Sewer Beast", "2", "weights"), ("Lord Smash", "1", "odds")]
    assert lab.total_bouts() == 8


def test_the_mirror_matches_are_the_diagonal_from_both_seats(two):
    lab, _ = make_lab("grimdark", bouts=2, roster=two, against="weights")
    work = chunks("grimdark", lab.entrants, 2, 1, columns=lab.columns)
    assert {(c.row, c.col) for c in work} == {(0, 0), (0, 1), (1, 0), (1, 1)}
    matrix = lab.run(workers=1)[0]
    mirror = matrix.total(mirror=True)
    every = matrix.total()
    assert mirror.bouts == 4 and every.bouts == 8
    assert (mirror.wins, mirror.losses, mirror.draws) == (
        sum(matrix.cell(r, r).wins for r in range(2)),
        sum(matrix.cell(r, r).losses for r in range(2)),
        sum(matrix.cell(r, r).draws for r in range(2)))
    lines = versus_lines(matrix)
    assert lines[0].startswith("The rows' chooser (odds) against the columns' (weights)")
    assert "mirror matches" in lines[2] and "every pairing" in lines[3]


def test_the_lapses_add_up_across_chunks_as_the_wins_do(two):
    lab, _ = make_lab("grimdark", bouts=3, roster=two, against="weights")
    whole = lab.run(workers=1)[0]
    one_by_one = Cell()
    for chunk in chunks("grimdark", lab.entrants, 3, 1, size=1, columns=lab.columns):
        one_by_one.merge(play_chunk(chunk, lab.tables[0])[1])
    total = whole.total()
    assert (one_by_one.row_lapses, one_by_one.col_lapses) == (total.row_lapses,
                                                               total.col_lapses)
    assert Lapses(*total.row_lapses).turns > 0 and Lapses(*total.col_lapses).turns > 0
    by_chooser = whole.lapses()
    assert by_chooser == {"odds": total.row_lapses, "weights": total.col_lapses}
    assert any("(a) way back missed" in line for line in lapse_lines(whole))


def test_a_bout_seen_from_the_other_side_swaps_the_lapses(two):
    lab, _ = make_lab("grimdark", bouts=1, roster=two)
    smash, beast = lab.entrants
    system = GrimdarkLab()
    for seed in range(3):
        here = system.play(smash, beast, seed, Layout(False, True), lab.tables[0])
        there = system.play(beast, smash, seed, Layout(True, True), lab.tables[0])
        assert here.outcome == -there.outcome and here.turns == there.turns
        assert here.lapses is not None and there.lapses is not None
        assert here.lapses == there.lapses[::-1]


def test_the_heat_map_names_each_side_by_its_chooser(two):
    from companion.ui.lab.heatmap import cell_details

    lab, _ = make_lab("grimdark", bouts=1, roster=two, against="weights")
    matrix = lab.run(workers=1)[0]
    assert cell_details(matrix, 0, 1)[0] == "Lord Smash (odds) against Sewer Beast (weights)"


def test_the_same_seed_gives_the_same_results_with_one_worker_or_two(two):
    lab, _ = make_lab("grimdark", bouts=2, seed=5, roster=two, against="weights")
    assert _figures(lab.run(workers=1)[0]) == _figures(lab.run(workers=2)[0])


def test_a_chooser_against_itself_rolls_the_ordinary_labs_dice(two):
    """A gladiator keeps his key on both sides, so every pairing rolls the dice it
    rolls in the ordinary lab: the engine's chooser against itself is that lab."""
    plain, _ = make_lab("grimdark", bouts=2, roster=two)
    itself, _ = make_lab("grimdark", bouts=2, roster=two, against="odds")
    assert _figures(plain.run(workers=1)[0]) == _figures(itself.run(workers=1)[0])


def test_the_cli_prints_the_matrix_the_totals_and_the_lapses_and_writes_them(two, tmp_path,
                                                                           capsys):
    out = tmp_path / "out"
    assert main(["lab", "grimdark", "--roster", str(two), "--against-chooser", "weights",
                 "--bouts", "2", "--workers", "1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert " 1  Lord Smash (odds)" in text
    assert "Columns: 1 Lord Smash (weights), 2 Sewer Beast (weights)" in text
    assert "mirror matches" in text and "every pairing" in text
    assert "Lapses over 8 matches" in text and "weights" in text
    rows = list(csv.DictReader((out / "results.csv").open()))
    assert {(r["row"], r["column"], r["row_chooser"], r["column_chooser"]) for r in rows} == {
        (a, f"{b} (weights)", "odds", "weights")
        for a in ("Lord Smash (odds)", "Sewer Beast (odds)")
        for b in ("Lord Smash", "Sewer Beast")}
    document = json.loads((out / "results.json").read_text())
    assert document["choosers"] == {"rows": "odds", "columns": "weights"}
    assert document["mirror_matches"]["bouts"] == 4
    assert document["every_pairing"]["bouts"] == 8
    assert set(document["lapses"]) == {"odds", "weights"}
    assert set(document["lapses"]["odds"]) == set(Lapses._fields)
    assert sum(c["row_lapses"]["turns"] for c in document["cells"]) == \
        document["lapses"]["odds"]["turns"]
    assert (out / "heatmap.png").stat().st_size > 1000


def test_an_ordinary_run_writes_no_chooser_fields(two, tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["lab", "grimdark", "--roster", str(two), "--bouts", "1", "--workers", "1",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Columns:" not in text and "mirror matches" not in text
    assert "Lapses over 4 matches" in text
    header = (out / "results.csv").read_text().splitlines()[0]
    assert "chooser" not in header
    assert "choosers" not in json.loads((out / "results.json").read_text())


@pytest.mark.parametrize(("system", "chooser", "words"), [
    ("grimdark", "wieghts", "--against-chooser wieghts: the choosers are odds and weights"),
    ("skirmish", "weights", "the hex skirmish has no choosers to set against each other"),
])
def test_a_chooser_the_lab_cannot_set_is_refused_in_one_line(system, chooser, words):
    with pytest.raises(UserError, match=words):
        make_lab(system, bouts=1, against=chooser)


def test_the_bench_times_both_choosers_in_one_run(capsys):
    figures = bench_grimdark(repeat=2)  # its figures, never a time asserted
    assert set(figures) == {"grimdark_matches_per_s", "grimdark_matches_per_s_weights",
                            "grimdark_chooser_cost_ratio", "grimdark_chooser_turn_ratio",
                            "grimdark_turn_odds_ms"}
    assert "odds/weights" in capsys.readouterr().out


def test_the_bench_measures_how_well_the_new_chooser_plays(capsys):
    from tools.bench.play import bench_choosers

    figures = bench_choosers(bouts=2)
    assert set(figures) == {"grimdark_chooser_mirror_win", "grimdark_chooser_mirror_low",
                            "grimdark_chooser_lapses"}
    assert 0 <= figures["grimdark_chooser_mirror_low"] <= figures["grimdark_chooser_mirror_win"]
    assert "mirror matches against weights" in capsys.readouterr().out
