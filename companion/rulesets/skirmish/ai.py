"""A computer player, and bouts simulated in bulk.

`choose_action` is deterministic: the same state gives the same action (it takes no
random input). It strikes when a blow or cast is worth it, otherwise closes in on the
nearest opponent, heading for his weakest side, keeps reach and missile weapons at
their best range, cuts free, fetches its darts and lost weapons, steps back when
badly hurt, and turns to face the enemy before ending its turn. Every action it
returns is legal (the engine checks them all the same).
"""

from __future__ import annotations

import random
from typing import Any

from companion.errors import UserError
from companion.facing import turns_between
from companion.hexgrid import Hex, direction_between, direction_name
from companion.rulesets.skirmish.attack import (
    AttackPlan,
    Option,
    attack_total,
    facing_modifier,
    unusable,
    weapon_options,
)
from companion.rulesets.skirmish.geometry import dist
from companion.rulesets.skirmish.movement import step_cost, step_refusal
from companion.rulesets.skirmish.odds import quick_value
from companion.rulesets.skirmish.state import FIGHTING, Gladiator, State, wound_levels
from companion.rulesets.skirmish.weapons import pickable, shredder

# How much the computer values an entangled foe, in wounds, and how it trades
# wounds against ending the bout at once. Tuning of the player, not rules.
ENTANGLE_VALUE = 2.5
BEATEN_VALUE = 3.0
WORTH_STRIKING = 0.15


def choose_action(state: State, gladiator_id: str | None = None,
                  rng: random.Random | None = None) -> dict[str, Any]:
    """The computer's next action for the gladiator to act (or appeal) now.

    `rng` is accepted for callers that want to pass one; this player needs none.
    """
    phase = state.phase
    if phase == "setup":
        return {"type": "start"}
    if phase == "over":
        raise UserError("the bout is over: there is nothing left to do")
    if phase == "appeal":
        gid = gladiator_id if gladiator_id in state.appeals else state.appeals[0]
        return {"type": "appeal", "gladiator": gid}
    if phase == "ap":
        return {"type": "roll_ap"}
    g = state.current()
    assert g is not None and g.hex is not None
    return _act(state, g)


def _act(state: State, g: Gladiator) -> dict[str, Any]:
    data = state.data
    costs = data.ap_costs
    end = {"type": "end_turn"}
    if g.entangled is not None:
        if not (data.cut_free_once and g.cut_free_tried) and g.ap >= costs["cut-free"]:
            return {"type": "cut_free"}
        return end
    foes = state.enemies(g)
    if not foes:
        return end
    assert g.hex is not None
    # Fetch his own things lying at his feet.
    if g.ap >= costs["pick-up"]:
        for item in state.items:
            if item.hex == g.hex and pickable(state, g, item) is None:
                return {"type": "pick_up", "item": item.id}
    here = g.hex
    by_range = sorted(((dist(here, f.hex), f.strength, f.id, f) for f in foes),  # type: ignore[arg-type]
                      key=lambda x: x[:3])
    options = _options(state, g)
    reach = max((o.weapon.max_range for o in options), default=0)
    best, value = (_best_attack(state, g, foes, options) if by_range[0][0] <= reach
                   else (None, -1.0))
    near = [x[3] for x in by_range if x[0] == 1]
    if near and value < 1.0 and any(f.strength > g.strength for f in near) \
            and "seriously-wounded" in wound_levels(data, g):
        step = _step_away(state, g, foes)
        if step is not None:
            return step
    if best is not None and value >= WORTH_STRIKING:
        return best
    goal = _goal(state, g, by_range[0][3], by_range[0][0])
    step = _step_towards(state, g, *goal)
    if step is not None:
        return step
    return _face_threat(state, g, foes) or end


# --- striking ---------------------------------------------------------------------------

def _options(state: State, g: Gladiator) -> list[Option]:
    return [o for o in weapon_options(state.data, g)
            if unusable(g, o) is None and g.ap >= o.weapon.ap]


def _best_attack(state: State, g: Gladiator, foes: list[Gladiator],
                 options: list[Option]) -> tuple[dict[str, Any] | None, float]:
    assert g.hex is not None
    best: dict[str, Any] | None = None
    best_value = -1.0
    geo = state.geo
    front = geo.nb[g.hex][g.facing]
    for option in options:
        w = option.weapon
        for t in foes:
            assert t.hex is not None
            d = dist(g.hex, t.hex)
            if d < w.min_range or d > w.max_range:
                continue
            if t.hex != front if d == 1 else not geo.in_front_arc(g.hex, g.facing, t.hex):
                continue
            sides = state.geo.attack_hexsides(g.hex, t.hex)  # type: ignore[arg-type]
            plan = AttackPlan(g, t, option, d, sides[0], sides, w.ap)
            if len(sides) > 1:
                side = max(sides, key=lambda s, p=plan: attack_total(state, _side(p, s)))
                plan = _side(plan, side)
            else:
                side = sides[0]
            if w.entangles:
                if t.entangled is not None:
                    continue
                p = max(0, 7 - w.entangle_need[d]) / 6
                if shredder(state, t, w.slug):
                    p *= 0.5
                value = p * ENTANGLE_VALUE
            else:
                exp, beaten = quick_value(state, plan)
                value = exp + BEATEN_VALUE * beaten
                if w.missile and g.darts + g.arrows <= 1:
                    value *= 0.9  # the last dart is worth a little more in hand
            value /= w.ap
            if value > best_value:
                best_value = value
                best = {"type": "attack", "target": t.id, "weapon": option.ref}
                if len(sides) > 1:
                    best["hexside"] = direction_name(side)
    return best, best_value


def _side(plan: AttackPlan, side: int) -> AttackPlan:
    return AttackPlan(plan.attacker, plan.target, plan.option, plan.distance, side,
                      plan.hexsides, plan.cost)


# --- where to go --------------------------------------------------------------------------

def _ideal_ranges(state: State, g: Gladiator, target: Gladiator) -> tuple[int, int]:
    """The range band to fight him from, by the weapon he would like to use next:
    a cast first, then missiles, then reach, then the rest."""
    key = ("band", tuple(h.weapon for h in g.weapons), g.shield, g.darts > 0, g.arrows > 0,
           target.entangled is None)
    found = state.data.odds_cache.get(key)
    if found is None:
        found = state.data.odds_cache[key] = _work_out_ranges(state, g, target)
    return found


def _work_out_ranges(state: State, g: Gladiator, target: Gladiator) -> tuple[int, int]:
    best: tuple[int, int, int] | None = None
    for option in weapon_options(state.data, g):
        w = option.weapon
        # Struck this turn or not, it is what he will fight with: only ammunition counts.
        if (w.ammo == "dart" and g.darts <= 0) or (w.ammo == "arrow" and g.arrows <= 0):
            continue
        if w.entangles and target.entangled is not None:
            continue
        rank = 0 if w.entangles else 1 if w.missile else 2 if w.max_range > 1 else 3
        clean = [r for r in range(w.min_range, w.max_range + 1) if not w.disadvantage_at(r)]
        if w.entangles:
            top = min(w.entangle_need.values())
            clean = [r for r, n in w.entangle_need.items() if n == top]
        band = (min(clean), max(clean)) if clean else (w.min_range, w.max_range)
        if w.missile:
            band = (band[0], min(band[1], band[0] + 2))
        if best is None or rank < best[0]:
            best = (rank, *band)
    if best is None:
        return 1, 1
    return best[1], best[2]


def _goal(state: State, g: Gladiator, near: Gladiator, d: int) -> tuple[Hex, Hex | None]:
    """Where to head: (hex to reach, hex to face on arrival). `near` is the nearest
    opponent, `d` hexes away."""
    assert g.hex is not None
    if state.items:
        mine = [i for i in state.items if pickable(state, g, i) is None]
        lacking = not g.weapons or (
            any(state.data.weapons[h.weapon].ammo == "dart" for h in g.weapons)
            and g.darts == 0)
        if lacking and mine:
            item = min(mine, key=lambda i: (dist(g.hex, i.hex), i.id))  # type: ignore[arg-type]
            if dist(g.hex, item.hex) <= 6:
                return item.hex, None
    lo, hi = _ideal_ranges(state, g, near)
    if lo <= d <= hi:
        return g.hex, near.hex
    if d < lo:
        return _retreat_hex(state, g, near), near.hex
    if hi == 1 and d <= 3:
        # Close enough to pick a side: head for his weakest one.
        return _flank_hex(state, g, near), near.hex
    return near.hex, near.hex


def _flank_hex(state: State, g: Gladiator, t: Gladiator) -> Hex:
    """The free hex next to him that best mixes a weak side of his and a short walk."""
    assert g.hex is not None and t.hex is not None
    best, score = t.hex, -99.0
    data = state.data
    # Front and rear are fixed; only his two sides depend on what he holds.
    right = facing_modifier(data, t, (t.facing + 1) % 6)[1]
    left = facing_modifier(data, t, (t.facing + 5) % 6)[1]
    by_turn = (data.mod_front, right, data.mod_rear, data.mod_rear, data.mod_rear, left)
    taken = {o.hex for o in state.gladiators if o is not g}
    for d, spot in enumerate(state.geo.nb[t.hex]):
        if spot is None or spot in taken:
            continue
        s = by_turn[(d - t.facing) % 6] - 0.75 * dist(g.hex, spot)
        if s > score:
            best, score = spot, s
    return best


def _retreat_hex(state: State, g: Gladiator, t: Gladiator) -> Hex:
    assert g.hex is not None and t.hex is not None
    away = direction_between(t.hex, g.hex)
    if away is None:
        return g.hex
    return state.geo.nb[g.hex][away] or g.hex


def _step_towards(state: State, g: Gladiator, goal: Hex,
                  face: Hex | None) -> dict[str, Any] | None:
    assert g.hex is not None
    if goal == g.hex:
        if face is not None and face != g.hex:
            return _turn_to(state, g, face)
        return None
    if dist(g.hex, goal) == 1 or state.geo.in_front_arc(g.hex, g.facing, goal):
        # The straight step is cheapest; take it if it brings him nearer.
        ahead = state.geo.nb[g.hex][g.facing]
        if ahead is not None and dist(ahead, goal) < dist(g.hex, goal) \
                and _can_step(state, g, ahead, g.facing):
            return {"type": "move", "to": state.label(ahead)}
    if dist(g.hex, goal) == 1:
        d = direction_between(g.hex, goal)
        assert d is not None
        if d != g.facing and _can_step(state, g, goal, d):
            turn_cost = state.data.ap_costs["turn"] * abs(turns_between(g.facing, d))
            # Aside or back costs more than turning first, unless he must keep facing.
            if step_cost(state, g, d) <= turn_cost + state.data.ap_costs["move-straight"] \
                    or face is not None:
                return {"type": "move", "to": state.label(goal)}
    turn = _turn_to(state, g, goal)
    if turn is not None:
        return turn
    # Facing the goal but the way ahead is shut: any step that gets nearer.
    for d, spot in enumerate(state.geo.nb[g.hex]):
        if spot is not None and dist(spot, goal) < dist(g.hex, goal) \
                and _can_step(state, g, spot, d):
            return {"type": "move", "to": state.label(spot)}
    return None


def _can_step(state: State, g: Gladiator, dest: Hex, direction: int) -> bool:
    assert g.hex is not None
    return (step_cost(state, g, direction) <= g.ap
            and step_refusal(state, g, g.hex, dest) is None)


def _turn_to(state: State, g: Gladiator, target: Hex) -> dict[str, Any] | None:
    assert g.hex is not None
    if target == g.hex:
        return None
    geo = state.geo
    wanted = next(f for f in range(6) if geo.in_front_arc(g.hex, f, target))
    steps = turns_between(g.facing, wanted)
    cost = state.data.ap_costs["turn"]
    if steps == 0 or g.ap < cost:
        return None
    # As far round as he can afford, in one action.
    can = min(abs(steps), g.ap // cost) if cost else abs(steps)
    return {"type": "turn", "steps": can if steps > 0 else -can}


def _step_away(state: State, g: Gladiator, foes: list[Gladiator]) -> dict[str, Any] | None:
    """A step to a hex no opponent is next to, if he can afford one."""
    assert g.hex is not None
    best = None
    for d, spot in enumerate(state.geo.nb[g.hex]):
        if spot is None or not _can_step(state, g, spot, d):
            continue
        if any(dist(spot, f.hex) <= 1 for f in foes):  # type: ignore[arg-type]
            continue
        cost = step_cost(state, g, d)
        if best is None or cost < best[0]:
            best = (cost, spot)
    return None if best is None else {"type": "move", "to": state.label(best[1])}


def _face_threat(state: State, g: Gladiator, foes: list[Gladiator]) -> dict[str, Any] | None:
    """Before ending his turn, turn to the nearest opponent if he is close."""
    assert g.hex is not None
    near = min(foes, key=lambda f: (dist(g.hex, f.hex), f.id))  # type: ignore[arg-type]
    if dist(g.hex, near.hex) > 3:  # type: ignore[arg-type]
        return None
    return _turn_to(state, g, near.hex)  # type: ignore[arg-type]


def standing(state: State) -> list[Gladiator]:
    return [g for g in state.gladiators if g.status == FIGHTING]
