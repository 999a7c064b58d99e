"""The lab's smaller parts: the report's text to the character, the sums a cell and a
matrix keep, the Wilson interval's edges, the seeds and chunks of the tasks, the
layouts, the --out folder's messages, and the swap of two folders' names."""

from __future__ import annotations

import ctypes
import errno
import os
import sys
import types
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest
from support.places import ROOT

from companion.errors import UserError
from companion.lab import setup, swap
from companion.lab.out import OutFolder, claim, shown
from companion.lab.report import change_lines, lapse_lines, matrix_lines, versus_lines
from companion.lab.results import Cell, Change, Matrix, changes
from companion.lab.stats import overlap, wilson
from companion.lab.system import system_for
from companion.lab.tasks import CHUNK, Chunk, bout_seed, chunks, left_to_play, pairing_seed
from companion.rulesets.grimdark.lapses import Lapses
from companion.rulesets.labs import Bout, Entrant, Layout, layout_of

SAMNITE = Entrant("samnite", "Samnite", {})
LONG = Entrant("long", "Gladiator With A Very Long Name", {})


# --- the report ---------------------------------------------------------------------------
def built_in() -> Matrix:
    return Matrix("skirmish", [SAMNITE, LONG], 7, 3, cells={
        (0, 0): Cell(7, 1, 3, 3, 23, 1), (0, 1): Cell(7, 7, 0, 0, 30, 7),
        (1, 0): Cell(7, 0, 7, 0, 50, 2), (1, 1): Cell(7, 2, 2, 3, 20, 0)})


def test_the_matrix_shows_each_pairings_win_percentage_and_each_rows_figures():
    assert matrix_lines(built_in()) == [
        "Win % of the row's gladiator against the column's (7 bouts a pairing, seed 3, "
        "tables: built-in)",
        "                             1   2",
        " 1  Samnite                 14 100",
        " 2  Gladiator With A Very.   0  29",  # a long name cut to 22 characters
        "",
        "                            win %  95 % interval  draws  turns  loser died",
        " 1  Samnite                  57.1   32.6 to 78.6   21.4%    3.8      72.7%",
        " 2  Gladiator With A Very.   14.3    4.0 to 39.9   21.4%    5.0      18.2%"]


def test_the_change_is_in_points_marked_where_it_is_beyond_chance():
    after = Matrix("skirmish", [SAMNITE, LONG], 7, 3, tables="house", cells={
        (0, 0): Cell(7, 2, 2, 3, 20, 0), (0, 1): Cell(7, 7, 0, 0, 30, 7),
        (1, 0): Cell(7, 7, 0, 0, 50, 2), (1, 1): Cell(7, 2, 2, 3, 20, 0)})
    assert change_lines(after, changes(built_in(), after)) == [
        "Change in win % with the tables of house (points; * where the 95 % intervals do "
        "not overlap)",
        "                               1     2",
        " 1  Samnite                  +14    +0",
        " 2  Gladiator With A Very. +100*    +0",
        "1 of 4 pairings changed beyond chance."]


def versus() -> Matrix:
    rows = [Entrant("lord-smash", "Lord Smash (odds)", {}),
            Entrant("sewer-beast", "Thracian or Secutor II", {})]  # 22 characters: whole
    cols = [Entrant("lord-smash", "Lord Smash (weights)", {}),
            Entrant("sewer-beast", "Beast (weights)", {})]
    return Matrix("grimdark", rows, 7, 3, columns=cols, choosers=("odds", "weights"), cells={
        (0, 0): Cell(7, 1, 3, 3, 23, 1, Lapses(), Lapses(6, 1, 0, 1, 1, 0, 0)),
        (0, 1): Cell(7, 0, 7, 0, 50, 2, Lapses(), Lapses(1008, 3, 1, 1, 0, 0, 2000)),
        (1, 0): Cell(7, 0, 7, 0, 50, 2), (1, 1): Cell(7, 0, 6, 1, 50, 2)})


def test_two_choosers_are_shown_with_the_columns_named_the_totals_and_the_lapses():
    matrix = versus()
    assert matrix_lines(matrix) == [
        "Win % of the row's gladiator against the column's (7 bouts a pairing, seed 3, "
        "tables: built-in)",
        "                             1   2",
        " 1  Lord Smash (odds)       14   0",
        " 2  Thracian or Secutor II   0   0",
        "Columns: 1 Lord Smash (weights), 2 Beast (weights)",
        "",
        "                            win %  95 % interval  draws  turns  loser died",
        " 1  Lord Smash (odds)         7.1    1.3 to 31.5   21.4%    5.2      27.3%",
        " 2  Thracian or Secutor II    0.0    0.0 to 21.5    7.1%    7.1      30.8%"]
    assert versus_lines(matrix) == [
        "The rows' chooser (odds) against the columns' (weights), from the rows' side:",
        "                            win %  95 % interval  draws  turns  loser died  matches",
        "    mirror matches            7.1    1.3 to 31.5   28.6%    5.2      30.0%       14",
        "    every pairing             3.6    0.6 to 17.7   14.3%    6.2      29.2%       28"]
    assert lapse_lines(matrix) == [
        "Lapses over 28 matches, in turns (each: by a coaching rule + by the chooser's "
        "score):",
        "                                turns      (a) way back missed    (b) stuck  2+ "
        "cards he cannot play",
        "    odds                            0               0 + 0 of 0        0 + 0       "
        "                 0",
        "    weights                     1,014               1 + 2 of 4        1 + 0       "
        "             2,000",
        "    (a) Ineffective, he held a playable card that sets his active stat and played "
        "another",
        "    (b) he held only cards he could not play and did not assess the situation"]


def test_a_lab_without_two_choosers_or_lapses_shows_neither():
    matrix = built_in()
    assert versus_lines(matrix) == [] and lapse_lines(matrix) == []
    matrix.choosers = ("odds", "odds")  # columns that are the rows: no "against"
    assert versus_lines(matrix) == []
    matrix = versus()
    matrix.choosers = None
    assert versus_lines(matrix) == []
    empty = Matrix("skirmish", [SAMNITE], 7, 3)
    assert matrix_lines(empty)[-1] == \
        " 1  Samnite                   0.0    0.0 to 100.0    0.0%    0.0       0.0%"


# --- the sums -----------------------------------------------------------------------------
def test_a_cell_adds_each_bouts_result_and_lapses_from_the_rows_side():
    cell = Cell()
    cell.add(Bout(1, 10, True, (Lapses(1, 1), Lapses(2))))
    cell.add(Bout(-1, 20, True))
    cell.add(Bout(0, 30, True, (Lapses(3), Lapses(4, 0, 0, 0, 0, 0, 1))))  # no loser to die
    cell.add(Bout(-1, 5, False))
    cell.add(Bout(1, 5, False))
    assert cell == Cell(5, 2, 2, 1, 70, 2, Lapses(4, 1), Lapses(6, 0, 0, 0, 0, 0, 1))
    assert (cell.win_rate, cell.mean_turns, cell.loser_died_rate) == (0.4, 14.0, 0.5)
    assert (Cell().win_rate, Cell().mean_turns, Cell().loser_died_rate) == (0.0, 0.0, 0.0)
    other = Cell(2, 0, 0, 2, 7, 0, Lapses(1), Lapses(0, 1))
    cell.merge(other)
    assert cell == Cell(7, 2, 2, 3, 77, 2, Lapses(5, 1), Lapses(6, 1, 0, 0, 0, 0, 1))
    assert Cell(3, 0, 0, 3).loser_died_rate == 0.0  # draws alone: no loser


def test_a_matrix_totals_every_cell_or_the_mirror_matches_and_names_the_lapses():
    matrix = versus()
    assert matrix.total() == Cell(28, 1, 23, 4, 173, 7, Lapses(),
                                  Lapses(1014, 4, 1, 2, 1, 0, 2000))
    assert matrix.total(mirror=True) == Cell(14, 1, 9, 4, 73, 3, Lapses(),
                                             Lapses(6, 1, 0, 1, 1, 0, 0))
    assert matrix.total_bouts() == 28
    assert [e.name for e in matrix.col_entrants] == ["Lord Smash (weights)",
                                                     "Beast (weights)"]
    assert built_in().col_entrants == [SAMNITE, LONG]
    assert matrix.lapses() == {"odds": Lapses(), "weights": Lapses(1014, 4, 1, 2, 1, 0, 2000)}
    matrix.choosers = ("odds", "odds")
    assert matrix.lapses() == {"odds": Lapses(1014, 4, 1, 2, 1, 0, 2000)}
    plain = built_in()
    plain.cells[(0, 0)] = Cell(7, 1, 3, 3, 23, 1, Lapses(2), Lapses(3))
    assert plain.lapses() == {"every gladiator": Lapses(5)}
    assert built_in().total(mirror=True).bouts == 14  # each against himself


def test_a_change_is_the_difference_in_win_rate_beyond_chance_when_intervals_part():
    before, after = Cell(10, 0, 10), Cell(10, 10, 0)
    change = Change(before, after)
    assert change.delta == 1.0 and change.significant
    assert Change(after, before).delta == -1.0 and Change(after, before).significant
    assert not Change(Cell(10, 5, 5), Cell(10, 6, 4)).significant
    with pytest.raises(FrozenInstanceError):
        change.before = after  # type: ignore[misc]


# --- the Wilson interval ------------------------------------------------------------------
def test_the_wilson_interval_at_its_edges():
    assert wilson(0, 0) == (0.0, 1.0) and wilson(3, -1) == (0.0, 1.0)
    assert wilson(1, 1) == pytest.approx((0.2065, 1.0), abs=1e-4)
    assert wilson(0, 1) == pytest.approx((0.0, 0.7935), abs=1e-4)
    assert wilson(2, 4) == pytest.approx((0.1500, 0.8500), abs=1e-4)
    assert wilson(1, 3) == pytest.approx((0.0615, 0.7923), abs=1e-4)
    assert wilson(3, 5, z=1.0) == pytest.approx((0.3826, 0.7840), abs=1e-4)
    for bad in ((-1, 3), (4, 3)):
        with pytest.raises(ValueError, match=f"{bad[0]} successes in 3 trials"):
            wilson(*bad)


def test_two_intervals_overlap_when_they_share_a_point():
    assert overlap((0.1, 0.5), (0.5, 0.9)) and overlap((0.5, 0.9), (0.1, 0.5))
    assert overlap((0.1, 0.9), (0.3, 0.4)) and overlap((0.3, 0.4), (0.1, 0.9))
    assert not overlap((0.1, 0.4), (0.5, 0.9)) and not overlap((0.5, 0.9), (0.1, 0.4))


# --- seeds, chunks and layouts ------------------------------------------------------------
def test_the_seeds_are_the_same_in_every_version():
    """A published matrix can be played again: a pairing's seed is a BLAKE2b of the
    lab's seed and the two keys, and a bout's is the pairing's times 1,000,003 plus its
    number."""
    import hashlib

    velite = Entrant("velite", "Velite", {})
    digest = hashlib.blake2b(b"1|samnite|velite", digest_size=8).digest()
    assert pairing_seed(1, SAMNITE, velite) == int.from_bytes(digest, "big")
    assert pairing_seed(1, SAMNITE, velite) != pairing_seed(1, velite, SAMNITE)
    assert bout_seed(7, 0) == 7_000_021 and bout_seed(7, 5) == 7_000_026
    assert bout_seed(0, 3) == 3


def test_a_pairings_bouts_are_cut_into_chunks_of_125():
    assert CHUNK == 125
    velite = Entrant("velite", "Velite", {})
    work = chunks("skirmish", [SAMNITE], 300, 1)
    assert [(c.start, c.stop) for c in work] == [(0, 125), (125, 250), (250, 300)]
    assert {c.tables for c in work} == {0} and {(c.row, c.col) for c in work} == {(0, 0)}
    other = chunks("skirmish", [SAMNITE, velite], 4, 1, tables=1, size=3, columns=[velite])
    assert [(c.tables, c.row, c.col, c.col_entrant.key, c.start, c.stop) for c in other] == [
        (1, 0, 0, "velite", 0, 3), (1, 0, 0, "velite", 3, 4),
        (1, 1, 0, "velite", 0, 3), (1, 1, 0, "velite", 3, 4)]
    assert other[0].seed == pairing_seed(1, SAMNITE, velite)
    with pytest.raises(FrozenInstanceError):
        work[0].start = 1  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        SAMNITE.key = "other"  # type: ignore[misc]


@pytest.mark.parametrize(("played", "left"), [
    ([], [(0, 4), (4, 8), (8, 10)]),
    ([(0, 10)], []),
    ([(0, 4)], [(4, 8), (8, 10)]),
    ([(4, 8)], [(0, 4), (8, 10)]),
    ([(3, 5)], [(0, 3), (5, 8), (8, 10)]),
    ([(0, 1), (2, 3), (3, 4)], [(1, 2), (4, 8), (8, 10)]),
    ([(6, 7), (1, 2)], [(0, 1), (2, 4), (4, 6), (7, 8), (8, 10)]),
    ([(9, 10), (8, 9)], [(0, 4), (4, 8)]),
])
def test_what_is_left_is_every_bout_no_played_span_covers(played, left):
    work = chunks("skirmish", [SAMNITE], 10, 1, size=4)
    done = [Chunk("skirmish", 0, 0, 0, SAMNITE, SAMNITE, 0, a, b) for a, b in played]
    elsewhere = [Chunk("skirmish", 1, 0, 0, SAMNITE, SAMNITE, 0, 0, 10)]
    assert [(c.start, c.stop) for c in left_to_play(work, [*done, *elsewhere])] == left


def test_every_four_bouts_take_the_four_layouts_in_turn():
    assert [layout_of(i) for i in range(6)] == [
        Layout(False, True), Layout(True, True), Layout(False, False), Layout(True, False),
        Layout(False, True), Layout(True, True)]


def test_a_system_the_lab_does_not_know_is_one_line():
    with pytest.raises(UserError, match="the lab knows no system 'chess' "
                       r"\(skirmish, battle, grimdark\)"):
        system_for("chess")
    assert system_for("grimdark").id == "grimdark"


# --- what the user asks for ---------------------------------------------------------------
def test_a_lab_asked_for_plays_200_bouts_a_pairing_with_seed_1_by_default():
    lab, notes = setup.make_lab("skirmish", types="samnite")
    assert (lab.bouts, lab.seed, notes) == (200, 1, [])
    assert lab.tables_words == ["built-in"] and lab.choosers is None
    spaced, _ = setup.make_lab("skirmish", types=" samnite, ,velite ,")
    assert [e.key for e in spaced.entrants] == ["samnite", "velite"]


def test_the_gladiators_asked_for_by_type_and_kit(tmp_path):
    from companion.rulesets.skirmish.kits import kits_dir

    tables = setup.base_tables("skirmish")
    every, _ = setup.entrants_for("skirmish", tables)
    assert len(every) == 13
    assert [e.key for e in setup.entrants_for("skirmish", tables, types="velite, samnite")[0]] \
        == ["velite", "samnite"]
    with pytest.raises(UserError, match="--types: name at least one gladiator type"):
        setup.entrants_for("skirmish", tables, types=" , ")
    kits_dir().mkdir(parents=True)
    (kits_dir() / "twin-nets.json").write_text(
        '{"format": "companion-kit", "name": "Twin nets", "kit": {"weapons": '
        '[{"weapon": "net", "side": "right"}]}}')
    kits, _ = setup.entrants_for("skirmish", tables, kits="twin-nets")
    assert [e.key for e in kits] == ["kit:twin-nets"]  # kits alone: no types
    both, _ = setup.entrants_for("skirmish", tables, types="velite", kits="all")
    assert [e.key for e in both] == ["velite", "kit:twin-nets"]
    with pytest.raises(UserError, match="the lab knows no system 'chess'"):
        setup.entrants_for("chess", tables)


def test_a_grimdark_lab_plays_the_samples_or_the_roster_given_by_the_engines_chooser(
        tmp_path):
    from companion.rulesets.grimdark.lab import own_chooser

    lab, notes = setup.make_lab("grimdark", bouts=2)
    assert [e.key for e in lab.entrants] == ["arena-robot", "cinder-witch", "lord-smash",
                                             "sewer-beast"]
    assert lab.choosers == (own_chooser(), own_chooser()) and lab.columns is None
    assert notes == []
    with pytest.raises(UserError, match="no such folder"):
        setup.make_lab("grimdark", roster=tmp_path / "missing")


def test_a_battle_lab_plays_the_sample_sheets_or_the_roster_given(tmp_path):
    import shutil

    lab, _ = setup.make_lab("battle", bouts=2)
    assert "spear-rookie" in [e.key for e in lab.entrants]
    roster = tmp_path / "roster"
    roster.mkdir()
    shutil.copy(ROOT / "assets" / "samples" /
                "dart-thrower.json", roster)
    lab, _ = setup.make_lab("battle", bouts=2, roster=roster)
    assert [e.key for e in lab.entrants] == ["dart-thrower"]


def test_house_tables_are_named_by_their_folder(tmp_path):
    import json as json_module

    root = ROOT
    folder = tmp_path / "house"
    folder.mkdir()
    kit = json_module.loads((root / "tables" / "skirmish-kit.json").read_text())
    (folder / "skirmish-kit.json").write_text(json_module.dumps(kit))
    lab, _ = setup.make_lab("skirmish", bouts=2, types="samnite", house=folder)
    assert lab.tables_words == ["built-in", str(folder)] and len(lab.tables) == 2


# --- the --out folder ---------------------------------------------------------------------
def test_a_long_path_is_cut_in_the_middle_to_60_characters():
    assert shown(Path("a" * 60)) == "a" * 60
    assert shown(Path("b" * 28 + "c" * 33)) == "b" * 28 + "..." + "c" * 28
    assert len(shown(Path("x" * 200))) == 59


def test_a_folder_of_the_users_own_names_three_of_his_files(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    for name in ("a.txt", "b.txt", "results.csv", ".DS_Store", ".lab-run"):
        (out / name).write_text("x")
    with pytest.raises(UserError, match=r"holds other files than the lab's \(a.txt, b.txt\); "):
        claim(out)
    (out / "c.txt").write_text("x")
    with pytest.raises(UserError, match=r"\(a.txt, b.txt, c.txt\); "):
        claim(out)
    (out / "d.txt").write_text("x")
    with pytest.raises(UserError, match=r"\(a.txt, b.txt, c.txt and 1 more\); "):
        claim(out)
    for name in ("a.txt", "b.txt", "c.txt", "d.txt", ".lab-run"):
        (out / name).unlink()
    found = claim(out)
    assert found == OutFolder(out, out.resolve()) and found.run == out.resolve() / ".lab-run"
    assert sorted(os.listdir(out)) == [".DS_Store", ".lab-run", "results.csv"]
    with pytest.raises(FrozenInstanceError):
        found.given = tmp_path  # type: ignore[misc]


def test_the_out_folder_of_a_relative_path_is_named_as_given(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UserError, match=r"^--out missing/lab: its folder missing does not "):
        claim(Path("missing/lab"))
    (tmp_path / "file").write_text("x")
    with pytest.raises(UserError, match=r"^--out file/lab: its folder file is a file, not"):
        claim(Path("file/lab"))
    with pytest.raises(UserError, match=r"^--out file: it is a file, not a folder"):
        claim(Path("file"))
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    with pytest.raises(UserError, match="cannot be the folder you are in"):
        claim(tmp_path)
    written = claim(Path("lab")).write(lambda new: [(new / "results.csv").write_text("x")
                                                   and "results.csv"])
    assert written == [Path("lab") / "results.csv"]
    assert (tmp_path / "sub" / "lab" / "results.csv").read_text() == "x"


# --- swapping two folders' names ----------------------------------------------------------
class Libc:
    """A C library that records the swap asked of it and answers as told."""

    def __init__(self, name: str, answer: int = 0, code: int = 0) -> None:
        self.calls: list[tuple] = []
        self.answer, self.code = answer, code
        setattr(self, name, self.call)

    def call(self, *args: object) -> int:
        self.calls.append(args)
        ctypes.set_errno(self.code)
        return self.answer


def _libc(monkeypatch, platform: str, libc: object) -> None:
    monkeypatch.setattr(swap.sys, "platform", platform)
    monkeypatch.setattr(swap.ctypes, "CDLL", lambda name, use_errno: libc)


def test_linux_swaps_two_names_with_renameat2_and_rename_exchange(monkeypatch):
    libc = Libc("renameat2")
    _libc(monkeypatch, "linux", libc)
    assert swap.exchange(Path("a"), Path("b")) is True
    assert libc.calls == [(-100, b"a", -100, b"b", 2)]  # AT_FDCWD, RENAME_EXCHANGE


def test_macos_swaps_two_names_with_renamex_np_and_rename_swap(monkeypatch):
    libc = Libc("renamex_np")
    _libc(monkeypatch, "darwin", libc)
    assert swap.exchange(Path("a"), Path("b")) is True
    assert libc.calls == [(b"a", b"b", 2)]  # RENAME_SWAP


@pytest.mark.parametrize(("platform", "libc"), [
    ("win32", Libc("renameat2")), ("linux", Libc("renamex_np")),
    ("darwin", Libc("renameat2")), ("linux", types.SimpleNamespace())])
def test_without_a_swap_call_nothing_moves(platform, libc, monkeypatch):
    _libc(monkeypatch, platform, libc)
    assert swap.exchange(Path("a"), Path("b")) is False
    assert getattr(libc, "calls", []) == []


def test_no_c_library_means_no_swap(monkeypatch):
    def missing(name, use_errno):
        raise OSError("no libc")

    monkeypatch.setattr(swap.ctypes, "CDLL", missing)
    assert swap.exchange(Path("a"), Path("b")) is False


@pytest.mark.parametrize("code", [errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP])
def test_a_file_system_that_cannot_swap_is_no_swap(code, monkeypatch):
    _libc(monkeypatch, "linux", Libc("renameat2", answer=-1, code=code))
    assert swap.exchange(Path("a"), Path("b")) is False


def test_any_other_failure_to_swap_is_an_error_naming_both(monkeypatch):
    _libc(monkeypatch, "linux", Libc("renameat2", answer=-1, code=errno.EACCES))
    with pytest.raises(PermissionError) as caught:
        swap.exchange(Path("a"), Path("b"))
    assert (caught.value.filename, caught.value.filename2) == ("a", "b")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="renameat2 is Linux's")
def test_two_real_folders_swap_names_in_one_step(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "one").write_text("1")
    (tmp_path / "b").mkdir()
    assert swap.exchange(tmp_path / "a", tmp_path / "b") is True
    assert os.listdir(tmp_path / "b") == ["one"] and os.listdir(tmp_path / "a") == []
    with pytest.raises(FileNotFoundError):  # the system's own reason, read back
        swap.exchange(tmp_path / "missing", tmp_path / "b")


def test_a_folder_replaces_another_whole_or_takes_an_empty_place(tmp_path, monkeypatch):
    target = tmp_path / "lab"
    for exchanging in (True, False):
        if not exchanging:
            monkeypatch.setattr(swap, "exchange", lambda a, b: False)
        new = swap.beside(target, "new")
        new.mkdir()
        (new / "results.csv").write_text(f"new {exchanging}")
        swap.sync_tree(new)
        swap.replace_folder(new, target)
        assert os.listdir(tmp_path) == ["lab"]
        assert (target / "results.csv").read_text() == f"new {exchanging}"


def test_recover_puts_back_the_old_folder_a_kill_left_beside(tmp_path):
    target = tmp_path / "lab"
    old, new = swap.beside(target, "old"), swap.beside(target, "new")
    old.mkdir()
    (old / "results.csv").write_text("old")
    new.mkdir()
    swap.recover(target)
    assert os.listdir(tmp_path) == ["lab"] and (target / "results.csv").read_text() == "old"
    old.mkdir()  # a half-removed old one beside a whole target: removed
    swap.recover(target)
    assert os.listdir(tmp_path) == ["lab"]
    link = swap.beside(target, "new")
    link.symlink_to(target)  # a link is never followed into the folder it names
    swap.remove(link)
    assert link.is_symlink() and (target / "results.csv").exists()
    link.unlink()
    swap.recover(target)
    assert os.listdir(tmp_path) == ["lab"]


def test_a_lab_on_the_users_own_tables_says_so(tmp_path):
    from companion import paths

    root = ROOT
    folder = paths.user_tables_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "skirmish-kit.json").write_text((root / "tables" / "skirmish-kit.json")
                                              .read_text())
    lab, _ = setup.make_lab("skirmish", bouts=2, types="samnite")
    assert lab.tables_words == ["built-in and yours"]  # one of the skirmish's tables


def test_without_a_battle_computer_the_lab_says_so_first_and_plays_the_others(monkeypatch):
    from companion.rulesets.base import Ruleset
    from companion.rulesets.battle.rules import BattleRules

    monkeypatch.setattr(BattleRules, "choose", Ruleset.choose)
    real = setup.base_tables

    def tables(system_id: str):
        assert system_id != "battle", "the tables were read before the one thing to say"
        return real(system_id)

    monkeypatch.setattr(setup, "base_tables", tables)
    with pytest.raises(UserError, match="the battle system has no computer player yet"):
        setup.make_lab("battle", bouts=2)
    assert setup.make_lab("skirmish", bouts=2, types="samnite")[0].entrants


def test_flushing_a_folder_flushes_its_own_files_and_itself(tmp_path, monkeypatch):
    folder = tmp_path / "new"
    folder.mkdir()
    for name in ("results.csv", "results.json"):
        (folder / name).write_text(name)
    (folder / "inside").mkdir()
    (tmp_path / "elsewhere.txt").write_text("not the lab's")
    (folder / "a-link").symlink_to(tmp_path / "elsewhere.txt")
    opened: list[str] = []
    real_open = swap.os.open
    monkeypatch.setattr(
        swap.os, "open",
        lambda path, flags: opened.append(Path(path).name) or real_open(path, flags))
    flushed: list[Path] = []
    monkeypatch.setattr(swap, "_fsync_dir", flushed.append)
    swap.sync_tree(folder)
    assert sorted(opened) == ["results.csv", "results.json"] and flushed == [folder]


def test_a_hidden_folder_that_will_not_go_leaves_the_swap_made(tmp_path, monkeypatch):
    """Removing the old set is the last step: one that fails (a file held open on
    Windows, say) is left for the next run, never raised."""
    def stuck(path, ignore_errors=False):
        if not ignore_errors:
            raise PermissionError(13, "held open", str(path))

    target = tmp_path / "lab"
    target.mkdir()
    new = swap.beside(target, "new")
    new.mkdir()
    (new / "results.csv").write_text("new")
    monkeypatch.setattr(swap.shutil, "rmtree", stuck)
    swap.replace_folder(new, target)
    assert (target / "results.csv").read_text() == "new"
