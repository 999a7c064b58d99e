"""The stable's leagues as the League screen shows them, read apart from the drawing:
each league's standings under its named tie-breaks, its current round's matches with
each side's chance by the league's ratings, and its bracket. Results the careers have
recorded since are taken in first, as the command line does before every verb. A
broken stable becomes one line of words, never a traceback."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from companion.errors import UserError, one_line
from companion.files.pathwords import in_words

if TYPE_CHECKING:
    from companion.league.bracket import Bracket
    from companion.league.records import League
    from companion.stable.store import Stable


@dataclass(frozen=True)
class MatchRow:
    """A match of the current round: its words, each side's chance, and its result
    once it has one."""

    id: int
    board: int
    words: str  # "Brutus v Crixus"
    chances: str  # "62 % / 38 %"
    path: str  # its session file ("" for a match forfeited by a dead man)
    result: str  # "" while it is to play
    gladiators: tuple[tuple[int, str], ...] = ()

    @property
    def done(self) -> bool:
        return bool(self.result)


@dataclass(frozen=True)
class LeagueCard:
    name: str
    game: str  # as a sentence names it
    format: str  # in words: "Swiss", "single elimination"
    members: int
    round: int | None  # the current round's number; None before the first
    deadline: str = ""
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    order: str = ""  # "ranked by points, then wins, ..."
    matches: tuple[MatchRow, ...] = ()
    byes: tuple[str, ...] = ()
    bracket: Bracket | None = None
    note: str = ""  # what keeps a part of it from being read, in one line
    folder: str = ""  # where its match files go, and its posts

    @property
    def open_matches(self) -> int:
        return sum(not m.done for m in self.matches)


@dataclass(frozen=True)
class LeagueView:
    leagues: tuple[LeagueCard, ...] = ()
    note: str = ""  # why there is nothing to show
    broken: bool = False
    path: Path | None = field(default=None)


def read_leagues(path: Path | None = None) -> LeagueView:
    """The leagues of the stable at `path` (by default the user's)."""
    from companion import paths
    from companion.league import records
    from companion.stable.store import Stable

    path = Path(path) if path is not None else paths.stable_path()
    if not path.exists():
        return LeagueView(note="There is no stable yet, so no league: add gladiators with "
                          "companion stable add, then companion league new.", path=path)
    try:
        with Stable.open(path, create=False) as stable:
            cards = tuple(_card(stable, league) for league in records.leagues(stable))
    except (UserError, OSError) as err:
        return LeagueView(note=_why(err), broken=True, path=path)
    if not cards:
        return LeagueView(note="The stable has no league yet: companion league new NAME "
                          "--game GAME --format FORMAT starts one.", path=path)
    return LeagueView(cards, path=path)


def _card(stable: Stable, league: League) -> LeagueCard:
    from companion.league import posting, records, season
    from companion.league.bracket import FORMAT_WORDS, bracket
    from companion.league.matches import collect
    from companion.stable.parts import title

    words = FORMAT_WORDS.get(league.format, league.format)
    members = len(records.members(stable, league.id))
    try:
        if stable.writable:
            collect(stable, league)  # the careers' results since, once
        rounds = records.rounds(stable, league.id)
        number = rounds[-1].number if rounds else None
        names = {g.id: g.name for g in stable.gladiators(game=league.game)}
        rated = season.ratings(stable, league)
        found = [m for m in records.matches(stable, league.id)
                 if m.round == number or (league.format == "challenge" and m.round is None)]
        rows = tuple(MatchRow(m.id, m.board, posting.match_words(m, names),
                              posting.odds_words(m, rated) if not m.done else "",
                              m.session_path,
                              posting.result_words(m, names) if m.done else "",
                              tuple((e.gladiator_id, names.get(e.gladiator_id, "?"))
                                    for e in m.entries))
                     for m in found)
        byes = tuple(names.get(g, f"#{g}") for n, g in records.byes(stable, league.id)
                     if n == number)
        told = posting.table(stable, league)
        drawn = bracket(stable, league)
    except (UserError, OSError) as err:
        return LeagueCard(league.name, title(league.game), words, members, None,
                          note=_why(err), folder=league.folder)
    return LeagueCard(league.name, title(league.game), words, members, number,
                      rounds[-1].deadline if rounds else "", tuple(told.columns),
                      tuple(tuple(r) for r in told.rows), told.order, rows, byes, drawn,
                      folder=league.folder)


def _why(err: Exception) -> str:
    return in_words(err) if isinstance(err, OSError) else one_line(str(err))
