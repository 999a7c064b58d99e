"""Grimdark Gladiators in the lab: the coached gladiators of a roster folder (their
sheets, each with coaching/NAME.json beside it when he has one), matches played whole
on the bare rules. Who acts first in a Grimdark turn is the rules' own (Init), so the
lab balances only the order the two are listed in."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.dice import SeededDice
from companion.errors import UserError
from companion.lab.system import Bout, Entrant, Layout
from companion.rulesets.grimdark.engine import stamped
from companion.rulesets.grimdark.rules import GrimdarkRules

if TYPE_CHECKING:
    from companion.tables.loader import TableSet

# A match still going after this many turns is stopped with no winner: two coached
# turtles could heal for ever.
MAX_TURNS = 200
STARTED = "2026-01-01T20:00:00"  # every match of the lab starts at one fixed time


class GrimdarkLab:
    id = "grimdark"
    title = "Grimdark Gladiators"
    sets_first_move = False

    def __init__(self) -> None:
        self.rules = GrimdarkRules()

    def check_tables(self, tables: TableSet) -> None:
        self.rules.check_tables(tables)

    def setup(self, row: Entrant, col: Entrant, layout: Layout) -> dict[str, Any]:
        a = {**row.spec, "team": "1"}
        b = {**col.spec, "team": "2"}
        pair = [b, a] if layout.row_second else [a, b]
        return stamped({"gladiators": pair, "options": {"started": STARTED}})

    def play(self, row: Entrant, col: Entrant, seed: int, layout: Layout,
             tables: TableSet) -> Bout:
        rules = self.rules
        state = rules.new_state(self.setup(row, col, layout), tables)
        dice = SeededDice(seed)
        rules.apply(state, {"type": "start"}, dice)
        while not state.over and state.turn < MAX_TURNS:
            action = rules.choose(state)
            if action is None:
                break
            rules.apply(state, action, dice)
            dice.history.clear()  # nobody reads them back
        result = state.result
        team = result.get("winning_team") if result else None
        if team is None:
            return Bout(0, state.turn, False)
        loser = next(f for f in state.fighters if f.team != team)
        return Bout(1 if team == "1" else -1, state.turn, bool(loser.dead))


def roster_entrants(folder: Path, tables: TableSet) -> tuple[list[Entrant], list[str]]:
    """Every gladiator sheet in the folder who can still fight, with his coaching if
    coaching/ holds one of his file's name; and a line for each left out (dead).
    UserError for a folder with no sheets or a sheet or coaching that does not load."""
    from companion.rulesets.grimdark.rules import load_coaching_file
    from companion.rulesets.grimdark.sheet import load_gladiator

    if not folder.is_dir():
        raise UserError(f"--roster {folder}: no such folder")
    entrants, notes = [], []
    rules = GrimdarkRules()
    for path in sorted(folder.glob("*.json")):
        g = load_gladiator(path)
        if g.dead:
            notes.append(f"{g.name} is left out: he died in an earlier match")
            continue
        coaching_path = folder / "coaching" / path.name
        coaching = load_coaching_file(coaching_path) if coaching_path.is_file() else None
        sheet = json.loads(g.model_dump_json(exclude_none=True))
        entrant = Entrant(path.stem, g.name, {"sheet": sheet, "coaching": coaching})
        # A match against himself checks his sheet and coaching now, in one line.
        rules.new_state(GrimdarkLab().setup(entrant, entrant, Layout(False, True)), tables)
        entrants.append(entrant)
    if not entrants:
        raise UserError(f"--roster {folder}: no gladiator sheets (*.json) there")
    return entrants, notes


def samples_folder() -> Path:
    from companion.rulesets.grimdark.sheet import samples_dir

    return samples_dir()
