"""A lab made from what the user asked for (the command line's options, the Lab
screen's choices): the system, its entrants, the tables and the house rules."""

from __future__ import annotations

from pathlib import Path

from companion.errors import UserError
from companion.lab.lab import Lab
from companion.rulesets.labs import Entrant
from companion.tables.loader import TableSet

DEFAULT_BOUTS = 200
DEFAULT_SEED = 1


def split(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


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


def entrants_for(system_id: str, tables: TableSet, *, types: str | None = None,
                 kits: str | None = None, roster: Path | None = None
                 ) -> tuple[list[Entrant], list[str]]:
    """The gladiators asked for, and notes on any left out."""
    if system_id == "skirmish":
        from companion.rulesets.skirmish.lab import kit_entrants, type_entrants

        wanted = split(types) or None
        chosen = type_entrants(tables, wanted) if wanted or not kits else []
        if kits:
            chosen += kit_entrants(tables, split(kits))
        if types is not None and not wanted:
            raise UserError("--types: name at least one gladiator type")
        return chosen, []
    if system_id == "grimdark":
        from companion.rulesets.grimdark.lab import roster_entrants, samples_folder

        return roster_entrants(roster or samples_folder(), tables)
    if system_id == "battle":
        from companion import paths
        from companion.rulesets.battle.lab import ready, sheet_entrants
        from companion.rulesets.battle.sheet import samples_dir

        ready()
        folders = [roster] if roster is not None else [samples_dir(), paths.roster_dir()]
        return sheet_entrants(folders), []
    raise UserError(f"the lab knows no system '{system_id}'")


def make_lab(system_id: str, *, bouts: int = DEFAULT_BOUTS, seed: int = DEFAULT_SEED,
             types: str | None = None, kits: str | None = None, roster: Path | None = None,
             house: Path | None = None, against: str | None = None
             ) -> tuple[Lab, list[str]]:
    """`against`: a Grimdark chooser the columns play by, the rows by the engine's own."""
    if against is not None and system_id != "grimdark":
        raise UserError("--against-chooser: only Grimdark Gladiators has choosers to "
                        "set against each other")
    if system_id == "battle":
        from companion.rulesets.battle.lab import ready

        ready()  # before reading any sheet: nothing else can help
    from companion.rulesets.registry import get_ruleset

    base = base_tables(system_id)
    entrants, notes = entrants_for(system_id, base, types=types, kits=kits, roster=roster)
    yours = any(base.overridden(t) for t in get_ruleset(system_id).table_ids)
    sets, words = [base], ["built-in and yours" if yours else "built-in"]
    if house is not None:
        sets.append(house_tables(system_id, base, house))
        words.append(str(house))
    lab = Lab(system_id, entrants, bouts, seed, sets, words)
    if system_id == "grimdark":
        from companion.rulesets.grimdark.lab import against_chooser, own_chooser

        own = own_chooser()
        lab.choosers = (own, own)
        if against is not None:
            lab.entrants, lab.columns, lab.choosers = against_chooser(entrants, against)
    lab.check()
    return lab, notes
