"""`companion stable fallen`: the hall of the fallen, the gladiators of the stable who
died, each with the fight that killed him (when it was played, its session file, and
its result in his game's words, which tell the blow where the session did)."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.stable.model import Fight


def register(sub: argparse._SubParsersAction, games: list[str]) -> None:
    p = sub.add_parser(
        "fallen", help="the hall of the fallen: the gladiators who died",
        description="The hall of the fallen: every gladiator of the stable who died, "
        "with the fight that killed him (when, its session file, and how he died, as "
        "his game tells it), or that he was dead when he came into the stable.")
    p.add_argument("--game", choices=games, help="only this game's fallen")
    p.add_argument("--manager", metavar="NAME", help="only this manager's fallen")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_fallen)


def _fallen(args: argparse.Namespace) -> int:
    from companion.commands.gladiators import gladiator_json, line
    from companion.commands.gladiators import manager_id as manager_of
    from companion.stable.store import Stable
    from companion.stable.telling import how_he_fell, killed_by

    with Stable.open(create=False) as stable:
        managers = {m.id: m for m in stable.managers()}
        manager_id = manager_of(stable, args.manager)
        dead = [g for g in stable.gladiators(game=args.game, manager_id=manager_id)
                if not g.alive]
        fights = {g.id: killed_by(stable, g.id) for g in dead}
    if args.json:
        print(json.dumps({"fallen": [{**gladiator_json(g, managers),
                                      "fight": _fight_json(fights[g.id])} for g in dead]},
                         indent=2))
        return 0
    if not dead:
        print("No one has fallen" + (" of those asked for." if args.game or manager_id
                                     else ": the hall of the fallen is empty."))
        return 0
    print("The hall of the fallen")
    for g in dead:
        manager = managers.get(g.manager_id) if g.manager_id is not None else None
        print(f"  {line(g)}")
        print("    " + (f"{manager.name}'s; " if manager is not None else "")
              + how_he_fell(g, fights[g.id]))
    return 0


def _fight_json(fight: Fight | None) -> dict[str, Any] | None:
    return vars(fight) if fight is not None else None
