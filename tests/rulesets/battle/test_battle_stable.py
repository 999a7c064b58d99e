"""The battle system's part of the stable: its sheets read as they are, his player
his manager, a dead man's status his death; told in a line and in full."""

from __future__ import annotations

import json

import pytest

from companion.errors import UserError
from companion.games.registry import GAMES, part
from companion.rulesets.battle.sheet import samples_dir

SHEETS = part(GAMES["battle"].stable)
ROOKIE = (samples_dir() / "spear-rookie.json").read_text(encoding="utf-8")


def test_a_sheet_is_read_with_its_text_kept_as_the_file_holds_it():
    read = SHEETS.parse(ROOKIE, "spear-rookie.json")
    assert (read.name, read.text, read.manager, read.dead) == ("Spear Rookie", ROOKIE, "",
                                                               False)
    assert SHEETS.export(read.text) == ROOKIE


def test_his_player_is_his_manager_and_a_dead_status_his_death():
    data = {**json.loads(ROOKIE), "player": "Marcus", "status": "dead", "wins": 3,
            "losses": 1, "kills": 2}
    read = SHEETS.parse(json.dumps(data), "x")
    assert (read.manager, read.dead) == ("Marcus", True)
    assert SHEETS.summary(read.text).endswith("3 wins, 1 loss, 2 kills; 40 development "
                                              "points; dead")


def test_a_sheet_that_breaks_the_format_is_refused_naming_where():
    with pytest.raises(UserError, match=r"brenna\.json: name"):
        SHEETS.parse('{"format": "companion-gladiator", "name": ""}', "brenna.json")
    with pytest.raises(UserError, match=r"brenna\.json: line 1"):
        SHEETS.parse('{"format": ', "brenna.json")


def test_his_sheet_in_words():
    lines = SHEETS.lines(ROOKIE)
    assert lines[:2] == ["Development points: 40",
                         "Skills: ATTACK 2, ARMOR 1, SHIELD 2, PARRY/DODGE 3, HEALTH 12, "
                         "INITIATIVE 2, RETRIEVE WEAPON 2"]
    assert "Carries: spear, shield" in lines and "Status: fit" in lines
    assert SHEETS.file_name("Spear Rookie") == "spear-rookie.json"
