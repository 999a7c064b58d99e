"""The lab's --out folder (issue 24): checked for writing before the first bout, and
its results replaced as a whole set, so that a lab killed at any of its writing steps
leaves the old set or the new one, never a mix, and the same command again finishes
the run. Kills are real SIGKILLs of a forked child, at the n-th step it takes. Tiny
runs: one or two skirmish types, a bout or two a pairing."""

from __future__ import annotations

import builtins
import errno
import io
import os
import shutil
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support.killed_child import _in_child
from support.lab_kits import iron_skin

from companion.cli import main
from companion.errors import UserError
from companion.lab import swap, tasks
from companion.lab.out import claim
from companion.rulesets.skirmish.lab import SkirmishLab

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

# The file system's changes, each a step a kill may come before.
CHANGES = ("mkdir", "rmdir", "write", "fsync", "replace", "rename", "link", "unlink",
           "remove")
WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT


def _lab(out: Path, *extra: str) -> int:
    return main(["lab", "skirmish", "--types", "samnite", "--bouts", "2", "--workers", "1",
                 "--out", str(out), *extra])


def _kill_at(at: int) -> None:
    """In a child: SIGKILL itself before its step number `at`: a change to the file
    system, a file opened to write, a folder swap, a bout."""
    calls = [0]

    def step(real: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            if calls[0] == at:
                os.kill(os.getpid(), signal.SIGKILL)
            calls[0] += 1
            return real(*args, **kwargs)

        return counted

    for name in CHANGES:
        setattr(os, name, step(getattr(os, name)))
    real_open, real_io_open = os.open, io.open

    def os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> Any:
        call = step(real_open) if flags & WRITING else real_open
        return call(path, flags, *args, **kwargs)

    def io_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        call = step(real_io_open) if set(mode) & set("wax+") else real_io_open
        return call(file, mode, *args, **kwargs)

    os.open = os_open  # type: ignore[assignment]
    io.open = builtins.open = io_open  # type: ignore[assignment]
    swap.exchange = step(swap.exchange)  # type: ignore[assignment]
    SkirmishLab.play = step(SkirmishLab.play)  # type: ignore[method-assign]


def _results(folder: Path) -> dict[str, bytes]:
    """What the folder shows the user: every file but the run in progress."""
    if not folder.is_dir():
        return {}
    return {n: (folder / n).read_bytes() for n in os.listdir(folder) if n != ".lab-run"}


@pytest.fixture
def old_and_new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
                ) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """Two sets of results: an older run's (another seed, with house rules: four files)
    and the new run's (three), each played whole in a folder of its own."""
    monkeypatch.setattr(tasks, "CHUNK", 1)  # a chunk, and a line of progress, a bout
    old, new = tmp_path / "old", tmp_path / "new"
    assert _lab(old, "--seed", "2", "--tables", str(iron_skin(tmp_path / "house"))) == 0
    assert _lab(new) == 0
    capsys.readouterr()
    sets = _results(old), _results(new)
    assert set(sets[0]) == {"results.csv", "results.json", "heatmap.png",
                            "heatmap-house.png"}
    assert set(sets[1]) == {"results.csv", "results.json", "heatmap.png"}
    return sets


def test_a_lab_killed_at_any_step_leaves_the_old_set_or_the_new_and_then_finishes(
        tmp_path, old_and_new, capsys):
    old_set, new_set = old_and_new
    room = tmp_path / "room"
    out = room / "lab"
    seen = []
    for at in range(300):
        shutil.rmtree(room, ignore_errors=True)
        room.mkdir()
        shutil.copytree(tmp_path / "old", out)
        status = _in_child(lambda at=at: (_kill_at(at), _lab(out)))
        held = _results(out)
        assert held in (old_set, new_set), f"killed at step {at}: a mix, {sorted(held)}"
        seen.append("new" if held == new_set else "old")
        # The same command again: from the bouts played, to the new set whole, and
        # nothing of the lab's left beside it or in it.
        assert _lab(out) == 0
        assert _results(out) == new_set
        assert os.listdir(room) == ["lab"] and ".lab-run" not in os.listdir(out)
        if status == 0:
            break
        assert status == -signal.SIGKILL
    else:
        pytest.fail("the lab never finished")
    capsys.readouterr()
    # Killed at every step from the start to the end: the old set until the swap, then
    # the new one (the old one's removal comes after).
    assert len(seen) > 20
    assert seen == sorted(seen, key=["old", "new"].index)
    assert seen.count("new") >= 2


def test_without_an_atomic_swap_a_kill_between_the_renames_is_put_right_next_time(
        tmp_path, old_and_new, monkeypatch):
    """Where the system cannot swap two names in one step (Windows), the old folder
    steps aside and the new one takes its place: a kill between the two leaves no
    folder but the old one whole beside it, and the next run puts it back first."""
    old_set, new_set = old_and_new
    monkeypatch.setattr(swap, "exchange", lambda a, b: False)
    room = tmp_path / "room"
    out = room / "lab"

    def write(folder: Path) -> list[str]:
        for name, data in new_set.items():
            (folder / name).write_bytes(data)
        return list(new_set)

    gaps = 0
    for at in range(100):
        shutil.rmtree(room, ignore_errors=True)
        room.mkdir()
        shutil.copytree(tmp_path / "old", out)
        folder = claim(out)
        status = _in_child(lambda at=at, f=folder: (_kill_at(at), f.write(write)))
        held = _results(out)
        if not out.exists():
            gaps += 1
            assert _results(swap.beside(out, "old")) == old_set
            assert _results(swap.beside(out, "new")) == new_set
        claim(out)  # what the next run does first
        assert _results(out) in (old_set, new_set), f"killed at step {at}: {sorted(held)}"
        assert os.listdir(room) == ["lab"]
        if status == 0:
            break
    else:
        pytest.fail("the write never finished")
    assert _results(out) == new_set
    assert gaps == 1  # the one step between the two renames


# --- an --out that cannot be written ----------------------------------------------------
def _unwritable(tmp_path: Path) -> Path:
    if os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        return locked / "lab"
    if Path("/sys/fs").is_dir():
        return Path("/sys/fs/companion-lab")  # root may not make folders here either
    pytest.skip("no folder here that this user cannot write to")


@pytest.mark.parametrize(("where", "words"), [
    ("missing/lab", "its folder missing does not exist"),
    ("a-file", "it is a file, not a folder"),
    ("a-file/lab", "its folder a-file is a file, not a folder"),
    ("x" * 300, "cannot write there (File name too long)"),
    ("y" * 250, "cannot write there (File name too long)"),  # too long for .NAME.lab-new
    ("unwritable", "cannot write there"),
    ("other/lab", "it holds other files than the lab's (notes.txt)"),
    (".", "cannot be the folder you are in"),
])
def test_an_out_that_cannot_be_written_is_refused_in_one_line_before_any_bout(
        where, words, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-file").write_text("mine\n")
    (tmp_path / "other" / "lab").mkdir(parents=True)
    (tmp_path / "other" / "lab" / "notes.txt").write_text("mine too\n")
    out = _unwritable(tmp_path) if where == "unwritable" else Path(where)
    bouts = []
    real_play = SkirmishLab.play
    monkeypatch.setattr(SkirmishLab, "play",
                        lambda *a: bouts.append(1) or real_play(*a))  # type: ignore
    before = sorted(set(os.listdir(tmp_path)) - {"user"})  # the user's folders: the tables' cache
    assert _lab(out) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("companion: --out ") and words in err
    assert bouts == []
    assert sorted(set(os.listdir(tmp_path)) - {"user"}) == before  # nothing made or left
    assert (tmp_path / "a-file").read_text() == "mine\n"
    assert (tmp_path / "other" / "lab" / "notes.txt").read_text() == "mine too\n"


def test_a_write_that_fails_leaves_the_old_set_and_keeps_the_bouts(tmp_path, old_and_new,
                                                                    monkeypatch, capsys):
    old_set, new_set = old_and_new
    out = tmp_path / "old"
    import companion.ui.lab.heatmap as heatmap

    real = heatmap.save_heatmap

    def full(*args: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(heatmap, "save_heatmap", full)
    assert _lab(out) == 2
    said = [line for line in capsys.readouterr().err.splitlines() if "companion:" in line]
    assert len(said) == 1 and "cannot write the results (No space left on device); the " \
        "old set stands, and the same command again writes the new one" in said[0]
    assert _results(out) == old_set
    assert sorted(os.listdir(tmp_path)) == ["house", "new", "old", "user"]
    monkeypatch.setattr(heatmap, "save_heatmap", real)
    bouts: list[int] = []
    monkeypatch.setattr(SkirmishLab, "play", lambda *a: bouts.append(1))
    assert _lab(out) == 0
    assert bouts == [] and _results(out) == new_set


def test_the_folder_of_an_earlier_lab_is_the_labs_own(tmp_path, capsys):
    """A folder the lab wrote before (here: today's four files) is replaced whole:
    a heat map of house rules the new run does not play goes with the old set."""
    out = tmp_path / "lab"
    out.mkdir()
    for name in ("results.csv", "results.json", "heatmap.png", "heatmap-house.png",
                 ".DS_Store"):
        (out / name).write_text("old\n")
    assert claim(out).path == out.resolve()
    assert _lab(out) == 0
    assert sorted(os.listdir(out)) == ["heatmap.png", "results.csv", "results.json"]
    assert "wrote " + str(out / "heatmap.png") in capsys.readouterr().out


def test_a_claim_leaves_a_new_folder_ready_and_a_refused_one_as_it_was(tmp_path):
    out = claim(tmp_path / "lab")
    assert out.path.is_dir() and os.listdir(out.path) == [".lab-run"]
    assert os.listdir(tmp_path) == ["lab"]
    with pytest.raises(UserError, match="its folder"):
        claim(tmp_path / "no" / "lab")
    assert os.listdir(tmp_path) == ["lab"]
