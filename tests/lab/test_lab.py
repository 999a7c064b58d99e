"""The balance lab: win rates with Wilson intervals, bouts balanced between the sides,
results that depend on the seed alone (not on the number of workers, nor on Dask), the
change a house rule makes, and one-line messages for what the user gets wrong."""

from __future__ import annotations

import csv
import json
from collections import Counter

import pytest
from support.lab_kits import ROOT, iron_skin

from companion.cli import main
from companion.errors import UserError
from companion.lab import tasks
from companion.lab.results import Cell, Matrix, changes
from companion.lab.setup import make_lab
from companion.lab.stats import wilson
from companion.lab.tasks import chunks, left_to_play
from companion.rulesets.labs import Bout, Layout, layout_of
from companion.rulesets.skirmish.sim import simulate_bout
from companion.tables.loader import load_tables


# --- the figures ----------------------------------------------------------------------
@pytest.mark.parametrize(("wins", "bouts", "low", "high"), [
    (5, 10, 0.2366, 0.7634),  # the textbook case: half of ten
    (0, 10, 0.0, 0.2775),  # none: the interval still reaches above 0
    (10, 10, 0.7225, 1.0),
    (81, 263, 0.2553, 0.3662),
    (500, 1000, 0.4691, 0.5309),
])
def test_the_wilson_interval_has_its_known_values(wins, bouts, low, high):
    got = wilson(wins, bouts)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_a_cell_counts_wins_losses_draws_length_and_the_dead():
    cell = Cell()
    for bout in (Bout(1, 10, True), Bout(-1, 20, False), Bout(0, 400, False),
                 Bout(1, 30, False)):
        cell.add(bout)
    assert (cell.bouts, cell.wins, cell.losses, cell.draws) == (4, 2, 1, 1)
    assert cell.win_rate == 0.5
    assert cell.mean_turns == 115
    assert cell.loser_died_rate == pytest.approx(1 / 3)  # of the three decided bouts


# --- balance ----------------------------------------------------------------------------
def test_every_four_bouts_take_each_start_and_each_first_move_once():
    layouts = Counter(layout_of(i) for i in range(1000))
    assert len(layouts) == 4
    assert set(layouts.values()) == {250}
    assert sum(1 for i in range(1000) if layout_of(i).row_second) == 500
    assert sum(1 for i in range(1000) if layout_of(i).row_first) == 500


def test_the_tasks_cover_every_pairing_both_ways_and_the_diagonal_with_n_bouts_each():
    tables = load_tables(include_user=False)
    lab, _ = make_lab("skirmish", bouts=300, types="samnite,retiarius,velite")
    work = chunks("skirmish", lab.entrants, 300, 1)
    bouts = Counter()
    for chunk in work:
        bouts[(chunk.row, chunk.col)] += chunk.stop - chunk.start
    assert bouts == {(r, c): 300 for r in range(3) for c in range(3)}
    assert tables  # the built-in tables are what the lab plays by default


def test_the_lab_can_give_the_first_turn_to_either_gladiator():
    setup = {"gladiators": [{"type": "samnite"}, {"type": "retiarius"}]}
    for first in ("A", "B"):
        events: list = []
        simulate_bout(setup, 5, events=events, first=first, max_turns=1)
        begun = next(e for e in events if e.kind == "turn_began")
        first_ap = next(e for e in events if e.kind == "ap_rolled")
        assert begun.who == first_ap.who == first


def test_a_skirmish_bout_is_played_from_the_row_gladiators_side():
    from companion.rulesets.skirmish.lab import SkirmishLab, type_entrants

    tables = load_tables(include_user=False)
    samnite, velite = type_entrants(tables, ["samnite", "velite"])
    lab = SkirmishLab()
    for seed in range(6):
        for layout in (Layout(False, True), Layout(True, False)):
            here = lab.play(samnite, velite, seed, layout, tables)
            there = lab.play(velite, samnite, seed, Layout(not layout.row_second,
                                                           not layout.row_first), tables)
            # The same bout seen from the other side: the same length, the other result.
            assert here.turns == there.turns
            assert here.outcome == -there.outcome


# --- determinism ------------------------------------------------------------------------
def _figures(matrix: Matrix) -> dict:
    return {key: (c.bouts, c.wins, c.losses, c.draws, c.turns, c.loser_died)
            for key, c in matrix.cells.items()}


def test_the_same_seed_gives_the_same_results_with_one_worker_or_two():
    lab, _ = make_lab("skirmish", bouts=130, seed=7, types="samnite,retiarius,gaetulian")
    alone = lab.run(workers=1)[0]
    shared = lab.run(workers=2)[0]
    assert _figures(alone) == _figures(shared)
    assert alone.total_bouts() == 9 * 130


def test_another_seed_gives_other_results():
    lab, _ = make_lab("skirmish", bouts=40, seed=1, types="samnite,retiarius")
    other, _ = make_lab("skirmish", bouts=40, seed=2, types="samnite,retiarius")
    assert _figures(lab.run(workers=1)[0]) != _figures(other.run(workers=1)[0])


def test_a_pairing_does_not_change_when_other_gladiators_join():
    two, _ = make_lab("skirmish", bouts=20, types="samnite,retiarius")
    three, _ = make_lab("skirmish", bouts=20, types="velite,samnite,retiarius")
    a, b = two.run(workers=1)[0], three.run(workers=1)[0]
    assert _figures(a)[(0, 1)] == _figures(b)[(1, 2)]


def test_the_results_are_the_same_for_any_chunk_size(monkeypatch):
    """However the bouts are cut into tasks (and so shared out, or left for a resumed
    run), every cell is the same, and its wins, losses and draws are its bouts."""
    lab, _ = make_lab("skirmish", bouts=5, seed=4, types="samnite,retiarius")
    found = {}
    for size in (1, 2, 3, 7, tasks.CHUNK):
        monkeypatch.setattr(tasks, "CHUNK", size)
        calls: list[int] = []
        matrix = lab.run(workers=1, progress=lambda done, _, c=calls: c.append(done))[0]
        assert len(calls) == 4 * -(-5 // size)  # a call a chunk: cut as asked
        for cell in matrix.cells.values():
            assert cell.wins + cell.losses + cell.draws == cell.bouts == 5
        found[size] = _figures(matrix)
    assert all(figures == found[1] for figures in found.values())


def test_what_is_left_to_play_is_every_bout_no_played_chunk_covers():
    lab, _ = make_lab("skirmish", bouts=10, types="samnite")
    work = chunks("skirmish", lab.entrants, 10, 1, size=4)  # 0-4, 4-8, 8-10
    played = [lab.chunk(0, 0, 0, 1, 3), lab.chunk(0, 0, 0, 3, 5), lab.chunk(0, 0, 0, 9, 10)]
    left = [(c.start, c.stop) for c in left_to_play(work, played)]
    assert left == [(0, 1), (5, 8), (8, 9)]
    bouts = Counter(i for start, stop in [*left, (1, 3), (3, 5), (9, 10)]
                    for i in range(start, stop))
    assert bouts == {i: 1 for i in range(10)}
    assert left_to_play(work, []) == work


def test_results_on_a_dask_cluster_equal_the_local_run():
    distributed = pytest.importorskip("distributed", reason="dask.distributed is an "
                                      "optional extra (pip install 'companion[lab]')")
    lab, _ = make_lab("skirmish", bouts=130, seed=3, types="samnite,retiarius")
    local = lab.run(workers=1)[0]
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        remote = lab.run(scheduler=cluster.scheduler_address)[0]
    assert _figures(remote) == _figures(local)




def test_a_house_rule_that_favours_heavy_armour_is_marked_beyond_chance(tmp_path):
    lab, _ = make_lab("skirmish", bouts=100, types="samnite,cataphractarius",
                      house=iron_skin(tmp_path / "house"))
    before, after = lab.run(workers=1)
    diff = changes(before, after)
    armoured_row, armoured_col = diff[(1, 0)], diff[(0, 1)]
    assert armoured_row.delta > 0.1 and armoured_row.significant
    assert armoured_col.delta < -0.1 and armoured_col.significant
    # Two Samnites: nothing they wear changed, and the same dice fall the same way.
    assert diff[(0, 0)].delta == 0 and not diff[(0, 0)].significant


def test_the_cli_reports_the_change_and_writes_every_cell(tmp_path, capsys):
    out = tmp_path / "out"
    code = main(["lab", "skirmish", "--types", "samnite,cataphractarius", "--bouts", "100",
                 "--workers", "1", "--tables", str(iron_skin(tmp_path / "house")),
                 "--out", str(out)])
    assert code == 0
    text = capsys.readouterr().out
    assert "Change in win %" in text
    assert "2 of 4 pairings changed beyond chance." in text
    rows = list(csv.DictReader((out / "results.csv").open()))
    assert len(rows) == 4
    cell = next(r for r in rows if r["row"] == "Cataphractarius" and r["column"] == "Samnite")
    assert cell["significant"] == "True"
    assert int(cell["wins"]) + int(cell["losses"]) + int(cell["draws"]) == int(cell["bouts"])
    document = json.loads((out / "results.json").read_text())
    assert set(document["cells"][0]) >= {
        "row", "column", "bouts", "wins", "losses", "draws", "win_rate", "interval_low",
        "interval_high", "mean_turns", "loser_died_rate", "change", "significant"}
    assert (out / "heatmap.png").stat().st_size > 1000
    assert (out / "heatmap-house.png").stat().st_size > 1000


# --- the other systems --------------------------------------------------------------------
def test_grimdark_plays_the_sample_roster(capsys):
    code = main(["lab", "grimdark", "--bouts", "4", "--workers", "1"])
    assert code == 0
    text = capsys.readouterr().out
    assert "Lord Smash" in text and "Sewer Beast" in text


def test_the_battle_system_plays_its_sample_sheets_computer_against_computer(capsys):
    assert main(["lab", "battle", "--bouts", "2", "--workers", "1"]) == 0
    assert "Spear Rookie" in capsys.readouterr().out


# --- what the user gets wrong ----------------------------------------------------------------
@pytest.mark.parametrize(("args", "words"), [
    (["--types", "samnit,retiarius"], "no gladiator type 'samnit'"),
    (["--tables", "no-such-folder"], "no such folder of tables"),
    (["--kits", "Odd Fellow"], "no saved kit 'Odd Fellow'"),
    (["--bouts", "0"], "--bouts 0"),
    (["--workers", "-1"], "--workers -1"),
])
def test_a_mistake_gives_one_line(args, words, capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    assert main(["lab", "skirmish", *args]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


def test_a_broken_house_table_gives_one_line(tmp_path, capsys):
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "skirmish-kit.json").write_text('{"id": "skirmish-kit", "entries": [')
    assert main(["lab", "skirmish", "--tables", str(folder)]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "skirmish-kit.json" in err


def test_a_house_folder_without_skirmish_tables_is_refused(tmp_path):
    folder = tmp_path / "house"
    folder.mkdir()
    crit = json.loads((ROOT / "tables" / "crit-slashing.json").read_text())
    (folder / "crit-slashing.json").write_text(json.dumps(crit))
    with pytest.raises(UserError, match="none of its tables"):
        make_lab("skirmish", house=folder)


def test_saved_kits_join_on_request(tmp_path, monkeypatch):
    from companion.rulesets.skirmish.kits import kits_dir

    folder = kits_dir()
    folder.mkdir(parents=True)
    (folder / "twin-nets.json").write_text(json.dumps({
        "format": "companion-kit", "name": "Twin nets",
        "kit": {"weapons": [{"weapon": "net", "side": "right"},
                            {"weapon": "net", "side": "left"}]}}))
    lab, _ = make_lab("skirmish", bouts=4, types="samnite", kits="all")
    assert [e.name for e in lab.entrants] == ["Samnite", "Twin nets"]
    matrix = lab.run(workers=1)[0]
    assert matrix.cell(1, 0).bouts == 4
