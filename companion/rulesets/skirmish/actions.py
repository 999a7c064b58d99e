"""The actions of the hex skirmish, one typed dict per action type: what the computer
player, the legal moves, the paths of the board and the screen build, so that a key
misspelt or missing is a type error where the action is made.

They stay plain dicts, key for key what they were: a session's journal writes them as
they are. An action from outside (a file, the command line) is checked for its shape
by `rules.check_action`, whose fields are these; the rules then read it as a mapping.
Any action may name the gladiator it is meant for in "gladiator", as a check.
"""

# No `from __future__ import annotations`: a TypedDict reads NotRequired from its
# annotations when the class is made, which strings would hide.
from typing import Literal, NotRequired, TypedDict

# An item on the board by its id, or by its name; None (or left out): the only one.
ItemRef = int | str | None


class _Checked(TypedDict):
    gladiator: NotRequired[str]


class StartAction(_Checked):
    type: Literal["start"]


class RollAPAction(_Checked):
    type: Literal["roll_ap"]


class MoveAction(_Checked):
    type: Literal["move"]
    to: str  # the neighbouring hex's label


class TurnAction(_Checked):
    type: Literal["turn"]
    steps: NotRequired[int]  # + right, - left, 1 to 3
    facing: NotRequired[str]  # or to a facing, the shorter way round


class AttackAction(_Checked):
    type: Literal["attack"]
    target: str
    weapon: NotRequired[str | None]  # as `plan.Option.ref` names it; None: the first that can
    hexside: NotRequired[str | int | None]  # a corner's choice: a direction, or 0-5


class CutFreeAction(_Checked):
    type: Literal["cut_free"]


class PickUpAction(_Checked):
    type: Literal["pick_up"]
    item: NotRequired[ItemRef]


class KickAction(_Checked):
    type: Literal["kick"]
    item: NotRequired[ItemRef]
    to: str


class DiscardShieldAction(_Checked):
    type: Literal["discard_shield"]


class EndTurnAction(_Checked):
    type: Literal["end_turn"]


class AppealAction(_Checked):
    # Left out: the first of those waiting to appeal.
    type: Literal["appeal"]


SkirmishAction = (StartAction | RollAPAction | MoveAction | TurnAction | AttackAction
                  | CutFreeAction | PickUpAction | KickAction | DiscardShieldAction
                  | EndTurnAction | AppealAction)
# A step of a path across the board (`movement.Reach`).
PathAction = MoveAction | TurnAction

# Each action type's typed dict, by its "type".
ACTIONS: dict[str, type[SkirmishAction]] = {
    "start": StartAction, "roll_ap": RollAPAction, "move": MoveAction, "turn": TurnAction,
    "attack": AttackAction, "cut_free": CutFreeAction, "pick_up": PickUpAction,
    "kick": KickAction, "discard_shield": DiscardShieldAction, "end_turn": EndTurnAction,
    "appeal": AppealAction,
}
