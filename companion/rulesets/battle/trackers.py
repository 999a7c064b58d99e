"""Tracker-only actions: the health, luck, heal, ammo and stun trackers beside a paper
game, and applying a table entry chosen in the table browser. The trackers roll no
dice and leave the turn alone; an entry whose scar needs its sub-table roll and is not
given one rolls it. Each is journaled and undoable through the session."""

from __future__ import annotations

from typing import Any

from companion.errors import UserError
from companion.rulesets.base import Event
from companion.rulesets.battle.actions import apply_op
from companion.rulesets.battle.events import (
    AmmoChanged,
    HealDiceChanged,
    HealthSet,
    InsanityGained,
    LeftBoard,
    LuckChanged,
    Placed,
    StunCleared,
)
from companion.rulesets.battle.flow import Ctx, set_health, stun
from companion.rulesets.battle.health import apply_fate
from companion.rulesets.battle.lasting import apply_crit, check_sub_key
from companion.rulesets.battle.state import Fighter
from companion.rulesets.battle.table_models import CritEntry, FateEntry, InsanityEntry
from companion.rulesets.battle.words import dice_count


def tracker(ctx: Ctx, action: Any) -> list[Event]:
    if ctx.state.phase == "over":
        raise UserError("the battle is over")
    f = ctx.state.fighter(action.who)
    kind = action.type
    if kind == "adjust_health":
        value = apply_op(f.health, action.op)
        if value < f.health:
            f.wounded = True
        return [HealthSet(f.side, before=f.health, health=value, op=action.op),
                *set_health(ctx, f, value)]
    if kind in ("spend_luck", "restore_luck"):
        step = -action.n if kind == "spend_luck" else action.n
        if f.luck + step < 0:
            raise UserError(f"{f.name} has {'only ' if f.luck else ''}"
                            f"{dice_count(f.luck, 'luck')}")
        f.luck += step
        return [LuckChanged(f.side, change=step, luck=f.luck)]
    if kind in ("spend_heal", "restore_heal"):
        step = -action.n if kind == "spend_heal" else action.n
        if f.heal_dice + step < 0:
            raise UserError(f"{f.name} has {'only ' if f.heal_dice else ''}"
                            f"{dice_count(f.heal_dice, 'heal')}")
        f.heal_dice += step
        return [HealDiceChanged(f.side, change=step, heal_dice=f.heal_dice)]
    if kind == "ammo":
        weapon = str(ctx.tables.weapon(action.weapon).key)
        before = f.carried.get(weapon, 0)
        value = apply_op(before, action.op)
        if value < 0:
            raise UserError(f"{f.name} carries {before} {ctx.tables.weapon(weapon).name}: "
                            "he cannot have fewer than none")
        f.carried[weapon] = value
        return [AmmoChanged(f.side, weapon=weapon, before=before, count=value)]
    if kind == "place":
        return place(ctx, f, action.at)
    if kind == "set_stun":
        if action.stunned:
            return stun(f)
        f.stunned, f.stun_turns, f.no_focus_turns = False, 0, 0
        return [StunCleared(f.side)]
    return apply_entry(ctx, action)


def place(ctx: Ctx, f: Fighter, at: str | None) -> list[Event]:
    """Free movement on the hex board: any empty hex, at any time."""
    positions = ctx.state.positions
    if at is None:
        positions.pop(f.side, None)
        return [LeftBoard(f.side)]
    label = ctx.board().to_label(ctx.board().from_label(at))
    other = ctx.state.opponent(f)
    if positions.get(other.side) == label:
        raise UserError(f"{label} is taken by {other.name}")
    positions[f.side] = label
    return [Placed(f.side, at=label)]


def apply_entry(ctx: Ctx, action: Any) -> list[Event]:
    """Apply an entry of a critical, insanity or fate table to a gladiator: its
    damage, stun and lasting effects, as if the dice had found it. A scar's sub-table
    die is rolled here with the action's dice unless `sub_key` gives it, so that the
    roll is journaled (and undone) with the entry."""
    f = ctx.state.fighter(action.who)
    table = ctx.tables.table(action.table)
    keys = [table.normalise_key(axis, str(k)) for axis, k in
            zip(table.axes, action.keys, strict=False)]
    if len(keys) != len(table.axes):
        raise UserError(f"table '{table.id}' takes {len(table.axes)} key(s)")
    entry = table.lookup(*keys)
    if isinstance(entry, CritEntry):
        check_sub_key(entry, action.sub_key)
        return apply_crit(ctx, f, table.id, int(keys[0]), entry, sub_key=action.sub_key)
    if action.sub_key is not None:
        raise UserError("only critical entries have a sub-table")
    if isinstance(entry, InsanityEntry):
        key = int(keys[0])
        f.changes.insanities.append({"key": key, "name": entry.name,
                                     "permanent": entry.permanent, "remembers": None,
                                     "gained": ctx.today()})
        return [InsanityGained(f.side, key=key, permanent=entry.permanent)]
    if isinstance(entry, FateEntry):
        if ctx.state.phase != "fighting":
            raise UserError("a fate entry applies during the fight")
        return apply_fate(ctx, f, int(keys[0]), roll_insanity=False)
    raise UserError(f"{table.title} has no effects to apply to a gladiator")
