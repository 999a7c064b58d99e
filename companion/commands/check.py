"""`companion check FILE...`: validate files companion reads (rules tables, gladiator
sheets, custom kits, scenarios and sessions, told apart by their envelope)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from companion.errors import UserError
from companion.files.jsonfile import KIT, SCENARIO, SESSION, SHEET, FileKind, kind_of, read_file

# A Grimdark gladiator's envelope (companion.rulesets.grimdark.sheet.FORMAT), named
# here so that telling the kind of a file does not load the rules.
GRIMDARK_FORMAT = "companion-grimdark-gladiator"
GRIMDARK_COACHING = "companion-grimdark-coaching"  # ...coachfile.FORMAT

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
        bad += _check_playable() + _check_grimdark_tables() + _check_games()
        if not files:
            print("your tables and kits folders hold no files")
    return 1 if bad else 0


def _users_files() -> list[Path]:
    from companion import paths
    from companion.rulesets.skirmish.kits import kits_dir

    found: list[Path] = []
    for folder in (paths.user_tables_dir(), kits_dir()):
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


def _check_grimdark_tables() -> int:
    """Whether the Grimdark builder can work with the user's tables: 1 line if not."""
    from companion.rulesets.grimdark.data import GrimdarkData
    from companion.tables.loader import load_tables

    try:
        GrimdarkData.load(load_tables())
    except UserError as err:
        print(err)
        return 1
    return 0


def _check_file(path: Path) -> bool:
    try:
        data = read_file(path, ANY_FILE)
    except UserError as err:
        print(err)
        return False
    if isinstance(data, dict) and data.get("format") == GRIMDARK_FORMAT:
        from companion.rulesets.grimdark.cli import check_gladiator

        return check_gladiator(path)
    if isinstance(data, dict) and data.get("format") == GRIMDARK_COACHING:
        from companion.rulesets.grimdark.cli import check_coaching_file

        return check_coaching_file(path, words=False)
    checkers: dict[FileKind, Callable[[Path], bool]] = {
        SHEET: _check_sheet, KIT: _check_kit, SESSION: _check_session,
        SCENARIO: _check_scenario}
    # A file with no envelope of ours is checked as a table, which names what it lacks.
    return checkers.get(kind_of(data) or ANY_FILE, _check_table)(path)


def _check_kit(path: Path) -> bool:
    from companion.rulesets.skirmish.kits import known_names, load_kit

    try:
        kit = load_kit(path, known_names())
    except UserError as err:
        print(err)
        return False
    print(f"{path}: ok (kit '{kit.name}')")
    return True


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


def _check_scenario(path: Path) -> bool:
    from companion.files.jsonfile import read_json_object
    from companion.rulesets.registry import get_ruleset
    from companion.tables.loader import load_tables

    try:
        scenario = read_json_object(path, SCENARIO.name)
        get_ruleset("skirmish").new_state(scenario, load_tables())
    except UserError as err:
        print(err if str(err).startswith(str(path)) else f"{path}: {err}")
        return False
    print(f"{path}: ok (a scenario of the hex skirmish, "
          f"{len(scenario['gladiators'])} gladiators)")
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


def _check_sheet(path: Path) -> bool:
    from companion.rulesets.battle.data import BattleTables
    from companion.rulesets.battle.sheet import (
        SheetError,
        load_sheet,
        points_spent,
        sheet_problems,
        sheet_warnings,
    )

    try:
        sheet = load_sheet(path)
    except SheetError as err:
        for problem in err.problems:
            print(problem)
        return False
    tables = BattleTables.load()
    problems = sheet_problems(sheet, tables)
    for problem in problems:
        print(f"{path}: {problem}")
    for warning in sheet_warnings(sheet, tables):
        print(f"{path}: note: {warning}")
    if problems:
        return False
    print(f"{path}: ok (gladiator '{sheet.name}', {points_spent(sheet, tables)} of "
          f"{sheet.development_points} development points spent)")
    return True
