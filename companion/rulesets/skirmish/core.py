"""Small pieces every action shares: whose turn it is, AP, items landing on the board,
pushback and being beaten. Rules report what happened as events (`events`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.hexgrid import Hex, direction_name
from companion.errors import UserError
from companion.rulesets.base import Event
from companion.rulesets.skirmish.events import (
    Beaten,
    HeldAtEdge,
    HeldByBlocker,
    HowBeaten,
    ItemKind,
    PushedBack,
)
from companion.rulesets.skirmish.state import (
    BEATEN,
    Dice,
    Gladiator,
    Item,
    State,
)
from companion.rulesets.skirmish.words import action_words, item_words


def actor(state: State, action: Mapping[str, Any], *phases: str) -> Gladiator:
    """The gladiator whose turn it is, checked against the phase and against the
    action's optional "gladiator" field."""
    if state.phase not in phases:
        raise UserError(_phase_refusal(state, action.get("type", "?")))
    active = state.active
    assert active is not None
    g = state.gladiators[ord(active) - 65]  # `State.current`
    who = action.get("gladiator")
    if who is not None and state.find(who) is not g:
        raise UserError(f"it is {g.name}'s turn ({g.id}), not {state.find(who).name}'s")
    return g


def _phase_refusal(state: State, kind: str) -> str:
    if state.phase == "setup":
        return f"the bout has not started: start it first, not {action_words(kind)}"
    if state.phase == "over":
        return "the bout is over"
    if state.phase == "appeal":
        names = ", ".join(state.glad(a).name for a in state.appeals)
        return f"{names} must appeal to the crowd first"
    g = state.current()
    who = g.name if g else "?"
    if state.phase == "ap":
        return f"{who} must roll his AP first"
    return f"{who} cannot {action_words(kind)} now: he is spending his AP"


def need_ap(g: Gladiator, cost: int, what: str) -> None:
    if g.ap < cost:
        raise UserError(f"not enough AP: {what} costs {cost}, {g.name} has {g.ap}")


def need_free(state: State, g: Gladiator, action_key: str, what: str) -> None:
    """Refuse what an entangled gladiator may not do (skirmish-ap says which)."""
    if g.entangled is not None and not state.data.ap_allowed_entangled.get(action_key, False):
        raise UserError(f"{g.name} is entangled in a "
                        f"{item_words(state, g.entangled.weapon, 'weapon')}: he cannot {what}; "
                        "he can only try to cut free")


def random_adjacent(state: State, centre: Hex, dice: Dice, roller: str, what: str) -> Hex:
    """A D6 picks the direction (skirmish-rules "random-direction"); what would fall
    off the arena stays in `centre` [house]."""
    face = dice.d6(purpose=f"where the {what} lands", roller=roller).faces[0]
    spot = state.geo.nb[centre][state.data.rules.random_direction[face - 1]]
    return centre if spot is None else spot


def drop_item(state: State, kind: ItemKind, name: str, owner: str, hex_: Hex, *,
              recoverable: bool = True, side: str | None = None,
              lost_first: bool = False) -> Item:
    item = Item(state.next_item, kind, name, owner, hex_, recoverable, side, lost_first)
    state.next_item += 1
    state.items.append(item)
    return item


def push_back(state: State, target: Gladiator, hexside: int) -> Event:
    """Miss: he jumps back one hex straight away from the blow, or, with the edge or
    another gladiator behind him, stays and is off balance."""
    at = target.hex
    assert at is not None
    blocker = shove(state, target, hexside)
    to = target.hex
    if to is not at and to is not None:
        labels = state.geo.labels
        return PushedBack(target.id, at=labels[at], to=labels[to])
    if blocker is None:
        return HeldAtEdge(target.id)
    return HeldByBlocker(target.id, blocker=blocker.id)


def shove(state: State, target: Gladiator, hexside: int) -> Gladiator | None:
    """`push_back` without its event, for bulk play that reads none: the gladiator
    behind him who kept him in place, if one did."""
    assert target.hex is not None
    # The neighbour behind him (`facing.pushback_hex`); None off the arena.
    dest = state.geo.nb[target.hex][(hexside + 3) % 6]
    if dest is None:
        target.off_balance = True
        return None
    blocker = state.occupant(dest)
    if blocker is not None:
        target.off_balance = True
        return blocker
    target.hex = dest
    return None


def beat(state: State, g: Gladiator, by: Gladiator | None, how: HowBeaten) -> Beaten:
    """He is beaten (`how`: `events.GAVE_IN`, `FLOORED` or `STRENGTH_GONE`): out of the
    fight, off the board, waiting to appeal."""
    g.status = BEATEN
    g.defeated_by = None if by is None else by.id
    if by is not None:
        by.defeated.append(g.id)
    g.last_hex = g.hex
    at = state.label(g.hex)
    if g.entangled is not None and g.hex is not None:
        # The net that held him stays where he fell; its owner may fetch it.
        ent = g.entangled
        drop_item(state, ent.kind, ent.weapon, ent.owner, g.hex, side=ent.side)
        g.entangled = None
    g.hex = None
    g.ap = 0
    state.appeals.append(g.id)
    return Beaten(g.id, by=g.defeated_by, how=how, at=at)


def facing_name(facing: int) -> str:
    return direction_name(facing)
