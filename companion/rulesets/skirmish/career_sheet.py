"""A named gladiator of the hex skirmish and his career, as a sheet file of its own:
his type or his kit, his experience skills, his record, and what the appeal to the
crowd counts of his history.

    {"format": "companion-skirmish-gladiator", "name": "Quintus", "type": "samnite",
     "skills": ["extra-ap"], "wins": 1, "losses": 0}

A kit file (`kits`) says what a man carries; this says who he is. The seed's rule is
in the skills: at most five, each once (`skirmish-rules` holds both figures; the
file is checked against the seed's, the tables' against the file when a bout is set
up). Being popular is one of the skills, so the appeal's "popular" comes from them;
"already spared today" and "victories today" are marks of the day, not of the man:
the stable's fights say on which days the crowd spared him and whom he beat (`spared`
and `defeated` count them all; `campaign` reads them by day)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from companion.errors import UserError
from companion.files.jsonfile import FileKind, check_name, parse_json, place, problem, shown
from companion.files.written_by import is_newer, newer_refusal, without_written_by
from companion.rulesets.skirmish.scenario import MAX_ID, MAX_NAME, KitSpec

GLADIATOR_FORMAT: Final = "companion-skirmish-gladiator"
GLADIATOR = FileKind("a skirmish gladiator", 1024 * 1024, GLADIATOR_FORMAT)

# The seed's figures ("a gladiator can have up to five skills", "only have each skill
# once"): a file breaking them is refused whatever tables are in use.
MOST_SKILLS = 5
MOST_FIGHTS = 100_000  # far above any campaign: keeps the record's numbers printable

Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME), AfterValidator(check_name)]
Id = Annotated[str, Field(min_length=1, max_length=MAX_ID), AfterValidator(check_name)]
Count = Annotated[int, Field(ge=0, le=MOST_FIGHTS)]


class SkirmishGladiator(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["companion-skirmish-gladiator"] = GLADIATOR_FORMAT
    name: Name
    manager: Annotated[str, Field(max_length=MAX_NAME), AfterValidator(check_name)] = ""
    type: Id | None = None  # a skirmish-types slug; or else `kit`
    kit: KitSpec | None = None
    skills: list[Id] = Field(default_factory=list, max_length=MOST_SKILLS)
    wins: Count = 0
    losses: Count = 0
    defeated: Count = 0  # opponents he beat, whatever the crowd did with them
    kills: Count = 0  # opponents the crowd had killed after he beat them
    spared: Count = 0  # bouts the crowd spared him in
    dead: bool = False
    notes: Annotated[str, Field(max_length=2000)] = ""

    @model_validator(mode="after")
    def _one_kit(self) -> SkirmishGladiator:
        if (self.type is None) == (self.kit is None):
            raise ValueError("give his type or his kit, one of the two")
        if len(set(self.skills)) != len(self.skills):
            raise ValueError("he may only have each skill once")
        return self


def is_gladiator(text: str) -> bool:
    """The text is a skirmish gladiator's file (by its envelope), not a kit."""
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("format") == GLADIATOR_FORMAT


def parse_gladiator(text: str, where: str = "his sheet") -> SkirmishGladiator:
    """The gladiator in a file's text; UserError naming `where` and the place."""
    data: Any
    data, writer = without_written_by(parse_json(Path(where), text, GLADIATOR))
    try:
        return SkirmishGladiator.model_validate(data)
    except ValidationError as err:
        if writer is not None and is_newer(writer):
            raise UserError(f"{where}: {newer_refusal(writer)}") from None
        first = err.errors()[0]
        at = place(first["loc"]) if first["loc"] else ""
        said = problem(first) if first["type"] != "value_error" else str(
            first["ctx"]["error"])
        if first["type"] == "literal_error" and at == "format":
            said = f"not a skirmish gladiator ({shown(data.get('format'))})"
        raise UserError(f"{where}: {at + ': ' if at else ''}{said}") from None


def gladiator_text(g: SkirmishGladiator) -> str:
    """His file's text: the fields that say something, in the model's order."""
    data: dict[str, Any] = g.model_dump(exclude_defaults=True)
    data = {"format": GLADIATOR_FORMAT, **data}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
