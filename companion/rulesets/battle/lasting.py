"""What a table entry does to a gladiator: a critical's damage, stun and lasting
effects (dice penalties, a dropped weapon or shield, destroyed armour, no more stuns,
death after the fight unless he wins, scars with their sub-roll)."""

from __future__ import annotations

from companion.errors import UserError
from companion.rulesets.battle.duel import Fighter, Modifier
from companion.rulesets.battle.flow import Ctx, stun, wound
from companion.tables.effects import (
    Awake,
    DiceModifier,
    DiesUnlessWins,
    NoFocus,
    Rule,
    Scar,
    StunnedRounds,
)
from companion.tables.models.battle import CritEntry


def drop_weapon(f: Fighter) -> list[str]:
    """The weapon he last attacked with (or readied) falls to the sand."""
    weapon = f.ready_weapon
    if weapon is None or f.carried.get(weapon, 0) < 1:
        return [f"{f.name} has no weapon in hand to drop."]
    f.carried[weapon] -= 1
    f.dropped[weapon] = f.dropped.get(weapon, 0) + 1
    return [f"{f.name} drops his {weapon}."]


def drop_shield(f: Fighter) -> list[str]:
    if f.shield != "held":
        return [f"{f.name} has no shield in hand to drop."]
    f.shield = "dropped"
    return [f"{f.name}'s shield falls to the ground."]


def check_sub_key(entry: CritEntry, sub_key: int | None) -> None:
    if sub_key is not None and not entry.subtable:
        raise UserError("this entry has no sub-table: leave sub_key out")
    if sub_key is not None and sub_key not in {s.key for s in entry.subtable}:
        raise UserError(f"sub_key {sub_key} is not on the sub-table (1-6)")


def apply_crit(
    ctx: Ctx,
    f: Fighter,
    table_id: str,
    total: int,
    entry: CritEntry,
    *,
    sub_key: int | None = None,
    by_weapon: str | None = None,
) -> list[str]:
    """Apply a critical entry to `f`. A scar's sub-table die is rolled here unless
    `sub_key` gives it (the table browser's paper roll)."""
    lines = [f"{table_id} {total}: {entry.description}"]
    for effect in entry.effects:
        if effect.type == "stun":
            lines += stun(f)
        elif isinstance(effect, StunnedRounds):
            lines += stun(f, effect.rounds)
            if effect.no_focus_first_round and not f.awake:
                f.no_focus_turns = max(f.no_focus_turns, 1)
        elif isinstance(effect, NoFocus):
            if not f.awake:
                f.no_focus_turns = max(f.no_focus_turns, 1)
        elif isinstance(effect, Awake):
            f.awake, f.stunned, f.stun_turns, f.no_focus_turns = True, False, 0, 0
            lines.append(f"{f.name} is wide awake: he cannot be stunned this battle.")
        elif isinstance(effect, DiceModifier):
            f.modifiers.append(Modifier(effect.target, effect.amount, effect.duration,
                                        effect.armor_exempt, f"{table_id} {entry.low}"))
            lines.append(f"{f.name}: {effect.amount:+d} {effect.target.replace('_', ' ')} "
                         f"dice ({effect.duration.replace('_', ' ')}).")
        elif effect.type == "drop_weapon":
            lines += drop_weapon(f)
        elif effect.type == "drop_shield":
            lines += drop_shield(f)
        elif effect.type == "armour_destroyed":
            f.armour_destroyed = True
            lines.append(f"{f.name}'s armour is destroyed.")
        elif effect.type == "no_shield_or_two_handed":
            f.no_shield_or_two_handed = True
            lines.append(f"{f.name} can use no shield and no two-handed weapon.")
        elif isinstance(effect, DiesUnlessWins):
            f.dies_unless_wins = True
            lines.append(f"{f.name} will die after the fight unless he wins it.")
        elif isinstance(effect, Scar) and not entry.subtable:
            lines += _scar(ctx, f, table_id, entry.low, None, effect)
        elif effect.type == "roll_subtable":
            lines += _sub_roll(ctx, f, table_id, entry, sub_key)
        elif isinstance(effect, Rule):
            f.notes.append(effect.rule)
            lines.append(f"(for the players: {effect.rule})")
    return lines + wound(ctx, f, entry.damage_at(total), by_weapon)


def _sub_roll(ctx: Ctx, f: Fighter, table_id: str, entry: CritEntry,
              sub_key: int | None) -> list[str]:
    if sub_key is None:
        sub_key = ctx.roll(f, 1, f"{table_id} scar")[0]
    sub = next(s for s in entry.subtable if s.key == sub_key)
    return _scar(ctx, f, table_id, entry.low, sub_key, sub.scar)


def _scar(ctx: Ctx, f: Fighter, table_id: str, key: int, sub_key: int | None,
          scar: Scar) -> list[str]:
    f.changes.scars.append({"table": table_id, "key": key, "sub_key": sub_key,
                            "scar": scar.scar, "loses": scar.loses, "gained": ctx.today()})
    return [f"{f.name} is scarred for life: {scar.scar}."]
