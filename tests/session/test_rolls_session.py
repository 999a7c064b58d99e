"""Rolls made beside the rules (the dice tray, the table browser) are kept with the
session: saved in its file, back when it is opened, and left alone by undo."""

from __future__ import annotations

import json
from pathlib import Path

from companion.dice.rolls import Roll, dice
from companion.dice.sources import ScriptedDice
from companion.rulesets.registry import get_ruleset
from companion.session.session import Session, load_session


def bout() -> Session:
    session = Session(get_ruleset("skirmish"),
                      {"gladiators": [{"type": "samnite"}, {"type": "retiarius"}]})
    session.act({"type": "start"}, ScriptedDice([3, 6, 2, 5]))
    return session


TRAY = Roll(who=None, purpose="dice tray: 2d6+1", dice=dice([3, 5]), total=9)


def test_a_tray_roll_stands_after_the_rolls_made_before_it():
    session = bout()
    session.note_roll(TRAY)
    session.act({"type": "roll_ap"}, ScriptedDice([4]))
    purposes = [r.purpose for r in session.rolls]
    assert purposes == ["strength", "strength", "initiative", "initiative",
                        "dice tray: 2d6+1", "action points"]


def test_tray_rolls_are_saved_and_come_back_when_the_session_is_opened(tmp_path: Path):
    session = bout()
    session.note_roll(TRAY)
    path = tmp_path / "bout.json"
    session.save(path)
    again = load_session(path, get_ruleset)
    assert again.rolls == session.rolls
    assert again.rolls[-1] == TRAY


def test_undo_takes_back_actions_not_the_rolls_made_beside_them():
    session = bout()
    session.act({"type": "roll_ap"}, ScriptedDice([4]))
    session.note_roll(TRAY)
    session.undo()
    assert session.rolls[-1] == TRAY
    assert "action points" not in [r.purpose for r in session.rolls]


def test_a_file_saved_before_the_roll_log_still_opens(tmp_path: Path):
    session = bout()
    path = tmp_path / "old.json"
    data = json.loads(session.to_file().model_dump_json())
    del data["other_rolls"]
    path.write_text(json.dumps(data), encoding="utf-8")
    again = load_session(path, get_ruleset)
    assert again.rolls == session.rolls and again.other_rolls == []


def test_a_tray_roll_goes_into_the_autosave_at_once(tmp_path: Path):
    session = bout()
    session.autosave_path = tmp_path / "auto.json"
    session.note_roll(TRAY)
    again = load_session(session.autosave_path, get_ruleset)
    assert again.rolls[-1] == TRAY
