"""Undo in constant time (issue 24): the session keeps the state every SNAPSHOT_EVERY
entries, and undo, redo, opening and a failed action replay only from the nearest.
Whatever was kept, the state is always the one a full replay of the journal makes, and
an entry that does not replay is still found and named. (Times are the bench's.)"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest
from support.places import TESTS
from support.tally import TallyRules

from companion.cli import main
from companion.dice.sources import ScriptedDice, SeededDice
from companion.errors import UserError
from companion.rulesets.base import Event, Outcome
from companion.rulesets.registry import get_ruleset
from companion.session.session import (
    SNAPSHOT_EVERY,
    Session,
    SessionFileError,
    file_text,
    load_session,
    undo_in_file,
)
from companion.session.snapshots import Snapshots
from companion.tables.loader import TableSet, load_tables
from tools.bench.undo import long_session

SYSTEMS = ("skirmish", "battle", "grimdark")
EVERY = SNAPSHOT_EVERY
# One below the interval, at it and one above, and twice it: a state kept, or not.
LENGTHS = (EVERY - 1, EVERY, EVERY + 1, 2 * EVERY + 1)


@pytest.fixture(scope="module")
def tables() -> TableSet:
    return load_tables()


@pytest.fixture(scope="module")
def played(tables) -> dict[str, Session]:
    """A session of each system, a little longer than the longest length asked."""
    return {system: long_session(system, max(LENGTHS) + 2, tables) for system in SYSTEMS}


def replayed(session: Session, count: int | None = None) -> Session:
    """The session's journal (its first `count` entries) replayed whole from the setup,
    keeping no state on the way: what every state must equal."""
    journal = session.journal if count is None else session.journal[:count]
    return Session(session.ruleset, session.setup, session.tables, journal,
                   snapshot_every=0)


def same_state(a: Session, b: Session) -> None:
    rules = a.ruleset
    assert a.state == b.state
    assert json.dumps(rules.summary(a.state), sort_keys=True) == \
        json.dumps(rules.summary(b.state), sort_keys=True)
    assert [e.outcome for e in a.journal] == [e.outcome for e in b.journal]


def first(session: Session, count: int) -> Session:
    """A new session of the first `count` entries, keeping states as the app does."""
    return Session(session.ruleset, session.setup, session.tables, session.journal[:count])


# --- the states kept ---------------------------------------------------------------
@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("length", LENGTHS)
def test_opening_keeps_a_state_every_interval_and_shows_the_full_replay(
        played, tmp_path, system, length):
    path = tmp_path / "game.json"
    first(played[system], length).save(path)
    opened = load_session(path, get_ruleset, tables=played[system].tables)
    assert opened.snapshots.counts == list(range(0, length + 1, EVERY))
    same_state(opened, replayed(played[system], length))


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("length", LENGTHS)
@pytest.mark.parametrize("steps", [1, 2, EVERY + 1])
def test_undo_from_the_nearest_state_kept_gives_the_full_replay(played, system, length,
                                                                 steps):
    session = first(played[system], length)
    assert session.undo(steps) == min(steps, length)
    kept = max(length - steps, 0)
    same_state(session, replayed(played[system], kept))
    # Nothing past the journal is kept: an action taken now would make another.
    assert all(count <= kept for count in session.snapshots.counts)
    assert session.redo(steps) == min(steps, length)
    same_state(session, replayed(played[system], length))


@pytest.mark.parametrize("system", SYSTEMS)
def test_undo_one_at_a_time_across_the_states_kept_then_redo_them_all(played, system):
    length = 2 * EVERY + 1
    session = first(played[system], length)
    for kept in range(length - 1, EVERY - 3, -1):
        session.undo()
        same_state(session, replayed(played[system], kept))
    session.redo(len(session.redo_stack))
    same_state(session, replayed(played[system], length))
    assert session.snapshots.counts == [0, EVERY, 2 * EVERY]


@pytest.mark.parametrize("system", SYSTEMS)
def test_undo_keeps_the_words_of_the_log_it_leaves(played, system):
    session = first(played[system], EVERY + 1)
    told = session.log
    session.undo(2)
    kept = session.log
    assert kept == replayed(session).log
    # The very lines made before: nothing was narrated again.
    assert kept and all(a is b for a, b in zip(kept, told, strict=False))


@pytest.mark.parametrize("system", SYSTEMS)
def test_actions_after_an_undo_keep_states_of_the_new_journal(played, system):
    """Undo below a state kept, then take other actions past it: the state kept there
    is the new journal's."""
    base = played[system]
    session = first(base, EVERY + 1)
    session.undo(3)
    rules = session.ruleset
    dice = SeededDice(99)
    while len(session.journal) < EVERY + 4:
        if system == "skirmish":
            action = next(a for a in rules.legal_actions(session.state)
                          if a["type"] != "attack")
        elif system == "battle":  # not the health the long session moved
            action = {"type": "adjust_health", "who": "b", "op": "+1"}
        else:
            action = rules.choose(session.state)
        assert action is not None
        session.act(action, dice)
    assert EVERY in session.snapshots.counts
    # The log has the new actions' words, not the undone ones'.
    assert session.log == replayed(session).log
    assert len(session.rolls) == len(replayed(session).rolls)
    session.undo(EVERY + 4 - EVERY)  # back to the state kept at EVERY
    same_state(session, replayed(session, EVERY))
    session.undo()
    same_state(session, replayed(session, EVERY - 1))


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_states_kept_are_copies_sharing_only_the_tables(played, system):
    session = first(played[system], EVERY + 2)
    store = session.snapshots
    # Every system's state goes the quick way: pickled, its tables held as they are.
    assert store.size > 0
    start, thawed = store.nearest(EVERY) or (None, None)
    assert start == EVERY and thawed == replayed(session, EVERY).state
    shared = [name for name, value in vars(session.state).items()
              if hasattr(type(value), "__deepcopy__")]
    assert shared and all(getattr(thawed, name) is getattr(session.state, name)
                          for name in shared)
    # Two thaws are two states; the live state is neither.
    _, again = store.nearest(EVERY) or (None, None)
    assert again == thawed and again is not thawed and thawed is not session.state


def test_a_failed_action_is_put_right_from_the_nearest_state(played):
    base = played["skirmish"]
    session = first(base, EVERY + 3)
    before = json.dumps(session.ruleset.summary(session.state), sort_keys=True)
    with pytest.raises(UserError):
        session.act({"type": "move", "to": "Z99"}, SeededDice(1))
    with pytest.raises(UserError):
        # Refused at its first die (none given), put right all the same.
        session.act({"type": "roll_ap"} if session.state.phase != "ap" else
                    {"type": "end_turn"}, ScriptedDice([]))
    assert json.dumps(session.ruleset.summary(session.state), sort_keys=True) == before
    same_state(session, replayed(base, EVERY + 3))


# --- what pickle may not copy goes by deepcopy ------------------------------------------
class Tables:
    def __deepcopy__(self, memo: dict[int, Any]) -> Tables:
        return self


@dataclass
class Odd:
    total: int = 0
    tables: Tables = field(default_factory=Tables)
    hook: Any = None
    inner: list[Any] = field(default_factory=list)


@pytest.mark.parametrize(("what", "pickled"), [
    ("plain", True),
    ("a lambda", False),  # pickle cannot take it; deepcopy keeps it as it is
    ("the tables deeper in", False),  # pickle would copy what deepcopy shares
])
def test_a_state_pickle_would_copy_otherwise_is_deepcopied(what, pickled):
    state = Odd(total=3, inner=[1, [2]])
    if what == "a lambda":
        state.hook = lambda: 1
    elif what == "the tables deeper in":
        state.inner.append(state.tables)
    store = Snapshots(4)
    frozen = store.freeze(state)
    thawed = frozen.thaw()
    assert (frozen.size > 0) == pickled
    assert thawed == state and thawed is not state and thawed.inner is not state.inner
    assert thawed.tables is state.tables
    if what == "the tables deeper in":
        assert thawed.inner[-1] is state.tables
    if what == "a lambda":
        assert thawed.hook is state.hook


# --- what the journal promises ------------------------------------------------------------
def tampered(path: Path, index: int) -> bytes:
    """Change a die of journal[index] to another face it could show (or, for an entry
    that rolled none, the digest of what it produced); the new text."""
    data = json.loads(path.read_text())
    entry = data["journal"][index]
    if entry["rolls"]:
        roll = entry["rolls"][0]
        roll["faces"][0] = roll["faces"][0] % roll["sides"] + 1
    else:
        entry["outcome"] = "0" * 64
    path.write_text(json.dumps(data))
    return path.read_bytes()


def one_of(session: Session, where: str) -> int:
    """An entry before the first state kept after the start, or after it: one that
    rolled dice if there is one."""
    places = [i for i in range(len(session.journal))
              if (0 < i < EVERY if where == "before" else i > EVERY)]
    return next((i for i in places if session.journal[i].rolls), places[0])


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("where", ["before", "after"])
def test_an_entry_changed_before_or_after_a_state_kept_is_found_and_named(
        played, tmp_path, system, where):
    session = first(played[system], 2 * EVERY + 1)
    index = one_of(session, where)
    path = tmp_path / "game.json"
    session.save(path)
    text = tampered(path, index)
    with pytest.raises(SessionFileError, match=rf"journal\[{index}\] \(") as err:
        load_session(path, get_ruleset, tables=session.tables)
    assert "\n" not in str(err.value)
    assert path.read_bytes() == text


@dataclass(frozen=True, slots=True)
class Played(Event):
    kind: ClassVar[str] = "played"
    seen: int


class Drifting(TallyRules):
    """Rules that come out otherwise the second time an entry is played: what a bug in
    a rule system would do. Undo must not show the state it makes."""

    def __init__(self) -> None:
        self.played: dict[int, int] = {}

    def apply(self, state, action, dice) -> Outcome:
        place = len(state.rolls)
        seen = self.played[place] = self.played.get(place, 0) + 1
        state.rolls.append(seen)
        return Outcome((Played(None, seen=seen),))


def test_an_undo_whose_replay_differs_is_refused_and_changes_nothing():
    session = Session(Drifting(), {"start": 0}, TableSet(), snapshot_every=4)
    for _ in range(6):
        session.act({"type": "add"}, ScriptedDice([]))
    with pytest.raises(SessionFileError, match=r"journal\[4\] \(add\): the replay differs"):
        session.undo()
    assert len(session.journal) == 6 and session.state.rolls == [1] * 6


# --- the file ------------------------------------------------------------------------------
@pytest.mark.parametrize("system", SYSTEMS)
def test_the_file_text_is_pydantics_dump_of_the_whole_file(played, system):
    session = first(played[system], EVERY + 1)
    session.undo(2)
    assert session.file_text() == session.to_file().model_dump_json(indent=1)
    session.undo(len(session.journal))
    assert session.file_text() == session.to_file().model_dump_json(indent=1)
    session.redo_stack.clear()
    assert session.file_text() == session.to_file().model_dump_json(indent=1)


@pytest.mark.parametrize("name", ["v1-skirmish.json", "v1-battle.json"])
def test_old_files_open_undo_and_are_written_as_pydantic_would(name, tmp_path):
    path = TESTS / "sessions" / name
    session = load_session(path, get_ruleset)
    length = len(session.journal)
    session.undo(3)
    same_state(session, replayed(session))
    assert session.file_text() == session.to_file().model_dump_json(indent=1)
    copy = tmp_path / name
    copy.write_bytes(path.read_bytes())
    undone = undo_in_file(copy, 3)
    assert len(undone) == 3
    again = load_session(copy, get_ruleset)
    assert len(again.journal) == length - 3 and again.redo(3) == 3
    same_state(again, replayed(again))


def test_the_verifiable_seed_is_written_and_a_plain_file_has_none():
    session = long_session("skirmish", 3, load_tables())
    assert "seed" not in json.loads(session.file_text())
    seeded = Session(session.ruleset, session.setup, session.tables, seed="ab" * 32)
    assert seeded.file_text() == seeded.to_file().model_dump_json(indent=1)
    assert json.loads(seeded.file_text())["seed"] == "ab" * 32
    assert file_text(seeded.to_file()) == seeded.file_text()


# --- the command line --------------------------------------------------------------------
@pytest.mark.parametrize("system", SYSTEMS)
def test_companion_undo_without_a_replay_leaves_what_the_session_would(
        played, tmp_path, capsys, system):
    session = first(played[system], EVERY + 1)
    path = tmp_path / "game.json"
    session.save(path)
    kinds = [e.kind() for e in session.journal[-2:]][::-1]
    assert main(["undo", str(path), "--steps", "2"]) == 0
    assert capsys.readouterr().out.strip() == f"undone: {', '.join(kinds)}"
    session.undo(2)
    written = json.loads(path.read_text())
    expected = json.loads(session.file_text())
    for data in (written, expected):
        del data["saved"]
    assert written == expected
    opened = load_session(path, get_ruleset, tables=session.tables)
    same_state(opened, session)
    assert main(["redo", str(path), "--steps", "2"]) == 0
    same_state(load_session(path, get_ruleset, tables=session.tables),
               replayed(played[system], EVERY + 1))


def test_companion_undo_of_a_changed_file_leaves_the_check_to_the_next_open(
        played, tmp_path, capsys):
    """Undo takes entries off the end without replaying; `show` (any command that opens
    the session) still refuses the entry changed, naming it, and leaves the file."""
    session = first(played["skirmish"], 2 * EVERY + 1)
    index = one_of(session, "after")
    path = tmp_path / "bout.json"
    session.save(path)
    tampered(path, index)
    assert main(["undo", str(path)]) == 0
    capsys.readouterr()
    text = path.read_bytes()
    assert main(["show", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert f"journal[{index}] (" in err and "\n" not in err
    assert path.read_bytes() == text


def test_companion_undo_of_a_changed_last_entry_is_refused_when_it_is_redone(
        played, tmp_path, capsys):
    session = first(played["skirmish"], 2 * EVERY + 1)
    index = one_of(session, "after")
    session.undo(len(session.journal) - index - 1)
    session.redo_stack.clear()
    path = tmp_path / "bout.json"
    session.save(path)
    tampered(path, index)
    assert main(["undo", str(path)]) == 0
    assert main(["show", str(path)]) == 0  # what is left replays
    capsys.readouterr()
    text = path.read_bytes()
    assert main(["redo", str(path)]) == 1
    assert "redo of" in capsys.readouterr().err
    assert path.read_bytes() == text


def test_companion_undo_of_an_unreadable_file_opens_its_backup(played, tmp_path, capsys):
    session = first(played["battle"], 5)
    path = tmp_path / "duel.json"
    session.save(path)
    session.save(path)  # the backup is whole
    path.write_text("{ cut short")
    assert main(["undo", str(path)]) == 0
    captured = capsys.readouterr()
    assert "its backup was opened instead" in captured.err
    assert len(load_session(path, get_ruleset).journal) == 4


# --- the app -------------------------------------------------------------------------------
def test_the_app_refuses_a_file_changed_after_a_state_kept_naming_the_entry(
        app, played, tmp_path):
    session = first(played["battle"], 2 * EVERY + 1)
    index = one_of(session, "after")
    path = tmp_path / "duel.json"
    session.save(path)
    text = tampered(path, index)
    app.show_home()
    app.open_file(path)
    app.draw()
    assert app.dialog is not None
    assert f"journal[{index}] (" in app.dialog.lines[0]
    assert path.read_bytes() == text
    assert not app.autosave_path().exists()


@pytest.mark.parametrize("system", SYSTEMS)
def test_ctrl_z_in_the_app_shows_and_autosaves_the_full_replay(app, played, system):
    import pygame

    from tools.shots import press, pump

    session = first(played[system], EVERY + 2)
    path = app.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    session.save(path)
    app.resume()
    pump(app)
    screen = app.screen
    log = list(screen.session.log)
    for _ in range(3):
        press(pygame.K_z, mod=pygame.KMOD_LCTRL)
        pump(app)
    shown = screen.session
    same_state(shown, replayed(played[system], EVERY - 1))
    # The log keeps its words for what is left (they are not made again).
    assert log[:len(shown.log)] == shown.log
    same_state(load_session(path, get_ruleset, tables=shown.tables), shown)
    if system == "grimdark":
        from companion.ui.grimdark.explain import turns

        assert screen.explained_turns() == turns(shown.outcomes)
