"""Rolling on a table with its own dice, following sub-rolls and nested tables."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.dice.notation.parse import parse
from companion.dice.notation.roll import evaluate
from companion.dice.sources import DiceSource, Draw
from companion.errors import UserError
from companion.tables.loader import TableSet
from companion.tables.model import Axis, Entry
from companion.tables.table import Table, axis_words

MAX_NESTING = 4


@dataclass
class TableRoll:
    """One lookup: which table, the keys the dice gave, the dice, the entry, and the
    rolls it led to (a scar's sub-table die, an insanity from the fate table)."""

    table: Table
    keys: tuple[int | str, ...]
    records: list[Draw]
    entry: Entry
    sub_entry: Any = None
    follow: list[TableRoll] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table.id,
            "keys": list(self.keys),
            "faces": [f for r in self.records for f in r.faces],
            "entry": self.entry.resolved(*self.keys),
            "sub_entry": self.sub_entry.model_dump(mode="json") if self.sub_entry else None,
            "follow": [f.to_json() for f in self.follow],
        }


def _axis_value(
    table: Table, axis: Axis, source: DiceSource, n: int | None, bonus: int, roller: str
) -> tuple[int | str, list[Draw]]:
    if not axis.dice:
        raise UserError(f"{table.title} is looked up, not rolled: give "
                        f"the {axis_words(axis.name)}")
    text = axis.dice
    if "{n}" in text:
        if n is None or n < 1:
            raise UserError(f"{table.title}: say how many damage dice to roll "
                            "(--dice N, at least 1)")
        text = text.replace("{n}", str(n))
    text = text.replace("+{bonus}", f"{bonus:+d}" if bonus else "")
    try:
        expr = parse(text)
    except UserError as err:
        raise UserError(f"{table.title} ({table.id}): its dice, {text}: {err}") from None
    result = evaluate(expr, source, purpose=table.id, roller=roller)
    return table.clamp(axis, result.total) if axis.kind == "range" else result.total, list(
        result.records
    )


def roll_table(
    tables: TableSet,
    table_id: str,
    source: DiceSource,
    *,
    dice: int | None = None,
    bonus: int = 0,
    given: dict[str, int | str] | None = None,
    roller: str = "",
    _depth: int = 0,
) -> TableRoll:
    """Roll `table_id`'s own dice; `given` supplies axes that are not rolled (a
    Grimdark critical's severity)."""
    table = tables.get(table_id)
    given = given or {}
    keys: list[int | str] = []
    records: list[Draw] = []
    for axis in table.axes:
        if axis.name in given:
            value = given[axis.name]
            keys.append(
                table.clamp(axis, value)
                if axis.kind == "range" and isinstance(value, int)
                else value
            )
            continue
        value, recs = _axis_value(table, axis, source, dice, bonus, roller)
        keys.append(value)
        records.extend(recs)
    entry = table.lookup(*keys)
    outcome = TableRoll(table, tuple(keys), records, entry)
    _follow(tables, outcome, source, roller, _depth)
    return outcome


def _follow(
    tables: TableSet, outcome: TableRoll, source: DiceSource, roller: str, depth: int
) -> None:
    entry = outcome.entry
    subtable = getattr(entry, "subtable", None)
    if subtable:
        record = source.roll(6, 1, purpose=f"{outcome.table.id} sub-table", roller=roller)
        outcome.records.append(record)
        outcome.sub_entry = next(s for s in subtable if s.key == record.faces[0])
    if depth >= MAX_NESTING:
        return
    for effect in getattr(entry, "effects", []):
        nested = None
        if effect.type == "roll_on":
            nested = effect.table
        elif effect.type == "insanity" and not effect.when and "insanity" in tables.tables:
            # A conditional insanity ("if he wins and lives") waits for the condition.
            nested = "insanity"
        if nested:
            outcome.follow.append(
                roll_table(tables, nested, source, roller=roller, _depth=depth + 1)
            )
