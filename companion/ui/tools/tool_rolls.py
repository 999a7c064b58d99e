"""The rolls of the table-side tools as the roll log shows them: a dice tray roll, a
table browser lookup."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.dice.rolls import Die, Roll, dice

if TYPE_CHECKING:
    from companion.dice.notation.roll import RollResult
    from companion.tables.roll import TableRoll


def tray_roll(result: RollResult, luck_faces: Sequence[int] = (), *,
              purpose: str = "dice tray") -> Roll:
    """A roll of typed notation (or a pool with its luck dice)."""
    target = result.target
    # Notation that keeps and drops says so die by die; plain notation has no such list.
    shown: list[Any] = list(getattr(result, "dice", None) or [])
    if shown:
        drawn = tuple(Die(sides=d.sides, face=d.face, kept=d.kept, success=d.success)
                      for d in shown)
    else:
        sides = [r.sides for r in result.records for _ in r.faces]
        drawn = tuple(Die(sides=s, face=f, success=target is not None and f >= target)
                      for s, f in zip(sides, result.faces, strict=True))
    luck = dice(luck_faces, success_at=target, luck=True)
    detail = ""
    if target is not None:
        detail = f"{result.total} {'success' if result.total == 1 else 'successes'}"
    return Roll(who=None, purpose=f"{purpose}: {result.named}", dice=drawn + luck,
                total=result.total, detail=detail)


def table_rolls(outcome: TableRoll) -> list[Roll]:
    """A lookup's dice and the entry they gave, then the rolls it led to."""
    faces = [(r.sides, f) for r in outcome.records for f in r.faces]
    keys = outcome.keys
    total = keys[0] if len(keys) == 1 and isinstance(keys[0], int) else None
    name = _entry_name(outcome.entry)
    found = [Roll(who=None, purpose=outcome.table.title,
                  dice=tuple(Die(sides=s, face=f) for s, f in faces), total=total,
                  detail=name)] if faces else []
    for follow in outcome.follow:
        found += table_rolls(follow)
    return found


def _entry_name(entry: Any) -> str:
    for field in ("name", "title", "text"):
        value = getattr(entry, field, None)
        if isinstance(value, str) and value:
            return value if len(value) <= 60 else value[:57].rstrip() + "\u2026"
    return ""
