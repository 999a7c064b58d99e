"""An attack and its defence, the whip's disarm, and the weapons and shields that fall,
fly and are picked up."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.rulesets.base import Event
from companion.rulesets.battle.state import Stance


# --- attacks ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TwoHandedGrip(Event):
    kind: ClassVar[str] = "two_handed_grip"
    weapon: str


@dataclass(frozen=True, slots=True)
class AttackRolled(Event):
    """An attack's dice. `pool` is `pools.Pool.to_json()`: the dice and their terms."""

    kind: ClassVar[str] = "attack_rolled"
    target: str
    weapon: str
    weapon_class: str
    stance: Stance
    thrown: bool
    two_handed: bool
    disarm: bool
    signature: bool
    called_shot: bool
    mighty_blow: bool
    pool: Mapping[str, Any]
    faces: tuple[int, ...]
    luck_faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ZenCalm(Event):
    """The defender's Zen Buddha takes 6s off a signature move."""

    kind: ClassVar[str] = "zen_calm"
    sixes: int
    removed: int


@dataclass(frozen=True, slots=True)
class LuckSettled(Event):
    """The luck dice of an attack or a defence: how many were lost, how many are left."""

    kind: ClassVar[str] = "luck_settled"
    faces: tuple[int, ...]
    lost: int
    left: int


@dataclass(frozen=True, slots=True)
class WeaponThrown(Event):
    kind: ClassVar[str] = "weapon_thrown"
    weapon: str
    left: int


@dataclass(frozen=True, slots=True)
class AttackLanded(Event):
    """The attack reads as a hit or a critical; `needed` is the defender's 6s to block
    it (None: nothing blocks it)."""

    kind: ClassVar[str] = "attack_landed"
    target: str
    result: str
    critical: bool
    sixes: int
    needed: int | None


@dataclass(frozen=True, slots=True)
class DefenceRolled(Event):
    kind: ClassVar[str] = "defence_rolled"
    rule: str
    pool: Mapping[str, Any]
    faces: tuple[int, ...]
    luck_faces: tuple[int, ...]
    sixes: int


@dataclass(frozen=True, slots=True)
class Blocked(Event):
    kind: ClassVar[str] = "blocked"
    sixes: int
    needed: int


@dataclass(frozen=True, slots=True)
class Missed(Event):
    kind: ClassVar[str] = "missed"


@dataclass(frozen=True, slots=True)
class Whiffed(Event):
    kind: ClassVar[str] = "whiffed"


@dataclass(frozen=True, slots=True)
class Fumbled(Event):
    kind: ClassVar[str] = "fumbled"


@dataclass(frozen=True, slots=True)
class CriticalDamageRolled(Event):
    kind: ClassVar[str] = "critical_damage"
    target: str
    dice: int
    faces: tuple[int, ...]
    bonus: int
    total: int


@dataclass(frozen=True, slots=True)
class DisarmFailed(Event):
    kind: ClassVar[str] = "disarm_failed"


@dataclass(frozen=True, slots=True)
class DisarmLanded(Event):
    kind: ClassVar[str] = "disarm_landed"
    target: str
    needed: int


@dataclass(frozen=True, slots=True)
class DisarmBlocked(Event):
    kind: ClassVar[str] = "disarm_blocked"
    sixes: int
    needed: int


# --- weapons and shields ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class WeaponDropped(Event):
    kind: ClassVar[str] = "weapon_dropped"
    weapon: str


@dataclass(frozen=True, slots=True)
class NoWeaponToDrop(Event):
    kind: ClassVar[str] = "no_weapon_to_drop"


@dataclass(frozen=True, slots=True)
class ShieldDropped(Event):
    kind: ClassVar[str] = "shield_dropped"


@dataclass(frozen=True, slots=True)
class NoShieldToDrop(Event):
    kind: ClassVar[str] = "no_shield_to_drop"


@dataclass(frozen=True, slots=True)
class RetrieveRolled(Event):
    """His roll to pick up `item` (a weapon's key, or "shield")."""

    kind: ClassVar[str] = "retrieve_rolled"
    item: str
    faces: tuple[int, ...]
    six: bool


@dataclass(frozen=True, slots=True)
class WeaponLodged(Event):
    """`owner`'s thrown weapon stays in `who` for the rest of the battle."""

    kind: ClassVar[str] = "weapon_lodged"
    weapon: str
    owner: str


@dataclass(frozen=True, slots=True)
class PickedUp(Event):
    kind: ClassVar[str] = "picked_up"
    item: str


@dataclass(frozen=True, slots=True)
class LeftLying(Event):
    kind: ClassVar[str] = "left_lying"
    item: str
