"""Grimdark Gladiators' part of the stable: his file read as it is, with his manager,
starred and dead as it says; Fame and record in his line."""

from __future__ import annotations

import json

from companion.games.registry import GAMES, part
from companion.rulesets.grimdark.sheet import samples_dir

SHEETS = part(GAMES["grimdark"].stable)
SMASH = (samples_dir() / "lord-smash.json").read_text(encoding="utf-8")


def test_his_file_is_read_with_its_manager_starred_and_dead():
    data = {**json.loads(SMASH), "manager": "Grimjaw", "starred": True, "fame": 3,
            "wins": 4, "losses": 1}
    read = SHEETS.parse(json.dumps(data), "smash.json")
    assert (read.name, read.manager, read.starred, read.dead) == ("Lord Smash", "Grimjaw",
                                                                  True, False)
    assert SHEETS.summary(read.text) == ("Brutality 6, Style 3, Mind 3, Weird 3; Fame 3; "
                                         "4 wins, 1 loss; starred")
    assert SHEETS.export(read.text) == read.text


def test_his_file_in_words():
    lines = SHEETS.lines(SMASH)
    assert lines[0] == "Stats: Brutality 6, Style 3, Mind 3, Weird 3 (active: Brutality)"
    assert "Weapon: Oversized greataxe, heavy melee (crushing, tenacious)" in lines
    assert lines[-4:] == ["Fame: 0", "Record: 0 wins, 0 losses", "Starred: no",
                          "Status: alive"]
    assert SHEETS.file_name("Lord Smash") == "lord-smash.json"


def test_his_career_is_followed_by_his_fame():
    data = {**json.loads(SMASH), "fame": 3}
    assert SHEETS.figure(json.dumps(data)) == ("Fame", 3)
