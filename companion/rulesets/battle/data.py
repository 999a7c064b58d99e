"""Typed access to the battle system's tables: every game number is read here."""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import UserError
from companion.table_loader import TableSet, load_tables
from companion.table_models.battle import CritEntry, FateEntry, crit_entry
from companion.table_models.pool import (
    AttackEntry,
    BlockEntry,
    DefenceRuleEntry,
    HealthEntry,
    InsanityEntry,
    SkillCostEntry,
    StanceEntry,
    WeaponEntry,
    defence_rule,
)
from companion.tables import Table

# The result columns of the attack and block tables, low to high.
RESULT_KEYS = ("3-or-less", "one-4", "4-4", "one-5", "5-5", "one-6", "6-6", "three-6s")
CRITICAL_KEY = "three-6s"


@dataclass(frozen=True)
class BattleTables:
    """The tables one battle reads, looked up by what the rules ask for."""

    tables: TableSet

    @classmethod
    def load(cls, *, include_user: bool = True) -> BattleTables:
        return cls(load_tables(include_user=include_user))

    def table(self, table_id: str) -> Table:
        return self.tables.get(table_id)

    # --- attack, block, defence, stance -----------------------------------------
    def attack(self, weapon_class: str, result: str) -> AttackEntry:
        entry = self.table("pool-attack").lookup(weapon_class, result)
        assert isinstance(entry, AttackEntry)
        return entry

    def block(self, result: str) -> BlockEntry:
        entry = self.table("pool-block").lookup(result)
        assert isinstance(entry, BlockEntry)
        return entry

    def defence_rule(self, applies: list[str]) -> DefenceRuleEntry:
        return defence_rule(self.table("pool-defence"), applies)

    def stance(self, attack_ranks: int) -> StanceEntry:
        table = self.table("pool-stance")
        axis = table.axes[0]
        # A gladiator with no ATTACK ranks reads the first row (the axis starts at 1).
        ranks = max(attack_ranks, axis.min if axis.min is not None else 1)
        entry = table.lookup(ranks)
        assert isinstance(entry, StanceEntry)
        return entry

    # --- health ------------------------------------------------------------------
    def health(self, health: int) -> HealthEntry:
        entry = self.table("pool-health").lookup(health)
        assert isinstance(entry, HealthEntry)
        return entry

    def dead_at(self) -> int:
        """The highest health at which a gladiator is dead (-19)."""
        bands = [e for e in self.table("pool-health").entries if isinstance(e, HealthEntry)]
        dead = next(e for e in bands if e.stage == "dead")
        assert isinstance(dead.key, list)
        return int(dead.key[1])

    # --- weapons and skills ------------------------------------------------------
    def weapon(self, name: str) -> WeaponEntry:
        try:
            entry = self.table("pool-weapons").lookup(name)
        except UserError:
            raise UserError(f"no weapon '{name}' in the weapons table") from None
        assert isinstance(entry, WeaponEntry)
        return entry

    def has_weapon(self, name: str) -> bool:
        try:
            self.weapon(name)
        except UserError:
            return False
        return True

    def skill_costs(self) -> list[SkillCostEntry]:
        return [e for e in self.table("pool-skill-costs").entries
                if isinstance(e, SkillCostEntry)]

    def skill(self, key: str) -> SkillCostEntry:
        entry = self.table("pool-skill-costs").lookup(key)
        assert isinstance(entry, SkillCostEntry)
        return entry

    # --- criticals, fate, insanity -----------------------------------------------
    def crit_table_id(self, damage_type: str) -> str:
        return f"crit-{damage_type}"

    def crit(self, damage_type: str, total: int) -> CritEntry:
        return crit_entry(self.table(self.crit_table_id(damage_type)), total)

    def fate(self, face: int) -> FateEntry:
        entry = self.table("fate").lookup(face)
        assert isinstance(entry, FateEntry)
        return entry

    def insanity(self, key: int) -> InsanityEntry:
        entry = self.table("insanity").lookup(key)
        assert isinstance(entry, InsanityEntry)
        return entry
