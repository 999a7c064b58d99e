"""The two journeys of docs/play/leagues.md, run exactly as the page shows them: a
Grimdark Swiss event of eight over three rounds (entry fees, prizes, deaths, played
by the computer, each round posted in BBCode), and a skirmish round robin of four
played at the table. The page's commands are read from its `shell` blocks, so the
page and the test cannot drift apart."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from companion.cli import main

PAGE = Path(__file__).resolve().parents[2] / "docs" / "play" / "leagues.md"
SAMPLES = ["Cinder Witch", "Sewer Beast", "Arena Robot", "Lord Smash"]


def section(title: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


def blocks(text: str, kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", text, flags=re.S)


def run_page(capsys, text: str) -> dict[str, str]:
    """Each command of the section's shell blocks, in order: each must succeed. What
    each printed, by its line."""
    said = {}
    for block in blocks(text, "shell"):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if not words:
                continue
            assert words[0] == "companion", line
            capsys.readouterr()
            code = main(words[1:])
            out, err = capsys.readouterr()
            assert code == 0, f"{line}: {err}"
            said[line] = out
    return said


def forum_sheet(capsys, sample: str, name: str) -> str:
    """A manager's forum sheet, made from a sample's (a gladiator of his own: no house
    NPC), as a manager would post it."""
    capsys.readouterr()
    assert main(["grimdark", "sheet", sample]) == 0
    text = capsys.readouterr().out.replace(sample, name)
    return "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith("Status: house NPC"))


def test_the_grimdark_swiss_event_of_the_page(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = section("A Grimdark Swiss event, step by step")
    (tmp_path / "brutus.txt").write_text(blocks(text, "text")[0], encoding="utf-8")
    others = ["Crixus", "Decimus", "Flamma", "Gannicus", "Hilarus", "Aulus", "Execus"]
    for i, name in enumerate(others):
        (tmp_path / f"{name.lower()}.txt").write_text(
            forum_sheet(capsys, SAMPLES[i % len(SAMPLES)], name), encoding="utf-8")
    said = run_page(capsys, text)
    posts = [(tmp_path / f"round-{n}.txt").read_text(encoding="utf-8") for n in (1, 2, 3)]
    for number, post in enumerate(posts, start=1):
        assert post.startswith(f"[size=150][b]Winter Games, round {number}[/b]")
        assert "[b]Purses[/b] (entry fee 50, prize 200 each match)" in post
        assert "[/url])" in post and "[b]Standings[/b]" in post
    pairings = (tmp_path / "round-1-pairings.txt").read_text(encoding="utf-8")
    assert "(deadline: Friday 20:00)" in pairings and "Brutus v Crixus" in pairings
    capsys.readouterr()
    main(["league", "results", "Winter Games", "--json"])
    found = json.loads(capsys.readouterr().out)
    died = [g["name"] for m in found for g in m["gladiators"] if g["died"]]
    assert died == ["Brutus", "Crixus", "Execus"]  # as the page says
    fought = [g for m in found if not m["forfeit"] for g in m["gladiators"]]
    money = -50 * len(fought) + 200 * sum(g["result"] == "win" for g in fought)
    totals = [int(re.search(r"purse: (-?\d+)", said[f"companion stable purse {who}"])[1])
              for who in ("Livia", "Marcus")]
    assert sum(totals) == money


def test_the_skirmish_round_robin_at_the_table_of_the_page(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = section("A skirmish round robin at the table")
    for line in blocks(text, "json")[0].splitlines():
        sheet = json.loads(line)
        (tmp_path / f"{sheet['name'].lower()}.json").write_text(line + "\n",
                                                                encoding="utf-8")
    said = run_page(capsys, text)
    table = said["companion league standings Bouts"]
    assert "health lost, fewer first" in table
    rows = [line.split() for line in table.splitlines()[2:]]
    assert len(rows) == 4 and all(row[2] == "3" for row in rows)  # each played three
    post = (tmp_path / "bouts-round-3.md").read_text(encoding="utf-8")
    assert "### Results" in post and post.count("([report](") == 2
