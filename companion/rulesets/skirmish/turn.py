"""The flow of a bout: the start (strengths, initiative), each turn's AP roll, the end
of a turn (and the double-2 "floored" rule settled there), appeals to the crowd, and
the end of the bout with its experience."""

from __future__ import annotations

from typing import Any

from companion.errors import UserError
from companion.rulesets.skirmish.core import actor, beat
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


def start(state: State, action: dict[str, Any], dice: Dice) -> list[str]:
    if state.phase != "setup":
        raise UserError("the bout has already started")
    data = state.data
    lines = []
    for g in state.gladiators:
        if not g.fixed_strength:
            base = data.normal_base_strength
            if state.options.experience:
                for s in g.skills:
                    base = data.skills[s].base_strength or base
            face = dice.d6(purpose="strength", roller=g.name).faces[0]
            g.strength = g.full_strength = base + face
            lines.append(f"{g.name}: strength {base} + {face} = {g.strength}")
        else:
            lines.append(f"{g.name}: strength {g.strength}")
    state.order = _initiative(state.gladiators, dice, lines)
    lines.append("order of play: " + ", ".join(state.glad(i).name for i in state.order))
    state.active = state.order[0]
    lines += _begin_turn(state)
    return lines


def _initiative(group: list[Gladiator], dice: Dice, lines: list[str]) -> list[str]:
    """Highest first; a tie is rolled again among those who tied."""
    rolls = {g.id: dice.d6(purpose="initiative", roller=g.name).faces[0] for g in group}
    lines.append("initiative: " + ", ".join(f"{g.name} {rolls[g.id]}" for g in group))
    order: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [g for g in group if rolls[g.id] == value]
        order += [tied[0].id] if len(tied) == 1 else _initiative(tied, dice, lines)
    return order


def _begin_turn(state: State) -> list[str]:
    g = state.current()
    assert g is not None
    state.turn_number += 1
    g.ap = 0
    g.used.clear()
    g.unarmed_used = False
    g.cut_free_tried = False
    g.floored.clear()
    state.phase = "ap"
    return [f"turn {state.turn_number}: {g.name}"]


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


def _ap_terms(state: State, g: Gladiator) -> tuple[int, str]:
    """The sum of `ap_modifiers` and their words for the log, kept by what decides
    them (every roll of a bout asks again)."""
    data, options = state.data, state.options
    tired = g.fatigue if options.fatigue and g.fatigue > g.strength else 0
    skilled = options.experience and any(data.skills[s].ap for s in g.skills)
    key = ("ap terms", g.armour, g.shield, g.full_strength, g.strength, g.off_balance, tired,
           skilled)
    found = data.odds_cache.get(key)
    if found is None:
        mods = ap_modifiers(state, g)
        found = data.odds_cache[key] = (sum(m for _, m in mods),
                                        "".join(f", {r} {m:+d}" for r, m in mods))
    return found


def in_opponents_front_hex(state: State, g: Gladiator) -> Gladiator | None:
    for foe in state.enemies(g):
        if state.geo.nb[foe.hex][foe.facing] == g.hex:  # type: ignore[index]
            return foe
    return None


def roll_ap(state: State, action: dict[str, Any], dice: Dice) -> list[str]:
    g = actor(state, action, "ap")
    data = state.data
    net, shown = _ap_terms(state, g)
    face = dice.d6(purpose="AP", roller=g.name).faces[0]
    g.ap = max(data.ap_floor, face + net)
    g.off_balance = False
    lines = [f"{g.name} rolls {face} for AP{shown}: {g.ap} AP"]
    if state.options.fatigue and face in data.fatigue_naturals:
        g.fatigue += 1
        lines.append(f"{g.name} tires: fatigue {g.fatigue}")
    foe = in_opponents_front_hex(state, g) if net <= data.give_in_at else None
    if foe is not None:
        g.given_in = True
        lines.append(f"with {net:+d} to his AP, in {foe.name}'s front hex, {g.name} gives in")
        lines.append(beat(state, g, foe, "gave in"))
        state.after_appeals = "next"
        state.phase = "appeal"
        return lines
    state.phase = "act"
    return lines


def end_turn(state: State, action: dict[str, Any], dice: Dice) -> list[str]:
    g = actor(state, action, "act")
    lines = [f"{g.name} ends his turn"]
    for fid in g.floored:
        f = state.glad(fid)
        if f.status != FIGHTING or f.hex is None:
            continue
        if adjacent(g.hex, f.hex):
            lines.append(beat(state, f, g, f"floored, with {g.name} standing over him"))
        else:
            f.off_balance = True
            lines.append(f"{f.name} gets up from the floor, off balance")
    g.floored.clear()
    g.ap = 0
    if state.appeals:
        state.after_appeals = "next"
        state.phase = "appeal"
        return lines
    return lines + next_turn(state)


def next_turn(state: State) -> list[str]:
    if not _two_sides_standing(state):
        return finish(state)
    assert state.active is not None
    i = state.order.index(state.active)
    for k in range(1, len(state.order) + 1):
        g = state.glad(state.order[(i + k) % len(state.order)])
        if g.status == FIGHTING:
            state.active = g.id
            return _begin_turn(state)
    return finish(state)  # pragma: no cover - nobody standing is caught above


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


def appeal(state: State, action: dict[str, Any], dice: Dice) -> list[str]:
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
    g.status = SPARED if outcome == "spared" else KILLED
    shown = "".join(f", {r} {m:+d}" for r, m in mods)
    verdict = "the crowd spares him" if outcome == "spared" else "he is killed"
    rolled = "+".join(map(str, faces))
    lines = [f"{g.name} appeals to the crowd: {rolled}{shown} = {total}: {verdict}"]
    if state.appeals:
        return lines
    if _sides_standing(state) <= 1:
        return lines + finish(state)
    active = state.current()
    if state.after_appeals == "act" and active is not None and active.status == FIGHTING:
        state.phase = "act"
        return lines
    return lines + next_turn(state)


def finish(state: State) -> list[str]:
    state.phase = "over"
    standing = [g for g in state.gladiators if g.status == FIGHTING]
    state.winner = standing[0].side if standing else None
    for g in state.gladiators:
        g.ap = 0
    names = ", ".join(g.name for g in standing) or "nobody"
    lines = [f"the bout is over: {names} {'is' if len(standing) == 1 else 'are'} left standing"]
    if state.options.experience:
        lines += _experience(state)
    return lines


def _experience(state: State) -> list[str]:
    """A skill for each gladiator he defeated who had at least as many skills as he
    had, within the limits of skirmish-rules (skills a bout, skills in all, copies of
    one skill); each the first he can still take, in the table's order [house]."""
    data = state.data
    limits = data.rules
    lines = []
    before = {g.id: len(g.skills) for g in state.gladiators}
    for g in state.gladiators:
        if g.status == KILLED:
            continue
        worthy = sum(1 for d in g.defeated if before[d] >= before[g.id])
        for _ in range(min(worthy, limits.skills_per_bout)):
            new = next((s for s in data.skills if g.skills.count(s) < limits.skill_copies),
                       None)
            if new is None or len(g.skills) >= limits.skill_limit:
                break
            g.skills.append(new)
            g.skills_gained.append(new)
            lines.append(f"{g.name} gains a skill: {data.skills[new].name}")
    return lines
