"""`companion table list|show|roll`: look up and roll the rules tables."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from companion.errors import UserError

# The table machinery (pydantic models) is imported when a command runs, not when
# the parser is built: opening the app must not pay for it.
if TYPE_CHECKING:
    from pathlib import Path

    from companion.tables.loader import Problem, TableSet
    from companion.tables.roll import TableRoll


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "table",
        help="list, look up and roll the rules tables",
        description="List, look up and roll the rules tables (built-in, and the user's "
        "own from the tables folder of the user data directory).",
    )
    sub = parser.add_subparsers(dest="table_command", metavar="ACTION", required=True)

    p_list = sub.add_parser("list", help="every table: id, title, roll, entries, source")
    p_list.add_argument("--json", action="store_true", help="print a JSON list")
    p_list.set_defaults(func=_list)

    p_show = sub.add_parser(
        "show",
        help="a whole table, or one entry",
        description="Show a whole table, or the entry for KEY: one integer for single-axis "
        "tables (crit-slashing 19), 44 or 4-4 for d66 tables, two keys for two-axis tables "
        "in the table's axis order (grimdark-crit ROLL SEVERITY; severities above 6 count "
        "as 6), a name for reference tables (pool-weapons broad-sword).",
    )
    p_show.add_argument("id", help="table id, as `companion table list` shows")
    p_show.add_argument("key", nargs="*", help="the roll (one value per axis)")
    p_show.add_argument("--json", action="store_true", help="print the entry (or table) as JSON")
    p_show.set_defaults(func=_show)

    p_roll = sub.add_parser(
        "roll",
        help="roll a table's own dice and follow its sub-rolls",
        description="Roll the table's own dice and look up the entry, following sub-tables "
        "(scars) and nested tables (an insanity from the fate table). Crit tables roll "
        "--dice N d6 and add --bonus B, as the battle system does.",
    )
    p_roll.add_argument("id", help="table id")
    p_roll.add_argument("--seed", type=int, help="seed for reproducible dice")
    p_roll.add_argument("--dice", type=int, help="crit tables: number of damage dice")
    p_roll.add_argument("--bonus", type=int, default=0, help="crit tables: critical bonus")
    p_roll.add_argument(
        "--severity", type=int, help="grimdark-crit: the critical's severity (advantage - 5)"
    )
    p_roll.add_argument("--json", action="store_true", help="print the result as JSON")
    p_roll.set_defaults(func=_roll)


def _tables(report: bool = True) -> TableSet:
    """Every table; a line on stderr for each broken user file (skipped, and the
    built-in table of its id used) unless the caller reports them itself."""
    from companion.tables.loader import load_tables

    tables = load_tables()
    if report:
        _report(tables)
    return tables


def _report(tables: TableSet) -> None:
    """One line for each broken file: its first problem (`companion check` lists all)."""
    for first, count in _by_file(tables):
        more = f" (and {count - 1} more problems)" if count > 1 else ""
        print(f"companion: skipped a broken table file: {first}{more}", file=sys.stderr)


def _by_file(tables: TableSet) -> list[tuple[Problem, int]]:
    found: dict[Path, list[Problem]] = {}
    for problem in tables.problems:
        found.setdefault(problem.file, []).append(problem)
    return [(problems[0], len(problems)) for problems in found.values()]


def _list(args: argparse.Namespace) -> int:
    tables = _tables()
    rows: list[dict[str, Any]] = []
    for table in sorted(tables.tables.values(), key=lambda t: (t.file.system, t.id)):
        rows.append(
            {
                "id": table.id,
                "title": table.title,
                "system": table.file.system,
                "roll": table.file.roll,
                "entries": len(table.entries),
                "source": table.file.source,
                "overridden": tables.overridden(table.id),
            }
        )
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    width = max(len(r["id"]) for r in rows)
    for r in rows:
        mark = " (user's)" if r["overridden"] else ""
        print(
            f"{r['id']:<{width}}  {r['title']}{mark}  [{r['roll']}; {r['entries']} entries; "
            f"{r['source']}]"
        )
    return 0


def _show(args: argparse.Namespace) -> int:
    from companion.tables.format import entry_block, table_text
    from companion.tables.words import names_for

    tables = _tables(report=False)
    if args.id not in tables.tables and tables.problems:
        # The table asked for may be the one in a broken file: say so in the one error.
        broken = _by_file(tables)
        first, count = broken[0]
        more = f" (and {count - 1} more problems)" if count > 1 else ""
        others = f"; {len(broken) - 1} more broken files" if len(broken) > 1 else ""
        raise UserError(f"no table '{args.id}'; a broken table file was skipped: "
                        f"{first}{more}{others}")
    _report(tables)
    table = tables.get(args.id)
    if not args.key:
        if args.json:
            print(json.dumps(table.file.model_dump(mode="json"), indent=2))
        else:
            print(table_text(table, names_for(tables, table.file.system)))
        return 0
    keys = _parse_keys(table, args.key)
    entry = table.lookup(*keys)
    resolved = entry.resolved(*keys)
    if args.json:
        print(json.dumps(resolved))
    else:
        print(entry_block(entry, resolved, len(table.axes), table=table,
                          names=names_for(tables, table.file.system), keys=tuple(keys)))
    return 0


def _parse_keys(table, texts: list[str]) -> list[int | str]:
    axes = table.axes
    if len(axes) == 1 and len(texts) > 1:
        texts = [" ".join(texts)] if axes[0].kind == "name" else texts
    if len(texts) != len(axes):
        names = " ".join(a.name.upper() for a in axes)
        raise UserError(f"table '{table.id}' takes {_keys(len(axes))}: {names}")
    return [table.normalise_key(axis, text) for axis, text in zip(axes, texts, strict=True)]


def _roll(args: argparse.Namespace) -> int:
    from companion.dice.sources import SeededDice
    from companion.tables.roll import roll_table

    tables = _tables()
    given: dict[str, int | str] = {}
    if args.severity is not None:
        given["severity"] = args.severity
    outcome = roll_table(
        tables, args.id, SeededDice(args.seed), dice=args.dice, bonus=args.bonus, given=given
    )
    if args.json:
        print(json.dumps(outcome.to_json()))
    else:
        from companion.tables.words import names_for

        _print_roll(outcome, 0, names_for(tables, outcome.table.file.system))
    return 0


def _keys(n: int) -> str:
    return "one key" if n == 1 else f"{n} keys"


def _print_roll(outcome: TableRoll, depth: int, names: dict[str, str]) -> None:
    from companion.tables.format import entry_line
    from companion.tables.words import entry_card, roll_words

    pad = "  " * depth
    faces = [f for r in outcome.records for f in r.faces]
    table = outcome.table
    print(f"{pad}{table.title}: {roll_words(faces, outcome.keys, table)}")
    resolved = outcome.entry.resolved(*outcome.keys)
    print(pad + entry_line(outcome.entry, resolved, table=table, names=names))
    card = entry_card(table, outcome.entry, outcome.keys, names)
    for effect in card.effects:
        print(f"{pad}  {effect}")
    if outcome.sub_entry is not None:
        print(f"{pad}  sub-table roll {outcome.sub_entry.key}: {outcome.sub_entry.description}")
    for nested in outcome.follow:
        _print_roll(nested, depth + 1, names)
