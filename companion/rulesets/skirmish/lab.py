"""The hex skirmish in the lab: the 13 gladiator types and the user's saved kits,
played on the engine's fast path (`simulate_bout`, dice without records)."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import UserError
from companion.rulesets.labs import Bout, Entrant, LabOption, LabPart, Layout
from companion.rulesets.skirmish.rules import SkirmishRules
from companion.rulesets.skirmish.sim import simulate_bout
from companion.rulesets.skirmish.state import KILLED

if TYPE_CHECKING:
    from companion.tables.loader import TableSet


class SkirmishLab(LabPart):
    id = "skirmish"
    title = "hex skirmish"
    help = "the hex skirmish: the 13 gladiator types (--types) and your saved kits (--kits)"
    options = (LabOption("--types", "types", "A,B,...", "gladiator types, by id or name, "
                         "comma-separated (default: all 13)"),
               LabOption("--kits", "kits", "NAMES", "saved custom kits by name, "
                         "comma-separated, or 'all'; with --types too, both"))
    sets_first_move = True

    def __init__(self) -> None:
        self.rules = SkirmishRules()  # keeps the game data of the last table set

    def check_tables(self, tables: TableSet) -> None:
        self.rules.check_tables(tables)

    def entrants(self, tables: TableSet, options: Mapping[str, Any]
                 ) -> tuple[list[Entrant], list[str]]:
        types, kits = options.get("types"), options.get("kits")
        wanted = _split(types) or None
        chosen = type_entrants(tables, wanted) if wanted or not kits else []
        if kits:
            chosen += kit_entrants(tables, _split(kits))
        if types is not None and not wanted:
            raise UserError("--types: name at least one gladiator type")
        return chosen, []

    def screen_entrants(self, tables: TableSet) -> list[Entrant]:
        found = type_entrants(tables)
        # No saved kits, or a broken one (which the start screen reports): the types.
        with contextlib.suppress(UserError):
            found += kit_entrants(tables, ["all"])
        return found

    def play(self, row: Entrant, col: Entrant, seed: int, layout: Layout,
             tables: TableSet) -> Bout:
        specs = [row.spec, col.spec]
        if layout.row_second:
            specs.reverse()
        row_id, col_id = ("B", "A") if layout.row_second else ("A", "B")
        state = self.rules.new_state({"gladiators": specs}, tables)
        simulate_bout(state, seed, first=row_id if layout.row_first else col_id)
        if state.winner is None:
            return Bout(0, state.turn_number, False)
        loser = state.glad(col_id if state.winner == row_id else row_id)
        return Bout(1 if state.winner == row_id else -1, state.turn_number,
                    loser.status == KILLED)


def _split(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def _slug(text: str) -> str:
    return text.strip().lower().replace(" ", "-")


def type_entrants(tables: TableSet, wanted: list[str] | None = None) -> list[Entrant]:
    """The gladiator types by their screen names, in the table's order: all of them,
    or those named (by id or by name; UserError naming a type that is none)."""
    data = SkirmishRules().data_for(tables)
    every = [Entrant(slug, info.name, {"type": slug}) for slug, info in data.types.items()]
    if wanted is None:
        return every
    by_word = {e.key: e for e in every} | {_slug(e.name): e for e in every}
    found = []
    for word in wanted:
        entrant = by_word.get(_slug(word))
        if entrant is None:
            known = ", ".join(e.key for e in every)
            raise UserError(f"--types: no gladiator type '{word.strip()}'; the types are "
                            f"{known}")
        if entrant not in found:
            found.append(entrant)
    return found


def kit_entrants(tables: TableSet, wanted: list[str], folder: Path | None = None
                 ) -> list[Entrant]:
    """Saved custom kits: all of them (`all`), or those named (by name or file name).
    A broken kit file asked for by name is a UserError; with `all`, too, since the
    results would silently lack it."""
    from companion.rulesets.skirmish.kits import kits_dir, saved_kits

    folder = kits_dir() if folder is None else folder
    kits, problems = saved_kits(folder, tables)
    if problems:
        raise UserError(problems[0])
    every = [Entrant(f"kit:{k.path.stem}", k.name, _kit_spec(k.name, k.kit)) for k in kits]
    if [w.strip().lower() for w in wanted] == ["all"]:
        if not every:
            raise UserError(f"--kits all: no saved kits in {folder}")
        return every
    found = []
    for word in wanted:
        key = word.strip().casefold()
        entrant = next((e for e in every if key in (e.name.casefold(), e.key[4:].casefold())),
                       None)
        if entrant is None:
            known = ", ".join(e.name for e in every) or f"none saved in {folder}"
            raise UserError(f"--kits: no saved kit '{word.strip()}' ({known})")
        if entrant not in found:
            found.append(entrant)
    return found


def _kit_spec(name: str, kit: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "kit": kit}
