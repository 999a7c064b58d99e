"""The journal of a lab run in progress (`.lab-run` in the --out folder): its settings
in words and as a fingerprint of what the results depend on; a line a chunk played;
and, read back on resuming, only the whole, sound lines of this run that lie inside
the lab, add up and overlap no line before them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.places import ROOT

from companion.errors import UserError
from companion.lab import journal
from companion.lab.journal import CHUNKS, FORMAT, SETTINGS, fingerprint, open_journal, words
from companion.lab.lab import Lab
from companion.lab.out import OutFolder, claim
from companion.lab.results import Cell
from companion.rulesets.grimdark.lapses import Lapses
from companion.rulesets.labs import Entrant
from companion.tables.loader import load_tables

TABLES = load_tables(include_user=False)
SAMNITE = Entrant("samnite", "Samnite", {"type": "samnite"})
VELITE = Entrant("velite", "Velite", {"type": "velite"})


def lab(**changed) -> Lab:
    """Two gladiators, four bouts a pairing, seed 3."""
    return Lab(**{"system_id": "skirmish", "entrants": [SAMNITE, VELITE], "bouts": 4,
                  "seed": 3, "tables": [TABLES], "tables_words": ["built-in"], **changed})


# --- the settings -------------------------------------------------------------------------
def test_the_settings_in_words_name_what_the_run_plays():
    assert words(lab(bouts=1200)) == "skirmish, 2 gladiators, 1,200 bouts a pairing, seed 3"
    assert words(lab(tables=[TABLES, TABLES], tables_words=["built-in", "my-house"])) == \
        "skirmish, 2 gladiators, 4 bouts a pairing, seed 3, house rules my-house"
    assert words(lab(choosers=("odds", "odds"))) == \
        "skirmish, 2 gladiators, 4 bouts a pairing, seed 3"  # its rows are its columns
    assert words(lab(columns=[SAMNITE, VELITE])) == \
        "skirmish, 2 gladiators, 4 bouts a pairing, seed 3"
    assert words(lab(columns=[SAMNITE], choosers=("odds", "weights"))) == \
        "skirmish, 2 gladiators, odds against weights, 4 bouts a pairing, seed 3"


def test_the_fingerprint_changes_with_what_the_results_depend_on_and_only_that():
    plain = fingerprint(lab())
    assert len(plain) == 64 and plain == fingerprint(lab())
    assert fingerprint(lab(tables_words=["somewhere else"])) == plain
    assert fingerprint(lab(entrants=[Entrant("samnite", "Renamed", SAMNITE.spec), VELITE])) \
        == plain
    others = [lab(seed=4), lab(bouts=5), lab(entrants=[SAMNITE]),
              lab(entrants=[SAMNITE, Entrant("velite", "Velite", {"type": "samnite"})]),
              lab(columns=[SAMNITE, VELITE]), lab(columns=[SAMNITE]),
              lab(choosers=("odds", "odds")), lab(tables=[TABLES, TABLES])]
    prints = {fingerprint(other) for other in others}
    assert plain not in prints and len(prints) == len(others)
    # The order a spec's fields come in is no setting.
    mixed = Entrant("velite", "Velite", {"type": "velite", "kit": {"a": 1, "b": 2}})
    again = Entrant("velite", "Velite", {"kit": {"b": 2, "a": 1}, "type": "velite"})
    assert fingerprint(lab(entrants=[mixed])) == fingerprint(lab(entrants=[again]))


def test_the_fingerprint_reads_the_tables_contents_not_their_folder(tmp_path):
    from companion.lab.setup import house_tables

    root = ROOT
    kit = json.loads((root / "tables" / "skirmish-kit.json").read_text())
    same, heavier = tmp_path / "same", tmp_path / "heavier"
    for folder in (same, heavier):
        folder.mkdir()
        (folder / "skirmish-kit.json").write_text(json.dumps(kit))
    for entry in kit["entries"]:
        if entry["key"] == "heavy-armour":
            entry["save"] = 6
    (heavier / "skirmish-kit.json").write_text(json.dumps(kit))
    as_built = lab(tables=[TABLES, house_tables("skirmish", TABLES, same)],
                   tables_words=["built-in", str(same)])
    changed = lab(tables=[TABLES, house_tables("skirmish", TABLES, heavier)],
                  tables_words=["built-in", str(same)])
    assert fingerprint(as_built) == fingerprint(lab(tables=[TABLES, TABLES]))
    assert fingerprint(changed) != fingerprint(as_built)


def _out(tmp_path: Path) -> OutFolder:
    tmp_path.mkdir(parents=True, exist_ok=True)
    return claim(tmp_path / "out")


def test_a_new_run_keeps_its_settings_and_has_played_nothing(tmp_path):
    out = _out(tmp_path)
    (out.run / "leftover").write_text("from a run killed before its settings\n")
    found, note = open_journal(out, lab())
    assert note is None and found.played == [] and found.bouts_played == 0
    assert sorted(p.name for p in out.run.iterdir()) == [SETTINGS]
    assert (out.run / SETTINGS).read_text() == json.dumps(
        {"format": FORMAT, "fingerprint": fingerprint(lab()), "words": words(lab())},
        indent=1) + "\n"


def _played(tmp_path: Path, the_lab: Lab, *spans: tuple[int, int, int, int, int]
            ) -> OutFolder:
    """A run of `the_lab` in progress that has played these (tables, row, col, start,
    stop), each bout a win of the row's, each loser dead."""
    out = _out(tmp_path)
    kept, _ = open_journal(out, the_lab)
    for t, r, c, start, stop in spans:
        n = stop - start
        kept.keep(the_lab.chunk(t, r, c, start, stop), Cell(n, n, 0, 0, 3 * n, n))
    kept.close()
    return out


def test_the_same_settings_again_resume_the_run_with_the_bouts_it_played(tmp_path):
    out = _played(tmp_path, lab(), (0, 0, 1, 0, 2), (0, 1, 1, 1, 4))
    found, note = open_journal(out, lab())
    assert note == (f"resuming the run in progress in {out.given}: 5 of 16 bouts played "
                    "already (--fresh starts again)")
    assert found.bouts_played == 5
    assert [(c.row, c.col, c.start, c.stop, cell.wins, cell.turns, cell.loser_died)
            for c, cell in found.played] == [(0, 1, 0, 2, 2, 6, 2), (1, 1, 1, 4, 3, 9, 3)]
    assert found.played[0][0] == lab().chunk(0, 0, 1, 0, 2)


def test_other_settings_are_refused_unless_fresh_drops_the_run(tmp_path):
    out = _played(tmp_path, lab(), (0, 0, 1, 0, 2))
    with pytest.raises(UserError, match=r"it holds a run in progress with other settings "
                       r"\(skirmish, 2 gladiators, 4 bouts a pairing, seed 3\); give its "
                       "command again"):
        open_journal(out, lab(seed=9))
    found, note = open_journal(out, lab(seed=9), fresh=True)
    assert note == f"dropped the run in progress in {out.given}"
    assert found.played == [] and sorted(p.name for p in out.run.iterdir()) == [SETTINGS]
    assert json.loads((out.run / SETTINGS).read_text())["fingerprint"] == \
        fingerprint(lab(seed=9))


def test_fresh_drops_a_run_with_the_same_settings_too(tmp_path):
    out = _played(tmp_path, lab(), (0, 0, 1, 0, 2))
    found, note = open_journal(out, lab(), fresh=True)
    assert note == f"dropped the run in progress in {out.given}"
    assert found.played == [] and not (out.run / CHUNKS).exists()


@pytest.mark.parametrize("settings", ['{"format": "something-else", "fingerprint": "x"}',
                                      '["companion-lab-run"]', '{"format": "companion-lab'])
def test_settings_that_cannot_be_trusted_are_a_run_with_nothing_kept(settings, tmp_path):
    out = _played(tmp_path, lab(), (0, 0, 1, 0, 2))
    (out.run / SETTINGS).write_text(settings)
    found, note = open_journal(out, lab(seed=9))  # no refusal: nothing to resume
    assert note is None and found.played == []
    assert not (out.run / CHUNKS).exists()


# --- the chunks ---------------------------------------------------------------------------
def test_each_chunk_played_is_a_line_appended_to_the_journal(tmp_path):
    out = _out(tmp_path)
    kept, _ = open_journal(out, lab())
    kept.keep(lab().chunk(0, 0, 1, 0, 3), Cell(3, 1, 1, 1, 20, 1, Lapses(1, 2, 3, 4, 5, 6, 7),
                                               Lapses(7, 6, 5, 4, 3, 2, 1)))
    kept.close()
    kept.close()  # twice does no harm
    kept.keep(lab().chunk(0, 1, 0, 0, 1), Cell(1, 0, 0, 1, 9, 0))
    kept.close()
    key = fingerprint(lab())
    assert (out.run / CHUNKS).read_text() == (
        f'{{"run":"{key}","tables":0,"row":0,"col":1,"start":0,"stop":3,'
        '"sums":[3,1,1,1,20,1],"lapses":[[1,2,3,4,5,6,7],[7,6,5,4,3,2,1]]}\n'
        f'{{"run":"{key}","tables":0,"row":1,"col":0,"start":0,"stop":1,'
        '"sums":[1,0,0,1,9,0],"lapses":[[],[]]}\n')
    found, _ = open_journal(out, lab())
    assert found.played[0][1] == Cell(3, 1, 1, 1, 20, 1, Lapses(1, 2, 3, 4, 5, 6, 7),
                                      Lapses(7, 6, 5, 4, 3, 2, 1))


def _line(key: str, t: int = 0, r: int = 0, c: int = 0, start: int = 0, stop: int = 1,
          sums: list | None = None, lapses: list | None = None) -> str:
    n = stop - start if isinstance(stop, int) and isinstance(start, int) else 1
    return json.dumps({"run": key, "tables": t, "row": r, "col": c, "start": start,
                       "stop": stop, "sums": [n, n, 0, 0, n, 0] if sums is None else sums,
                       "lapses": [[0] * 7, [0] * 7] if lapses is None else lapses})


def _read_back(tmp_path: Path, the_lab: Lab, lines: list[str], end: str = "\n"
               ) -> list[tuple[int, int, int, int, int]]:
    out = _out(tmp_path)
    open_journal(out, the_lab)[0].close()
    (out.run / CHUNKS).write_text("\n".join(lines) + end)
    found, _ = open_journal(out, the_lab)
    return [(c.tables, c.row, c.col, c.start, c.stop) for c, _ in found.played]


def test_only_sound_lines_of_this_run_inside_the_lab_are_read_back(tmp_path):
    the_lab = lab()
    key = fingerprint(the_lab)
    good = [_line(key, 0, 0, 0, 0, 1), _line(key, 0, 1, 1, 3, 4),  # the last bout
            _line(key, 0, 0, 1, 0, 4, sums=[4, 1, 2, 1, 10, 3]),  # every decided loser dead
            _line(key, 0, 1, 0, 0, 2, sums=[2, 0, 0, 2, 8, 0])]  # two draws
    bad = [
        _line("another run"), "[1, 2]", '{"run": "' + key + '", "tables": 0}',
        _line(key, t=1), _line(key, r=2), _line(key, c=2),  # outside the lab
        _line(key, start=3, stop=5), _line(key, start=2, stop=2),
        _line(key, start=-1, stop=0), _line(key, start=True, stop=1),
        _line(key, stop=1.0), _line(key, start=2, stop=3, sums=[1, 1, 0, 0, "2", 0]),
        _line(key, sums=[1, 1, 0, 0, 1]), _line(key, sums=[1, 1, 0, 0, 1, 0, 0]),
        _line(key, sums=[2, 2, 0, 0, 1, 0]),  # two bouts in a chunk of one
        _line(key, sums=[1, 1, 1, 0, 1, 0]),  # more results than bouts
        _line(key, sums=[1, 0, 0, 1, 1, 1]),  # a death in a draw
        _line(key, sums=[1, 1, 0, 0, 1, 0], lapses=[[0] * 7]),
        _line(key, sums=[1, 1, 0, 0, 1, 0], lapses=[[0] * 7, [0] * 7, [0] * 7]),
        _line(key, sums=[1, 1, 0, 0, 1, 0], lapses=[[0] * 6, [0] * 7]),
        _line(key, sums=[1, 1, 0, 0, 1, 0], lapses=[[0] * 7, [0] * 8]),
        _line(key, sums=[1, 1, 0, 0, 1, 0], lapses=[[-1] + [0] * 6, [0] * 7]),
        _line(key, sums=[1, 1, 0, 0, 1, 0], lapses=[[0] * 7, [0] * 6 + [-1]]),
        _line(key, sums=[1, 1, 0, 0, 1, 0], lapses=[[0] * 6 + ["1"], [0] * 7]),
        _line(key, sums=[-1, 0, 0, 0, 1, 0]), '{"run": "' + key + '", "tabl']
    # The first bout of the first pairing last: a bad line for it let through would
    # push the good one out.
    lines = [*bad[:12], good[1], *bad[12:], good[2], good[3], good[0]]
    assert _read_back(tmp_path, the_lab, lines) == [(0, 1, 1, 3, 4), (0, 0, 1, 0, 4),
                                                    (0, 1, 0, 0, 2), (0, 0, 0, 0, 1)]
    # The file is written again with the good lines alone, each whole.
    assert (tmp_path / "out" / ".lab-run" / CHUNKS).read_text() == \
        "".join(line + "\n" for line in (good[1], good[2], good[3], good[0]))


def test_a_line_overlapping_one_before_it_is_dropped_and_neighbours_are_kept(tmp_path):
    the_lab = lab(bouts=10)
    key = fingerprint(the_lab)
    spans = [(4, 6), (0, 2), (2, 4), (6, 8), (8, 10),  # each touching the next: all kept
             (1, 3), (5, 7), (3, 5), (0, 10), (9, 10), (0, 1)]  # overlapping: dropped
    lines = [_line(key, start=a, stop=b) for a, b in spans]
    assert [(s, e) for *_, s, e in _read_back(tmp_path, the_lab, lines)] == spans[:5]
    # Other pairings and table sets are spans of their own.
    with_house = lab(bouts=10, tables=[TABLES, TABLES], tables_words=["built-in", "house"])
    key = fingerprint(with_house)
    lines = [_line(key, start=0, stop=4), _line(key, c=1, start=0, stop=4),
             _line(key, r=1, start=0, stop=4), _line(key, t=1, start=0, stop=4),
             _line(key, start=2, stop=3)]
    assert len(_read_back(tmp_path / "again", with_house, lines)) == 4


def test_a_journal_of_whole_good_lines_is_not_written_again(tmp_path, monkeypatch):
    the_lab = lab()
    key = fingerprint(the_lab)
    rewrites: list[Path] = []
    real = journal.atomic_write
    monkeypatch.setattr(journal, "atomic_write",
                        lambda path, text: rewrites.append(path) or real(path, text))
    good = [_line(key, start=0, stop=1), _line(key, start=1, stop=2)]
    assert len(_read_back(tmp_path / "a", the_lab, good)) == 2
    assert [p.name for p in rewrites] == [SETTINGS]
    rewrites.clear()
    # A line a kill cut short at the end: the file is written again without it.
    assert len(_read_back(tmp_path / "b", the_lab, good, end='\n{"run": "x", "ro')) == 2
    assert [p.name for p in rewrites] == [SETTINGS, CHUNKS]
    assert (tmp_path / "b" / "out" / ".lab-run" / CHUNKS).read_text() == \
        good[0] + "\n" + good[1] + "\n"
    rewrites.clear()
    assert _read_back(tmp_path / "c", the_lab, [], end="") == []
    assert [p.name for p in rewrites] == [SETTINGS]
