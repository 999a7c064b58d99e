"""Entry models of the Grimdark Gladiators tables (seed 000): the critical table, the
moves, the abilities, the equipment and the general figures (`grimdark-rules`).

Effects use the shared vocabulary; what it lacks is written as `rule` effects whose
names must come from the lists below, so a typo in a table is caught on load and an
engine has a closed set of rules to carry out.

One long module: the models of Grimdark's eight tables share its effect vocabulary and
validators (the rules a move, an ability or a piece of equipment may name, and the
words each rule is checked against), so a table cannot name a rule another lacks."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, field_validator, model_validator

from companion.dice.notation.parse import parse
from companion.dice.notation.tree import Dice, Pool
from companion.errors import UserError
from companion.tables.effects import BonusDamage, Effect, Gruesome, Knockback, Rule, Stun, Wound
from companion.tables.model import Entry, StrictModel

Stat = Literal["brutality", "style", "mind", "weird"]
STATS: tuple[str, ...] = ("brutality", "style", "mind", "weird")
Element = Literal["acid", "electric", "fire", "ice"]
MoveCategory = Literal[
    "melee", "ranged", "support", "combined", "finishers", "arcane", "berserk", "demonic",
    "gamble", "performance", "tactical", "technomancy", "special", "universal",
]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


# The most a Grimdark table may roll at once: the seed's largest are 2d12 and a d10.
MOST_DICE, MOST_SIDES = 10, 20


def dice_text(value: str) -> str:
    """Dice notation as the source writes it, minus the '+' it sometimes puts in
    front ("+d2+2" and "d2+3" are the same kind of bonus); must parse as a sum."""
    text = value.strip().lower().removeprefix("+").strip()
    try:
        expr = parse(text)
    except UserError as err:
        raise ValueError(f"'{value}' is not dice notation: {err}") from None
    if isinstance(expr, Pool):
        raise ValueError(f"'{value}' is a success pool; damage needs a sum like d6+2")
    dice = [signed.term for signed in getattr(expr, "terms", []) if isinstance(signed.term, Dice)]
    if sum(d.count for d in dice) > MOST_DICE or any(d.sides > MOST_SIDES for d in dice):
        raise ValueError(f"'{value}' rolls more than Grimdark's dice ever do (at most "
                         f"{MOST_DICE} dice of at most {MOST_SIDES} sides): the odds of "
                         "every fight are counted exactly, die by die")
    return text


def _optional_dice(value: str | None) -> str | None:
    return None if value is None else dice_text(value)


def _check_rules(effects: list[Effect], known: dict[str, str], what: str) -> None:
    for effect in effects:
        if isinstance(effect, Rule) and effect.rule not in known:
            raise ValueError(f"unknown {what} rule '{effect.rule}' (known: {', '.join(known)})")


# ------------------------------------------------------------------ critical hits


class GrimdarkCritEntry(Entry):
    """One cell of the critical table: d8 roll x severity (advantage - 5).

    The hit already does 5 + the weapon's maximum damage; `bonus_damage` comes on top
    ("0" for none). The effects repeat the fields as effects, and must agree with them."""

    description: str
    bonus_damage: str
    knockback: int = Field(ge=0)
    stun: bool
    wound: bool
    gruesome: bool
    effects: list[Effect] = Field(default_factory=list)

    @field_validator("bonus_damage")
    @classmethod
    def _dice(cls, value: str) -> str:
        return dice_text(value)

    def expected_effects(self) -> list[Effect]:
        out: list[Effect] = []
        if self.bonus_damage != "0":
            out.append(BonusDamage(type="bonus_damage", dice=self.bonus_damage))
        if self.knockback:
            out.append(Knockback(type="knockback", amount=self.knockback))
        if self.stun:
            out.append(Stun(type="stun"))
        if self.wound:
            out.append(Wound(type="wound"))
        if self.gruesome:
            out.append(Gruesome(type="gruesome"))
        return out

    @model_validator(mode="after")
    def _effects_agree(self) -> GrimdarkCritEntry:
        # A user may add other effects, but never contradict the fields.
        mirrored = ("bonus_damage", "knockback", "stun", "wound", "gruesome")
        given = [e for e in self.effects if e.type in mirrored]
        given = [
            BonusDamage(type="bonus_damage", dice=dice_text(e.dice))
            if isinstance(e, BonusDamage) else e
            for e in given
        ]
        wanted = self.expected_effects()
        if sorted(map(repr, given)) != sorted(map(repr, wanted)):
            raise ValueError(f"effects {given} disagree with the fields (expected {wanted})")
        return self


# ------------------------------------------------------------------ moves

MOVE_RULES: dict[str, str] = {
    "disarm-turns": "on a hit the target cannot use its current weapon for `amount` turns",
    "target-penalty-next-turn": "on a hit the target takes `amount` on its next turn",
    "target-penalty-next-3-turns": "on a hit the target takes `amount` for its next 3 turns",
    "self-penalty-next-turn": "the user takes `amount` on his next turn",
    "bonus-damage-vs-worse-init": "`amount` more damage against a target with worse Init",
    "no-damage-from-non-critical-hits": "non-critical hits on the user do no damage",
    "target-ineffective-on-hit": "on a hit the target's active stat becomes Ineffective",
    "self-ineffective-after-attack": "the user's active stat becomes Ineffective afterwards",
    "stacking-bonus-per-use": "each successive use adds `amount` to the modifier",
    "stacking-bonus-max": "the stacked bonus stops at `amount`",
    "no-draw-on-hit": "on a hit the move stays in hand: no new move is drawn",
    "modifier-covers-whole-turn": "the modifier applies to every roll of the turn",
    "defeated-if-hit": "if any opponent hits the user this turn, the user is defeated",
    "damage-all-combatants-equal-brutality": "every combatant, the user too, takes damage "
    "equal to the user's Brutality",
    "opponents-use-this-stat": "opponents' active-stat moves use the stat rolled for this one",
    "power-die-worse-of-two": "roll a d`amount` twice for power and keep the worse",
    "modifier-vs-lower-cz": "`amount` against a target with lower CZ",
    "modifier-vs-higher-cz": "`amount` against a target with higher CZ",
    "modifier-vs-lower-cz-by-4": "`amount` instead against a target 4 or more CZ lower",
    "modifier-vs-higher-cz-by-4": "`amount` instead against a target 4 or more CZ higher",
    "modifier-vs-worse-init": "`amount` against a target with worse Init",
    "modifier-vs-better-init": "`amount` against a target with better Init",
    "modifier-vs-target-as-brutality": "`amount` when the target's active stat is Brutality",
    "modifier-vs-target-as-mind": "`amount` when the target's active stat is Mind",
    "modifier-vs-target-as-weird": "`amount` when the target's active stat is Weird",
    "damage-only-on-critical": "the move does damage only on a critical hit",
    "opponents-defend-with-style-or-mind": "opponents must defend with Style or Mind",
    "resist-all-elements-turns": "resistance to every element for `amount` turns",
    "remove-poisoned": "all poisoned conditions are removed",
    "remove-wounded": "the wounded condition is removed",
    "no-tie-cz": "an inconclusive exchange gives the user no CZ",
    "discard-hand-draw-three": "discard all three moves in hand and draw three new ones",
}

MoveKind = Literal[
    "melee-attack", "ranged-attack", "support", "combo-attack", "special-attack",
    "melee-finisher",
]
_ATTACK_OF_KIND: dict[str, tuple[str | None, ...]] = {
    "melee-attack": ("melee",),
    "melee-finisher": ("melee",),
    "ranged-attack": ("ranged",),
    "combo-attack": ("melee-or-ranged", None),  # Adaptive Shielding is labelled combo
    "support": (None,),
    "special-attack": (None,),  # Wrath from Beyond: damage to all, no power contest
}


class Cost(StrictModel):
    resource: Literal["arcane-essence", "quantum-energy"]
    amount: int = Field(ge=1)


class Gain(StrictModel):
    """A resource the user gains (negative: loses) on using the move or on a hit."""

    resource: Literal["cz", "arcane-essence", "quantum-energy", "curse"]
    amount: int
    on: Literal["use", "hit"]

    @field_validator("amount")
    @classmethod
    def _not_zero(cls, value: int) -> int:
        if value == 0:
            raise ValueError("a gain of 0 is no gain; leave it out")
        return value


class MoveRequirements(StrictModel):
    """What must hold before the move may be used (beyond its cost)."""

    cz_above_target: int | None = Field(default=None, ge=1)
    target_wounded: bool = False
    self_wounded: bool = False
    damage_taken_last_turn: int | None = Field(default=None, ge=1)
    weapon_property: str | None = None


class GrimdarkMoveEntry(Entry):
    """A move card. `stat` is the stat of the power roll: the attack's, or the
    defence's when the move makes no attack ("active" = the AS, "random" = rolled)."""

    name: str
    category: MoveCategory
    kind: MoveKind
    attack: Literal["melee", "ranged", "melee-or-ranged"] | None
    stat: Literal["brutality", "style", "mind", "weird", "active", "random"] | None
    asr: bool
    weapon: bool
    modifier: int
    bonus_damage: int | str
    half_damage: bool
    element: Element | None = None
    # The seed's "Elemental" attack: the damage die is one size larger against a
    # target without resistance to `element` (as the Elemental weapon property).
    elemental: bool = False
    cost: Cost | None
    gain: list[Gain]
    cooldown: int = Field(ge=0)
    requires_ability: str | None
    requirements: MoveRequirements | None
    sets_active_stat: Literal["brutality", "style", "mind", "weird", "any"] | None = None
    replaced_by: str | None = None
    effects: list[Effect]
    special: bool
    basic: bool
    always_available: bool = False
    description: str

    @field_validator("bonus_damage")
    @classmethod
    def _bonus(cls, value: int | str) -> int | str:
        if isinstance(value, str):
            return dice_text(value)
        if value < 0:
            raise ValueError("bonus damage cannot be negative")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> GrimdarkMoveEntry:
        if self.key != _slug(self.name):
            raise ValueError(f"key '{self.key}' should be '{_slug(self.name)}', from the name")
        # The seed's own definition: the 5-copies limit spares names starting "Basic".
        if self.basic != self.name.startswith("Basic "):
            raise ValueError("basic must be true exactly when the name starts with 'Basic'")
        if self.asr and self.stat not in STATS:
            raise ValueError("an ASR move is keyed to one of the four stats")
        if self.attack not in _ATTACK_OF_KIND[self.kind]:
            raise ValueError(f"a {self.kind} move cannot make attack {self.attack!r}")
        if self.elemental and self.element is None:
            raise ValueError("an elemental attack names its element")
        if self.weapon and self.attack is None:
            raise ValueError("only an attack can carry its own weapon (W)")
        if self.replaced_by is not None and self.replaced_by != _slug(self.replaced_by):
            raise ValueError("replaced_by names a move by its key")
        if self.always_available and (self.cooldown or self.cost is not None or self.asr
                                      or self.requirements is not None):
            # The move every hand holds is what he can always do: were it ever barred,
            # a hand of cards he cannot play would leave him nothing.
            raise ValueError("a move every hand holds (always_available) takes no "
                             "cooldown, cost, required stat or other requirement")
        _check_rules(self.effects, MOVE_RULES, "move")
        return self


# ------------------------------------------------------------------ abilities

ABILITY_RULES: dict[str, str] = {
    "melee-against-penalty": "melee attacks against him are at `amount` unless he was hit "
    "last turn",
    "flying-attackers-exempt-unless-hit": "a flying attacker escapes that penalty unless it "
    "was hit last turn",
    "no-group-bonus-for-non-huge-enemies": "non-huge enemies never get group attack bonuses",
    "extra-moves-per-level": "each level opens `amount` move he could not otherwise use",
    "ignore-crit-at-advantage": "enemy criticals at exactly this advantage have no effect",
    "natural-weapon-light": "the natural weapon is melee and counts as Light",
    "never-disarmed-or-broken": "the weapon can never be disarmed or broken",
    "cannot-be-poisoned": "poison never takes hold",
    "no-as-change-penalty": "moves that set the AS and attack lose their -1",
    "extra-hp-per-vampiric-hit": "`amount` more HP on every hit with a vampiric weapon",
    "random-as-instead-of-ineffective": "when the AS would become Ineffective it is set at "
    "random instead",
    "reallocate-after-first-fame": "once he gains 1 Fame, these points may be spent again",
}


class Cap(StrictModel):
    """How high a levelled ability may go: a fixed number, or one of his stats."""

    kind: Literal["fixed", "stat"]
    value: int | None = Field(default=None, ge=1)
    stat: Stat | None = None

    @model_validator(mode="after")
    def _one_limit(self) -> Cap:
        if (self.kind == "fixed") != (self.value is not None and self.stat is None):
            raise ValueError("a fixed cap has a value and no stat; a stat cap a stat only")
        return self

    def limit(self, stats: dict[str, int]) -> int:
        return self.value if self.value is not None else stats[str(self.stat)]


class Prerequisite(StrictModel):
    stat: Stat
    min: int = Field(ge=0, le=15)


class Chance(StrictModel):
    """A chance, rolled each turn, of a bonus to his power."""

    percent: float = Field(gt=0, le=100)
    per_level: bool
    bonus: int = Field(ge=1)
    against: str = ""


class Starting(StrictModel):
    """Something he starts each match (or his career) with: a number, a stat's value,
    or a dice roll; exactly one of them."""

    resource: Literal["arcane-essence", "quantum-energy", "fame", "wins"]
    amount: int | None = Field(default=None, ge=0)
    stat: Stat | None = None
    dice: str | None = None

    @field_validator("dice")
    @classmethod
    def _dice(cls, value: str | None) -> str | None:
        return _optional_dice(value)

    @model_validator(mode="after")
    def _exactly_one(self) -> Starting:
        if sum(x is not None for x in (self.amount, self.stat, self.dice)) != 1:
            raise ValueError("give exactly one of amount, stat or dice")
        return self


class GrimdarkAbilityEntry(Entry):
    name: str
    cost: int = Field(ge=0)
    per_level: bool
    cap: Cap | None
    prerequisite: Prerequisite | None
    slots: int = Field(le=0)  # equipment slots given up (Natural Weapon: -2)
    unlocks_moves: MoveCategory | None
    chance: Chance | None = None
    hp_die: str | None = None  # rolled instead of the d8 for starting HP
    init_die: str | None = None  # rolled instead of the d8 for Init
    hp_bonus: int = Field(default=0, ge=0)
    init_bonus: int = Field(default=0, ge=0)
    damage_bonus: int = Field(default=0, ge=0)
    weapon_damage: str | None = None
    starting: list[Starting] = Field(default_factory=list)
    effects: list[Effect]
    description: str

    @field_validator("hp_die", "init_die", "weapon_damage")
    @classmethod
    def _dice(cls, value: str | None) -> str | None:
        return _optional_dice(value)

    @model_validator(mode="after")
    def _consistent(self) -> GrimdarkAbilityEntry:
        if self.key != _slug(self.name):
            raise ValueError(f"key '{self.key}' should be '{_slug(self.name)}', from the name")
        if self.cap is not None and not self.per_level:
            raise ValueError("only an ability bought by the level has a cap")
        _check_rules(self.effects, ABILITY_RULES, "ability")
        return self


# ------------------------------------------------------------------ equipment

EQUIPMENT_RULES: dict[str, str] = {
    "target-ineffective-on-crit": "on a critical the opponent's AS becomes Ineffective",
    "crit-severity-at-least-cz-lead": "criticals are at least as severe as his CZ lead",
    "never-disarmed-or-broken": "the weapon can never be disarmed or broken",
    "ignores-knockback": "the wielder suffers no knockback penalties",
    "ignores-stun": "the wielder is never stunned",
    "deflect-on-highest-face": "a non-critical hit on the wielder does no damage if the "
    "deflect die shows its highest face",
    "die-step-unless-resistant": "the larger die applies to targets without resistance",
    "die-step-when-thrown": "the smaller die is for the thrown (ranged) attack",
    "heal-capped-at-max-hp": "healing never takes him above his maximum HP",
}


class LowCrit(StrictModel):
    """A critical below the usual +6 threshold, and how it is read."""

    advantage: int = Field(ge=2)
    severity: int = Field(ge=1)
    base_damage: int = Field(ge=0)


class RangedVsMelee(StrictModel):
    """Ranged attack modifiers against a melee attacker: `bonus` when he did not attack
    the wielder in melee last turn, `penalty` when he did (normally +2 and -2)."""

    bonus: int
    penalty: int


class GrimdarkEquipmentEntry(Entry):
    name: str
    category: Literal["weapon", "property", "armour"]
    slots: int = Field(ge=0)
    damage: str | None
    melee: bool
    ranged: bool
    weight: Literal["light", "heavy"] | None
    restriction: Literal["heavy-only", "light-only", "ranged-only", "melee-only"] | None
    die_steps: int = 0  # damage die one size larger (+1) or smaller (-1)
    min_advantage: int | None = Field(default=None, ge=2)
    crit_threshold: int = 0
    low_crit: LowCrit | None = None
    deflect_die_melee: str | None = None
    deflect_die_ranged: str | None = None
    elements: list[Element] = Field(default_factory=list)
    power_dice: str | None = None  # rolled instead of the d8 for power
    crit_bonus_damage: int = Field(default=0, ge=0)
    ranged_vs_melee: RangedVsMelee | None = None
    gone_turns: str | None = None
    poison_per_hit: int = Field(default=0, ge=0)
    poison_per_crit: int = Field(default=0, ge=0)
    poison_defeat: int | None = Field(default=None, ge=1)
    crit_severity_step: int = Field(default=0, ge=0)
    self_damage_per_attack: int = Field(default=0, ge=0)
    hp_per_hit: int = Field(default=0, ge=0)
    hp_per_crit: int = Field(default=0, ge=0)
    hp_per_slot: int = Field(default=0, ge=0)
    effects: list[Effect] = Field(default_factory=list)
    description: str

    @field_validator(
        "damage", "deflect_die_melee", "deflect_die_ranged", "power_dice", "gone_turns"
    )
    @classmethod
    def _dice(cls, value: str | None) -> str | None:
        return _optional_dice(value)

    @model_validator(mode="after")
    def _consistent(self) -> GrimdarkEquipmentEntry:
        if self.category == "weapon":
            if self.damage is None or self.melee == self.ranged:
                raise ValueError("a weapon has a damage die and is either melee or ranged")
        elif self.damage is not None or self.weight is not None:
            raise ValueError(f"a {self.category} has no damage die or weight of its own")
        if self.category != "property" and self.restriction is not None:
            raise ValueError("only a property is restricted to some weapons")
        if self.category == "armour" and self.hp_per_slot < 1:
            raise ValueError("armour gives HP for each slot")
        _check_rules(self.effects, EQUIPMENT_RULES, "equipment")
        return self


# ------------------------------------------------------------------ general figures

# How the readings the seed leaves open are settled (each entry says which it takes).
Reading = Literal[
    "target", "opponent", "user only", "both sides", "each turn", "once a match",
    "every power roll", "attacks only", "always dead unless starred", "rolled as usual",
    "another move played", "never", "down", "up", "every copy", "one copy",
    "attackers", "move bonus too", "whole blow", "in place of the weapon in hand",
    "own target", "every opponent", "at once", "end of turn", "every hit",
    "hits that do damage", "its user's fights", "better die", "listed weapon first",
]


class GrimdarkRuleEntry(Entry):
    """One general figure of the Grimdark rules no other table carries: the tie band,
    the critical threshold, the build rules, the start figures, the death dice.

    It carries exactly one of: `value` (a number), `die` (dice notation), `stat` (one
    of the four stats) or `reading` (how an open passage of the seed is read). `source`
    is the seed that states it; an entry without one is a house ruling and must say so
    in `house`."""

    description: str = Field(min_length=1)
    value: int | None = None
    die: str | None = None
    stat: Stat | None = None
    reading: Reading | None = None
    source: Literal["000_387c877d10175024.txt"] | None = None

    @field_validator("die")
    @classmethod
    def _dice(cls, value: str | None) -> str | None:
        return _optional_dice(value)

    @model_validator(mode="after")
    def _one_figure(self) -> GrimdarkRuleEntry:
        given = [name for name in ("value", "die", "stat", "reading")
                 if getattr(self, name) is not None]
        if len(given) != 1:
            raise ValueError("a rule gives exactly one of value, die, stat or reading "
                             f"(this one gives {given or 'none'})")
        if self.source is None and not self.house:
            raise ValueError("a rule the seed does not state is a house ruling: list it "
                             "in 'house'")
        return self


ENTRY_MODELS: dict[str, type[Entry]] = {
    "grimdark-rule": GrimdarkRuleEntry,
    "grimdark-crit": GrimdarkCritEntry,
    "grimdark-move": GrimdarkMoveEntry,
    "grimdark-ability": GrimdarkAbilityEntry,
    "grimdark-equipment": GrimdarkEquipmentEntry,
}
