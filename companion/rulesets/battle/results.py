"""The end of a battle written to a sheet: the win or loss, development points,
kills, death, a coma until a day later, new scars and insanities. `write_sheets` writes
it to the sheets the duel began with; `after_fight` to any sheet of one of its
gladiators (the stable's, which may hold fights and training since)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from companion.rulesets.battle.clock import parse_time
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.sheet import (
    FightRecord,
    GladiatorSheet,
    InsanityRecord,
    ScarRecord,
    add_insanity,
    parse_sheet,
)
from companion.rulesets.battle.state import BattleState, Fighter
from companion.tables.effects import Rule


def write_sheets(state: BattleState, tables: BattleTables) -> dict[str, dict[str, Any]]:
    """Both sheets as they stand after the battle (JSON data, ready to save)."""
    assert state.result is not None
    out: dict[str, dict[str, Any]] = {}
    for side, f in state.fighters.items():
        sheet = parse_sheet(state.sheets[side], f"sheet {side}", tables=tables)
        sheet = after_fight(sheet, f, state, tables)
        out[side] = sheet.model_dump(mode="json", exclude_none=True)
    return out


def after_fight(sheet: GladiatorSheet, f: Fighter, state: BattleState,
                tables: BattleTables) -> GladiatorSheet:
    """`sheet`, the sheet of the gladiator who fought as `f`, with what the finished
    battle did to him added."""
    result = state.result
    assert result is not None
    won = result.winner == f.side
    dead = f.side in result.dead
    opponent = state.opponent(f)
    date = state.clock[:10] if state.clock else ""
    update: dict[str, Any] = {
        "fights": [*sheet.fights, FightRecord(opponent=opponent.name,
                                              result="win" if won else "loss",
                                              how=result.how, date=date)],
        "kills": sheet.kills + result.kills.get(f.side, 0),
    }
    if won:
        update["wins"] = sheet.wins + 1
        update["development_points"] = sheet.development_points + tables.points_for_win
    else:
        update["losses"] = sheet.losses + 1
        if not dead:
            update["development_points"] = sheet.development_points + tables.points_for_loss
    if dead:
        update["status"] = "dead"
    elif f.changes.coma_hours:
        update["status"] = "coma"
        update["coma_until"] = (parse_time(state.clock) + timedelta(
            hours=f.changes.coma_hours)).isoformat() if state.clock else None
    update["scars"] = [*sheet.scars, *(ScarRecord(**s) for s in f.changes.scars)]
    sheet = sheet.model_copy(update=update)
    for data in f.changes.insanities:
        record = InsanityRecord(**data)
        sheet = add_insanity(sheet, record)
        sheet = sheet.model_copy(update={
            "development_points": sheet.development_points + _points_from(tables, record.key)
        })
    return sheet


def _points_from(tables: BattleTables, key: int) -> int:
    """Development points an insanity grants when gained (Psychic Development)."""
    return sum(e.amount or 0 for e in tables.insanity(key).effects
               if isinstance(e, Rule) and e.rule == "development_points")
