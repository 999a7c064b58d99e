"""Tables every rule system can play with: a user's table that passes its schema but
that a system cannot play (it names a weapon another table lacks, it is of another
table's kind) is reported and set aside for the built-in one, when the tables load
rather than in the middle of a game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from companion import paths
from companion.tables.loader import Problem, TableSet, load_table_file
from companion.tables.table import TableDataError

if TYPE_CHECKING:
    from companion.rulesets.base import Ruleset


def _builtin(table_id: str) -> tuple[Any, Any]:
    for path in sorted(paths.builtin_tables_dir().glob("*.json")):
        table = load_table_file(path)
        if table.id == table_id:
            return table, path
    raise LookupError(table_id)


def with_builtin(tables: TableSet, table_id: str, why: str) -> TableSet:
    """`tables` with the user's `table_id` set aside for the built-in table."""
    table, path = _builtin(table_id)
    problem = Problem(tables.origins[table_id], table_id, why)
    return TableSet({**tables.tables, table_id: table}, {**tables.origins, table_id: path},
                    [*tables.problems, problem])


def has_user_tables(tables: TableSet) -> bool:
    """Whether any table is the user's: only then can a system find one it cannot play
    (the built-in ones are checked by the tests), so only then need the systems, their
    code and their models, be loaded to check them when the tables load."""
    return any(tables.overridden(table_id) for table_id in tables.tables)


def playable_tables(tables: TableSet, systems: Iterable[Ruleset[Any]]) -> TableSet:
    """`tables`, checked by each system; every user table one of them cannot play is
    replaced by the built-in one and listed in `problems`. A built-in table that fails
    is a bug of ours, and raises."""
    for rules in systems:
        for _ in range(len(rules.table_ids) + 1):
            try:
                rules.check_tables(tables)
                break
            except TableDataError as err:
                why = f"the {rules.title} cannot play it ({err}); the built-in table is used"
                if err.table in tables.tables and tables.overridden(err.table):
                    tables = with_builtin(tables, err.table, why)
                    continue
                # A built-in table fails: one of the user's tables of this system took
                # away what it names (a weapon, a piece of kit). All of them go.
                mine = [t for t in rules.table_ids if tables.overridden(t)]
                if not mine:
                    raise
                for table_id in mine:
                    tables = with_builtin(tables, table_id, why)
    return tables
