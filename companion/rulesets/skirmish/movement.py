"""Moving and turning, and the hexes a gladiator can reach with the AP he has.

A step straight ahead and a step any other way (keeping his facing) cost what
skirmish-ap says, as does each hexside turned. One gladiator a hex, none off the
board, and from a hex next to an opponent never straight into another hex next to
that same opponent.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from companion.core.facing import turns_between
from companion.core.hexgrid import Hex, direction_name, neighbour, parse_direction
from companion.errors import UserError
from companion.rulesets.base import Event
from companion.rulesets.skirmish.actions import PathAction
from companion.rulesets.skirmish.core import actor, need_ap, need_free
from companion.rulesets.skirmish.events import Moved, Turned
from companion.rulesets.skirmish.state import FIGHTING, Dice, Gladiator, State


class Step(NamedTuple):
    """A step found allowed (`step_refusal`) and affordable: to the neighbouring
    `dest`, in `direction` from where he stands."""

    dest: Hex
    direction: int


def step_cost(state: State, g: Gladiator, direction: int) -> int:
    key = "move-straight" if direction == g.facing else "move-other-direction"
    return state.data.ap_costs[key]


def step_refusal(state: State, g: Gladiator, src: Hex, dest: Hex) -> str | None:
    """Why he cannot step from `src` to the neighbouring `dest`, or None."""
    # (Written out by hand: the computer player asks this for every step it weighs.)
    geo = state.geo
    if dest not in geo.labels:
        return "he would leave the arena"
    # One pass: a gladiator in `dest` (`State.occupant`) refuses first; else the first
    # opponent on the board (`State.enemies`) next to both hexes.
    side = g.side
    near_src, near_dest = geo.around[src], geo.around[dest]
    beside = None
    for o in state.gladiators:
        at = o.hex
        if at is None:
            continue
        if at == dest:
            if o is g:
                continue
            return f"{state.label(dest)} is occupied by {o.name}"
        if beside is None and o.side != side and o.status == FIGHTING \
                and at in near_src and at in near_dest:
            beside = o
    if beside is not None:
        return (f"he is next to {beside.name} and may not step straight into another hex "
                f"next to him; he must step away first")
    return None


def move(state: State, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    g = actor(state, action, "act")
    to = action.get("to")
    if not isinstance(to, str):
        raise UserError("a move needs 'to': the neighbouring hex, like 'E6'")
    geo = state.geo
    dest = geo.parse(to)
    assert g.hex is not None
    direction = geo.direction(g.hex, dest)
    if direction is None:
        raise UserError(f"{state.label(dest)} is not next to {g.name} ({state.label(g.hex)}); "
                        "he moves one hex at a time")
    if g.entangled is not None:
        need_free(state, g, "move-straight", "move")
    why = step_refusal(state, g, g.hex, dest)
    if why:
        raise UserError(f"{g.name} cannot move to {state.label(dest)}: {why}")
    ahead = direction == g.facing
    cost = state.data.ap_costs["move-straight" if ahead else "move-other-direction"]
    if g.ap < cost:
        need_ap(g, cost, "that step" if ahead else "a step aside or back")
    return take_step(state, g, Step(dest, direction))


def take_step(state: State, g: Gladiator, step: Step) -> list[Event]:
    """He takes a step already checked (`move` checks one): AP spent, hex changed."""
    dest, direction = step
    geo = state.geo
    ahead = direction == g.facing
    at = geo.labels[g.hex]  # type: ignore[index]
    cost = step_quietly(state, g, step)
    return [Moved(g.id, at=at, to=geo.labels[dest],
                  direction=None if ahead else direction_name(direction), cost=cost, ap=g.ap)]


def step_quietly(state: State, g: Gladiator, step: Step) -> int:
    """`take_step` without its event, for bulk play that reads none; the AP spent."""
    cost = state.data.ap_costs["move-straight" if step[1] == g.facing
                               else "move-other-direction"]
    g.ap -= cost
    g.hex = step[0]
    return cost


def turn(state: State, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    g = actor(state, action, "act")
    steps = action.get("steps", 1)
    if "facing" in action:
        # Turning to face a compass direction: the shorter way round (right on a tie).
        face = action["facing"]
        if not isinstance(face, str):
            raise UserError("'facing' is a direction name such as 'SW'")
        steps = turns_between(g.facing, parse_direction(face))
        if steps == 0:
            raise UserError(f"{g.name} already faces {direction_name(g.facing)}")
    if isinstance(steps, bool) or not isinstance(steps, int) or not 1 <= abs(steps) <= 3:
        raise UserError("a turn needs 'steps': hexsides to turn, 1 to 3 (negative: left)")
    if g.entangled is not None:
        need_free(state, g, "turn", "turn")
    cost = state.data.ap_costs["turn"] * abs(steps)
    if g.ap < cost:
        need_ap(g, cost, f"turning {abs(steps)} hexside{'s' if abs(steps) > 1 else ''}")
    g.ap -= cost
    g.facing = (g.facing + steps) % 6
    return [Turned(g.id, steps=steps, facing=direction_name(g.facing), cost=cost, ap=g.ap)]


@dataclass(frozen=True)
class Reach:
    """How he gets to a hex this turn: the AP it costs, the facing he arrives with
    and the actions to send, in order."""

    hex: Hex
    label: str
    cost: int
    facing: int
    path: tuple[PathAction, ...]

    def to_json(self) -> dict[str, Any]:
        return {"at": self.label, "cost": self.cost, "facing": direction_name(self.facing),
                "path": list(self.path)}


def reachable_states(state: State, g: Gladiator,
                     budget: int | None = None) -> dict[tuple[Hex, int], tuple[int, Any]]:
    """Cheapest AP to stand on each hex with each facing, within `budget` (his AP):
    {(hex, facing): (cost, previous (hex, facing) or None)}."""
    assert g.hex is not None
    budget = g.ap if budget is None else budget
    data = state.data
    straight = data.ap_costs["move-straight"]
    other = data.ap_costs["move-other-direction"]
    turn_cost = data.ap_costs["turn"]
    can_move = g.entangled is None or data.ap_allowed_entangled.get("move-straight", False)
    can_turn = g.entangled is None or data.ap_allowed_entangled.get("turn", False)
    start = (g.hex, g.facing)
    best: dict[tuple[Hex, int], tuple[int, Any]] = {start: (0, None)}
    queue: list[tuple[int, int, int, int]] = [(0, g.hex.q, g.hex.r, g.facing)]
    refusals: dict[tuple[Hex, Hex], bool] = {}
    while queue:
        cost, q, r, facing = heapq.heappop(queue)
        here = Hex(q, r)
        if best[(here, facing)][0] < cost:
            continue
        steps: list[tuple[Hex, int, int]] = []
        if can_turn:
            steps += [(here, (facing + 1) % 6, turn_cost), (here, (facing - 1) % 6, turn_cost)]
        if can_move:
            for d in range(6):
                dest = neighbour(here, d)
                key = (here, dest)
                if key not in refusals:
                    refusals[key] = step_refusal(state, g, here, dest) is None
                if refusals[key]:
                    steps.append((dest, facing, straight if d == facing else other))
        for dest, new_facing, extra in steps:
            total = cost + extra
            if total > budget:
                continue
            node = (dest, new_facing)
            if node not in best or best[node][0] > total:
                best[node] = (total, (here, facing))
                heapq.heappush(queue, (total, dest.q, dest.r, new_facing))
    return best


def _path(state: State, best: dict[tuple[Hex, int], tuple[int, Any]],
          node: tuple[Hex, int]) -> tuple[PathAction, ...]:
    actions: list[PathAction] = []
    while best[node][1] is not None:
        prev = best[node][1]
        if prev[0] == node[0]:
            steps = 1 if (node[1] - prev[1]) % 6 == 1 else -1
            actions.append({"type": "turn", "steps": steps})
        else:
            actions.append({"type": "move", "to": state.geo.labels[node[0]]})
        node = prev
    return tuple(reversed(actions))


def reachable(state: State, gid: str) -> dict[str, Reach]:
    """For the board view: every hex he can reach this turn (his current AP), the
    cheapest AP it costs, and how. Keyed by label; his own hex costs 0."""
    g = state.find(gid)
    if g.hex is None:
        return {}
    best = reachable_states(state, g)
    found: dict[str, Reach] = {}
    for node, (cost, _) in sorted(best.items(), key=lambda kv: kv[1][0]):
        label = state.label(node[0])
        assert label is not None
        if label not in found:
            found[label] = Reach(node[0], label, cost, node[1], _path(state, best, node))
    return found


def path_to(state: State, gid: str, label: str, facing: int | None = None) -> Reach | None:
    """The cheapest way to a hex (with a given facing, if asked) this turn, or None."""
    g = state.find(gid)
    if g.hex is None:
        return None
    dest = state.board.from_label(label)
    best = reachable_states(state, g)
    nodes = [n for n in best if n[0] == dest and (facing is None or n[1] == facing)]
    if not nodes:
        return None
    node = min(nodes, key=lambda n: best[n][0])
    return Reach(dest, label, best[node][0], node[1], _path(state, best, node))
