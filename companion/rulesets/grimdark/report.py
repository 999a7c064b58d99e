"""What a fight report shows of a Grimdark match: its turns, the gladiators' public
sheets (what the roster thread shows), the result (winners, deaths, Fame, record,
wounds) and, kept apart, each manager's coaching, which the seed keeps secret."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.core.words import listed
from companion.rulesets.base import Event
from companion.rulesets.grimdark import narrator
from companion.rulesets.grimdark.events import (
    Defeated,
    FateDecided,
    MatchOver,
    MoveChosen,
    TurnBegan,
)
from companion.rulesets.grimdark.sheet import STAT_NAMES
from companion.rulesets.grimdark.state import GrimdarkState
from companion.rulesets.grimdark.summary import conditions
from companion.rulesets.grimdark.why import coaching_lines
from companion.rulesets.grimdark.words import move_name, source_name

# The events whose lines say how the match ended for each man.
_ENDING = (Defeated, FateDecided, MatchOver)


def turn_of(state: GrimdarkState, e: Event) -> str | None:
    return f"Turn {e.turn}" if isinstance(e, TurnBegan) else None


def sheets(state: GrimdarkState) -> list[tuple[str, list[str]]]:
    data = state.data
    out = []
    for f in state.fighters:
        stats = ", ".join(f"{STAT_NAMES.get(k, k.title())} {v}" for k, v in f.stats.items())
        lines = [f"team {f.team}" + (", starred" if f.starred else "")
                 + (", house opposition" if f.npc else ""),
                 stats,
                 f"Fame {f.fame}, record {f.wins}-{f.losses}"]
        if state.started:
            lines.append(f"{f.max_hp} HP, Init {f.init}")
        if f.abilities:
            lines.append("abilities: " + listed([_ranked(source_name(data, k), n)
                                                 for k, n in f.abilities.items()]))
        if f.repertoire:
            lines.append("moves: " + listed([_ranked(move_name(data, k), n)
                                             for k, n in f.repertoire.items()]))
        out.append((state.display_name(f.id), lines))
    return out


def outcome(state: GrimdarkState, events: Sequence[Event]) -> list[str]:
    lines = narrator.narrate(state, [e for e in events if isinstance(e, _ENDING)])
    result = state.result
    for f in state.fighters:
        bits = [f"{f.hp} of {f.max_hp} HP"]
        if f.dead:
            bits.append("dead")
        elif f.defeated:
            bits.append("defeated")
        bits += [c["words"] for c in conditions(state, f)]
        if result is not None:
            gained = result["fame"].get(f.id, 0)
            after = result["after"][f.id]
            bits.append(f"Fame {after['fame']} ({gained:+d}), record {result['record'][f.id]}")
        lines.append(f"{state.display_name(f.id)}: {', '.join(bits)}")
    return lines


def secret(state: GrimdarkState) -> list[tuple[str, list[str]]]:
    """Each coached gladiator's coaching, in words."""
    out = []
    for f in state.fighters:
        coaching = state.coaching.get(f.id)
        if coaching is not None:
            # The first line names whose coaching it is: the block says so already.
            out.append((state.display_name(f.id), coaching_lines(coaching, state.data)[1:]))
    return out


def public(e: Event) -> Event:
    """A choice as the crowd sees it: the move and its target, not why his coaching
    chose it (the reasons are the manager's tactics, kept secret like the coaching)."""
    if isinstance(e, MoveChosen) and e.by == "coaching":
        return replace(e, why=(), by="public")
    return e


def next_up(state: GrimdarkState) -> str:
    if not state.started:
        return "the match starts (hit points, Init and the opening hands)"
    return f"turn {state.turn + 1}"


def _ranked(name: str, n: int) -> str:
    return name if n <= 1 else f"{name} ({n})"
