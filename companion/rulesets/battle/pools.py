"""Pool sizes and reading a roll: how many dice attack and defend, and what the dice
say (the highest face and how many dice show it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.quirks import Quirks, quirks_of
from companion.rulesets.battle.state import Fighter, Stance
from companion.rulesets.battle.table_models import WeaponEntry


@dataclass(frozen=True)
class Reading:
    """One attack roll read for the attack table: the result column, and the 6s that
    count (capped by a defensive attack)."""

    key: str
    highest: int
    count: int
    sixes: int


def read_key(highest: int, count: int) -> str:
    """The attack table's column for a pool whose best face is `highest`, shown by
    `count` dice: 3 or less, one 4, 4-4, one 5, 5-5, one 6, 6-6, three or more 6s."""
    if highest <= 3 or count < 1:
        return "3-or-less"
    if highest == 6 and count >= 3:
        return "three-6s"
    return f"one-{highest}" if count == 1 else f"{highest}-{highest}"


def read_roll(faces: Sequence[int], max_sixes: int | None = None) -> Reading:
    """Read an attack roll. `max_sixes` caps the best result (a defensive attack):
    with a cap of 2, three 6s read as 6-6."""
    if not faces:
        return Reading("3-or-less", 0, 0, 0)
    highest = max(faces)
    count = faces.count(highest)
    if highest == 6 and max_sixes is not None:
        count = min(count, max_sixes)
    sixes = count if highest == 6 else 0
    return Reading(read_key(highest, count), highest, count, sixes)


def count_sixes(faces: Sequence[int]) -> int:
    return sum(1 for face in faces if face == 6)


def base_attack_dice(attack_ranks: int, weapon_ranks: int) -> int:
    """(ATTACK + WEAPON) / 2, rounded down; with no WEAPON ranks, half of ATTACK
    rounded up."""
    if weapon_ranks <= 0:
        return (attack_ranks + 1) // 2
    return (attack_ranks + weapon_ranks) // 2


@dataclass
class Pool:
    """A pool's size and how it was made, for the log and the odds panel: each term
    is plain data, {"why": "berserk", "amount": 1} and the like (the narrator words
    them)."""

    dice: int = 0
    terms: list[dict[str, Any]] = field(default_factory=list)

    def add(self, amount: int, why: str, **more: Any) -> None:
        if amount:
            self.dice += amount
            self.terms.append({"why": why, "amount": amount, **more})

    def floor(self) -> Pool:
        self.dice = max(self.dice, 0)
        return self

    def to_json(self) -> dict[str, Any]:
        return {"dice": self.dice, "terms": [dict(t) for t in self.terms]}


def attack_pool(
    f: Fighter,
    quirks: Quirks,
    tables: BattleTables,
    *,
    weapon_key: str,
    weapon: WeaponEntry,
    weapon_class: str,
    stance: Stance,
    thrown: bool,
    signature: bool,
    mighty_blow: bool,
    disarm: bool,
) -> Pool:
    """Attack dice before luck dice are added."""
    attack = f.skill("attack")
    if signature:
        ranks = f.skill("signature-move")
        pool = Pool(ranks, [{"why": "signature_move", "ranks": ranks}])
    else:
        ranks = f.weapon_ranks.get(weapon_key, 0)
        base = base_attack_dice(attack, ranks)
        pool = Pool(base, [{"why": "base", "dice": base, "attack": attack,
                            "weapon": weapon_key, "ranks": ranks}])
    if thrown:
        pool.add(weapon.throw_bonus, "throw_bonus")
    row = tables.stance(attack)
    if stance == "berserk":
        pool.add(row.berserk_attack_dice, "berserk")
        pool.add(quirks.berserk_attack_dice, "no_fear_of_death")
    elif stance == "defensive":
        pool.add(row.defensive_attack_dice, "defensive")
    for m in f.modifiers:
        if m.target in ("attack", "attack_and_defence"):
            pool.add(m.amount, "modifier", source=m.source)
    for what, with_it, other in quirks.infatuations:
        matches = what in (weapon_key, weapon_class)
        pool.add(with_it if matches else other, "infatuation")
    if mighty_blow:
        pool.add(quirks.mighty_blow, "mighty_blow")
    pool.floor()
    if disarm:
        halved = pool.dice // tables.disarm_dice_divisor
        pool.terms.append({"why": "halved_for_disarm", "dice": halved})
        pool.dice = halved
    return pool


def defence_rule_keys(f: Fighter) -> list[str]:
    """The rules of the defence table that apply to him now."""
    applies: list[str] = []
    if f.stunned:
        applies.append("stunned")
    last = f.last_turn
    if last.kind in ("attack", "disarm"):
        if last.stance == "berserk":
            applies.append("berserk-last-turn")
        if last.stance == "defensive":
            applies.append("defensive-last-turn")
        if last.thrown:
            applies.append("threw-last-turn")
        if last.whiffed:
            applies.append("whiffed-last-turn")
    return applies


def parry_bonus_weapon(f: Fighter) -> str | None:
    """The weapon whose parry/dodge bonus he gets: the one he last attacked with (or
    readied at the start), while he still holds it."""
    weapon = f.ready_weapon
    if weapon is None or f.carried.get(weapon, 0) < 1:
        return None
    return weapon


def defence_pool(
    f: Fighter,
    quirks: Quirks,
    tables: BattleTables,
    *,
    attacker_weapon: str,
    attacker_class: str,
    disarm: bool = False,
    reflex: bool = False,
) -> tuple[Pool, str]:
    """Defence dice before luck, and the rule of the defence table that set them."""
    rule = tables.defence_rule(defence_rule_keys(f))
    armor = f.skill("armor") if rule.armor and not f.armour_destroyed and not disarm else 0
    pool = Pool(armor, [{"why": "armor", "ranks": armor}] if armor else [])
    others = Pool()
    if rule.shield and f.has_shield:
        others.add(f.skill("shield"), "shield")
    if rule.parry_dodge:
        pd = Pool()
        pd.add(f.skill("parry-dodge"), "parry_dodge")
        bonus_weapon = parry_bonus_weapon(f)
        if rule.weapon_parry_bonus and bonus_weapon is not None:
            pd.add(tables.weapon(bonus_weapon).parry_dodge_bonus, "weapon_parry_bonus",
                   weapon=bonus_weapon)
        for what, amount in quirks.phobias:
            if what in (attacker_weapon, attacker_class):
                pd.add(amount, "phobia")
        if quirks.survival_parry_dodge and f.health <= tables.survival_instinct_health:
            pd.add(quirks.survival_parry_dodge, "survival_instinct")
        for m in f.modifiers:
            if m.target == "parry_dodge":
                pd.add(m.amount, "modifier", source=m.source)
        pd.floor()
        others.dice += pd.dice
        others.terms += pd.terms
    if rule.defensive_bonus:
        others.add(tables.stance(f.skill("attack")).defensive_defence_dice, "defensive")
    for m in f.modifiers:
        if m.target in ("defence", "attack_and_defence"):
            # ARMOR-exempt penalties come off the other dice only.
            (others if m.armor_exempt else pool).add(m.amount, "modifier", source=m.source)
    others.floor()
    pool.dice += others.dice
    pool.terms += others.terms
    if disarm and _holds_two_handed(f, tables):
        pool.add(tables.disarm_two_handed_defence, "two_handed_against_disarm")
    if reflex:
        pool.add(quirks.reflex_to_live, "reflex_to_live")
    return pool.floor(), rule.key


def _holds_two_handed(f: Fighter, tables: BattleTables) -> bool:
    weapon = parry_bonus_weapon(f)
    if weapon is None:
        return False
    return tables.weapon(weapon).hands == 2 or (
        f.last_turn.weapon == weapon and f.last_turn.two_handed
    )


# --- the roll below 0 ----------------------------------------------------------------------
def below_zero_roll(f: Fighter, tables: BattleTables) -> tuple[str, int, int] | None:
    """The roll due before his turn at his health: (stage, dice, luck he may add); None
    at 0 health or more. Stages: weakly-alive (the fate roll's one-die roll),
    struggling, deaths-door, dead."""
    quirks = quirks_of(tables, f.insanities)
    luck = 0 if quirks.no_luck else f.luck
    if f.weak_roll_dice is not None:
        return "weakly-alive", f.weak_roll_dice, luck
    if f.health >= 0:
        return None
    band = tables.health(f.health)
    if band.stage == "dead":
        return "dead", 0, 0
    n = band.dice_for(f.health, f.total_fights)
    if band.stage == "deaths-door":
        return "deaths-door", n + quirks.deaths_door_dice, luck
    return "struggling", n, luck
