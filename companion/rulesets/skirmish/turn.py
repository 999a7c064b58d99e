"""The flow of a bout: the start (strengths, initiative), each turn's AP roll, the end
of a turn (and the double-2 "floored" rule settled there), appeals to the crowd, and
the end of the bout with its experience."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from companion.errors import UserError
from companion.rulesets.base import Event
from companion.rulesets.skirmish.core import actor, beat
from companion.rulesets.skirmish.data import GameData
from companion.rulesets.skirmish.events import (
    FLOORED,
    GAVE_IN,
    Appealed,
    APRolled,
    BoutOver,
    GaveIn,
    GotUp,
    InitiativeRolled,
    OrderSettled,
    SkillGained,
    StrengthFixed,
    StrengthRolled,
    Tired,
    TurnBegan,
    TurnEnded,
)
from companion.rulesets.skirmish.state import (
    FIGHTING,
    KILLED,
    SPARED,
    Dice,
    Gladiator,
    State,
    adjacent,
    weight_total,
    wound_levels,
)


def start(state: State, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    if state.phase != "setup":
        raise UserError("the bout has already started")
    data = state.data
    found: list[Event] = []
    for g in state.gladiators:
        if not g.fixed_strength:
            base = data.normal_base_strength
            if state.options.experience:
                for s in g.skills:
                    base = data.skills[s].base_strength or base
            face = dice.d6(purpose="strength", roller=g.name).faces[0]
            g.strength = g.full_strength = base + face
            found.append(StrengthRolled(g.id, base=base, face=face, strength=g.strength))
        else:
            found.append(StrengthFixed(g.id, strength=g.strength))
    state.order = _initiative(state.gladiators, dice, found)
    found.append(OrderSettled(None, order=tuple(state.order)))
    state.active = state.order[0]
    _begin_turn(state, found)
    return found


# Ties rolled again, one after the other, before the dice are taken to be stuck: real
# dice tie 100 times running less often than once in 6**100; faces typed in or read
# from a file (a journal of thousands of threes) can, and must not recurse for ever.
MOST_TIES = 100


def _initiative(group: list[Gladiator], dice: Dice, found: list[Event],
                ties: int = 0) -> list[str]:
    """Highest first; a tie is rolled again among those who tied."""
    if ties >= MOST_TIES:
        raise UserError(f"the initiative tied {MOST_TIES} times running: the dice given "
                        "always show the same face")
    rolls = {g.id: dice.d6(purpose="initiative", roller=g.name).faces[0] for g in group}
    found.append(InitiativeRolled(None, rolls=tuple((g.id, rolls[g.id]) for g in group)))
    order: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [g for g in group if rolls[g.id] == value]
        order += [tied[0].id] if len(tied) == 1 else _initiative(tied, dice, found, ties + 1)
    return order


# The steps of a turn below put what happened in `found`; None in bulk play
# (`sim.play_out` with nobody reading), where the commonest events are not built at
# all: they are a tenth of a bout's time, and the state changes the same either way.
Found = list[Event] | None


def _begin_turn(state: State, found: Found) -> None:
    g = state.current()
    assert g is not None
    state.turn_number += 1
    g.ap = 0
    g.used.clear()
    g.unarmed_used = False
    g.cut_free_tried = False
    g.floored.clear()
    state.phase = "ap"
    if found is not None:
        found.append(TurnBegan(g.id, number=state.turn_number))


def ap_modifiers(state: State, g: Gladiator) -> list[tuple[str, int]]:
    """What he adds to his AP die now, as (reason, amount)."""
    data = state.data
    rating = data.weight_rating(weight_total(data, g))
    mods = [(rating, data.ap_weight.get(rating, 0))]
    levels = [lv for lv in wound_levels(data, g) if lv in data.ap_wounds]
    replaced = {data.ap_wounds[lv][1] for lv in levels}
    mods += [(lv, data.ap_wounds[lv][0]) for lv in levels if lv not in replaced]
    if g.off_balance:
        mods.append(("off balance", data.ap_off_balance))
    if state.options.fatigue and g.fatigue > g.strength:
        mods.append((f"fatigue {g.fatigue}", (g.fatigue - g.strength) * data.ap_fatigue))
    if state.options.experience and any(data.skills[s].ap for s in g.skills):
        mods.append(("experience", data.ap_experience))
    return [m for m in mods if m[1]]


def _ap_terms(state: State, g: Gladiator) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The sum of `ap_modifiers` and the modifiers themselves, kept by what decides
    them (every roll of a bout asks again)."""
    data, options = state.data, state.options
    tired = g.fatigue if options.fatigue and g.fatigue > g.strength else 0
    skilled = options.experience and any(data.skills[s].ap for s in g.skills)
    key = ("ap terms", g.armour, g.shield, g.full_strength, g.strength, g.off_balance, tired,
           skilled)
    found = data.odds_cache.get(key)
    if found is None:
        mods = tuple(ap_modifiers(state, g))
        found = data.odds_cache[key] = (sum(m for _, m in mods), mods)
    return found


def in_opponents_front_hex(state: State, g: Gladiator) -> Gladiator | None:
    for foe in state.enemies(g):
        if state.geo.nb[foe.hex][foe.facing] == g.hex:  # type: ignore[index]
            return foe
    return None


def roll_ap(state: State, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    g = actor(state, action, "ap")
    found: list[Event] = []
    ap_roll(state, g, dice, found)
    return found


def ap_roll(state: State, g: Gladiator, dice: Dice, found: Found) -> None:
    """`roll_ap` once it is known to be his roll to make."""
    data = state.data
    net, mods = _ap_terms(state, g)
    face = dice.d6(purpose="AP", roller=g.name).faces[0]
    g.ap = max(data.ap_floor, face + net)
    g.off_balance = False
    if found is not None:
        found.append(APRolled(g.id, face=face, modifiers=mods, ap=g.ap))
    if state.options.fatigue and face in data.fatigue_naturals:
        g.fatigue += 1
        if found is not None:
            found.append(Tired(g.id, fatigue=g.fatigue))
    foe = in_opponents_front_hex(state, g) if net <= data.give_in_at else None
    if foe is not None:
        g.given_in = True
        gave_in = GaveIn(g.id, modifier=net, foe=foe.id)
        beaten = beat(state, g, foe, GAVE_IN)
        if found is not None:
            found += (gave_in, beaten)
        state.after_appeals = "next"
        state.phase = "appeal"
        return
    state.phase = "act"


def end_turn(state: State, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    g = actor(state, action, "act")
    found: list[Event] = [TurnEnded(g.id)]
    close_turn(state, g, found)
    return found


def close_turn(state: State, g: Gladiator, found: Found) -> None:
    """`end_turn` once it is known to be his turn that ends (its first event is the
    caller's)."""
    for fid in g.floored:
        f = state.glad(fid)
        if f.status != FIGHTING or f.hex is None:
            continue
        if adjacent(g.hex, f.hex):
            beaten = beat(state, f, g, FLOORED)
            if found is not None:
                found.append(beaten)
        else:
            f.off_balance = True
            if found is not None:
                found.append(GotUp(f.id))
    g.floored.clear()
    g.ap = 0
    if state.appeals:
        state.after_appeals = "next"
        state.phase = "appeal"
        return
    next_turn(state, found)


def next_turn(state: State, found: Found) -> None:
    if _two_sides_standing(state):
        assert state.active is not None
        order = state.order
        i = order.index(state.active)
        for k in range(1, len(order) + 1):
            g = state.glad(order[(i + k) % len(order)])
            if g.status == FIGHTING:
                state.active = g.id
                _begin_turn(state, found)
                return
    ended = finish(state)
    if found is not None:
        found += ended


def _sides_standing(state: State) -> int:
    return len({g.side for g in state.gladiators if g.status == FIGHTING})


def _two_sides_standing(state: State) -> bool:
    """`_sides_standing(state) > 1`, stopping at the second side."""
    first = None
    for g in state.gladiators:
        if g.status == FIGHTING:
            if first is None:
                first = g.side
            elif g.side != first:
                return True
    return False


def appeal_modifiers(state: State, g: Gladiator) -> list[tuple[str, int]]:
    data = state.data
    levels = set(wound_levels(data, g))
    spared_so_far = state.spared_earlier + sum(1 for o in state.gladiators if o.status == SPARED)
    mods: list[tuple[str, int]] = []
    for e in data.appeal_modifiers:
        amount = e.amount or 0
        if e.optional_rule == "experience":
            if state.options.experience and any(data.skills[s].appeal for s in g.skills):
                mods.append((e.name, amount))
        elif e.per == "opponent-he-seriously-wounded":
            mods.append((e.name, amount * len(g.seriously_wounded_foes)))
        elif e.per == "gladiator-he-defeated-today":
            mods.append((e.name, amount * (g.defeated_today + len(g.defeated))))
        elif e.per == "gladiator-already-spared-today":
            mods.append((e.name, amount * spared_so_far))
        elif e.key == "wounded":
            if levels:
                mods.append((e.name, amount))
        elif e.key == "no-wounds-inflicted":
            if g.wounds_inflicted == 0:
                mods.append((e.name, amount))
        elif e.key == "spared-earlier-today":
            if g.spared_today:
                mods.append((e.name, amount))
        elif e.key in levels:
            mods.append((e.name, amount))
    return [m for m in mods if m[1]]


def appeal_outcome(state: State, g: Gladiator, natural: int, total: int) -> str:
    levels = set(wound_levels(state.data, g))
    for e in state.data.appeal_outcomes:
        if e.condition is not None:
            hit = e.condition in levels
        elif e.natural is not None:
            hit = natural == e.natural
        else:
            hit = ((e.min_total is None or total >= e.min_total)
                   and (e.max_total is None or total <= e.max_total))
        if hit:
            return e.outcome or "killed"
    return "killed"


def appeal(state: State, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    if state.phase != "appeal":
        raise UserError("nobody is appealing to the crowd now")
    who = action.get("gladiator")
    g = state.glad(state.appeals[0]) if who is None else state.find(who)
    if g.id not in state.appeals:
        waiting = ", ".join(state.glad(a).name for a in state.appeals)
        raise UserError(f"{g.name} is not appealing; waiting: {waiting}")
    mods = appeal_modifiers(state, g)
    faces = dice.d6(state.data.rules.appeal_dice, purpose="appeal to the crowd",
                    roller=g.name).faces
    natural = sum(faces)
    total = natural + sum(m for _, m in mods)
    outcome = appeal_outcome(state, g, natural, total)
    state.appeals.remove(g.id)
    verdict: Literal["spared", "killed"] = SPARED if outcome == "spared" else KILLED
    g.status = verdict
    found: list[Event] = [Appealed(g.id, faces=tuple(faces), modifiers=tuple(mods), total=total,
                                   verdict=verdict)]
    if state.appeals:
        return found
    if _sides_standing(state) <= 1:
        return found + finish(state)
    active = state.current()
    if state.after_appeals == "act" and active is not None and active.status == FIGHTING:
        state.phase = "act"
        return found
    next_turn(state, found)
    return found


def finish(state: State) -> list[Event]:
    state.phase = "over"
    standing = [g for g in state.gladiators if g.status == FIGHTING]
    state.winner = standing[0].side if standing else None
    for g in state.gladiators:
        g.ap = 0
    found: list[Event] = [BoutOver(None, standing=tuple(g.id for g in standing),
                                   winner=state.winner)]
    if state.options.experience:
        found += _experience(state)
    return found


def _experience(state: State) -> list[Event]:
    """A skill for each gladiator he defeated who had at least as many skills as he
    had, within the limits of skirmish-rules (skills a bout, skills in all, copies of
    one skill); each the first he can still take, in the table's order [house]."""
    found: list[Event] = []
    before = {g.id: len(g.skills) for g in state.gladiators}
    for g in state.gladiators:
        if g.status == KILLED:
            continue
        worthy = sum(1 for d in g.defeated if before[d] >= before[g.id])
        for new in skills_earned(state.data, g.skills, worthy):
            g.skills.append(new)
            g.skills_gained.append(new)
            found.append(SkillGained(g.id, skill=new))
    return found


def skills_earned(data: GameData, skills: Sequence[str], worthy: int) -> list[str]:
    """The skills a gladiator with `skills` gains for beating `worthy` gladiators with
    at least as many: the bout's and the career's one rule."""
    limits = data.rules
    have, new = list(skills), []
    for _ in range(min(worthy, limits.skills_per_bout)):
        skill = next((s for s in data.skills if have.count(s) < limits.skill_copies), None)
        if skill is None or len(have) >= limits.skill_limit:
            break
        have.append(skill)
        new.append(skill)
    return new
