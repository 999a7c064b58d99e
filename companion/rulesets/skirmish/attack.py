"""Attacks: which target, with what, through which hexside, and the blow itself.

An attack is checked in full (`plan_attack`) before any die is rolled. A blow: both
roll a D6; a double is a special event (`specials.py`); otherwise the attacker's roll +
his modifiers - (the defender's roll + his) is the margin: above 0 a hit for that many
wounds unless saved, else a miss that pushes the defender back. Nets, lassos and
capes entangle instead (`weapons.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.hexgrid import direction_name, parse_direction
from companion.errors import UserError
from companion.rulesets.base import Event
from companion.rulesets.skirmish.core import actor, need_ap, push_back, shove
from companion.rulesets.skirmish.data import GameData
from companion.rulesets.skirmish.events import (
    Attacked,
    Avoided,
    BlowRolled,
    DoubleRolled,
    NoSave,
    Saved,
    SaveFailed,
)
from companion.rulesets.skirmish.geometry import dist
from companion.rulesets.skirmish.harm import hurt, missile_fate
from companion.rulesets.skirmish.modifiers import (
    attack_modifiers,
    attack_total,
    effective_save,
    net_modifier,
    shield_counts,
)
from companion.rulesets.skirmish.plan import (
    AttackPlan,
    Option,
    find_option,
    spend,
    unusable,
    weapon_options,
)
from companion.rulesets.skirmish.specials import special_event
from companion.rulesets.skirmish.state import FIGHTING, Dice, Gladiator, State
from companion.rulesets.skirmish.words import item_words, option_words, plain


def _hexside_of(action_side: Any, sides: tuple[int, ...]) -> int | None:
    if action_side is None:
        return None
    if isinstance(action_side, int) and not isinstance(action_side, bool):
        side = action_side % 6
    elif isinstance(action_side, str):
        side = parse_direction(action_side)
    else:
        raise UserError(f"hexside {action_side!r} must be a direction such as 'NE' or 0-5")
    if side not in sides:
        shown = " or ".join(direction_name(s) for s in sides)
        raise UserError(f"the attack comes through his {shown} hexside, not "
                        f"{direction_name(side)}")
    return side


def check_reach(state: State, g: Gladiator, t: Gladiator, option: Option) -> int:
    """The range, once the target is shown to be within this weapon's reach and arc."""
    w = option.weapon
    assert g.hex is not None and t.hex is not None
    geo = state.geo
    d = dist(g.hex, t.hex)
    if d < w.min_range:
        raise UserError(f"{t.name} is too close for the {plain(w.name)} "
                        f"({w.min_range}-{w.max_range} hexes; he is {d} away)")
    if d > w.max_range:
        reach = f"{w.min_range}-{w.max_range} hexes" if w.max_range > 1 else "the front hex"
        raise UserError(f"{t.name} is out of range of the {plain(w.name)} ({reach}; he is "
                        f"{d} away)")
    if d == 1:
        if geo.nb[g.hex][g.facing] != t.hex:
            raise UserError(f"{t.name} is not in {g.name}'s front hex (he faces "
                            f"{direction_name(g.facing)}); turn to face him first")
    elif not geo.in_front_arc(g.hex, g.facing, t.hex):
        raise UserError(f"{t.name} is not in {g.name}'s front arc")
    return d


def plan_attack(state: State, action: Mapping[str, Any], *, strict: bool = True,
                attacker: Gladiator | None = None) -> AttackPlan:
    """Check an attack action completely; raise UserError with the reason if it is
    illegal. `strict=False` (for the odds) skips the turn, AP and once-a-turn checks."""
    g = actor(state, action, "act") if strict else attacker
    assert g is not None
    if "target" not in action:
        raise UserError("an attack needs a 'target' (a gladiator's id or name)")
    t = state.find(action["target"], "target")
    if t is g:
        raise UserError(f"{g.name} cannot attack himself")
    if t.status != FIGHTING or t.hex is None:
        raise UserError(f"{t.name} is out of the fight")
    if t.side == g.side:
        raise UserError(f"{t.name} is on {g.name}'s side")
    ref = action.get("weapon")
    option = default_option(state, g, t) if ref is None else find_option(state, g, ref)
    w = option.weapon
    if strict:
        if g.entangled is not None and not w.allowed_when_entangled:
            raise UserError(f"{g.name} is entangled in a "
                            f"{item_words(state, g.entangled.weapon, 'weapon')}: he cannot "
                            "attack, only try to cut free")
        why = unusable(g, option)
        if why:
            raise UserError(why)
    d = check_reach(state, g, t, option)
    if w.entangles and t.entangled is not None:
        raise UserError(f"{t.name} is already entangled")
    assert g.hex is not None and t.hex is not None
    sides = state.geo.attack_hexsides(g.hex, t.hex)
    side = _hexside_of(action.get("hexside"), sides)
    plan = AttackPlan(g, t, option, d, sides[0], sides, w.ap)
    if side is None and len(sides) > 1:
        # The attacker picks the hexside; by default the one better for him: the higher
        # modifier, then the one his shield does not guard.
        side = max(sides, key=lambda s: (attack_total(state, _with_side(plan, s)),
                                         not shield_counts(t, s)))
    if side is not None:
        plan = _with_side(plan, side)
    if strict and g.ap < w.ap:
        need_ap(g, w.ap, f"an attack with the {plain(w.name)}")
    return plan


def _with_side(plan: AttackPlan, side: int) -> AttackPlan:
    return plan._replace(hexside=side)


def default_option(state: State, g: Gladiator, t: Gladiator) -> Option:
    """With no weapon named: the first one that can strike him from here."""
    reasons = []
    for option in weapon_options(state.data, g):
        why = unusable(g, option)
        if why is None:
            try:
                check_reach(state, g, t, option)
            except UserError as err:
                why = str(err)
        if why is None:
            return option
        reasons.append(f"{option_words(option)}: {why}")
    raise UserError(f"{g.name} cannot strike {t.name} now ({'; '.join(reasons)})")


def resolve_blow(state: State, plan: AttackPlan, dice: Dice) -> list[Event]:
    found: list[Event] = []
    strike(state, plan, dice, found)
    return found


def strike(state: State, plan: AttackPlan, dice: Dice, found: list[Event] | None) -> None:
    """`resolve_blow`, putting what happened in `found`. None: bulk play that reads
    nothing, where a blow builds no events (nor the modifiers' words); the rarer
    doubles build theirs to drop them."""
    data = state.data
    g, t, w = plan.attacker, plan.target, plan.option.weapon
    assert t.hex is not None
    origin = t.hex
    spend(plan)
    if found is not None:
        found.append(Attacked(g.id, target=t.id, weapon=plan.option.ref, distance=plan.distance))
    a = dice.d6(purpose="attack", roller=g.name).faces[0]
    d = dice.d6(purpose="defence", roller=t.name).faces[0]
    if a == d:
        found = [] if found is None else found
        found.append(DoubleRolled(g.id, target=t.id, face=a))
        found += special_event(state, plan, a, dice)
        found += missile_fate(state, plan, "special-event", origin, dice)
        return
    if found is None:
        # The sum `attack_modifiers` would give
        # (tests/rulesets/skirmish/test_skirmish_fastpaths.py).
        margin = a + net_modifier(state, g, t, w, plan.distance, plan.hexside) - d
    else:
        listed, against = attack_modifiers(state, plan)
        att, defence = tuple(listed), tuple(against)
        net = _net_of(data, att, defence)
        margin = a + net - d
        found.append(BlowRolled(g.id, target=t.id, attack=a, defence=d, modifiers=att,
                                defence_modifiers=defence, margin=margin))
    if margin > 0:
        save, extra = effective_save(data, t, plan.hexside, w)
        wounds = margin + extra
        target = data.rules.save_target
        outcome = "wounds"
        if save >= 1 and save + 6 >= target:
            s = dice.d6(purpose="save", roller=t.name).faces[0]
            if s + save >= target:
                outcome = "saved"
            if found is not None:
                rolled = Saved if outcome == "saved" else SaveFailed
                found.append(rolled(t.id, face=s, save=save, need=target))
        elif extra and found is not None:
            found.append(NoSave(t.id, extra=extra))
        if outcome == "wounds":
            hurt(state, g, t, wounds, found)
    else:
        outcome = "miss"
        if found is not None:
            found.append(Avoided(t.id, by=g.id))
    flown = missile_fate(state, plan, outcome, origin, dice)
    if found is not None:
        found += flown
    if outcome == "miss":
        if found is not None:
            found.append(push_back(state, t, plan.hexside))
        else:
            shove(state, t, plan.hexside)


def _net_of(data: GameData, att: tuple[tuple[str, int], ...],
            defence: tuple[tuple[str, int], ...]) -> int:
    """The attacker's modifiers less the defender's; kept, since the same few lists
    come up bout after bout."""
    key = ("net", att, defence)
    found = data.odds_cache.get(key)
    if found is None:
        found = data.odds_cache[key] = sum(m for _, m in att) - sum(m for _, m in defence)
    return found
