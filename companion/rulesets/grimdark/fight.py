"""One fight of Grimdark Gladiators: two revealed moves, two power rolls, and what the
winner's margin does. Pure: the match engine says who is where, this says what the
dice make of it, as structured results the narrator and the UI read.

One long module: the seed's exchange is one procedure (modifiers, power rolls, the
margin's reading), kept in the seed's order so that it can be checked against it line by
line."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Literal, NamedTuple

from companion.dice.notation.parse import parse
from companion.dice.notation.tree import Const, Dice, Sum
from companion.dice.sources import DiceSource
from companion.rulesets.grimdark.data import GrimdarkData, GrimdarkDataError
from companion.rulesets.grimdark.table_models import (
    GrimdarkCritEntry,
    GrimdarkEquipmentEntry,
    GrimdarkMoveEntry,
)
from companion.tables.effects import Rule

Reason = Literal[
    "stat", "move", "ranged-vs-melee", "out-of-position", "extra-attackers", "flying",
    "huge", "knockback", "combat-focus", "gambler", "penalty", "assess", "move-condition",
    "last-stand", "other",
]
# The reasons a chance-based ability's bonus is given under; a house ability with a
# chance of its own counts as "other" (its key is kept on the ChanceBonus).
CHANCE_REASONS: dict[str, Reason] = {
    "combat-focus": "combat-focus", "gambler": "gambler", "huge": "huge"}
Band = Literal["inconclusive", "hit", "critical"]
Keep = Literal["all", "worse"]  # a power roll's dice summed, or the worse one kept
Reach = Literal["melee", "ranged"]

# The die ladder the equipment table's notes give as the house ruling: a step larger
# from d4 is d6; 0 never shrinks and d12 never grows.
DIE_LADDER = (0, 2, 4, 6, 8, 10, 12)


@dataclass(frozen=True)
class Modifier:
    amount: int
    reason: Reason


@dataclass(frozen=True)
class ChanceBonus:
    """A bonus to his power that may come this turn and is not rolled yet (Combat
    Focus, Gambler, Huge). The engine rolls it once a turn and passes what came as a
    Modifier in `Side.extra`; the odds mix over it instead."""

    chance: Fraction
    amount: int
    reason: Reason
    ability: str = ""  # the ability's key, for the narrator's words

    def modifier(self) -> Modifier:
        return Modifier(self.amount, self.reason)


@dataclass(frozen=True)
class Weapon:
    """The weapon a side fights with this exchange and the properties on it."""

    damage: str
    properties: tuple[GrimdarkEquipmentEntry, ...] = ()
    element: str | None = None  # the element an Elemental property deals

    def rules(self) -> frozenset[str]:
        return self._rules

    @cached_property
    def _rules(self) -> frozenset[str]:
        # Asked of the same weapon every fight and every odds: worked out once.
        return frozenset(e.rule for p in self.properties for e in p.effects
                         if isinstance(e, Rule))


class Side(NamedTuple):
    """One combatant as far as this exchange goes. `reach` says how a melee-or-ranged
    move is made; the flags are the engine's knowledge of the turn before. A named
    tuple, not a dataclass: the computer player builds thousands a match."""

    move: GrimdarkMoveEntry
    stat_value: int
    weapon: Weapon
    reach: Reach | None = None
    opponent_out_of_position: bool = False
    # The group bonus's count (`group_bonus`): the other attackers on his own target
    # when this fight is against it; under the other reading, how many attack the one
    # ganged past the first. `targeted`: he is the one several attack.
    gang: int = 0
    targeted: bool = False
    struck_in_melee_last_turn: bool = False  # his opponent struck him in melee
    huge: bool = False
    huge_chance_won: bool = False  # Huge's chance, rolled by the engine this turn
    flying: bool = False
    hit_last_turn: bool = False
    resistances: frozenset[str] = frozenset()
    cz_lead: int = 0
    extra: tuple[Modifier, ...] = ()  # knockback and other penalties the engine carries
    # What the move conditions of his opponent's move read of him (Timing is
    # Everything, Crowd Favorite, Twirling Scarves): his Init, his CZ and his active
    # stat's key ("ineffective" when it is; None when unknown: no condition holds).
    init: int = 0
    cz: int = 0
    active_stat: str | None = None
    # Bonuses that may come this turn, not rolled yet: the odds mix over them; the
    # engine rolls them and leaves this empty, the bonus that came in `extra`.
    chances: tuple[ChanceBonus, ...] = ()
    # Whether the other side of this fight is the target of his move; False when he
    # only defends against someone who attacks him: then his move's conditions on
    # "the target" (Twirling Scarves) do not hold, those on "opponents" still do.
    facing_target: bool = True

    @property
    def armed(self) -> Weapon:
        """What the blow is struck with: a move marked W (a spell) is its own weapon,
        its extra damage the die, in place of the weapon in hand and its properties."""
        move = self.move
        if move.weapon and isinstance(move.bonus_damage, str):
            return Weapon(move.bonus_damage)
        return self.weapon

    @property
    def attack(self) -> Reach | None:
        if self.move.attack is None:
            return None
        if self.move.attack == "melee-or-ranged":
            return self.reach or "melee"
        return self.move.attack


@dataclass(frozen=True)
class PowerRoll:
    dice: str
    faces: tuple[int, ...]
    modifiers: tuple[Modifier, ...]
    keep: Keep = "all"  # "worse": High Stakes' two dice, the lower one counts

    @property
    def kept(self) -> int:
        """What the dice give: their sum, or the worse face."""
        return min(self.faces) if self.keep == "worse" else sum(self.faces)

    @property
    def total(self) -> int:
        return self.kept + sum(m.amount for m in self.modifiers)


@dataclass(frozen=True)
class DamagePart:
    amount: int
    reason: Literal["margin", "weapon-die", "critical-base", "weapon-maximum",
                    "property-critical", "critical-table", "move-bonus", "halved",
                    "only-on-critical", "shielded", "deflected"]
    faces: tuple[int, ...] = ()


@dataclass(frozen=True)
class Damage:
    die: str
    parts: tuple[DamagePart, ...]

    @property
    def total(self) -> int:
        return max(0, sum(p.amount for p in self.parts))


@dataclass(frozen=True)
class FightResult:
    powers: tuple[PowerRoll, PowerRoll]
    advantage: int
    band: Band
    winner: int | None  # 0 or 1; None when inconclusive
    damage: Damage | None  # to the loser
    severity: int | None
    crit_roll: int | None
    crit: GrimdarkCritEntry | None
    out_of_position: bool  # a non-attack won by a critical margin: the loser is

    @property
    def loser(self) -> int | None:
        return None if self.winner is None else 1 - self.winner


# ------------------------------------------------------------------ figures


# Parsed once per text: a fight reads the same few dice texts many times, and the
# odds' enumeration in the tests plays thousands of fights.
@lru_cache(maxsize=256)
def terms(text: str) -> tuple[tuple[tuple[int, int], ...], int]:
    """The dice (count, sides) and the constant of a plain sum like d4+5."""
    expr = parse(text)
    assert isinstance(expr, Sum)
    dice: list[tuple[int, int]] = []
    const = 0
    for signed in expr.terms:
        if isinstance(signed.term, Dice):
            dice.append((signed.term.count, signed.term.sides))
        elif isinstance(signed.term, Const):
            const += signed.sign * signed.term.value
        else:
            raise ValueError(f"{text} is not a plain sum of dice")
    return tuple(dice), const


def power_dice(data: GrimdarkData, me: Side) -> tuple[str, Keep]:
    """The dice of his power roll and how they count: the d8 (`power-die`); a
    property's own dice (Paired: 2d4 on every power roll, spells too); or a move's die
    rolled twice, the worse kept (High Stakes), which the house lets replace the
    paired dice as well (`worse-of-two-and-paired`)."""
    worse = _move_rule_amount(me.move, "power-die-worse-of-two")
    held = next((p.power_dice for p in me.weapon.properties if p.power_dice is not None),
                None)
    if worse is not None and (held is None or data.figures.reading(
            "worse-of-two-and-paired") == "in place of the weapon in hand"):
        return f"2d{worse}", "worse"
    return held or data.figures.die("power-die"), "all"


def _move_rule_amount(move: GrimdarkMoveEntry, rule: str) -> int | None:
    return next((e.amount for e in move.effects
                 if isinstance(e, Rule) and e.rule == rule and e.amount is not None), None)


def move_conditions(data: GrimdarkData, me: Side, other: Side) -> list[Modifier]:
    """His move's own modifiers that hang on the other side: on their CZ against his
    (Crowd Favorite, the larger amount from a gap of `move-cz-gap`), on their Init
    (Timing is Everything; equal Init gives nothing), on the target's active stat
    (Twirling Scarves; Ineffective is no stat). Amounts are the move's."""
    move = me.move
    out: list[Modifier] = []
    gap = me.cz - other.cz
    if gap:
        side = "lower" if gap > 0 else "higher"
        amount = None
        if abs(gap) >= data.figures.value("move-cz-gap"):
            amount = _move_rule_amount(move, f"modifier-vs-{side}-cz-by-4")
        if amount is None:
            amount = _move_rule_amount(move, f"modifier-vs-{side}-cz")
        if amount is not None:
            out.append(Modifier(amount, "move-condition"))
    if me.init != other.init:
        amount = _move_rule_amount(
            move, "modifier-vs-worse-init" if other.init < me.init else
            "modifier-vs-better-init")
        if amount is not None:
            out.append(Modifier(amount, "move-condition"))
    if me.facing_target and other.active_stat is not None:
        amount = _move_rule_amount(move, f"modifier-vs-target-as-{other.active_stat}")
        if amount is not None:
            out.append(Modifier(amount, "move-condition"))
    return out


def power_modifiers(data: GrimdarkData, me: Side, other: Side) -> tuple[Modifier, ...]:
    """Stat, move and the situation, each with its reason; zeroes are left out. The
    situational bonuses and the flying penalty count only against his move's own
    target (grimdark-rules `situational-bonuses-against`)."""
    fig = data.figures
    mods = [Modifier(me.stat_value, "stat"), Modifier(me.move.modifier, "move"),
            *move_conditions(data, me, other)]
    own = me.facing_target or fig.reading("situational-bonuses-against") == "every opponent"
    if own and me.attack == "ranged" and other.attack == "melee":
        quick = next((p.ranged_vs_melee for p in me.armed.properties
                      if p.ranged_vs_melee is not None), None)
        if me.struck_in_melee_last_turn:
            amount = quick.penalty if quick else fig.value("ranged-vs-melee-penalty")
        else:
            amount = quick.bonus if quick else fig.value("ranged-vs-melee-bonus")
        mods.append(Modifier(amount, "ranged-vs-melee"))
    if own and me.opponent_out_of_position:
        mods.append(Modifier(fig.value("out-of-position-bonus"), "out-of-position"))
    group = group_bonus(data, me, other)
    if group:
        mods.append(Modifier(group, "extra-attackers"))
    if own and me.attack == "melee" and other.flying and not other.hit_last_turn and \
            not (me.flying and not me.hit_last_turn):
        mods.append(Modifier(_ability_amount(data, "flying", "melee-against-penalty"),
                             "flying"))
    huge = data.abilities.get("huge")
    if me.huge and me.huge_chance_won and not other.huge and huge and huge.chance:
        mods.append(Modifier(huge.chance.bonus, "huge"))
    mods.extend(me.extra)
    return tuple(m for m in mods if m.amount or m.reason == "stat")


def group_bonus(data: GrimdarkData, me: Side, other: Side) -> int:
    """His group bonus in this fight (grimdark-rules `extra-attacker-bonus-goes-to`):
    the seed's reading gives each attacker +1 for every other attacker on his target,
    in his fight against it, up to the most; the other gives it to the one ganged, in
    each of his fights. Huge's own words hold either way: a non-huge side never has
    it in a fight with a huge one."""
    if not me.gang or (other.huge and not me.huge):
        return 0
    fig = data.figures
    if fig.reading("extra-attacker-bonus-goes-to") == "target":
        if not me.targeted:
            return 0
    elif not me.facing_target:
        return 0
    return min(me.gang * fig.value("extra-attacker-bonus"),
               fig.value("extra-attacker-bonus-most"))


def chances_of(data: GrimdarkData, abilities: Mapping[str, int], opponent_huge: bool,
               me_huge: bool) -> tuple[ChanceBonus, ...]:
    """The chance bonuses his abilities (key: level) give him against this opponent,
    from each ability's `chance`: a percent, per level or once. `me_huge` counts him
    Huge even without the ability (a beast's sheet), so Huge's chance is his too."""
    levels = dict(abilities)
    if me_huge and "huge" in data.abilities:
        levels.setdefault("huge", 1)
    out: list[ChanceBonus] = []
    for key, level in levels.items():
        entry = data.abilities.get(key)
        if entry is None or entry.chance is None or level <= 0:
            continue
        if not _against_holds(key, entry.chance.against, opponent_huge):
            continue
        # The percent as written ("12.5"), not the float's binary expansion.
        chance = Fraction(str(entry.chance.percent)) / 100
        if entry.chance.per_level:
            chance *= level
        out.append(ChanceBonus(min(chance, Fraction(1)), entry.chance.bonus,
                               CHANCE_REASONS.get(key, "other"), key))
    return tuple(out)


def _against_holds(ability: str, against: str, opponent_huge: bool) -> bool:
    """Whether an ability's chance holds against this opponent (its `against` words)."""
    if against == "":
        return True
    if against == "non-huge opponent":
        return not opponent_huge
    if against == "huge opponent":
        return opponent_huge
    raise GrimdarkDataError(
        f"grimdark-abilities: {ability}'s chance is against '{against}', which the fight "
        "cannot tell (write 'non-huge opponent', 'huge opponent' or nothing)",
        "grimdark-abilities")


def _ability_amount(data: GrimdarkData, ability: str, rule: str) -> int:
    for effect in data.abilities[ability].effects:
        if isinstance(effect, Rule) and effect.rule == rule and effect.amount is not None:
            return effect.amount
    raise KeyError(f"{ability} has no {rule}")


def crit_threshold(data: GrimdarkData, weapon: Weapon) -> int:
    return data.figures.value("critical-advantage") + sum(
        p.crit_threshold for p in weapon.properties)


def band_of(data: GrimdarkData, advantage: int, weapon: Weapon) -> Band:
    if advantage < data.figures.value("tie-band"):
        return "inconclusive"
    return "critical" if advantage >= crit_threshold(data, weapon) else "hit"


def severity_of(data: GrimdarkData, advantage: int, weapon: Weapon, cz_lead: int) -> int:
    low = next((p.low_crit for p in weapon.properties
                if p.low_crit is not None and p.low_crit.advantage == advantage), None)
    base = low.severity if low else advantage - data.figures.value("critical-severity-offset")
    base += sum(p.crit_severity_step for p in weapon.properties)
    if "crit-severity-at-least-cz-lead" in weapon.rules():
        base = max(base, cz_lead)
    return max(1, base)


def critical_base(data: GrimdarkData, advantage: int, weapon: Weapon) -> int:
    low = next((p.low_crit for p in weapon.properties
                if p.low_crit is not None and p.low_crit.advantage == advantage), None)
    return low.base_damage if low else data.figures.value("critical-base-damage")


def damage_die(weapon: Weapon, attacker: Side, target: Side, advantage: int) -> str:
    """The weapon's die after every step up or down that applies to this blow."""
    dice, const = terms(weapon.damage)
    sides = dice[0][1] if dice else 0
    steps = 0
    for prop in weapon.properties:
        rules = {e.rule for e in prop.effects if isinstance(e, Rule)}
        if "die-step-unless-resistant" in rules:
            applies = weapon.element is None or weapon.element not in target.resistances
        elif "die-step-when-thrown" in rules:
            applies = attacker.attack == "ranged"
        elif prop.min_advantage is not None:
            applies = advantage >= prop.min_advantage
        else:
            applies = True
        steps += prop.die_steps if applies else 0
    move = attacker.move
    if move.elemental and move.element not in target.resistances:
        steps += 1
    index = DIE_LADDER.index(sides) if sides in DIE_LADDER else None
    if index is None or steps == 0:
        return weapon.damage
    index = max(0, min(len(DIE_LADDER) - 1, index + steps))
    die = f"d{DIE_LADDER[index]}" if DIE_LADDER[index] else "0"
    return die if not const else f"{die}+{const}"


# ------------------------------------------------------------------ the fight


def _roll(dice: DiceSource, text: str, purpose: str, roller: str) -> tuple[int, ...]:
    """The faces of a dice sum's dice, its constant left for the caller to add."""
    dice_terms, _ = terms(text)
    faces: list[int] = []
    for count, sides in dice_terms:
        faces.extend(dice.roll(sides, count, purpose=purpose, roller=roller).faces)
    return tuple(faces)


def _rolled(dice: DiceSource, text: str, purpose: str,
            roller: str) -> tuple[int, tuple[int, ...]]:
    faces = _roll(dice, text, purpose, roller)
    return sum(faces) + terms(text)[1], faces


def roll_power(data: GrimdarkData, me: Side, other: Side, dice: DiceSource,
               roller: str = "") -> PowerRoll:
    text, keep = power_dice(data, me)
    return PowerRoll(text, _roll(dice, text, "power", roller), power_modifiers(data, me, other),
                     keep)


def resolve(data: GrimdarkData, sides: tuple[Side, Side], dice: DiceSource,
            crit_roll: int | None = None, names: tuple[str, str] = ("", "")) -> FightResult:
    """Roll both powers, then the damage of whoever won by enough. `crit_roll` is the
    d8 of the critical table when the player rolled it himself."""
    a, b = sides
    powers = (roll_power(data, a, b, dice, names[0]), roll_power(data, b, a, dice, names[1]))
    return settle(data, sides, powers, dice, crit_roll, names)


def settle(data: GrimdarkData, sides: tuple[Side, Side], powers: tuple[PowerRoll, PowerRoll],
           dice: DiceSource, crit_roll: int | None = None,
           names: tuple[str, str] = ("", "")) -> FightResult:
    """What two power rolls already made do: the band, and the winner's damage."""
    diff = powers[0].total - powers[1].total
    advantage = abs(diff)
    winner = 0 if diff > 0 else 1
    me, target = sides[winner], sides[1 - winner]
    weapon = me.armed
    band = band_of(data, advantage, weapon)
    if band == "inconclusive":
        return FightResult(powers, advantage, band, None, None, None, None, None, False)
    if me.attack is None:
        return FightResult(powers, advantage, band, winner, None, None, None, None,
                           band == "critical")
    die = damage_die(weapon, me, target, advantage)
    who = names[winner]
    if band == "hit":
        parts = [DamagePart(advantage, "margin")]
        total, faces = _rolled(dice, die, "damage", who)
        parts.append(DamagePart(total, "weapon-die", faces))
        if has_rule(me.move, "damage-only-on-critical"):
            parts.append(DamagePart(-sum(p.amount for p in parts), "only-on-critical"))
            return FightResult(powers, advantage, band, winner, Damage(die, tuple(parts)),
                               None, None, None, False)
        parts.extend(_move_parts(data, me.move, dice, who, parts))
        parts.extend(_turned_aside(me, target, dice, names[1 - winner], parts))
        return FightResult(powers, advantage, band, winner, Damage(die, tuple(parts)),
                           None, None, None, False)
    severity = severity_of(data, advantage, weapon, me.cz_lead)
    roll = crit_roll if crit_roll is not None else \
        dice.roll(data.crit_sides, purpose="critical", roller=who).faces[0]
    entry = data.crit(roll, severity)
    parts = [DamagePart(critical_base(data, advantage, weapon), "critical-base"),
             DamagePart(maximum(die), "weapon-maximum")]
    paired = sum(p.crit_bonus_damage for p in weapon.properties)
    if paired:
        parts.append(DamagePart(paired, "property-critical"))
    if entry.bonus_damage != "0":
        total, faces = _rolled(dice, entry.bonus_damage, "critical damage", who)
        parts.append(DamagePart(total, "critical-table", faces))
    parts.extend(_move_parts(data, me.move, dice, who, parts))
    return FightResult(powers, advantage, band, winner, Damage(die, tuple(parts)),
                       severity, roll, entry, False)


def deflect_die(me: Side, target: Side) -> str | None:
    """The die the target's Deflecting weapon rolls against this blow, if any."""
    for prop in target.weapon.properties:
        die = prop.deflect_die_ranged if me.attack == "ranged" else prop.deflect_die_melee
        if die is not None and "deflect-on-highest-face" in {
                e.rule for e in prop.effects if isinstance(e, Rule)}:
            return die
    return None


def _turned_aside(me: Side, target: Side, dice: DiceSource, who: str,
                  before: list[DamagePart]) -> list[DamagePart]:
    """A non-critical hit undone by the target's shield move or his Deflecting weapon."""
    total = sum(p.amount for p in before)
    if has_rule(target.move, "no-damage-from-non-critical-hits"):
        return [DamagePart(-total, "shielded")]
    die = deflect_die(me, target)
    if die is None:
        return []
    shown, faces = _rolled(dice, die, "deflect", who)
    return [DamagePart(-total, "deflected", faces)] if shown == maximum(die) else []


def halve(data: GrimdarkData, total: int) -> int:
    up = data.figures.reading("half-damage-rounds") == "up"
    return -(-total // 2) if up else total // 2


def has_rule(move: GrimdarkMoveEntry, rule: str) -> bool:
    return any(isinstance(e, Rule) and e.rule == rule for e in move.effects)


def maximum(text: str) -> int:
    dice_terms, const = terms(text)
    return sum(c * s for c, s in dice_terms) + const


def _move_parts(data: GrimdarkData, move: GrimdarkMoveEntry, dice: DiceSource, who: str,
                before: list[DamagePart]) -> list[DamagePart]:
    """The move's own extra damage, then its halving, on top of the blow's."""
    out: list[DamagePart] = []
    if isinstance(move.bonus_damage, str) and not move.weapon:  # else it is the weapon
        total, faces = _rolled(dice, move.bonus_damage, "move damage", who)
        out.append(DamagePart(total, "move-bonus", faces))
    elif isinstance(move.bonus_damage, int) and move.bonus_damage:
        out.append(DamagePart(move.bonus_damage, "move-bonus"))
    if move.half_damage:
        total = sum(p.amount for p in before + out)
        out.append(DamagePart(-(total - halve(data, total)), "halved"))
    return out


def describe(result: FightResult) -> str:
    """One plain line for tests and the README; the narrator says it properly."""
    powers = " against ".join(str(p.total) for p in result.powers)
    if result.winner is None:
        return f"power {powers}: inconclusive"
    line = f"power {powers}: side {result.winner + 1} wins by {result.advantage}, " \
           f"a {result.band}"
    if result.damage is not None:
        line += f" for {result.damage.total} damage"
    if result.out_of_position:
        line += ", the loser is out of position"
    return line


__all__ = [
    "Band",
    "ChanceBonus",
    "Damage",
    "DamagePart",
    "FightResult",
    "Keep",
    "Modifier",
    "PowerRoll",
    "Reason",
    "Side",
    "Weapon",
    "chances_of",
    "describe",
    "resolve",
    "settle",
]
