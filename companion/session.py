"""A game as setup + journal of actions; undo, redo, save, replay.

The state is never stored: it is derived by replaying the journal from the setup, each
action with the dice it consumed. Saves are atomic (temporary file, fsync, rename) and
keep the previous save as a backup; a broken file gives a clear error and is left as
it is.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.atomic import atomic_write
from companion.dice import DiceError, DiceSource, RollRecord, ScriptedDice
from companion.errors import UserError, json_path

FORMAT = "companion-session"
SCHEMA_VERSION = 1


class Ruleset(Protocol):
    """What a rule system offers the session. `apply` changes `state` in place and
    returns the log lines; it raises UserError for an illegal action (the session
    then throws the half-changed copy away)."""

    id: str

    def new_state(self, setup: dict[str, Any]) -> Any: ...

    def apply(self, state: Any, action: dict[str, Any], dice: DiceSource) -> list[str]: ...


class SessionFileError(UserError):
    exit_code = 1


class JournalEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    action: dict[str, Any]
    rolls: list[dict[str, Any]] = Field(default_factory=list)
    log: list[str] = Field(default_factory=list)

    def records(self, where: str) -> list[RollRecord]:
        return [
            RollRecord.from_dict(r, where=f"{where}.rolls[{i}]") for i, r in enumerate(self.rolls)
        ]


class SessionFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: str
    version: int
    ruleset: str
    setup: dict[str, Any]
    journal: list[JournalEntry] = Field(default_factory=list)
    redo: list[JournalEntry] = Field(default_factory=list)
    created: str = ""
    saved: str = ""


@dataclass
class Session:
    ruleset: Ruleset
    setup: dict[str, Any]
    journal: list[JournalEntry] = field(default_factory=list)
    redo_stack: list[JournalEntry] = field(default_factory=list)
    created: str = field(default_factory=lambda: _now())
    autosave_path: Path | None = None
    _state: Any = None

    def __post_init__(self) -> None:
        if self._state is None:
            self._state = self._replay(self.journal)

    @property
    def state(self) -> Any:
        """The current state. Treat it as read-only: change it through `act`."""
        return self._state

    @property
    def log(self) -> list[str]:
        return [line for entry in self.journal for line in entry.log]

    # --- acting -------------------------------------------------------------------
    def act(self, action: dict[str, Any], dice: DiceSource) -> list[str]:
        """Apply one action with live dice. On any error nothing changes."""
        trial = copy.deepcopy(self._state)
        start = len(dice.history)
        lines = self.ruleset.apply(trial, action, dice)
        rolls = [r.to_dict() for r in dice.history[start:]]
        self.journal.append(JournalEntry(action=action, rolls=rolls, log=lines))
        self.redo_stack.clear()
        self._state = trial
        self._autosave()
        return lines

    def undo(self, steps: int = 1) -> int:
        """Drop the last `steps` actions (fewer if the journal is shorter)."""
        done = 0
        while done < steps and self.journal:
            self.redo_stack.append(self.journal.pop())
            done += 1
        if done:
            self._state = self._replay(self.journal)
            self._autosave()
        return done

    def redo(self, steps: int = 1) -> int:
        done = 0
        while done < steps and self.redo_stack:
            entry = self.redo_stack[-1]
            trial = copy.deepcopy(self._state)
            self._apply_entry(trial, entry, f"redo of {entry.action.get('type')}")
            self.redo_stack.pop()
            self.journal.append(entry)
            self._state = trial
            done += 1
        if done:
            self._autosave()
        return done

    @property
    def can_undo(self) -> bool:
        return bool(self.journal)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    # --- replay -------------------------------------------------------------------
    def _replay(self, journal: list[JournalEntry]) -> Any:
        state = self.ruleset.new_state(self.setup)
        for i, entry in enumerate(journal):
            self._apply_entry(state, entry, f"journal[{i}]")
        return state

    def _apply_entry(self, state: Any, entry: JournalEntry, where: str) -> None:
        faces = [face for r in entry.records(where) for face in r.faces]
        dice = ScriptedDice(faces)
        try:
            self.ruleset.apply(state, entry.action, dice)
        except (UserError, DiceError) as err:
            raise SessionFileError(
                f"{where} ({entry.action.get('type')}) does not replay: {err}"
            ) from None
        if dice.remaining:
            raise SessionFileError(f"{where} recorded more dice than its action used")

    # --- files --------------------------------------------------------------------
    def to_file(self) -> SessionFile:
        return SessionFile(
            format=FORMAT,
            version=SCHEMA_VERSION,
            ruleset=self.ruleset.id,
            setup=self.setup,
            journal=self.journal,
            redo=list(self.redo_stack),
            created=self.created,
            saved=_now(),
        )

    def save(self, path: Path) -> None:
        text = self.to_file().model_dump_json(indent=1)
        atomic_write(path, text)

    def _autosave(self) -> None:
        if self.autosave_path is not None:
            self.save(self.autosave_path)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def read_session_file(path: Path) -> SessionFile:
    """Parse and validate a session file without replaying it. Never writes."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SessionFileError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise SessionFileError(f"{path}: cannot be read: {err}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise SessionFileError(
            f"{path}: line {err.lineno}, column {err.colno}: not valid JSON ({err.msg}); "
            "the file may be truncated"
        ) from None
    try:
        parsed = SessionFile.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        more = f" (and {err.error_count() - 1} more problems)" if err.error_count() > 1 else ""
        raise SessionFileError(
            f"{path}: {json_path(tuple(first['loc']))}: {first['msg']}{more}"
        ) from None
    if parsed.format != FORMAT:
        raise SessionFileError(f"{path}: format: not a companion session ('{parsed.format}')")
    if parsed.version > SCHEMA_VERSION:
        raise SessionFileError(
            f"{path}: version: saved by a newer companion (version {parsed.version}; "
            f"this one reads up to {SCHEMA_VERSION})"
        )
    return parsed


def load_session(
    path: Path, rulesets: Callable[[str], Ruleset], *, autosave_path: Path | None = None
) -> Session:
    """Read, validate and replay a saved session. The file is left untouched."""
    parsed = read_session_file(path)
    try:
        ruleset = rulesets(parsed.ruleset)
    except UserError as err:
        raise SessionFileError(f"{path}: ruleset: {err}") from None
    try:
        session = Session(
            ruleset,
            parsed.setup,
            list(parsed.journal),
            list(parsed.redo),
            created=parsed.created or _now(),
        )
    except SessionFileError as err:
        raise SessionFileError(f"{path}: {err}") from None
    except UserError as err:
        raise SessionFileError(f"{path}: setup: {err}") from None
    session.autosave_path = autosave_path
    return session
