"""The hex skirmish's part of the stable: its saved custom kits (`kits`), the one
file of a gladiator the skirmish has, read, written back as they were, and told in
words. A kit names no manager and keeps no record: a skirmish career is the stable's
own (its fights), not the file's."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from companion.errors import UserError
from companion.files.jsonfile import KIT, parse_json, place, problem, shown
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
    formats = (KIT_FORMAT,)

    def parse(self, text: str, where: str) -> SheetFile:
        kit = self._kit(text, where)
        _check_names(Path(where), kit.kit, known_names())
        return SheetFile(kit.name, text)

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

    def export(self, sheet: str) -> str:
        return sheet

    def summary(self, sheet: str) -> str:
        return "; ".join(self._kit_words(self._kit(sheet).kit))

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
        kit = self._kit(sheet).kit
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


SHEETS = SkirmishSheets()
