"""A game as setup + journal of actions; undo, redo, save, replay.

The state is never stored: it is derived by replaying the journal from the setup, each
action with the dice it consumed. Each journal entry also keeps the digest of what its
action produced, so a replay that comes out differently (a die changed by hand, a
table edited since) is noticed and refused, naming the entry. The file records the
fingerprint of every table the session is played with. Saves are atomic; a broken
file gives a clear error and is left as it is.

Opening a file replays and checks every entry. Along the way, and as actions are
taken, the session keeps a copy of the state every `SNAPSHOT_EVERY` entries
(`companion.session.snapshots`), so that undo (and a failed action put right) replays only
from the nearest copy: its cost does not grow with the journal.

The session knows rule systems only through `companion.rulesets.base`.

What the session saves and reads (its entries, the file's model and text) is
`companion.session.journal`."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import chain
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.dice.derived import check_seed
from companion.dice.rolls import Roll, merge
from companion.dice.sources import DiceError, DiceSource, ScriptedDice
from companion.errors import UserError
from companion.files.atomic import atomic_write, existing_backup, has_copy
from companion.files.pathwords import shown_path
from companion.files.written_by import WRITTEN_BY, refuse_over
from companion.rulesets.base import Event, Outcome, Ruleset
from companion.rulesets.playable import playable_tables
from companion.session.fair import Fair, action_dice, fair_from
from companion.session.journal import (
    FORMAT,
    SCHEMA_VERSION,
    JournalEntry,
    KeptRoll,
    SessionFile,
    SessionFileError,
    Texts,
    changed_tables,
    file_text,
    newer_file,
    read_session_file,
    still_made,
    texts_of,
)
from companion.session.snapshots import Snapshots
from companion.tables.loader import TableSet, load_tables

if TYPE_CHECKING:
    from companion.session.autosaver import Autosaver

# The state is kept every this many entries. Undo replays up to this many less one
# from the copy before it, a copy costs a few actions' time and 1-4 KB: 32 keeps undo
# under about 15 actions' time and adds a few percent to an action (README, Performance).
SNAPSHOT_EVERY = 32


@dataclass(frozen=True)
class Acted(Outcome):
    """What one action did, as the rules told it, and whether the session could save
    it: `unsaved` is the error of the autosave (or the player's own file) that failed;
    the action stands either way."""

    unsaved: OSError | None = None

    @property
    def saved(self) -> bool:
        return self.unsaved is None


class Session:
    """One game: its rule system, setup and tables, the journal of what was done, and
    the state that follows. Change it only through `act`, `undo` and `redo` (and
    `note_roll`, for a roll made beside the rules)."""

    def __init__(self, ruleset: Ruleset[Any], setup: Mapping[str, Any],
                 tables: TableSet | None = None, journal: Sequence[JournalEntry] = (),
                 redo: Sequence[JournalEntry] = (), *, created: str | None = None,
                 autosave_path: Path | None = None,
                 other_rolls: Sequence[KeptRoll] = (), seed: str | None = None,
                 played_with: Mapping[str, str] | None = None,
                 snapshot_every: int = SNAPSHOT_EVERY, fair: Fair | None = None) -> None:
        self.ruleset = ruleset
        # Verifiable: the dice come from this secret seed (scheme 2: and `fair`'s salts).
        self.seed, self.fair = None if seed is None else check_seed(seed), fair
        self.setup: dict[str, Any] = dict(setup)
        given = tables if tables is not None else load_tables()
        # A user's table the system cannot play is set aside here, before any action.
        self.tables = playable_tables(given, [ruleset])
        self.created = created or _now()
        # The fingerprints its file recorded: a verifiable match keeps those it was
        # committed to, though it plays on with other versions of the tables.
        self.played_with: dict[str, str] | None = dict(played_with) if played_with else None
        # The digest of the tables a replay code says the match was committed to.
        self.committed_tables: str | None = None
        self.autosave_path = autosave_path
        # The app's writer, which writes a big autosave off the window's thread.
        self.autosaver: Autosaver | None = None
        # The player's own file, once he has saved or opened one: every change is
        # written there too. The one an autosave named, when it was read (load_session).
        self.own_file: Path | None = None
        self.own_file_named: str | None = None
        self.newer_file: tuple[Path, str] | None = None  # see written_by.refuse_over
        # The last autosave's failure (a full disk, a folder made read-only), None once
        # one succeeds: acting and saving are apart, and a change that stands is never
        # reported as an error raised after it.
        self.unsaved: OSError | None = None
        self.redo_stack: list[JournalEntry] = list(redo)
        # For the player: tables set aside, tables changed since the save.
        self.warnings: list[str] = [str(p) for p in self.tables.problems[len(given.problems):]]
        self.journal: list[JournalEntry] = []
        self.outcomes: list[Outcome] = []
        self._words: list[tuple[Outcome, list[str]]] = []
        self._public_words: list[tuple[Outcome, list[str]]] = []
        self._rolls: list[tuple[Outcome, list[Roll]]] = []
        self.other_rolls: list[KeptRoll] = list(other_rolls)
        # Counts every change of the state (an action, an undo, a redo, a failed action
        # put right): the state is changed in place, so a screen's cache keys on this,
        # not on the state's identity.
        self.revision = 0
        self._snapshots = Snapshots(snapshot_every)
        # Each entry's text in the file, made once, for the journal and the redo list
        # (each entry beside it): a save writes them all, after every action and undo
        # in the app.
        self._texts: tuple[Texts, Texts] = (([], []), ([], []))
        self._state = self._replay(journal)

    @property
    def state(self) -> Any:
        """The current state. Treat it as read-only: change it through `act`, which
        changes this very object (undo and redo replace it); keep a copy of a state
        that must not change, and read `revision` to notice a change."""
        return self._state

    @property
    def fingerprints(self) -> dict[str, str]:
        """The fingerprint of each table this session is played with."""
        return self.tables.fingerprints(self.ruleset.table_ids)

    @property
    def events(self) -> list[Event]:
        return [e for outcome in self.outcomes for e in outcome.events]

    @property
    def log(self) -> list[str]:
        """What happened, in the words of the system's narrator."""
        return self._told(self._words, public=False)

    @property
    def public_log(self) -> list[str]:
        """The log as the crowd may read it (`Ruleset.report_public`): a screen others
        can see shows this, keeping why the coaching chose each move to the GM."""
        return self._told(self._public_words, public=True)

    def _told(self, words: list[tuple[Outcome, list[str]]], public: bool) -> list[str]:
        # Words are made once per outcome: the log is read on every frame, and an undo
        # keeps the words of the actions it leaves.
        del words[still_made(words, self.outcomes):]
        rules, state = self.ruleset, self._state
        for outcome in self.outcomes[len(words):]:
            events = [rules.report_public(state, e) for e in outcome.events] if public \
                else outcome.events
            words.append((outcome, rules.narrate(state, events)))
        return list(chain.from_iterable(map(itemgetter(1), words)))

    @property
    def rolls(self) -> list[Roll]:
        """Every roll of the session in the order made: the rules' (each die drawn,
        as the system describes it) and those made beside them."""
        made = self._rolls
        del made[still_made(made, self.outcomes):]
        for i in range(len(made), len(self.outcomes)):
            outcome, entry = self.outcomes[i], self.journal[i]
            described = self.ruleset.rolls(self._state, outcome.events)
            made.append((outcome, merge(described, entry.records(f"journal[{i}]"))))
        # An outside roll made after actions since undone stands after what is left.
        others: dict[int, list[Roll]] = {}
        for kept in self.other_rolls:
            others.setdefault(min(kept.after, len(made)), []).append(kept.roll)
        out: list[Roll] = list(others.get(0, []))
        for i, (_, rolls) in enumerate(made, start=1):
            out += rolls
            out += others.get(i, [])
        return out

    def note_roll(self, roll: Roll) -> None:
        """Keep a roll made beside the rules with the session (and in its autosave)."""
        self.other_rolls.append(KeptRoll(after=len(self.journal), roll=roll))
        self._autosave()

    def narrate(self, outcome: Outcome) -> list[str]:
        return self.ruleset.narrate(self._state, outcome.events)

    # --- acting -------------------------------------------------------------------
    def act(self, action: Mapping[str, Any], dice: DiceSource) -> Acted:
        """Apply one action with live dice: what happened, and whether it was saved.
        On any error nothing changes; once it has gone into the journal it stands and
        nothing is raised: a failed autosave is said by the result's `unsaved` (and
        the session's, until the next save).

        In a verifiable session the app's dice (a `SeededDice`, whatever its seed) give
        way to the dice its secret seed derives for this place in the journal, so that
        no caller can draw others; dice typed in are kept, and marked as typed."""
        if self.seed is not None:
            dice = action_dice(self.seed, self.fair, len(self.journal), dice, action, self)
        parsed = self.ruleset.parse_action(action)
        start = len(dice.history)
        # Applied to the live state: copying the whole state for every action cost
        # many times the action itself. An action that fails part-way (refused late,
        # dice still to be typed in, a bug) may have changed it, so the state is then
        # rebuilt from the journal, which replays exactly; failures are rare.
        self.revision += 1
        try:
            outcome = self.ruleset.apply(self._state, parsed, dice)
        except BaseException:
            self._restore()
            raise
        rolls = [r.to_dict() for r in dice.history[start:]]
        self.journal.append(JournalEntry(action=parsed, rolls=rolls, outcome=outcome.digest()))
        self.outcomes.append(outcome)
        self.redo_stack.clear()
        self._snapshot()
        self._autosave()
        return Acted(outcome.events, self.unsaved)

    def _restore(self) -> None:
        """The state as the journal makes it, after an action failed part-way."""
        try:
            self._state = self._rebuilt(len(self.journal))
        finally:
            self.revision += 1

    def undo(self, steps: int = 1) -> int:
        """Drop the last `steps` actions (fewer if the journal is shorter)."""
        done = min(max(steps, 0), len(self.journal))
        if not done:
            return 0
        kept = len(self.journal) - done
        state = self._rebuilt(kept)  # first: a replay that fails changes nothing
        while len(self.journal) > kept:
            self.redo_stack.append(self.journal.pop())
            self.outcomes.pop()
        self._snapshots.forget_after(kept)
        self._state = state
        self.revision += 1
        self._autosave()
        return done

    def redo(self, steps: int = 1) -> int:
        done = 0
        while done < steps and self.redo_stack:
            entry = self.redo_stack[-1]
            # A redo, unlike `act`, replaces the state with a changed copy: a state
            # kept from before it never changes (companion.reports.moments keeps one
            # per turn).
            trial = self._snapshots.freeze(self._state).thaw()
            self._replay_entry(trial, entry, f"redo of {entry.kind()}")
            self._state = trial
            self.revision += 1
            self.redo_stack.pop()
            self._snapshot()
            done += 1
        if done:
            self._autosave()
        return done

    def make_verifiable(self, seed: str) -> None:
        """Draw every die from now on from `seed`: only before the first action, since
        dice drawn before could not be checked against it."""
        if self.journal or self.redo_stack:
            raise UserError("only a session with no action yet can be made verifiable")
        self.seed = check_seed(seed)
        self._autosave()

    @property
    def can_undo(self) -> bool:
        return bool(self.journal)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    # --- replay -------------------------------------------------------------------
    def _replay(self, entries: Sequence[JournalEntry]) -> Any:
        """The state after `entries`, from the setup (in place: a failure refuses it
        all); each entry checked against its digest, and the state kept every
        `snapshot_every` entries on the way."""
        state = self.ruleset.new_state(self.setup, self.tables)
        self._snapshot(state)
        for i, entry in enumerate(entries):
            self._replay_entry(state, entry, f"journal[{i}]")
            self._snapshot(state)
        return state

    def _replay_entry(self, state: Any, entry: JournalEntry, where: str) -> None:
        """Apply a recorded entry to `state` with its own dice; check that it used them
        all and produced what it produced when it was recorded."""
        outcome = self._applied(state, entry, where)
        found = outcome.digest()
        if entry.outcome is not None and entry.outcome != found:
            raise SessionFileError(f"{where} ({entry.kind()}): the replay differs from what "
                                   "was recorded")
        self.journal.append(entry if entry.outcome is not None
                            else entry.model_copy(update={"outcome": found}))
        self.outcomes.append(outcome)

    def _applied(self, state: Any, entry: JournalEntry, where: str,
                 checked: bool = False) -> Outcome:
        """Apply a recorded entry to `state` with its own dice, all of them. The dice of
        an entry `checked` when it joined the journal are not read again."""
        faces = [face for r in entry.rolls for face in r["faces"]] if checked \
            else [face for r in entry.records(where) for face in r.faces]
        dice = ScriptedDice(faces)
        try:
            action = self.ruleset.parse_action(entry.action)
            outcome = self.ruleset.apply(state, action, dice)
        except (UserError, DiceError) as err:
            raise SessionFileError(f"{where} ({entry.kind()}) does not replay: {err}") from None
        if dice.remaining:
            raise SessionFileError(f"{where} ({entry.kind()}) recorded more dice than its "
                                   "action used")
        return outcome

    def _rebuilt(self, count: int) -> Any:
        """A new state after the first `count` entries of the journal: the nearest
        state kept before it, and the entries after that replayed. Each was checked
        when it joined the journal; it must come out as it did then (the same events,
        which the outcomes kept hold), or the session is not changed."""
        start, state = self._snapshots.nearest(count) or (
            0, self.ruleset.new_state(self.setup, self.tables))
        for i in range(start, count):
            entry = self.journal[i]
            outcome = self._applied(state, entry, f"journal[{i}]", checked=True)
            if outcome.events != self.outcomes[i].events:
                raise SessionFileError(f"journal[{i}] ({entry.kind()}): the replay differs "
                                       "from what was recorded")
        # No state to keep on the way: every one due up to the journal's end is kept
        # already (opening, each action and each redo keep theirs; undo drops only those
        # past its end).
        return state

    def _snapshot(self, state: Any = None) -> None:
        """Keep `state` (the session's own unless given), the state after the whole
        journal, if a copy is due there."""
        count = len(self.journal)
        every = self._snapshots.every
        # Asked after every action: the common answer, no, costs no call.
        if every and not count % every and self._snapshots.due(count):
            self._snapshots.keep(count, self._state if state is None else state)

    @property
    def snapshots(self) -> Snapshots:
        """The states kept along the journal (read-only: for the bench and the tests)."""
        return self._snapshots

    # --- files --------------------------------------------------------------------
    def to_file(self, own_file: Path | None = None) -> SessionFile:
        return SessionFile(
            format=FORMAT, version=SCHEMA_VERSION, written_by=WRITTEN_BY,
            ruleset=self.ruleset.id, setup=self.setup,
            tables=self.played_with if self.seed is not None and self.played_with
            else self.fingerprints,
            journal=self.journal, redo=list(self.redo_stack),
            other_rolls=list(self.other_rolls),
            created=self.created, saved=_now(), seed=self.seed,
            fair=None if self.fair is None else self.fair.to_json(),
            # Absolute: Resume may run from another folder.
            own_file=None if own_file is None else os.path.abspath(own_file),
        )

    def save(self, path: Path) -> None:
        refuse_over(path, self.newer_file)
        atomic_write(path, self.file_text())

    def file_text(self, own_file: Path | None = None) -> str:
        """What `save` writes: `to_file()` as JSON, each entry's text made once."""
        texts = [texts_of(entries, made)
                 for entries, made in zip((self.journal, self.redo_stack), self._texts,
                                          strict=True)]
        return file_text(self.to_file(own_file), (texts[0], texts[1]))

    def _autosave(self) -> None:
        """Write the autosave, and the player's own file if he has one; the first
        failure is kept in `unsaved`, never raised (the change stands)."""
        saves = []
        if self.autosave_path is not None:
            saves.append((self.autosave_path, self.own_file))
        if self.own_file is not None and self.own_file != self.autosave_path:
            saves.append((self.own_file, None))
        failed: OSError | None = None
        for path, names in saves:
            try:
                refuse_over(path, self.newer_file)
                text = self.file_text(names)
                if self.autosaver is None:
                    atomic_write(path, text)
                else:
                    self.autosaver.save(path, text, atomic_write)
            except OSError as err:
                failed = failed or err
        self.unsaved = failed


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")

def load_session(
    path: Path, rulesets: Callable[[str], Ruleset[Any]], *, tables: TableSet | None = None,
    autosave_path: Path | None = None
) -> Session:
    """Read, validate and replay a saved session. The file is left untouched.

    A file that is missing or cannot be read falls back to its backup (`<name>.bak`,
    the save before), and `session.warnings` says so. A table changed since the file
    was saved is named in the warnings when the session still replays, and in the
    error when it does not."""
    path = Path(path)
    notes: list[str] = []
    try:
        parsed = read_session_file(path)
    except SessionFileError as err:
        backup = existing_backup(path)
        if backup is None or err.newer:
            raise
        try:
            parsed = read_session_file(backup)
        except SessionFileError:
            raise err from None
        when = f" (saved {parsed.saved})" if parsed.saved else ""
        notes.append(f"{err}; its backup was opened instead{when}")
    try:
        ruleset = rulesets(parsed.ruleset)
    except UserError as err:
        raise SessionFileError(f"{shown_path(path)}: ruleset: {err}") from None
    tables = tables if tables is not None else load_tables()
    try:
        current = tables.fingerprints(ruleset.table_ids)
    except UserError as err:
        raise SessionFileError(f"{shown_path(path)}: {err}") from None
    changed = changed_tables(parsed.tables, current)
    since = (f"; changed since it was saved: {', '.join(changed)}" if changed else "")
    try:
        session = Session(ruleset, parsed.setup, tables, parsed.journal, parsed.redo,
                          created=parsed.created or _now(), other_rolls=parsed.other_rolls,
                          seed=parsed.seed, played_with=parsed.tables, fair=fair_from(parsed.fair))
    except SessionFileError as err:
        raise SessionFileError(f"{shown_path(path)}: {err}{since}") from None
    except UserError as err:
        raise SessionFileError(f"{shown_path(path)}: setup: {err}{since}") from None
    session.autosave_path = autosave_path
    session.own_file_named = parsed.own_file
    session.warnings += notes
    if (newer := newer_file(path, parsed)) is not None:  # read, never saved over
        session.newer_file, session.warnings = newer, [*session.warnings, newer[1]]
    if changed:
        session.warnings.append(f"{shown_path(path.name)}: played with other versions of "
                                f"{', '.join(changed)}; it still replays the same")
    return session


def undo_in_file(path: Path, steps: int = 1) -> list[JournalEntry]:
    """Take the last `steps` actions of the session saved at `path` (fewer if its
    journal is shorter) onto its redo list, and save it: what `Session.undo` and a save
    do, without replaying the journal. The entries undone, the last first.
    SessionFileError, and nothing written, when the file cannot be read.

    A command that reads the file afresh each time cannot keep the states a session
    keeps, so its undo replayed the whole journal twice. It need not replay at all:
    taking entries off the end can neither make a journal that replays one that does
    not nor mend one that does not, and every entry is still checked whenever the
    session is opened to be shown or played (an entry that does not replay is refused
    then, named, and the file left as it is; one undone is checked when it is redone).
    The file keeps the fingerprints of the tables it recorded: nothing was replayed with
    today's."""
    path = Path(path)
    parsed = read_session_file(path)
    refuse_over(path, newer_file(path, parsed))
    done = min(max(steps, 0), len(parsed.journal))
    if not done:
        return []
    kept, undone = parsed.journal[:-done], parsed.journal[-done:][::-1]
    saved = parsed.model_copy(update={"journal": kept, "redo": parsed.redo + undone,
                                      "saved": _now(), "written_by": WRITTEN_BY})
    atomic_write(path, file_text(saved))
    return undone


def can_open(path: Path) -> bool:
    """There is a session to open at `path`: the file, or its backup."""
    return has_copy(path)
