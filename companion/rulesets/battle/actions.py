"""The shapes of the battle's actions: JSON objects with a "type".

Game actions are taken by the gladiator whose turn it is ("who" may name him, and must
then be him). Tracker actions ("adjust_health", "spend_luck", ...) serve the
table-side trackers beside a paper game: they name "who", roll no dice and leave the
turn alone. Any action may carry "now", the caller's current time (ISO), which dates
comas, scars and insanities.

Two views of the same shapes: the models (`Attack`, ...) check an action that comes in
and give the rules its fields; the typed dicts (`AttackAction`, ...) are what the
computer player, the legal actions and the screens build, so that mypy checks their
keys. An action is a plain dict either way, as a journal saves it: a key left out is
the model's default, and only what is declared is sent.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Required, TypedDict

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from companion.errors import UserError
from companion.files.jsonfile import problem
from companion.rulesets.battle.words import action_words, field_words

# Bounds far above any battle and far below anything slow: a typo (or a joke) must be
# refused with the bound, not hang a duel that rolls that many dice.
MAX_DICE = 100  # luck, heal or defence-luck dice one action may roll
MAX_CHANGE = 9999  # a tracker change or count: health, luck, heal dice, ammo
_OP = re.compile(r"^([-+]\d{1,4}|=-?\d{1,4})$")


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    who: str | None = None
    now: str | None = None


class Initiative(_Action):
    type: Literal["initiative"]


class Attack(_Action):
    type: Literal["attack"]
    weapon: str | None = None
    stance: Literal["normal", "berserk", "defensive"] = "normal"
    luck: int = Field(default=0, ge=0, le=MAX_DICE)
    thrown: bool = False
    two_handed: bool = False
    called_shot: Literal["disarm", "critical"] | None = None
    signature: bool = False
    mighty_blow: bool = False
    # Declared by the defender before the dice are rolled.
    defence_luck: int = Field(default=0, ge=0, le=MAX_DICE)
    reflex: bool = False


class Heal(_Action):
    type: Literal["heal"]
    dice: int = Field(ge=1, le=MAX_DICE)


class Retrieve(_Action):
    type: Literal["retrieve"]
    item: str | None = None


class Focus(_Action):
    type: Literal["focus"]
    keen_insight: bool = False


class StayConscious(_Action):
    type: Literal["stay_conscious"]
    luck: int = Field(default=0, ge=0, le=MAX_DICE)


class Decline(_Action):
    type: Literal["decline"]


class DeathDoor(_Action):
    type: Literal["death_door"]
    luck: int = Field(default=0, ge=0, le=MAX_DICE)


class Fate(_Action):
    type: Literal["fate"]


class ChooseFate(_Action):
    type: Literal["choose_fate"]
    face: int = Field(ge=1, le=6)


class ClearEyes(_Action):
    type: Literal["clear_eyes"]


class Quit(_Action):
    type: Literal["quit"]


class Wait(_Action):
    """He lets his turn pass without acting (Mr. Nice Guy before a stunned foe)."""

    type: Literal["wait"]


class _Tracker(_Action):
    who: str


class _Op(_Tracker):
    op: str

    @field_validator("op")
    @classmethod
    def _op_shape(cls, value: str) -> str:
        if not _OP.match(value.strip()):
            raise ValueError(f"a change takes off (-7) or adds (+3), or sets the number "
                             f"with an equals sign before it; at most {MAX_CHANGE}")
        return value.strip()


class AdjustHealth(_Op):
    type: Literal["adjust_health"]


class LuckTracker(_Tracker):
    type: Literal["spend_luck", "restore_luck"]
    n: int = Field(default=1, ge=1, le=MAX_CHANGE)


class HealTracker(_Tracker):
    type: Literal["spend_heal", "restore_heal"]
    n: int = Field(default=1, ge=1, le=MAX_CHANGE)


class Ammo(_Op):
    type: Literal["ammo"]
    weapon: str


class SetStun(_Tracker):
    type: Literal["set_stun"]
    stunned: bool = True


class Place(_Tracker):
    """Stand him on a hex of the board ("E7"), or take him off it (null)."""

    type: Literal["place"]
    at: str | None = None


class ApplyEntry(_Tracker):
    type: Literal["apply_entry"]
    table: str
    keys: list[int | str] = Field(min_length=1, max_length=2)
    sub_key: int | None = None


Action = Annotated[
    Initiative | Attack | Heal | Retrieve | Focus | StayConscious | Decline | DeathDoor
    | Fate | ChooseFate | ClearEyes | Quit | Wait | AdjustHealth | LuckTracker | HealTracker | Ammo
    | SetStun | Place | ApplyEntry,
    Field(discriminator="type"),
]
TRACKER_TYPES = ("adjust_health", "spend_luck", "restore_luck", "spend_heal", "restore_heal",
                 "ammo", "set_stun", "place", "apply_entry")
GAME_TYPES = ("initiative", "attack", "heal", "retrieve", "focus", "stay_conscious",
              "decline", "death_door", "fate", "choose_fate", "clear_eyes", "quit", "wait")

_ADAPTER: TypeAdapter[Any] = TypeAdapter(Action)


# --- the actions as they are built: one typed dict per type --------------------------------
class _Sent(TypedDict, total=False):
    who: str | None
    now: str


class InitiativeAction(_Sent, total=False):
    type: Required[Literal["initiative"]]


class AttackAction(_Sent, total=False):
    type: Required[Literal["attack"]]
    weapon: str | None
    stance: Literal["normal", "berserk", "defensive"]
    luck: int
    thrown: bool
    two_handed: bool
    called_shot: Literal["disarm", "critical"]
    signature: bool
    mighty_blow: bool
    defence_luck: int
    reflex: bool


class HealAction(_Sent, total=False):
    type: Required[Literal["heal"]]
    dice: Required[int]


class RetrieveAction(_Sent, total=False):
    type: Required[Literal["retrieve"]]
    item: str


class FocusAction(_Sent, total=False):
    type: Required[Literal["focus"]]
    keen_insight: bool


class StayConsciousAction(_Sent, total=False):
    type: Required[Literal["stay_conscious"]]
    luck: int


class DeclineAction(_Sent, total=False):
    type: Required[Literal["decline"]]


class DeathDoorAction(_Sent, total=False):
    type: Required[Literal["death_door"]]
    luck: int


class FateAction(_Sent, total=False):
    type: Required[Literal["fate"]]


class ChooseFateAction(_Sent, total=False):
    type: Required[Literal["choose_fate"]]
    face: Required[int]


class ClearEyesAction(_Sent, total=False):
    type: Required[Literal["clear_eyes"]]


class QuitAction(_Sent, total=False):
    type: Required[Literal["quit"]]


class WaitAction(_Sent, total=False):
    type: Required[Literal["wait"]]


class _TrackerSent(TypedDict, total=False):
    who: Required[str]
    now: str


class AdjustHealthAction(_TrackerSent, total=False):
    type: Required[Literal["adjust_health"]]
    op: Required[str]


class LuckTrackerAction(_TrackerSent, total=False):
    type: Required[Literal["spend_luck", "restore_luck"]]
    n: int


class HealTrackerAction(_TrackerSent, total=False):
    type: Required[Literal["spend_heal", "restore_heal"]]
    n: int


class AmmoAction(_TrackerSent, total=False):
    type: Required[Literal["ammo"]]
    weapon: Required[str]
    op: Required[str]


class SetStunAction(_TrackerSent, total=False):
    type: Required[Literal["set_stun"]]
    stunned: bool


class PlaceAction(_TrackerSent, total=False):
    type: Required[Literal["place"]]
    at: str | None


class ApplyEntryAction(_TrackerSent, total=False):
    type: Required[Literal["apply_entry"]]
    table: Required[str]
    keys: Required[list[int | str]]
    sub_key: int


BattleAction = (
    InitiativeAction | AttackAction | HealAction | RetrieveAction | FocusAction
    | StayConsciousAction | DeclineAction | DeathDoorAction | FateAction | ChooseFateAction
    | ClearEyesAction | QuitAction | WaitAction | AdjustHealthAction | LuckTrackerAction
    | HealTrackerAction | AmmoAction | SetStunAction | PlaceAction | ApplyEntryAction
)


def parse_action(data: Any) -> Any:
    """The action model for a JSON action; UserError naming what is wrong."""
    if not isinstance(data, dict) or "type" not in data:
        raise UserError("an action is a JSON object with a \"type\"")
    if data["type"] not in GAME_TYPES + TRACKER_TYPES:
        known = ", ".join(k.replace("_", " ") for k in GAME_TYPES + TRACKER_TYPES)
        raise UserError(f"there is no action '{data['type']}' in the battle; the action "
                        f"types are {known} (on the command line, join two words with a "
                        "hyphen)")
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as err:
        problems = [f"{field_words(e['loc'][1:])}: {problem(e)}" for e in err.errors()]
        raise UserError(f"to {action_words(str(data['type']))}: "
                        f"{'; '.join(problems)}") from None


def apply_op(current: int, op: str) -> int:
    """'-7' takes 7 off, '+3' adds 3, '=12' sets 12 ('=-4' sets -4)."""
    sign, amount = op[0], int(op[1:])
    return current - amount if sign == "-" else current + amount if sign == "+" else amount
