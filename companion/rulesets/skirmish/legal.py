"""What can be done now: every legal action, and the attackable targets for the UI.

`legal_actions(state)` lists actions (`actions`), each of which `apply` accepts. The
board view uses `movement.reachable` for the hexes he can reach and `targets` for
whom he can strike with what.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.hexgrid import direction_name
from companion.errors import UserError
from companion.rulesets.skirmish.actions import AttackAction, SkirmishAction
from companion.rulesets.skirmish.attack import check_reach, plan_attack
from companion.rulesets.skirmish.modifiers import attack_total
from companion.rulesets.skirmish.movement import step_cost, step_refusal
from companion.rulesets.skirmish.plan import unusable, weapon_options
from companion.rulesets.skirmish.state import FIGHTING, Gladiator, State
from companion.rulesets.skirmish.weapons import pickable


@dataclass(frozen=True)
class Target:
    """One attack he can make now."""

    target: str
    name: str
    weapon: str
    distance: int
    hexsides: tuple[int, ...]
    best_hexside: int
    cost: int
    modifier: int  # net attack modifier through the best hexside
    affordable: bool

    def action(self, hexside: int | None = None) -> AttackAction:
        act: AttackAction = {"type": "attack", "target": self.target, "weapon": self.weapon}
        if len(self.hexsides) > 1:
            act["hexside"] = direction_name(self.best_hexside if hexside is None else hexside)
        return act

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target, "name": self.name, "weapon": self.weapon,
                "distance": self.distance, "hexsides": [direction_name(s) for s in self.hexsides],
                "best_hexside": direction_name(self.best_hexside), "cost": self.cost,
                "modifier": self.modifier, "affordable": self.affordable,
                "action": self.action()}


def _allowed(state: State, g: Gladiator, key: str) -> bool:
    return g.entangled is None or state.data.ap_allowed_entangled.get(key, False)


def targets(state: State, gid: str | None = None, *, include_unaffordable: bool = False
            ) -> list[Target]:
    """The attacks open to him now (the active gladiator by default): each weapon that
    can strike this turn, each opponent in its reach and arc."""
    g = state.current() if gid is None else state.find(gid)
    if g is None or g.hex is None or g.status != FIGHTING:
        return []
    found: list[Target] = []
    for option in weapon_options(state.data, g):
        w = option.weapon
        if unusable(g, option) or (g.entangled is not None and not w.allowed_when_entangled):
            continue
        affordable = g.ap >= w.ap
        if not affordable and not include_unaffordable:
            continue
        for t in state.enemies(g):
            if w.entangles and t.entangled is not None:
                continue
            try:
                check_reach(state, g, t, option)
                probe: AttackAction = {"type": "attack", "target": t.id, "weapon": option.ref}
                plan = plan_attack(state, probe, strict=False, attacker=g)
            except UserError:
                continue
            found.append(Target(t.id, t.name, option.ref, plan.distance, plan.hexsides,
                                plan.hexside, w.ap, attack_total(state, plan), affordable))
    return found


def legal_actions(state: State) -> list[SkirmishAction]:
    """Every action `apply` would accept now (for the hexside of a corner attack,
    each choice is listed)."""
    if state.phase == "setup":
        return [{"type": "start"}]
    if state.phase == "over":
        return []
    if state.phase == "appeal":
        return [{"type": "appeal", "gladiator": gid} for gid in state.appeals]
    g = state.current()
    assert g is not None and g.hex is not None
    data = state.data
    found: list[SkirmishAction] = []
    if state.phase == "ap":
        found.append({"type": "roll_ap"})
        if g.shield is not None and _allowed(state, g, "discard-shield"):
            found.append({"type": "discard_shield"})
        return found
    found.append({"type": "end_turn"})
    costs = data.ap_costs
    if g.entangled is not None and not (data.cut_free_once and g.cut_free_tried) \
            and g.ap >= costs["cut-free"]:
        found.append({"type": "cut_free"})
    if _allowed(state, g, "move-straight"):
        for d, dest in enumerate(state.geo.nb[g.hex]):
            if dest is None:
                continue
            if step_cost(state, g, d) <= g.ap and step_refusal(state, g, g.hex, dest) is None:
                found.append({"type": "move", "to": state.geo.labels[dest]})
    if _allowed(state, g, "turn"):
        for steps in (1, -1, 2, -2, 3):
            if costs["turn"] * abs(steps) <= g.ap:
                found.append({"type": "turn", "steps": steps})
    for t in targets(state):
        for side in t.hexsides:
            found.append(t.action(side))
    here = [i for i in state.items if i.hex == g.hex]
    if here and _allowed(state, g, "pick-up") and g.ap >= costs["pick-up"]:
        found += [{"type": "pick_up", "item": i.id} for i in here if pickable(state, g, i) is None]
    if here and _allowed(state, g, "kick") and g.ap >= costs["kick"]:
        for i in here:
            for dest in state.geo.nb[g.hex]:
                if dest is not None:
                    found.append({"type": "kick", "item": i.id, "to": state.geo.labels[dest]})
    if g.shield is not None and _allowed(state, g, "discard-shield") \
            and g.ap >= costs["discard-shield"]:
        found.append({"type": "discard_shield"})
    return found
