"""The reading verbs of `companion league`: `standings`, `post`, `show`, `list`, and
the headless `simulate`, and the opening every verb shares. The words a match, a table
and a post are told in are the League screen's too: `companion.league.posting`."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from companion.errors import UserError

if TYPE_CHECKING:
    from companion.league.records import League
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


def show_standings(args: argparse.Namespace) -> int:
    from companion.league.post import _columns
    from companion.league.posting import table

    stable, league = opened(args.name)
    with stable:
        collect_results(stable, league)
        told = table(stable, league)
    if args.json:
        print(json.dumps({"league": league.name, "tiebreaks": told.order,
                          "rows": told.data}, indent=1))
        return 0
    print(f"{league.name}: {told.order}")
    for line in _columns(told.columns, told.rows):
        print(line)
    return 0


def post_round(args: argparse.Namespace) -> int:
    from companion.files.atomic import atomic_write
    from companion.league import post
    from companion.league.posting import round_post

    if args.json and args.format != "discord":
        raise UserError("--json goes with --format discord only", exit_code=2)
    stable, league = opened(args.name)
    with stable:
        collect_results(stable, league)
        made = round_post(stable, league, args.round, link_base=args.link_base)
        drawn = bracket_of(stable, league) if args.format == "html" else None
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


def show_league(args: argparse.Namespace) -> int:
    from companion.league import records
    from companion.league.posting import match_json, match_words, result_words

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
