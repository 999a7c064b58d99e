"""The insanities that bind a gladiator's training, read from the insanity table's
`rule` effects (seed 002): Claustrophobia (no more ARMOR), the Impulsive Trainings (every
point on one skill until it reaches a share of his wins, or on defence or ATTACK until
it exceeds the other) and Health Nut (HEALTH ranks by his wins). Each refusal is a
sentence that begins with the insanity's name.

"Defence" is the skills of his usual defence pool (the `pool-defence` table's normal
row: ARMOR, SHIELD and PARRY/DODGE), their ranks added up, as the pool adds its dice."""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.sheet import GladiatorSheet, InsanityRecord, skill_ranks
from companion.tables.effects import Rule

# "train_initiative_to_wins_divided_by": the skill is in the rule's name.
_SHARE = re.compile(r"train_([a-z_]+)_to_wins_divided_by")
# The defence table's fields for the skills of a pool, and the skill each is.
_POOL_SKILLS = {"armor": "armor", "shield": "shield", "parry_dodge": "parry-dodge"}


def rules_of(tables: BattleTables, record: InsanityRecord) -> list[Rule]:
    return [e for e in tables.insanity(record.key).effects if isinstance(e, Rule)]


def must_change_name(tables: BattleTables, record: InsanityRecord) -> bool:
    """An Identity Crisis he has not yet answered with a new name."""
    return record.renamed_from is None and any(
        r.rule == "must_change_name" for r in rules_of(tables, record))


def skill_name(tables: BattleTables, key: str) -> str:
    """A skill as the sheet prints it: ATTACK, PARRY/DODGE, SIGNATURE MOVE."""
    return tables.skill(key).name.upper()


def defence_skills(tables: BattleTables) -> tuple[str, ...]:
    normal = tables.defence_rule([])
    return tuple(key for field, key in _POOL_SKILLS.items() if getattr(normal, field))


@dataclass(frozen=True)
class Bind:
    insanity: str  # its name, as the sheet has it
    rule: str
    amount: int | None


@dataclass(frozen=True)
class TrainingBinds:
    binds: tuple[Bind, ...]

    def refusal(self, sheet: GladiatorSheet, tables: BattleTables, key: str,
                weapon: bool) -> str | None:
        """Why one more rank of `key` (a weapon's, if `weapon`) is refused, or None."""
        for bind in self.binds:
            said = _judge(bind, _Sheet(sheet, tables), key, weapon)
            if said is not None:
                return f"{bind.insanity}: {said}"
        return None


def binds_of(sheet: GladiatorSheet, tables: BattleTables) -> TrainingBinds:
    """His insanities' training rules; rules the training does not judge are left out."""
    return TrainingBinds(tuple(
        Bind(record.name, rule.rule, rule.amount)
        for record in sheet.insanities for rule in rules_of(tables, record)
        if rule.rule in _JUDGED or _share_skill(tables, rule.rule) is not None))


def _share_skill(tables: BattleTables, rule: str) -> str | None:
    found = _SHARE.fullmatch(rule)
    if found is None:
        return None
    key = found.group(1).replace("_", "-")
    known = {row.key for row in tables.skill_costs() if not row.per_weapon}
    return key if key in known else None


@dataclass(frozen=True)
class _Sheet:
    sheet: GladiatorSheet
    tables: BattleTables

    def ranks(self, key: str) -> int:
        return skill_ranks(self.sheet, self.tables, key)

    def name(self, key: str) -> str:
        return skill_name(self.tables, key)

    def defence(self) -> tuple[int, str]:
        """His defence ranks added up, and its skills in words."""
        keys = defence_skills(self.tables)
        return sum(self.ranks(k) for k in keys), ", ".join(self.name(k) for k in keys)


def _judge(bind: Bind, s: _Sheet, key: str, weapon: bool) -> str | None:
    who, wins = s.sheet.name, s.sheet.wins
    skill = None if weapon else key
    if bind.rule == "no_more_armor_ranks":
        return f"{who} may take no more ARMOR" if skill == "armor" else None
    if bind.rule in ("train_defence_above_attack", "train_attack_above_defence"):
        return _above(bind.rule == "train_defence_above_attack", s, skill)
    if bind.rule == "health_ranks_per_two_wins" and bind.amount is not None:
        need, has = -(-bind.amount * wins // 2), s.ranks("health")
        if has < need and skill != "health":
            return (f"{who} must have {need} HEALTH ranks ({bind.amount / 2:g} for each of "
                    f"his {wins} wins) before he trains anything else; he has {has}")
        return None
    share = _share_skill(s.tables, bind.rule)
    if share is not None and bind.amount:
        target, has = wins // bind.amount, s.ranks(share)
        if has < target and skill != share:
            return (f"every point {who} spends goes to {s.name(share)} until he has "
                    f"{target} ranks (his {wins} wins divided by {bind.amount}); he has "
                    f"{has}")
    return None


def _above(defence_first: bool, s: _Sheet, skill: str | None) -> str | None:
    """Impulsive Training (Defence) or (Attack): every point on the one until it
    exceeds the other, and it stays above."""
    who = s.sheet.name
    defence, words = s.defence()
    attack = s.ranks("attack")
    keys = defence_skills(s.tables)
    if defence_first:
        if defence <= attack and skill not in keys:
            return (f"every point {who} spends goes to defence ({words}) until it is "
                    f"more than his ATTACK; it is {defence} to his {attack}")
        if skill == "attack" and attack + 1 >= defence:
            return (f"{who}'s defence ({words}: {defence}) must stay more than his "
                    f"ATTACK; ATTACK {attack + 1} would not")
        return None
    if attack <= defence and skill != "attack":
        return (f"every point {who} spends goes to ATTACK until it is more than his "
                f"defence ({words}); it is {attack} to his {defence}")
    if skill in keys and defence + 1 >= attack:
        return (f"{who}'s ATTACK ({attack}) must stay more than his defence ({words}); "
                f"defence {defence + 1} would not")
    return None


_JUDGED = ("no_more_armor_ranks", "train_defence_above_attack", "train_attack_above_defence",
           "health_ranks_per_two_wins")
