"""`SkirmishRules`: the hex skirmish as a rule system (`companion.rulesets.base`).

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
UserError with the reason and changes nothing. `actions` types each of them for the
code that builds one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from companion.dice.rolls import Roll
from companion.dice.sources import DiceSource
from companion.errors import UserError
from companion.rulesets.base import Action, Due, Event, Odds, Outcome, Ruleset
from companion.rulesets.skirmish import movement, narrator, report, turn, weapons
from companion.rulesets.skirmish import rolls as roll_log
from companion.rulesets.skirmish.actions import StartAction
from companion.rulesets.skirmish.ai import Choice, choose_action
from companion.rulesets.skirmish.attack import plan_attack, resolve_blow, strike
from companion.rulesets.skirmish.data import TABLE_IDS, GameData, build_game_data
from companion.rulesets.skirmish.legal import Target, legal_actions, targets
from companion.rulesets.skirmish.movement import Reach, Step
from companion.rulesets.skirmish.odds import attack_odds
from companion.rulesets.skirmish.scenario import build_state
from companion.rulesets.skirmish.setup import SETUP_OPTIONS, setup_from_options
from companion.rulesets.skirmish.state import Dice, State, summary
from companion.tables.loader import TableSet

Handler = Callable[[State, Mapping[str, Any], Dice], list[Event]]

_START: StartAction = {"type": "start"}

# A bout that has not ended after this many turns is stopped (no winner): two
# cautious computers can circle for ever.
MAX_TURNS = 400


def attack(state: State, action: Mapping[str, Any], dice: Dice) -> list[Event]:
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


# The fields each action may carry, and what each holds ("gladiator", the check of
# whose action it is, goes with any). Whether they make sense now is the rules' call.
_TEXT, _WHOLE = (str,), (int,)
_REF = (str, int, type(None))  # an item by id or name; None for the only one
FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "start": {}, "roll_ap": {}, "cut_free": {}, "discard_shield": {}, "end_turn": {},
    "move": {"to": _TEXT},
    "turn": {"steps": _WHOLE, "facing": _TEXT},
    "attack": {"target": _TEXT, "weapon": (str, type(None)), "hexside": _REF},
    "pick_up": {"item": _REF},
    "kick": {"item": _REF, "to": _TEXT},
    "appeal": {},
}


def check_action(action: Any) -> dict[str, Any]:
    """The action's shape: a known type, known fields, each of its kind; UserError
    naming the field that is wrong."""
    if not isinstance(action, dict):
        raise UserError(f"an action is a JSON object with a 'type', not {action!r}")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in HANDLERS:
        known = ", ".join("roll AP" if k == "roll_ap" else k.replace("_", " ") for k in HANDLERS)
        what = "an action without a type" if kind is None else f"no action '{kind}'"
        raise UserError(f"there is {what} in the skirmish; the action types are {known} (on "
                        "the command line, join two words with a hyphen)")
    fields = FIELDS[kind]
    for name, value in action.items():
        if name == "type":
            continue
        allowed = _TEXT if name == "gladiator" else fields.get(name)
        if allowed is None:
            known = ", ".join(["gladiator", *fields])
            raise UserError(f"{kind} action: '{name}' is not one of its fields ({known})")
        if not isinstance(value, allowed) or isinstance(value, bool):
            raise UserError(f"{kind} action: '{name}' must be "
                            + " or ".join({str: "text", int: "a whole number",
                                           type(None): "null"}[t] for t in allowed))
    return action


def apply_action(state: State, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    """Carry out one action on `state` (in place); return what happened."""
    try:
        handler = HANDLERS[action["type"]]
    except (KeyError, TypeError):
        check_action(action)  # says what is wrong with it
        raise
    found = handler(state, action, dice)
    if state.appeals and state.phase == "act":
        _appeals_first(state)
    return found


def _appeals_first(state: State) -> None:
    # Someone fell in the middle of a turn: the crowd decides, then the turn goes on.
    state.phase = "appeal"
    state.after_appeals = "act"


def carry_out(state: State, choice: Choice, dice: Dice) -> list[Event]:
    """`apply_action` of the computer's choice, for bouts played in bulk: a strike or
    a step its search has checked is carried out as the rules would once they had
    checked it again; anything else goes through `apply_action`. The same events."""
    action, ready = choice
    if ready is None:
        return apply_action(state, action, dice)
    if isinstance(ready, Step):
        found = movement.take_step(state, state.glad(state.active), ready)  # type: ignore[arg-type]
    elif ready.option.weapon.entangles:
        found = weapons.resolve_cast(state, ready, dice)
    else:
        found = resolve_blow(state, ready, dice)
    if state.appeals and state.phase == "act":
        _appeals_first(state)
    return found


def carry_out_quietly(state: State, choice: Choice, dice: Dice) -> None:
    """`carry_out` for bulk play that reads no events: the commonest actions (a step,
    a blow that misses, the end of his turn) build none, the rarer ones build theirs
    only to drop them. The same changes to the state
    (tests/rulesets/skirmish/test_skirmish_fastpaths.py)."""
    action, ready = choice
    if ready is None:
        kind = action["type"]
        if kind == "end_turn" and state.phase == "act" and "gladiator" not in action:
            turn.close_turn(state, state.gladiators[ord(state.active) - 65], None)  # type: ignore[arg-type]
        else:
            apply_action(state, action, dice)
            return
    elif isinstance(ready, Step):
        movement.step_quietly(state, state.gladiators[ord(state.active) - 65], ready)  # type: ignore[arg-type]
    elif ready.option.weapon.entangles:
        weapons.resolve_cast(state, ready, dice)
    else:
        strike(state, ready, dice, None)
    if state.appeals and state.phase == "act":
        _appeals_first(state)


def roll_ap_quietly(state: State, dice: Dice) -> None:
    """The AP roll due now (the only action of the "ap" phase), as `carry_out_quietly`
    carries out the others."""
    assert state.phase == "ap" and state.active is not None
    turn.ap_roll(state, state.gladiators[ord(state.active) - 65], dice, None)  # `State.glad`
    if state.appeals and state.phase == "act":
        _appeals_first(state)


class SkirmishRules(Ruleset[State]):
    """The rule system of the hex skirmish. Its tables are read once per table set."""

    id = "skirmish"
    title = "hex skirmish"
    table_ids = TABLE_IDS
    setup_options = SETUP_OPTIONS
    short_forms = MappingProxyType({
        "move": ("to",), "turn": ("steps",), "attack": ("target", "weapon", "hexside"),
        "pick_up": ("item",), "kick": ("item", "to"), "appeal": ("gladiator",)})
    opening = MappingProxyType(_START)
    opens_by_default = True

    def __init__(self) -> None:
        self._memo: tuple[TableSet, GameData] | None = None

    def data_for(self, tables: TableSet) -> GameData:
        if self._memo is None or self._memo[0] is not tables:
            self._memo = (tables, build_game_data(tables))
        return self._memo[1]

    def check_tables(self, tables: TableSet) -> None:
        self.data_for(tables)

    def new_state(self, setup: Mapping[str, Any], tables: TableSet) -> State:
        return build_state(self.data_for(tables), dict(setup))

    def parse_action(self, data: Any) -> Action:
        return dict(check_action(data))

    def apply(self, state: State, action: Mapping[str, Any], dice: DiceSource) -> Outcome:
        return Outcome(tuple(apply_action(state, action, dice)))

    def due(self, state: State) -> Due:
        phase = state.phase
        if phase == "setup":
            return Due("start", None, ("start",))
        if phase == "over":
            return Due("over", turn=state.turn_number)
        if phase == "appeal":
            beaten = state.glad(state.appeals[0])
            return Due("appeal", beaten.id, ("appeal",), state.turn_number, not beaten.human)
        g = state.current()
        assert g is not None
        step = "roll_ap" if phase == "ap" else "act"
        kinds = tuple(dict.fromkeys(a["type"] for a in legal_actions(state)))
        return Due(step, g.id, kinds, state.turn_number, not g.human)

    def legal_actions(self, state: State) -> Sequence[Action]:
        return legal_actions(state)

    def summary(self, state: State) -> dict[str, Any]:
        return summary(state)

    def rolls(self, state: State, events: Sequence[Event]) -> list[Roll]:
        return roll_log.rolls(state, events)

    def narrate(self, state: State, events: Sequence[Event]) -> list[str]:
        return narrator.narrate(state, events)

    def describe(self, state: State) -> list[str]:
        return narrator.describe(state)

    def turn_of(self, state: State, event: Event) -> str | None:
        return report.turn_of(state, event)

    def report_sheets(self, state: State) -> list[tuple[str, list[str]]]:
        return report.sheets(state)

    def report_outcome(self, state: State, events: Sequence[Event]) -> list[str]:
        return report.outcome(state)

    def report_next(self, state: State) -> str:
        due = self.due(state)
        return report.next_up(state, due.step, due.who)

    def make_setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return setup_from_options(options)

    def odds(self, state: State, action: Mapping[str, Any]) -> Odds | None:
        g = state.current()
        if action.get("type") != "attack" or g is None or state.phase != "act":
            return None
        return attack_odds(state, g.id, str(action.get("target")), action.get("weapon"),
                           action.get("hexside"))

    def choose(self, state: State) -> Action | None:
        if state.phase == "over" or state.turn_number > MAX_TURNS:
            return None
        return choose_action(state)

    # --- the skirmish's own part of the contract: what its screen asks of a bout, so
    # that the screen reaches no rule but through its session's rule system.
    def targets(self, state: State) -> list[Target]:
        """The attacks open to the gladiator whose turn it is: each weapon that can
        strike this turn, each opponent in its reach and arc (`Target.action` is the
        action that makes one)."""
        return targets(state)

    def reach(self, state: State, who: str) -> dict[str, Reach]:
        """Every hex `who` can reach this turn with the AP he has, by label: the
        cheapest cost, the facing he arrives with and the actions that take him there.
        His own hex costs 0; none while he is off the board."""
        return movement.reachable(state, who)

    def appeal_modifiers(self, state: State, who: str) -> list[tuple[str, int]]:
        """What `who` adds to his appeal to the crowd now, as (reason, amount): what
        the appeal's dialog shows before he rolls."""
        return turn.appeal_modifiers(state, state.glad(who))
