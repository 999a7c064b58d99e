"""Special events: what a double on the attack dice does (skirmish-special-events).

Each event is read from its table entry's flags, so a changed table changes the game:
wounds dice, off balance (attacker or defender), a shield knocked away, the defender
floored (settled at the end of the attacker's turn, in `turn.py`), a weapon lost on a
D6 sub-table.
"""

from __future__ import annotations

from companion.rulesets.skirmish.attack import THROWN_AMMO, AttackPlan, wound
from companion.rulesets.skirmish.core import drop_item, random_adjacent
from companion.rulesets.skirmish.state import Dice, Gladiator, Held, State


def special_event(state: State, plan: AttackPlan, face: int, dice: Dice) -> list[str]:
    data = state.data
    event = data.events.get(face)
    if event is None:
        return ["nothing happens (no special event for this double)"]
    g, t = plan.attacker, plan.target
    lines = [f"{event.name}: {event.description}"]
    spec = data.event_wounds.get(face)
    if spec is not None:
        total = spec.constant
        for sign, count, sides in spec.groups:
            total += sign * sum(dice.roll(sides, count, purpose=event.name.lower(),
                                          roller=g.name).faces)
        lines += wound(state, g, t, max(total, 0))
    if event.off_balance:
        victim = g if event.who == "attacker" else t
        victim.off_balance = True
        lines.append(f"{victim.name} is off balance")
    if event.floored and t.hex is not None:
        g.floored.append(t.id)
        lines.append(f"{t.name} is floored: beaten if {g.name} ends his turn beside him, "
                     "otherwise off balance")
    if event.loses_shield:
        lines += _lose_shield(state, t, event.exempt_kit, event.recoverable, dice)
    if event.weapon_lost:
        lines += _lose_weapon(state, plan, event, dice)
    return lines


def _lose_shield(state: State, t: Gladiator, exempt: list[str], recoverable: bool,
                 dice: Dice) -> list[str]:
    data = state.data
    if t.shield is None:
        return [f"{t.name} has no shield to lose"]
    kit = data.kit[t.shield]
    if t.shield in exempt or kit.never_lost_to_events:
        return [f"{t.name}'s {kit.name} cannot be lost"]
    centre = t.hex if t.hex is not None else t.last_hex
    assert centre is not None
    spot = random_adjacent(state, centre, dice, t.name, kit.name.lower())
    drop_item(state, "shield", t.shield, t.id, spot,
              recoverable=recoverable and kit.recoverable_if_knocked_away, side=t.shield_side)
    t.shield = None
    return [f"{t.name}'s {kit.name.lower()} lands in {state.label(spot)}"]


def _lose_weapon(state: State, plan: AttackPlan, event: object, dice: Dice) -> list[str]:
    data = state.data
    g, t = plan.attacker, plan.target
    face = dice.d6(purpose="whose weapon", roller=g.name).faces[0]
    row = next(r for r in event.subtable if r.key == face)  # type: ignore[attr-defined]
    lines = [f"D6 {face}: {row.description}"]
    owner = g if row.who == "attacker" else t
    if row.weapon == "used" and owner is g:
        option = plan.option
        if option.use == "unarmed":
            return [*lines, f"{g.name} has no weapon to lose"]
        if option.use == "shield":
            return lines + _drop_shield_weapon(state, g, row.gone_for_good, dice)
        held = option.held
        assert held is not None
        if option.weapon.ammo in THROWN_AMMO:
            return [*lines, f"only the {option.weapon.ammo} already thrown is lost"]
        # Two of a kind: the one marked to go first goes (the diamecheri's left sword).
        first = next((h for h in owner.weapons
                      if h.weapon == held.weapon and h.lost_first), held)
        return lines + _drop_held(state, owner, first, row.gone_for_good, dice)
    excluded = set(event.random_weapon_excludes)  # type: ignore[attr-defined]
    pool = [h for h in owner.weapons
            if not (data.weapons[h.weapon].ammo == "dart" and owner.darts <= 0)]
    if "shield" in excluded:
        pool = [h for h in pool if h.weapon != "shield"]
    if not pool:
        return [*lines, f"{owner.name} has no weapon to lose"]
    chosen = next((h for h in pool if h.lost_first), None)
    if chosen is None:
        if len(pool) == 1:
            chosen = pool[0]
        else:
            pick = dice.roll(len(pool), purpose="which weapon", roller=owner.name).faces[0]
            chosen = pool[pick - 1]
    return lines + _drop_held(state, owner, chosen, row.gone_for_good, dice)


def _drop_held(state: State, owner: Gladiator, held: Held, gone: bool,
               dice: Dice) -> list[str]:
    data = state.data
    w = data.weapons[held.weapon]
    centre = owner.hex if owner.hex is not None else owner.last_hex
    assert centre is not None
    if w.ammo in THROWN_AMMO:
        # His darts are one bundle in hand: he loses one of them.
        owner.darts -= 1
        if gone:
            return [f"one of {owner.name}'s darts is broken"]
        spot = random_adjacent(state, centre, dice, owner.name, w.ammo or "dart")
        drop_item(state, "ammo", w.ammo or "dart", owner.id, spot)
        return [f"one of {owner.name}'s darts lands in {state.label(spot)}"]
    owner.weapons.remove(held)
    if gone:
        return [f"{owner.name}'s {w.name.lower()} is gone for good"]
    spot = random_adjacent(state, centre, dice, owner.name, w.name.lower())
    drop_item(state, "weapon", held.weapon, owner.id, spot, side=held.side,
              lost_first=held.lost_first)
    return [f"{owner.name}'s {w.name.lower()} lands in {state.label(spot)}"]


def _drop_shield_weapon(state: State, g: Gladiator, gone: bool, dice: Dice) -> list[str]:
    """He struck with his shield and it is the weapon lost."""
    assert g.shield is not None
    kit = state.data.kit[g.shield]
    if gone:
        g.shield = None
        return [f"{g.name}'s {kit.name.lower()} is broken"]
    centre = g.hex
    assert centre is not None
    spot = random_adjacent(state, centre, dice, g.name, kit.name.lower())
    drop_item(state, "shield", g.shield, g.id, spot,
              recoverable=kit.recoverable_if_knocked_away, side=g.shield_side)
    g.shield = None
    return [f"{g.name}'s {kit.name.lower()} lands in {state.label(spot)}"]
