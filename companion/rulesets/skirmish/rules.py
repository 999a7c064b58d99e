"""`SkirmishRules`: the hex skirmish as a `companion.session.Ruleset`.

Actions are JSON dicts with a "type"; the acting gladiator is the one whose turn it
is (an action may name him in "gladiator" as a check). The types:

    {"type": "start"}                       roll strengths and initiative (first action)
    {"type": "roll_ap"}                     his AP roll, at the start of his turn
    {"type": "move", "to": "E6"}            one hex (straight ahead, or aside/back)
    {"type": "turn", "steps": 1}            hexsides, + right / - left, 1 to 3
    {"type": "turn", "facing": "SW"}        or to a facing, the shorter way round
    {"type": "attack", "target": "B", "weapon": "sword", "hexside": null}
                                            weapon: "sword", "sword-left", "shield",
                                            "unarmed", ...; hexside: a corner's choice
    {"type": "cut_free"}                    an entangled gladiator's one try a turn
    {"type": "pick_up", "item": 3}          an item (id or name) in his own hex
    {"type": "kick", "item": 3, "to": "E5"} an item in his hex to a neighbouring hex
    {"type": "discard_shield"}              for good
    {"type": "end_turn"}
    {"type": "appeal", "gladiator": "B"}    a beaten gladiator's 2D6 to the crowd

Every action is checked in full before any die is rolled; an illegal one raises
UserError with the reason and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.errors import UserError
from companion.rulesets.skirmish import movement, turn, weapons
from companion.rulesets.skirmish.attack import plan_attack, resolve_blow
from companion.rulesets.skirmish.data import GameData, build_game_data
from companion.rulesets.skirmish.scenario import build_state
from companion.rulesets.skirmish.state import Dice, State, summary
from companion.tables.loader import TableSet

Handler = Callable[[State, dict[str, Any], Dice], list[str]]


def attack(state: State, action: dict[str, Any], dice: Dice) -> list[str]:
    plan = plan_attack(state, action)
    if plan.option.weapon.entangles:
        return weapons.resolve_cast(state, plan, dice)
    return resolve_blow(state, plan, dice)


HANDLERS: dict[str, Handler] = {
    "start": turn.start,
    "roll_ap": turn.roll_ap,
    "move": movement.move,
    "turn": movement.turn,
    "attack": attack,
    "cut_free": weapons.cut_free,
    "pick_up": weapons.pick_up,
    "kick": weapons.kick,
    "discard_shield": weapons.discard_shield,
    "end_turn": turn.end_turn,
    "appeal": turn.appeal,
}


def apply_action(state: State, action: dict[str, Any], dice: Dice) -> list[str]:
    """Carry out one action on `state` (in place); return the log lines."""
    if not isinstance(action, dict):
        raise UserError(f"an action is a JSON object with a 'type', not {action!r}")
    kind = action.get("type")
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise UserError(f"unknown action type {kind!r}; the types are {', '.join(HANDLERS)}")
    lines = handler(state, action, dice)
    if state.appeals and state.phase == "act":
        # Someone fell in the middle of a turn: the crowd decides, then the turn goes on.
        state.phase = "appeal"
        state.after_appeals = "act"
    state.log.extend(lines)
    return lines


class SkirmishRules:
    """The Ruleset of the hex skirmish. Tables are read once, here."""

    id = "skirmish"

    def __init__(self, tables: TableSet | None = None, data: GameData | None = None) -> None:
        self.data = data if data is not None else build_game_data(tables)

    def new_state(self, setup: dict[str, Any]) -> State:
        return build_state(self.data, setup)

    def apply(self, state: State, action: dict[str, Any], dice: Dice) -> list[str]:
        return apply_action(state, action, dice)

    @staticmethod
    def summary(state: State) -> dict[str, Any]:
        return summary(state)
