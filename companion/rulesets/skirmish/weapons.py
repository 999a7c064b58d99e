"""Exotic weapons and loose items: casting a net, lasso or cape, cutting free, and
picking up, kicking and discarding what lies on the board.

A cast is one D6 by the caster, needing the table's roll for the range (a net: 6 at
one hex, 5-6 at two); no other modifier applies [house reading of the seed]. A cone
in the target's hand tears a net or lasso on its own D6, hit or miss. A cast that
misses pushes the target back and stays in the caster's hand (it is drawn back); one
that entangles stays on the target until he cuts free.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import UserError
from companion.rulesets.base import Event
from companion.rulesets.skirmish.core import (
    actor,
    drop_item,
    need_ap,
    need_free,
    push_back,
    random_adjacent,
)
from companion.rulesets.skirmish.events import (
    Cast,
    CastMissed,
    CutFree,
    CutFreeFailed,
    Entangled,
    ItemFell,
    ItemLost,
    Kicked,
    PickedUp,
    ShieldDiscarded,
    Shredded,
    ShredFailed,
)
from companion.rulesets.skirmish.plan import AttackPlan, spend
from companion.rulesets.skirmish.state import Dice, Entanglement, Gladiator, Held, Item, State
from companion.rulesets.skirmish.words import item_words


def shredder(state: State, t: Gladiator, weapon: str) -> str | None:
    """The weapon in the target's hand that tears this one (a cone against a net)."""
    for h in t.weapons:
        if weapon in state.data.weapons[h.weapon].shreds:
            return h.weapon
    return None


def resolve_cast(state: State, plan: AttackPlan, dice: Dice) -> list[Event]:
    data = state.data
    g, t, option = plan.attacker, plan.target, plan.option
    w = option.weapon
    need = w.entangle_need[plan.distance]
    spend(plan)
    found: list[Event] = [Cast(g.id, target=t.id, weapon=w.slug, distance=plan.distance,
                               need=need)]
    roll = dice.d6(purpose=f"cast {w.name.lower()}", roller=g.name).faces[0]
    tool = shredder(state, t, w.slug)
    if tool is not None:
        info = data.weapons[tool]
        cone = dice.d6(purpose=f"{info.name.lower()} against the {w.name.lower()}",
                       roller=t.name).faces[0]
        if info.shreds_min is not None and cone >= info.shreds_min:
            _take_from_caster(g, option.held, option.use)
            return [*found, Shredded(g.id, target=t.id, weapon=w.slug, tool=tool, cast=roll,
                                     roll=cone)]
        found.append(ShredFailed(g.id, target=t.id, weapon=w.slug, tool=tool, roll=cone))
    if roll >= need:
        side = option.held.side if option.held else (g.shield_side or "left")
        _take_from_caster(g, option.held, option.use)
        t.entangled = Entanglement(w.slug, g.id, "shield" if option.use == "shield"
                                   else "weapon", side)
        return [*found, Entangled(t.id, by=g.id, weapon=w.slug, cast=roll)]
    found.append(CastMissed(g.id, target=t.id, weapon=w.slug, cast=roll))
    found.append(push_back(state, t, plan.hexside))
    return found


def _take_from_caster(g: Gladiator, held: Held | None, use: str) -> None:
    if use == "shield":
        g.shield = None
    elif held is not None and held in g.weapons:
        g.weapons.remove(held)


def cut_free(state: State, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    g = actor(state, action, "act")
    data = state.data
    ent = g.entangled
    if ent is None:
        raise UserError(f"{g.name} is not entangled")
    if data.cut_free_once and g.cut_free_tried:
        raise UserError(f"{g.name} has already tried to cut free this turn")
    cost = data.ap_costs["cut-free"]
    need_ap(g, cost, "cutting free")
    w = data.weapons[ent.weapon]
    g.ap -= cost
    g.cut_free_tried = True
    roll = dice.d6(purpose="cut free", roller=g.name).faces[0]
    need = w.cut_free_min or 7
    if roll < need:
        return [CutFreeFailed(g.id, weapon=ent.weapon, roll=roll, need=need)]
    g.entangled = None
    found: list[Event] = [CutFree(g.id, weapon=ent.weapon, roll=roll)]
    if roll in w.cut_free_lost_on:
        return [*found, ItemLost(ent.owner, item_kind=ent.kind, item=ent.weapon)]
    assert g.hex is not None
    spot = (random_adjacent(state, g.hex, dice, g.name, w.name.lower())
            if roll in w.cut_free_drops_on else g.hex)
    drop_item(state, ent.kind, ent.weapon, ent.owner, spot, side=ent.side)
    return [*found, ItemFell(ent.owner, item_kind=ent.kind, item=ent.weapon,
                             at=state.geo.labels[spot])]


def find_item(state: State, g: Gladiator, ref: Any) -> Item:
    here = [i for i in state.items if i.hex == g.hex]
    if ref is None and len(here) == 1:
        return here[0]
    for i in here:
        if (isinstance(ref, int) and not isinstance(ref, bool) and i.id == ref) or (
                isinstance(ref, str) and (ref.strip() == str(i.id)
                                          or ref.strip().lower() == i.name)):
            return i
    where = f"{g.name}'s hex {state.label(g.hex)}"
    if not here:
        raise UserError(f"there is nothing in {where}")
    shown = ", ".join(f"item {i.id}, {_owned(state, i)}" for i in here)
    lie = "lies" if len(here) == 1 else "lie"
    if ref is None:
        raise UserError(f"say which: in {where} {lie} {shown}")
    raise UserError(f"there is no item {ref} in {where}; there {lie} {shown}")


def _owned(state: State, item: Item) -> str:
    """ "Brutus's dart"."""
    what = item_words(state, item.name, item.kind)
    return f"{state.glad(item.owner).name}'s {what}" if item.owner else f"a {what}"


def pickable(state: State, g: Gladiator, item: Item) -> str | None:
    """Why he may not pick this item up, or None."""
    if item.owner != g.id:
        owner = state.glad(item.owner).name
        return f"the {item_words(state, item.name, item.kind)} is {owner}'s, not his"
    if not item.recoverable:
        return (f"the {item_words(state, item.name, item.kind)} cannot be recovered (a "
                "discarded shield stays down)")
    if item.kind == "shield" and g.shield is not None:
        return "he already has a shield"
    return None


def may_pick_up(g: Gladiator, item: Item) -> bool:
    """`pickable(...) is None`, without the words: the computer player asks it of every
    item on the board, every decision."""
    return item.owner == g.id and item.recoverable and not (
        item.kind == "shield" and g.shield is not None)


def pick_up(state: State, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    g = actor(state, action, "act")
    need_free(state, g, "pick-up", "pick anything up")
    item = find_item(state, g, action.get("item"))
    why = pickable(state, g, item)
    if why:
        raise UserError(why)
    cost = state.data.ap_costs["pick-up"]
    need_ap(g, cost, "picking up")
    g.ap -= cost
    state.items.remove(item)
    if item.kind == "ammo":
        if item.name == "arrow":
            g.arrows += 1
        else:
            g.darts += 1
    elif item.kind == "shield":
        g.shield, g.shield_side = item.name, item.side or "left"
    else:
        g.weapons.append(Held(item.name, item.side or "right", item.lost_first))
        # Keep the right hand first, as the roster lists them.
        g.weapons.sort(key=lambda h: h.side != "right")
    return [PickedUp(g.id, item=item.id, item_kind=item.kind, name=item.name)]


def kick(state: State, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    g = actor(state, action, "act")
    need_free(state, g, "kick", "kick anything")
    item = find_item(state, g, action.get("item"))
    to = action.get("to")
    if not isinstance(to, str):
        raise UserError("a kick needs 'to': the neighbouring hex, like 'E5'")
    dest = state.geo.parse(to)
    assert g.hex is not None
    if state.geo.direction(g.hex, dest) is None:
        raise UserError(f"{to} is not next to {g.name} ({state.label(g.hex)})")
    cost = state.data.ap_costs["kick"]
    need_ap(g, cost, "a kick")
    g.ap -= cost
    labels = state.geo.labels
    at = labels[item.hex]
    item.hex = dest
    return [Kicked(g.id, item=item.id, name=item.name, at=at, to=labels[dest])]


def discard_shield(state: State, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    g = actor(state, action, "ap", "act")
    need_free(state, g, "discard-shield", "discard his shield")
    if g.shield is None:
        raise UserError(f"{g.name} has no shield to discard")
    cost = state.data.ap_costs["discard-shield"]
    if state.phase == "act":
        need_ap(g, cost, "discarding the shield")
        g.ap -= cost
    kit = state.data.kit[g.shield]
    assert g.hex is not None
    drop_item(state, "shield", g.shield, g.id, g.hex, recoverable=kit.recoverable_if_discarded,
              side=g.shield_side)
    shield, g.shield = g.shield, None
    return [ShieldDiscarded(g.id, shield=shield, at=state.geo.labels[g.hex])]
