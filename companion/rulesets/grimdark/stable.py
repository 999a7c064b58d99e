"""Grimdark Gladiators' part of the stable: its gladiator files, read, written back
as they were, and told in words. His file names his manager and says whether he is
starred and whether he died in a match recorded into the roster."""

from __future__ import annotations

from pathlib import Path

from companion.core.words import plural
from companion.files.jsonfile import parse_json
from companion.rulesets.grimdark.data import name_key
from companion.rulesets.grimdark.sheet import (
    FORMAT,
    GLADIATOR,
    STAT_NAMES,
    Gladiator,
    parse_gladiator,
    roster_dir,
    samples_dir,
)
from companion.stable.model import SheetFile


class GrimdarkSheets:
    title = "Grimdark Gladiators"
    formats = (FORMAT,)

    def parse(self, text: str, where: str) -> SheetFile:
        g = self._gladiator(text, where)
        return SheetFile(g.name, text, manager=g.manager, dead=g.dead, starred=g.starred)

    def _gladiator(self, text: str, where: str = "his sheet") -> Gladiator:
        return parse_gladiator(parse_json(Path(where), text, GLADIATOR), where)

    def export(self, sheet: str) -> str:
        return sheet

    def summary(self, sheet: str) -> str:
        g = self._gladiator(sheet)
        marks = [m for m, on in (("starred", g.starred), ("house NPC", g.npc),
                                 ("dead", g.dead)) if on]
        return "; ".join([self._stats(g), f"Fame {g.fame}",
                          f"{plural(g.wins, 'win')}, {plural(g.losses, 'loss')}", *marks])

    def figure(self, sheet: str) -> tuple[str, int] | None:
        return "Fame", self._gladiator(sheet).fame

    @staticmethod
    def _stats(g: Gladiator) -> str:
        return ", ".join(f"{STAT_NAMES[stat]} {value}" for stat, value in g.stats().items())

    def lines(self, sheet: str) -> list[str]:
        g = self._gladiator(sheet)
        out = [f"Stats: {self._stats(g)} (active: {STAT_NAMES[g.active()]})"]
        if g.abilities:
            out.append("Abilities: " + ", ".join(k if n == 1 else f"{k} x{n}"
                                                  for k, n in g.abilities.items()))
        out.append(f"Moves: {sum(g.moves.values())} in his repertoire")
        for w in g.weapons:
            properties = f" ({', '.join(w.properties)})" if w.properties else ""
            out.append(f"Weapon: {w.name}, {w.weight} {w.reach}{properties}")
        if g.armour:
            out.append(f"Armour: {g.armour} slot{'' if g.armour == 1 else 's'}")
        out += [f"Fame: {g.fame}",
                f"Record: {plural(g.wins, 'win')}, {plural(g.losses, 'loss')}",
                f"Starred: {'yes' if g.starred else 'no'}"]
        if g.npc:
            out.append("A house NPC")
        out.append(f"Status: {'dead' if g.dead else 'alive'}")
        return out

    def file_name(self, name: str) -> str:
        return f"{name_key(name) or 'gladiator'}.json"

    def roster_folders(self) -> tuple[Path, ...]:
        return (roster_dir(),)

    def sample_folders(self) -> tuple[Path, ...]:
        return (samples_dir(),)


SHEETS = GrimdarkSheets()
