"""Typed access to the battle system's tables: every game number is read here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from companion.errors import UserError
from companion.rulesets.battle.table_models import (
    AttackEntry,
    BlockEntry,
    CritEntry,
    DefenceRuleEntry,
    FateEntry,
    HealthEntry,
    InsanityEntry,
    PoolRuleEntry,
    SkillCostEntry,
    StanceEntry,
    WeaponEntry,
    crit_entry,
    defence_rule,
)
from companion.tables.loader import TableSet, load_tables
from companion.tables.table import Table

# The result columns of the attack and block tables, low to high.
RESULT_KEYS = ("3-or-less", "one-4", "4-4", "one-5", "5-5", "one-6", "6-6", "three-6s")
CRITICAL_KEY = "three-6s"


@dataclass(frozen=True)
class BattleTables:
    """The tables one battle reads, looked up by what the rules ask for. The rules get
    it from the state (`BattleState.tables`), which `BattleRules.new_state` builds from
    the session's tables; they never load tables themselves."""

    tables: TableSet

    @classmethod
    def load(cls, *, include_user: bool = True) -> BattleTables:
        """The installed tables, for callers outside a session (`companion check`,
        `duel odds`, tests)."""
        return cls(load_tables(include_user=include_user))

    def __deepcopy__(self, memo: dict[int, Any]) -> BattleTables:
        # A session copies its state before each action; the tables never change
        # during a session, so every copy shares them.
        return self

    def table(self, table_id: str) -> Table:
        return self.tables.get(table_id)

    # --- attack, block, defence, stance -----------------------------------------
    def _remembered(self, key: tuple[Any, ...], find: Callable[[], Any]) -> Any:
        # A look-up reads the table through its keys' spellings; the same questions come
        # back every action (and many times a turn for the computer player), so each
        # answer found is kept. A question with no answer raises, and is not kept.
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = find()
        return found

    @cached_property
    def _found(self) -> dict[tuple[Any, ...], Any]:
        return {}

    @cached_property
    def derived(self) -> dict[str, Any]:
        """Figures worked out from these tables and kept with them for as long as they
        live (the computer player's forecasts): never module-wide state, so two sets
        of tables, a lab's and a session's, keep theirs apart."""
        return {}

    def attack(self, weapon_class: str, result: str) -> AttackEntry:
        entry = self._remembered(("attack", weapon_class, result),
                                 lambda: self.table("pool-attack").lookup(weapon_class, result))
        assert isinstance(entry, AttackEntry)
        return entry

    def block(self, result: str) -> BlockEntry:
        entry = self._remembered(("block", result),
                                 lambda: self.table("pool-block").lookup(result))
        assert isinstance(entry, BlockEntry)
        return entry

    def defence_rule(self, applies: list[str]) -> DefenceRuleEntry:
        entry = self._remembered(("defence", *applies),
                                 lambda: defence_rule(self.table("pool-defence"), applies))
        assert isinstance(entry, DefenceRuleEntry)
        return entry

    def stance(self, attack_ranks: int) -> StanceEntry:
        entry = self._remembered(("stance", attack_ranks), lambda: self._stance(attack_ranks))
        assert isinstance(entry, StanceEntry)
        return entry

    def _stance(self, attack_ranks: int) -> StanceEntry:
        table = self.table("pool-stance")
        axis = table.axes[0]
        # A gladiator with no ATTACK ranks reads the first row (the axis starts at 1).
        ranks = max(attack_ranks, axis.min if axis.min is not None else 1)
        entry = table.lookup(ranks)
        assert isinstance(entry, StanceEntry)
        return entry

    # --- health ------------------------------------------------------------------
    def health(self, health: int) -> HealthEntry:
        entry = self._remembered(("health", health),
                                 lambda: self.table("pool-health").lookup(health))
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
            entry = self._remembered(("weapon", name),
                                     lambda: self.table("pool-weapons").lookup(name))
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
        entry = self._remembered(
            ("crit", damage_type, total),
            lambda: crit_entry(self.table(self.crit_table_id(damage_type)), total))
        assert isinstance(entry, CritEntry)
        return entry

    def fate(self, face: int) -> FateEntry:
        entry = self.table("fate").lookup(face)
        assert isinstance(entry, FateEntry)
        return entry

    def insanity(self, key: int) -> InsanityEntry:
        found = self._insanities.get(key)
        if found is not None:
            return found
        entry = self.table("insanity").lookup(key)  # says why there is none
        assert isinstance(entry, InsanityEntry)
        return entry

    @cached_property
    def _insanities(self) -> dict[int, InsanityEntry]:
        # Every action asks each gladiator's insanities what they change: a scan of the
        # 36 entries each time would be most of the time an action takes.
        return {e.key: e for e in self.table("insanity").entries
                if isinstance(e, InsanityEntry) and isinstance(e.key, int)}

    # --- figures of the pool-rules table -----------------------------------------
    def rule(self, key: str) -> PoolRuleEntry:
        entry = self._remembered(("rule", key), lambda: self.table("pool-rules").lookup(key))
        assert isinstance(entry, PoolRuleEntry)
        return entry

    def _value(self, key: str) -> int:
        value = self.rule(key).value
        if value is None:
            raise UserError(f"table 'pool-rules': rule '{key}' needs a 'value'")
        return value

    def _by_key(self, key: str) -> dict[str, int]:
        by_key = self.rule(key).by_key
        if not by_key:
            raise UserError(f"table 'pool-rules': rule '{key}' needs 'by_key'")
        return by_key

    @property
    def starting_development_points(self) -> int:
        return self._value("starting-development-points")

    @property
    def points_for_win(self) -> int:
        return self._value("points-for-win")

    @property
    def points_for_loss(self) -> int:
        return self._value("points-for-loss")

    @property
    def carry_base_lb(self) -> int:
        return self._value("carry-base-lb")

    @property
    def carry_per_strength_lb(self) -> int:
        return self._value("carry-per-strength-lb")

    @property
    def shield_lb(self) -> int:
        return self._value("shield-lb")

    @property
    def luck_lost_at_or_below(self) -> int:
        return self._value("luck-lost-at-or-below")

    @property
    def heal_per_face(self) -> dict[int, int]:
        """Health healed by each face of a heal die; faces left out heal nothing."""
        by_face = self._by_key("heal-per-face")
        try:
            return {int(face): amount for face, amount in by_face.items()}
        except ValueError:
            raise UserError("table 'pool-rules': the keys of 'heal-per-face' are die "
                            f"faces, not {sorted(by_face)}") from None

    @property
    def focus_sixes(self) -> int:
        return self._value("focus-sixes")

    def crit_class_dice(self, weapon_class: str) -> int:
        """Extra critical damage dice for an attack of this weapon class."""
        return self._by_key("crit-class-dice").get(weapon_class, 0)

    @property
    def disarm_dice_divisor(self) -> int:
        divisor = self._value("disarm-dice-divisor")
        if divisor < 1:
            raise UserError("table 'pool-rules': 'disarm-dice-divisor' must be at least 1")
        return divisor

    @property
    def disarm_read_as_class(self) -> str:
        weapon_class = self.rule("disarm-read-as-class").weapon_class
        if weapon_class is None:
            raise UserError("table 'pool-rules': rule 'disarm-read-as-class' needs a "
                            "'weapon_class'")
        return weapon_class

    @property
    def disarm_two_handed_defence(self) -> int:
        return self._value("disarm-two-handed-defence")

    @property
    def survival_instinct_health(self) -> int:
        return self._value("survival-instinct-health")

    @property
    def brawling(self) -> str:
        """The weapon id of fighting without a weapon."""
        weapon = self.rule("brawling-weapon").weapon
        if weapon is None:
            raise UserError("table 'pool-rules': rule 'brawling-weapon' needs a 'weapon'")
        return str(self.weapon(weapon).key)

    @property
    def throw_range(self) -> int:
        return self._value("throw-range-hexes")

    @property
    def initiative_floor(self) -> int:
        return self._value("initiative-floor")
