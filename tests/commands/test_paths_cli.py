"""Every command that takes a file, given every path a player can type: empty, `.`, `/`,
a folder, a name or a path too long for the file system, a name that is not UTF-8, a
NUL, a link loop, a path through a file. One line on stderr saying what is wrong and
where, in words (no exception's name, no errno, no escapes), a non-zero exit, and
nothing written. And a file given that is read but refused is named by its file."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.hostile_paths import hostile_folder
from support.places import TESTS

from companion import paths
from companion.cli import main

SAMPLES = paths.assets_dir() / "samples"
GRIMDARK = SAMPLES / "grimdark"
LONG_NAME = "a" * 300 + ".json"

# What no message may show: an exception's name, an errno, a path's repr or escapes.
_LEAKS = re.compile(r"Error\b|Errno|errno|PosixPath|WindowsPath|\\u[0-9a-f]{4}|\\x[0-9a-f]{2}"
                    r"|Traceback|\[Errno")




def hostile(folder: Path) -> dict[str, tuple[str, str]]:
    """Paths a player may give, each with words its message must hold."""
    hostile_folder(folder)
    not_utf8 = os.fsdecode(os.fsencode(folder) + b"/caf\xe9.json")
    return {
        "empty": ("", "folder"),
        "dot": (".", "folder"),
        "root": ("/", "folder"),
        "a folder": (str(folder / "folder"), "folder"),
        "a folder/": (str(folder / "folder") + "/", "folder"),
        "a long name": (str(folder / LONG_NAME), "too long"),
        "a long path": (str(folder.joinpath(*["b" * 200] * 25, "x.json")), "too long"),
        "not UTF-8": (not_utf8, "caf\ufffd.json"),
        "a NUL": (str(folder / "a\x00b.json"), ""),
        "a link loop": (str(folder / "loop1"), "loop"),
        "through a file": (str(folder / "plain.txt" / "x.json"), ""),
    }


CASES = ["empty", "dot", "root", "a folder", "a folder/", "a long name", "a long path",
         "not UTF-8", "a NUL", "a link loop", "through a file"]

# Each command that reads a file, "{}" where the path goes; good files as "{name}".
READERS = {
    "replay": ["replay", "{}"], "show": ["show", "{}"], "act": ["act", "{}", "roll_ap"],
    "undo": ["undo", "{}"], "redo": ["redo", "{}"], "auto": ["auto", "{}"],
    "export": ["export", "{}", "--format", "markdown"], "commit": ["commit", "{}"],
    "verify": ["verify", "{}"], "check": ["check", "{}"],
    "battle show": ["battle", "show", "{}"], "battle sheets": ["battle", "sheets", "{}"],
    "grimdark odds": ["grimdark", "odds", "{}"], "grimdark record": ["grimdark", "record", "{}"],
    "grimdark import": ["grimdark", "import", "{}"], "grimdark sheet": ["grimdark", "sheet", "{}"],
    "grimdark check": ["grimdark", "check", "{}"],
    "grimdark coaching": ["grimdark", "coaching", "{}"],
    "stable add": ["stable", "add", "{}"],
    "new --scenario": ["new", "skirmish", "--scenario", "{}"],
    "new --setup": ["new", "skirmish", "--setup", "{}"],
    "new battle": ["new", "battle", "{}", "{sheet}"],
    "new grimdark": ["new", "grimdark", "--gladiators", "{},{gladiator}"],
    "new --coaching": ["new", "grimdark", "--gladiators", "{gladiator},{gladiator2}",
                       "--coaching", "{},-"],
}
REPORTS = {"check", "grimdark check", "grimdark coaching"}
WRITERS = {
    "new --out": ["new", "skirmish", "--gladiators", "samnite,velite", "--out", "{}"],
    "new battle --out": ["new", "battle", "{sheet}", "{sheet}", "--out", "{}"],
    "export --out": ["export", "{session}", "--format", "markdown", "--out", "{}"],
    "grimdark import --out": ["grimdark", "import", "{forum}", "--out", "{}"],
}


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of its own to work in (`.` and the empty path are it), with the good
    files the commands need beside the bad path."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    good = tmp_path / "good"
    good.mkdir()
    shutil.copy(SAMPLES / "spear-rookie.json", good / "sheet.json")
    shutil.copy(GRIMDARK / "lord-smash.json", good / "gladiator.json")
    shutil.copy(GRIMDARK / "sewer-beast.json", good / "gladiator2.json")
    (good / "forum.txt").write_text(
        (TESTS / "grimdark_forum" / "lord-smash-seed.txt").read_text(
            encoding="utf-8"), encoding="utf-8")
    assert main(["new", "skirmish", "--gladiators", "samnite,velite", "--out",
                 str(good / "session.json")]) == 0
    return work


def words_for(args: list[str], case: str, words: str) -> str:
    """What the message must say: in a list of files, an empty one is no file at all."""
    return "" if case == "empty" and any("{}," in a or ",{}" in a for a in args) else words


def command(args: list[str], path: str, good: Path) -> list[str]:
    names = {p.stem: str(p) for p in good.iterdir()}
    return [a.replace("{}", path).format(**names) if "{}" in a else a.format(**names)
            for a in args]


def files_under(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*"))


def said_in_words(err: str, words: str) -> str:
    """The one line of a refusal, checked: in words, no longer than a line can be."""
    lines = [line for line in err.splitlines() if not line.startswith("companion: note:")]
    assert len(lines) == 1 and err.endswith("\n"), err
    line = lines[0]
    assert line.startswith("companion: "), line
    assert not _LEAKS.search(line), line
    assert len(line) < 400, line
    assert words in line, line
    return line


def refused(args: list[str], case: str, here: Path, capsys) -> tuple[str, str, str]:
    """The command given the bad path `case` fails, and writes nothing: what it says
    on stdout and stderr, and the words its message must hold."""
    path, words = hostile(here.parent)[case]
    before = files_under(here.parent)
    capsys.readouterr()
    code = main(command(args, path, here.parent / "good"))
    out, err = capsys.readouterr()
    assert code != 0
    assert files_under(here.parent) == before
    return out, err, words


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("name", list(READERS))
def test_a_command_given_a_path_it_cannot_read_says_why_on_one_line(name, case, here, capsys):
    out, err, words = refused(READERS[name], case, here, capsys)
    if name in REPORTS:  # a report on stdout, one line a file, or a refusal
        said = out.removeprefix("companion: ") + err.removeprefix("companion: ")
        out, err = "", f"companion: {said}"
    assert not out
    said_in_words(err, words_for(READERS[name], case, words))


@pytest.mark.parametrize("case", [c for c in CASES if c != "not UTF-8"])
@pytest.mark.parametrize("name", list(WRITERS))
def test_a_command_told_to_write_where_it_cannot_says_why_on_one_line(name, case, here,
                                                                      capsys):
    _out, err, words = refused(WRITERS[name], case, here, capsys)
    said_in_words(err, "folder" if words == "folder" else "")


def test_a_folder_is_named_as_what_it_is_not(here, capsys):
    assert main(["replay", "/"]) == 1
    assert capsys.readouterr().err == "companion: '/' is a folder, not a session\n"
    assert main(["new", "skirmish", "--scenario", "."]) != 0
    assert capsys.readouterr().err == "companion: '.' is a folder, not a scenario\n"


def test_a_name_too_long_is_said_so_and_shown_cut_short(here, capsys):
    assert main(["show", LONG_NAME]) == 1
    err = capsys.readouterr().err
    assert err.endswith(": the name is too long for this file system\n")
    assert "a" * 40 + "..." in err and len(err) < 200


def test_a_name_that_is_not_utf8_is_written_and_named(here, capsys):
    # A real process, its stdout as strict as a UTF-8 desktop's: "wrote NAME" must
    # not fail once the file is written.
    name = os.fsdecode(b"caf\xe9.json")
    done = subprocess.run(
        [sys.executable, "-m", "companion", "new", "skirmish", "--gladiators",
         "samnite,velite", "--out", os.fsencode(name)],
        capture_output=True, env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
        cwd=here, timeout=120, check=False)
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    assert done.stdout.endswith(b"wrote caf\xe9.json\n")
    assert (here / name).is_file()
    (here / name).write_text("{")
    assert main(["show", name]) == 1
    assert capsys.readouterr().err.startswith("companion: caf\ufffd.json: line 1, column 2: ")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="the superuser reads whatever the permissions say")
def test_a_file_without_permission_is_said_so(here, capsys):
    locked = here / "locked.json"
    locked.write_text("{}")
    locked.chmod(0)
    assert main(["replay", str(locked)]) == 1
    said_in_words(capsys.readouterr().err, "permission denied")


# --- a file given, read, and refused: named by its file ----------------------------------
def _coaching(**change: object) -> Path:
    coaching = json.loads((GRIMDARK / "coaching" / "lord-smash.json").read_text())
    path = Path("coaching.json")
    path.write_text(json.dumps({**coaching, **change}))
    return path


@pytest.mark.parametrize(("change", "words"), [
    ({"rules": [{"when": "always", "target": "weakest"}] * 51}, "rules: at most 50 items"),
    ({"opening": ["Nonexistent Move"]}, "opening[0]: 'Nonexistent Move' is not a move"),
    ({"gladiator": "Somebody Else"}, "this coaching is for Somebody Else, not Lord Smash"),
])
def test_a_coaching_file_refused_at_the_start_of_a_match_is_named(change, words, here,
                                                                   capsys):
    path = _coaching(**change)
    code = main(["new", "grimdark", "--gladiators", f"{GRIMDARK / 'lord-smash.json'},"
                 f"{GRIMDARK / 'sewer-beast.json'}", "--coaching", f"{path},-"])
    assert code != 0
    assert capsys.readouterr().err.startswith(f"companion: {path}: {words}")
    assert not list(here.glob("*-vs-*.json"))


def test_a_gladiator_who_breaks_the_build_rules_is_named_by_his_file(here, capsys):
    sheet = json.loads((GRIMDARK / "lord-smash.json").read_text())
    Path("smash.json").write_text(json.dumps({**sheet, "brutality": 9, "style": 9}))
    code = main(["new", "grimdark", "--gladiators", f"smash.json,{GRIMDARK / 'sewer-beast.json'}"])
    assert code != 0
    err = capsys.readouterr().err
    assert err.startswith("companion: smash.json (Lord Smash) breaks the build rules: "), err


def test_a_scenario_refused_at_the_start_of_a_bout_is_named(here, capsys):
    Path("scenario.json").write_text(json.dumps(
        {"gladiators": [{"type": "samnite"}, {"type": "nonesuch"}]}))
    assert main(["new", "skirmish", "--scenario", "scenario.json"]) != 0
    err = capsys.readouterr().err
    assert err.startswith("companion: scenario.json: "), err
    assert "gladiators[1].type: no gladiator type 'nonesuch'" in err


def test_a_setup_file_refused_at_the_start_is_named(here, capsys):
    Path("setup.json").write_text(json.dumps({"gladiators": [{"sheet": {"name": "x"}},
                                                             {"sheet": {}}]}))
    assert main(["new", "grimdark", "--setup", "setup.json"]) != 0
    assert capsys.readouterr().err.startswith(
        "companion: setup.json: gladiators[0].sheet: brutality: missing")
    Path("setup.json").write_text(json.dumps({"gladiators": [{"type": "samnite"}]}))
    assert main(["new", "skirmish", "--setup", "setup.json"]) != 0
    assert capsys.readouterr().err.startswith("companion: setup.json: ")
