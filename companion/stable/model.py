"""The stable's records as the store hands them out: plain frozen values, one a row.

A gladiator's sheet is the JSON text of his game's own sheet file, kept as the file
held it, so that exporting him writes the file he was imported from.

`NewEntrant` goes the other way: a gladiator as a fight to record hands him to the
store (`Stable.record_fight_of`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

# The fields of a gladiator a fight may change; a change keeps the value before and
# after as JSON, so taking the fight back puts every one back exactly.
CHANGEABLE = ("name", "sheet", "alive", "starred", "manager_id")
Field = Literal["name", "sheet", "alive", "starred", "manager_id"]


@dataclass(frozen=True)
class SheetFile:
    """A gladiator as his game reads his sheet: his name, the sheet's text, and what the
    sheet itself says of his place in a stable (his manager's name, dead, starred)."""

    name: str
    text: str
    manager: str = ""
    dead: bool = False
    starred: bool = False


@dataclass(frozen=True)
class Manager:
    id: int
    name: str
    note: str
    added: str  # when, as an ISO 8601 UTC time


@dataclass(frozen=True)
class Gladiator:
    id: int
    game: str  # the game's id in the games' registry
    name: str
    manager_id: int | None
    sheet: str
    alive: bool
    starred: bool
    source: str  # the file he was read from; "" when there was none
    added: str


@dataclass(frozen=True)
class Fight:
    """One fight recorded into careers: when it was played, the session file it was
    played in and that file's fingerprint (a session is recorded once), and its result
    in words."""

    id: int
    game: str
    played: str
    session_path: str
    session_digest: str
    result: str
    recorded: str


@dataclass(frozen=True)
class Entrant:
    """One gladiator in a fight: his side and his own result ("win", "loss", ...)."""

    fight_id: int
    gladiator_id: int
    side: str
    result: str


@dataclass(frozen=True)
class Change:
    """What a fight did to one field of one gladiator, as JSON before and after."""

    fight_id: int
    gladiator_id: int
    field: Field
    before: str
    after: str


@dataclass(frozen=True)
class PurseEntry:
    """Money in (positive) or out of a manager's purse, with its reason; `fight_id` when
    a fight brought it (an entry fee, a prize)."""

    id: int
    manager_id: int
    amount: int
    reason: str
    fight_id: int | None
    entered: str


@dataclass(frozen=True)
class NewEntrant:
    """A gladiator in a fight to record with `record_fight_of`: one in the stable
    (`gladiator_id`), or one the fight brings into it (`newcomer`, his sheet as the
    fight's session held it, and `source`, the file he was read from); his side and
    his own result; each field the fight changes, with its value after; money the fight
    brings his manager ((amount, reason)). `sheet`, when given, is his sheet as the
    changes were worked out from: a stable whose sheet is no longer that (another
    companion trained him meanwhile) refuses the fight rather than lose the training."""

    side: str
    result: str
    gladiator_id: int | None = None
    newcomer: SheetFile | None = None
    source: str = ""
    sheet: str | None = None
    after: tuple[tuple[Field, Any], ...] = ()
    purse: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class NewFight:
    """A fight to record: what `Fight` holds but its id and when it was recorded."""

    game: str
    played: str
    session_path: str
    session_digest: str
    result: str


@dataclass(frozen=True)
class NewChange:
    """A field of a gladiator as a fight leaves it (its value before is read)."""

    gladiator_id: int
    field: Field
    after: Any
