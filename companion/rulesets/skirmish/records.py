"""The plain frozen records the skirmish tables are read into (`data.py` builds them):
a weapon, a piece of kit, a gladiator type, a skill, a sum of dice."""

from __future__ import annotations

from dataclasses import dataclass

from companion.dice.notation.parse import parse
from companion.dice.notation.tree import Const, Dice, Sum
from companion.errors import UserError
from companion.tables.table import TableDataError


class SkirmishDataError(TableDataError):
    """The skirmish tables (usually a user's override) say something the engine
    cannot play."""


@dataclass(frozen=True, slots=True)
class WeaponInfo:
    slug: str
    name: str
    min_range: int
    max_range: int
    # Disadvantage level (1 = disadvantaged, 2 = doubly) by range; absent = none.
    disadvantage: dict[int, int]
    always_disadvantaged: bool
    ap: int
    once_per_turn_in_all: bool  # the unarmed limit: one such attack a turn, whatever
    allowed_when_entangled: bool
    missile: bool
    ammo: str | None
    lost_when: frozenset[str]
    pick_up_ap: int | None
    causes_wounds: bool
    entangles: bool
    entangle_need: dict[int, int]
    cut_free_min: int | None
    cut_free_lost_on: frozenset[int]
    cut_free_drops_on: frozenset[int]
    defends: bool
    two_handed: bool
    hit_save_modifier: int
    hit_extra_wounds: int
    shreds: frozenset[str]
    shreds_min: int | None

    def disadvantage_at(self, rng: int) -> int:
        level = self.disadvantage.get(rng, 0)
        return max(level, 1) if self.always_disadvantaged else level


@dataclass(frozen=True, slots=True)
class KitInfo:
    slug: str
    name: str
    category: str
    weight: int
    save: int
    side_modifier: int | None
    weapon: str | None
    never_lost_to_events: bool
    recoverable_if_discarded: bool
    recoverable_if_knocked_away: bool


@dataclass(frozen=True, slots=True)
class HeldSpec:
    weapon: str
    side: str
    lost_first: bool = False


@dataclass(frozen=True, slots=True)
class TypeInfo:
    slug: str
    name: str
    weapons: tuple[HeldSpec, ...]
    shield: str | None
    shield_side: str | None
    armour: str
    darts: int
    arrows: int


@dataclass(frozen=True, slots=True)
class SkillInfo:
    slug: str
    name: str
    ap: int
    attack_die: int
    attack_excluded: frozenset[str]
    defence_die: int
    base_strength: int | None
    appeal: int


@dataclass(frozen=True, slots=True)
class DiceSpec:
    """A plain sum of dice and constants ("2d6", "d6+1"), from a table's text."""

    text: str
    groups: tuple[tuple[int, int, int], ...]  # (sign, count, sides)
    constant: int


def dice_spec(text: str, where: str, table: str) -> DiceSpec:
    try:
        expr = parse(text)
    except UserError as err:
        raise SkirmishDataError(f"{where}: {err}", table) from None
    if not isinstance(expr, Sum):
        raise SkirmishDataError(f"{where}: {text!r} must be a plain sum of dice", table)
    groups: list[tuple[int, int, int]] = []
    constant = 0
    for signed in expr.terms:
        if isinstance(signed.term, Dice):
            groups.append((signed.sign, signed.term.count, signed.term.sides))
        elif isinstance(signed.term, Const):
            constant += signed.sign * signed.term.value
        else:
            raise SkirmishDataError(f"{where}: {text!r} must be a plain sum of dice", table)
    return DiceSpec(text, tuple(groups), constant)
