"""A gladiator's career as a page for a forum post: his sheet in his game's words, his
record and every fight, in Markdown, BBCode or HTML, names shown as themselves."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from support.career_duels import rookies

from companion.cli import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def recorded(tmp_path: Path, capsys) -> Path:
    """Hammer Rookie against Spear Rookie, who wins, recorded in the stable."""
    path = tmp_path / "duel.json"
    rookies().save(path)
    assert run(capsys, "career", "apply", str(path))[0] == 0
    return path


def test_a_career_page_gives_his_sheet_his_record_and_each_fight(capsys, recorded):
    code, out, err = run(capsys, "career", "page", "Spear Rookie")
    assert code == 0 and err == ""
    assert out.startswith("## Spear Rookie, of the battle system\n*alive, no manager*")
    assert "- Record: 1 win, 0 losses" in out
    assert "**1 fight in the stable: 1 win, 0 losses**" in out
    assert "1. " in out and "win; Spear Rookie beat Hammer Rookie" in out


def test_the_loser_s_page_says_his_loss(capsys, recorded):
    out = run(capsys, "career", "page", "hammer rookie")[1]
    assert "1 fight in the stable: 0 wins, 1 loss" in out and ": loss; " in out


def test_a_forum_s_bbcode_lists_the_fights_in_order_and_never_opens_a_tag_from_a_name(
        capsys, recorded):
    out = run(capsys, "career", "page", "Spear Rookie", "--format", "bbcode")[1]
    assert out.startswith("[size=150][b]Spear Rookie, of the battle system[/b][/size]")
    assert "[list=1]\n[*]" in out and out.rstrip().endswith("[/list]")
    assert "[*]Record: 1 win, 0 losses" in out


def test_an_html_page_is_written_whole_to_a_file(capsys, recorded, tmp_path):
    page = tmp_path / "spear.html"
    code, out, _ = run(capsys, "career", "page", "#2", "--format", "html", "--out", str(page))
    text = page.read_text()
    assert code == 0 and out == f"wrote {page}\n"
    assert text.startswith("<!DOCTYPE html>") and text.endswith("</html>\n")
    assert f"<h1>{html.escape('Spear Rookie, of the battle system')}</h1>" in text


def test_a_gladiator_the_stable_lacks_is_refused_in_one_line(capsys, recorded):
    code, out, err = run(capsys, "career", "page", "Nobody")
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "no gladiator called 'Nobody'" in err
