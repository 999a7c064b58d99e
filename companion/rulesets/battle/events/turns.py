"""The initiative, the turns, the end of the battle and the table-side trackers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from companion.rulesets.base import Event

# How a battle ends, as "Brutus wins: Nero {how}." says it (after "was killed").
How = Literal["killed", "quits", "falls unconscious", "gives in and drops",
              "dies at death's door", "falls into a coma"]


# --- initiative and turns -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class InitiativeRolled(Event):
    """Both roll for the initiative: the dice, the faces and the totals by side."""

    kind: ClassVar[str] = "initiative_rolled"
    dice: Mapping[str, int]
    faces: Mapping[str, Sequence[int]]
    totals: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class InitiativeTied(Event):
    kind: ClassVar[str] = "initiative_tied"


@dataclass(frozen=True, slots=True)
class InitiativeWon(Event):
    kind: ClassVar[str] = "initiative_won"
    totals: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    kind: ClassVar[str] = "turn_began"
    turn: int
    health: int


@dataclass(frozen=True, slots=True)
class TurnLost(Event):
    """A stunned gladiator who did not focus loses his turn."""

    kind: ClassVar[str] = "turn_lost"
    still_stunned: bool
    stun_turns: int


@dataclass(frozen=True, slots=True)
class Waited(Event):
    kind: ClassVar[str] = "waited"


@dataclass(frozen=True, slots=True)
class EyesCleared(Event):
    kind: ClassVar[str] = "eyes_cleared"
    cleared: int


# --- the end ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BattleOver(Event):
    """`who` won; `loser` lost, as `how` says."""

    kind: ClassVar[str] = "battle_over"
    loser: str
    how: How


@dataclass(frozen=True, slots=True)
class DiedOfWounds(Event):
    kind: ClassVar[str] = "died_of_wounds"


# --- the trackers -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HealthSet(Event):
    """The health tracker: `op` as typed ("-7", "+3", "=12")."""

    kind: ClassVar[str] = "health_set"
    before: int
    health: int
    op: str


@dataclass(frozen=True, slots=True)
class LuckChanged(Event):
    kind: ClassVar[str] = "luck_changed"
    change: int
    luck: int


@dataclass(frozen=True, slots=True)
class HealDiceChanged(Event):
    kind: ClassVar[str] = "heal_dice_changed"
    change: int
    heal_dice: int


@dataclass(frozen=True, slots=True)
class AmmoChanged(Event):
    kind: ClassVar[str] = "ammo_changed"
    weapon: str
    before: int
    count: int


@dataclass(frozen=True, slots=True)
class Placed(Event):
    kind: ClassVar[str] = "placed"
    at: str


@dataclass(frozen=True, slots=True)
class LeftBoard(Event):
    kind: ClassVar[str] = "left_board"
