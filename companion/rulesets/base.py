"""The contract every rule system implements, and the structured events its rules
return.

A rule system is a `Ruleset`: given a setup and the tables it makes a state; given a
state, an action (a JSON object with a "type") and a dice source it changes the state
and returns an `Outcome`, the `Event`s of what happened: who, what, the numbers and the
dice, never sentences. The system's narrator turns events into the words of the log,
and the UI draws from events. A session (`companion.session.session`) depends on this module
alone; this module imports nothing from the session or the UI.
"""

from __future__ import annotations

import hashlib
import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from functools import cache
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Literal, NamedTuple, Protocol, TypeVar

from companion.dice.rolls import Roll
from companion.dice.sources import DiceSource
from companion.errors import UserError
from companion.tables.loader import TableSet

S = TypeVar("S")
Action = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: a typed record of one kind, declared by its game.

    `who` is the id of the gladiator it is about (or None); the fields of a kind hold
    plain values: ids, hex labels, numbers, faces (tuples), table keys. `data` is the
    same as JSON, as a digest and `--json` name it: a field may take another name
    there (`json_name`) or be left out while it is None (`LEFT_OUT_WHEN_NONE`), so a
    kind keeps the JSON it had when its events were dicts, and every saved session's
    digests with it."""

    kind: ClassVar[str] = ""
    who: str | None

    @property
    def data(self) -> dict[str, Any]:
        # A frozen dataclass's class is hashable; mypy reads its __hash__ as an instance's.
        return _data_maker(type(self))(self)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "who": self.who, **self.data}


def json_name(name: str) -> dict[str, Any]:
    """A field's metadata naming it `name` in the event's JSON (a field called `kind`
    would hide the event's own kind): `item_kind: str = field(metadata=json_name("kind"))`."""
    return {"json": name}


# A field's metadata leaving it out of the JSON while it is None:
# `late: bool | None = field(default=None, metadata=LEFT_OUT_WHEN_NONE)`.
LEFT_OUT_WHEN_NONE: Mapping[str, Any] = MappingProxyType({"optional": True})


@cache
def _data_maker(kind: Any) -> Callable[[Event], dict[str, Any]]:
    """The function that makes a kind's `data`, written out field by field once: a
    loop over the fields cost as much as the rest of an action's bookkeeping (a
    session makes the data of every event, for its digest)."""
    always, optional = [], []
    for f in fields(kind):
        if f.name == "who":
            continue
        value = f"self.{f.name}" if _is_scalar(f.type) else f"plain(self.{f.name})"
        if f.metadata.get("optional"):
            optional.append((f.metadata.get("json", f.name), f.name, value))
        else:
            always.append(f"{f.metadata.get('json', f.name)!r}: {value}")
    # One dict display: a store a field cost twice as much.
    lines = ["def data(self):", f"    out = {{{', '.join(always)}}}"]
    for name, attr, value in optional:
        lines.append(f"    if self.{attr} is not None:\n        out[{name!r}] = {value}")
    lines.append("    return out")
    made: dict[str, Any] = {}
    # Code made from the record class's own declaration, never from data: its fields'
    # names (identifiers, or dataclasses would have refused them) and the repr() of
    # their JSON names, as dataclasses itself writes __init__. Nothing read from a
    # file or typed by a player reaches this text.
    exec("\n".join(lines), {"plain": _plain}, made)
    return made["data"]


# Field types whose values are JSON as they are: no conversion is written for them.
_SCALARS = frozenset({"int", "str", "bool", "float"})


def _is_scalar(annotation: Any) -> bool:
    # Annotations are strings here (postponed evaluation), as the records declare them.
    if not isinstance(annotation, str):
        return False
    parts = [p.strip() for p in annotation.split("|")]
    return all(p in _SCALARS or p == "None" or (p.startswith("Literal[") and
                                                  "(" not in p and "[" not in p[8:])
               for p in parts)


def _plain(value: Any) -> Any:
    # Records keep tuples, so that they cannot be changed, and may nest records of
    # their own (which give their JSON by `to_json`); JSON has lists and objects.
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    to_json = getattr(value, "to_json", None)
    return to_json() if to_json is not None else value


# Made once: json.dumps with options builds a new encoder on every call, which cost a
# third of a session's time per action. An encoder holds no state between calls.
_DIGEST_TEXT = json.JSONEncoder(sort_keys=True, separators=(",", ":"),
                                ensure_ascii=False).encode


def digest(events: Sequence[Event]) -> str:
    """A fingerprint of what an action produced: the same events, the same digest."""
    text = _DIGEST_TEXT([[e.kind, e.who, e.data] for e in events])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Outcome:
    """What one action produced."""

    events: tuple[Event, ...]

    def digest(self) -> str:
        return digest(self.events)

    def of_kind(self, *kinds: str) -> list[Event]:
        return [e for e in self.events if e.kind in kinds]


@dataclass(frozen=True)
class Due:
    """What must happen next. `step` is an action type ("roll_ap", "initiative",
    "stay_conscious", ...) or "over"; `who` the id of the gladiator who decides;
    `choices` the action types open now; `turn` the turns begun so far; `computer`
    whether the computer plays `who`; `dice` the number of dice of the roll due,
    where one is."""

    step: str
    who: str | None = None
    choices: tuple[str, ...] = ()
    turn: int = 0
    computer: bool = False
    dice: int | None = None

    @property
    def over(self) -> bool:
        return self.step == "over"

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "who": self.who, "choices": list(self.choices),
                "turn": self.turn, "computer": self.computer, "dice": self.dice}


@dataclass(frozen=True)
class SetupOption:
    """One option of `companion new SYSTEM`: `--name VALUE`, a flag, or (positional)
    one or more plain arguments."""

    name: str
    help: str
    kind: Literal["text", "flag", "int", "path"] = "text"
    metavar: str | None = None
    positional: bool = False
    count: int = 1  # how many values a positional option takes


class Choice(NamedTuple):
    """The computer's action, and why it chose it in the player's words."""

    action: Action
    why: str


class Odds(Protocol):
    """Exact chances of an action, as the system computes them."""

    def to_json(self) -> dict[str, Any]: ...


class Ruleset(ABC, Generic[S]):
    """A rule system. Stateless apart from memos of its tables: one instance may play
    any number of sessions."""

    id: ClassVar[str]
    title: ClassVar[str]
    # The tables its sessions are played with: a session file records their
    # fingerprints, so that a changed table is noticed when it is opened.
    table_ids: ClassVar[tuple[str, ...]]
    # `companion new SYSTEM` options, and the positional fields of each action's short
    # form on the command line ("move E6" for {"type": "move", "to": "E6"}).
    setup_options: ClassVar[tuple[SetupOption, ...]] = ()
    short_forms: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType({})
    # The action a new session opens with when asked (strengths and initiative), and
    # whether `companion new` takes it unless told not to.
    opening: ClassVar[Mapping[str, Any] | None] = None
    opens_by_default: ClassVar[bool] = False

    @abstractmethod
    def new_state(self, setup: Mapping[str, Any], tables: TableSet) -> S:
        """The state before the first action; UserError naming the place in `setup`
        that is wrong."""

    @abstractmethod
    def parse_action(self, data: Any) -> Action:
        """The action, checked for shape (not for legality now); UserError naming the
        field that is wrong."""

    @abstractmethod
    def apply(self, state: S, action: Mapping[str, Any], dice: DiceSource) -> Outcome:
        """Carry out one action on `state`, in place. An illegal action raises UserError;
        the caller then throws the (possibly half-changed) state away."""

    @abstractmethod
    def due(self, state: S) -> Due: ...

    @abstractmethod
    def legal_actions(self, state: S) -> Sequence[Action]: ...

    @abstractmethod
    def summary(self, state: S) -> dict[str, Any]:
        """The state as plain JSON data (`--json`, and what the UI reads)."""

    @abstractmethod
    def narrate(self, state: S, events: Sequence[Event]) -> list[str]:
        """The log lines for `events`, which happened in the session now at `state`."""

    # Earlier versions of the narration's words: a report written in them still
    # verifies (`companion.reports.verify.compare_text`).
    earlier_words: tuple[int, ...] = ()

    def narrate_in(self, state: S, events: Sequence[Event], version: int) -> list[str]:
        """The log lines for `events` in the words of an earlier `version`."""
        return self.narrate(state, events)

    @abstractmethod
    def describe(self, state: S) -> list[str]:
        """The state in words, for `companion show`."""

    def rolls(self, state: S, events: Sequence[Event]) -> list[Roll]:
        """The rolls among `events` (which happened in the session now at `state`), as
        the roll log shows them: who in the player's words, what for, each die, the
        successes and the total. The session adds a plain roll for any die drawn that
        none of them shows, so a system without its own says nothing here."""
        return []

    def is_over(self, state: S) -> bool:
        return self.due(state).over

    def check_tables(self, tables: TableSet) -> None:
        """Raise `TableDataError` naming the table when the system cannot play with
        these tables (a weapon one table names that another lacks, a table of the wrong
        kind); checked when tables load, so that it never happens in play."""

    def make_setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A setup from the values of `setup_options` (`companion new`)."""
        raise UserError(f"the {self.title} takes its setup from a file: --setup FILE")

    def new_setup(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """A setup about to open a new session (made from options or read from a
        file): what the system records of how a new one is played. A saved session's
        setup never passes here, so it replays as it was played."""
        return dict(setup)

    def default_file(self, setup: Mapping[str, Any], now: datetime) -> str:
        """The file `companion new` writes when not told where."""
        return f"{self.id}-{now.strftime('%Y%m%d-%H%M%S')}.json"

    def stamp(self, action: Action, now: str) -> Action:
        """The action as sent from the command line at the time `now` (ISO)."""
        return action

    def odds(self, state: S, action: Mapping[str, Any]) -> Odds | None:
        """The exact chances of `action`, where the system computes them."""
        return None

    def choose(self, state: S) -> Action | None:
        """The computer's next action, or None: no computer player, or it stops."""
        return None

    def choice(self, state: S) -> Choice | None:
        """`choose`, with why in a few words where the computer player says ("" where
        it does not): what a screen shows beside the computer's move."""
        action = self.choose(state)
        return None if action is None else Choice(action, "")

    # --- reports (companion.reports): what a fight report shows, in the player's words
    def turn_of(self, state: S, event: Event) -> str | None:
        """The title of the turn or round `event` begins ("Turn 3: Brutus"), or None
        when it begins none. A report groups the narration and the rolls under it."""
        return None

    def report_sheets(self, state: S) -> list[tuple[str, list[str]]]:
        """Each combatant's name and the public part of his sheet, a line each: what
        the crowd may know before the fight (never the secrets of `report_secret`)."""
        return []

    def report_outcome(self, state: S, events: Sequence[Event]) -> list[str]:
        """How it ended, in words: the winner, deaths, fame, injuries, insanities;
        where the session stands when it is not over. `events` are all the session's,
        in order (the damage taken, the luck spent, summed from them)."""
        return []

    def report_secret(self, state: S) -> list[tuple[str, list[str]]]:
        """What the system keeps secret (a manager's coaching), per combatant: his
        name and the lines. A report shows them apart, behind a spoiler."""
        return []

    def report_public(self, state: S, event: Event) -> Event:
        """`event` as the public report may tell it: what would give away a secret
        (why the coaching chose a move) left out. The app's log, the GM's, keeps it."""
        return event

    def report_next(self, state: S) -> str:
        """What is due next, in words, for a running session's "to be continued"."""
        return self.due(state).step.replace("_", " ")

    # --- the verifiable GM mode (companion.session.commitment, companion.reports.verify)
    # What the system's secret part of a setup is called where a verification names it.
    secret_word: ClassVar[str] = "secret part of the setup"

    def split_secret(self, setup: Mapping[str, Any]) -> tuple[Any, Any]:
        """The setup as (its public part, its secret part), plain JSON data: a
        commitment hashes each apart, so that verify can say which of them changed."""
        return dict(setup), None

    def sealed(self, setup: Mapping[str, Any]) -> list[tuple[str, str, Any]]:
        """What a manager may seal before a match, each as (the combatant's name, his
        manager's, the secret part sealed) in the setup's order: the managers salt the
        dice of a verifiable match of scheme 2 (`companion.session.fair`)."""
        return []

    def false_claims(self, state: S, action: Mapping[str, Any]) -> list[str]:
        """What `action` says the computer chose that the computer, at `state`, would
        not have chosen, in words ("Lord Smash's move is given as his coaching's, but
        his coaching plays Tackle"). A choice the GM makes openly is no false claim."""
        return []

    def by_hand(self, state: S, action: Mapping[str, Any]) -> list[str]:
        """The combatants (by name) whose move `action` gives as chosen by hand, the GM's
        and not the computer's: verify counts them, a strict match refuses them."""
        return []


# --- the short form of an action on the command line --------------------------------
_INT = re.compile(r"^[-+]?\d+$")
_WORDS = {"true": True, "yes": True, "false": False, "no": False, "null": None, "none": None}


def _value(token: str) -> Any:
    if _INT.match(token) and len(token) < 19:
        return int(token)
    return _WORDS.get(token.lower(), token)


def parse_action_text(text: str,
                      short_forms: Mapping[str, tuple[str, ...]]) -> dict[str, Any]:
    """An action typed on the command line: JSON (`{"type": "move", "to": "E6"}`) or a
    short form: its type, then its positional fields in order, then `field=value`
    (`move E6`, `attack B sword`, `turn facing=SW`). Numbers, true/false and null are
    read as such."""
    text = text.strip()
    if not text:
        raise UserError("no action given")
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise UserError(f"the action is not valid JSON: {err.msg} at column "
                            f"{err.colno}") from None
        if not isinstance(data, dict):
            raise UserError('an action is a JSON object with a "type"')
        return data
    words = text.split()
    if not re.fullmatch(r"[A-Za-z][\w-]*", words[0]):
        raise UserError("an action begins with its type, a word such as move or attack")
    kind = words[0].replace("-", "_")
    action: dict[str, Any] = {"type": kind}
    fields = list(short_forms.get(kind, ()))
    for word in words[1:]:
        name, sep, value = word.partition("=")
        if sep and name:
            action[name.replace("-", "_")] = _value(value)
            continue
        if not fields:
            given = [f.replace("_", " ") for f in short_forms.get(kind, ())]
            takes = f"only {' and '.join(given)}" if given else "no values"
            raise UserError(f"'{word}' is one value too many: {kind.replace('_', ' ')} takes "
                            f"{takes}; give any other by its name, joined to its value by an "
                            "equals sign")
        action[fields.pop(0)] = _value(word)
    return action
