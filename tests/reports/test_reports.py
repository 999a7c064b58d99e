"""Fight reports: one known session of each system (a skirmish bout, a battle duel, the
table-side trackers, a Grimdark match) in each text format equals its reviewed file;
Discord messages stay within 2,000 characters and never cut a spoiler; the coaching is
only ever inside a spoiler; a running session ends with what is next; typed-in dice are
marked; `companion export` in each format.

The golden files are reviewed text. After a deliberate change, write them again with

    PYTHONPATH=. .venv/bin/python tests/reports/test_reports.py --write

and read the diff before committing it.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from support.places import TESTS
from support.report_sessions import SESSIONS, grimdark, skirmish

from companion.cli import main
from companion.reports import discord
from companion.reports.build import build_report
from companion.reports.formats import FORMATS
from companion.reports.model import Report, Secret, Turn

GOLDEN = TESTS / "golden" / "reports"
TEXT_FORMATS = {"markdown": "md", "bbcode": "bbcode", "discord": "discord.md"}


def _golden(session: str, fmt: str) -> Path:
    return GOLDEN / f"{session}.{TEXT_FORMATS[fmt]}"


@pytest.fixture(scope="module")
def reports() -> dict[str, Report]:
    return {name: build_report(make()) for name, make in SESSIONS.items()}


@pytest.mark.parametrize("fmt", sorted(TEXT_FORMATS))
@pytest.mark.parametrize("session", sorted(SESSIONS))
def test_each_report_equals_its_reviewed_file(reports, session, fmt):
    assert FORMATS[fmt](reports[session]) == _golden(session, fmt).read_text("utf-8")


def test_a_report_tells_each_turn_with_its_narration_and_labelled_rolls(reports):
    duel = reports["duel"]
    assert duel.title == "Hammer Rookie against Spear Rookie"
    assert duel.turns[0].title == "Before the fight"
    assert duel.turns[1].title == "Turn 1: Spear Rookie"
    first = duel.turns[0].rolls[0]
    assert (first.who, first.purpose) == ("Hammer Rookie", "initiative")
    assert first.text().startswith("initiative: 2d6: ")
    assert duel.over and duel.closing() is None
    assert any("wins" in line for line in duel.outcome)


@pytest.mark.parametrize("system", ["skirmish", "duel"])
def test_the_narration_is_the_apps_log_word_for_word(reports, system):
    session = SESSIONS[system]()
    told = [line for turn in build_report(session).turns for line in turn.lines]
    assert told == session.log


def test_a_grimdark_report_keeps_why_the_coaching_chose_each_move_to_itself(reports):
    import re

    session = SESSIONS["grimdark"]()
    told = [line for turn in build_report(session).turns for line in turn.lines]
    # The app's log is the GM's: it says why ("plays Wild Charge (aggressive, ...)").
    log = [re.sub(r"^(.* plays [^(]+?) \((?!the GM's choice)[^)]*\)", r"\1", line)
           for line in session.log]
    assert any("aggressive" in line for line in session.log)
    assert told == log and not any("aggressive" in line for line in told)


def test_every_die_drawn_is_in_a_roll_of_the_report():
    session = SESSIONS["skirmish"]()
    report = build_report(session)
    shown = sum(len(r.roll.faces) for t in report.turns for r in t.rolls)
    drawn = sum(len(r["faces"]) for entry in session.journal for r in entry.rolls)
    assert shown == drawn > 0


def test_a_running_session_ends_with_what_comes_next():
    report = build_report(skirmish(most=6))
    assert not report.over
    assert report.closing() is not None and report.closing().startswith(
        "To be continued: next, ")
    assert FORMATS["markdown"](report).rstrip().endswith(f"*{report.closing()}*")
    running = build_report(grimdark(most=2))
    assert running.closing() == "To be continued: next, turn 2."


def test_dice_typed_in_at_the_table_are_marked(reports):
    trackers = reports["trackers"]
    typed = [r for t in trackers.turns for r in t.rolls if r.typed]
    assert [r.purpose for r in typed] == ["initiative", "initiative"]
    assert typed[0].text().endswith("(typed at the table)")
    assert not any(r.typed for t in reports["duel"].turns for r in t.rolls)


def test_the_trackers_report_says_who_took_what_and_what_was_spent(reports):
    outcome = reports["trackers"].outcome
    assert outcome[0].startswith("Hammer Rookie: took 4 damage, healed 1, ")
    assert outcome[1].startswith("Spear Rookie: took 7 damage, spent 1 luck die ")


def _secret_lines(report: Report) -> list[str]:
    return [line for s in report.secrets for line in s.lines]


def test_the_coaching_is_kept_apart_and_only_inside_spoilers(reports):
    report = reports["grimdark"]
    assert [s.name for s in report.secrets] == ["Lord Smash", "Sewer Beast"]
    notes = [line for line in _secret_lines(report) if line.startswith("notes: ")]
    assert notes
    bbcode = FORMATS["bbcode"](report)
    outside = re.sub(r"\[spoiler=Coaching\].*?\[/spoiler\]", "", bbcode, flags=re.S)
    chat = "\n".join(discord.messages(report))
    chat_outside = re.sub(r"\|\|.*?\|\|", "", chat, flags=re.S)
    for line in notes:
        shown = line.replace(".", "\\.")
        assert line not in outside and line in bbcode
        assert shown not in chat_outside and line.split(":")[0] in chat


def test_no_discord_message_is_over_2000_characters_nor_cuts_a_spoiler():
    report = build_report(grimdark(seed=9))
    sent = discord.messages(report)
    assert len(sent) > 5
    assert all(len(m) <= 2000 for m in sent)
    assert all(m.count("||") % 2 == 0 for m in sent)
    # Every turn begins a message or follows a whole turn in it: none starts mid-way.
    for m in sent[1:]:
        assert m.startswith(("## ", "> ", "- ", "**")), m[:40]


def test_a_secret_longer_than_a_message_is_several_whole_spoilers():
    long = tuple(f"rule {i}: " + "x" * 90 for i in range(60))
    report = Report(title="T", system="S", sheets=(), turns=(Turn("Turn 1", ("a",)),),
                    secrets=(Secret("Brutus", long),))
    sent = discord.messages(report)
    assert all(len(m) <= 2000 and m.count("||") % 2 == 0 for m in sent)
    assert sum(m.count("**Brutus**: ||") for m in sent) >= 3


def test_a_turn_longer_than_a_message_is_cut_between_lines():
    lines = tuple(f"line {i} " + "y" * 100 for i in range(40))
    report = Report(title="T", system="S", sheets=(), turns=(Turn("Turn 1", lines),))
    sent = discord.messages(report)
    assert len(sent) >= 3 and all(len(m) <= 2000 for m in sent)
    joined = "\n".join(sent)
    assert all(f"> line {i} " in joined for i in range(40))


def test_the_report_as_json(reports):
    data = reports["grimdark"].to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["turns"][1]["title"] == "Turn 1"
    assert data["secrets"][0]["name"] == "Lord Smash"


def _saved(tmp_path: Path) -> Path:
    path = tmp_path / "match.json"
    SESSIONS["grimdark"]().save(path)
    return path


@pytest.mark.parametrize("fmt", sorted(TEXT_FORMATS))
def test_companion_export_prints_each_format(tmp_path, capsys, fmt):
    path = _saved(tmp_path)
    assert main(["export", str(path), "--format", fmt]) == 0
    assert capsys.readouterr().out == _golden("grimdark", fmt).read_text("utf-8")


def test_companion_export_writes_a_file_and_the_discord_messages_as_json(tmp_path, capsys):
    path = _saved(tmp_path)
    out = tmp_path / "report.bbcode"
    assert main(["export", str(path), "--format", "bbcode", "--out", str(out)]) == 0
    assert capsys.readouterr().out == ""
    assert out.read_text("utf-8") == _golden("grimdark", "bbcode").read_text("utf-8")
    assert main(["export", str(path), "--format", "discord", "--json"]) == 0
    sent = json.loads(capsys.readouterr().out)
    assert sent == discord.messages(build_report(SESSIONS["grimdark"]()))


def test_json_goes_with_discord_only(tmp_path, capsys):
    path = _saved(tmp_path)
    assert main(["export", str(path), "--format", "markdown", "--json"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "companion: --json goes with --format discord only, not markdown"


def _write() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, make in SESSIONS.items():
        report = build_report(make())
        for fmt in TEXT_FORMATS:
            _golden(name, fmt).write_text(FORMATS[fmt](report), "utf-8")
            print(f"wrote {_golden(name, fmt)}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: PYTHONPATH=. python tests/reports/test_reports.py --write")
    sys.path.insert(0, str(TESTS))
    _write()
