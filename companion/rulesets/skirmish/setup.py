"""A bout's setup from the options of `companion new skirmish`: a scenario file, or
gladiator types with their sides and who the computer plays."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.errors import UserError
from companion.files.jsonfile import read_json_object
from companion.rulesets.base import SetupOption
from companion.rulesets.skirmish.scenario import scenario_for

SETUP_OPTIONS = (
    SetupOption("gladiators", "comma-separated gladiator types, or the names of skirmish "
                "gladiators in the stable (each with his skills and his day), e.g. "
                "samnite,retiarius or Quintus,retiarius (2 to 4 on the standard board)",
                metavar="TYPES"),
    SetupOption("scenario", "a scenario file (JSON: board, gladiators, options) instead of "
                "--gladiators", kind="path", metavar="FILE"),
    SetupOption("sides", "one side name per gladiator, comma-separated, e.g. "
                "red,blue,red,blue (default: every gladiator for himself)", metavar="NAMES"),
    SetupOption("computer", "gladiators the computer plays, by id (A, B, ...), "
                "comma-separated, or 'all' (default: none; people play them all)",
                metavar="IDS"),
    SetupOption("board", "board size, e.g. 12x14 (default 10x12)", metavar="COLSxROWS"),
    SetupOption("fatigue", "use the optional fatigue rule", kind="flag"),
    SetupOption("experience", "use the optional experience rule", kind="flag"),
)


def _split(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def _board(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    parts = text.lower().replace(" ", "").split("x")
    if len(parts) != 2 or not all(p.isdigit() and len(p) < 4 for p in parts):
        raise UserError(f"--board {text!r}: give COLUMNSxROWS, like 12x14")
    return int(parts[0]), int(parts[1])


def setup_from_options(values: Mapping[str, Any]) -> dict[str, Any]:
    types = _split(values.get("gladiators"))
    scenario = values.get("scenario")
    if scenario is not None:
        if types:
            raise UserError("give --gladiators or --scenario, not both")
        return read_json_object(Path(scenario), "a scenario")
    if len(types) < 2:
        raise UserError("name at least two gladiators: --gladiators samnite,retiarius "
                        "(or give --scenario FILE)")
    sides = _split(values.get("sides")) or None
    if sides is not None and len(sides) != len(types):
        raise UserError(f"--sides names {len(sides)} side(s) for {len(types)} gladiators")
    computer = {c.upper() for c in _split(values.get("computer"))}
    if "ALL" in computer:
        computer = {chr(65 + i) for i in range(len(types))}
    options = {"fatigue": bool(values.get("fatigue")),
               "experience": bool(values.get("experience"))}
    scenario = scenario_for(types, sides, computer, _board(values.get("board")), options)
    return _from_the_stable(scenario, types)


def _from_the_stable(scenario: dict[str, Any], given: list[str]) -> dict[str, Any]:
    """The scenario with each name that is no gladiator type made the stable's
    gladiator of that name, as his career holds him today. A campaign plays the
    optional experience rule [house]: without it his skills would do nothing."""
    from datetime import date

    from companion import paths
    from companion.tables.loader import load_tables

    known = {e.key for e in load_tables().get("skirmish-types").entries}
    named = [i for i, t in enumerate(given) if t not in known]
    if not named:
        return scenario
    if not paths.stable_path().exists():
        raise UserError(f"--gladiators: there is no gladiator type {given[named[0]]!r}, and "
                        "no stable to find a gladiator of that name in (`companion table show "
                        "skirmish-types` names the types)")
    from companion.rulesets.skirmish.campaign import spared_today, spec_of
    from companion.stable.finding import lookup
    from companion.stable.store import Stable

    today = date.today()
    with Stable.open(create=False) as stable:
        for i in named:
            g = lookup(stable, given[i], "skirmish")
            if g is not None and not g.alive:
                raise UserError(f"#{g.id} {g.name} is dead in the stable: a dead gladiator "
                                "fights no more")
            if g is None:
                raise UserError(f"--gladiators: there is no gladiator type {given[i]!r}, and "
                                "no skirmish gladiator of that name in the stable (`companion "
                                "stable list` names them)")
            entry = scenario["gladiators"][i]
            del entry["type"]
            entry.update(spec_of(stable, g, today))
        spared = spared_today(stable, today)
    scenario.setdefault("options", {})["experience"] = True
    if spared:
        scenario["spared_today"] = spared
    return scenario
