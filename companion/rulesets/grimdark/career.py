"""What an ability gives a gladiator's career when he is made (seed 000's Veteran:
"Start with 1 Fame and d6 wins"), read from the ability's `starting` entries for Fame
and wins. It is given once, its dice rolled once, when he is imported or saved in the
builder, and kept on his sheet (`career_start`): a sheet that records it is never
rolled for again, even after the ability is dropped. A match's own start leaves his
career alone: his Fame and record are already on his sheet."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import ValidationError

from companion.dice.sources import DiceSource
from companion.files.jsonfile import problem
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.sheet import (
    STAT_NAMES,
    Gladiator,
    Grant,
    dice_sides,
    parse_gladiator,
)
from companion.rulesets.grimdark.table_models import GrimdarkAbilityEntry, Starting
from companion.tables.effects import Rule
from companion.tables.words import listed

CAREER = ("fame", "wins")  # the resources of a career, not of one match
REALLOCATE = "reallocate-after-first-fame"
_HOW = {"rolled": "rolled now", "roster": "as his file in your roster records it"}
# "Veteran: 1 Fame and 4 wins (d6: 4)": the ability's name, then its grants, each an
# amount and Fame or wins, a rolled one with its dice and faces in brackets.
_LINE = re.compile(r"^([^:()\d]{1,60}?)\s*:\s*(\d+\s*(?:fame|wins?)\b.*)$", re.IGNORECASE)
_PART = re.compile(r"(\d{1,6})\s*(fame|wins?)\b(?:\s*\(\s*([^():]{1,40}?)\s*:\s*"
                   r"([^()]{0,200}?)\s*\))?", re.IGNORECASE)
_JOIN = re.compile(r"\s*(?:,|&|\band\b)\s*", re.IGNORECASE)
_FACE = re.compile(r"\s*,\s*|\s+")


@dataclass(frozen=True)
class Made:
    """What an ability gave him as he was made: rolled now, or kept from his file
    already in the roster (the same gladiator imported again is not rolled again)."""

    ability: str  # its name
    grants: tuple[Grant, ...]
    how: Literal["rolled", "roster"]

    def words(self) -> str:
        """"Veteran: 1 Fame and 4 wins (d6: 4), rolled now"."""
        return f"{self.ability}: {grant_words(self.grants)}, {_HOW[self.how]}"


def career_starts(ability: GrimdarkAbilityEntry) -> list[Starting]:
    return [s for s in ability.starting if s.resource in CAREER]


def due(g: Gladiator, data: GrimdarkData) -> list[GrimdarkAbilityEntry]:
    """His abilities that give his career something not yet given (an old sheet's
    Veteran, or one just added in the builder)."""
    kept = g.career_start or {}
    return [a for key in g.abilities if (a := data.abilities.get(key)) is not None
            and career_starts(a) and key not in kept]


def make(g: Gladiator, data: GrimdarkData, dice: DiceSource,
         kept: Mapping[str, Sequence[Grant]] | None = None) -> tuple[Gladiator, list[Made]]:
    """Give him what each ability due gives his career: what `kept` (his file already
    in the roster) records for it, or else rolled now. A rolled amount adds to what he
    has, for nobody knew it before; a set one is what he has at least ("starts with 1
    Fame": a sheet already showing it is not given it twice)."""
    found = due(g, data)
    if not found:
        return g, []
    record = dict(g.career_start or {})
    have = {"fame": g.fame, "wins": g.wins}
    made = []
    for ability in found:
        old = (kept or {}).get(ability.key)
        grants = tuple(old) if old is not None else tuple(
            _roll(start, ability, g, dice) for start in career_starts(ability))
        for grant in grants:
            have[grant.resource] = (have[grant.resource] + grant.amount if grant.dice
                                    else max(have[grant.resource], grant.amount))
        record[ability.key] = list(grants)
        made.append(Made(ability.name, grants, "rolled" if old is None else "roster"))
    sheet = {**g.model_dump(mode="json"), **have,
             "career_start": {k: [x.model_dump(mode="json", exclude_none=True) for x in v]
                              for k, v in record.items()}}
    return parse_gladiator(sheet, g.name), made


def _roll(start: Starting, ability: GrimdarkAbilityEntry, g: Gladiator,
          dice: DiceSource) -> Grant:
    if start.dice is not None:
        sides, const = dice_sides(start.dice)
        faces = [dice.roll(die, purpose=f"{ability.name}'s {start.resource}",
                           roller=g.name).faces[0] for die in sides]
        return Grant(resource=start.resource, amount=max(0, sum(faces) + const),
                     dice=start.dice, faces=faces)
    amount = g.stats()[start.stat] if start.stat is not None else start.amount or 0
    return Grant(resource=start.resource, amount=amount)


# --- in words -------------------------------------------------------------------------
def _what(resource: str, amount: int | None) -> str:
    return "Fame" if resource == "fame" else "win" if amount == 1 else "wins"


def grant_words(grants: Sequence[Grant]) -> str:
    """"1 Fame and 4 wins (d6: 4)"."""
    return listed([f"{x.amount} {_what(x.resource, x.amount)}"
                   + (f" ({x.dice}: {', '.join(map(str, x.faces))})" if x.dice and x.faces
                      else "") for x in grants])


def starting_words(ability: GrimdarkAbilityEntry) -> str:
    """What the ability gives before it is rolled: "1 Fame and d6 wins"."""
    return listed([f"{_what(s.resource, None)} equal to his {STAT_NAMES[s.stat]}"
                   if s.stat is not None else
                   f"{s.dice if s.dice is not None else s.amount} {_what(s.resource, s.amount)}"
                   for s in career_starts(ability)])


def _name(data: GrimdarkData, key: str) -> str:
    ability = data.abilities.get(key)
    return ability.name if ability is not None else key


def record_lines(g: Gladiator, data: GrimdarkData) -> list[str]:
    """His career starts as his forum sheet writes them and reads them back:
    "Veteran: 1 Fame and 4 wins (d6: 4)"."""
    return [f"{_name(data, key)}: {grant_words(grants)}"
            for key, grants in (g.career_start or {}).items()]


def career_lines(g: Gladiator, data: GrimdarkData) -> list[str]:
    """His career starts as a panel shows them, each saying when its ability was
    dropped since (what is still due is among the build's notes)."""
    return [line if key in g.abilities else
            f"{line}; {_name(data, key)} dropped since, its points free to spend"
            for key, line in zip(g.career_start or {}, record_lines(g, data), strict=True)]


def _due_words(ability: GrimdarkAbilityEntry) -> str:
    verb = "rolled" if any(s.dice for s in career_starts(ability)) else "given"
    return (f"{ability.name}: {starting_words(ability)}, not {verb} yet: {verb} when he is "
            "next imported or saved in the builder")


# --- the build rules' part ------------------------------------------------------------
def reallocates(ability: GrimdarkAbilityEntry) -> bool:
    """Whether its points may be spent again once it has given his career its due."""
    return any(isinstance(e, Rule) and e.rule == REALLOCATE for e in ability.effects)


def problems(g: Gladiator, data: GrimdarkData) -> Iterator[str]:
    """An ability dropped after giving his career its due, when its points may not be
    spent again; a career start of no ability known."""
    for key, grants in (g.career_start or {}).items():
        ability = data.abilities.get(key)
        if ability is None:
            yield f"{key} (in his career start) is not an ability in the Grimdark abilities table"
        if key in g.abilities or ability is None or reallocates(ability):
            continue
        yield (f"{ability.name} gave him {grant_words(grants)}: he keeps {ability.name}, "
               "whose points may not be spent again")


def notes(g: Gladiator, data: GrimdarkData) -> Iterator[str]:
    """A career start still due; one recorded that is not what its ability gives now
    (a sheet's own line, or a table changed since); and a sheet showing less than its
    career starts gave."""
    yield from (_due_words(a) for a in due(g, data))
    for key, grants in (g.career_start or {}).items():
        ability = data.abilities.get(key)
        if ability is not None and not _alike(grants, career_starts(ability)):
            yield (f"his {ability.name} line gives {grant_words(grants)}; {ability.name} "
                   f"gives {starting_words(ability) or 'nothing to a career'}")
    for resource, have in (("fame", g.fame), ("wins", g.wins)):
        given = sum(x.amount for grants in (g.career_start or {}).values() for x in grants
                    if x.resource == resource)
        if have < given:
            yield (f"his career start gave him {given} {_what(resource, given)}; his sheet "
                   f"shows {have}")


def _alike(grants: Sequence[Grant], starts: Sequence[Starting]) -> bool:
    """Whether grants are what the starting entries give: the same resources, the
    same dice, the same set amounts (one equal to a stat may be any)."""
    return len(grants) == len(starts) and all(
        x.resource == s.resource and x.dice == s.dice
        and (s.dice is not None or s.stat is not None or x.amount == s.amount)
        for x, s in zip(grants, starts, strict=True))


# --- the forum sheet's line -----------------------------------------------------------
def read_line(line: str, data: GrimdarkData) -> tuple[str, list[Grant]] | None:
    """The ability and grants of a line such as "Veteran: 1 Fame and 4 wins (d6: 4)";
    None for a line that is no such line; ValueError saying why one cannot be read."""
    found = _LINE.match(line)
    ability = data.ability_named(found.group(1)) if found else None
    if found is None or ability is None:
        return None
    rest, at = found.group(2), 0
    grants: list[Grant] = []
    form = (f"should read like '{ability.name}: 1 Fame and 4 wins (d6: 4)'; without the "
            "line, its dice are rolled as he is imported")
    for part in _PART.finditer(rest):
        gap = rest[at:part.start()]
        if (not _JOIN.fullmatch(gap)) if grants else gap.strip():
            raise ValueError(form)
        grants.append(_read_grant(*part.groups()))
        at = part.end()
    if rest[at:].strip():
        raise ValueError(form)
    return ability.key, grants


def _read_grant(amount: str, word: str, dice: str | None, faces: str | None) -> Grant:
    raw: dict[str, object] = {"resource": "fame" if word.lower() == "fame" else "wins",
                              "amount": int(amount)}
    if dice is not None:
        shown = [f for f in _FACE.split(faces or "") if f]
        if not shown or not all(f.isdigit() and len(f) <= 6 for f in shown):
            raise ValueError(f"needs the faces its {dice} showed, such as '({dice}: 4)'")
        raw |= {"dice": dice, "faces": [int(f) for f in shown]}
    try:
        return Grant.model_validate(raw)
    except ValidationError as err:
        raise ValueError("gives a roll the dice cannot make: "
                         + "; ".join(problem(e) for e in err.errors())) from None
