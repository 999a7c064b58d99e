"""A Grimdark gladiator as his file holds it, and reading and writing that file.

The model holds what a manager chooses; whether the choices keep the build rules is
`build.problems`, which needs the tables. Abilities, moves and weapon properties are
named by their keys in the grimdark tables.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from companion import paths
from companion.files.jsonfile import FileKind, check_name
from companion.files.sheetfile import (
    SheetError as SheetError,  # one error for every game's gladiators
)
from companion.files.sheetfile import read_sheet_file, validated
from companion.files.written_by import refuse_newer_on_disk, with_written_by
from companion.rulesets.grimdark.table_models import STATS, Element, Stat, dice_text
from companion.tables.model import StrictModel

FORMAT = "companion-grimdark-gladiator"
GLADIATOR = FileKind("a Grimdark gladiator", 1_000_000, FORMAT)
SCHEMA_VERSION = 1
STAT_NAMES = {stat: stat.title() for stat in STATS}


class Weapon(StrictModel):
    """One weapon: the manager's own name for it, light or heavy, melee or ranged,
    its properties (keys of grimdark-equipment) and, with Elemental, its element."""

    name: str = Field(min_length=1, max_length=80)
    weight: Literal["light", "heavy"]
    reach: Literal["melee", "ranged"]
    properties: list[str] = Field(default_factory=list, max_length=20)
    element: Element | None = None

    _name = field_validator("name")(lambda cls, v: check_name(v))


class Grant(StrictModel):
    """One thing an ability gave his career when he was made (Veteran's "1 Fame", its
    "4 wins" rolled on a d6), kept on his sheet so that it is given, and rolled, once.
    A rolled one keeps its dice as the ability's table gave them then, and the faces."""

    resource: Literal["fame", "wins"]
    amount: int = Field(ge=0, le=10_000)
    dice: str | None = Field(default=None, max_length=40)
    faces: list[Annotated[int, Field(ge=1, le=1000)]] | None = Field(default=None,
                                                                      max_length=20)

    @field_validator("dice")
    @classmethod
    def _dice(cls, value: str | None) -> str | None:
        if value is None:
            return None
        text = dice_text(value)
        dice_sides(text)  # a plain sum, or a ValueError saying what it is instead
        return text

    @field_validator("faces")
    @classmethod
    def _faces(cls, faces: list[int] | None, info: ValidationInfo) -> list[int] | None:
        dice = info.data.get("dice")
        if faces is None or dice is None:
            return faces
        sides, _ = dice_sides(dice)
        if len(faces) != len(sides):
            raise ValueError(f"{dice} rolls {len(sides)} "
                             f"{'die' if len(sides) == 1 else 'dice'}; {len(faces)} given")
        for face, die in zip(faces, sides, strict=True):
            if face > die:
                raise ValueError(f"{face} is impossible on a d{die}")
        return faces

    @model_validator(mode="after")
    def _rolled(self) -> Grant:
        if (self.dice is None) != (self.faces is None):
            raise ValueError("give the dice and their faces together, or neither")
        if self.dice is not None and self.faces is not None:
            total = max(0, sum(self.faces) + dice_sides(self.dice)[1])
            if self.amount != total:
                raise ValueError(f"{self.dice} showing {', '.join(map(str, self.faces))} "
                                 f"gives {total}, not {self.amount}")
        return self


def dice_sides(text: str) -> tuple[list[int], int]:
    """The sides of each die of a plain sum ("2d6+1": [6, 6]) and its constant."""
    from companion.rulesets.grimdark.fight import terms

    found, const = terms(text)
    return [sides for count, sides in found for _ in range(count)], const


class Gladiator(StrictModel):
    format: Literal["companion-grimdark-gladiator"] = "companion-grimdark-gladiator"
    version: int = Field(default=SCHEMA_VERSION, ge=1)
    name: str = Field(min_length=1, max_length=80)
    description: str = Field(default="", max_length=20_000)
    brutality: int = Field(ge=0, le=99)
    style: int = Field(ge=0, le=99)
    mind: int = Field(ge=0, le=99)
    weird: int = Field(ge=0, le=99)
    active_stat: Stat | None = None  # none chosen: his strongest
    abilities: dict[str, int] = Field(default_factory=dict, max_length=100)
    moves: dict[str, int] = Field(default_factory=dict, max_length=200)
    weapons: list[Weapon] = Field(default_factory=list, max_length=20)
    armour: int = Field(default=0, ge=0, le=99)  # equipment slots spent on armour
    fame: int = Field(default=0, ge=0, le=10_000)
    wins: int = Field(default=0, ge=0, le=10_000)
    losses: int = Field(default=0, ge=0, le=10_000)
    starred: bool = False
    # Whose gladiator he is (his manager's forum name): the seed's limit of starred
    # gladiators is a manager's, so the roster can only check it when this is given.
    manager: str = Field(default="", max_length=80)
    # The house's own opposition (an arena robot, a beast): no manager, no roster entry
    # to record a result in.
    npc: bool = False
    dead: bool = False  # died in a match recorded into the roster: he fights no more
    # What abilities gave his career when he was made (Veteran), by ability key: kept
    # after the ability is dropped, so that it is never given, or rolled, again.
    career_start: dict[Annotated[str, Field(max_length=80)], list[Grant]] | None = Field(
        default=None, max_length=20)

    _name = field_validator("name")(lambda cls, v: check_name(v))

    @field_validator("abilities", "moves")
    @classmethod
    def _counts(cls, value: dict[str, int]) -> dict[str, int]:
        for key, count in value.items():
            if not 1 <= count <= 99:
                raise ValueError(f"{key} is given {count} times; 1 to 99")
        return value

    def stats(self) -> dict[str, int]:
        return {stat: getattr(self, stat) for stat in STATS}

    def active(self) -> str:
        """His active stat: the one chosen, or else his strongest (the first of equals
        in the seed's order Brutality, Style, Mind, Weird)."""
        if self.active_stat is not None:
            return self.active_stat
        stats = self.stats()
        return max(STATS, key=lambda s: (stats[s], -STATS.index(s)))


def parse_gladiator(data: object, where: str) -> Gladiator:
    return validated(Gladiator, data, where, SCHEMA_VERSION)


def load_gladiator(path: Path) -> Gladiator:
    """A gladiator file, read through the one reader (size, nesting, numbers, text)."""
    return parse_gladiator(read_sheet_file(path, GLADIATOR), str(path))


def gladiator_json(gladiator: Gladiator) -> str:
    return gladiator.model_dump_json(indent=2, exclude_none=True) + "\n"


def gladiator_file_text(gladiator: Gladiator) -> str:
    """His file's text, naming the release that writes it (`written_by`, read by
    `validated`); the stable's copy of him is `gladiator_json`, the gladiator alone."""
    return with_written_by(gladiator_json(gladiator))


def roster_dir() -> Path:
    """His roster: a folder of its own in the user's roster, apart from the battle
    system's sheets, which may bear the same names."""
    return paths.roster_dir() / "grimdark"


def roster_path(gladiator: Gladiator) -> Path:
    from companion.rulesets.grimdark.data import name_key

    return roster_dir() / f"{name_key(gladiator.name) or 'gladiator'}.json"


def save_gladiator(gladiator: Gladiator, path: Path | None = None) -> Path:
    """Write a gladiator atomically; by default into the roster folder, named for him."""
    from companion.files.atomic import atomic_write

    target = path or roster_path(gladiator)
    refuse_newer_on_disk(target)
    atomic_write(target, gladiator_file_text(gladiator))
    return target


def samples_dir() -> Path:
    """The Grimdark sample gladiators shipped with the companion."""
    return paths.assets_dir() / "samples" / "grimdark"
