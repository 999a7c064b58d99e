"""Grimdark's part in leagues: a match of two or more gladiators of the stable (in
teams, or all against all), uncoached (the computer fights each as the rules' own
chooser does), and Fame as the tie-break after head-to-head."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any


class GrimdarkLeague:
    tiebreak_name = "Fame"
    higher_first = True
    summed = False

    def setup(self, sheets: Sequence[Path], teams: Sequence[int]) -> dict[str, Any]:
        from companion.rulesets.grimdark.rules import GrimdarkRules

        return GrimdarkRules().make_setup({"gladiators": ",".join(map(str, sheets)),
                                           "teams": ",".join(map(str, teams))})

    def figure(self, state: Any, side: str, sheet: str) -> int:
        from companion.rulesets.grimdark.stable import SHEETS

        found = SHEETS.figure(sheet)
        return found[1] if found is not None else 0


LEAGUE = GrimdarkLeague()
