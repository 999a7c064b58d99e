"""The reading verbs of `companion league`: `standings`, `post`, `show`, `list`, and
the headless `simulate`; and the words a match is told in, which the changing verbs
(`companion.commands.league`) print too."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import UserError

if TYPE_CHECKING:
    from companion.league.records import League, Match
    from companion.stable.store import Stable


def clock_now() -> str:
    from companion.stable.store import utc_now

    return utc_now()


def opened(name: str) -> tuple[Stable, League]:
    from companion.league.records import league_named
    from companion.stable.store import Stable

    stable = Stable.open()
    try:
        return stable, league_named(stable, name)
    except BaseException:
        stable.close()
        raise


def collect_results(stable: Stable, league: League) -> list[int]:
    from companion.league.matches import collect

    return collect(stable, league) if stable.writable else []


def names_of(stable: Stable, league: League) -> dict[int, str]:
    from companion.league.records import member_names

    return member_names(stable, league.id)


def match_words(m: Match, names: dict[int, str], ratings: Any = None) -> str:
    """"Brutus v Crixus"; with the league's `ratings`, each side's chance of winning
    by them: "Brutus v Crixus (chances 62 % / 38 %)"."""
    sides: dict[str, list[int]] = {}
    for e in m.entries:
        sides.setdefault(e.side, []).append(e.gladiator_id)
    words = " v ".join(" & ".join(names.get(g, f"#{g}") for g in v) for v in sides.values())
    if ratings is None:
        return words
    from companion.league.ratings import chances

    odds = chances(list(sides.values()), ratings)
    return f"{words} (chances {' / '.join(f'{p * 100:.0f} %' for p in odds)})"


def result_words(m: Match, names: dict[int, str]) -> str:
    won = [names.get(e.gladiator_id, "?") for e in m.entries if e.result == "win"]
    lost = [names.get(e.gladiator_id, "?") + (" (killed)" if e.died else "")
            for e in m.entries if e.result == "loss"]
    if m.forfeit:
        return f"{match_words(m, names)}: forfeit ({m.forfeit})"
    if not won:
        return f"{match_words(m, names)}: a draw"
    return f"{' & '.join(won)} beat {' & '.join(lost)}"


def match_json(m: Match, names: dict[int, str]) -> dict[str, Any]:
    return {"id": m.id, "round": m.round, "board": m.board, "file": m.session_path,
            "fight": m.fight_id, "forfeit": m.forfeit or None, "done": m.done,
            "commitment": m.commitment or None,
            "gladiators": [{"id": e.gladiator_id, "name": names.get(e.gladiator_id),
                            "side": e.side, "result": e.result, "figure": e.figure,
                            "died": e.died} for e in m.entries]}


def _table(stable: Stable, league: League) -> tuple[list[str], list[list[str]], str,
                                                    list[dict[str, Any]]]:
    from companion.league import season
    from companion.league.parts import tiebreak
    from companion.league.standings import header

    rows = season.table(stable, league)
    ratings = season.ratings(stable, league)
    tb = tiebreak(league.game)
    swiss = league.format == "swiss"
    cols = ["#", "gladiator", "P", "W", "D", "L", "pts", "h2h"]
    cols += ["Buchholz"] if swiss else []
    cols += [tb.name, "kills", "deaths", "rating"]
    table = []
    data = []
    for r in rows:
        rating = ratings.get(r.who)
        shown = f"{rating.shown:.1f}±{rating.sigma:.1f}" if rating else "-"
        line = [str(r.rank), r.name, str(r.played), str(r.wins), str(r.draws),
                str(r.losses), f"{r.points:g}", f"{r.head_to_head:g}"]
        line += [f"{r.buchholz:g}"] if swiss else []
        line += [str(r.figure), str(r.kills), str(r.deaths), shown]
        table.append(line)
        data.append({"rank": r.rank, "id": r.who, "name": r.name, "played": r.played,
                     "wins": r.wins, "draws": r.draws, "losses": r.losses,
                     "byes": r.byes, "points": r.points, "head_to_head": r.head_to_head,
                     "buchholz": r.buchholz if swiss else None, tb.name: r.figure,
                     "kills": r.kills, "deaths": r.deaths,
                     "rating": None if rating is None else
                     {"mu": rating.mu, "sigma": rating.sigma, "shown": rating.shown}})
    order = "ranked by " + ", then ".join(header(tb, swiss))
    return cols, table, order, data


def show_standings(args: argparse.Namespace) -> int:
    from companion.league.post import _columns

    stable, league = opened(args.name)
    with stable:
        collect_results(stable, league)
        cols, table, order, data = _table(stable, league)
    if args.json:
        print(json.dumps({"league": league.name, "tiebreaks": order, "rows": data},
                         indent=1))
        return 0
    print(f"{league.name}: {order}")
    for line in _columns(cols, table):
        print(line)
    return 0


def post_round(args: argparse.Namespace) -> int:
    from companion.files.atomic import atomic_write
    from companion.league import post, records, season

    if args.json and args.format != "discord":
        raise UserError("--json goes with --format discord only", exit_code=2)
    stable, league = opened(args.name)
    with stable:
        collect_results(stable, league)
        rounds = records.rounds(stable, league.id)
        number = args.round if args.round is not None else (
            rounds[-1].number if rounds else None)
        chosen = [r for r in rounds if r.number == number]
        if args.round is not None and not chosen:
            raise UserError(f"{league.name} has no round {args.round}", exit_code=1)
        names = names_of(stable, league)
        found = [m for m in records.matches(stable, league.id)
                 if m.round == number or (league.format == "challenge" and m.round is None)]
        rated = season.ratings(stable, league)
        pairings = [f"{m.board}. {match_words(m, names, rated)}" + _committed(m)
                    for m in found if not m.done]
        results = [(result_words(m, names) + _committed(m), _link(_report_of(m),
                                                                   args.link_base))
                   for m in found if m.done]
        rested = [names.get(g, str(g)) for n, g in records.byes(stable, league.id)
                  if n == number]
        pairings += [f"bye: {n}" for n in rested]
        cols, table, order, _data = _table(stable, league)
        drawn = bracket_of(stable, league) if args.format == "html" else None
        event = records.event(stable, league.id)
        purse = _purses(records.purse_changes(
            stable, [m.fight_id for m in found if m.fight_id is not None]))
    title = league.name + (f", round {number}" if number is not None else "")
    made = post.Post(title, chosen[0].deadline if chosen else "", pairings, results, cols,
                     table, order, purse, event.words() if event else "")
    if args.json:
        text = json.dumps(post.discord_messages(made), ensure_ascii=False, indent=1) + "\n"
    else:
        text = post.RENDER[args.format](made)
    if drawn is not None:
        text = with_bracket(text, drawn)
    if args.out is None:
        print(text, end="")
    else:
        atomic_write(args.out, text)
    return 0


def bracket_of(stable: Stable, league: League) -> Any:
    from companion.league.bracket import bracket

    return bracket(stable, league)


def with_bracket(page: str, drawn: Any) -> str:
    """The HTML post with the bracket's picture in it, drawn by the window's hook
    (`ui/registry.py` BRACKET): pygame is imported here only, for --format html."""
    import os

    # pygame greets on import, on stdout, where the post itself may be going.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from companion.ui.registry import BRACKET, load

    embedded: str = load(BRACKET)(page, drawn)
    return embedded


def _committed(m: Match) -> str:
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


def write_report(session: Any, path: Path) -> Path:
    """The match's report in Markdown beside its session file, for the post to name."""
    from companion.files.atomic import atomic_write
    from companion.reports.build import build_report
    from companion.reports.formats import FORMATS

    out = path.with_suffix(".md")
    atomic_write(out, FORMATS["markdown"](build_report(session)))
    return out


def _report_of(m: Match) -> str:
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


def show_league(args: argparse.Namespace) -> int:
    from companion.league import records

    stable, league = opened(args.name)
    with stable:
        collect_results(stable, league)
        names = names_of(stable, league)
        members = records.members(stable, league.id)
        rounds = records.rounds(stable, league.id)
        found = records.matches(stable, league.id)
        byes = records.byes(stable, league.id)
        event = records.event(stable, league.id)
    if args.json:
        print(json.dumps({
            "name": league.name, "game": league.game, "format": league.format,
            "event": None if event is None else {
                "kind": event.kind, "entry_fee": event.entry_fee,
                "appearance_fee": event.appearance_fee, "prize": event.prize},
            "home_away": league.home_away, "folder": league.folder,
            "members": [{"id": g, "name": names.get(g), "seed": s} for g, s in members],
            "rounds": [{"number": r.number, "deadline": r.deadline,
                        "byes": [g for n, g in byes if n == r.number]} for r in rounds],
            "matches": [match_json(m, names) for m in found]}, indent=1))
        return 0
    if event is None:
        print(f"{league.name}: a {league.format} league of {league.game}, "
              f"{len(members)} members")
    else:
        print(f"{league.name}: a {league.format} {event.kind} event of {league.game}, "
              f"{event.words()}, {len(members)} members")
    for g, s in members:
        print(f"  seed {s}: {names.get(g, g)}")
    for m in found:
        where = f"round {m.round}" if m.round is not None else "challenge"
        said = result_words(m, names) if m.done else f"{match_words(m, names)}: to play"
        print(f"  #{m.id} ({where}) {said}  {m.session_path}")
    return 0


def list_leagues(args: argparse.Namespace) -> int:
    from companion.league import records
    from companion.stable.store import Stable

    with Stable.open(create=False) as stable:
        found = records.leagues(stable) if stable.writable or stable.path.exists() else []
        counts = {lg.id: len(records.members(stable, lg.id)) for lg in found}
    if args.json:
        print(json.dumps([{"name": lg.name, "game": lg.game, "format": lg.format,
                           "members": counts[lg.id]} for lg in found], indent=1))
        return 0
    if not found:
        print("no leagues yet: companion league new NAME --game GAME --format FORMAT")
    for lg in found:
        print(f"{lg.name}: {lg.format}, {lg.game}, {counts[lg.id]} members")
    return 0


def simulate_seasons(args: argparse.Namespace) -> int:
    from companion.league.simulate import simulate

    result = simulate(args.game or None, args.gladiators, args.seasons, args.workers,
                      args.seed, scheduler=args.scheduler)
    if args.json:
        print(json.dumps(result.summary(), indent=1))
    else:
        for line in result.lines():
            print(line)
    return 0
