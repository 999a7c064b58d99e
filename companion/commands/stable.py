"""`companion stable list|show|add|import|export|remove|purse|fallen|star`: the stable
of managers and their gladiators, of every game, kept in one file in the user's data
folder (the purse, the hall of the fallen and starring are modules of their own).

A gladiator is named by his number in the stable (`#3`, or `3`) or by his name; a
name two gladiators share asks for the number."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from companion.commands.gladiators import find
from companion.commands.gladiators import gladiator_json as _gladiator_json
from companion.commands.gladiators import line as _line
from companion.commands.gladiators import manager_id as manager_of
from companion.errors import UserError, one_line

# The stable and the games' sheets load when a command runs, not when the parser is
# built: opening the app must not pay for them.
if TYPE_CHECKING:
    from companion.stable.reading import ReadSheet
    from companion.stable.store import Stable

_EXAMPLES = """examples:
  companion stable import
  companion stable add "Spear Rookie" --manager Marcus
  companion stable list
  companion stable show "Spear Rookie"
  companion stable export 3 --out brenna.json
  companion stable remove 3
  companion stable purse Marcus 50 "bet on Lord Smash"
  companion stable fallen
  companion stable star "Lord Smash"
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    from companion.games.registry import GAMES

    games = [game_id for game_id, game in GAMES.items() if game.stable]
    parser = subparsers.add_parser(
        "stable", help="the stable: managers and their gladiators of every game",
        description="The stable: managers and their gladiators of every game, each with "
        "his sheet in his game's own form, kept in one file in your data folder. Import "
        "your roster folders into it, add sheets and samples, list, show, export and "
        "remove them.",
        epilog=_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="stable_command", metavar="ACTION", required=True)

    def game_option(p: argparse.ArgumentParser, what: str) -> None:
        p.add_argument("--game", choices=games, help=what)

    p_list = sub.add_parser("list", help="each manager's gladiators, a line each")
    game_option(p_list, "only this game's gladiators")
    p_list.add_argument("--manager", metavar="NAME", help="only this manager's gladiators")
    p_list.add_argument("--json", action="store_true", help="print JSON")
    p_list.set_defaults(func=_list)

    p_show = sub.add_parser("show", help="one gladiator: his sheet in words and his career")
    p_show.add_argument("who", metavar="GLADIATOR", help="his number (#3) or his name")
    game_option(p_show, "the game of the gladiator named")
    p_show.add_argument("--json", action="store_true", help="print JSON")
    p_show.set_defaults(func=_show)

    p_add = sub.add_parser(
        "add", help="add gladiators from sheet files or samples, or a manager",
        description="Add each SHEET (a sheet file of any game, or the name of a sample "
        "shipped with the companion: \"Spear Rookie\") to the stable, with his manager: "
        "--manager, else the one his sheet names. With no SHEET, --manager NAME adds the "
        "manager alone. The files are only read.")
    p_add.add_argument("sheets", nargs="*", metavar="SHEET", help="a sheet file or a "
                       "sample's name")
    p_add.add_argument("--manager", metavar="NAME", help="his manager (made if new)")
    game_option(p_add, "the game of a sheet whose file does not say")
    p_add.set_defaults(func=_add)

    p_import = sub.add_parser(
        "import", help="read sheet files, or your roster folders, into the stable",
        description="Read the sheet files and folders given into the stable, or with "
        "none, every sheet in your roster folders (each game's). A sheet already in the "
        "stable is left out, so importing again adds only what is new; a file that "
        "cannot be read is named and left out. The files are only read, never changed.")
    p_import.add_argument("paths", nargs="*", metavar="PATH", help="a sheet file or a "
                          "folder of them")
    p_import.add_argument("--manager", metavar="NAME", help="the manager of every "
                          "gladiator imported (else the one each sheet names)")
    p_import.add_argument("--json", action="store_true", help="print JSON")
    p_import.set_defaults(func=_import)

    p_export = sub.add_parser(
        "export", help="write a gladiator's sheet file",
        description="Write a gladiator's sheet, in his game's own format, as the file he "
        "was imported from: to standard output, or --out FILE (or a folder, named "
        "for him).")
    p_export.add_argument("who", metavar="GLADIATOR", help="his number (#3) or his name")
    game_option(p_export, "the game of the gladiator named")
    p_export.add_argument("--out", metavar="PATH", help="a file or folder to write it to")
    p_export.set_defaults(func=_export)

    p_remove = sub.add_parser(
        "remove", help="take a gladiator, or a manager, out of the stable",
        description="Take a gladiator out of the stable (his sheet files elsewhere are "
        "left as they are), or with --manager alone, a manager who has no gladiators "
        "left. A gladiator with fights in his career is removed only with "
        "--with-career, which removes his part of them too.")
    p_remove.add_argument("who", nargs="?", metavar="GLADIATOR",
                          help="his number (#3) or his name")
    game_option(p_remove, "the game of the gladiator named")
    p_remove.add_argument("--manager", metavar="NAME", help="remove this manager")
    p_remove.add_argument("--with-career", action="store_true",
                          help="remove him even with fights in his career")
    p_remove.set_defaults(func=_remove)

    from companion.commands import fallen, purse, star

    purse.register(sub)
    fallen.register(sub, games)
    star.register(sub, games)


def _open(create: bool) -> Stable:
    from companion.stable.store import Stable

    return Stable.open(create=create)


def _title(game: str) -> str:
    from companion.stable.parts import title

    return title(game)


def _list(args: argparse.Namespace) -> int:
    with _open(create=False) as stable:
        managers = {m.id: m for m in stable.managers()}
        manager_id = manager_of(stable, args.manager)
        gladiators = stable.gladiators(game=args.game, manager_id=manager_id)
        path = stable.path
    if args.json:
        print(json.dumps({"stable": str(path),
                          "managers": [vars(m) for m in managers.values()],
                          "gladiators": [_gladiator_json(g, managers)
                                         for g in gladiators]}, indent=2))
        return 0
    if not managers and not gladiators:
        print(f"The stable is empty ({path}). `companion stable import` reads your roster "
              "folders into it; `companion stable add SHEET` adds one gladiator.")
        return 0
    if (args.game is not None or manager_id is not None) and not gladiators:
        of = f" of {_title(args.game)}" if args.game is not None else ""
        whose = f" of {managers[manager_id].name}'s" if manager_id is not None else ""
        print(f"No gladiators{of}{whose} in the stable.")
        return 0
    shown_managers = [None, *managers] if manager_id is None else [manager_id]
    for owner in shown_managers:
        his = [g for g in gladiators if g.manager_id == owner]
        if owner is None and not his:
            continue
        if args.game is not None and not his:
            continue
        print(managers[owner].name if owner is not None else "No manager")
        for g in his:
            print(f"  {_line(g)}")
        if not his:
            print("  no gladiators")
    return 0


def _show(args: argparse.Namespace) -> int:
    from companion.stable.parts import game_parts

    with _open(create=False) as stable:
        g = find(stable, args.who, args.game)
        managers = {m.id: m for m in stable.managers()}
        career = stable.fights_of(g.id)
    sheets = game_parts().get(g.game)
    try:
        lines = sheets.lines(g.sheet) if sheets is not None else []
    except UserError as err:
        lines = [f"his sheet cannot be read: {one_line(str(err))}"]
    if args.json:
        out = _gladiator_json(g, managers)
        out["lines"] = lines
        out["sheet"] = json.loads(g.sheet) if lines and sheets is not None else None
        out["fights"] = [{**vars(fight), "side": entrant.side, "result": entrant.result}
                         for fight, entrant in career]
        print(json.dumps(out, indent=2))
        return 0
    manager = managers.get(g.manager_id) if g.manager_id is not None else None
    print(f"#{g.id} {g.name}, of {_title(g.game)}")
    print(f"Manager: {manager.name if manager is not None else 'none'}")
    print(f"In the stable since {g.added}" + (f", from {g.source}" if g.source else ""))
    print(f"{'Alive' if g.alive else 'Dead'}{', starred' if g.starred else ''}")
    for line in lines:
        print(line)
    if not career:
        print("Career: no fights recorded yet")
    for fight, entrant in career:
        print(f"Fight #{fight.id}, {fight.played}: {entrant.result}; {fight.result} "
              f"(session {fight.session_path})")
    return 0


def _add(args: argparse.Namespace) -> int:
    from companion.stable.reading import find_sheet_file, read_sheet

    if not args.sheets:
        if not args.manager:
            raise UserError("give a SHEET to add (a file or a sample's name), or "
                            "--manager NAME to add a manager")
        with _open(create=True) as stable:
            manager = stable.add_manager(args.manager)
        print(f"added manager {manager.name} to the stable")
        return 0
    read: list[ReadSheet] = []
    for name in args.sheets:
        path = find_sheet_file(name)
        if path is None:
            raise UserError(f"{name}: no such sheet file, and no sample of that name",
                            exit_code=1)
        read.append(read_sheet(path, args.game))
    with _open(create=False) as stable:
        for sheet in read:
            owner = args.manager or sheet.sheet.manager
            known = stable.manager_named(owner) if owner else None
            if owner and known is None:
                continue  # a new manager's: nothing of his is in yet
            held = stable.holds(sheet.game, sheet.sheet.text,
                                known.id if known is not None else None)
            if held is not None:
                raise UserError(f"{sheet.path}: {held.name} is in the stable already "
                                f"(#{held.id}); nothing added", exit_code=1)
        from companion.stable.importing import starred_names
        from companion.stable.starring import refusals

        why = refusals([(r.game, r.sheet, args.manager or r.sheet.manager) for r in read],
                       lambda owner, game: starred_names(stable, owner, game))
        for sheet, said in zip(read, why, strict=True):
            if said:
                raise UserError(f"{sheet.path}: {said}; nothing added", exit_code=1)
    with _open(create=True) as stable:
        added = stable.add_gladiators([(r.game, r.sheet, str(r.path.resolve()))
                                       for r in read], manager=args.manager or "")
        managers = {m.id: m.name for m in stable.managers()}
    for g in added:
        his = f", {managers[g.manager_id]}'s" if g.manager_id is not None else ""
        print(f"added #{g.id} {g.name} ({_title(g.game)}{his})")
    return 0


def _import(args: argparse.Namespace) -> int:
    from companion.stable.importing import plan_import

    if "" in args.paths:
        raise UserError("an empty name is no file or folder to import")
    # The stable is made only when there is something to put in it: planned against
    # no stable, every sheet is new, as it is against a new one.
    with _open(create=False) as stable:
        plan = plan_import(stable, [Path(p) for p in args.paths], args.manager or "")
        path = stable.path
    added = []
    if plan.new:
        with _open(create=True) as stable:
            added = stable.add_gladiators([(r.game, r.sheet, str(r.path.resolve()))
                                           for r in plan.new], manager=args.manager or "")
    if args.json:
        print(json.dumps({
            "stable": str(path),
            "imported": [{"id": g.id, "game": g.game, "name": g.name, "source": g.source}
                         for g in added],
            "already": [{"source": str(p), "id": g_id} for p, g_id in plan.already],
            "skipped": [{"file": str(p), "problem": problem} for p, problem in plan.skipped],
        }, indent=2))
    else:
        for problem in (problem for _p, problem in plan.skipped):
            print(f"companion: skipped: {one_line(problem)}", file=sys.stderr)
        print(plan.words(added, path))
    return 1 if plan.skipped else 0


def _export(args: argparse.Namespace) -> int:
    from companion.files.atomic import atomic_write
    from companion.stable.parts import game_part

    with _open(create=False) as stable:
        g = find(stable, args.who, args.game)
    sheets = game_part(g.game)
    text = sheets.export(g.sheet)
    if args.out is None:
        out = getattr(sys.stdout, "buffer", None)
        if out is not None:
            sys.stdout.flush()
            out.write(text.encode("utf-8"))
            out.flush()
        else:
            sys.stdout.write(text)
        return 0
    from companion.stable.importing import is_folder

    if not args.out:
        raise UserError("--out: an empty name is no file or folder to write to")
    target = Path(args.out)
    if is_folder(target):
        target = target / sheets.file_name(g.name)
    atomic_write(target, text)
    print(f"wrote {target}")
    return 0


def _remove(args: argparse.Namespace) -> int:
    if args.who is None:
        if not args.manager:
            raise UserError("give the GLADIATOR to remove, or --manager NAME")
        with _open(create=False) as stable:
            manager = stable.manager_named(args.manager)
            if manager is None:
                raise UserError(f"there is no manager called {args.manager!r} in the "
                                "stable", exit_code=1)
            stable.remove_manager(manager.id)
        print(f"removed manager {manager.name} from the stable")
        return 0
    with _open(create=False) as stable:
        g = find(stable, args.who, args.game)
        fought = len(stable.fights_of(g.id))
        if fought and not args.with_career:
            raise UserError(f"#{g.id} {g.name} has {fought} fight{'' if fought == 1 else 's'}"
                            " in his career; --with-career removes him and his part of "
                            "them", exit_code=1)
        stable.remove_gladiator(g.id, with_career=args.with_career)
    print(f"removed #{g.id} {g.name} ({_title(g.game)}) from the stable"
          + (f"; his sheet file {g.source} is left as it was" if g.source else ""))
    return 0
