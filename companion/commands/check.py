"""`companion check FILE...`: validate files companion reads."""

from __future__ import annotations

import argparse
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "check",
        help="validate table files",
        description="Validate table files (JSON). Exit 0 when every file is valid; "
        "otherwise exit 1 and list every problem with its file and place.",
    )
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.set_defaults(func=_check)


def _check(args: argparse.Namespace) -> int:
    from companion.table_loader import TableFileError, load_table_file

    bad = 0
    for path in args.files:
        try:
            table = load_table_file(path)
        except TableFileError as err:
            bad += 1
            for problem in err.problems:
                print(f"{problem}")
            continue
        print(f"{path}: ok (table '{table.id}', {len(table.entries)} entries)")
    return 1 if bad else 0
