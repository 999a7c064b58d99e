"""The battle system's part of the stable: its gladiator personality sheets, read,
written back as they were, and told in words. The sheet's `player` is his manager;
a dead man's sheet says so in its status."""

from __future__ import annotations

from pathlib import Path

from companion import paths
from companion.core.words import plural
from companion.files.jsonfile import SHEET, parse_json
from companion.rulesets.battle.sheet import (
    FORMAT,
    GladiatorSheet,
    parse_sheet,
    samples_dir,
    slug,
)
from companion.stable.model import SheetFile

_SKILL_NAMES = {"parry-dodge": "PARRY/DODGE"}


def _skill(key: str) -> str:
    return _SKILL_NAMES.get(key, key.replace("-", " ").upper())




class BattleSheets:
    title = "the battle system"
    formats = (FORMAT,)

    def parse(self, text: str, where: str) -> SheetFile:
        sheet = self._sheet(text, where)
        return SheetFile(sheet.name, text, manager=sheet.player,
                         dead=sheet.status == "dead")

    def _sheet(self, text: str, where: str = "his sheet") -> GladiatorSheet:
        return parse_sheet(parse_json(Path(where), text, SHEET), where)

    def export(self, sheet: str) -> str:
        return sheet

    def summary(self, sheet: str) -> str:
        s = self._sheet(sheet)
        skills = ", ".join(f"{_skill(k)} {v}" for k, v in s.skills.items() if v)
        status = {"fit": "", "coma": "; in a coma", "dead": "; dead"}[s.status]
        return (f"{skills or 'no skills'}; {self._record(s)}; "
                f"{s.development_points} development points{status}")

    def figure(self, sheet: str) -> tuple[str, int] | None:
        return "development points", self._sheet(sheet).development_points

    @staticmethod
    def _record(s: GladiatorSheet) -> str:
        record = f"{plural(s.wins, 'win')}, {plural(s.losses, 'loss')}"
        return record + (f", {plural(s.kills, 'kill')}" if s.kills else "")

    def lines(self, sheet: str) -> list[str]:
        s = self._sheet(sheet)
        out = [f"Development points: {s.development_points}",
               "Skills: " + (", ".join(f"{_skill(k)} {v}" for k, v in s.skills.items())
                             or "none beyond the free ranks")]
        if s.weapons:
            out.append("WEAPON ranks: " + ", ".join(f"{k} {v}" for k, v in s.weapons.items()))
        carried = [k if n == 1 else f"{k} x{n}" for k, n in s.carried.items()]
        out.append("Carries: " + (", ".join([*carried, *(["shield"] if s.shield else [])])
                                  or "nothing"))
        if s.luck:
            out.append(f"Luck: {s.luck}")
        out.append(f"Record: {self._record(s)}")
        status = {"fit": "fit", "dead": "dead",
                  "coma": f"in a coma until {s.coma_until or 'a time not given'}"}[s.status]
        out.append(f"Status: {status}")
        out += [f"Insanity: {i.name}" + ("" if i.permanent else " (temporary)")
                for i in s.insanities]
        out += [f"Scar: {scar.scar}" for scar in s.scars]
        if s.notes:
            out.append(f"Notes: {s.notes}")
        return out

    def file_name(self, name: str) -> str:
        return f"{slug(name)}.json"

    def roster_folders(self) -> tuple[Path, ...]:
        return (paths.roster_dir(),)

    def sample_folders(self) -> tuple[Path, ...]:
        return (samples_dir(),)


SHEETS = BattleSheets()
