"""The hex skirmish's part of the stable: a saved kit is his sheet, its names checked
against the tables; told in a line and in full."""

from __future__ import annotations

import json

import pytest

from companion.errors import UserError
from companion.games.registry import GAMES, part

SHEETS = part(GAMES["skirmish"].stable)
KIT = json.dumps({"format": "companion-kit", "name": "Net fighter",
                  "kit": {"weapons": [{"weapon": "sword", "side": "right"},
                                      {"weapon": "net", "side": "left"}],
                          "armour": "light-armour", "darts": 2}})


def test_a_kit_is_read_and_told():
    read = SHEETS.parse(KIT, "net.json")
    assert (read.name, read.text, read.manager) == ("Net fighter", KIT, "")
    assert SHEETS.summary(KIT) == "sword (right), net (left); light-armour; 2 darts"
    assert SHEETS.lines(KIT) == ["Weapon: sword, right hand", "Weapon: net, left hand",
                                 "Armour: light-armour", "Darts: 2"]
    assert SHEETS.file_name("Net fighter") == "net-fighter.json"


def test_a_kit_naming_what_the_tables_lack_is_refused():
    with pytest.raises(UserError, match=r"net.json: kit.weapons\[0\].weapon: 'lance' is "
                       "not in skirmish-weapons"):
        SHEETS.parse(KIT.replace('"sword"', '"lance"'), "net.json")


def test_a_named_gladiator_s_career_is_followed_by_his_skills_and_a_kit_has_none():
    quintus = json.dumps({"format": "companion-skirmish-gladiator", "name": "Quintus",
                          "type": "samnite", "skills": []})
    assert SHEETS.figure(quintus) == ("skills", 0)
    assert SHEETS.figure(KIT) is None
