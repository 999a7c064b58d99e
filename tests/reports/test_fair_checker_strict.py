"""companion-check.html on a strict match: it checks the line that ends with
"strict", says the match is strict, and refuses a line that adds the word to the
commitment of a match that is not. A line that does not match names what differs."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_fair_checker import NODE, _node

from companion.cli import main

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed: the page's "
                                "script is not run")


def _finished(tmp_path: Path, capsys: pytest.CaptureFixture[str], *flags: str
              ) -> tuple[str, str]:
    match = tmp_path / "m.json"
    assert main(["new", "grimdark", "--gladiators", "Lord Smash,Sewer Beast", *flags,
                 "--out", str(match)]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    main(["salts", str(match), "--close"])
    main(["auto", str(match)])
    report = tmp_path / "m.bbcode"
    main(["export", str(match), "--format", "bbcode", "--out", str(report)])
    capsys.readouterr()
    return line, report.read_text("utf-8")


def test_the_page_checks_a_strict_match(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    line, text = _finished(tmp_path, capsys, "--strict")
    assert line.endswith(" strict")
    said = _node(tmp_path, {"line": line, "report": text})
    assert isinstance(said, dict) and said["ok"], said
    texts = [x["text"] for x in said["lines"]]
    assert texts[0].startswith("the commitment (v2) matches") and ", strict and" in texts[0]
    assert any(t.startswith("strict: committed to with every move the coaching's") for t in texts)


def test_the_page_refuses_strict_said_of_a_match_that_is_not(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line, text = _finished(tmp_path, capsys, "--salted")
    said = _node(tmp_path, {"line": line + " strict", "report": text})
    assert isinstance(said, dict) and not said["ok"]
    assert "the commitment: strict: the line says strict, but the match committed to is " \
        "not" in [x["text"] for x in said["lines"]]


def test_the_page_names_what_differs_from_the_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line, text = _finished(tmp_path, capsys, "--salted")
    (tmp_path / "other").mkdir()
    _other_line, other = _finished(tmp_path / "other", capsys, "--salted")
    said = _node(tmp_path, {"line": line, "report": other})
    assert isinstance(said, dict) and not said["ok"]
    texts = [x["text"] for x in said["lines"]]
    assert "the commitment: the seed differs from what was committed to" in texts
    digest = line.split("sha256:")[1][:64]
    tables = line.replace(digest, "0" * 64)
    said = _node(tmp_path, {"line": tables, "report": text})
    assert isinstance(said, dict) and not said["ok"]
    assert said["lines"][0]["text"].startswith(
        "the commitment: the rules tables differ from those committed to")
