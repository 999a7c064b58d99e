"""Whether the battle can play with a set of tables: every entry the rules look up
during a battle is looked up once, when the tables load, so that a user's table that
passes its schema but lacks what the battle needs is set aside then, not in a duel."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from companion.errors import UserError
from companion.rulesets.battle.data import RESULT_KEYS, BattleTables
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
    defence_rule,
)
from companion.tables.model import Entry
from companion.tables.table import TableDataError

CLASSES = ("A", "B", "C", "D")
KINDS: dict[str, type[Entry]] = {
    "crit-slashing": CritEntry, "crit-bludgeoning": CritEntry, "crit-piercing": CritEntry,
    "fate": FateEntry, "insanity": InsanityEntry, "pool-attack": AttackEntry,
    "pool-block": BlockEntry, "pool-defence": DefenceRuleEntry, "pool-stance": StanceEntry,
    "pool-health": HealthEntry, "pool-weapons": WeaponEntry,
    "pool-skill-costs": SkillCostEntry, "pool-rules": PoolRuleEntry,
}
# What the rules read of a sheet's skills, and the figures of pool-rules.
SKILLS = ("attack", "armor", "shield", "parry-dodge", "health", "heal", "initiative",
          "focus", "retrieve-weapon", "signature-move")
FIGURES = ("starting_development_points", "points_for_win", "points_for_loss",
           "carry_base_lb", "carry_per_strength_lb", "shield_lb", "luck_lost_at_or_below",
           "heal_per_face", "focus_sixes", "disarm_dice_divisor", "disarm_read_as_class",
           "disarm_two_handed_defence", "survival_instinct_health", "brawling",
           "throw_range", "initiative_floor")
DEFENCE_RULES = ((), ("stunned",), ("berserk-last-turn",), ("defensive-last-turn",),
                 ("threw-last-turn",), ("whiffed-last-turn",))


def _reading(table_id: str, probe: Callable[[], Any]) -> None:
    try:
        probe()
    except TableDataError:
        raise
    except (UserError, LookupError, ValueError) as err:
        raise TableDataError(f"{table_id}: {err}", table_id) from None


def check_battle_tables(t: BattleTables) -> None:
    """Raise TableDataError naming the first table the battle cannot play with."""
    for table_id, model in KINDS.items():
        _reading(table_id, partial(t.table(table_id).typed, model))
    _reading("pool-rules", lambda: [getattr(t, name) for name in FIGURES])
    _reading("pool-rules", lambda: [t.crit_class_dice(c) for c in CLASSES])
    weapons = t.table("pool-weapons").typed(WeaponEntry)
    for w in weapons:
        _reading("pool-weapons", partial(_weapon_reads, t, w))
    _reading("pool-attack", lambda: [t.attack(c, r) for c in CLASSES for r in RESULT_KEYS])
    _reading("pool-block", lambda: [t.block(r) for r in RESULT_KEYS])
    defence = t.table("pool-defence")
    _reading("pool-defence", lambda: [defence_rule(defence, rules) for rules in DEFENCE_RULES])
    _reading("pool-stance", lambda: [t.stance(n) for n in range(0, 21)])
    _reading("pool-health", lambda: [t.health(v) for v in range(t.dead_at() - 3, 0)])
    _reading("pool-skill-costs", lambda: [t.skill(key) for key in SKILLS])
    _reading("fate", lambda: [t.fate(face) for face in range(1, 7)])
    _reading("insanity", lambda: [t.insanity(10 * a + b) for a in range(1, 7)
                                  for b in range(1, 7)])
    for damage in ("slashing", "bludgeoning", "piercing"):
        _reading(t.crit_table_id(damage), partial(_crit_reads, t, damage))


def _weapon_reads(t: BattleTables, w: WeaponEntry) -> None:
    # Its class is its own field (or its two-handed one): only the critical table its
    # damage type names can be missing.
    t.crit(w.damage_type, 1)


def _crit_reads(t: BattleTables, damage: str) -> None:
    for total in range(1, 61):
        t.crit(damage, total)
