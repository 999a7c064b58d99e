"""Grimdark matches played out and recorded into a stable, for the careers tests:
the sample gladiators and their coaching, a match played to its end with the computer
on both sides and seeded dice, and a finished match recorded through Grimdark's
careers part and `Stable.record_fight`, as `companion career apply` does (found by
name in the stable, added when not in it)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from companion.dice.sources import SeededDice
from companion.rulesets.base import Event
from companion.rulesets.grimdark.careers import CAREERS
from companion.rulesets.grimdark.coaching import samples_dir as coaching_dir
from companion.rulesets.grimdark.rules import GrimdarkRules
from companion.rulesets.grimdark.sheet import samples_dir
from companion.rulesets.grimdark.state import GrimdarkState
from companion.session.session import Session
from companion.stable.careers import FightCareers
from companion.stable.model import Fight, SheetFile
from companion.stable.store import NewChange, NewFight, Stable
from companion.tables.loader import load_tables

GAME = "grimdark"


def sample(key: str) -> dict[str, Any]:
    return json.loads((samples_dir() / f"{key}.json").read_text(encoding="utf-8"))


def coaching(key: str, name: str | None = None) -> dict[str, Any]:
    """A sample's coaching, for him or for another of his build called `name`."""
    found = json.loads((coaching_dir() / f"{key}.json").read_text(encoding="utf-8"))
    return {**found, "gladiator": name} if name else found


def sheet_file(sheet: dict[str, Any], manager: str = "") -> SheetFile:
    return SheetFile(sheet["name"], json.dumps(sheet, indent=2) + "\n", manager=manager,
                     starred=bool(sheet.get("starred")), dead=bool(sheet.get("dead")))


def play(entries: list[dict[str, Any]], seed: int, **options: Any) -> Session:
    """A match of these setup entries played to its end by the computer on both sides,
    on seeded dice."""
    rules = GrimdarkRules()
    session = Session(rules, {"gladiators": entries,
                              "options": {"engine": 2, "started": "2026-01-01T20:00:00",
                                          **options}},
                      load_tables(include_user=False))
    dice = SeededDice(seed)
    while (action := rules.choose(session.state)) is not None:
        session.act(action, dice)
    return session


def record(stable: Stable, session: Session, path: str = "match.json",
           *, with_events: bool = True) -> tuple[Fight, FightCareers]:
    """Record the finished match of `session` into the stable, in one change."""
    digest = hashlib.sha256(session.file_text().encode("utf-8")).hexdigest()
    return record_state(stable, session.state, session.events if with_events else (),
                        path, digest)


def record_state(stable: Stable, state: GrimdarkState, events: Sequence[Event] = (),
                 path: str = "match.json", digest: str = "") -> tuple[Fight, FightCareers]:
    """Record a finished match (its end state, and the events that told it when there
    are any): each gladiator found in the stable by his name, or added. A match is
    known by `digest`, else by its `path`."""
    ids = {}
    for entry in CAREERS.entries(state):
        found = stable.named(entry.sheet.name, GAME)
        ids[entry.side] = found[0].id if found else \
            stable.add_gladiator(GAME, entry.sheet).id
    held = {side: stable.gladiator(i) for side, i in ids.items()}
    told = CAREERS.careers(state, {side: g.sheet for side, g in held.items() if g}, events)
    changes, purse = [], []
    for career in told.careers:
        gladiator = held[career.side]
        assert gladiator is not None
        changes.append(NewChange(gladiator.id, "sheet", career.sheet))
        if career.dead:
            changes.append(NewChange(gladiator.id, "alive", False))
        if gladiator.manager_id is not None:
            purse += [(gladiator.manager_id, amount, reason)
                      for amount, reason in career.purse]
    fight = stable.record_fight(
        NewFight(GAME, str(state.options.get("started", "")), path, digest or path,
                 told.result),
        [(ids[c.side], c.side, c.result) for c in told.careers], changes, purse)
    return fight, told
