"""What a fight does to careers, as each game tells it.

A game's `careers` part (named in `companion.games.registry`) reads a finished
session's state: who went into the fight (`entries`: each side's sheet file, by which
he is found in the stable, or added to it), and what the fight did to each of them
(`careers`: his result, his sheet's text after the fight, death, money, and what
changed in words for the preview). The stable records that once, in one transaction,
and can take it back. The part works on the rules' state and the sheets' text only:
it knows nothing of the session file or of the database."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from companion.errors import UserError
from companion.games.registry import GAMES, part
from companion.stable.model import SheetFile


@dataclass(frozen=True)
class Entry:
    """A gladiator as he went into the fight: his side's id in the session and his
    sheet file as the session's setup holds it."""

    side: str
    sheet: SheetFile


@dataclass(frozen=True)
class Career:
    """What one fight did to one gladiator's career."""

    side: str
    result: str  # his own result, a word: "win", "loss", "draw"
    sheet: str  # his sheet file's text after the fight
    dead: bool = False
    said: tuple[str, ...] = ()  # each change in words, for the preview ("Fame 3 to 4")
    purse: tuple[tuple[int, str], ...] = ()  # money to his manager: (amount, reason)


@dataclass(frozen=True)
class FightCareers:
    """The fight's result in words ("Brutus beat Crixus"), and each gladiator's part."""

    result: str
    careers: tuple[Career, ...]


class GameCareers(Protocol):
    """A game's part in careers."""

    def entries(self, state: Any) -> list[Entry]:
        """Who went into the fight whose session is now at `state`, a side each (a
        house NPC, who has no career, is left out)."""
        ...

    def careers(self, state: Any, sheets: Mapping[str, str],
                events: Sequence[Any] = ()) -> FightCareers:
        """What the fight did to each side's career, from his sheet as the stable holds
        it now (`sheets`, by side: his fights before and what he trained since are in
        it). `events` are the session's, for a game that tells from them how the fight
        went (the blow that killed him); a game whose end state says it all ignores
        them. UserError when the fight is not over."""
        ...


def careers_part(game: str) -> GameCareers:
    found = GAMES.get(game)
    if found is None or not found.careers:
        raise UserError(f"the stable keeps no careers of {game!r} fights", exit_code=1)
    return part(found.careers)
