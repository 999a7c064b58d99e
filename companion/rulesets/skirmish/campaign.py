"""A campaign's gladiators, from the stable into a bout's setup: a named gladiator as
his career holds him (his type or kit, his experience skills), and what the appeal to
the crowd counts of his day (the men he has beaten today, whether the crowd spared him
earlier today) and of the arena's (how many the crowd has spared today).

A day is the local calendar day on which the bouts were played (each fight's start,
kept by the stable in UTC). What happened today is read from the careers' changes: a
fight recorded today whose change of his sheet raised his `defeated` or `spared`. A
man the stable does not hold (a house extra) has no career and is not counted."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from companion.errors import UserError
from companion.rulesets.skirmish.career_sheet import SkirmishGladiator, is_gladiator

if TYPE_CHECKING:
    from companion.stable.model import Gladiator
    from companion.stable.store import Stable

GAME = "skirmish"


@dataclass(frozen=True)
class Today:
    """What a day's earlier bouts did to him."""

    defeated: int = 0  # men he beat
    spared: bool = False  # the crowd spared him


def day_of(played: str) -> date:
    """The local day of a time the stable keeps (ISO 8601, UTC)."""
    try:
        return datetime.fromisoformat(played).astimezone().date()
    except ValueError:
        return date.min  # a time the stable cannot read was not today


def _counts(text: str) -> tuple[int, int]:
    """(defeated, spared) on a sheet; a kit, or a sheet that cannot be read, has none."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return 0, 0
    if not isinstance(data, str) or not is_gladiator(data):
        return 0, 0
    try:
        sheet = SkirmishGladiator.model_validate_json(data)
    except ValueError:
        return 0, 0
    return sheet.defeated, sheet.spared


def _today_of(stable: Stable, gladiator_id: int, day: date) -> Today:
    defeated, spared = 0, False
    for fight, _ in stable.fights_of(gladiator_id):
        if fight.game != GAME or day_of(fight.played) != day:
            continue
        for change in stable.changes(fight.id):
            if change.gladiator_id != gladiator_id or change.field != "sheet":
                continue
            (beat, was_spared), (beat_after, spared_after) = (
                _counts(change.before), _counts(change.after))
            defeated += max(0, beat_after - beat)
            spared = spared or spared_after > was_spared
    return Today(defeated, spared)


def spared_today(stable: Stable, day: date) -> int:
    """How many the crowd has spared today: the appeal's "mercy used up"."""
    count = 0
    for g in stable.gladiators(game=GAME):
        count += _today_of(stable, g.id, day).spared
    return count


def campaigners(stable: Stable) -> list[Gladiator]:
    """The skirmish gladiators of the stable who can fight: alive, by name."""
    return sorted((g for g in stable.gladiators(game=GAME) if g.alive),
                  key=lambda g: (g.name.casefold(), g.id))


def spec_of(stable: Stable, g: Gladiator, day: date) -> dict[str, Any]:
    """His entry in a bout's scenario: who he is, and what his day has been."""
    from companion.rulesets.skirmish.stable import SHEETS

    where = f"#{g.id} {g.name}'s sheet in the stable"
    if is_gladiator(g.sheet):
        sheet = SHEETS.gladiator(g.sheet, where)
        spec: dict[str, Any] = {"name": sheet.name}
        if sheet.type is not None:
            spec["type"] = sheet.type
        else:
            assert sheet.kit is not None
            spec["kit"] = sheet.kit.model_dump(exclude_defaults=True)
        if sheet.skills:
            spec["skills"] = list(sheet.skills)
    else:
        kit = SHEETS.kit_file(g.sheet, where)
        spec = {"name": kit.name, "kit": kit.kit.model_dump(exclude_defaults=True)}
    today = _today_of(stable, g.id, day)
    if today.defeated:
        spec["defeated_today"] = today.defeated
    if today.spared:
        spec["spared_today"] = True
    return spec


@dataclass(frozen=True)
class Roll:
    """The stable's campaigners as a start screen offers them."""

    choices: tuple[tuple[str, dict[str, Any]], ...] = ()  # (label, scenario entry)
    spared_today: int = 0
    problem: str = ""  # why the stable could not be read, in one line


def roll_call(day: date | None = None) -> Roll:
    """The user's stable's skirmish gladiators who can fight, each as a bout's entry
    for `day` (today by default); never a traceback for a broken stable."""
    from companion import paths
    from companion.errors import one_line
    from companion.stable.store import Stable

    day = date.today() if day is None else day
    path = paths.stable_path()
    if not path.exists():
        return Roll()
    choices = []
    try:
        with Stable.open(path, create=False) as stable:
            for g in campaigners(stable):
                try:
                    spec = spec_of(stable, g, day)
                except UserError:
                    continue  # `companion check` and the Stable screen say why
                skills = len(spec.get("skills", ()))
                choices.append((f"{g.name} (stable, {skills} skill"
                                f"{'' if skills == 1 else 's'})", spec))
            spared = spared_today(stable, day)
    except (UserError, OSError) as err:
        return Roll(problem=f"the stable was not read: {one_line(str(err))}")
    return Roll(tuple(choices), spared)


def told(spec: dict[str, Any], types: dict[str, str], skills: dict[str, str]) -> str:
    """A campaigner's entry in words: who, what he fights as, his skills and his day
    (`types` and `skills`: the tables' names by key)."""
    kind = types.get(str(spec["type"]), str(spec["type"])) if "type" in spec else "his own kit"
    said = [f"{spec['name']}, of the stable: {kind}"]
    held = [skills.get(s, s) for s in spec.get("skills", ())]
    said.append(f"skills {', '.join(held)}" if held else "no skill yet")
    today = []
    if spec.get("defeated_today"):
        today.append(f"has beaten {spec['defeated_today']}")
    if spec.get("spared_today"):
        today.append("was spared by the crowd")
    if today:
        said.append(f"today he {' and '.join(today)}")
    return "; ".join(said)
