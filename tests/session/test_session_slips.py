"""The session at its edges: undo and redo of none, one and more than there are; the
revision that counts every change; the states kept every 32 entries, whatever kind of
object a state is; rolls made beside the rules; a file's every refusal in words; and
atomic saves at the limits of a path."""

from __future__ import annotations

import copyreg
import enum
import errno
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError
from support.tally import TallyRules, new_session, rulesets

from companion.dice.derived import DerivedDice
from companion.dice.rolls import Roll, dice
from companion.dice.sources import ScriptedDice, SeededDice, TypedDice
from companion.errors import UserError
from companion.files.atomic import (
    NAME_MAX,
    PATH_MAX,
    atomic_write,
    existing_backup,
    has_copy,
    unsaveable,
)
from companion.session.session import (
    SNAPSHOT_EVERY,
    KeptRoll,
    Session,
    SessionFileError,
    load_session,
    read_session_file,
    undo_in_file,
)
from companion.session.snapshots import Snapshots
from companion.tables.loader import TableSet

SEED = "5eed" * 16
# The longest temporary name beside a file is its name and 18 bytes more
# (".NAME.bak-12345678.tmp").
TMP_EXTRA = 18


def _played(count: int, **given: Any) -> Session:
    session = Session(TallyRules(), {"start": 0}, TableSet(), **given)
    for i in range(count):
        # Tally refuses a total over 99 unless given a higher limit.
        session.act({"type": "add", "limit": 1000}, ScriptedDice([i % 6 + 1]))
    return session


def _file(tmp_path: Path, **fields: Any) -> Path:
    data = {"format": "companion-session", "version": 2, "ruleset": "tally",
            "setup": {"start": 1}, **fields}
    path = tmp_path / "tally.json"
    path.write_text(json.dumps(data))
    return path


def _open(path: Path) -> Session:
    return load_session(path, rulesets, tables=TableSet())


# --- undo and redo -----------------------------------------------------------------------
def test_undo_takes_back_none_for_zero_or_fewer_steps_and_at_most_the_journal() -> None:
    session = _played(3)
    assert session.undo(0) == 0 and session.undo(-2) == 0
    assert len(session.journal) == 3 and session.redo_stack == []
    assert session.undo() == 1 and len(session.journal) == 2  # one step unless told
    session.redo()
    assert session.undo(5) == 3
    assert session.journal == [] and session.state.total == 0
    assert session.undo() == 0


def test_redo_gives_back_as_many_steps_as_asked_and_no_more() -> None:
    session = _played(3)
    totals = [1, 3, 6]
    session.undo(3)
    assert session.redo(0) == 0 and session.redo(-1) == 0
    assert session.redo() == 1  # one step unless told
    assert session.state.total == totals[0] and len(session.redo_stack) == 2
    assert session.redo(1) == 1 and session.state.total == totals[1]
    assert session.redo(5) == 1 and session.state.total == totals[2]
    assert session.redo() == 0


def test_a_redo_of_nothing_saves_nothing(tmp_path: Path) -> None:
    session = _played(2)
    session.autosave_path = tmp_path / "auto.json"
    assert session.redo() == 0
    assert not session.autosave_path.exists()
    session.undo()
    session.autosave_path.unlink()
    assert session.redo() == 1
    assert len(json.loads(session.autosave_path.read_text())["journal"]) == 2


def test_the_revision_counts_every_change_of_the_state_one_by_one() -> None:
    session = new_session()
    assert session.revision == 0
    session.act({"type": "add"}, ScriptedDice([2]))
    session.act({"type": "add"}, ScriptedDice([3]))
    assert session.revision == 2
    with pytest.raises(UserError):
        session.act({"type": "add", "limit": 0}, ScriptedDice([4]))
    # Tried on the live state, then put right: two changes, never a value seen before.
    assert session.revision == 4
    session.undo(2)
    assert session.revision == 5
    session.redo(2)
    assert session.revision == 7
    assert session.undo(0) == 0 and session.revision == 7


# --- the states kept ---------------------------------------------------------------------
def test_a_state_is_kept_every_32_entries_and_before_the_first() -> None:
    assert SNAPSHOT_EVERY == 32
    session = _played(65)
    assert session.snapshots.counts == [0, 32, 64]
    session.undo(34)
    assert session.snapshots.counts == [0]
    assert session.state == _played(31).state


def test_a_session_keeping_no_states_undoes_from_the_setup() -> None:
    session = _played(5, snapshot_every=0)
    assert session.snapshots.counts == []
    session.undo(2)
    assert session.state == _played(3).state
    assert session.snapshots.counts == []


def test_a_session_may_keep_a_state_after_every_entry() -> None:
    session = _played(4, snapshot_every=1)
    assert session.snapshots.counts == [0, 1, 2, 3, 4]
    session.undo()
    assert session.state == _played(3).state


def test_a_store_of_every_zero_is_never_due_and_one_of_every_one_always() -> None:
    assert not Snapshots(0).due(0) and not Snapshots(0).due(5)
    every = Snapshots(1)
    assert every.due(0) and every.due(7)
    every.keep(7, {"x": 1})
    assert not every.due(7) and every.counts == [7]
    assert Snapshots(4).due(8) and not Snapshots(4).due(9)


class Colour(enum.Enum):
    RED = 1


class Mark(BaseModel):
    name: str


@dataclass
class Plain:
    total: int = 0
    colour: Colour = Colour.RED
    mark: Mark = field(default_factory=lambda: Mark(name="x"))
    items: list[int] = field(default_factory=list)


class Slotted:
    __slots__ = ("hidden",)


@dataclass
class HalfSlotted(Slotted):
    total: int = 0


@dataclass
class OwnReduce:
    total: int = 0

    def __reduce__(self) -> Any:
        return (OwnReduce, (self.total,))


@dataclass
class OwnReduceEx:
    total: int = 0

    def __reduce_ex__(self, protocol: Any) -> Any:
        return (OwnReduceEx, (self.total,))


@dataclass
class OwnGetstate:
    total: int = 0

    def __getstate__(self) -> Any:
        return dict(vars(self))


@dataclass
class OwnSetstate:
    total: int = 0

    def __setstate__(self, state: Any) -> None:
        vars(self).update(state)


@dataclass
class OwnDeepcopy:
    total: int = 0

    def __deepcopy__(self, memo: Any) -> OwnDeepcopy:
        return OwnDeepcopy(self.total)


@dataclass
class Registered:
    total: int = 0


copyreg.pickle(Registered, lambda r: (Registered, (r.total,)))


def test_a_plain_state_with_enums_and_models_is_pickled_and_thaws_equal() -> None:
    state = Plain(3, items=[1, 2])
    frozen = Snapshots(4).freeze(state)
    assert frozen.size > 0
    thawed = frozen.thaw()
    assert thawed == state and thawed.items is not state.items
    assert thawed.colour is Colour.RED


@pytest.mark.parametrize("kind", [OwnReduce, OwnReduceEx, OwnGetstate, OwnSetstate,
                                  OwnDeepcopy, Registered, HalfSlotted])
def test_a_state_that_copies_itself_its_own_way_is_deepcopied(kind: Any) -> None:
    state = kind(total=5)
    if isinstance(state, Slotted):
        state.hidden = [1]
    frozen = Snapshots(4).freeze(state)
    assert frozen.size == 0  # not the pickle of its attributes
    thawed = frozen.thaw()
    assert thawed.total == 5 and thawed is not state
    if isinstance(state, Slotted):
        assert thawed.hidden == [1]


def test_once_a_state_would_not_pickle_the_store_deepcopies_from_then_on() -> None:
    store = Snapshots(4)
    odd = Plain(items=[lambda: 1])  # type: ignore[list-item]
    store.keep(0, odd)
    store.keep(4, Plain(2))
    assert store.size == 0
    found = store.nearest(5)
    assert found is not None and found[0] == 4 and found[1] == Plain(2)
    assert store.nearest(3) is not None and store.nearest(-1) is None


# --- acting -------------------------------------------------------------------------------
def test_a_verifiable_session_draws_the_apps_dice_from_its_seed() -> None:
    session = _played(0, seed=SEED)
    session.act({"type": "add"}, SeededDice(1))
    session.act({"type": "add"}, SeededDice(1))
    assert [e.rolls[0]["faces"][0] for e in session.journal] == [
        DerivedDice(SEED, i).d6().faces[0] for i in range(2)]
    # Dice typed in, or scripted, are kept as given.
    session.act({"type": "add"}, TypedDice([6]))
    session.act({"type": "add"}, ScriptedDice([5]))
    assert [e.rolls[0]["faces"] for e in session.journal[2:]] == [[6], [5]]
    plain = _played(0)
    plain.act({"type": "add"}, ScriptedDice([2]))
    assert plain.journal[0].rolls[0]["faces"] == [2]


def test_only_a_session_with_no_action_yet_is_made_verifiable(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="only a session with no action yet"):
        _played(1).make_verifiable(SEED)
    undone = _played(1)
    undone.undo()
    with pytest.raises(UserError, match="only a session with no action yet"):
        undone.make_verifiable(SEED)
    fresh = _played(0, autosave_path=tmp_path / "auto.json")
    fresh.make_verifiable(SEED)
    assert fresh.seed == SEED
    assert json.loads((tmp_path / "auto.json").read_text())["seed"] == SEED


def _roll(purpose: str) -> Roll:
    return Roll(who="Brutus", purpose=purpose, dice=dice([4]))


def test_rolls_beside_the_rules_stand_where_they_were_made_and_survive_an_undo() -> None:
    session = _played(0)
    session.note_roll(_roll("before"))
    session.act({"type": "add"}, ScriptedDice([3]))
    session.note_roll(_roll("between"))
    session.act({"type": "add"}, ScriptedDice([4]))
    session.note_roll(_roll("after"))
    assert [r.purpose for r in session.rolls] == ["before", "add", "between", "add", "after"]
    assert [k.after for k in session.other_rolls] == [0, 1, 2]
    session.undo(2)
    assert [r.purpose for r in session.rolls] == ["before", "between", "after"]


def test_the_crowds_log_leaves_out_why_the_coaching_chose() -> None:
    from support.report_sessions import grimdark

    session = grimdark(most=2)
    told, public = session.log, session.public_log
    assert len(told) == len(public) and told != public
    assert any("(aggressive, the best exchange by the odds" in line for line in told)
    assert not any("the best exchange by the odds" in line for line in public)


def test_entries_and_rolls_kept_cannot_be_changed_in_place() -> None:
    session = _played(1)
    with pytest.raises(ValidationError):
        session.journal[0].outcome = "0" * 64
    kept = KeptRoll(after=0, roll=_roll("x"))
    with pytest.raises(ValidationError):
        kept.after = 3


def test_a_session_keeps_the_time_it_was_created(tmp_path: Path) -> None:
    session = _played(1, created="2025-05-01T20:00:00+00:00")
    assert session.created == "2025-05-01T20:00:00+00:00"
    session.save(tmp_path / "t.json")
    assert _open(tmp_path / "t.json").created == "2025-05-01T20:00:00+00:00"


# --- the file -----------------------------------------------------------------------------
def test_the_file_records_todays_tables_unless_it_is_a_committed_match() -> None:
    recorded = {"grimdark-rules": "ee" * 32}
    plain = _played(0, played_with=recorded)
    assert plain.to_file().tables == plain.fingerprints == {}
    verifiable = _played(0, played_with=recorded, seed=SEED)
    assert verifiable.to_file().tables == recorded
    assert _played(0, seed=SEED).to_file().tables == {}


_ADD = {"action": {"type": "add"}, "rolls": [
    {"purpose": "add", "roller": "p1", "sides": 6, "faces": [4]}]}


@pytest.mark.parametrize(("entry", "said"), [
    ({"action": {"type": "add"}, "rolls": [
        {"purpose": "add", "roller": "", "sides": 6, "faces": [9]}]},
     "journal[0].rolls[0]: face 1 (9) is impossible on a d6"),
    ({"action": {"type": "add"}, "rolls": [
        {"purpose": "add", "roller": "", "sides": 6, "faces": [2, 3]}]},
     "journal[0] (add) recorded more dice than its action used"),
    ({"action": {"type": 5}, "rolls": []},
     "journal[0] (?) does not replay: type: the only action is add")])
def test_an_entry_that_does_not_replay_is_refused_in_words(tmp_path: Path, entry: Any,
                                                           said: str) -> None:
    path = _file(tmp_path, journal=[entry])
    with pytest.raises(SessionFileError) as err:
        _open(path)
    assert said in str(err.value)


@pytest.mark.parametrize(("text", "said"), [
    ('{"a": 1}', "not a game saved by this app"),
    ("[1]", "(top level): must be an object (not a list)"),
    ('{"format": "companion-session", "version": 2, "ruleset": "tally", "setup": {}, '
     '"tables": null}', "tables: must be an object (not null)"),
    ('{"format": "companion-session", "version": "x", "ruleset": "tally", "setup": {}}',
     "version: must be a whole number (not 'x')"),
    ('{"format": "companion-session", "version": "x", "ruleset": "tally", "setup": {}, '
     '"created": 5}', "version: must be a whole number (not 'x') (and 1 more problems)")])
def test_a_file_that_is_no_session_says_what_is_wrong_first(tmp_path: Path, text: str,
                                                            said: str) -> None:
    path = tmp_path / "t.json"
    path.write_text(text)
    with pytest.raises(SessionFileError) as err:
        read_session_file(path)
    assert str(err.value) == f"{path}: {said}"


def test_a_session_of_this_version_opens_and_one_of_the_next_does_not(
        tmp_path: Path) -> None:
    assert _open(_file(tmp_path, journal=[_ADD])).state.total == 5
    with pytest.raises(SessionFileError, match=re.escape(
            "saved by a newer companion (version 3; this one reads up to 2)")):
        _open(_file(tmp_path, version=3))


def test_tables_changed_since_the_save_are_named_and_the_rest_are_not(
        tmp_path: Path) -> None:
    session = _open(_file(tmp_path, journal=[_ADD], tables={"old-table": "ab" * 32}))
    assert session.warnings == ["tally.json: played with other versions of old-table; it "
                                "still replays the same"]
    assert _open(_file(tmp_path, journal=[_ADD])).warnings == []


def test_a_broken_save_opens_its_backup_saying_when_that_was_saved(tmp_path: Path) -> None:
    path = _file(tmp_path, journal=[_ADD], saved="2025-05-01T20:00:00+00:00")
    atomic_write(path, "{ cut")
    session = _open(path)
    assert session.state.total == 5
    assert session.warnings[-1].endswith("; its backup was opened instead (saved "
                                         "2025-05-01T20:00:00+00:00)")
    _file(tmp_path, journal=[_ADD])
    atomic_write(path, "{ cut")
    assert _open(path).warnings[-1].endswith("; its backup was opened instead")
    backup = tmp_path / "tally.json.bak"
    backup.unlink()
    with pytest.raises(SessionFileError, match="line 1"):
        _open(path)


def test_undo_in_the_file_of_none_or_more_steps_than_there_are(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    _played(2).save(path)
    text = path.read_text()
    assert undo_in_file(path, 0) == [] and undo_in_file(path, -1) == []
    assert path.read_text() == text
    undone = undo_in_file(path, 5)
    assert [e.rolls[0]["faces"] for e in undone] == [[2], [1]]  # the last first
    data = json.loads(path.read_text())
    assert data["journal"] == [] and len(data["redo"]) == 2
    assert _open(path).redo(2) == 2


# --- atomic saves at the edges of a path -------------------------------------------------
def test_a_name_is_at_most_255_bytes_with_its_temporary_names_beside_it(
        tmp_path: Path) -> None:
    assert NAME_MAX == 255
    longest = tmp_path / ("n" * (NAME_MAX - TMP_EXTRA))
    assert unsaveable(longest) is None
    atomic_write(longest, "x")
    atomic_write(longest, "y")
    assert longest.read_text() == "y"
    refused = unsaveable(tmp_path / ("n" * (NAME_MAX - TMP_EXTRA + 1)))
    assert refused is not None and refused.errno == errno.ENAMETOOLONG
    # A folder's name has no temporary name beside it: 255 bytes are allowed.
    assert unsaveable(tmp_path / ("d" * NAME_MAX) / "game.json") is None
    # One folder's name too long among short ones is enough to refuse the path, even
    # past a file where a folder should be (which the system says first).
    refused = unsaveable(tmp_path / ("d" * (NAME_MAX + 1)) / "game.json")
    assert refused is not None and refused.errno == errno.ENAMETOOLONG
    (tmp_path / "notes.txt").write_text("")
    refused = unsaveable(tmp_path / "notes.txt" / ("d" * (NAME_MAX + 1)) / "game.json")
    assert refused is not None and refused.errno == errno.ENAMETOOLONG


def test_a_whole_path_is_short_of_4096_bytes_with_its_temporary_names(
        tmp_path: Path) -> None:
    assert PATH_MAX == 4096
    base = os.path.abspath(tmp_path)

    def of_length(n: int) -> Path:
        parts, left = [], n - len(base) - 1
        while left > 201:
            parts.append("f" * 200)
            left -= 201
        parts.append("g" * left)
        path = Path(base, *parts)
        assert len(os.fsencode(str(path))) == n
        return path

    assert unsaveable(of_length(PATH_MAX - TMP_EXTRA - 1)) is None
    refused = unsaveable(of_length(PATH_MAX - TMP_EXTRA))
    assert refused is not None and refused.errno == errno.ENAMETOOLONG


@pytest.mark.parametrize(("name", "said"), [
    ("with\0nul.json", "the name holds a NUL character"),
    ("bad\ud800name.json", "the name holds characters no file name can hold")])
def test_a_name_no_file_can_have_is_refused_in_words(tmp_path: Path, name: str,
                                                     said: str) -> None:
    refused = unsaveable(tmp_path / name)
    assert refused is not None and refused.errno == errno.EINVAL
    assert refused.strerror == said and refused.filename == str(tmp_path / name)


def test_a_folder_or_a_device_is_no_place_to_save(tmp_path: Path) -> None:
    for folder in (tmp_path, tmp_path / "sub" / "..", Path("/")):
        refused = unsaveable(folder)
        assert isinstance(refused, IsADirectoryError), folder
    device = unsaveable(Path(os.devnull))
    assert device is not None and device.strerror == "not a plain file (a device or a pipe)"
    assert unsaveable(tmp_path / "new.json") is None
    (tmp_path / "old.json").write_text("x")
    assert unsaveable(tmp_path / "old.json") is None


def test_there_is_a_copy_to_open_when_the_file_or_its_backup_is_there(
        tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert not has_copy(path) and existing_backup(path) is None
    path.write_text("x")
    assert has_copy(path) and existing_backup(path) is None
    path.rename(tmp_path / "game.json.bak")
    assert has_copy(path) and existing_backup(path) == tmp_path / "game.json.bak"
    # A path that names no file has no backup, whatever lies beside it.
    (tmp_path / "...bak").write_text("x")
    assert existing_backup(tmp_path / "sub" / "..") is None
    assert existing_backup(Path("/")) is None


def test_a_save_removes_only_its_own_leftovers_and_makes_its_folders(
        tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "game.json"
    atomic_write(path, "one")
    others = [path.with_name(".game.json.notes"), path.with_name("other.tmp"),
              path.with_name(".other.json.1234.tmp")]
    for other in others:
        other.write_text("keep")
    path.with_name(".game.json.1234abcd.tmp").write_text("left by a crash")
    atomic_write(path, "two")
    assert sorted(p.name for p in path.parent.iterdir()) == sorted(
        ["game.json", "game.json.bak", *(o.name for o in others)])


def test_a_new_file_gets_the_umasks_permissions(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        atomic_write(tmp_path / "new.json", "x")
    finally:
        os.umask(mask)
    assert (tmp_path / "new.json").stat().st_mode & 0o777 == 0o644


def test_each_save_keeps_the_one_before_as_the_backup(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    for text in ("first", "second", "third"):
        atomic_write(path, text)
    assert path.read_text() == "third"
    assert (tmp_path / "game.json.bak").read_text() == "second"
    # A save killed once its backup was made leaves the backup a link of the file: the
    # next save keeps that as the backup all the same.
    (tmp_path / "game.json.bak").unlink()
    os.link(path, tmp_path / "game.json.bak")
    atomic_write(path, "fourth")
    assert (tmp_path / "game.json.bak").read_text() == "third"


def test_a_save_that_fails_on_its_way_names_the_file_asked_for(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("a file where a folder should be")
    path = tmp_path / "notes.txt" / "games" / "game.json"
    with pytest.raises(NotADirectoryError) as err:
        atomic_write(path, "x")
    assert err.value.filename == str(path)


def test_an_action_taken_after_an_undo_replaces_the_undone_one_in_the_file_and_log(
        ) -> None:
    session = _played(3)
    assert json.loads(session.file_text())["journal"][2]["rolls"][0]["faces"] == [3]
    log_before = session.log  # the words of all three are made, and kept
    session.undo()
    session.act({"type": "add", "limit": 1000}, ScriptedDice([6]))
    saved = json.loads(session.file_text())
    assert [e["rolls"][0]["faces"] for e in saved["journal"]] == [[1], [2], [6]]
    assert session.log[:-1] == log_before[:-1] and session.log[-1] != log_before[-1]


def test_undo_in_a_file_takes_one_action_unless_told(tmp_path: Path) -> None:
    path = tmp_path / "tally.json"
    _played(4).save(path)
    undone = undo_in_file(path)
    assert [e.rolls[0]["faces"] for e in undone] == [[4]]
    assert len(read_session_file(path).journal) == 3


def test_an_action_whose_autosave_fails_stands_and_says_so_without_raising(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.session.session as module

    session = _played(1)
    session.autosave_path = tmp_path / "autosave.json"

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(module, "atomic_write", full)
    done = session.act({"type": "add", "limit": 1000}, ScriptedDice([4]))
    assert len(session.journal) == 2 and not done.saved and done.events
    assert done.unsaved is session.unsaved is not None
    assert done.unsaved.errno == errno.ENOSPC
    assert session.undo() == 1 and session.redo() == 1 and len(session.journal) == 2
    monkeypatch.setattr(module, "atomic_write", atomic_write)
    assert session.act({"type": "add", "limit": 1000}, ScriptedDice([5])).saved
    assert session.unsaved is None and session.autosave_path.is_file()

