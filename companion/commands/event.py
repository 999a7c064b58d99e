"""`companion event new NAME --fee N --prize N [--invitational N]`: a one-off event of
the seed's economy, a league of its own kind. A public event takes its entry fee from
each entrant's manager and pays its prize to each winner; an invitational one pays
each invited gladiator its appearance fee and pays its prize. Both per match: each of
its matches' setups names the event, so the money moves in the careers' apply step,
once, as any match's event does. Its rounds, matches, standings and posts are the
league's (`companion league add|round|play|post NAME`)."""

from __future__ import annotations

import argparse

from companion.commands.league import add_new_options
from companion.errors import UserError

MOST = 1_000_000_000  # as the seed's events' figures (`grimdark.prizes.MOST`)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "event", help="an event with an entry fee or appearance fees, and a prize",
        description="Start a one-off event: a league whose every match takes the entry "
        "fee from each entrant's manager (or pays each invited gladiator his appearance "
        "fee) and pays the prize to each winner, through the careers' apply step. Run "
        "it with `companion league`.",
        epilog="examples:\n"
        "  companion event new 'The Blood Cup' --fee 50 --prize 200\n"
        "  companion event new 'The Consul's Games' --invitational 30 --prize 300\n"
        "  companion league add 'The Blood Cup' Brutus Crixus Decimus Flamma",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    p = sub.add_parser("new", help="start an event")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--fee", type=int, default=0, metavar="N",
                   help="a public event's entry fee, from each entrant's manager each match")
    p.add_argument("--prize", type=int, default=0, metavar="N",
                   help="paid to each winner of each match")
    p.add_argument("--invitational", type=int, metavar="N",
                   help="an invitational event: each invited gladiator's appearance fee "
                   "each match (no entry fee)")
    p.add_argument("--game", help="the game (default: the one whose careers keep "
                   "purses, Grimdark Gladiators)")
    p.add_argument("--format", dest="league_format", default="swiss", metavar="FORMAT",
                   help="swiss (default), round-robin, single, double or challenge")
    add_new_options(p)
    p.set_defaults(func=_new)


def _new(args: argparse.Namespace) -> int:
    from companion.commands.league_views import clock_now
    from companion.league.making import folder_of
    from companion.league.parts import event_games, events
    from companion.league.records import Event, new_league
    from companion.stable.store import Stable

    for flag, value in (("--fee", args.fee), ("--prize", args.prize),
                        ("--invitational", args.invitational)):
        if value is not None and not 0 <= value <= MOST:
            raise UserError(f"{flag}: 0 to {MOST:,}, not {value}", exit_code=2)
    if args.invitational is not None and args.fee:
        raise UserError("an invitational event takes no entry fee: it pays the gladiators "
                        "it invites (--invitational N), so give no --fee", exit_code=2)
    games = event_games()
    game = args.game or (games[0] if len(games) == 1 else None)
    if game is None:
        raise UserError(f"name the event's game: --game {'|'.join(games)}", exit_code=2)
    if not events(game):
        raise UserError(f"{game} has no events with money: its careers keep no purses "
                        f"(the games with events: {', '.join(event_games()) or 'none'}); "
                        "`companion league new` runs a league of it", exit_code=1)
    event = Event("invitational", appearance_fee=args.invitational, prize=args.prize) \
        if args.invitational is not None else Event("public", entry_fee=args.fee,
                                                    prize=args.prize)
    with Stable.open() as stable:
        league = new_league(stable, args.name, game, args.league_format,
                            home_away=args.home_away,
                            folder=folder_of(stable, args.name, args.folder),
                            clock=clock_now(), event=event)
    print(f"{league.name}: a {league.format} {event.kind} event of {league.game}, "
          f"{event.words()}; its match files go to {league.folder}")
    return 0
