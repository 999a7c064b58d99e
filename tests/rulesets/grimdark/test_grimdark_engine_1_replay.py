"""Grimdark matches saved before issue 23 changed the rules of matches of many and the
computer's choices: each replays exactly as it did (the same events, the same log,
word for word), and the verifiable one and its posted report still verify."""

from __future__ import annotations

import pytest
from support.places import TESTS

from companion.cli import main
from companion.rulesets.registry import get_ruleset
from companion.session.session import load_session

SAVED = TESTS / "sessions" / "grimdark-engine-1"
MATCHES = sorted(p.stem for p in SAVED.glob("*.json"))


def test_the_saved_matches_are_all_there():
    assert len(MATCHES) == 7


@pytest.mark.parametrize("name", MATCHES)
def test_a_match_saved_before_the_change_replays_as_it_did(name, capsys):
    path = SAVED / f"{name}.json"
    session = load_session(path, get_ruleset)
    assert session.state.over
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out == (SAVED / f"{name}.replay.txt").read_text()


def test_the_verifiable_match_and_its_posted_report_still_verify(capsys):
    assert main(["verify", str(SAVED / "verifiable.json")]) == 0
    assert main(["verify", str(SAVED / "verifiable-report.md")]) == 0
    out = capsys.readouterr().out
    assert out.count("verified:") == 2
