"""`companion stable star GLADIATOR [--off]`: star a gladiator (he always survives
his defeats, in a game that has starred gladiators), or no longer, on his sheet and in
the stable; refused, in words, past his manager's limit of starred gladiators."""

from __future__ import annotations

import argparse

from companion.errors import UserError


def register(sub: argparse._SubParsersAction, games: list[str]) -> None:
    p = sub.add_parser(
        "star", help="star a gladiator, or no longer (--off)",
        description="Star a gladiator, on his sheet and in the stable: in a game with "
        "starred gladiators he always survives his defeats. A manager may have only so "
        "many starred gladiators of a game (Grimdark Gladiators: three); one more is "
        "refused, naming those he has. --off takes the star away.")
    p.add_argument("who", metavar="GLADIATOR", help="his number (#3) or his name")
    p.add_argument("--game", choices=games, help="the game of the gladiator named")
    p.add_argument("--off", action="store_true", help="take his star away")
    p.set_defaults(func=_star)


def _star(args: argparse.Namespace) -> int:
    from companion.commands.gladiators import find
    from companion.stable.parts import title
    from companion.stable.starring import star_sheet
    from companion.stable.store import Stable

    starred = not args.off
    with Stable.open(create=False) as stable:
        g = find(stable, args.who, args.game)
        if g.starred == starred:
            print(f"#{g.id} {g.name} is {'starred' if starred else 'not starred'} already")
            return 0
        if starred and not g.alive:
            raise UserError(f"#{g.id} {g.name} is dead: a star keeps a gladiator alive, "
                            "and it is too late for him", exit_code=1)
        sheet = star_sheet(g.game, g.sheet, starred)
        if sheet is None:
            raise UserError(f"{title(g.game)} has no starred gladiators", exit_code=1)
        stable.set_starred(g.id, starred, sheet)
    print(f"#{g.id} {g.name} is {'starred' if starred else 'no longer starred'}")
    return 0
