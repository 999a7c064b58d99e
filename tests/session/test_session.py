"""Sessions: a journal of actions with their dice; undo, redo, atomic saves, replay."""

from __future__ import annotations

import json

import pytest
from support.places import TESTS
from support.tally import new_session, rulesets

from companion.dice.sources import ScriptedDice, SeededDice
from companion.errors import UserError
from companion.files.atomic import atomic_write
from companion.session.session import SessionFileError, load_session
from companion.tables.loader import TableSet


def test_the_state_is_the_setup_plus_the_journal():
    session = new_session()
    session.act({"type": "add"}, ScriptedDice([3]))
    session.act({"type": "add"}, ScriptedDice([5]))
    assert session.state.total == 18
    assert [e.rolls[0]["faces"] for e in session.journal] == [[3], [5]]
    assert session.log == ["rolled 3, total 13", "rolled 5, total 18"]


def test_an_illegal_action_changes_nothing():
    session = new_session()
    session.act({"type": "add"}, ScriptedDice([3]))
    with pytest.raises(UserError):
        session.act({"type": "add", "limit": 14}, ScriptedDice([6]))
    assert session.state.total == 13 and len(session.journal) == 1


def test_undo_then_redo_gives_the_same_state():
    session = new_session()
    dice = SeededDice(7)
    for _ in range(5):
        session.act({"type": "add"}, dice)
    after = session.state.total
    assert session.undo(3) == 3
    assert len(session.journal) == 2
    assert session.redo(3) == 3
    assert session.state.total == after


def test_a_new_action_after_undo_clears_the_redo_list():
    session = new_session()
    session.act({"type": "add"}, ScriptedDice([1]))
    session.undo()
    session.act({"type": "add"}, ScriptedDice([2]))
    assert not session.can_redo and session.state.total == 12


def test_a_saved_session_replays_exactly(tmp_path):
    session = new_session()
    dice = SeededDice(3)
    for _ in range(4):
        session.act({"type": "add"}, dice)
    session.undo()
    path = tmp_path / "game.json"
    session.save(path)
    again = load_session(path, rulesets, tables=TableSet())
    assert again.state == session.state
    assert again.redo() == 1


def test_saving_keeps_the_previous_save_as_a_backup(tmp_path):
    path = tmp_path / "game.json"
    atomic_write(path, "first")
    atomic_write(path, "second")
    assert path.read_text() == "second"
    assert (tmp_path / "game.json.bak").read_text() == "first"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.json.bak"]


def test_autosave_after_every_action(tmp_path):
    session = new_session()
    session.autosave_path = tmp_path / "auto.json"
    session.act({"type": "add"}, ScriptedDice([4]))
    assert json.loads(session.autosave_path.read_text())["journal"][0]["rolls"][0]["faces"] == [4]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": "companion-session", "version": 1, "rules', "line 1, column"),
        ("", "line 1, column 1"),
        ('{"format": "companion-session", "version": 1, "ruleset": "tally"}', "setup"),
        ('{"format": "chess", "version": 1, "ruleset": "tally", "setup": {}}', "format"),
        (
            '{"format": "companion-session", "version": 1, "ruleset": "go", "setup": {}}',
            "unknown ruleset",
        ),
        (
            '{"format": "companion-session", "version": 1, "ruleset": "tally", '
            '"setup": {"start": 1}, "journal": [{"action": {"type": "add"}, "rolls": '
            '[{"purpose": "add", "roller": "", "sides": 6, "faces": [9]}]}]}',
            "journal[0]",
        ),
        (
            '{"format": "companion-session", "version": 1, "ruleset": "tally", '
            '"setup": {"start": 1}, "journal": [{"action": {"type": "add"}, "rolls": []}]}',
            "journal[0]",
        ),
    ],
)
def test_a_broken_file_gives_a_clear_error_and_is_left_untouched(tmp_path, text, message):
    path = tmp_path / "broken.json"
    path.write_text(text)
    with pytest.raises(SessionFileError) as err:
        load_session(path, rulesets, tables=TableSet())
    assert message in str(err.value)
    assert str(path) in str(err.value)
    assert path.read_text() == text
    assert list(tmp_path.iterdir()) == [path]


# --- replay that notices ---------------------------------------------------------------
def saved_tally(tmp_path, *faces: int):
    session = new_session()
    for face in faces:
        session.act({"type": "add"}, ScriptedDice([face]))
    path = tmp_path / "tally.json"
    session.save(path)
    return path


def test_each_entry_keeps_the_digest_of_what_it_produced(tmp_path):
    data = json.loads(saved_tally(tmp_path, 3, 5).read_text())
    assert data["version"] == 2
    digests = [e["outcome"] for e in data["journal"]]
    assert len(set(digests)) == 2 and all(len(d) == 64 for d in digests)
    assert "log" not in data["journal"][0]


def test_a_die_changed_by_hand_to_another_face_is_refused(tmp_path):
    path = saved_tally(tmp_path, 3, 5, 2)
    data = json.loads(path.read_text())
    data["journal"][1]["rolls"][0]["faces"] = [6]  # a possible face, not the one rolled
    path.write_text(json.dumps(data))
    with pytest.raises(SessionFileError,
                       match=r"journal\[1\] \(add\): the replay differs from what was recorded"):
        load_session(path, rulesets, tables=TableSet())


def test_a_redo_that_does_not_replay_is_refused_and_changes_nothing(tmp_path):
    session = new_session()
    session.act({"type": "add"}, ScriptedDice([3]))
    session.act({"type": "add"}, ScriptedDice([4]))
    session.undo()
    path = tmp_path / "tally.json"
    session.save(path)
    data = json.loads(path.read_text())
    data["redo"][0]["rolls"][0]["faces"] = [1]
    path.write_text(json.dumps(data))
    again = load_session(path, rulesets, tables=TableSet())
    with pytest.raises(SessionFileError, match="redo of add"):
        again.redo()
    assert again.state.total == 13 and len(again.journal) == 1


def test_a_file_saved_before_digests_opens_and_gains_them(tmp_path):
    path = tmp_path / "old.json"
    path.write_text(json.dumps({
        "format": "companion-session", "version": 1, "ruleset": "tally",
        "setup": {"start": 1}, "journal": [
            {"action": {"type": "add"}, "rolls": [
                {"purpose": "add", "roller": "p1", "sides": 6, "faces": [4]}],
             "log": ["rolled 4, total 5"]}]}))
    session = load_session(path, rulesets, tables=TableSet())
    assert session.state.total == 5 and session.log == ["rolled 4, total 5"]
    session.save(path)
    assert json.loads(path.read_text())["journal"][0]["outcome"] == \
        session.outcomes[0].digest()


@pytest.mark.parametrize("name", ["v1-skirmish.json", "v1-battle.json"])
def test_sessions_saved_by_the_previous_version_open_and_replay(name, tmp_path):
    from companion.rulesets.registry import get_ruleset

    path = TESTS / "sessions" / name
    recorded = json.loads(path.read_text())
    session = load_session(path, get_ruleset)
    assert len(session.journal) == len(recorded["journal"])
    for i, _entry in enumerate(recorded["journal"]):
        assert session.narrate(session.outcomes[i]), f"journal[{i}] tells nothing"
    again = tmp_path / name
    session.save(again)
    assert len(load_session(again, get_ruleset).journal) == len(recorded["journal"])
