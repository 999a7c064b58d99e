"""What a table entry does to a gladiator: a critical's damage, stun and lasting
effects (dice penalties, a dropped weapon or shield, destroyed armour, no more stuns,
death after the fight unless he wins, scars with their sub-roll)."""

from __future__ import annotations

from companion.errors import UserError
from companion.rulesets.base import Event
from companion.rulesets.battle.events import (
    ArmourDestroyed,
    CriticalEntryFound,
    DiceModifierGained,
    DiesUnlessHeWins,
    NoShieldToDrop,
    NoteForPlayers,
    NoWeaponToDrop,
    Scarred,
    ShieldArmUseless,
    ShieldDropped,
    WeaponDropped,
    WeaponLodged,
    WideAwake,
)
from companion.rulesets.battle.flow import Ctx, stun, wound
from companion.rulesets.battle.state import Fighter, Modifier
from companion.rulesets.battle.table_models import CritEntry
from companion.tables.effects import (
    Awake,
    DiceModifier,
    DiesUnlessWins,
    LodgedIfThrown,
    NoFocus,
    Rule,
    Scar,
    StunnedRounds,
)


def drop_weapon(f: Fighter) -> list[Event]:
    """The weapon he last attacked with (or readied) falls to the sand."""
    weapon = f.ready_weapon
    if weapon is None or f.carried.get(weapon, 0) < 1:
        return [NoWeaponToDrop(f.side)]
    f.carried[weapon] -= 1
    f.dropped[weapon] = f.dropped.get(weapon, 0) + 1
    return [WeaponDropped(f.side, weapon=weapon)]


def drop_shield(f: Fighter) -> list[Event]:
    if f.shield != "held":
        return [NoShieldToDrop(f.side)]
    f.shield = "dropped"
    return [ShieldDropped(f.side)]


def check_sub_key(entry: CritEntry, sub_key: int | None) -> None:
    if sub_key is not None and not entry.subtable:
        raise UserError("this entry has no sub-table to roll")
    if sub_key is not None and sub_key not in {s.key for s in entry.subtable}:
        raise UserError(f"the sub-table has no roll of {sub_key} (it runs from 1 to 6)")


def apply_crit(
    ctx: Ctx,
    f: Fighter,
    table_id: str,
    total: int,
    entry: CritEntry,
    *,
    sub_key: int | None = None,
    by_weapon: str | None = None,
    thrown_by: Fighter | None = None,
) -> list[Event]:
    """Apply a critical entry to `f`. A scar's sub-table die is rolled here unless
    `sub_key` gives it (the table browser's paper roll). `thrown_by` is the attacker
    when `by_weapon` was thrown: an entry may leave it lodged in `f`."""
    events: list[Event] = [CriticalEntryFound(f.side, table=table_id, total=total,
                                              entry=entry.low, damage=entry.damage_at(total),
                                              stun=entry.stun)]
    for index, effect in enumerate(entry.effects):
        if effect.type == "stun":
            events += stun(f)
        elif isinstance(effect, StunnedRounds):
            events += stun(f, effect.rounds)
            if effect.no_focus_first_round and not f.awake:
                f.no_focus_turns = max(f.no_focus_turns, 1)
        elif isinstance(effect, NoFocus):
            if not f.awake:
                f.no_focus_turns = max(f.no_focus_turns, 1)
        elif isinstance(effect, Awake):
            f.awake, f.stunned, f.stun_turns, f.no_focus_turns = True, False, 0, 0
            events.append(WideAwake(f.side))
        elif isinstance(effect, DiceModifier):
            source = f"{table_id} {entry.low}"
            f.modifiers.append(Modifier(effect.target, effect.amount, effect.duration,
                                        effect.armor_exempt, source))
            events.append(DiceModifierGained(f.side, target=effect.target,
                                             amount=effect.amount, duration=effect.duration,
                                             armor_exempt=effect.armor_exempt, source=source))
        elif effect.type == "drop_weapon":
            events += drop_weapon(f)
        elif effect.type == "drop_shield":
            events += drop_shield(f)
        elif effect.type == "armour_destroyed":
            f.armour_destroyed = True
            events.append(ArmourDestroyed(f.side))
        elif effect.type == "no_shield_or_two_handed":
            f.no_shield_or_two_handed = True
            events.append(ShieldArmUseless(f.side))
        elif isinstance(effect, DiesUnlessWins):
            f.dies_unless_wins = True
            events.append(DiesUnlessHeWins(f.side))
        elif isinstance(effect, Scar) and not entry.subtable:
            events += _scar(ctx, f, table_id, entry.low, effect, effect=index)
        elif effect.type == "roll_subtable":
            events += _sub_roll(ctx, f, table_id, entry, sub_key)
        elif isinstance(effect, LodgedIfThrown):
            events += _lodge(f, by_weapon, thrown_by)
        elif isinstance(effect, Rule):
            f.notes.append(effect.rule)
            events.append(NoteForPlayers(f.side, rule=effect.rule))
    return events + wound(ctx, f, entry.damage_at(total), by_weapon)


def _lodge(f: Fighter, weapon: str | None, thrower: Fighter | None) -> list[Event]:
    """The thrown weapon stays in him for the rest of the battle: it no longer lies
    on the ground for its owner to retrieve."""
    if thrower is None or weapon is None or thrower.dropped.get(weapon, 0) < 1:
        return []  # not thrown: the entry does nothing more
    thrower.dropped[weapon] -= 1
    thrower.lodged[weapon] = thrower.lodged.get(weapon, 0) + 1
    return [WeaponLodged(f.side, weapon=weapon, owner=thrower.side)]


def _sub_roll(ctx: Ctx, f: Fighter, table_id: str, entry: CritEntry,
              sub_key: int | None) -> list[Event]:
    faces: list[int] = []
    if sub_key is None:
        faces = ctx.roll(f, 1, f"{table_id} scar")
        sub_key = faces[0]
    sub = next(s for s in entry.subtable if s.key == sub_key)
    return _scar(ctx, f, table_id, entry.low, sub.scar, sub_key=sub_key, faces=faces)


def _scar(ctx: Ctx, f: Fighter, table_id: str, key: int, scar: Scar, *,
          sub_key: int | None = None, effect: int | None = None,
          faces: list[int] | None = None) -> list[Event]:
    """A scar for his sheet. The event names where its words are: the sub-table line
    `sub_key`, or else the entry's effect number `effect`."""
    f.changes.scars.append({"table": table_id, "key": key, "sub_key": sub_key,
                            "scar": scar.scar, "loses": scar.loses, "gained": ctx.today()})
    return [Scarred(f.side, table=table_id, key=key, sub_key=sub_key, effect=effect,
                    faces=tuple(faces or ()), loses=scar.loses)]
