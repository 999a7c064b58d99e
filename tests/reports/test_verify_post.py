"""verify finds the report inside what was posted: a forum post with the GM's own words
before and after it, or a run of Discord messages with chatter between them; the
report alone is checked. Words inside a message, between two of its lines, are still
a difference."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.commands.session import load
from companion.reports.build import build_report
from companion.reports.discord import messages


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def posted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    match = tmp_path / "m.json"
    out = run(capsys, "new", "grimdark", "--gladiators", "Lord Smash,Sewer Beast",
              "--coaching", "lord-smash,sewer-beast", "--salted", "--out", str(match))[1]
    line = out.strip().splitlines()[-1]
    run(capsys, "salts", str(match), "--add", "Sewer Beast: grr", "--close")
    assert run(capsys, "auto", str(match))[0] == 0
    return match, line


def check(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
          line: str) -> tuple[int, str]:
    path = tmp_path / "post.txt"
    path.write_text(text, "utf-8")
    code, out, _ = run(capsys, "verify", str(path), "--commitment", line)
    return code, out


def test_a_forum_post_with_the_gms_words_before_and_after(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        posted: tuple[Path, str]) -> None:
    match, line = posted
    report = tmp_path / "m.bbcode"
    run(capsys, "export", str(match), "--format", "bbcode", "--out", str(report))
    text = report.read_text("utf-8")
    post = ("Evening all! Here is tonight's bout, as promised.\n"
            "[i]Sorry for the delay, the cat sat on the keyboard.[/i]\n\n"
            + text + "\n\nCheck it with companion verify, or the page.\n"
            "Next match on Thursday. -- the GM\n")
    code, out = check(tmp_path, capsys, post, line)
    assert code == 0, out
    assert ("the report's text (bbcode) is what the replay writes, line for line; 4 lines "
            "of other words around it (before, after or between its messages) are not part "
            "of it") in out
    # The GM's words do not hide a change in the report itself.
    hit = text.index(" on the d8")
    edited = post.replace(text, text[:hit] + " on the d10" + text[hit + 10:])
    code, out = check(tmp_path, capsys, edited, line)
    assert code == 1 and "Turn 1: the report says" in out


def test_discord_messages_with_chatter_between_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        posted: tuple[Path, str]) -> None:
    match, line = posted
    said = messages(build_report(load(match)))
    assert len(said) >= 3
    chatter = ["GM — Today at 20:15", "ooh here we go", "Manager B — Today at 20:16",
               "Nice.", "GM — Today at 20:17", "ok"]
    run_of = ["Manager A — Today at 20:14", "is it up yet?"]
    for k, message in enumerate(said):
        run_of += [message, chatter[k % len(chatter)]]
    code, out = check(tmp_path, capsys, "\n".join(run_of), line)
    assert code == 0, out
    assert "the report's text (discord) is what the replay writes, line for line; " in out
    # Words put inside a message, between two of its lines, are refused at their turn.
    inner = said[1].split("\n")
    said[1] = "\n".join([*inner[:3], "(GM: that was close!)", *inner[3:]])
    code, out = check(tmp_path, capsys, "\n\n".join(said), line)
    assert code == 1 and 'the report says "(GM: that was close!)"' in out
