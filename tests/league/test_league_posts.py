"""A round's post in every format: the pairings and the deadline, the results with a
link to each match's report and a verifiable match's commitment, the standings; and a
manager's coaching never in it before its match is over."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tests.league.test_league_cli import NAMES, grimdark_eight, matches, run

FORMATS = ("markdown", "bbcode", "discord", "html")
SECRET = "Feint left twice then go for the knees XYZZY"


def coach(path: Path, side: int) -> None:
    """Make the match at `path` again with a manager's coaching for its `side`-th
    gladiator, as a GM does with the coaching a manager sends him privately."""
    from companion.dice.sources import SeededDice
    from companion.rulesets.registry import get_ruleset
    from companion.session.session import Session, load_session

    old = load_session(path, get_ruleset)
    setup = copy.deepcopy(dict(old.setup))
    coaching = {"format": "companion-grimdark-coaching", "version": 1,
                "gladiator": setup["gladiators"][side]["sheet"]["name"],
                "posture": "aggressive", "notes": SECRET}
    setup["gladiators"][side]["coaching"] = coaching
    rules = old.ruleset
    new = Session(rules, rules.new_setup(setup), seed=old.seed)
    new.act(dict(rules.opening), SeededDice(None))
    new.save(path)


def test_coaching_never_appears_in_a_post_before_its_match_is_over(tmp_path, capsys):
    grimdark_eight(tmp_path, capsys)
    run(capsys, "league", "new", "Winter", "--game", "grimdark", "--format", "swiss")
    run(capsys, "league", "add", "Winter", *NAMES)
    made = json.loads(run(capsys, "league", "round", "Winter", "--deadline", "Friday",
                           "--json"))
    for m in made["matches"]:
        coach(Path(m["file"]), 0)
        assert SECRET in Path(m["file"]).read_text(encoding="utf-8")
    for fmt in FORMATS:
        post = run(capsys, "league", "post", "Winter", "--format", fmt)
        assert SECRET not in post and "XYZZY" not in post and "Friday" in post
    shown = run(capsys, "league", "show", "Winter", "--json")
    assert "XYZZY" not in shown
    run(capsys, "league", "play", "Winter", "--seed", "3")
    for fmt in FORMATS:  # over: the post gives results, never the coaching either
        post = run(capsys, "league", "post", "Winter", "--format", fmt)
        assert "XYZZY" not in post and "Results" in post


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_verifiable_rounds_post_gives_each_commitment_and_report_link(
        tmp_path, capsys, fmt):
    grimdark_eight(tmp_path, capsys)
    run(capsys, "league", "new", "Open", "--game", "grimdark", "--format", "swiss")
    run(capsys, "league", "add", "Open", *NAMES[:4])
    run(capsys, "league", "round", "Open", "--verifiable", "--deadline", "Monday")
    lines = [m["commitment"] for m in matches(capsys, "Open")]
    assert all(line.startswith("companion commitment v") for line in lines)
    before = run(capsys, "league", "post", "Open", "--format", fmt)
    assert all(line.split()[3] in before for line in lines)  # the digest, to post first
    run(capsys, "league", "play", "Open", "--seed", "1")
    after = run(capsys, "league", "post", "Open", "--format", fmt, "--link-base",
                "https://example.org/open")
    assert all(line.split()[3] in after for line in lines)
    reports = [Path(m["file"]).with_suffix(".md").name for m in matches(capsys, "Open")]
    assert all(f"https://example.org/open/{r}" in after for r in reports)


def test_a_match_played_at_the_table_gets_its_report_for_the_post(tmp_path, capsys):
    grimdark_eight(tmp_path, capsys)
    run(capsys, "league", "new", "Table", "--game", "grimdark", "--format", "swiss")
    run(capsys, "league", "add", "Table", *NAMES[:2])
    made = json.loads(run(capsys, "league", "round", "Table", "--json"))
    first = made["matches"][0]["file"]
    run(capsys, "auto", first, "--seed", "2")
    run(capsys, "career", "apply", first)
    post = run(capsys, "league", "post", "Table", "--format", "markdown")
    report = Path(first).with_suffix(".md")
    assert report.is_file() and f"([report]({report.name}))" in post
