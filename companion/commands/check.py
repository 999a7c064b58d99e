"""`companion check FILE...`: validate files companion reads (rules tables and
gladiator sheets, told apart by their content)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

GLADIATOR_FORMAT = "companion-gladiator"
KIT_FORMAT = "companion-kit"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "check",
        help="validate table files, gladiator sheets and custom kits",
        description="Validate table files, gladiator sheets and custom kits (JSON). "
        "Exit 0 when every "
        "file is valid; otherwise exit 1 and list every problem with its file and place.",
    )
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.set_defaults(func=_check)


def _format(path: Path) -> str | None:
    # A file that cannot be read or parsed goes to the table checker, which reports it.
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    return data.get("format") if isinstance(data, dict) else None


def _check(args: argparse.Namespace) -> int:
    bad = 0
    checkers = {GLADIATOR_FORMAT: _check_sheet, KIT_FORMAT: _check_kit}
    for path in args.files:
        ok = checkers.get(_format(path) or "", _check_table)(path)
        bad += 0 if ok else 1
    return 1 if bad else 0


def _check_kit(path: Path) -> bool:
    from companion.errors import UserError
    from companion.rulesets.skirmish.kits import known_names, load_kit

    try:
        kit = load_kit(path, known_names())
    except UserError as err:
        print(err)
        return False
    print(f"{path}: ok (kit '{kit.name}')")
    return True


def _check_table(path: Path) -> bool:
    from companion.tables.loader import TableFileError, load_table_file

    try:
        table = load_table_file(path)
    except TableFileError as err:
        for problem in err.problems:
            print(f"{problem}")
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
