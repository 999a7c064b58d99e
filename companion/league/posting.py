"""A league told in words from its records: its standings table under its named
tie-breaks, a match in words with each side's chance, and a round's post. The command
line (`companion league standings|results|show|post`) and the League screen both tell
it from here, so that they show and post the very same words."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import UserError
from companion.league import post, records, season
from companion.league.parts import tiebreak
from companion.league.ratings import Rating, chances
from companion.league.standings import header

if TYPE_CHECKING:
    from companion.session.session import Session
    from companion.stable.store import Stable


@dataclass(frozen=True)
class Table:
    """The standings: the columns, a row of words a gladiator, the order of the
    tie-breaks in words ("ranked by points, then wins, ..."), and each row's figures
    for `--json`."""

    columns: list[str]
    rows: list[list[str]]
    order: str
    data: list[dict[str, Any]] = field(default_factory=list)


def table(stable: Stable, league: records.League) -> Table:
    rows = season.table(stable, league)
    ratings = season.ratings(stable, league)
    tb = tiebreak(league.game)
    swiss = league.format == "swiss"
    cols = ["#", "gladiator", "P", "W", "D", "L", "pts", "h2h"]
    cols += ["Buchholz"] if swiss else []
    cols += [tb.name, "kills", "deaths", "rating"]
    found = []
    data = []
    for r in rows:
        rating = ratings.get(r.who)
        line = [str(r.rank), r.name, str(r.played), str(r.wins), str(r.draws),
                str(r.losses), f"{r.points:g}", f"{r.head_to_head:g}"]
        line += [f"{r.buchholz:g}"] if swiss else []
        line += [str(r.figure), str(r.kills), str(r.deaths),
                 f"{rating.shown:.1f}±{rating.sigma:.1f}" if rating else "-"]
        found.append(line)
        data.append({"rank": r.rank, "id": r.who, "name": r.name, "played": r.played,
                     "wins": r.wins, "draws": r.draws, "losses": r.losses,
                     "byes": r.byes, "points": r.points, "head_to_head": r.head_to_head,
                     "buchholz": r.buchholz if swiss else None, tb.name: r.figure,
                     "kills": r.kills, "deaths": r.deaths,
                     "rating": None if rating is None else
                     {"mu": rating.mu, "sigma": rating.sigma, "shown": rating.shown}})
    return Table(cols, found, "ranked by " + ", then ".join(header(tb, swiss)), data)


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


def match_json(m: records.Match, names: Mapping[int, str]) -> dict[str, Any]:
    return {"id": m.id, "round": m.round, "board": m.board, "file": m.session_path,
            "fight": m.fight_id, "forfeit": m.forfeit or None, "done": m.done,
            "commitment": m.commitment or None,
            "gladiators": [{"id": e.gladiator_id, "name": names.get(e.gladiator_id),
                            "side": e.side, "result": e.result, "figure": e.figure,
                            "died": e.died} for e in m.entries]}


def write_report(session: Session, path: Path) -> Path:
    """The match's report in Markdown beside its session file, for the post to name."""
    from companion.files.atomic import atomic_write
    from companion.reports.build import build_report
    from companion.reports.formats import FORMATS

    out = path.with_suffix(".md")
    atomic_write(out, FORMATS["markdown"](build_report(session)))
    return out


def report_of(m: records.Match) -> str:
    """The file name of the match's report beside its session file, written now from
    the finished match when there is none yet (a match played at the table)."""
    if m.forfeit or not m.session_path:
        return ""
    path = Path(m.session_path)
    report = path.with_suffix(".md")
    if not report.is_file() and path.is_file():
        from companion.rulesets.registry import get_ruleset
        from companion.session.session import load_session

        try:
            session = load_session(path, get_ruleset)
        except UserError:
            return ""
        if not session.ruleset.is_over(session.state):
            return ""
        write_report(session, path)
    return report.name if report.is_file() else ""


def round_post(stable: Stable, league: records.League, number: int | None = None, *,
               link_base: str | None = None) -> post.Post:
    """The post of round `number` (by default the last): its pairings still to play
    with their chances, its results with their reports (under `link_base`, when the
    reports are put up there) and commitments, its byes, the standings, and what the
    round's fights moved in the managers' purses."""
    rounds = records.rounds(stable, league.id)
    given = number is not None
    if number is None:
        number = rounds[-1].number if rounds else None
    chosen = [r for r in rounds if r.number == number]
    if given and not chosen:
        raise UserError(f"{league.name} has no round {number}", exit_code=1)
    names = records.member_names(stable, league.id)
    found = [m for m in records.matches(stable, league.id)
             if m.round == number or (league.format == "challenge" and m.round is None)]
    rated = season.ratings(stable, league)
    pairings = [f"{m.board}. {match_words(m, names)} (chances {odds_words(m, rated)})"
                + _committed(m) for m in found if not m.done]
    results = [(result_words(m, names) + _committed(m), _link(report_of(m), link_base))
               for m in found if m.done]
    pairings += [f"bye: {names.get(g, str(g))}" for n, g in records.byes(stable, league.id)
                 if n == number]
    told = table(stable, league)
    event = records.event(stable, league.id)
    purse = _purses(records.purse_changes(
        stable, [m.fight_id for m in found if m.fight_id is not None]))
    title = league.name + (f", round {number}" if number is not None else "")
    return post.Post(title, chosen[0].deadline if chosen else "", pairings, results,
                     told.columns, told.rows, told.order, purse,
                     event.words() if event else "")


def _committed(m: records.Match) -> str:
    return f"; commitment: {m.commitment}" if m.commitment else ""


def _link(name: str, base: str | None) -> str:
    return f"{base.rstrip('/')}/{name}" if name and base else name


def _purses(changes: list[tuple[str, int, str]]) -> list[str]:
    """What the round's fights moved in each manager's purse: in all, then each entry
    a line of its own (short lines, so a long list splits between Discord messages)."""
    by_manager: dict[str, list[tuple[int, str]]] = {}
    for manager, amount, reason in changes:
        by_manager.setdefault(manager, []).append((amount, reason))
    out = []
    for manager, moved in by_manager.items():
        out.append(f"{manager}: {sum(a for a, _r in moved):+d} in all")
        out += [f"{manager}: {a:+d} {r}" for a, r in moved]
    return out
