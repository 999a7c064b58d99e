"""`companion league new|add|seed|round|book|play|results|forfeit|standings|post|show|
list|simulate`: leagues and one-off events on the stable, for every game with a
`league` part.

Each round's matches are written as session files of their game in the league's
folder, played at the table (then `companion career apply FILE`), in the app, or by
the computer (`league play`). A match's result is what the careers recorded of its
fight, read back once (`league results`, and before every other verb); it is never
typed. The league's records live in the stable's database, each change in one
transaction."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import UserError

if TYPE_CHECKING:
    from companion.league.records import League, Match
    from companion.stable.store import Stable

FORMAT_HELP = ("round-robin (Berger's tables), swiss, single or double (elimination), or "
               "challenge (open challenges, no rounds)")
POST_FORMATS = ("markdown", "bbcode", "discord", "html")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "league", help="leagues and events: pairings, matches, standings, posts",
        description="Run a league or a one-off event of gladiators of the stable: its "
        "rounds' pairings made into session files, played at the table or by the "
        "computer, their results read from the careers, the standings and the posts.",
        epilog="examples:\n"
        "  companion league new 'Winter Games' --game grimdark --format swiss\n"
        "  companion league add 'Winter Games' Brutus Crixus '#7' '#8'\n"
        "  companion league round 'Winter Games' --deadline 'Sunday 20:00'\n"
        "  companion league play 'Winter Games'\n"
        "  companion league post 'Winter Games' --format bbcode",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="verb", metavar="VERB", required=True)

    p = sub.add_parser("new", help="start a league or an event")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--game", required=True, help="the game its matches are of")
    p.add_argument("--format", required=True, dest="league_format", metavar="FORMAT",
                   help=FORMAT_HELP)
    p.add_argument("--home-away", action="store_true",
                   help="round robin: each pairing twice, home and away")
    p.add_argument("--folder", type=Path, metavar="DIR",
                   help="where its match files go (default: a folder named after it "
                   "beside the stable)")
    p.set_defaults(func=_new)

    p = sub.add_parser("add", help="add gladiators of the stable (seeded in this order)")
    p.add_argument("name", metavar="NAME")
    p.add_argument("who", nargs="+", metavar="GLADIATOR", help="#number or name")
    p.set_defaults(func=_add)

    p = sub.add_parser("seed", help="seed the members by hand (in the order given) or by "
                       "rating")
    p.add_argument("name", metavar="NAME")
    p.add_argument("who", nargs="*", metavar="GLADIATOR")
    p.add_argument("--by-rating", action="store_true",
                   help="by their ratings from the league's matches so far")
    p.set_defaults(func=_seed)

    p = sub.add_parser("round", help="make the next round's pairings into match files")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--deadline", default="", help="when its matches must be played by")
    p.add_argument("--verifiable", action="store_true",
                   help="each match's dice from a secret seed; its commitment printed")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_round)

    p = sub.add_parser("book", help="an open challenge: book a match between gladiators")
    p.add_argument("name", metavar="NAME")
    p.add_argument("who", nargs="+", metavar="GLADIATOR")
    p.add_argument("--teams", help="each one's team, comma-separated (default: each his "
                   "own)")
    p.add_argument("--verifiable", action="store_true")
    p.set_defaults(func=_book)

    p = sub.add_parser("play", help="let the computer play the open matches and record "
                       "them into careers")
    p.add_argument("name", metavar="NAME")
    p.add_argument("match", nargs="?", type=int, metavar="MATCH", help="just this one")
    p.add_argument("--seed", type=int, help="seed the dice (each match its own from it)")
    p.set_defaults(func=_play)

    p = sub.add_parser("results", help="read the results the careers recorded since")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_results)

    p = sub.add_parser("forfeit", help="rule on a match not played by its deadline")
    p.add_argument("name", metavar="NAME")
    p.add_argument("match", type=int, metavar="MATCH")
    p.add_argument("absent", nargs="+", metavar="GLADIATOR",
                   help="who did not appear (he loses; all of them: all lose)")
    p.set_defaults(func=_forfeit)

    p = sub.add_parser("standings", help="the table, its tie-breaks named in its header")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_standings)

    p = sub.add_parser("post", help="a round's post: pairings, results, standings")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--round", type=int, metavar="N", help="the round (default: the last)")
    p.add_argument("--format", required=True, choices=POST_FORMATS, metavar="FORMAT",
                   help="markdown, bbcode, discord or html")
    p.add_argument("--out", type=Path, metavar="FILE")
    p.add_argument("--json", action="store_true",
                   help="with --format discord: the messages as a JSON list")
    p.set_defaults(func=_post)

    p = sub.add_parser("show", help="a league's rounds and matches")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_show)

    p = sub.add_parser("list", help="every league")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_list)

    p = sub.add_parser("simulate", help="a headless season on the balance lab's workers")
    p.add_argument("game", nargs="?", default="", metavar="GAME",
                   help="the game (default: the first the lab plays)")
    p.add_argument("--gladiators", type=int, default=64, metavar="N")
    p.add_argument("--seasons", type=int, default=10, metavar="N")
    p.add_argument("--workers", type=int, default=0, metavar="N",
                   help="processes (0: one a core; 1: this one)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_simulate)


# --- the machinery ------------------------------------------------------------------------
def _now() -> str:
    from companion.stable.store import utc_now

    return utc_now()


def _opened(name: str) -> tuple[Stable, League]:
    from companion.league.records import league_named
    from companion.stable.store import Stable

    stable = Stable.open()
    try:
        return stable, league_named(stable, name)
    except BaseException:
        stable.close()
        raise


def _collect(stable: Stable, league: League) -> list[int]:
    from companion.league.matches import collect

    return collect(stable, league) if stable.writable else []


def _names(stable: Stable, league: League) -> dict[int, str]:
    return {g.id: g.name for g in stable.gladiators(game=league.game)}


def _gladiators(stable: Stable, league: League, who: list[str]) -> list[int]:
    from companion.commands.gladiators import find

    return [find(stable, w, league.game).id for w in who]


def _match_words(m: Match, names: dict[int, str]) -> str:
    sides: dict[str, list[str]] = {}
    for e in m.entries:
        sides.setdefault(e.side, []).append(names.get(e.gladiator_id, f"#{e.gladiator_id}"))
    return " v ".join(" & ".join(v) for v in sides.values())


def _result_words(m: Match, names: dict[int, str]) -> str:
    won = [names.get(e.gladiator_id, "?") for e in m.entries if e.result == "win"]
    lost = [names.get(e.gladiator_id, "?") + (" (killed)" if e.died else "")
            for e in m.entries if e.result == "loss"]
    if m.forfeit:
        return f"{_match_words(m, names)}: forfeit ({m.forfeit})"
    if not won:
        return f"{_match_words(m, names)}: a draw"
    return f"{' & '.join(won)} beat {' & '.join(lost)}"


# --- the verbs ----------------------------------------------------------------------------
def _new(args: argparse.Namespace) -> int:
    from companion.league.parts import league_part
    from companion.league.records import new_league
    from companion.stable.store import Stable

    league_part(args.game)
    with Stable.open() as stable:
        folder = args.folder or stable.path.parent / "leagues" / _slug(args.name)
        league = new_league(stable, args.name, args.game, args.league_format,
                            home_away=args.home_away, folder=str(Path(folder).resolve()),
                            clock=_now())
    print(f"{league.name}: a {league.format} league of {league.game}; its match files go "
          f"to {league.folder}")
    return 0


def _slug(text: str) -> str:
    kept = "".join(c.lower() if c.isalnum() else "-" for c in text)
    return "-".join(p for p in kept.split("-") if p) or "league"


def _add(args: argparse.Namespace) -> int:
    from companion.league.records import add_members, members

    stable, league = _opened(args.name)
    with stable:
        ids = _gladiators(stable, league, args.who)
        add_members(stable, league, ids)
        count = len(members(stable, league.id))
    print(f"{league.name}: {len(ids)} added, {count} in all")
    return 0


def _seed(args: argparse.Namespace) -> int:
    from companion.league import records, season

    stable, league = _opened(args.name)
    with stable:
        now = [g for g, _s in records.members(stable, league.id)]
        order: list[int]
        if args.by_rating:
            from companion.league.elimination import seeded

            rated = season.ratings(stable, league)
            order = seeded(now, {g: r.shown for g, r in rated.items() if isinstance(g, int)})
        else:
            given = _gladiators(stable, league, args.who)
            if sorted(given) != sorted(now):
                raise UserError("name every member once, in the order of their seeds",
                                exit_code=1)
            order = given
        records.set_seeds(stable, league, order)
        names = _names(stable, league)
    for i, g in enumerate(order, start=1):
        print(f"{i:>3}. {names.get(g, g)}")
    return 0


def _make(stable: Stable, league: League, number: int | None,
          groups: list[list[int]], teams: list[list[int]] | None, verifiable: bool,
          start_board: int = 0) -> tuple[list[tuple[str, list[tuple[int, str]]]], list[str]]:
    from companion.league.matches import file_name, make

    made: list[tuple[str, list[tuple[int, str]]]] = []
    lines: list[str] = []
    for board, group in enumerate(groups, start=start_board + 1):
        glads = [stable.gladiator(g) for g in group]
        if any(g is None for g in glads):
            raise UserError(f"match {board}: a gladiator is no longer in the stable",
                            exit_code=1)
        known = [g for g in glads if g is not None]
        if not all(g.alive for g in known):
            # No match to play: the dead forfeit it (`records.add_round`).
            made.append(("", [(g.id, str(i)) for i, g in enumerate(known, start=1)]))
            lines.append(f"  {board}. {' v '.join(g.name for g in known)}: forfeit, "
                         + " & ".join(g.name for g in known if not g.alive) + " dead")
            continue
        team = teams[board - start_board - 1] if teams else list(range(1, len(known) + 1))
        path, sides, line = make(stable, league, known, team,
                                 file_name(league, number, board, [g.name for g in known]),
                                 verifiable=verifiable)
        made.append((str(path), list(zip(group, sides, strict=True))))
        lines.append(f"  {board}. {' v '.join(g.name for g in known)}: {path}")
        if line is not None:
            lines.append(f"     commitment: {line}")
    return made, lines


def _round(args: argparse.Namespace) -> int:
    from companion.league import records, season

    stable, league = _opened(args.name)
    with stable:
        _collect(stable, league)
        nxt = season.pairings(stable, league)
        made, lines = _make(stable, league, nxt.number, nxt.matches, None, args.verifiable)
        records.add_round(stable, league, nxt.number, args.deadline, made, nxt.rested,
                          _now())
        names = _names(stable, league)
    if args.json:
        print(json.dumps({"round": nxt.number, "deadline": args.deadline,
                          "matches": [{"file": f, "gladiators": [g for g, _s in sides]}
                                      for f, sides in made],
                          "byes": nxt.rested}, indent=1))
        return 0
    print(f"{league.name}, round {nxt.number}" + (f" (deadline: {args.deadline})"
                                                  if args.deadline else ""))
    for line in lines:
        print(line)
    for g in nxt.rested:
        print(f"  bye: {names.get(g, g)}")
    return 0


def _book(args: argparse.Namespace) -> int:
    from companion.league import records
    from companion.league.challenge import refusal

    stable, league = _opened(args.name)
    with stable:
        if league.format != "challenge":
            raise UserError(f"{league.name} is a {league.format} league: its matches come "
                            "from its rounds", exit_code=1)
        ids = _gladiators(stable, league, args.who)
        members = {g for g, _s in records.members(stable, league.id)}
        alive = {g.id for g in stable.gladiators(game=league.game) if g.alive}
        names = _names(stable, league)
        why = refusal([names[g] for g in ids], {names[g] for g in members if g in names},
                      {names[g] for g in alive if g in names})
        if why is not None:
            raise UserError(why, exit_code=1)
        teams = None
        if args.teams:
            teams = [[int(t) for t in args.teams.split(",")]]
        booked = [m for m in records.matches(stable, league.id) if m.round is None]
        made, lines = _make(stable, league, None, [ids], teams, args.verifiable,
                            start_board=max((m.board for m in booked), default=0))
        records.add_round(stable, league, None, "", made, [], _now())
    print(f"{league.name}: booked")
    for line in lines:
        print(line)
    return 0


def _play(args: argparse.Namespace) -> int:
    from companion.league import matches, records

    stable, league = _opened(args.name)
    with stable:
        _collect(stable, league)
        names = _names(stable, league)
        todo = [m for m in records.matches(stable, league.id) if not m.done
                and (args.match is None or m.id == args.match)]
        if not todo:
            raise UserError(f"{league.name}: no match to play" + (
                f" numbered {args.match}" if args.match is not None else ""), exit_code=1)
        for m in todo:
            path = Path(m.session_path)
            seed = None if args.seed is None else args.seed * 1_000_003 + m.id
            session = matches.play(path, seed)
            _report(session, path)
            fight = matches.apply(stable, session, path, m)
            matches.collect(stable, league)
            done = records.match(stable, league.id, m.id)
            said = _result_words(done, _names(stable, league)) if done.done else \
                f"{_match_words(m, names)}: played, not recorded"
            print(f"  #{m.id} {said}" + (f" (fight #{fight})" if fight else ""))
    return 0


def _report(session: Any, path: Path) -> Path:
    """The match's report in Markdown beside its session file, for the post to name."""
    from companion.files.atomic import atomic_write
    from companion.reports.build import build_report
    from companion.reports.formats import FORMATS

    out = path.with_suffix(".md")
    atomic_write(out, FORMATS["markdown"](build_report(session)))
    return out


def _results(args: argparse.Namespace) -> int:
    from companion.league import records

    stable, league = _opened(args.name)
    with stable:
        new = set(_collect(stable, league))
        found = records.matches(stable, league.id)
        names = _names(stable, league)
    if args.json:
        print(json.dumps([_match_json(m, names) for m in found], indent=1))
        return 0
    for m in found:
        where = f"round {m.round}" if m.round is not None else "challenge"
        said = _result_words(m, names) if m.done else f"{_match_words(m, names)}: to play"
        print(f"  #{m.id} ({where}) {said}" + ("  [new]" if m.id in new else ""))
    return 0


def _match_json(m: Match, names: dict[int, str]) -> dict[str, Any]:
    return {"id": m.id, "round": m.round, "board": m.board, "file": m.session_path,
            "fight": m.fight_id, "forfeit": m.forfeit or None, "done": m.done,
            "gladiators": [{"id": e.gladiator_id, "name": names.get(e.gladiator_id),
                            "side": e.side, "result": e.result, "figure": e.figure,
                            "died": e.died} for e in m.entries]}


def _forfeit(args: argparse.Namespace) -> int:
    from companion.league import records

    stable, league = _opened(args.name)
    with stable:
        _collect(stable, league)
        absent = _gladiators(stable, league, args.absent)
        names = _names(stable, league)
        words = " & ".join(names[g] for g in absent) + " did not appear"
        records.forfeit(stable, args.match, absent, words)
        print(f"  #{args.match} "
              f"{_result_words(records.match(stable, league.id, args.match), names)}")
    return 0


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


def _standings(args: argparse.Namespace) -> int:
    from companion.league.post import _columns

    stable, league = _opened(args.name)
    with stable:
        _collect(stable, league)
        cols, table, order, data = _table(stable, league)
    if args.json:
        print(json.dumps({"league": league.name, "tiebreaks": order, "rows": data},
                         indent=1))
        return 0
    print(f"{league.name}: {order}")
    for line in _columns(cols, table):
        print(line)
    return 0


def _post(args: argparse.Namespace) -> int:
    from companion.files.atomic import atomic_write
    from companion.league import post, records

    if args.json and args.format != "discord":
        raise UserError("--json goes with --format discord only", exit_code=2)
    stable, league = _opened(args.name)
    with stable:
        _collect(stable, league)
        rounds = records.rounds(stable, league.id)
        number = args.round if args.round is not None else (
            rounds[-1].number if rounds else None)
        chosen = [r for r in rounds if r.number == number]
        if args.round is not None and not chosen:
            raise UserError(f"{league.name} has no round {args.round}", exit_code=1)
        names = _names(stable, league)
        found = [m for m in records.matches(stable, league.id)
                 if m.round == number or (league.format == "challenge" and m.round is None)]
        pairings = [f"{m.board}. {_match_words(m, names)}" for m in found if not m.done]
        results = [(_result_words(m, names), _report_of(m)) for m in found if m.done]
        rested = [names.get(g, str(g)) for n, g in records.byes(stable, league.id)
                  if n == number]
        pairings += [f"bye: {n}" for n in rested]
        cols, table, order, _data = _table(stable, league)
    title = league.name + (f", round {number}" if number is not None else "")
    made = post.Post(title, chosen[0].deadline if chosen else "", pairings, results, cols,
                     table, order)
    if args.json:
        text = json.dumps(post.discord_messages(made), ensure_ascii=False, indent=1) + "\n"
    else:
        text = post.RENDER[args.format](made)
    if args.out is None:
        print(text, end="")
    else:
        atomic_write(args.out, text)
    return 0


def _report_of(m: Match) -> str:
    if m.forfeit:
        return ""
    report = Path(m.session_path).with_suffix(".md")
    return report.name if report.is_file() else ""


def _show(args: argparse.Namespace) -> int:
    from companion.league import records

    stable, league = _opened(args.name)
    with stable:
        _collect(stable, league)
        names = _names(stable, league)
        members = records.members(stable, league.id)
        rounds = records.rounds(stable, league.id)
        found = records.matches(stable, league.id)
        byes = records.byes(stable, league.id)
    if args.json:
        print(json.dumps({
            "name": league.name, "game": league.game, "format": league.format,
            "home_away": league.home_away, "folder": league.folder,
            "members": [{"id": g, "name": names.get(g), "seed": s} for g, s in members],
            "rounds": [{"number": r.number, "deadline": r.deadline,
                        "byes": [g for n, g in byes if n == r.number]} for r in rounds],
            "matches": [_match_json(m, names) for m in found]}, indent=1))
        return 0
    print(f"{league.name}: a {league.format} league of {league.game}, "
          f"{len(members)} members")
    for g, s in members:
        print(f"  seed {s}: {names.get(g, g)}")
    for m in found:
        where = f"round {m.round}" if m.round is not None else "challenge"
        said = _result_words(m, names) if m.done else f"{_match_words(m, names)}: to play"
        print(f"  #{m.id} ({where}) {said}  {m.session_path}")
    return 0


def _list(args: argparse.Namespace) -> int:
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


def _simulate(args: argparse.Namespace) -> int:
    from companion.league.simulate import simulate

    result = simulate(args.game or None, args.gladiators, args.seasons, args.workers,
                      args.seed)
    if args.json:
        print(json.dumps(result.summary(), indent=1))
    else:
        for line in result.lines():
            print(line)
    return 0
