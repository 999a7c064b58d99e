"""A computer player, and bouts simulated in bulk.

`choose_action` is deterministic: the same state gives the same action (it takes no
random input). It strikes when a blow or cast is worth it, otherwise closes in on the
nearest opponent, heading for his weakest side, keeps reach and missile weapons at
their best range, cuts free, fetches its darts and lost weapons, steps back when
badly hurt, and turns to face the enemy before ending its turn. Every action it
returns is legal. The engine checks each one it is sent; bouts played in bulk
(`sim.play_out`) carry out its strikes and steps as its search found them (`Choice`),
which tests/rulesets/skirmish/test_skirmish_fastpaths.py holds to the engine's checks.
"""

from __future__ import annotations

import random
from functools import partial

from companion.core.facing import turns_between
from companion.core.hexgrid import Hex, direction_name
from companion.errors import UserError
from companion.rulesets.skirmish.actions import AttackAction, SkirmishAction, TurnAction
from companion.rulesets.skirmish.data import GameData
from companion.rulesets.skirmish.geometry import dist
from companion.rulesets.skirmish.modifiers import allies_engaging, facing_amount, net_modifier
from companion.rulesets.skirmish.movement import Step, step_cost, step_refusal
from companion.rulesets.skirmish.odds import quick_value
from companion.rulesets.skirmish.plan import AttackPlan, Kit, Option, kit_of, weapon_options
from companion.rulesets.skirmish.state import FIGHTING, Gladiator, State, levels_of
from companion.rulesets.skirmish.weapons import may_pick_up, shredder

# How much the computer values an entangled foe, in wounds, and how it trades
# wounds against ending the bout at once. Tuning of the player, not rules.
ENTANGLE_VALUE = 2.5
BEATEN_VALUE = 3.0
WORTH_STRIKING = 0.15


# An action the computer chose and, for a strike or a step, what the rules' check of
# that action finds (`plan_attack`'s plan, or the step's hex and direction): the search
# has just checked it, so bulk play carries it out without asking again
# (`rules.carry_out`). None for the others: they go through the checks. A plain pair:
# one is made before every action.
Choice = tuple[SkirmishAction, AttackPlan | Step | None]

# tuple.__new__ skips a named tuple's own constructor: a step or a plan is made for
# nearly every action.
_made = tuple.__new__


def choose_action(state: State, gladiator_id: str | None = None,
                  rng: random.Random | None = None) -> SkirmishAction:
    """The computer's next action for the gladiator to act (or appeal) now.

    `rng` is accepted for callers that want to pass one; this player needs none.
    """
    return choose(state, gladiator_id)[0]


def choose(state: State, gladiator_id: str | None = None) -> Choice:
    """`choose_action`, with what its check finds for a strike or a step."""
    phase = state.phase
    if phase == "act":
        active = state.active
        assert active is not None
        g = state.gladiators[ord(active) - 65]  # `State.current`
        assert g.hex is not None
        return _act(state, g)
    if phase == "setup":
        return ({"type": "start"}, None)
    if phase == "over":
        raise UserError("the bout is over: there is nothing left to do")
    if phase == "appeal":
        gid = gladiator_id if gladiator_id in state.appeals else state.appeals[0]
        return ({"type": "appeal", "gladiator": gid}, None)
    if phase == "ap":
        return ({"type": "roll_ap"}, None)
    raise UserError(f"unknown phase {phase!r}")  # pragma: no cover - PHASES is closed


def _act(state: State, g: Gladiator) -> Choice:
    data = state.data
    costs = data.ap_costs
    ap = g.ap
    if g.entangled is not None:
        if not (data.cut_free_once and g.cut_free_tried) and ap >= costs["cut-free"]:
            return ({"type": "cut_free"}, None)
        return ({"type": "end_turn"}, None)
    cheapest = data.odds_cache.get(_CHEAPEST)
    if ap < (cheapest if cheapest is not None else _cheapest(data)):
        return ({"type": "end_turn"}, None)  # nothing he might do is affordable
    here = g.hex
    assert here is not None
    side = g.side
    # His opponents on the board (`State.enemies`), with their distance, in order.
    away = state.geo.distances(here)
    ranged = []
    for o in state.gladiators:
        if o.side != side and o.status == FIGHTING:
            at = o.hex
            if at is not None:
                ranged.append((away[at], o.strength, o.id, o))
    if not ranged:
        return ({"type": "end_turn"}, None)
    # Nearest first, then the weaker, then by id (ids differ, so that decides).
    by_range = sorted(ranged) if len(ranged) > 1 else ranged
    # Fetch his own things lying at his feet.
    if state.items and ap >= costs["pick-up"]:
        for item in state.items:
            if item.hex == here and may_pick_up(g, item):
                return ({"type": "pick_up", "item": item.id}, None)
    nearest, near_d = by_range[0][3], by_range[0][0]
    kit = kit_of(data, g)
    best, value = None, -1.0
    # Further off than any of his weapons reaches, used or not: nothing to weigh.
    if near_d <= _longest_reach(kit) and near_d <= (usable := _usable(kit, g))[1]:
        options, reach = usable
        if len(ranged) > 1:
            # Only those in reach can be struck: the search weighs no one further.
            foes = [(x[0], x[3]) for x in ranged if x[0] <= reach]
        else:
            foes = [(near_d, nearest)]
        best, value = _best_attack(state, g, foes, options, kit)
    # Badly hurt (the memo's tuple read first: it is cheaper than looking round) and
    # next to a stronger foe: step back.
    if near_d == 1 and value < 1.0 and "seriously-wounded" in levels_of(data, g):
        strength = g.strength
        if any(x[0] == 1 and x[3].strength > strength for x in by_range):
            step = _step_away(state, g, [x[3] for x in ranged])
            if step is not None:
                return step
    if best is not None and value >= WORTH_STRIKING:
        return best
    goal, face = _goal(state, g, kit, nearest, near_d)
    step = _step_towards(state, g, goal, face)
    if step is not None:
        return step
    turn = _face_threat(state, g, by_range)
    return (turn if turn is not None else {"type": "end_turn"}), None


def _cheapest(data: GameData) -> int:
    """The fewest AP any action this player takes can cost (but cutting free)."""
    found = data.odds_cache.get(_CHEAPEST)
    if found is None:
        costs = data.ap_costs
        found = min(costs["move-straight"], costs["move-other-direction"], costs["turn"],
                    costs["pick-up"], *(w.ap for w in data.weapons.values()))
        data.odds_cache[_CHEAPEST] = found
    return found


_CHEAPEST = ("cheapest action",)


# --- striking ---------------------------------------------------------------------------

def _usable(kit: Kit, g: Gladiator) -> tuple[list[Option], int]:
    """`_options` of his `weapon_options` (`kit` is his), and the longest reach among
    them (0 for none); kept in the kit's memo by what decides them, since he asks
    before every action."""
    spent = kit.spent is not None and g.darts <= 0
    key = ("usable", spent, g.ap, g.unarmed_used, g.darts > 0, g.arrows > 0, *g.used)
    found = kit.memo.get(key)
    if found is None:
        options = _options(g, kit.spent if spent else kit.options)  # type: ignore[arg-type]
        found = kit.memo[key] = (options, max((o.weapon.max_range for o in options),
                                              default=0))
    return found


def _longest_reach(kit: Kit) -> int:
    """The longest reach of any option of his kit, his fists included once his darts
    are spent: `_usable`'s reach is never longer."""
    found = kit.memo.get(_LONGEST)
    if found is None:
        found = kit.memo[_LONGEST] = max(o.weapon.max_range
                                         for o in [*kit.options, *(kit.spent or ())])
    return found


_LONGEST = ("longest reach",)


def _options(g: Gladiator, options: list[Option]) -> list[Option]:
    """Those of his options he can strike with now: affordable, and not `unusable`."""
    ap, used = g.ap, g.used
    found = []
    for o in options:
        w = o.weapon
        if ap < w.ap:
            continue
        if w.once_per_turn_in_all:
            if g.unarmed_used:
                continue
        elif (w.ammo == "dart" and g.darts <= 0) or (w.ammo == "arrow" and g.arrows <= 0) \
                or o.used_key in used:
            continue
        found.append(o)
    return found


def _best_attack(state: State, g: Gladiator, foes: list[tuple[int, Gladiator]],
                 options: list[Option], kit: Kit) -> tuple[Choice | None, float]:
    """The attack worth most a point of AP, and its worth. `foes`: (distance,
    opponent) for those he might reach; `options` his usable ones, of his `kit`."""
    here, facing = g.hex, g.facing
    assert here is not None
    best: tuple[Option, Gladiator, int, int, tuple[int, ...]] | None = None
    best_value = -1.0
    geo = state.geo
    front = geo.nb[here][facing]
    # Each opponent's range, the hexsides a blow at him comes through if he is in the
    # front hex (or, further off, the front arc), and his foes engaging him (counted
    # once, not for every weapon and hexside weighed); those out of the arc are left out.
    placed = []
    for d, t in foes:
        there = t.hex
        assert there is not None
        ahead = there == front if d == 1 else geo.in_front_arc(here, facing, there)
        if ahead:
            placed.append((t, d, geo.attack_hexsides(here, there),
                           allies_engaging(state, g, t)))
    for option in options:
        w = option.weapon
        for t, d, sides, allies in placed:
            if d < w.min_range or d > w.max_range:
                continue
            if len(sides) > 1:
                side = max(sides, key=partial(net_modifier, state, g, t, w, d,
                                              allies=allies))
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
                exp, beaten = quick_value(state, g, t, w, d, side, allies)
                value = exp + BEATEN_VALUE * beaten
                if w.missile and g.darts + g.arrows <= 1:
                    value *= 0.9  # the last dart is worth a little more in hand
            value /= max(1, w.ap)  # worth by the AP it costs; a free blow as one
            if value > best_value:
                best_value = value
                best = (option, t, d, side, sides)
    if best is None:
        return None, best_value
    option, t, d, side, sides = best
    action: AttackAction = {"type": "attack", "target": t.id, "weapon": option.ref}
    if len(sides) > 1:
        action["hexside"] = direction_name(side)
    # The plan `plan_attack` makes of this action; unless a weapon of the same name
    # comes first in his kit, which the action would name instead.
    same = kit.by_ref.get(option.ref) is option
    return (action, _made(AttackPlan, (g, t, option, d, side, sides, option.weapon.ap))
            if same else None), best_value


# --- where to go --------------------------------------------------------------------------

def _ideal_ranges(state: State, g: Gladiator, kit: Kit, target: Gladiator) -> tuple[int, int]:
    """The range band to fight him from, by the weapon he would like to use next:
    a cast first, then missiles, then reach, then the rest. `kit`: his."""
    key = ("band", g.darts > 0, g.arrows > 0, target.entangled is None)
    found = kit.memo.get(key)
    if found is None:
        found = kit.memo[key] = _work_out_ranges(state, g, target)
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


def _goal(state: State, g: Gladiator, kit: Kit, near: Gladiator,
          d: int) -> tuple[Hex, Hex | None]:
    """Where to head: (hex to reach, hex to face on arrival). `near` is the nearest
    opponent, `d` hexes away; `kit` is his."""
    assert g.hex is not None
    if state.items:
        lacking = not g.weapons or (
            g.darts == 0
            and any(state.data.weapons[h.weapon].ammo == "dart" for h in g.weapons))
        mine = [i for i in state.items if may_pick_up(g, i)] if lacking else None
        if mine:
            item = min(mine, key=lambda i: (dist(g.hex, i.hex), i.id))  # type: ignore[arg-type]
            if dist(g.hex, item.hex) <= 6:
                return item.hex, None
    lo, hi = _ideal_ranges(state, g, kit, near)
    if lo <= d <= hi:
        return g.hex, near.hex
    if d < lo:
        return _retreat_hex(state, g, near), near.hex
    if hi == 1 and d <= 3:
        # Close enough to pick a side: head for his weakest one.
        return _flank_hex(state, g, near), near.hex
    assert near.hex is not None
    return near.hex, near.hex


def _flank_hex(state: State, g: Gladiator, t: Gladiator) -> Hex:
    """The free hex next to him that best mixes a weak side of his and a short walk."""
    here, there = g.hex, t.hex
    assert here is not None and there is not None
    best, score = there, -99.0
    data = state.data
    # Front and rear are fixed; only his two sides depend on what he holds.
    memo = kit_of(data, t).memo
    key = ("flank", t.darts > 0)
    by_turn = memo.get(key)
    if by_turn is None:
        right = facing_amount(data, t, (t.facing + 1) % 6)
        left = facing_amount(data, t, (t.facing + 5) % 6)
        by_turn = memo[key] = (data.mod_front, right, data.mod_rear, data.mod_rear,
                               data.mod_rear, left)
    taken = [o.hex for o in state.gladiators if o is not g and o.hex is not None]
    facing = t.facing
    away = state.geo.distances(here)
    for d, spot in enumerate(state.geo.nb[there]):
        if spot is None or spot in taken:
            continue
        s = by_turn[(d - facing) % 6] - 0.75 * away[spot]
        if s > score:
            best, score = spot, s
    return best


def _retreat_hex(state: State, g: Gladiator, t: Gladiator) -> Hex:
    assert g.hex is not None and t.hex is not None
    away = state.geo.direction(t.hex, g.hex)
    if away is None:
        return g.hex
    return state.geo.nb[g.hex][away] or g.hex


def _step_towards(state: State, g: Gladiator, goal: Hex, face: Hex | None) -> Choice | None:
    here, facing = g.hex, g.facing
    assert here is not None
    geo = state.geo
    to_goal = geo.distances(goal)
    gap = to_goal[here]
    if gap == 0:
        if face is not None and face != here:
            turn = _turn_to(state, g, face)
            return None if turn is None else (turn, None)
        return None
    if gap == 1 or geo.in_front_arc(here, facing, goal):
        # The straight step is cheapest; take it if it brings him nearer.
        ahead = geo.nb[here][facing]
        if ahead is not None and to_goal[ahead] < gap \
                and state.data.ap_costs["move-straight"] <= g.ap \
                and step_refusal(state, g, here, ahead) is None:  # `_can_step`
            return {"type": "move", "to": geo.labels[ahead]}, _made(Step, (ahead, facing))
    if gap == 1:
        d = geo.direction(here, goal)
        assert d is not None
        if d != facing and _can_step(state, g, goal, d):
            costs = state.data.ap_costs
            turn_cost = costs["turn"] * abs(turns_between(facing, d))
            # Aside or back costs more than turning first, unless he must keep facing.
            if costs["move-other-direction"] <= turn_cost + costs["move-straight"] \
                    or face is not None:
                return {"type": "move", "to": geo.labels[goal]}, _made(Step, (goal, d))
    turn = _turn_to(state, g, goal)
    if turn is not None:
        return turn, None
    # Facing the goal but the way ahead is shut: any step that gets nearer.
    for d, spot in enumerate(geo.nb[here]):
        if spot is not None and to_goal[spot] < gap and _can_step(state, g, spot, d):
            return {"type": "move", "to": geo.labels[spot]}, _made(Step, (spot, d))
    return None


def _can_step(state: State, g: Gladiator, dest: Hex, direction: int) -> bool:
    """Can he afford the step to the neighbouring `dest`, and may he take it?"""
    assert g.hex is not None
    costs = state.data.ap_costs
    cost = costs["move-straight"] if direction == g.facing else costs["move-other-direction"]
    return cost <= g.ap and step_refusal(state, g, g.hex, dest) is None


def _turn_to(state: State, g: Gladiator, target: Hex) -> TurnAction | None:
    here = g.hex
    assert here is not None
    if target.q == here.q and target.r == here.r:
        return None
    steps = turns_between(g.facing, state.geo.facing_to(here, target))
    cost = state.data.ap_costs["turn"]
    if steps == 0 or g.ap < cost:
        return None
    # As far round as he can afford, in one action.
    can = min(abs(steps), g.ap // cost) if cost else abs(steps)
    return {"type": "turn", "steps": can if steps > 0 else -can}


def _step_away(state: State, g: Gladiator, foes: list[Gladiator]) -> Choice | None:
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
            best = (cost, spot, d)
    if best is None:
        return None
    _, spot, d = best
    return {"type": "move", "to": state.geo.labels[spot]}, _made(Step, (spot, d))


def _face_threat(state: State, g: Gladiator,
                 by_range: list[tuple[int, int, str, Gladiator]]) -> TurnAction | None:
    """Before ending his turn, turn to the nearest opponent (the first by id) if he is
    close. `by_range`: (distance, strength, id, opponent) for each."""
    d, _, _, near = (by_range[0] if len(by_range) == 1
                     else min(by_range, key=lambda x: (x[0], x[2])))
    if d > 3:
        return None
    return _turn_to(state, g, near.hex)  # type: ignore[arg-type]
