"""The command line against hostile files: `replay`, `show`, `auto`, `act`, `undo`,
`battle show` and `duel show` on a bad session, `check` on anything, `table show` and
`table list` with a bad file in the user tables folder. Never a traceback; a refusal
is one line on stderr naming the file, with a non-zero exit; no file is changed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.hostile_files import FUZZ, HOSTILE_FILES, base_files, mutated, write
from support.places import ROOT

from companion import paths
from companion.cli import main
from companion.files.jsonfile import SESSION

SESSION_COMMANDS = {
    "replay": ["replay", "{}"], "show": ["show", "{}"], "show --json": ["show", "{}", "--json"],
    "auto": ["auto", "{}", "--seed", "1"], "act": ["act", "{}", "end_turn"], "undo": ["undo", "{}"],
    "battle show": ["battle", "show", "{}"], "duel show": ["duel", "show", "{}"],
}
BAD_SESSIONS = dict(HOSTILE_FILES)
BAD_SESSIONS["a sheet"] = (base_files()["sheet"], "this is a gladiator sheet, not a session")
BAD_SESSIONS["a table"] = (base_files()["table"], "this is a rules table, not a session")


def run(args: list[str], capsys) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def refused_on_one_stderr_line(code: int, err: str, path: Path) -> None:
    assert code != 0
    # A note (the tables changed since it was saved) is not the refusal.
    err = "".join(line for line in err.splitlines(keepends=True)
                  if not line.startswith("companion: note: "))
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert str(path) in err and "Traceback" not in err


@pytest.mark.parametrize("case", list(BAD_SESSIONS))
@pytest.mark.parametrize("command", list(SESSION_COMMANDS))
def test_a_session_command_on_a_hostile_file_fails_on_one_line(command, case, tmp_path,
                                                               capsys):
    content, words = BAD_SESSIONS[case]
    path = write(tmp_path / "saves", content, "bout.json")
    args = [a.format(path) for a in SESSION_COMMANDS[command]]
    code, _out, err = run(args, capsys)
    refused_on_one_stderr_line(code, err, path)
    assert words in err
    assert path.read_bytes() == content and list(path.parent.iterdir()) == [path]


@pytest.mark.parametrize("command", ["replay", "auto", "duel show"])
def test_an_oversize_session_is_refused_without_being_read(command, tmp_path, capsys):
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(SESSION.limit * 3)
    code, _out, err = run([a.format(path) for a in SESSION_COMMANDS[command]], capsys)
    refused_on_one_stderr_line(code, err, path)
    assert "60 MB is too large (at most 20 MB for a session)" in err


@FUZZ
@given(content=mutated("session"), command=st.sampled_from(["replay", "show", "auto"]))
def test_no_mutation_of_a_session_gives_a_traceback_on_the_command_line(
        content, command, tmp_path_factory):
    path = write(tmp_path_factory.mktemp("fuzz"), content, "bout.json")
    args = [a.format(path) for a in SESSION_COMMANDS[command]]
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(args)
    if code != 0:
        refused_on_one_stderr_line(code, err.getvalue(), path)
    if command != "auto" or code != 0:  # auto saves what it played
        assert path.read_bytes() == content


# --- check --------------------------------------------------------------------------
def check_lines(path: Path, capsys) -> tuple[int, list[str]]:
    code, out, err = run(["check", str(path)], capsys)
    assert err == "" and "Traceback" not in out
    lines = out.splitlines()
    assert lines and all(line.startswith(f"{path}: ") for line in lines), lines
    return code, lines


@pytest.mark.parametrize("case", list(HOSTILE_FILES))
def test_check_on_a_hostile_file_says_why_on_one_line(case, tmp_path, capsys):
    content, words = HOSTILE_FILES[case]
    path = write(tmp_path, content)
    code, lines = check_lines(path, capsys)
    assert code == 1 and len(lines) == 1 and words in lines[0]
    assert path.read_bytes() == content


@pytest.mark.parametrize("name", ["session-v1-battle", "session-v1-skirmish",
                                  "session-v2-skirmish", "session-v2-battle"])
def test_check_on_a_session_replays_it(name, tmp_path, capsys):
    path = write(tmp_path, base_files()[name])
    code, lines = check_lines(path, capsys)
    assert code == 0 and "ok (a session of the" in lines[-1] and "replays" in lines[-1]


def test_check_on_a_session_that_does_not_replay_names_the_entry(tmp_path, capsys):
    data = json.loads(base_files()["session-v2-skirmish"])
    data["journal"][1]["outcome"] = "0" * 64
    path = write(tmp_path, json.dumps(data).encode())
    code, lines = check_lines(path, capsys)
    assert code == 1 and "journal[1]" in lines[0] and "table field" not in lines[0]


def test_check_on_a_scenario_sets_it_up(tmp_path, capsys):
    good = {"gladiators": [{"type": "samnite"}, {"type": "retiarius", "strength": 8}]}
    path = write(tmp_path, json.dumps(good).encode())
    assert check_lines(path, capsys) == (0, [f"{path}: ok (a scenario of the hex skirmish, "
                                             "2 gladiators)"])
    path.write_text(json.dumps({"gladiators": [{"type": "samnite", "strength": 500},
                                               {"type": "retiarius"}]}))
    code, lines = check_lines(path, capsys)
    assert code == 1 and "strength" in lines[0] and "100" in lines[0]


def test_check_names_the_settings_as_what_they_are(tmp_path, capsys):
    path = write(tmp_path, base_files()["settings"])
    assert check_lines(path, capsys) == (1, [f"{path}: this is the settings, not a rules "
                                             "table"])


@FUZZ
@given(content=mutated(""))
def test_no_mutation_of_any_file_gives_check_a_traceback(content, tmp_path_factory, capsys):
    path = write(tmp_path_factory.mktemp("fuzz"), content)
    check_lines(path, capsys)
    assert path.read_bytes() == content


# --- the user tables folder ---------------------------------------------------------
@pytest.mark.parametrize("case", list(HOSTILE_FILES))
def test_table_commands_skip_a_broken_user_table_on_one_line(case, capsys):
    content = HOSTILE_FILES[case][0]
    path = write(paths.user_tables_dir(), content, "omens.json")
    for args in (["table", "list"], ["table", "show", "fate"], ["table", "show", "fate", "3"]):
        code, out, err = run(args, capsys)
        # The listing and the built-in table still work; the broken file is named once.
        assert code == 0 and out
        assert err.count("\n") == 1 and str(path) in err and "skipped" in err, err
    code, _out, err = run(["table", "show", "omens"], capsys)
    refused_on_one_stderr_line(code, err, path)
    assert path.read_bytes() == content


# --- a real process -----------------------------------------------------------------
@pytest.mark.parametrize("args", [["replay"], ["check"], ["duel", "show"]])
def test_no_traceback_from_a_real_process(args, tmp_path):
    path = write(tmp_path, b"[" * 100_000 + b"1" + b"]" * 100_000)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "companion", *args, str(path)], env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode != 0 and "Traceback" not in done.stderr + done.stdout
    said = done.stderr if args != ["check"] else done.stdout
    assert said.count("\n") == 1 and "nested too deep" in said
