"""What a game brings to a league: how one of its matches is set up from the stable's
sheets, and its own tie-break. Each game names an object keeping `GameLeague` as its
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


def tiebreak(game: str) -> Tiebreak:
    found = league_part(game)
    return Tiebreak(found.tiebreak_name, found.higher_first, found.summed)


def league_games() -> list[str]:
    return [g for g, entry in GAMES.items() if entry.league]
