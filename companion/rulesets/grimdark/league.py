"""Grimdark's part in leagues: a match of two or more gladiators of the stable (in
teams, or all against all), uncoached (the computer fights each as the rules' own
chooser does), Fame as the tie-break after head-to-head, and an event's money named
in each match's setup as the careers read it (`prizes`)."""

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

    def with_event(self, setup: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
        """The setup naming the event (checked as the careers will read it)."""
        from companion.rulesets.grimdark.prizes import event_of

        event_of({"event": event})
        options = dict(setup.get("options") or {})
        options["event"] = dict(event)
        return {**setup, "options": options}

    def figure(self, state: Any, side: str, sheet: str) -> int:
        from companion.rulesets.grimdark.stable import SHEETS

        found = SHEETS.figure(sheet)
        return found[1] if found is not None else 0


LEAGUE = GrimdarkLeague()
