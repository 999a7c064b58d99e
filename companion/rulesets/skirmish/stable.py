"""The hex skirmish's part of the stable: its named gladiators (`career_sheet`: his
type or kit, skills and record) and its saved custom kits (`kits`, kept readable as
before: a kit names no manager and keeps no record), read, written back as they were,
and told in words."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from companion.core.words import plural
from companion.errors import UserError
from companion.files.jsonfile import KIT, parse_json, place, problem, shown
from companion.rulesets.skirmish.career_sheet import (
    GLADIATOR_FORMAT,
    SkirmishGladiator,
    is_gladiator,
    parse_gladiator,
)
from companion.rulesets.skirmish.kits import (
    KIT_FORMAT,
    KitFile,
    _check_names,
    kits_dir,
    known_names,
)
from companion.rulesets.skirmish.scenario import KitSpec
from companion.stable.model import SheetFile


class SkirmishSheets:
    title = "the hex skirmish"
    formats = (KIT_FORMAT, GLADIATOR_FORMAT)

    def parse(self, text: str, where: str) -> SheetFile:
        if is_gladiator(text):
            g = self.gladiator(text, where)
            return SheetFile(g.name, text, manager=g.manager, dead=g.dead)
        kit = self._kit(text, where)
        _check_names(Path(where), kit.kit, known_names())
        return SheetFile(kit.name, text)

    def kit_file(self, text: str, where: str = "his kit") -> KitFile:
        """A saved kit's file, checked as a kit."""
        return self._kit(text, where)

    def _kit(self, text: str, where: str = "his kit") -> KitFile:
        data = parse_json(Path(where), text, KIT)
        try:
            kit = KitFile.model_validate(data)
        except ValidationError as err:
            first = err.errors()[0]
            raise UserError(f"{where}: {place(first['loc'])}: {problem(first)}") from None
        if kit.format != KIT_FORMAT:
            raise UserError(f"{where}: format: not a kit ({shown(kit.format)})")
        return kit

    @staticmethod
    def gladiator(text: str, where: str = "his sheet") -> SkirmishGladiator:
        """A named gladiator's file, with his type, kit and skills in the tables."""
        g = parse_gladiator(text, where)
        known = _known()
        if g.kit is not None:
            _check_names(Path(where), g.kit, known)
        if g.type is not None and g.type not in known["types"]:
            raise UserError(f"{where}: type: {shown(g.type)} is not in skirmish-types "
                            f"({', '.join(sorted(known['types']))})")
        for i, skill in enumerate(g.skills):
            if skill not in known["experience"]:
                raise UserError(f"{where}: skills[{i}]: {shown(skill)} is not in "
                                f"skirmish-experience ({', '.join(sorted(known['experience']))})")
        return g

    def export(self, sheet: str) -> str:
        return sheet

    def summary(self, sheet: str) -> str:
        if is_gladiator(sheet):
            g = parse_gladiator(sheet)
            names = _names()
            skills = ", ".join(names.get(s, s) for s in g.skills) or "no skills"
            what = names.get(g.type, g.type) if g.type else None
            what = what or "; ".join(self._kit_words(g.kit or KitSpec()))
            return (f"{what}; {skills}; {plural(g.wins, 'win')}, {plural(g.losses, 'loss')}"
                    + ("; dead" if g.dead else ""))
        return "; ".join(self._kit_words(self._kit(sheet).kit))

    def figure(self, sheet: str) -> tuple[str, int] | None:
        # A saved kit has no career to follow; a named gladiator's is his skills.
        return ("skills", len(parse_gladiator(sheet).skills)) if is_gladiator(sheet) else None

    @staticmethod
    def _kit_words(kit: KitSpec) -> list[str]:
        held = [f"{w.weapon} ({w.side})" for w in kit.weapons]
        if kit.shield:
            held.append(f"{kit.shield}" + (f" ({kit.shield_side})" if kit.shield_side else ""))
        words = [", ".join(held) or "bare hands", kit.armour]
        words += [f"{n} {what}" for n, what in ((kit.darts, "darts"), (kit.arrows, "arrows"))
                  if n]
        return words

    def lines(self, sheet: str) -> list[str]:
        if is_gladiator(sheet):
            return self._gladiator_lines(parse_gladiator(sheet))
        return self._kit_lines(self._kit(sheet).kit)

    def _gladiator_lines(self, g: SkirmishGladiator) -> list[str]:
        names = _names()
        out = [f"Type: {names.get(g.type, g.type)}"] if g.type is not None else []
        if g.kit is not None:
            out += self._kit_lines(g.kit)
        out.append("Skills: " + (", ".join(names.get(s, s) for s in g.skills) or "none"))
        out.append(f"Record: {plural(g.wins, 'win')}, {plural(g.losses, 'loss')}"
                   + (f", {g.defeated} beaten" if g.defeated else "")
                   + (f", {plural(g.kills, 'kill')}" if g.kills else ""))
        if g.spared:
            out.append(f"Spared by the crowd: {plural(g.spared, 'time')}")
        out.append(f"Status: {'dead' if g.dead else 'alive'}")
        if g.notes:
            out.append(f"Notes: {g.notes}")
        return out

    def _kit_lines(self, kit: KitSpec) -> list[str]:
        out = [f"Weapon: {w.weapon}, {w.side} hand" for w in kit.weapons]
        if kit.shield:
            out.append(f"Shield: {kit.shield}"
                       + (f", {kit.shield_side} hand" if kit.shield_side else ""))
        out.append(f"Armour: {kit.armour}")
        out += [f"{what}: {n}" for n, what in ((kit.darts, "Darts"), (kit.arrows, "Arrows"))
                if n]
        return out

    def file_name(self, name: str) -> str:
        slug = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")
        return f"{'-'.join(filter(None, slug.split('-'))) or 'kit'}.json"

    def roster_folders(self) -> tuple[Path, ...]:
        return (kits_dir(),)

    def sample_folders(self) -> tuple[Path, ...]:
        return ()




def _known() -> dict[str, set[str]]:
    """The names a gladiator's file may use: the kits' weapons and kit, and the types
    and experience skills, of the tables loaded now."""
    from companion.tables.loader import load_tables

    tables = load_tables()
    known = known_names(tables)
    for name in ("types", "experience"):
        known[name] = {str(e["key"]) for e in tables.get(f"skirmish-{name}").raw_entries}
    return known


def _names() -> dict[str, str]:
    """The types' and experience skills' names (Thracian, Quick) by their keys, as the
    tables loaded now give them: a player reads names, never keys."""
    from companion.tables.loader import load_tables

    tables = load_tables()
    return {str(e["key"]): str(e.get("name", e["key"]))
            for kind in ("types", "experience")
            for e in tables.get(f"skirmish-{kind}").raw_entries}


SHEETS = SkirmishSheets()
