"""The gladiator personality sheet: a JSON file in the user's roster folder.

The model holds what the paper sheet holds (skill ranks, WEAPON ranks, what he carries,
his record, insanities and scars); `sheet_problems` checks it against the rules (the
skill costs, the weapons table, the carrying limit) and lists every broken rule.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from companion import paths
from companion.files.jsonfile import (
    SHEET,
    check_name,
    kind_of,
    shown,
)
from companion.files.sheetfile import SheetError, read_sheet_file, validated
from companion.files.written_by import refuse_newer_on_disk, with_written_by
from companion.rulesets.battle.data import BattleTables

FORMAT = "companion-gladiator"
SCHEMA_VERSION = 1

# What a sheet may hold. Far above any gladiator's (a veteran's ATTACK is near 15, his
# luck a few dice) and low enough that nothing is slow: the exact odds of an attack
# take a fraction of a second with every pool at its most (their cost grows with the
# cube of the attack dice), and the points a sheet costs are summed rank by rank.
MAX_RANKS = 100  # of any skill, HEALTH included, and of any weapon
MAX_LUCK = 50
MAX_CARRIED = 100  # of one weapon (ammunition)
MAX_POINTS = 100_000  # development points
MAX_RECORD = 1000  # wins, losses and kills each: the dice of death's door grow with them
MAX_NAME = 60  # characters of a name
MAX_ID = 40  # characters of a skill or weapon id
MAX_TEXT = 10_000  # characters of the notes and other free text

# A name is drawn in the window and printed in one-line messages.
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME), AfterValidator(check_name)]
OptionalName = Annotated[str, Field(max_length=MAX_NAME), AfterValidator(check_name)]
Key = Annotated[str, Field(min_length=1, max_length=MAX_ID), AfterValidator(check_name)]
Text = Annotated[str, Field(max_length=MAX_TEXT)]
Ranks = Annotated[int, Field(le=MAX_RANKS)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class InsanityRecord(_Strict):
    """An insanity written on the back of the sheet. `remembers` is the weapon (or
    weapon class) it refers to, for the infatuations and phobias."""

    key: int = Field(ge=11, le=66)
    name: Name
    permanent: bool
    remembers: Key | None = None
    gained: OptionalName = ""
    # Identity Crisis: the name he gave up for a new one; until then he may not fight.
    renamed_from: Name | None = None


class ScarRecord(_Strict):
    """A permanent scar from a critical: where it came from and what it left."""

    table: Key
    key: int
    sub_key: int | None = None
    scar: Annotated[Text, Field(min_length=1)]
    loses: Key = "none"
    gained: OptionalName = ""


def _starting_points() -> int:
    """A new gladiator's development points, for a sheet that does not say.

    This default reads the installed tables itself, as a pydantic default cannot be
    handed any. The rules never reach it: they read sheets with `parse_sheet(...,
    tables=...)`, which fills the points in from the session's tables."""
    return BattleTables.load().starting_development_points


class FightRecord(_Strict):
    opponent: OptionalName
    result: Literal["win", "loss"]
    how: Text = ""
    date: OptionalName = ""


class GladiatorSheet(_Strict):
    """One gladiator. Skills are keyed as in the `pool-skill-costs` table ("attack",
    "parry-dodge", ...); a skill left out has its free ranks (INITIATIVE 2). `weapons`
    holds WEAPON ranks by weapon id; `carried` what he takes into the arena (1 of a
    weapon, or the ammunition of a thrown one); `development_points` every point he
    has earned (the `pool-rules` table's starting points, more after each battle)."""

    format: Literal["companion-gladiator"]
    version: int = Field(default=SCHEMA_VERSION, ge=1)
    name: Name
    player: OptionalName = ""
    created: OptionalName = ""
    development_points: int = Field(default_factory=_starting_points, ge=0, le=MAX_POINTS)
    skills: dict[Key, Ranks] = Field(default_factory=dict, max_length=50)
    weapons: dict[Key, Ranks] = Field(default_factory=dict, max_length=200)
    carried: dict[Key, Annotated[int, Field(le=MAX_CARRIED)]] = Field(default_factory=dict,
                                                                       max_length=200)
    shield: bool = False
    luck: int = Field(default=0, ge=0, le=MAX_LUCK)
    wins: int = Field(default=0, ge=0, le=MAX_RECORD)
    losses: int = Field(default=0, ge=0, le=MAX_RECORD)
    kills: int = Field(default=0, ge=0, le=MAX_RECORD)
    status: Literal["fit", "coma", "dead"] = "fit"
    coma_until: OptionalName | None = None
    insanities: list[InsanityRecord] = Field(default_factory=list, max_length=100)
    scars: list[ScarRecord] = Field(default_factory=list, max_length=100)
    fights: list[FightRecord] = Field(default_factory=list, max_length=2 * MAX_RECORD)
    notes: Text = ""

    @property
    def total_fights(self) -> int:
        return self.wins + self.losses


# --- reading and writing ------------------------------------------------------------
def parse_sheet(data: Any, where: str = "sheet", *,
                tables: BattleTables | None = None) -> GladiatorSheet:
    """Validate sheet data; raise SheetError listing every problem of shape. With
    `tables`, a sheet that does not give its development points has the starting
    points of those tables (else of the installed ones)."""
    found = kind_of(data)
    if found is not None and found != SHEET:
        raise SheetError([f"{where}: this is {found.name}, not a gladiator sheet"])
    if isinstance(data, dict) and data.get("format") not in (None, FORMAT):
        raise SheetError([f"{where}: format: not a gladiator sheet "
                          f"({shown(data.get('format'))})"])
    if tables is not None and isinstance(data, dict) and "development_points" not in data:
        data = {**data, "development_points": tables.starting_development_points}
    return validated(GladiatorSheet, data, where, SCHEMA_VERSION)


def load_sheet(path: Path) -> GladiatorSheet:
    """A sheet file, read through the one reader (size, nesting, numbers, text)."""
    return parse_sheet(read_sheet_file(path, SHEET), str(path))


def find_sheet(name: str | Path) -> Path:
    """A sheet path as given, or else the file of that name in the roster folder, or
    else the shipped sample of that name ("Spear Rookie"): a new player has no roster
    yet, and the samples are what he tries first."""
    path = Path(name)
    if path.exists():
        return path
    for folder in (paths.roster_dir(), samples_dir()):
        for candidate in (folder / path.name, folder / f"{slug(str(name))}.json"):
            if candidate.exists():
                return candidate
    raise SheetError([f"{name}: no such sheet (looked here, in {paths.roster_dir()} and "
                      "among the sample gladiators)"])


def samples_dir() -> Path:
    """The sample gladiators shipped with the companion."""
    return paths.assets_dir() / "samples"


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "gladiator"


def sheet_json(sheet: GladiatorSheet) -> str:
    return sheet.model_dump_json(indent=2, exclude_none=True) + "\n"


def save_sheet(sheet: GladiatorSheet, path: Path | None = None) -> Path:
    """Write a sheet atomically; by default into the roster folder, named for him."""
    from companion.files.atomic import atomic_write

    target = path or paths.roster_dir() / f"{slug(sheet.name)}.json"
    refuse_newer_on_disk(target)
    # The file names the release that wrote it (`written_by`, read by `validated`); the
    # stable's copy of a sheet is `sheet_json`, the gladiator alone.
    atomic_write(target, with_written_by(sheet_json(sheet)))
    return target


# --- the rules of the sheet ------------------------------------------------------------
def skill_ranks(sheet: GladiatorSheet, tables: BattleTables, key: str) -> int:
    """Ranks in a skill; a skill the sheet leaves out has its free ranks."""
    if key in sheet.skills:
        return sheet.skills[key]
    return tables.skill(key).free_ranks


def points_spent(sheet: GladiatorSheet, tables: BattleTables) -> int:
    """Development points the sheet's skills and WEAPON ranks cost (unknown skills and
    weapons cost nothing here; `sheet_problems` reports them)."""
    spent = 0
    for row in tables.skill_costs():
        if row.per_weapon:
            for weapon, ranks in sheet.weapons.items():
                if ranks > 0 and tables.has_weapon(weapon):
                    spent += row.cost_to(ranks, tables.weapon(weapon).cost_per_rank)
            continue
        ranks = skill_ranks(sheet, tables, row.key)
        if ranks > 0:
            spent += row.cost_to(ranks)
    return spent


def carrying_limit(sheet: GladiatorSheet, tables: BattleTables) -> int:
    strength = skill_ranks(sheet, tables, "strength")
    return tables.carry_base_lb + tables.carry_per_strength_lb * strength


def carried_weight(sheet: GladiatorSheet, tables: BattleTables) -> float:
    """Pounds carried: weapons (each piece of ammunition counted) and the shield;
    armour weighs nothing."""
    weight: float = tables.shield_lb if sheet.shield else 0
    for weapon, count in sheet.carried.items():
        if tables.has_weapon(weapon):
            weight += tables.weapon(weapon).weight * count
    return weight


def sheet_problems(sheet: GladiatorSheet, tables: BattleTables) -> list[str]:
    """Every broken rule of a sheet, each a sentence; empty when it is legal."""
    problems: list[str] = []
    known_skills = {row.key for row in tables.skill_costs() if not row.per_weapon}
    for key, ranks in sheet.skills.items():
        if key == "weapon":
            problems.append("skills.weapon: WEAPON ranks go under 'weapons', by weapon")
        elif key not in known_skills:
            problems.append(f"skills.{key}: no such skill (the skills are "
                            f"{', '.join(sorted(known_skills))})")
        elif ranks < 0:
            problems.append(f"skills.{key}: ranks cannot be negative ({ranks})")
    for row in tables.skill_costs():
        if row.per_weapon or row.key not in sheet.skills:
            continue
        if 0 <= sheet.skills[row.key] < row.free_ranks:
            problems.append(f"skills.{row.key}: every gladiator has {row.free_ranks} free "
                            f"ranks of {row.name}; the sheet says {sheet.skills[row.key]}")
    attack = skill_ranks(sheet, tables, "attack") if "attack" in known_skills else 0
    for weapon, ranks in sheet.weapons.items():
        if not tables.has_weapon(weapon):
            problems.append(f"weapons.{weapon}: unknown weapon (not in the weapons table)")
            continue
        name = tables.weapon(weapon).name
        if ranks < 0:
            problems.append(f"weapons.{weapon}: ranks cannot be negative ({ranks})")
        elif ranks > attack:
            ranks_of = f"{ranks} rank of" if ranks == 1 else f"{ranks} ranks of"
            his = f"{attack} ATTACK rank" + ("" if attack == 1 else "s")
            problems.append(f"weapons.{weapon}: {ranks_of} {name} is more than his {his} "
                            "(WEAPON ranks never exceed ATTACK)")
    for weapon, count in sheet.carried.items():
        if not tables.has_weapon(weapon):
            problems.append(f"carried.{weapon}: unknown weapon (not in the weapons table)")
        elif count < 1:
            problems.append(f"carried.{weapon}: carries {count}; leave out what he does not "
                            "carry")
        elif count > 1 and tables.weapon(weapon).thrown == "never":
            problems.append(f"carried.{weapon}: {count} of a weapon that cannot be thrown; "
                            "only thrown weapons are carried as ammunition")
    spent = points_spent(sheet, tables)
    if spent > sheet.development_points:
        problems.append(f"development points overspent: the skills cost {spent} and he has "
                        f"earned {sheet.development_points}")
    weight, limit = carried_weight(sheet, tables), carrying_limit(sheet, tables)
    if weight > limit:
        problems.append(f"over weight: he carries {weight:g} lb and may carry {limit} lb "
                        f"({tables.carry_base_lb} + {tables.carry_per_strength_lb} a "
                        "STRENGTH rank)")
    if sheet.status == "coma" and not sheet.coma_until:
        problems.append("coma_until: a gladiator in a coma needs the time it ends")
    return problems


def sheet_warnings(sheet: GladiatorSheet, tables: BattleTables) -> list[str]:
    """Legal but probably not meant: worth a word, never a failure."""
    warnings: list[str] = []
    if sheet.shield:
        for weapon in sheet.carried:
            if tables.has_weapon(weapon) and tables.weapon(weapon).hands == 2:
                warnings.append(f"carries a shield and the two-handed "
                                f"{tables.weapon(weapon).name}: attacking with it drops "
                                "the shield")
    if skill_ranks(sheet, tables, "health") == 0:
        warnings.append("no HEALTH ranks: he is below 0 from the first wound")
    if sheet.status == "dead":
        warnings.append("he is dead")
    return warnings


def check_sheet(sheet: GladiatorSheet, tables: BattleTables, where: str = "sheet") -> None:
    problems = sheet_problems(sheet, tables)
    if problems:
        raise SheetError([f"{where}: {p}" for p in problems])


def add_insanity(sheet: GladiatorSheet, record: InsanityRecord) -> GladiatorSheet:
    """The sheet with a new insanity: a temporary one wipes out the older temporary
    ones; permanent ones always stay."""
    if record.permanent and any(i.key == record.key for i in sheet.insanities):
        return sheet  # the same permanent insanity twice is still one
    kept = [i for i in sheet.insanities if i.permanent or record.permanent]
    return sheet.model_copy(update={"insanities": [*kept, record]})


# A quick tracker's darts: thrown ammunition for its ammo pips.
QUICK_AMMO_WEAPON = "war-dart"


def quick_sheet(name: str, health: int, luck: int, heal: int, ammo: int, *,
                tables: BattleTables | None = None) -> dict[str, Any]:
    """A sheet that carries just what the trackers need. Its development points are
    what those ranks cost (by `tables`; by default the installed tables, for the
    start screen, which has no session yet), so it passes the sheet rules."""
    data: dict[str, Any] = {
        "format": "companion-gladiator",
        "name": name,
        "skills": {"health": health, "heal": heal},
        "luck": luck,
        "carried": {QUICK_AMMO_WEAPON: ammo} if ammo else {},
        "notes": "a quick tracker for a gladiator of a paper game",
    }
    costs = tables if tables is not None else BattleTables.load()
    sheet = parse_sheet(data, tables=costs)
    data["development_points"] = max(points_spent(sheet, costs), 0)
    return data
