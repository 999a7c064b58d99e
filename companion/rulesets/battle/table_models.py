"""Entry models of the battle system's tables (seeds 001 and 002): the critical
tables and fate, insanity, and the `pool-*` tables.

Kinds: `crit`, `fate`, `insanity`, `pool-attack`, `pool-block`, `pool-defence`,
`pool-stance`, `pool-health`, `pool-weapon`, `pool-skill-cost`, `pool-rule`. RULES.md
section 2 settles what the flattened seed tables left unclear; house values are listed
in each entry's `house`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import ceil
from typing import Any, Literal

from pydantic import Field, model_validator

from companion.errors import UserError
from companion.tables.effects import Effect, Scar, ScarLoss
from companion.tables.model import Entry, StrictModel
from companion.tables.table import Table


class SubEntry(StrictModel):
    """One line of a crit entry's own d6 sub-table: a permanent scar. Each line holds
    exactly one `scar` effect, whose `loses` names the body part lost (or "none")."""

    key: int = Field(ge=1, le=6)
    description: str = Field(min_length=1)
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _one_scar(self) -> SubEntry:
        if sum(isinstance(e, Scar) for e in self.effects) != 1:
            raise ValueError("a scar sub-table line needs exactly one 'scar' effect")
        return self

    @property
    def scar(self) -> Scar:
        return next(e for e in self.effects if isinstance(e, Scar))

    @property
    def loses(self) -> ScarLoss:
        return self.scar.loses


class CritEntry(Entry):
    """A critical damage entry: `damage` and `stun` are always present, and the effects
    repeat the stun (a `stun` effect) or its absence (an `awake` effect) so that an
    engine applying effects alone gets it right. The open top key adds
    `damage_per_point_over` for each point of the total past its low end."""

    description: str = Field(min_length=1)
    damage: int = Field(ge=0)
    stun: bool
    damage_per_point_over: int = Field(default=0, ge=0)
    # The source stars some keys without saying why; kept as data, not interpreted.
    starred: bool = False
    effects: list[Effect] = Field(default_factory=list)
    subtable: list[SubEntry] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consistent(self) -> CritEntry:
        kinds = [e.type for e in self.effects]
        if self.stun and ("stun" not in kinds or "awake" in kinds):
            raise ValueError("a stunning entry needs a 'stun' effect and no 'awake' effect")
        if not self.stun and ("awake" not in kinds or "stun" in kinds):
            raise ValueError("an entry that does not stun needs an 'awake' effect")
        if any(k in kinds for k in ("no_focus", "stunned_rounds")) and not self.stun:
            raise ValueError("'no_focus' and 'stunned_rounds' need the entry to stun")
        if self.subtable and sorted(s.key for s in self.subtable) != list(range(1, 7)):
            raise ValueError("a sub-table must have exactly the keys 1-6 of a d6")
        if bool(self.subtable) != ("roll_subtable" in kinds):
            raise ValueError("a 'roll_subtable' effect and a sub-table go together")
        if self.damage_per_point_over and not _open_above(self.key):
            raise ValueError("only an open-topped key like [35, null] adds damage per point")
        return self

    @property
    def low(self) -> int:
        """The lowest total this entry covers."""
        return self.key[0] if isinstance(self.key, list | tuple) else self.key

    def damage_at(self, total: int) -> int:
        """Damage for a total this entry covers: above the open top, 45 at 35 becomes
        50 at 36 and 70 at 40."""
        return self.damage + self.damage_per_point_over * max(0, total - self.low)

    def resolved(self, *keys: int | str) -> dict[str, Any]:
        """The entry as data for the total that found it, damage computed."""
        data = self.model_dump(mode="json")
        total = keys[0] if keys else self.low
        if isinstance(total, int):
            data["damage"] = self.damage_at(total)
        return data


def _open_above(key: Any) -> bool:
    return isinstance(key, list | tuple) and len(key) == 2 and key[1] is None


def crit_total(dice: Sequence[int], bonus: int) -> int:
    """The number looked up: the crit dice summed, plus the weapon's critical bonus."""
    return sum(dice) + bonus


@dataclass(frozen=True)
class CritHit:
    """What one critical did: the total rolled, its entry and the damage it deals."""

    total: int
    entry: CritEntry

    @property
    def damage(self) -> int:
        return self.entry.damage_at(self.total)

    @property
    def stun(self) -> bool:
        return self.entry.stun


def crit_entry(table: Table, total: int) -> CritEntry:
    """The entry of a crit table for a total. A total under the lowest key takes the
    lowest entry (the axis says so); any total above the open top takes the top entry."""
    if table.file.kind != "crit":
        raise UserError(f"table '{table.id}' is not a critical damage table")
    axis = table.axes[0]
    entry = table.lookup(table.clamp(axis, total))
    assert isinstance(entry, CritEntry)
    return entry


def crit_hit(table: Table, total: int) -> CritHit:
    """Look a total up and compute its damage (2+3+4+6 with a broad sword's +4 is 19:
    11 damage and a stun on the slashing table)."""
    return CritHit(total, crit_entry(table, total))


class FateEntry(Entry):
    description: str
    heal: int = Field(ge=0)
    effects: list[Effect] = Field(default_factory=list)


WeaponClass = Literal["A", "B", "C", "D"]
_CLASSES = "ABCD"


# The words of the insanity table's `rule` effects, by name (`amount` stands for the
# effect's figure); `quirks` carries out the ones the engine judges.
INSANITY_RULES: dict[str, str] = {
    "no_luck": "never uses luck dice",
    "no_attack_on_stunned_opponent": "will not attack a stunned opponent",
    "drops_weapon_on_whiff": "drops his weapon on every whiff",
    "focus_sixes_needed": "needs `amount` 6s on a focus roll to shake off a stun",
    "loses_health_each_turn_once_wounded": "once wounded, loses `amount` health at the "
    "start of each of his turns",
    "must_attack_defensively_at_or_below_health": "attacks only defensively at `amount` "
    "health or less",
    "no_more_armor_ranks": "can gain no more ARMOR ranks",
    "train_defence_above_attack": "trains defence until it exceeds his ATTACK",
    "train_attack_above_defence": "trains ATTACK until it exceeds his defence",
    "train_initiative_to_wins_divided_by": "trains INITIATIVE up to his wins divided by "
    "`amount`",
    "train_focus_to_wins_divided_by": "trains FOCUS up to his wins divided by `amount`",
    "train_heal_to_wins_divided_by": "trains HEAL up to his wins divided by `amount`",
    "train_strength_to_wins_divided_by": "trains STRENGTH up to his wins divided by "
    "`amount`",
    "train_signature_move_to_wins_divided_by": "trains SIGNATURE MOVE up to his wins "
    "divided by `amount`",
    "health_ranks_per_two_wins": "keeps `amount` HEALTH ranks for every 2 wins",
    "only_fights_opponents_with_more_wins": "fights only opponents with more wins",
    "must_try_to_stay_conscious_with_all_luck": "must try to stay conscious with every "
    "luck die",
    "must_try_to_stay_conscious": "must try to stay conscious",
    "awake_after_hit_of_at_least": "a hit of `amount` damage or more leaves him unstunnable "
    "for the battle",
    "gains_health_at_turn_start_below_zero": "gains `amount` health at the start of each "
    "turn below 0",
    "improved_heal_per_4": "each 4 on a heal die heals `amount`",
    "improved_heal_per_5": "each 5 on a heal die heals `amount`",
    "improved_heal_per_6": "each 6 on a heal die heals `amount`",
    "signature_move_against_loses_sixes": "a SIGNATURE MOVE against him loses `amount` of "
    "its 6s",
    "development_points": "gains `amount` development points",
    "luck_die_lost_at_or_below": "loses a luck die only on `amount` or less",
    "fate_rolls_choose_one": "makes `amount` fate rolls and keeps the one he likes",
    "must_change_name": "must take a new name",
}


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
    "crit": CritEntry,
    "fate": FateEntry,
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
