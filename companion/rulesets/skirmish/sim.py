"""Computer-against-computer bouts in bulk, straight on the engine (no session, no
copies)."""

from __future__ import annotations

import random
from typing import Any

from companion.dice.quick import QuickDice
from companion.rulesets.base import Event
from companion.rulesets.skirmish.actions import StartAction
from companion.rulesets.skirmish.ai import choose
from companion.rulesets.skirmish.events import TurnBegan
from companion.rulesets.skirmish.rules import (
    MAX_TURNS,
    SkirmishRules,
    apply_action,
    carry_out,
    carry_out_quietly,
    roll_ap_quietly,
)
from companion.rulesets.skirmish.state import State
from companion.tables.loader import TableSet, load_tables


def play_out(state: State, dice: Any, max_turns: int = MAX_TURNS,
             turns: int | None = None, events: list[Event] | None = None) -> int:
    """Let the computer play every gladiator until the bout ends (or `turns` more
    turns have begun, or `max_turns` in all); what happened goes to `events` if given.
    Returns the number of actions taken."""
    taken = 0
    if turns is None and events is None:  # the bench's and the lab's loop: nobody reads events
        while state.phase != "over" and state.turn_number <= max_turns:
            if state.phase == "ap":
                roll_ap_quietly(state, dice)
            else:
                carry_out_quietly(state, choose(state), dice)
            taken += 1
        return taken
    stop_at = None if turns is None else state.turn_number + turns
    while state.phase != "over" and state.turn_number <= max_turns:
        if stop_at is not None and state.turn_number >= stop_at and state.phase == "ap":
            break
        found = carry_out(state, choose(state), dice)
        if events is not None:
            events += found
        taken += 1
    return taken


def give_first_turn(state: State, gid: str) -> None:
    """Right after the start: `gid` takes the first turn whatever the initiative
    rolled, the order going round from him. A balance test decides who moves first
    itself, so that each side does so equally often."""
    if state.phase != "ap" or state.turn_number != 1:
        raise ValueError("the first turn is given right after the start")
    i = state.order.index(gid)
    # Nobody has acted yet: the turn begun for the initiative's winner is his to take.
    state.order = state.order[i:] + state.order[:i]
    state.active = gid


def simulate_bout(setup: dict[str, Any] | State, seed: int, *,
                  rules: SkirmishRules | None = None, tables: TableSet | None = None,
                  max_turns: int = MAX_TURNS, events: list[Event] | None = None,
                  first: str | None = None) -> State:
    """Play one bout computer against computer from `setup` (a scenario dict, or a
    fresh state to play on in place) with dice seeded by `seed`; the final state.
    What happened goes to `events` if given. `first`: the gladiator who takes the
    first turn (by id), instead of the initiative's winner."""
    if isinstance(setup, State):
        state = setup
    else:
        state = (rules or SkirmishRules()).new_state(setup, tables or load_tables())
    dice = QuickDice(random.Random(seed))
    if first is not None:
        start: StartAction = {"type": "start"}
        found = apply_action(state, start, dice)
        give_first_turn(state, first)
        if events is not None:
            # The start began the initiative winner's turn: it is the given one's now.
            begun = found[-1]
            assert isinstance(begun, TurnBegan)
            events += [*found[:-1], TurnBegan(first, number=begun.number)]
    play_out(state, dice, max_turns, events=events)
    return state
