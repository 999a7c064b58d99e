"""Special events: what a double on the attack dice does (skirmish-special-events).

Each event is read from its table entry's flags, so a changed table changes the game:
wounds dice, off balance (attacker or defender), a shield knocked away, the defender
floored (settled at the end of the attacker's turn, in `turn.py`), a weapon lost on a
D6 sub-table.
"""

from __future__ import annotations

from companion.rulesets.base import Event
from companion.rulesets.skirmish.core import drop_item, random_adjacent
from companion.rulesets.skirmish.events import (
    DartBroken,
    DartLanded,
    EventWoundsRolled,
    Floored,
    ItemDestroyed,
    ItemLanded,
    NoShieldToLose,
    NoSpecialEvent,
    NoWeaponToLose,
    OffBalance,
    ShieldKept,
    SpecialEvent,
    ThrownMissileLost,
    WeaponLossRolled,
    WeaponPicked,
)
from companion.rulesets.skirmish.harm import wound
from companion.rulesets.skirmish.plan import THROWN_AMMO, AttackPlan
from companion.rulesets.skirmish.state import Dice, Gladiator, Held, State
from companion.rulesets.skirmish.table_models import SpecialEventEntry


def special_event(state: State, plan: AttackPlan, face: int, dice: Dice) -> list[Event]:
    data = state.data
    entry = data.events.get(face)
    g, t = plan.attacker, plan.target
    if entry is None:
        return [NoSpecialEvent(g.id, face=face)]
    found: list[Event] = [SpecialEvent(g.id, target=t.id, face=face)]
    spec = data.event_wounds.get(face)
    if spec is not None:
        total = spec.constant
        rolled: list[int] = []
        for sign, count, sides in spec.groups:
            faces = dice.roll(sides, count, purpose=entry.name.lower(), roller=g.name).faces
            rolled += faces
            total += sign * sum(faces)
        found.append(EventWoundsRolled(g.id, target=t.id, dice=spec.text, faces=tuple(rolled),
                                       total=total))
        found += wound(state, g, t, max(total, 0))
    if entry.off_balance:
        victim = g if entry.who == "attacker" else t
        victim.off_balance = True
        found.append(OffBalance(victim.id))
    if entry.floored and t.hex is not None:
        g.floored.append(t.id)
        found.append(Floored(t.id, by=g.id))
    if entry.loses_shield:
        found += _lose_shield(state, t, entry.exempt_kit, entry.recoverable, dice)
    if entry.weapon_lost:
        found += _lose_weapon(state, plan, entry, face, dice)
    return found


def _lose_shield(state: State, t: Gladiator, exempt: list[str], recoverable: bool,
                 dice: Dice) -> list[Event]:
    data = state.data
    if t.shield is None:
        return [NoShieldToLose(t.id)]
    kit = data.kit[t.shield]
    if t.shield in exempt or kit.never_lost_to_events:
        return [ShieldKept(t.id, shield=t.shield)]
    centre = t.hex if t.hex is not None else t.last_hex
    assert centre is not None
    spot = random_adjacent(state, centre, dice, t.name, kit.name.lower())
    drop_item(state, "shield", t.shield, t.id, spot,
              recoverable=recoverable and kit.recoverable_if_knocked_away, side=t.shield_side)
    lost = t.shield
    t.shield = None
    return [ItemLanded(t.id, item_kind="shield", item=lost, at=state.geo.labels[spot])]


def _lose_weapon(state: State, plan: AttackPlan, entry: SpecialEventEntry, face: int,
                 dice: Dice) -> list[Event]:
    data = state.data
    g, t = plan.attacker, plan.target
    roll = dice.d6(purpose="whose weapon", roller=g.name).faces[0]
    row = next(r for r in entry.subtable if r.key == roll)
    found: list[Event] = [WeaponLossRolled(g.id, face=face, roll=roll)]
    owner = g if row.who == "attacker" else t
    if row.weapon == "used" and owner is g:
        option = plan.option
        if option.use == "unarmed":
            return [*found, NoWeaponToLose(g.id)]
        if option.use == "shield":
            return found + _drop_shield_weapon(state, g, row.gone_for_good, dice)
        held = option.held
        assert held is not None
        ammo = option.weapon.ammo
        if ammo is not None and ammo in THROWN_AMMO:
            return [*found, ThrownMissileLost(g.id, ammo=ammo)]
        # Two of a kind: the one marked to go first goes (the diamecheri's left sword).
        first = next((h for h in owner.weapons
                      if h.weapon == held.weapon and h.lost_first), held)
        return found + _drop_held(state, owner, first, row.gone_for_good, dice)
    excluded = set(entry.random_weapon_excludes)
    pool = [h for h in owner.weapons
            if not (data.weapons[h.weapon].ammo == "dart" and owner.darts <= 0)]
    if "shield" in excluded:
        pool = [h for h in pool if h.weapon != "shield"]
    if not pool:
        return [*found, NoWeaponToLose(owner.id)]
    chosen = next((h for h in pool if h.lost_first), None)
    if chosen is None:
        if len(pool) == 1:
            chosen = pool[0]
        else:
            pick = dice.roll(len(pool), purpose="which weapon", roller=owner.name).faces[0]
            found.append(WeaponPicked(owner.id, roll=pick, sides=len(pool),
                                      item=pool[pick - 1].weapon))
            chosen = pool[pick - 1]
    return found + _drop_held(state, owner, chosen, row.gone_for_good, dice)


def _drop_held(state: State, owner: Gladiator, held: Held, gone: bool,
               dice: Dice) -> list[Event]:
    data = state.data
    w = data.weapons[held.weapon]
    centre = owner.hex if owner.hex is not None else owner.last_hex
    assert centre is not None
    if w.ammo in THROWN_AMMO:
        # His darts are one bundle in hand: he loses one of them.
        owner.darts -= 1
        if gone:
            return [DartBroken(owner.id)]
        ammo = str(w.ammo)
        spot = random_adjacent(state, centre, dice, owner.name, ammo)
        drop_item(state, "ammo", ammo, owner.id, spot)
        return [DartLanded(owner.id, at=state.geo.labels[spot])]
    owner.weapons.remove(held)
    if gone:
        return [ItemDestroyed(owner.id, item_kind="weapon", item=held.weapon)]
    spot = random_adjacent(state, centre, dice, owner.name, w.name.lower())
    drop_item(state, "weapon", held.weapon, owner.id, spot, side=held.side,
              lost_first=held.lost_first)
    return [ItemLanded(owner.id, item_kind="weapon", item=held.weapon, at=state.geo.labels[spot])]


def _drop_shield_weapon(state: State, g: Gladiator, gone: bool, dice: Dice) -> list[Event]:
    """He struck with his shield and it is the weapon lost."""
    assert g.shield is not None
    shield = g.shield
    kit = state.data.kit[shield]
    if gone:
        g.shield = None
        return [ItemDestroyed(g.id, item_kind="shield", item=shield)]
    centre = g.hex
    assert centre is not None
    spot = random_adjacent(state, centre, dice, g.name, kit.name.lower())
    drop_item(state, "shield", shield, g.id, spot,
              recoverable=kit.recoverable_if_knocked_away, side=g.shield_side)
    g.shield = None
    return [ItemLanded(g.id, item_kind="shield", item=shield, at=state.geo.labels[spot])]
