"""The session file: its journal entries, the rolls kept beside them, the file's
model, how its text is made (each entry's text once) and how it is read and checked.
`companion.session.session` plays a session; this module is what it saves and reads."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import chain, islice, repeat
from operator import itemgetter
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_serializer
from pydantic_core.core_schema import SerializerFunctionWrapHandler

from companion.dice.rolls import Roll
from companion.dice.sources import Draw
from companion.errors import UserError
from companion.files.jsonfile import SESSION as SESSION_FILE
from companion.files.jsonfile import check_one_line, place, problem, read_json, shown
from companion.files.pathwords import shown_path
from companion.files.written_by import (
    MAX_LENGTH,
    is_newer,
    kept_as_is,
    newer_refusal,
)

FORMAT = "companion-session"
# 1: entries kept their log lines; 2: the digest of their events, and the file the
# fingerprints of its tables. Both are read.
SCHEMA_VERSION = 2


class SessionFileError(UserError):
    exit_code = 1
    # A file a newer release wrote, in a form this one cannot read: its backup (an older
    # save) is not opened in its place, for a save would then write over it.
    newer = False


class NewerSessionFileError(SessionFileError):
    newer = True


class JournalEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    action: dict[str, Any]
    rolls: list[dict[str, Any]] = Field(default_factory=list)
    # The sha256 of the events the action produced; None in files of version 1.
    outcome: str | None = None
    # Version 1 kept the log's words; read, never written (the narrator makes them).
    log: list[str] = Field(default_factory=list, exclude=True)

    def records(self, where: str) -> list[Draw]:
        return [
            Draw.from_dict(r, where=f"{where}.rolls[{i}]") for i, r in enumerate(self.rolls)
        ]

    def kind(self) -> str:
        kind = self.action.get("type")
        return kind if isinstance(kind, str) else "?"


class KeptRoll(BaseModel):
    """A roll made beside the rules (the dice tray, the table browser), kept with the
    session so that it is never lost; `after` is the number of journal entries made
    before it. Not an action: undo leaves it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    after: int = Field(ge=0)
    roll: Roll


class SessionFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: str
    version: int
    # The release that wrote the file (`companion 0.1.0`); absent from files written
    # before it was recorded. Outside the setup and the journal: no digest reads it.
    written_by: str | None = Field(default=None, max_length=MAX_LENGTH)
    ruleset: str
    setup: dict[str, Any]
    tables: dict[str, str] = Field(default_factory=dict)
    journal: list[JournalEntry] = Field(default_factory=list)
    redo: list[JournalEntry] = Field(default_factory=list)
    # Absent from files written before the roll log.
    other_rolls: list[KeptRoll] = Field(default_factory=list)
    created: str = ""
    saved: str = ""
    # A verifiable session's secret seed (companion.dice.derived): the GM's file keeps it;
    # a report shows it only once the match is over. Absent from plain sessions.
    seed: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")
    # Scheme 2 of the verifiable mode: the managers' salts and seals
    # (companion.session.fair). Absent from every other session.
    fair: dict[str, Any] | None = None
    # The autosave only: the player's own file that the game is also written to, so
    # that Resume goes on writing it. Never in a file he keeps (he may post it).
    own_file: str | None = Field(default=None, max_length=4096)

    @model_serializer(mode="wrap")
    def _plain_without_seed(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        for absent in ("written_by", "seed", "fair", "own_file"):
            if getattr(self, absent) is None:
                data.pop(absent, None)
        return data


def still_made(made: Sequence[Any], now: Sequence[Any],
               key: Callable[[Any], Any] = itemgetter(0)) -> int:
    """How many of `made`, what was made from each outcome of a session in turn (its
    words, its rolls; `key` gives the outcome), were made from the outcomes it has
    now, `now`: the rest were undone, or replaced when an action was put right.

    A session's outcomes change only at their end (an action, an undo, a redo), and an
    outcome undone is never journaled again (a redo makes its own): so where the k-th
    made is the k-th outcome's, all before it are too, and the place where they part is
    found by halves. Asked every frame, of every outcome of a long session. The same
    holds of its journal and its redo list, whose entries go from one to the other and
    back in the same order, and come back nowhere else."""
    low, high = 0, min(len(made), len(now))
    while low < high:
        mid = (low + high + 1) // 2
        if key(made[mid - 1]) is now[mid - 1]:
            low = mid
        else:
            high = mid - 1
    return low


# The entries of a list and their texts in the file, in order.
Texts = tuple[list[JournalEntry], list[str]]


def texts_of(entries: Sequence[JournalEntry], made: Texts) -> list[str]:
    """The text of each of `entries`, those made before kept (`made`, updated)."""
    made_for, texts = made
    same = still_made(made_for, entries, key=_itself)
    del made_for[same:], texts[same:]
    for entry in entries[same:]:
        made_for.append(entry)
        texts.append(entry_text(entry))
    return texts


def _itself(thing: Any) -> Any:
    return thing


def entry_text(entry: JournalEntry) -> str:
    """A journal entry as it stands in a session file (`model_dump_json(indent=1)` of
    the whole file puts it two levels in)."""
    return "  " + entry.model_dump_json(indent=1).replace("\n", "\n  ")


def file_text(file: SessionFile, texts: tuple[Sequence[str], Sequence[str]] | None = None,
              ) -> str:
    """`file.model_dump_json(indent=1)`, with the texts of its journal's and its redo
    list's entries (`entry_text` of each) given when they were made before: dumping
    the whole file cost a 5,000-action Grimdark match a quarter of a second, its
    entries' texts joined two milliseconds (once: each copy of its 6 MB costs one or
    two more)."""
    if texts is None:
        texts = ([entry_text(e) for e in file.journal], [entry_text(e) for e in file.redo])
    rest = file.model_copy(update={"journal": [], "redo": []}).model_dump_json(indent=1)
    parts: list[str] = []
    for part, entries in zip(("journal", "redo"), texts, strict=True):
        if entries:
            # A top-level field's line is the only one indented by one space.
            before, _, rest = rest.partition(f'\n "{part}": []')
            parts += (before, f'\n "{part}": [\n', entries[0])
            parts += chain.from_iterable(zip(repeat(",\n"), islice(entries, 1, None)))
            parts.append("\n ]")
    parts.append(rest)
    return "".join(parts)


def read_session_file(path: Path) -> SessionFile:
    """Parse and validate a session file without replaying it. Never writes."""
    name = shown_path(path)
    data = read_json(path, SessionFileError, "; the file may be truncated", kind=SESSION_FILE)
    # The program writes the actions and the tables' ids, never with a line break; a
    # replay's message quotes them, on one line.
    if isinstance(data, dict):
        tables = data.get("tables")
        written = {"journal": data.get("journal"), "redo": data.get("redo"),
                   "tables": list(tables) if isinstance(tables, dict) else tables}
        try:
            for part, value in written.items():
                check_one_line(path, value, (part,))
        except UserError as err:
            raise SessionFileError(str(err)) from None
    if isinstance(data, dict) and "format" not in data:
        # No mark of a saved game at all: say what the file is not, not which field.
        raise SessionFileError(f"{name}: not a game saved by this app")
    writer = data.get("written_by") if isinstance(data, dict) else None
    newer = isinstance(writer, str) and is_newer(writer)
    try:
        parsed = SessionFile.model_validate(data)
    except ValidationError as err:
        if newer:  # a field or a shape of the newer release's: say so, not which
            raise NewerSessionFileError(f"{name}: {newer_refusal(str(writer))}") from None
        first = err.errors()[0]
        more = f" (and {err.error_count() - 1} more problems)" if err.error_count() > 1 else ""
        raise SessionFileError(f"{name}: {place(first['loc'])}: {problem(first)}{more}") from None
    if parsed.format != FORMAT:
        raise SessionFileError(f"{name}: format: not a companion session "
                               f"({shown(parsed.format)})")
    if parsed.version > SCHEMA_VERSION:
        if newer:
            raise NewerSessionFileError(f"{name}: {newer_refusal(str(writer))}")
        raise SessionFileError(
            f"{name}: version: saved by a newer companion (version {parsed.version}; "
            f"this one reads up to {SCHEMA_VERSION})"
        )
    return parsed


def newer_file(path: Path, parsed: SessionFile) -> tuple[Path, str] | None:
    """The file and, in words naming both releases, why it is never written over, when
    a newer release wrote it (`companion.files.written_by.refuse_over`)."""
    if parsed.written_by is None or not is_newer(parsed.written_by):
        return None
    return path, f"{shown_path(path.name)}: {kept_as_is(parsed.written_by)}"


def changed_tables(recorded: Mapping[str, str], now: Mapping[str, str]) -> list[str]:
    """The tables whose fingerprint differs from the one recorded (none recorded:
    nothing to compare)."""
    return [tid for tid, fingerprint in recorded.items() if now.get(tid) != fingerprint]
