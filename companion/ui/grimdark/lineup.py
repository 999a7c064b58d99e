"""A Grimdark match's line-up as the set-up screen builds it: the gladiators chosen,
each one's team and coaching, and the setup the match starts from (schema §1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.errors import UserError
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.engine import stamped
from companion.ui.grimdark.roster import RosterEntry, coaching_for

# How many gladiators the line-up holds: what its rows have room for at 200 %. The
# rules set no limit; a GM with a bigger melee starts it from the command line.
MOST_FIGHTERS = 6


@dataclass
class Fighter:
    entry: RosterEntry
    team: str
    coaching: int | None = None  # an index into the coaching files; None: default coaching


@dataclass
class Lineup:
    fighters: list[Fighter] = field(default_factory=list)
    preset: int = 0  # 0: each his own team; 1: two teams, the first half against the rest

    def add(self, entry: RosterEntry, coaching: int | None = None) -> None:
        if entry.gladiator is None:
            raise UserError(f"{entry.path.name} cannot be read: {entry.error}")
        if any(f.entry.path == entry.path for f in self.fighters):
            raise UserError(f"{entry.name} is in the match already")
        if len(self.fighters) >= MOST_FIGHTERS:
            raise UserError(f"the line-up holds {MOST_FIGHTERS} gladiators; take one out first")
        self.fighters.append(Fighter(entry, "", coaching))
        self.apply_preset()

    def remove(self, index: int) -> None:
        if 0 <= index < len(self.fighters):
            del self.fighters[index]
            self.apply_preset()

    def preset_name(self, preset: int | None = None) -> str:
        preset = self.preset if preset is None else preset
        n = len(self.fighters)
        if preset == 0 or n < 3:
            return "each on his own team"
        first = (n + 1) // 2
        return f"{first} against {n - first}"

    def next_preset(self) -> None:
        self.preset = (self.preset + 1) % 2
        self.apply_preset()

    def apply_preset(self) -> None:
        n = len(self.fighters)
        first = (n + 1) // 2
        for i, fighter in enumerate(self.fighters):
            fighter.team = str(i + 1) if self.preset == 0 or n < 3 else \
                ("1" if i < first else "2")

    def step_team(self, index: int, step: int) -> None:
        """His team one up or down, among 1 to as many as there are gladiators."""
        fighter = self.fighters[index]
        n = max(2, len(self.fighters))
        current = int(fighter.team) if fighter.team.isdigit() else 1
        fighter.team = str((current - 1 + step) % n + 1)

    def step_coaching(self, index: int, step: int, files: int) -> None:
        """His coaching: none, then each file in turn."""
        fighter = self.fighters[index]
        at = 0 if fighter.coaching is None else fighter.coaching + 1
        at = (at + step) % (files + 1)
        fighter.coaching = None if at == 0 else at - 1

    def teams(self) -> list[str]:
        return [f.team for f in self.fighters]

    def why_not_ready(self) -> str:
        """What keeps the match from starting, in words; "" when it can start."""
        if len(self.fighters) < 2:
            missing = 2 - len(self.fighters)
            return (f"add {'two gladiators' if missing == 2 else 'one more gladiator'} "
                    "to the match (A)")
        for fighter in self.fighters:
            if fighter.entry.problems:
                n = len(fighter.entry.problems)
                return (f"{fighter.entry.name} breaks {n} build rule{'s' if n != 1 else ''}: "
                        "open him in the builder (O) to fix them")
        if len(set(self.teams())) < 2:
            return "every gladiator is on one team: put one on another team (Left/Right)"
        return ""

    def setup(self, coaching_files: list[Path], data: GrimdarkData) -> dict[str, Any]:
        """The setup a match starts from: each gladiator's sheet inline, his team and his
        coaching (null: the default), and the time it starts."""
        problem = self.why_not_ready()
        if problem:
            raise UserError(problem)
        gladiators = []
        for fighter in self.fighters:
            g = fighter.entry.gladiator
            assert g is not None
            coaching = None
            if fighter.coaching is not None:
                path = coaching_files[fighter.coaching]
                try:
                    coaching = coaching_for(path, g, data)
                except UserError as err:
                    raise UserError(f"{g.name}'s coaching ({path.name}): {err}") from None
            gladiators.append({"sheet": g.model_dump(mode="json", exclude_none=True),
                               "team": fighter.team,
                               "coaching": coaching})
        started = datetime.now(UTC).isoformat(timespec="seconds")
        return stamped({"gladiators": gladiators, "options": {"started": started}})
