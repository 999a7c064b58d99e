"""What a game brings to a league: how one of its matches is set up from the stable's
sheets, its own tie-break, and (a game whose careers keep purses) how a match's
setup names its event. Each game names an object keeping `GameLeague` as its
`league` part in `companion.games.registry`; a game without one has no leagues."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from companion.errors import UserError
from companion.games.registry import GAMES, part
from companion.league.standings import Tiebreak


class GameLeague(Protocol):
    """A game's part in leagues."""

    # Its tie-break after head-to-head: its name ("Fame", "health lost"), whether
    # more is better, and whether it adds up over the matches or is the latest.
    tiebreak_name: str
    higher_first: bool
    summed: bool

    def setup(self, sheets: Sequence[Path], teams: Sequence[int]) -> dict[str, Any]:
        """A new match's setup (before the rules' `new_setup`) between the gladiators
        whose sheet files are `sheets`, `teams` giving each one's side (all different:
        all against all), every gladiator played by the computer when asked to."""
        ...

    def figure(self, state: Any, side: str, sheet: str) -> int:
        """The tie-break's figure for the gladiator of `side` in a finished match at
        `state`, his sheet as the careers left it after (`sheet`)."""
        ...


def league_part(game: str) -> GameLeague:
    found = GAMES.get(game)
    if found is None or not found.league:
        known = ", ".join(g for g, entry in GAMES.items() if entry.league)
        raise UserError(f"no game {game!r} runs leagues; the games are {known}",
                        exit_code=1)
    league: GameLeague = part(found.league)
    return league


def events(game: str) -> bool:
    """Whether the game's matches can be of an event with money (its league part says
    how a setup names one: `with_event(setup, event)`)."""
    return callable(getattr(league_part(game), "with_event", None))


def with_event(game: str, setup: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    """The match's setup naming `event`, as the game's careers read it in their apply
    step; UserError for a game with no events."""
    adds = getattr(league_part(game), "with_event", None)
    if not callable(adds):
        raise UserError(f"{game} has no events with money: its careers keep no purses "
                        f"(the games with events: {', '.join(event_games()) or 'none'})",
                        exit_code=1)
    found: dict[str, Any] = adds(setup, event)
    return found


def event_games() -> list[str]:
    return [g for g in league_games() if events(g)]


def tiebreak(game: str) -> Tiebreak:
    found = league_part(game)
    return Tiebreak(found.tiebreak_name, found.higher_first, found.summed)


def league_games() -> list[str]:
    return [g for g, entry in GAMES.items() if entry.league]
