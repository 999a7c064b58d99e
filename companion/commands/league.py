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
from typing import TYPE_CHECKING

from companion.commands.league_views import (
    clock_now,
    collect_results,
    list_leagues,
    names_of,
    opened,
    post_round,
    show_league,
    show_standings,
    simulate_seasons,
)
from companion.errors import UserError

if TYPE_CHECKING:
    from companion.league.records import League
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
    add_new_options(p)
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
    p.add_argument("--seed", type=int, help="seed the dice each match opens with (each "
                   "its own from it; default: fresh dice)")
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
    p.set_defaults(func=show_standings)

    p = sub.add_parser("post", help="a round's post: pairings, results, standings")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--round", type=int, metavar="N", help="the round (default: the last)")
    p.add_argument("--format", required=True, choices=POST_FORMATS, metavar="FORMAT",
                   help="markdown, bbcode, discord or html")
    p.add_argument("--out", type=Path, metavar="FILE")
    p.add_argument("--link-base", metavar="URL",
                   help="where the match reports are put up: each report's link is "
                   "URL/<match>.md (default: the report's file name, beside the post)")
    p.add_argument("--json", action="store_true",
                   help="with --format discord: the messages as a JSON list")
    p.set_defaults(func=post_round)

    p = sub.add_parser("show", help="a league's rounds and matches")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=show_league)

    p = sub.add_parser("list", help="every league")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=list_leagues)

    p = sub.add_parser("simulate", help="a headless season on the balance lab's workers")
    p.add_argument("game", nargs="?", default="", metavar="GAME",
                   help="the game (default: the first the lab plays)")
    p.add_argument("--gladiators", type=int, default=64, metavar="N")
    p.add_argument("--seasons", type=int, default=10, metavar="N")
    p.add_argument("--workers", type=int, default=0, metavar="N",
                   help="processes (0: one a core; 1: this one)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="play on this Dask scheduler instead (needs the lab extra)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=simulate_seasons)


def _gladiators(stable: Stable, league: League, who: list[str]) -> list[int]:
    from companion.commands.gladiators import find

    return [find(stable, w, league.game).id for w in who]


def add_new_options(p: argparse.ArgumentParser) -> None:
    """The options a new league and a new event share."""
    p.add_argument("--home-away", action="store_true",
                   help="round robin: each pairing twice, home and away")
    p.add_argument("--folder", type=Path, metavar="DIR",
                   help="where its match files go (default: a folder named after it "
                   "beside the stable)")


# --- the verbs ----------------------------------------------------------------------------
def _new(args: argparse.Namespace) -> int:
    from companion.league.making import folder_of
    from companion.league.parts import league_part
    from companion.league.records import new_league
    from companion.stable.store import Stable

    league_part(args.game)
    with Stable.open() as stable:
        league = new_league(stable, args.name, args.game, args.league_format,
                            home_away=args.home_away,
                            folder=folder_of(stable, args.name, args.folder),
                            clock=clock_now())
    print(f"{league.name}: a {league.format} league of {league.game}; its match files go "
          f"to {league.folder}")
    return 0


def _add(args: argparse.Namespace) -> int:
    from companion.league.records import add_members, members

    stable, league = opened(args.name)
    with stable:
        ids = _gladiators(stable, league, args.who)
        add_members(stable, league, ids)
        count = len(members(stable, league.id))
    print(f"{league.name}: {len(ids)} added, {count} in all")
    return 0


def _seed(args: argparse.Namespace) -> int:
    from companion.league import records, season

    stable, league = opened(args.name)
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
        names = names_of(stable, league)
    for i, g in enumerate(order, start=1):
        print(f"{i:>3}. {names.get(g, g)}")
    return 0


def _round(args: argparse.Namespace) -> int:
    from companion.league.making import make_round

    stable, league = opened(args.name)
    with stable:
        made = make_round(stable, league, args.deadline, clock_now(),
                          verifiable=args.verifiable, seed=args.seed)
    if args.json:
        print(json.dumps({"round": made.number, "deadline": args.deadline,
                          "matches": [{"file": f, "gladiators": [g for g, _s in sides],
                                       "commitment": made.commitments.get(f)}
                                      for f, sides in made.matches],
                          "byes": made.rested}, indent=1))
        return 0
    print(f"{league.name}, round {made.number}" + (f" (deadline: {args.deadline})"
                                                   if args.deadline else ""))
    for line in made.lines:
        print(line)
    return 0


def _book(args: argparse.Namespace) -> int:
    from companion.league import records
    from companion.league.challenge import refusal
    from companion.league.making import book

    stable, league = opened(args.name)
    with stable:
        if league.format != "challenge":
            raise UserError(f"{league.name} is a {league.format} league: its matches come "
                            "from its rounds", exit_code=1)
        ids = _gladiators(stable, league, args.who)
        members = {g for g, _s in records.members(stable, league.id)}
        alive = {g.id for g in stable.gladiators(game=league.game) if g.alive}
        names = {g.id: g.name for g in stable.gladiators(game=league.game)}
        why = refusal([names[g] for g in ids], {names[g] for g in members if g in names},
                      {names[g] for g in alive if g in names})
        if why is not None:
            raise UserError(why, exit_code=1)
        teams = [int(t) for t in args.teams.split(",")] if args.teams else None
        made = book(stable, league, ids, teams, clock_now(), verifiable=args.verifiable)
    print(f"{league.name}: booked")
    for line in made.lines:
        print(line)
    return 0


def _play(args: argparse.Namespace) -> int:
    from companion.league import matches, records
    from companion.league.posting import match_words, result_words, write_report

    stable, league = opened(args.name)
    with stable:
        collect_results(stable, league)
        names = names_of(stable, league)
        todo = [m for m in records.matches(stable, league.id) if not m.done
                and (args.match is None or m.id == args.match)]
        if not todo:
            raise UserError(f"{league.name}: no match to play" + (
                f" numbered {args.match}" if args.match is not None else ""), exit_code=1)
        for m in todo:
            path = Path(m.session_path)
            seed = None if args.seed is None else args.seed * 1_000_003 + m.id
            session = matches.play(path, seed)
            write_report(session, path)
            fight = matches.apply(stable, session, path, m)
            matches.collect(stable, league)
            done = records.match(stable, league.id, m.id)
            said = result_words(done, names_of(stable, league)) if done.done else \
                f"{match_words(m, names)}: played, not recorded"
            print(f"  #{m.id} {said}" + (f" (fight #{fight})" if fight else ""))
    return 0


def _results(args: argparse.Namespace) -> int:
    from companion.league import records
    from companion.league.posting import match_json, match_words, result_words

    stable, league = opened(args.name)
    with stable:
        new = set(collect_results(stable, league))
        found = records.matches(stable, league.id)
        names = names_of(stable, league)
    if args.json:
        print(json.dumps([match_json(m, names) for m in found], indent=1))
        return 0
    for m in found:
        where = f"round {m.round}" if m.round is not None else "challenge"
        said = result_words(m, names) if m.done else f"{match_words(m, names)}: to play"
        print(f"  #{m.id} ({where}) {said}" + ("  [new]" if m.id in new else ""))
    return 0


def _forfeit(args: argparse.Namespace) -> int:
    from companion.league import records
    from companion.league.posting import result_words

    stable, league = opened(args.name)
    with stable:
        collect_results(stable, league)
        absent = _gladiators(stable, league, args.absent)
        names = names_of(stable, league)
        words = " & ".join(names.get(g, f"#{g}") for g in absent) + " did not appear"
        records.forfeit(stable, args.match, absent, words)
        print(f"  #{args.match} "
              f"{result_words(records.match(stable, league.id, args.match), names)}")
    return 0
