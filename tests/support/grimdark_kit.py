"""Gladiators and matches for the Grimdark match tests: legal sheets made to order, a
match started with known HP, Init and hands, and a turn played on scripted dice."""

from __future__ import annotations

from typing import Any

from companion.dice.sources import ScriptedDice, SeededDice
from companion.rulesets.base import Event
from companion.rulesets.grimdark.rules import GrimdarkRules
from companion.rulesets.grimdark.state import GrimdarkState
from companion.tables.loader import TableSet

AXE = {"name": "Axe", "weight": "heavy", "reach": "melee"}


def sheet(name: str, stats: tuple[int, int, int, int] = (6, 3, 3, 3), *,
          abilities: dict[str, int] | None = None, moves: dict[str, int] | None = None,
          weapons: list[dict[str, Any]] | None = None, **more: Any) -> dict[str, Any]:
    """A legal gladiator: by default Brutality 6, fifteen Basic Melee and an axe (d6)."""
    b, s, m, w = stats
    return {"format": "companion-grimdark-gladiator", "version": 1, "name": name,
            "brutality": b, "style": s, "mind": m, "weird": w,
            "abilities": abilities or {}, "moves": moves or {"basic-melee": 15},
            "weapons": [AXE] if weapons is None else weapons, **more}


def setup(*sheets: dict[str, Any], teams: list[str] | None = None,
          coaching: list[dict[str, Any] | None] | None = None, engine: int = 2
          ) -> dict[str, Any]:
    """A match of these sheets; `engine` 1 is the engine of matches saved before
    issue 23 (the setup then names none)."""
    options: dict[str, Any] = {"started": "2026-01-01T20:00:00"}
    if engine != 1:
        options["engine"] = engine
    return {"gladiators": [
        {"sheet": s, "team": teams[i] if teams else str(i + 1),
         "coaching": coaching[i] if coaching else None} for i, s in enumerate(sheets)],
        "options": options}


def match(*sheets: dict[str, Any], teams: list[str] | None = None,
          tables: TableSet | None = None, hp: int = 40, inits: list[int] | None = None,
          hands: list[list[str]] | None = None,
          coaching: list[dict[str, Any] | None] | None = None, engine: int = 2
          ) -> tuple[GrimdarkRules, GrimdarkState]:
    """A started match whose gladiators have `hp` HP, Init 10, 9, 8, ... (or `inits`)
    and the given hands (an empty one: as dealt); the start's own dice are seeded and
    not looked at."""
    from companion.tables.loader import load_tables

    rules = GrimdarkRules()
    state = rules.new_state(setup(*sheets, teams=teams, coaching=coaching, engine=engine),
                            tables or load_tables())
    rules.apply(state, {"type": "start"}, SeededDice(1))
    for i, f in enumerate(state.fighters):
        f.hp = f.max_hp = hp
        f.init = inits[i] if inits else 10 - i
        if hands is not None and hands[i]:  # an empty list: the hand he was dealt
            f.deck += f.hand
            for key in hands[i]:
                if key in f.deck:
                    f.deck.remove(key)
            f.hand = list(hands[i])
    return rules, state


def turn(rules: GrimdarkRules, state: GrimdarkState, moves: dict[str, Any],
         faces: list[int]) -> list[Event]:
    """One turn on exactly these faces (every one of them used)."""
    dice = ScriptedDice(faces)
    events = list(rules.apply(state, {"type": "turn", "moves": moves}, dice).events)
    assert not dice.remaining, f"faces left over: {dice.remaining}"
    return events


def kinds(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def fight(events: list[Event], n: int = 0) -> Event:
    return kinds(events, "fight")[n]


def say(rules: GrimdarkRules, state: GrimdarkState, events: list[Event]) -> str:
    return "\n".join(rules.narrate(state, events))
