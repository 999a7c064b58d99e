"""The battle system in the lab: gladiator sheets (the samples, or a roster folder)
played by the battle system's computer player, `BattleRules.choose`. Until the
battle system has one, `ready` says so in one line and the lab plays nothing."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.dice.sources import SeededDice
from companion.errors import UserError
from companion.rulesets.base import Ruleset
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.labs import Bout, Entrant, LabOption, LabPart, Layout

if TYPE_CHECKING:
    from companion.tables.loader import TableSet

MAX_ACTIONS = 5000  # a duel that has not ended by then is stopped with no winner
STARTED = "2026-01-01T20:00:00"


def ready() -> None:
    """UserError unless the battle system has a computer player to play both sides."""
    if BattleRules.choose is Ruleset.choose:
        raise UserError("the battle system has no computer player yet, so the lab cannot "
                        "play its duels; try companion lab skirmish or companion lab grimdark")


class BattleLab(LabPart):
    id = "battle"
    title = "battle system"
    help = "the battle system: gladiator sheets (the samples and your roster)"
    options = (LabOption("--roster", "roster", "DIR", "a folder of sheets (default: the "
                         "samples and your roster)", folder=True),)
    sets_first_move = False

    def ready(self) -> None:
        ready()

    def entrants(self, tables: TableSet, options: Mapping[str, Any]
                 ) -> tuple[list[Entrant], list[str]]:
        from companion import paths
        from companion.rulesets.battle.sheet import samples_dir

        ready()
        roster = options.get("roster")
        folders = [roster] if roster is not None else [samples_dir(), paths.roster_dir()]
        return sheet_entrants(folders), []

    def __init__(self) -> None:
        self.rules = BattleRules()

    def check_tables(self, tables: TableSet) -> None:
        self.rules.check_tables(tables)

    def setup(self, row: Entrant, col: Entrant, layout: Layout) -> dict[str, Any]:
        a, b = (col.spec, row.spec) if layout.row_second else (row.spec, col.spec)
        return {"a": a, "b": b, "options": {"started": STARTED}}

    def play(self, row: Entrant, col: Entrant, seed: int, layout: Layout,
             tables: TableSet) -> Bout:
        rules = self.rules
        state = rules.new_state(self.setup(row, col, layout), tables)
        dice = SeededDice(seed)
        for _ in range(MAX_ACTIONS):
            action = rules.choose(state)
            if action is None:
                break
            rules.apply(state, action, dice)
            dice.history.clear()
        result = state.result
        if result is None:
            return Bout(0, state.turn_count, False)
        row_side = "b" if layout.row_second else "a"
        return Bout(1 if result.winner == row_side else -1, state.turn_count,
                    result.loser in result.dead)


def sheet_entrants(folders: list[Path]) -> list[Entrant]:
    """Every fit sheet in the folders (the samples and the roster by default)."""
    from companion.rulesets.battle.sheet import load_sheet

    entrants: list[Entrant] = []
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.json")):
            sheet = load_sheet(path)
            if sheet.status != "fit" or any(e.key == path.stem for e in entrants):
                continue
            spec = json.loads(sheet.model_dump_json(exclude_none=True))
            entrants.append(Entrant(path.stem, sheet.name, spec))
    if not entrants:
        raise UserError("no battle-system sheets to play: give --roster DIR")
    return entrants
