"""What can happen in a hex skirmish: one typed record per event kind the rules return.

Each record's JSON (`Event.data`) is the dict the kind was before it was declared, key
for key and in the same order, so that every saved session keeps its digests: hence a
field called `item_kind` that is "kind" in the JSON, and pairs of (reason, amount) kept
as tuples that the JSON gives as lists. Gladiators are named by id, hexes by label,
weapons, kit and skills by their table keys; `narrator` gives the words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Final, Literal

from companion.rulesets.base import Event, json_name

# What lies on the board, or is lost: a weapon, a shield, or a dart or arrow ("ammo").
ItemKind = Literal["weapon", "shield", "ammo"]
# What a gladiator holds and can lose or be entangled by (a cape is his shield).
HeldKind = Literal["weapon", "shield"]
# (reason, amount): a modifier to a die, as the log shows it.
Modifiers = tuple[tuple[str, int], ...]

# Why a gladiator is beaten.
GAVE_IN: Final = "gave_in"
FLOORED: Final = "floored"
STRENGTH_GONE: Final = "strength_gone"
HowBeaten = Literal["gave_in", "floored", "strength_gone"]


# --- the flow of the bout --------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StrengthRolled(Event):
    kind: ClassVar[str] = "strength_rolled"
    base: int
    face: int
    strength: int


@dataclass(frozen=True, slots=True)
class StrengthFixed(Event):
    kind: ClassVar[str] = "strength_fixed"
    strength: int


@dataclass(frozen=True, slots=True)
class InitiativeRolled(Event):
    kind: ClassVar[str] = "initiative_rolled"
    rolls: tuple[tuple[str, int], ...]  # (gladiator, face), in the scenario's order


@dataclass(frozen=True, slots=True)
class OrderSettled(Event):
    kind: ClassVar[str] = "order"
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    kind: ClassVar[str] = "turn_began"
    number: int


@dataclass(frozen=True, slots=True)
class APRolled(Event):
    kind: ClassVar[str] = "ap_rolled"
    face: int
    modifiers: Modifiers
    ap: int


@dataclass(frozen=True, slots=True)
class Tired(Event):
    kind: ClassVar[str] = "tired"
    fatigue: int


@dataclass(frozen=True, slots=True)
class GaveIn(Event):
    kind: ClassVar[str] = "gave_in"
    modifier: int  # his AP modifier, at or below the giving-in level
    foe: str


@dataclass(frozen=True, slots=True)
class Beaten(Event):
    kind: ClassVar[str] = "beaten"
    by: str | None
    how: HowBeaten
    at: str | None


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    kind: ClassVar[str] = "turn_ended"


@dataclass(frozen=True, slots=True)
class GotUp(Event):
    kind: ClassVar[str] = "got_up"


@dataclass(frozen=True, slots=True)
class Appealed(Event):
    kind: ClassVar[str] = "appealed"
    faces: tuple[int, ...]
    modifiers: Modifiers
    total: int
    verdict: Literal["spared", "killed"]


@dataclass(frozen=True, slots=True)
class BoutOver(Event):
    kind: ClassVar[str] = "bout_over"
    standing: tuple[str, ...]
    winner: str | None  # the winning side


@dataclass(frozen=True, slots=True)
class SkillGained(Event):
    kind: ClassVar[str] = "skill_gained"
    skill: str


# --- moving ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    at: str
    to: str
    direction: str | None  # None: straight ahead
    cost: int
    ap: int


@dataclass(frozen=True, slots=True)
class Turned(Event):
    kind: ClassVar[str] = "turned"
    steps: int  # + right, - left
    facing: str
    cost: int
    ap: int


# --- the blow -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Attacked(Event):
    """He attacks `target` (the blow's dice follow)."""

    kind: ClassVar[str] = "attack"
    target: str
    weapon: str  # as an action names it: "sword", "sword-left", "shield", "unarmed"
    distance: int


@dataclass(frozen=True, slots=True)
class DoubleRolled(Event):
    kind: ClassVar[str] = "double"
    target: str
    face: int


@dataclass(frozen=True, slots=True)
class BlowRolled(Event):
    kind: ClassVar[str] = "blow"
    target: str
    attack: int
    defence: int
    modifiers: Modifiers
    defence_modifiers: Modifiers
    margin: int


@dataclass(frozen=True, slots=True)
class Saved(Event):
    kind: ClassVar[str] = "saved"
    face: int
    save: int
    need: int


@dataclass(frozen=True, slots=True)
class SaveFailed(Event):
    kind: ClassVar[str] = "save_failed"
    face: int
    save: int
    need: int


@dataclass(frozen=True, slots=True)
class NoSave(Event):
    kind: ClassVar[str] = "no_save"
    extra: int  # the two-handed blow's extra wounds


@dataclass(frozen=True, slots=True)
class Wounded(Event):
    kind: ClassVar[str] = "wounded"
    by: str | None
    wounds: int
    before: int
    strength: int
    level: str | None  # his worst wound level now; None: unhurt
    at: str | None


@dataclass(frozen=True, slots=True)
class Avoided(Event):
    kind: ClassVar[str] = "avoided"
    by: str


@dataclass(frozen=True, slots=True)
class MissileLost(Event):
    kind: ClassVar[str] = "missile_lost"
    ammo: str


@dataclass(frozen=True, slots=True)
class MissileLanded(Event):
    kind: ClassVar[str] = "missile_landed"
    ammo: str
    at: str


@dataclass(frozen=True, slots=True)
class HeldAtEdge(Event):
    kind: ClassVar[str] = "held_at_edge"


@dataclass(frozen=True, slots=True)
class HeldByBlocker(Event):
    kind: ClassVar[str] = "held_by_blocker"
    blocker: str


@dataclass(frozen=True, slots=True)
class PushedBack(Event):
    kind: ClassVar[str] = "pushed_back"
    at: str
    to: str


# --- special events (a double) ----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class NoSpecialEvent(Event):
    kind: ClassVar[str] = "no_special_event"
    face: int


@dataclass(frozen=True, slots=True)
class SpecialEvent(Event):
    kind: ClassVar[str] = "special_event"
    target: str
    face: int


@dataclass(frozen=True, slots=True)
class EventWoundsRolled(Event):
    kind: ClassVar[str] = "event_wounds_rolled"
    target: str
    dice: str  # as the table writes them: "2d6"
    faces: tuple[int, ...]
    total: int


@dataclass(frozen=True, slots=True)
class OffBalance(Event):
    kind: ClassVar[str] = "off_balance"


@dataclass(frozen=True, slots=True)
class Floored(Event):
    kind: ClassVar[str] = "floored"
    by: str


@dataclass(frozen=True, slots=True)
class NoShieldToLose(Event):
    kind: ClassVar[str] = "no_shield_to_lose"


@dataclass(frozen=True, slots=True)
class ShieldKept(Event):
    kind: ClassVar[str] = "shield_kept"
    shield: str


@dataclass(frozen=True, slots=True)
class WeaponLossRolled(Event):
    kind: ClassVar[str] = "weapon_loss_rolled"
    face: int  # the double's, whose sub-table it is
    roll: int


@dataclass(frozen=True, slots=True)
class WeaponPicked(Event):
    kind: ClassVar[str] = "weapon_picked"
    roll: int
    sides: int
    item: str


@dataclass(frozen=True, slots=True)
class NoWeaponToLose(Event):
    kind: ClassVar[str] = "no_weapon_to_lose"


@dataclass(frozen=True, slots=True)
class ThrownMissileLost(Event):
    kind: ClassVar[str] = "thrown_missile_lost"
    ammo: str


@dataclass(frozen=True, slots=True)
class ItemLanded(Event):
    kind: ClassVar[str] = "item_landed"
    item_kind: HeldKind = field(metadata=json_name("kind"))
    item: str
    at: str


@dataclass(frozen=True, slots=True)
class ItemDestroyed(Event):
    kind: ClassVar[str] = "item_destroyed"
    item_kind: HeldKind = field(metadata=json_name("kind"))
    item: str


@dataclass(frozen=True, slots=True)
class DartLanded(Event):
    kind: ClassVar[str] = "dart_landed"
    at: str


@dataclass(frozen=True, slots=True)
class DartBroken(Event):
    kind: ClassVar[str] = "dart_broken"


# --- nets, lassos and capes; items ------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Cast(Event):
    kind: ClassVar[str] = "cast"
    target: str
    weapon: str
    distance: int
    need: int


@dataclass(frozen=True, slots=True)
class Shredded(Event):
    kind: ClassVar[str] = "shredded"
    target: str
    weapon: str
    tool: str  # the weapon in the target's hand that tore it
    cast: int
    roll: int


@dataclass(frozen=True, slots=True)
class ShredFailed(Event):
    kind: ClassVar[str] = "shred_failed"
    target: str
    weapon: str
    tool: str
    roll: int


@dataclass(frozen=True, slots=True)
class Entangled(Event):
    kind: ClassVar[str] = "entangled"
    by: str
    weapon: str
    cast: int


@dataclass(frozen=True, slots=True)
class CastMissed(Event):
    kind: ClassVar[str] = "cast_missed"
    target: str
    weapon: str
    cast: int


@dataclass(frozen=True, slots=True)
class CutFreeFailed(Event):
    kind: ClassVar[str] = "cut_free_failed"
    weapon: str
    roll: int
    need: int


@dataclass(frozen=True, slots=True)
class CutFree(Event):
    kind: ClassVar[str] = "cut_free"
    weapon: str
    roll: int


@dataclass(frozen=True, slots=True)
class ItemLost(Event):
    kind: ClassVar[str] = "item_lost"
    item_kind: HeldKind = field(metadata=json_name("kind"))
    item: str


@dataclass(frozen=True, slots=True)
class ItemFell(Event):
    kind: ClassVar[str] = "item_fell"
    item_kind: HeldKind = field(metadata=json_name("kind"))
    item: str
    at: str


@dataclass(frozen=True, slots=True)
class PickedUp(Event):
    kind: ClassVar[str] = "picked_up"
    item: int
    item_kind: ItemKind = field(metadata=json_name("kind"))
    name: str


@dataclass(frozen=True, slots=True)
class Kicked(Event):
    kind: ClassVar[str] = "kicked"
    item: int
    name: str
    at: str
    to: str


@dataclass(frozen=True, slots=True)
class ShieldDiscarded(Event):
    kind: ClassVar[str] = "shield_discarded"
    shield: str
    at: str


# Every kind the skirmish's rules return, in the order above.
KINDS: tuple[type[Event], ...] = (
    StrengthRolled, StrengthFixed, InitiativeRolled, OrderSettled, TurnBegan, APRolled,
    Tired, GaveIn, Beaten, TurnEnded, GotUp, Appealed, BoutOver, SkillGained, Moved, Turned,
    Attacked, DoubleRolled, BlowRolled, Saved, SaveFailed, NoSave, Wounded, Avoided,
    MissileLost, MissileLanded, HeldAtEdge, HeldByBlocker, PushedBack, NoSpecialEvent,
    SpecialEvent, EventWoundsRolled, OffBalance, Floored, NoShieldToLose, ShieldKept,
    WeaponLossRolled, WeaponPicked, NoWeaponToLose, ThrownMissileLost, ItemLanded,
    ItemDestroyed, DartLanded, DartBroken, Cast, Shredded, ShredFailed, Entangled,
    CastMissed, CutFreeFailed, CutFree, ItemLost, ItemFell, PickedUp, Kicked,
    ShieldDiscarded,
)
