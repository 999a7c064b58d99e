"""Computer-against-computer bouts in bulk, straight on the engine (no session, no
copies)."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from companion.rulesets.base import Event, event
from companion.rulesets.skirmish.ai import choose_action
from companion.rulesets.skirmish.rules import MAX_TURNS, SkirmishRules, apply_action
from companion.rulesets.skirmish.state import State
from companion.tables.loader import TableSet, load_tables


class _Rolled(NamedTuple):
    faces: tuple[int, ...]


# One D6's six results, made once: a roll only reads them.
_ONE_D6 = tuple(_Rolled((face,)) for face in range(1, 7))


class QuickDice:
    """Seeded dice without roll records, for simulations nobody will replay."""

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random

    def roll(self, sides: int, count: int = 1, *, purpose: str = "",
             roller: str = "") -> _Rolled:
        r = self._random
        return _Rolled(tuple(int(r() * sides) + 1 for _ in range(count)))

    def d6(self, count: int = 1, *, purpose: str = "", roller: str = "") -> _Rolled:
        r = self._random
        if count == 1:
            return _ONE_D6[int(r() * 6)]
        return _Rolled(tuple(int(r() * 6) + 1 for _ in range(count)))


def play_out(state: State, dice: Any, max_turns: int = MAX_TURNS,
             turns: int | None = None, events: list[Event] | None = None) -> int:
    """Let the computer play every gladiator until the bout ends (or `turns` more
    turns have begun, or `max_turns` in all); what happened goes to `events` if given.
    Returns the number of actions taken."""
    taken = 0
    stop_at = None if turns is None else state.turn_number + turns
    while state.phase != "over" and state.turn_number <= max_turns:
        if stop_at is not None and state.turn_number >= stop_at and state.phase == "ap":
            break
        found = apply_action(state, choose_action(state), dice)
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
        found = apply_action(state, {"type": "start"}, dice)
        give_first_turn(state, first)
        if events is not None:
            # The start began the initiative winner's turn: it is the given one's now.
            begun = found[-1]
            events += [*found[:-1], event(begun.kind, first, **begun.data)]
    play_out(state, dice, max_turns, events=events)
    return state
