"""Saved custom kits: a gladiator of the hex skirmish that is none of the 13 types,
kept as a JSON file in the user's kits folder so the start screen can offer it.

    {"format": "companion-kit", "name": "Dimachaerus with net",
     "kit": {"weapons": [{"weapon": "sword", "side": "right"},
                         {"weapon": "net", "side": "left"}],
             "armour": "light-armour"}}

The kit has the shape of a scenario's `kit` (weapons by side, shield and its side,
armour, darts, arrows); its weapons, shield and armour must be in the skirmish tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from companion import paths
from companion.errors import UserError
from companion.files.jsonfile import KIT, check_name, place, problem, read_file, shown
from companion.rulesets.skirmish.scenario import MAX_NAME, KitSpec
from companion.tables.loader import TableSet

KIT_FORMAT = "companion-kit"


class KitFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: str
    # Drawn on the start screen among the types: one short line.
    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME), AfterValidator(check_name)]
    kit: KitSpec


@dataclass(frozen=True)
class SavedKit:
    path: Path
    name: str
    kit: dict[str, Any]


def kits_dir() -> Path:
    return paths.kits_dir()


def load_kit(path: Path, known: dict[str, set[str]] | None = None) -> SavedKit:
    """Read and check one kit file; UserError naming the file and the place."""
    data = read_file(Path(path), KIT)
    try:
        parsed = KitFile.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        raise UserError(f"{path}: {place(first['loc'])}: {problem(first)}") from None
    if parsed.format != KIT_FORMAT:
        raise UserError(f"{path}: format: not a kit ({shown(parsed.format)})")
    if known is not None:
        _check_names(path, parsed.kit, known)
    return SavedKit(Path(path), parsed.name, parsed.kit.model_dump(exclude_defaults=True))


def _check_names(path: Path, kit: KitSpec, known: dict[str, set[str]]) -> None:
    wanted = [("weapons", w.weapon, f"kit.weapons[{i}].weapon")
              for i, w in enumerate(kit.weapons)]
    wanted += [("kit", kit.armour, "kit.armour")]
    if kit.shield is not None:
        wanted.append(("kit", kit.shield, "kit.shield"))
    for table, name, where in wanted:
        if name not in known[table]:
            choices = ", ".join(sorted(known[table]))
            raise UserError(f"{path}: {where}: {shown(name)} is not in skirmish-{table} "
                            f"({choices})")


def known_names(tables: TableSet | None = None) -> dict[str, set[str]]:
    """The weapons and kit a kit may name: those of the tables given, or else of the
    tables loaded now."""
    if tables is None:
        from companion.tables.loader import load_tables

        tables = load_tables()
    # The keys as the files write them: the same strings as the models' keys, without
    # making the models.
    return {name: {str(e["key"]) for e in tables.get(f"skirmish-{name}").raw_entries}
            for name in ("weapons", "kit")}


def saved_kits(folder: Path | None = None, tables: TableSet | None = None
               ) -> tuple[list[SavedKit], list[str]]:
    """Every good kit in the folder, and one line for each broken file (skipped): a
    broken file must never stop the start screen."""
    folder = kits_dir() if folder is None else folder
    if not folder.is_dir():
        return [], []
    known = known_names(tables)
    kits, problems = [], []
    for path in sorted(folder.glob("*.json")):
        try:
            kits.append(load_kit(path, known))
        except UserError as err:
            problems.append(str(err))
    return kits, problems
