"""A league told in words from its records, as the command line tells it (`companion
league standings` and `post`): its standings table under its named tie-breaks, a
match in words with each side's chance, and a round's post. Here, apart from the
command line, so that the League screen shows and posts the very same words."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.league import post, records, season
from companion.league.parts import tiebreak
from companion.league.ratings import Rating, chances
from companion.league.standings import header

if TYPE_CHECKING:
    from companion.stable.store import Stable


@dataclass(frozen=True)
class Table:
    """The standings: the columns, a row of words a gladiator, and the order of the
    tie-breaks in words ("ranked by points, then wins, ...")."""

    columns: list[str]
    rows: list[list[str]]
    order: str


def table(stable: Stable, league: records.League) -> Table:
    rows = season.table(stable, league)
    ratings = season.ratings(stable, league)
    tb = tiebreak(league.game)
    swiss = league.format == "swiss"
    cols = ["#", "gladiator", "P", "W", "D", "L", "pts", "h2h"]
    cols += ["Buchholz"] if swiss else []
    cols += [tb.name, "kills", "deaths", "rating"]
    found = []
    for r in rows:
        rating = ratings.get(r.who)
        line = [str(r.rank), r.name, str(r.played), str(r.wins), str(r.draws),
                str(r.losses), f"{r.points:g}", f"{r.head_to_head:g}"]
        line += [f"{r.buchholz:g}"] if swiss else []
        line += [str(r.figure), str(r.kills), str(r.deaths),
                 f"{rating.shown:.1f}±{rating.sigma:.1f}" if rating else "-"]
        found.append(line)
    return Table(cols, found, "ranked by " + ", then ".join(header(tb, swiss)))


def sides_of(m: records.Match) -> list[list[int]]:
    sides: dict[str, list[int]] = {}
    for e in m.entries:
        sides.setdefault(e.side, []).append(e.gladiator_id)
    return list(sides.values())


def match_words(m: records.Match, names: Mapping[int, str]) -> str:
    """"Brutus v Crixus"."""
    return " v ".join(" & ".join(names.get(g, f"#{g}") for g in side)
                      for side in sides_of(m))


def odds(m: records.Match, ratings: Mapping[Hashable, Rating]) -> list[float]:
    """Each side's chance of winning by the league's ratings, in the order of its sides."""
    return chances(sides_of(m), ratings)


def odds_words(m: records.Match, ratings: Mapping[Hashable, Rating]) -> str:
    return " / ".join(f"{p * 100:.0f} %" for p in odds(m, ratings))


def result_words(m: records.Match, names: Mapping[int, str]) -> str:
    won = [names.get(e.gladiator_id, "?") for e in m.entries if e.result == "win"]
    lost = [names.get(e.gladiator_id, "?") + (" (killed)" if e.died else "")
            for e in m.entries if e.result == "loss"]
    if m.forfeit:
        return f"{match_words(m, names)}: forfeit ({m.forfeit})"
    if not won:
        return f"{match_words(m, names)}: a draw"
    return f"{' & '.join(won)} beat {' & '.join(lost)}"


def report_of(m: records.Match) -> str:
    """The name of the match's report beside its session file, where there is one."""
    if m.forfeit or not m.session_path:
        return ""
    report = Path(m.session_path).with_suffix(".md")
    return report.name if report.is_file() else ""


def round_post(stable: Stable, league: records.League, number: int | None = None
               ) -> post.Post:
    """The post of round `number` (by default the last): its pairings still to play
    with their chances, its results, its byes and the standings."""
    rounds = records.rounds(stable, league.id)
    if number is None:
        number = rounds[-1].number if rounds else None
    chosen = [r for r in rounds if r.number == number]
    names = {g.id: g.name for g in stable.gladiators(game=league.game)}
    found = [m for m in records.matches(stable, league.id)
             if m.round == number or (league.format == "challenge" and m.round is None)]
    rated = season.ratings(stable, league)
    pairings = [f"{m.board}. {match_words(m, names)} (chances {odds_words(m, rated)})"
                for m in found if not m.done]
    results = [(result_words(m, names), report_of(m)) for m in found if m.done]
    pairings += [f"bye: {names.get(g, str(g))}" for n, g in records.byes(stable, league.id)
                 if n == number]
    told = table(stable, league)
    title = league.name + (f", round {number}" if number is not None else "")
    return post.Post(title, chosen[0].deadline if chosen else "", pairings, results,
                     told.columns, told.rows, told.order)
