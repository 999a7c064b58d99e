"""A whole bout through a Session, from a scripted journal, checked turn by turn; then
saved, reloaded, undone and redone."""

from __future__ import annotations

import json

import pytest
from support.skirmish_scenes import RULES, TABLES

from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.registry import get_ruleset
from companion.rulesets.skirmish import summary
from companion.session.session import Session, load_session

SETUP = {"gladiators": [
    {"name": "Brutus", "type": "samnite", "at": "E4", "facing": "S"},
    {"name": "Celer", "type": "thracian", "at": "E7", "facing": "N"},
]}


def glad(session, gid):
    return next(g for g in summary(session.state)["gladiators"] if g["id"] == gid)


def test_a_whole_bout_turn_by_turn():
    s = Session(RULES, SETUP)
    # Strengths 4 + 4 and 4 + 3; initiative 5 against 2: Brutus first.
    s.act({"type": "start"}, ScriptedDice([4, 3, 5, 2]))
    assert (glad(s, "A")["strength"], glad(s, "B")["strength"]) == (8, 7)
    assert s.state.active == "A" and s.state.phase == "ap"

    # Turn 1, Brutus: 5 for AP, heavy -1: 4 AP. Two steps, then a blow.
    s.act({"type": "roll_ap"}, ScriptedDice([5]))
    assert glad(s, "A")["ap"] == 4
    s.act({"type": "move", "to": "E5"}, ScriptedDice([]))
    s.act({"type": "move", "to": "E6"}, ScriptedDice([]))
    assert glad(s, "A")["at"] == "E6" and glad(s, "A")["ap"] == 2
    # 5 against 2 from the front: 3 wounds; Celer's save, 4 + 2 = 6, fails.
    s.act({"type": "attack", "target": "B", "weapon": "sword"}, ScriptedDice([5, 2, 4]))
    assert glad(s, "B")["strength"] == 4 and glad(s, "B")["wound_level"] == "lightly-wounded"
    s.act({"type": "end_turn"}, ScriptedDice([]))

    # Turn 2, Celer: 4 for AP, lightly wounded -1: 3 AP. He strikes back.
    assert s.state.active == "B" and s.state.turn_number == 2
    s.act({"type": "roll_ap"}, ScriptedDice([4]))
    assert glad(s, "B")["ap"] == 3
    s.act({"type": "attack", "target": "A", "weapon": "sword"}, ScriptedDice([6, 1, 3]))
    assert glad(s, "A")["strength"] == 3 and glad(s, "A")["wound_level"] == "seriously-wounded"
    journal = len(s.journal)
    with pytest.raises(UserError, match="already struck"):
        s.act({"type": "attack", "target": "A", "weapon": "sword"}, ScriptedDice([6, 6]))
    assert len(s.journal) == journal and glad(s, "B")["ap"] == 2
    s.act({"type": "end_turn"}, ScriptedDice([]))

    # Turn 3, Brutus: 6, heavy -1, seriously wounded -2: 3 AP. A double 2 floors Celer,
    # and Brutus ends his turn standing over him: Celer is beaten and appeals.
    s.act({"type": "roll_ap"}, ScriptedDice([6]))
    assert glad(s, "A")["ap"] == 3
    s.act({"type": "attack", "target": "B", "weapon": "sword"}, ScriptedDice([2, 2]))
    assert glad(s, "B")["status"] == "fighting"
    s.act({"type": "end_turn"}, ScriptedDice([]))
    assert s.state.phase == "appeal" and glad(s, "B")["status"] == "beaten"
    s.act({"type": "appeal", "gladiator": "B"}, ScriptedDice([1, 1]))
    assert glad(s, "B")["dead"] and s.state.phase == "over"
    assert summary(s.state)["winner"] == "A"
    assert any("The bout is over" in line for line in s.log)


def play_some(session, n=12, seed=5):
    from companion.dice.sources import SeededDice
    from companion.rulesets.skirmish import choose_action

    dice = SeededDice(seed)
    for _ in range(n):
        if session.state.phase == "over":
            break
        session.act(choose_action(session.state), dice)


def test_a_saved_session_replays_to_the_same_state(tmp_path):
    s = Session(RULES, SETUP)
    play_some(s, 40)
    path = tmp_path / "bout.json"
    s.save(path)
    text = path.read_text()
    again = load_session(path, get_ruleset)
    assert summary(again.state) == summary(s.state)
    assert path.read_text() == text
    assert json.loads(text)["ruleset"] == "skirmish"


def test_undo_then_redo_gives_the_same_state():
    s = Session(RULES, SETUP)
    play_some(s, 30)
    before = summary(s.state)
    assert s.undo(5) == 5
    assert summary(s.state) != before
    assert s.redo(5) == 5
    assert summary(s.state) == before


def test_an_unknown_ruleset_is_refused():
    with pytest.raises(UserError, match="unknown ruleset"):
        get_ruleset("chess")


# --- the tables a session is played with --------------------------------------------------
def override(name: str, change) -> None:
    """Write a user's copy of a built-in table, changed by `change(data)`."""
    from companion import paths

    data = json.loads((paths.builtin_tables_dir() / name).read_text())
    change(data)
    folder = paths.user_tables_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps(data))


def _turn_cost(cost: int):
    def change(data):
        for entry in data["entries"]:
            if entry["key"] == "turn":
                entry["ap"] = cost
    return change


def played(tmp_path):
    """A bout with a turn in it, saved with the built-in tables."""
    from companion.tables.loader import load_tables

    s = Session(RULES, SETUP, load_tables())
    s.act({"type": "start"}, ScriptedDice([4, 3, 5, 2]))
    s.act({"type": "roll_ap"}, ScriptedDice([5]))
    s.act({"type": "turn", "steps": 1}, ScriptedDice([]))
    path = tmp_path / "bout.json"
    s.save(path)
    return path


def test_a_session_file_records_the_fingerprint_of_every_table_it_is_played_with(tmp_path):
    data = json.loads(played(tmp_path).read_text())
    assert sorted(data["tables"]) == sorted(RULES.table_ids)
    assert data["tables"]["skirmish-ap"] == TABLES.get("skirmish-ap").fingerprint


def test_a_changed_table_that_leaves_the_bout_alone_opens_with_a_warning(tmp_path):
    path = played(tmp_path)
    override("skirmish-weapons.json", lambda data: data.update(notes="my house notes"))
    session = load_session(path, get_ruleset)
    assert len(session.journal) == 3
    assert session.warnings and "skirmish-weapons" in session.warnings[0]


def test_a_changed_table_that_changes_the_bout_is_refused_naming_the_entry(tmp_path):
    path = played(tmp_path)
    override("skirmish-ap.json", _turn_cost(2))
    with pytest.raises(UserError) as refused:
        load_session(path, get_ruleset)
    message = str(refused.value)
    assert "journal[2] (turn): the replay differs from what was recorded" in message
    assert "changed since it was saved: skirmish-ap" in message


def test_an_override_of_the_ap_table_changes_the_game_as_it_changes_the_browser():
    from companion.tables.loader import load_tables

    override("skirmish-ap.json", _turn_cost(2))
    tables = load_tables()
    assert tables.overridden("skirmish-ap")
    assert next(e.ap for e in tables.get("skirmish-ap").entries if e.key == "turn") == 2
    s = Session(get_ruleset("skirmish"), SETUP, tables)
    s.act({"type": "start"}, ScriptedDice([4, 3, 5, 2]))
    s.act({"type": "roll_ap"}, ScriptedDice([5]))
    s.act({"type": "turn", "steps": 1}, ScriptedDice([]))
    assert glad(s, "A")["ap"] == 4 - 2


def test_an_override_of_the_weapons_table_changes_the_game():
    from companion.tables.loader import load_tables

    def longer_sword(data):
        for entry in data["entries"]:
            if entry["key"] == "sword":
                entry["max_range"] = 2
    override("skirmish-weapons.json", longer_sword)
    s = Session(get_ruleset("skirmish"), {"gladiators": [
        {"type": "samnite", "at": "E4", "facing": "S"},
        {"type": "thracian", "at": "E6", "facing": "N"}]}, load_tables())
    s.act({"type": "start"}, ScriptedDice([4, 3, 5, 2]))
    s.act({"type": "roll_ap"}, ScriptedDice([5]))
    s.act({"type": "attack", "target": "B", "weapon": "sword"}, ScriptedDice([5, 1, 1]))
    assert "at 2 hexes" in s.log[-4]
