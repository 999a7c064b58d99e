"""Small scene-building helpers for the hex skirmish's tests: `scene` sets gladiators on
the board and starts the bout with scripted initiative, `act` applies one action with
scripted dice, `ready` gives the active gladiator AP."""

from __future__ import annotations

from typing import Any

from companion.core.hexgrid import direction_name
from companion.dice.sources import ScriptedDice
from companion.rulesets.skirmish import SkirmishRules, apply_action
from companion.rulesets.skirmish.state import State
from companion.tables.loader import load_tables

RULES = SkirmishRules()
TABLES = load_tables()
DATA = RULES.data_for(TABLES)


def scene(*gladiators: dict[str, Any], options: dict[str, bool] | None = None,
          board: tuple[int, int] | None = None, first: str = "A",
          ap: int | None = None) -> State:
    """Gladiators (strength 8 unless given) placed as given; the bout started with
    `first` winning the initiative and the others following in order. With `ap`, the
    first gladiator has rolled and holds that many AP."""
    specs = [{"strength": 8, **g} for g in gladiators]
    setup: dict[str, Any] = {"gladiators": specs}
    if options:
        setup["options"] = options
    if board:
        setup["board"] = {"columns": board[0], "rows": board[1]}
    state = RULES.new_state(setup, TABLES)
    ids = [g.id for g in state.gladiators]
    order = [first] + [i for i in ids if i != first]
    faces = [6 - order.index(i) for i in ids]
    apply_action(state, {"type": "start"}, ScriptedDice(faces))
    if ap is not None:
        ready(state, ap)
    return state


def ready(state: State, ap: int) -> None:
    """The active gladiator has rolled his AP and holds `ap` of them."""
    g = state.current()
    assert g is not None
    state.phase = "act"
    g.ap = ap


def act(state: State, action: dict[str, Any], *faces: int) -> list[str]:
    """Apply one action with these dice; every scripted face must be used. The log
    lines of what happened."""
    dice = ScriptedDice(faces)
    lines = RULES.narrate(state, apply_action(state, action, dice))
    assert not dice.remaining, f"unused dice {dice.remaining}: {lines}"
    return lines


def at(state: State, gid: str) -> str | None:
    g = state.glad(gid)
    return state.label(g.hex)


def facing(state: State, gid: str) -> str:
    return direction_name(state.glad(gid).facing)
