"""Entry models of the battle system's pool tables, insanity and weapons (seeds 001, 002).

Kinds: `insanity`, `pool-attack`, `pool-block`, `pool-defence`, `pool-stance`,
`pool-health`, `pool-weapon`, `pool-skill-cost`, `pool-rule`. RULES.md section 2 settles what the
flattened seed tables left unclear; house values are listed in each entry's `house`.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import ceil
from typing import Literal

from pydantic import Field, model_validator

from companion.effects import Effect
from companion.tables import Entry, StrictModel, Table

WeaponClass = Literal["A", "B", "C", "D"]
_CLASSES = "ABCD"


class InsanityEntry(Entry):
    """One line of the d66 insanity table. `remembers` is what the sheet must note
    when it is gained (the weapon or weapon class that hit him), since its effects
    refer to it."""

    name: str = Field(min_length=1, max_length=40)
    permanent: bool
    description: str = Field(min_length=1)
    effects: list[Effect] = Field(default_factory=list)
    remembers: Literal["weapon", "weapon_class"] | None = None


class AttackEntry(Entry):
    """One cell of the attack table: weapon class x best result of the attack dice."""

    outcome: Literal["whiff", "hit", "critical"]
    damage: int = Field(ge=0)
    stun: bool

    @model_validator(mode="after")
    def _outcome_fits_damage(self) -> AttackEntry:
        # A critical's damage comes from the crit tables, a whiff does none; only a
        # hit carries its damage here. Every critical stuns (the crit tables say so).
        if self.outcome == "hit" and self.damage < 1:
            raise ValueError("a hit does at least 1 damage")
        if self.outcome != "hit" and self.damage != 0:
            raise ValueError(f"a {self.outcome} has damage 0 here")
        if self.outcome == "whiff" and self.stun:
            raise ValueError("a whiff cannot stun")
        if self.outcome == "critical" and not self.stun:
            raise ValueError("every critical stuns")
        return self


class BlockEntry(Entry):
    """How many 6s in the defence roll block one attack result."""

    sixes_needed: int | None = Field(default=None, ge=1)
    as_many_as_attacker: bool = False

    @model_validator(mode="after")
    def _one_way_to_block(self) -> BlockEntry:
        if self.as_many_as_attacker and self.sixes_needed is not None:
            raise ValueError("give sixes_needed or as_many_as_attacker, not both")
        return self

    def sixes_to_block(self, attacker_sixes: int) -> int | None:
        """6s the defender needs against this result; None when nothing is to block."""
        return attacker_sixes if self.as_many_as_attacker else self.sixes_needed


class DefenceRuleEntry(Entry):
    """One rule for which skills make up the defence pool; the lowest `order` that
    applies wins. `defensive_bonus` adds the stance table's defensive defence dice;
    `weapon_parry_bonus` adds the weapon's parry/dodge bonus to the PARRY/DODGE dice."""

    order: int = Field(ge=1)
    description: str = Field(min_length=1)
    armor: bool
    shield: bool
    parry_dodge: bool
    defensive_bonus: bool = False
    weapon_parry_bonus: bool = False

    @model_validator(mode="after")
    def _bonus_needs_parry(self) -> DefenceRuleEntry:
        if self.weapon_parry_bonus and not self.parry_dodge:
            raise ValueError("the weapon's parry/dodge bonus only adds to PARRY/DODGE dice")
        return self


def defence_rule(table: Table, applies: Iterable[str]) -> DefenceRuleEntry:
    """The first rule (by `order`) among those that apply; 'normal' when none does."""
    wanted = set(applies) | {"normal"}
    rules = [e for e in table.entries if isinstance(e, DefenceRuleEntry) and e.key in wanted]
    return min(rules, key=lambda e: e.order)


class StanceEntry(Entry):
    """Berserk and defensive attacks by ATTACK ranks. `defensive_max_sixes` caps the
    best result of a defensive attack at that many 6s (2 = 6-6, no critical)."""

    berserk_attack_dice: int = Field(ge=1)
    berserk_armor_only: bool = True
    defensive_attack_dice: int = Field(le=-1)
    defensive_defence_dice: int = Field(ge=1)
    defensive_max_sixes: int = Field(ge=1)
    defensive_cannot_whiff: bool = True


class HealthEntry(Entry):
    """A band of the health tracker below 0: the dice he rolls for a 6 before his turn.

    Struggling: a fixed number of dice to stay conscious. Death's door: total fights
    (wins + losses) // `tf_divisor` dice to live. Dead: nothing to roll."""

    stage: Literal["struggling", "deaths-door", "dead"]
    description: str = Field(min_length=1)
    dice: int | None = Field(default=None, ge=1)
    tf_divisor: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _stage_fields(self) -> HealthEntry:
        wants = {"struggling": (True, False), "deaths-door": (False, True), "dead": (False, False)}
        dice, divisor = wants[self.stage]
        if (self.dice is not None) != dice or (self.tf_divisor is not None) != divisor:
            raise ValueError(
                "struggling gives dice, death's door gives tf_divisor, dead gives neither"
            )
        return self

    def _covers(self, health: int) -> bool:
        low, high = self.key if isinstance(self.key, list) else (self.key, self.key)
        return (low is None or health >= low) and (high is None or health <= high)

    def dice_for(self, health: int, total_fights: int) -> int:
        """Dice for the roll before his turn at this health (luck dice not included)."""
        if not self._covers(health):
            raise ValueError(f"health {health} is not in this band ({self.key})")
        if total_fights < 0:
            raise ValueError("total fights cannot be negative")
        if self.dice is not None:
            return self.dice
        if self.tf_divisor is not None:
            return total_fights // self.tf_divisor
        return 0


def health_roll_dice(table: Table, health: int, total_fights: int) -> int:
    """Dice of the roll before his turn at `health` below 0 (from the `pool-health` table)."""
    entry = table.lookup(health)
    assert isinstance(entry, HealthEntry)
    return entry.dice_for(health, total_fights)


class WeaponEntry(Entry):
    """A weapon of the battle system. `two_handed_class`: a weapon of two classes,
    used one-handed as `weapon_class` or two-handed as this (declared before each
    attack). `thrown`: must be thrown, may be, or never. `no_whiff`: a normal or
    defensive attack with it misses instead of whiffing, as a thrown one does."""

    name: str = Field(min_length=1)
    weapon_class: WeaponClass
    two_handed_class: WeaponClass | None = None
    cost_per_rank: Literal[1, 2]
    weight: int | float = Field(ge=0)
    throw_bonus: int = Field(ge=0)
    parry_dodge_bonus: int = Field(ge=0)
    crit_bonus: int = Field(ge=0)
    damage_type: Literal["slashing", "bludgeoning", "piercing"]
    hands: Literal[1, 2]
    thrown: Literal["must", "never", "may"]
    cannot_disarm: bool = False
    disarms: bool = False
    no_whiff: bool = False

    @model_validator(mode="after")
    def _two_classes(self) -> WeaponEntry:
        if self.two_handed_class is None:
            return self
        # The seed knows only neighbouring pairs: A/B, B/C, C/D.
        if _CLASSES.index(self.two_handed_class) != _CLASSES.index(self.weapon_class) + 1:
            raise ValueError("a two-class weapon's classes are neighbours: A/B, B/C or C/D")
        if self.hands != 1:
            raise ValueError("a weapon of two classes is held in one hand unless declared two")
        return self

    def class_for(self, two_handed: bool) -> str:
        return self.two_handed_class if two_handed and self.two_handed_class else self.weapon_class


class CostStep(StrictModel):
    """How a cost row goes on past its listed ranks: +`step` every `every` ranks."""

    step: int = Field(ge=0)
    every: int = Field(ge=1)


class SkillCostEntry(Entry):
    """Development point cost of each rank of a skill. `costs[i]` is rank i+1; past
    the list, `then` adds its step every so many ranks. A `per_weapon` skill costs the
    weapon's cost per rank instead. `free_ranks` are on every new sheet; `capped_by`
    names the skill its ranks may not exceed."""

    name: str = Field(min_length=1)
    costs: list[int] = Field(default_factory=list)
    then: CostStep | None = None
    free_ranks: int = Field(default=0, ge=0)
    per_weapon: bool = False
    capped_by: str | None = None

    @model_validator(mode="after")
    def _row_shape(self) -> SkillCostEntry:
        if self.per_weapon:
            if self.costs or self.then:
                raise ValueError("a per-weapon skill takes its cost from the weapons table")
            return self
        if not self.costs or self.then is None:
            raise ValueError("a cost row needs its listed costs and how it goes on ('then')")
        if any(c < 0 for c in self.costs):
            raise ValueError("costs cannot be negative")
        if any(c != 0 for c in self.costs[: self.free_ranks]):
            raise ValueError("free ranks cost 0")
        return self

    def cost_of_rank(self, n: int, weapon_cost: int | None = None) -> int:
        """Development points for rank `n` (1 = the first rank)."""
        if n < 1:
            raise ValueError("ranks start at 1")
        if self.per_weapon:
            if weapon_cost is None:
                raise ValueError(f"{self.name} costs the weapon's cost per rank: give it")
            return weapon_cost
        if n <= len(self.costs):
            return self.costs[n - 1]
        assert self.then is not None
        past = n - len(self.costs)
        return self.costs[-1] + self.then.step * ceil(past / self.then.every)

    def cost_to(self, ranks: int, weapon_cost: int | None = None, have: int = 0) -> int:
        """Development points to train from `have` ranks up to `ranks`."""
        return sum(self.cost_of_rank(n, weapon_cost) for n in range(have + 1, ranks + 1))


Seed = Literal["001_10899839d1d24cf5.txt", "002_c075b6a523e6b826.txt"]


class PoolRuleEntry(Entry):
    """One figure of the battle system that belongs to no other table (the carrying
    limit, development points after a battle, the whip's disarm, ...).

    It carries exactly one of: `value` (a number), `by_key` (a number for each face
    or weapon class, keys as strings since JSON keys are), `weapon` (a weapon id of
    the weapons table) or `weapon_class`. `source` is the seed that states it; an
    entry without one is a house ruling and must say so in `house`."""

    description: str = Field(min_length=1)
    value: int | None = Field(default=None, ge=0)
    by_key: dict[str, int] = Field(default_factory=dict)
    weapon: str | None = Field(default=None, min_length=1)
    weapon_class: WeaponClass | None = None
    source: Seed | None = None

    @model_validator(mode="after")
    def _one_figure(self) -> PoolRuleEntry:
        given = [name for name, present in (
            ("value", self.value is not None),
            ("by_key", bool(self.by_key)),
            ("weapon", self.weapon is not None),
            ("weapon_class", self.weapon_class is not None),
        ) if present]
        if len(given) != 1:
            raise ValueError("a rule gives exactly one of value, by_key, weapon or "
                             f"weapon_class (this one gives {given or 'none'})")
        if any(amount < 0 for amount in self.by_key.values()):
            raise ValueError("by_key amounts cannot be negative")
        if self.source is None and not self.house:
            raise ValueError("a rule no seed states is a house ruling: list it in 'house'")
        return self


ENTRY_MODELS: dict[str, type[Entry]] = {
    "insanity": InsanityEntry,
    "pool-attack": AttackEntry,
    "pool-block": BlockEntry,
    "pool-defence": DefenceRuleEntry,
    "pool-stance": StanceEntry,
    "pool-health": HealthEntry,
    "pool-weapon": WeaponEntry,
    "pool-skill-cost": SkillCostEntry,
    "pool-rule": PoolRuleEntry,
}
