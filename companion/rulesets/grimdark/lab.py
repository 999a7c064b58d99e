"""Grimdark Gladiators in the lab: the coached gladiators of a roster folder (their
sheets, each with coaching/NAME.json beside it when he has one), matches played whole
on the bare rules, each side's lapses counted from the events (`lapses.py`). Who acts
first in a Grimdark turn is the rules' own (Init), so the lab balances only the order
the two are listed in. `against_chooser` sets two of the computer's choosers against
each other: the same gladiators, the rows played by the engine's own, the columns by
another."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.dice.sources import SeededDice
from companion.errors import UserError
from companion.rulesets.grimdark.actions import StartAction
from companion.rulesets.grimdark.engine import CHOOSERS, ENGINE, chooser_of, stamped
from companion.rulesets.grimdark.lapses import Lapses, lapse_moves, turn_lapses
from companion.rulesets.grimdark.legal import always_open, is_stunned, why_not
from companion.rulesets.grimdark.rules import GrimdarkRules
from companion.rulesets.labs import Bout, Counts, Entrant, LabOption, LabPart, LapseTable, Layout

if TYPE_CHECKING:
    from companion.rulesets.grimdark.state import Fighter, GrimdarkState
    from companion.rulesets.grimdark.table_models import GrimdarkMoveEntry
    from companion.tables.loader import TableSet

# A match still going after this many turns is stopped with no winner: two coached
# turtles could heal for ever.
MAX_TURNS = 200
STARTED = "2026-01-01T20:00:00"  # every match of the lab starts at one fixed time


def _lapse_cells(counts: Counts) -> tuple[str, ...]:
    lapses = Lapses(*counts)
    return (f"{lapses.turns:,}",
            f"{lapses.ineffective_by_rule:,} + {lapses.ineffective_by_score:,} "
            f"of {lapses.way_back:,}",
            f"{lapses.stuck_by_rule:,} + {lapses.stuck_by_score:,}",
            f"{lapses.unplayable_two:,}")


LAPSES = LapseTable(
    names=Lapses._fields,
    title="Lapses over {bouts} matches, in turns (each: by a coaching rule + by the "
          "chooser's score):",
    headers=(("turns", 9), ("(a) way back missed", 23), ("(b) stuck", 11),
             ("2+ cards he cannot play", 23)),
    cells=_lapse_cells,
    notes=("(a) Ineffective, he held a playable card that sets his active stat and "
           "played another",
           "(b) he held only cards he could not play and did not assess the situation"))


class GrimdarkLab(LabPart):
    id = "grimdark"
    title = "Grimdark Gladiators"
    help = "Grimdark Gladiators: the coached gladiators of a roster folder"
    options = (LabOption("--roster", "roster", "DIR", "a folder of sheets with their "
                         "coaching in DIR/coaching (default: the samples)", folder=True),
               LabOption("--against-chooser", "against", "CHOOSER", "set the computer's "
                         "choosers against each other: the rows play by the engine's own "
                         "(odds), the columns are the same gladiators played by CHOOSER "
                         "(weights: the coaching's weights, as before December 2026); the "
                         "diagonal is the mirror matches"))
    sets_first_move = False
    lapse_table = LAPSES
    has_choosers = True

    def __init__(self) -> None:
        self.rules = GrimdarkRules()

    def check_tables(self, tables: TableSet) -> None:
        self.rules.check_tables(tables)

    def entrants(self, tables: TableSet, options: Mapping[str, Any]
                 ) -> tuple[list[Entrant], list[str]]:
        return roster_entrants(options.get("roster") or samples_folder(), tables)

    def choosers(self, entrants: list[Entrant], against: str | None
                 ) -> tuple[list[Entrant], list[Entrant] | None, tuple[str, str] | None]:
        if against is None:
            own = own_chooser()
            return entrants, None, (own, own)
        rows, columns, names = against_chooser(entrants, against)
        return rows, columns, names

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
        rules.apply(state, StartAction(type="start"), dice)
        moves = lapse_moves(state.data)
        team_of = {f.id: f.team for f in state.fighters}
        lapses = {"1": Lapses(), "2": Lapses()}  # the row's team, the column's
        while not state.over and state.turn < MAX_TURNS:
            before = seen(state)
            action = rules.choose(state)
            if action is None:
                break
            events = rules.apply(state, action, dice).events
            dice.history.clear()  # nobody reads them back
            for who, found in turn_lapses(before, events, moves).items():
                lapses[team_of[who]] = lapses[team_of[who]].plus(found)
        sides = (lapses["1"], lapses["2"])
        result = state.result
        team = result.get("winning_team") if result else None
        if team is None:
            return Bout(0, state.turn, False, sides)
        loser = next(f for f in state.fighters if f.team != team)
        return Bout(1 if team == "1" else -1, state.turn, bool(loser.dead), sides)


def seen(state: GrimdarkState) -> dict[str, Any]:
    """What the lapses read of the summary before a turn (`summary.py`): each standing
    gladiator's id, active stat, stun, and hand with `playable` and `always`. The whole
    summary, its words, targets and reaches made every turn, slowed a lab of the
    `weights` chooser by a sixth (this: a tenth; about 1 % with `odds`); a test holds
    the two to the same answers."""
    always = always_open(state)
    return {"gladiators": [_seen(state, f, always) for f in state.fighters if f.standing]}


def _seen(state: GrimdarkState, f: Fighter, always: list[GrimdarkMoveEntry]
          ) -> dict[str, Any]:
    stunned = is_stunned(f)
    moves = [state.data.moves[k] for k in f.hand if k in state.data.moves]
    return {"id": f.id, "active_stat": f.active_stat,
            "conditions": [{"key": "stunned"}] if stunned else [],
            "hand": [{"key": m.key, "always": m.always_available,
                      "playable": not stunned and why_not(state, f, m) is None}
                     for m in [*moves, *always]]}


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


def own_chooser() -> str:
    """The chooser a new match's gladiator plays by when his entry names none."""
    return chooser_of({}, ENGINE, "the lab")


def against_chooser(entrants: list[Entrant], chooser: str
                    ) -> tuple[list[Entrant], list[Entrant], tuple[str, str]]:
    """The rows (the entrants played by the engine's own chooser), the columns (the
    same played by `chooser`) and the two choosers' names. A gladiator keeps his key
    on both sides, so each pairing rolls the dice it rolls in the ordinary lab."""
    if chooser not in CHOOSERS:
        raise UserError(f"--against-chooser {chooser}: the choosers are "
                        f"{' and '.join(CHOOSERS)}")
    own = own_chooser()
    return ([playing(e, own) for e in entrants], [playing(e, chooser) for e in entrants],
            (own, chooser))


def playing(entrant: Entrant, chooser: str) -> Entrant:
    """The entrant played by this chooser, and named so."""
    return Entrant(entrant.key, f"{entrant.name} ({chooser})",
                   {**entrant.spec, "chooser": chooser})
