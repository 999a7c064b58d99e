"""Health: wounds, healing, stuns, the rolls below 0 and the fate roll, and the lasting
effects of a critical, insanity or fate entry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.rulesets.base import Event
from companion.tables.effects import DiceTarget, Duration, ScarLoss


# --- health -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Wounded(Event):
    kind: ClassVar[str] = "wounded"
    damage: int
    health: int
    weapon: str | None


@dataclass(frozen=True, slots=True)
class Healed(Event):
    """`amount` healed of the `uncapped` rolled: healing never passes his HEALTH."""

    kind: ClassVar[str] = "healed"
    amount: int
    uncapped: int
    health: int


@dataclass(frozen=True, slots=True)
class Died(Event):
    kind: ClassVar[str] = "died"
    health: int


@dataclass(frozen=True, slots=True)
class WillToLive(Event):
    kind: ClassVar[str] = "will_to_live"
    damage: int


@dataclass(frozen=True, slots=True)
class Bled(Event):
    """Thin Blooded: he bleeds at the start of his turn."""

    kind: ClassVar[str] = "bled"
    amount: int
    health: int


@dataclass(frozen=True, slots=True)
class ClungOn(Event):
    """Life Line: below 0 he gains health at the start of his turn."""

    kind: ClassVar[str] = "life_line"
    amount: int
    health: int


@dataclass(frozen=True, slots=True)
class Stunned(Event):
    kind: ClassVar[str] = "stunned"
    turns: int


@dataclass(frozen=True, slots=True)
class StunResisted(Event):
    kind: ClassVar[str] = "stun_resisted"


@dataclass(frozen=True, slots=True)
class StunCleared(Event):
    kind: ClassVar[str] = "stun_cleared"


@dataclass(frozen=True, slots=True)
class HealRolled(Event):
    kind: ClassVar[str] = "heal_rolled"
    dice: int
    faces: tuple[int, ...]
    amount: int
    left: int


@dataclass(frozen=True, slots=True)
class FocusBarred(Event):
    kind: ClassVar[str] = "focus_barred"


@dataclass(frozen=True, slots=True)
class FocusRolled(Event):
    kind: ClassVar[str] = "focus_rolled"
    dice: int
    faces: tuple[int, ...]
    keen_insight: bool
    sixes: int
    needed: int
    focused: bool


@dataclass(frozen=True, slots=True)
class RolledForASix(Event):
    """A roll below 0 for one 6, with his luck dice: what became of them (None, None
    without luck dice) and whether he was `saved`. Its two kinds follow."""

    dice: int
    faces: tuple[int, ...]
    luck_faces: tuple[int, ...]
    luck_lost: int | None
    luck_left: int | None
    saved: bool


@dataclass(frozen=True, slots=True)
class StayConsciousRolled(RolledForASix):
    kind: ClassVar[str] = "stay_conscious_rolled"


@dataclass(frozen=True, slots=True)
class DeathDoorRolled(RolledForASix):
    kind: ClassVar[str] = "death_door_rolled"


@dataclass(frozen=True, slots=True)
class Declined(Event):
    """He lets himself drop rather than roll to stay conscious."""

    kind: ClassVar[str] = "declined"


@dataclass(frozen=True, slots=True)
class FateChoicesRolled(Event):
    """Blessed: more than one fate die, of which he picks one."""

    kind: ClassVar[str] = "fate_choices_rolled"
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FateApplied(Event):
    """The fate entry `face`; `faces` the dice rolled for it now (none when chosen from
    earlier dice or applied from the table browser)."""

    kind: ClassVar[str] = "fate_applied"
    face: int
    faces: tuple[int, ...]


# --- the lasting effects of a table entry -------------------------------------------------
@dataclass(frozen=True, slots=True)
class CriticalEntryFound(Event):
    """The entry of critical table `table` for `total`, its lowest key `entry`."""

    kind: ClassVar[str] = "critical_entry"
    table: str
    total: int
    entry: int
    damage: int
    stun: bool


@dataclass(frozen=True, slots=True)
class WideAwake(Event):
    kind: ClassVar[str] = "wide_awake"


@dataclass(frozen=True, slots=True)
class DiceModifierGained(Event):
    """A lasting change to one of his pools; `source` names the table entry
    ("crit-slashing 21")."""

    kind: ClassVar[str] = "dice_modifier"
    target: DiceTarget
    amount: int
    duration: Duration
    armor_exempt: bool
    source: str


@dataclass(frozen=True, slots=True)
class ArmourDestroyed(Event):
    kind: ClassVar[str] = "armour_destroyed"


@dataclass(frozen=True, slots=True)
class ShieldArmUseless(Event):
    kind: ClassVar[str] = "shield_arm_useless"


@dataclass(frozen=True, slots=True)
class DiesUnlessHeWins(Event):
    kind: ClassVar[str] = "dies_unless_wins"


@dataclass(frozen=True, slots=True)
class Scarred(Event):
    """A scar of critical table `table`'s entry `key`: its words are the sub-table's
    line `sub_key`, or else the entry's effect number `effect`; `faces` the sub-table's
    die when it was rolled now."""

    kind: ClassVar[str] = "scarred"
    table: str
    key: int
    sub_key: int | None
    effect: int | None
    faces: tuple[int, ...]
    loses: ScarLoss


@dataclass(frozen=True, slots=True)
class NoteForPlayers(Event):
    kind: ClassVar[str] = "note_for_players"
    rule: str


@dataclass(frozen=True, slots=True)
class InsanityRolled(Event):
    """The d66 insanity roll; `remembers` the weapon (or weapon class) it is about."""

    kind: ClassVar[str] = "insanity_rolled"
    faces: tuple[int, ...]
    key: int
    permanent: bool
    remembers: str | None


@dataclass(frozen=True, slots=True)
class InsanityGained(Event):
    """An insanity entry applied from the table browser."""

    kind: ClassVar[str] = "insanity_gained"
    key: int
    permanent: bool


@dataclass(frozen=True, slots=True)
class InsanityDue(Event):
    """A fate entry from the table browser gives an insanity the players roll."""

    kind: ClassVar[str] = "insanity_due"
