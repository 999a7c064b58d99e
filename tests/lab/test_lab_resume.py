"""A lab run killed or stopped goes on from the bouts it had played (issue 24): the
same command again plays only the rest, and its files are those of a run never
stopped, byte for byte, whatever the chunks were; a run with other settings is not
mixed with the old one's chunks. Tiny runs: two skirmish types, a few bouts."""

from __future__ import annotations

import csv
import os
import signal
from pathlib import Path
from typing import Any

import pytest
from support.killed_child import _in_child
from test_lab_out import _results

from companion.cli import main
from companion.lab import tasks
from companion.rulesets.skirmish.lab import SkirmishLab

TYPES = "samnite,retiarius"
BOUTS = 3  # a pairing: 12 bouts in all


def _lab(out: Path, *extra: str) -> int:
    return main(["lab", "skirmish", "--types", TYPES, "--bouts", str(BOUTS), "--workers",
                 "1", "--out", str(out), *extra])


@pytest.fixture
def bouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every bout played in this process, counted."""
    played: list[int] = []
    real = SkirmishLab.play

    def play(*args: Any) -> Any:
        played.append(1)
        return real(*args)

    monkeypatch.setattr(SkirmishLab, "play", play)
    return played


def _killed_at_bout(out: Path, at: int, *extra: str) -> None:
    """The lab run in a child, SIGKILLed as it starts its bout number `at` (from 0)."""
    def work() -> None:
        real, count = SkirmishLab.play, [0]

        def play(*args: Any) -> Any:
            if count[0] == at:
                os.kill(os.getpid(), signal.SIGKILL)
            count[0] += 1
            return real(*args)

        SkirmishLab.play = play  # type: ignore[method-assign]
        _lab(out, *extra)

    assert _in_child(work) == -signal.SIGKILL


def _adds_up(folder: Path) -> None:
    for row in csv.DictReader((folder / "results.csv").open()):
        assert int(row["wins"]) + int(row["losses"]) + int(row["draws"]) == \
            int(row["bouts"]) == BOUTS


@pytest.mark.parametrize(("resumed_chunk", "torn"), [(1, False), (2, False), (1, True)])
def test_a_resumed_run_equals_one_never_stopped_file_for_file(
        resumed_chunk, torn, tmp_path, monkeypatch, bouts, capsys):
    monkeypatch.setattr(tasks, "CHUNK", 1)
    whole, out = tmp_path / "whole", tmp_path / "out"
    assert _lab(whole) == 0
    _killed_at_bout(out, 5)  # five bouts played and kept, one a chunk
    if torn:  # the kill came in the middle of a line of progress
        with (out / ".lab-run" / "chunks.jsonl").open("a") as journal:
            journal.write('{"run": "0123", "tables": 0, "ro')
    assert _results(out) == {}  # nothing to show yet
    monkeypatch.setattr(tasks, "CHUNK", resumed_chunk)
    bouts.clear()
    capsys.readouterr()
    assert _lab(out) == 0
    assert len(bouts) == 12 - 5
    assert "resuming the run in progress in " + str(out) + ": 5 of 12 bouts played " \
        "already" in capsys.readouterr().err
    assert _results(out) == _results(whole)
    assert sorted(os.listdir(out)) == ["heatmap.png", "results.csv", "results.json"]
    _adds_up(out)


def test_a_run_killed_after_its_last_bout_only_writes_its_files(tmp_path, bouts, capsys):
    whole, out = tmp_path / "whole", tmp_path / "out"
    assert _lab(whole) == 0

    def killed_at_the_write() -> None:
        from companion.lab import out as out_module

        def write(*args: Any) -> None:
            os.kill(os.getpid(), signal.SIGKILL)

        out_module.OutFolder.write = write  # type: ignore[assignment, method-assign]
        _lab(out)

    assert _in_child(killed_at_the_write) == -signal.SIGKILL
    bouts.clear()
    assert _lab(out) == 0
    assert bouts == []
    assert "12 of 12 bouts played already" in capsys.readouterr().err
    assert _results(out) == _results(whole)


@pytest.mark.parametrize("other", [["--seed", "2"], ["--bouts", "4"],
                                   ["--types", "samnite,velite"]])
def test_a_run_in_progress_with_other_settings_is_refused_and_fresh_drops_it(
        other, tmp_path, monkeypatch, bouts, capsys):
    monkeypatch.setattr(tasks, "CHUNK", 1)
    out = tmp_path / "out"
    _killed_at_bout(out, 4)
    args = ["--bouts", str(BOUTS), "--seed", "1", *other]
    capsys.readouterr()
    assert _lab(out, *args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "it holds a run in progress with other settings (skirmish, 2 gladiators, 3 " \
        "bouts a pairing, seed 1); give its command again to resume it, or --fresh" in err
    assert bouts == []
    assert _lab(out, *args, "--fresh") == 0
    assert "dropped the run in progress in " in capsys.readouterr().err
    assert len(bouts) == 4 * (4 if "--bouts" in other else BOUTS)  # none of the old run's


def test_a_stopped_run_says_how_to_go_on(tmp_path, monkeypatch, bouts, capsys):
    monkeypatch.setattr(tasks, "CHUNK", 1)
    out = tmp_path / "out"
    counted = SkirmishLab.play

    def interrupted(*args: Any) -> Any:
        if len(bouts) == 6:
            raise KeyboardInterrupt  # Ctrl-C, as the seventh bout starts
        return counted(*args)

    monkeypatch.setattr(SkirmishLab, "play", interrupted)
    assert _lab(out) == 130
    assert f"stopped; the same command again goes on from the bouts played, kept in {out}" \
        in capsys.readouterr().err
    monkeypatch.setattr(SkirmishLab, "play", counted)
    bouts.clear()
    assert _lab(out) == 0
    assert len(bouts) == 12 - 6


def test_fresh_needs_an_out_folder(capsys):
    assert main(["lab", "skirmish", "--types", TYPES, "--bouts", "1", "--fresh"]) == 2
    assert "--fresh: " in capsys.readouterr().err
