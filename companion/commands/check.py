"""`companion check FILE...`: validate files companion reads (rules tables, gladiator
sheets, custom kits, scenarios and sessions, told apart by their envelope)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.errors import UserError
from companion.files.jsonfile import SESSION, FileKind, kind_of, read_file

# Read once to tell the kind, with the largest limit: each checker then reads its file
# again with its own kind's limit.
ANY_FILE = FileKind("a companion file", SESSION.limit, refuses_others=False)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "check",
        help="validate table files, gladiator sheets, custom kits, scenarios and sessions",
        description="Validate table files, gladiator sheets, custom kits, scenarios and "
        "session files (JSON; a session is replayed), Grimdark gladiators against the "
        "build rules, and Grimdark coaching files. With no FILE, every file of your "
        "tables and kits folders, and whether each rule system can play with your "
        "tables. Exit 0 when every file is valid; otherwise exit 1 and list every "
        "problem with its file and place.",
    )
    parser.add_argument("files", nargs="*", type=Path, metavar="FILE")
    parser.set_defaults(func=_check)


def _check(args: argparse.Namespace) -> int:
    files = args.files or _users_files()
    bad = 0
    for path in files:
        bad += 0 if _check_file(path) else 1
    if not args.files:
        bad += _check_playable() + _check_games()
        bad += sum(module.check_tables() for module in _verbs() if hasattr(module, "check_tables"))
        if not files:
            print("your tables and kits folders hold no files")
    return 1 if bad else 0


def _users_files() -> list[Path]:
    """Every file of the user's tables folder and of the games' own folders (the
    skirmish's saved kits)."""
    from companion import paths

    folders = [paths.user_tables_dir()]
    for module in _verbs():
        folders += [folder() for folder in getattr(module, "USERS_FOLDERS", ())]
    found: list[Path] = []
    for folder in folders:
        if folder.is_dir():
            found += sorted(folder.glob("*.json"))
    return found


def _check_playable() -> int:
    """Each rule system, with the user's tables: one line for each it cannot play."""
    from companion.rulesets.playable import playable_tables
    from companion.rulesets.registry import get_ruleset, ruleset_ids
    from companion.tables.loader import load_tables

    given = load_tables()
    checked = playable_tables(given, [get_ruleset(r) for r in ruleset_ids()])
    set_aside = checked.problems[len(given.problems):]
    for problem in set_aside:
        print(problem)
    return len(set_aside)


def _check_games() -> int:
    """A short game of every system the computer plays, with the user's tables laid
    over the built-in ones: what a table lets through and play cannot bear is found
    here, not at the table. One line for each system that cannot play one."""
    if not any(_users_files()):
        return 0
    from companion.lab.setup import base_tables, entrants_for
    from companion.lab.system import lab_systems, system_for
    from companion.rulesets.labs import layout_of

    bad = 0
    for system_id in lab_systems():
        try:
            tables = base_tables(system_id)
            entrants, _ = entrants_for(system_id, tables)
            first, second = entrants[0], entrants[-1]
            system_for(system_id).play(first, second, 1, layout_of(0), tables)
        except UserError as err:
            print(f"the {system_id} game cannot be played with your tables: {err}")
            bad += 1
        except Exception as err:  # a table that lets a bug through: said, not raised
            print(f"the {system_id} game fails with your tables ({type(err).__name__}: "
                  f"{err}); please report it")
            bad += 1
    if not bad:
        print(f"a short game of each ({', '.join(lab_systems())}) plays with your tables")
    return bad


def verdict(path: Path, problems: list[str], notes: list[str], ok: str) -> bool:
    """A file's check in lines, as every checker says it: each problem and each note
    with the file's name, then "ok (...)" if there was no problem."""
    for problem in problems:
        print(f"{path}: {problem}")
    for note in notes:
        print(f"{path}: note: {note}")
    if problems:
        return False
    print(f"{path}: ok ({ok})")
    return True


def _verbs() -> list[Any]:
    """The modules of the games' own command-line parts."""
    import importlib

    from companion.games.registry import GAMES

    return [importlib.import_module(game.verbs) for game in GAMES.values() if game.verbs]


def _game_checks() -> list[dict[str, Callable[[Path], bool]]]:
    return [getattr(module, "FILE_CHECKS", {}) for module in _verbs()]


def _check_file(path: Path) -> bool:
    try:
        data = read_file(path, ANY_FILE)
    except UserError as err:
        print(err)
        return False
    # A game's own files (its sheets, kits, coaching, scenarios) by their envelope's
    # format, or by their kind where they have none.
    kind = kind_of(data)
    form = data.get("format") if isinstance(data, dict) else None
    for checks in _game_checks():
        # A format that is not text (a list, by hand) is no game's: it names no check.
        found = checks.get(form) if isinstance(form, str) else None
        found = found or (checks.get(kind.name) if kind is not None else None)
        if found is not None:
            return bool(found(path))
    if kind == SESSION:
        return _check_session(path)
    # A file with no envelope of ours is checked as a table, which names what it lacks.
    return _check_table(path)


def _check_session(path: Path) -> bool:
    from companion.rulesets.registry import get_ruleset
    from companion.session.session import load_session

    try:
        session = load_session(path, get_ruleset)
    except UserError as err:
        print(err)
        return False
    for warning in session.warnings:
        print(f"{path}: note: {warning}")
    print(f"{path}: ok (a session of the {session.ruleset.title}: {len(session.journal)} "
          "actions, and it replays as recorded)")
    return True


def _check_table(path: Path) -> bool:
    from companion.tables.loader import (
        TableFileError,
        kind_misfit,
        load_table_file,
        load_tables,
    )

    try:
        table = load_table_file(path)
    except TableFileError as err:
        for problem in err.problems:
            print(f"{problem}")
        return False
    misfit = kind_misfit(table, load_tables(include_user=False).tables.get(table.id))
    if misfit is not None:
        print(f"{path}: {misfit}")
        return False
    print(f"{path}: ok (table '{table.id}', {len(table.entries)} entries)")
    return True
