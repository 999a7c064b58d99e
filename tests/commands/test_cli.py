"""The command line: version, help everywhere, and clean failures."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys

import pytest

from companion import __version__
from companion.cli import build_parser, main


def _subcommand_paths(parser: argparse.ArgumentParser, prefix=()):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*prefix, name)
                yield from _subcommand_paths(sub, (*prefix, name))


def test_version_names_the_release(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_help_lists_the_commands(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for name in ("roll", "odds", "table", "check"):
        assert name in out


@pytest.mark.parametrize("path", list(_subcommand_paths(build_parser())), ids=" ".join)
def test_every_subcommand_has_help(path, capsys):
    with pytest.raises(SystemExit) as done:
        main([*path, "--help"])
    assert done.value.code == 0
    assert "usage:" in capsys.readouterr().out


def test_a_message_is_one_printable_line_whatever_it_quotes(tmp_path, capsys):
    odd = tmp_path / "two\nlines\udc00.json"
    assert main(["replay", str(odd)]) == 1
    err = capsys.readouterr().err
    # The name's line break and the half of a character pair shown as U+FFFD.
    assert err.count("\n") == 1 and "two\ufffdlines\ufffd.json: the name holds characters " \
        "no file name can hold" in err


def test_a_session_file_the_system_will_not_let_us_write_is_one_line(tmp_path, capsys):
    out = tmp_path / "bout.json"
    assert main(["new", "skirmish", "--gladiators", "samnite,velite", "--out", str(out)]) == 0
    capsys.readouterr()
    out.unlink()
    out.mkdir()  # a folder where the file was: the save cannot replace it
    (tmp_path / "bout.json.bak").unlink(missing_ok=True)
    assert main(["new", "skirmish", "--gladiators", "samnite,velite", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bout.json" in err and "Traceback" not in err


def test_version_answers_before_building_the_parser():
    # In a fresh process: this one has imported everything already. The second of two:
    # the first validated the built-in tables for their version (with the dice
    # notation), as any first start does, and the loader's record keeps what it found.
    code = ("import sys\nfrom companion.cli import main\ntry:\n    main(['--version'])\n"
            "except SystemExit as done:\n    assert done.code == 0\n"
            "print(sorted(m for m in ('argparse', 'companion.commands', 'companion.dice.sources',"
            " 'companion.dice.notation', 'companion.dice.odds') if m in sys.modules))")
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True)
    release, tables, imported = done.stdout.splitlines()
    assert (release, imported) == (f"companion {__version__}", "[]")
    assert re.fullmatch(r"built-in tables [0-9a-f]{12} \(\d+ tables\)", tables), tables


@pytest.mark.parametrize("verb", ["battle", "grimdark", "lab"])
def test_a_games_verb_without_its_action_says_one_is_needed(verb, capsys):
    with pytest.raises(SystemExit) as exited:
        main([verb])
    assert exited.value.code == 2
    assert "the following arguments are required" in capsys.readouterr().err


@pytest.mark.parametrize("missing", ["--class", "--attack-dice", "--defence-dice"])
def test_battle_odds_without_one_of_its_figures_says_which(missing, capsys):
    given = {"--class": "A", "--attack-dice": "3", "--defence-dice": "2"}
    argv = ["battle", "odds"] + [x for k, v in given.items() if k != missing for x in (k, v)]
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2 and missing in capsys.readouterr().err
