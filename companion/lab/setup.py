"""A lab made from what the user asked for (the command line's options, the Lab
screen's choices): the system, its entrants, the tables and the house rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.errors import UserError
from companion.lab.lab import Lab
from companion.rulesets.labs import Entrant
from companion.tables.loader import TableSet

DEFAULT_BOUTS = 200
DEFAULT_SEED = 1


def base_tables(system_id: str) -> TableSet:
    """The tables the app plays: the built-in ones with the user's folder over them,
    less any of his the system cannot play."""
    from companion.rulesets.playable import playable_tables
    from companion.rulesets.registry import get_ruleset
    from companion.tables.loader import load_tables

    return playable_tables(load_tables(), [get_ruleset(system_id)])


def house_tables(system_id: str, base: TableSet, folder: Path) -> TableSet:
    """`base` with the house-rule tables of `folder` over it; UserError in one line for
    a missing folder, a broken file, a table the system cannot play, or a folder with
    none of the system's tables (which would change nothing)."""
    from companion.rulesets.registry import get_ruleset
    from companion.tables.loader import with_folder

    rules = get_ruleset(system_id)
    house, laid = with_folder(base, folder)
    if not set(laid) & set(rules.table_ids):
        raise UserError(f"--tables {folder}: none of its tables ({', '.join(laid)}) is one "
                        f"the {rules.title} plays with ({', '.join(rules.table_ids)})")
    rules.check_tables(house)
    return house


def entrants_for(system_id: str, tables: TableSet, **options: Any
                 ) -> tuple[list[Entrant], list[str]]:
    """The gladiators asked for (by the game's own options: `--types`, `--roster`, ...),
    and notes on any left out."""
    from companion.lab.system import system_for

    return system_for(system_id).entrants(tables, options)


def make_lab(system_id: str, *, bouts: int = DEFAULT_BOUTS, seed: int = DEFAULT_SEED,
             house: Path | None = None, against: str | None = None, **options: Any
             ) -> tuple[Lab, list[str]]:
    """`against`: a chooser the columns play by, the rows by the game's own, for a
    game with choosers; `options`: the game's own, for choosing its entrants."""
    from companion.lab.system import system_for
    from companion.rulesets.registry import get_ruleset

    part = system_for(system_id)
    if against is not None and not part.has_choosers:
        raise UserError(f"--against-chooser: the {part.title} has no choosers to set "
                        "against each other")
    part.ready()  # before reading any sheet: nothing else can help
    base = base_tables(system_id)
    entrants, notes = entrants_for(system_id, base, **options)
    yours = any(base.overridden(t) for t in get_ruleset(system_id).table_ids)
    sets, words = [base], ["built-in and yours" if yours else "built-in"]
    if house is not None:
        sets.append(house_tables(system_id, base, house))
        words.append(str(house))
    lab = Lab(system_id, entrants, bouts, seed, sets, words)
    rows, columns, choosers = part.choosers(entrants, against)
    lab.entrants, lab.columns, lab.choosers = rows, columns, choosers
    lab.check()
    return lab, notes
