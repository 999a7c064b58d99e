"""Attack modifiers and the save against a hit (RULES.md section 1, "Attack").

`attack_modifiers` gives each modifier with its reason, for the log and the odds;
`net_modifier` gives only their sum, for the computer player's search, without
building a word of text. The two read the same helpers, and a test holds them equal.
"""

from __future__ import annotations

from companion.rulesets.skirmish.data import GameData, WeaponInfo
from companion.rulesets.skirmish.plan import AttackPlan
from companion.rulesets.skirmish.state import FIGHTING, Gladiator, State


def _side_struck(t: Gladiator, hexside: int) -> str:
    """"front", "rear", or the side ("right", "left") a blow through `hexside` hits."""
    turn = (hexside - t.facing) % 6
    if turn == 0:
        return "front"
    if turn == 1:
        return "right"
    return "left" if turn == 5 else "rear"


def _covers(data: GameData, t: Gladiator, side: str) -> list[tuple[str, int]]:
    """What guards his `side`: (its name, the attacker's modifier), shield first."""
    found: list[tuple[str, int]] = []
    if t.shield is not None and t.shield_side == side:
        mod = data.mod_shield_side.get(t.shield, data.kit[t.shield].side_modifier)
        if mod is not None:
            found.append((data.names[t.shield], mod))
    for h in t.weapons:
        if h.side != side:
            continue
        w = data.weapons[h.weapon]
        if not w.defends or (w.ammo == "dart" and t.darts <= 0):
            continue
        found.append((w.name, data.mod_weapon_cover.get(w.slug, data.mod_weapon_side)))
    return found


def facing_modifier(data: GameData, t: Gladiator, hexside: int) -> tuple[str, int]:
    """The defender's side that is struck, and what the attacker adds for it."""
    side = _side_struck(t, hexside)
    if side == "front":
        return "front", data.mod_front
    if side == "rear":
        return "rear", data.mod_rear
    found = _covers(data, t, side)
    if not found:
        return f"{side} side, uncovered", data.mod_open_side
    # Shield and weapon on one side: the lower modifier (house, skirmish-attack-modifiers).
    name, mod = min(found, key=lambda f: f[1])
    return f"{side} side, covered by his {name}", mod


def facing_amount(data: GameData, t: Gladiator, hexside: int) -> int:
    """`facing_modifier` without its words."""
    return _facing_value(data, t, _side_struck(t, hexside))


def _facing_value(data: GameData, t: Gladiator, side: str) -> int:
    if side == "front":
        return data.mod_front
    if side == "rear":
        return data.mod_rear
    found = _covers(data, t, side)
    return min(m for _, m in found) if found else data.mod_open_side


def allies_engaging(state: State, g: Gladiator, t: Gladiator) -> int:
    """His side's other gladiators that have the defender in their front hex (none
    when two fight alone)."""
    return _allies(state, g, t) if len(state.gladiators) > 2 else 0


def _allies(state: State, g: Gladiator, t: Gladiator) -> int:
    """His side's other gladiators that have the defender in their front hex."""
    nb = state.geo.nb
    return sum(1 for a in state.gladiators
               if a is not g and a.side == g.side and a.hex is not None
               and a.status == FIGHTING and nb[a.hex][a.facing] == t.hex)


def _skilled(data: GameData, g: Gladiator, t: Gladiator, w: WeaponInfo) -> tuple[bool, bool]:
    """(his attack skill counts with this weapon, the defender's defence skill)."""
    skills = data.skills
    return (any(skills[s].attack_die and w.slug not in skills[s].attack_excluded
                for s in g.skills),
            any(skills[s].defence_die for s in t.skills))


def attack_modifiers(state: State, plan: AttackPlan) -> tuple[list[tuple[str, int]],
                                                               list[tuple[str, int]]]:
    """(attacker's modifiers, defender's die modifiers), each as (reason, amount)."""
    data = state.data
    g, t, w = plan.attacker, plan.target, plan.option.weapon
    att = [facing_modifier(data, t, plan.hexside)]
    if t.entangled is not None:
        att.append(("defender entangled", data.mod_entangled))
    use = data.mod_weapon_use.get(w.slug)
    if use:
        att.append((w.name.lower(), use))
    level = w.disadvantage_at(plan.distance)
    if level:
        att.append(("doubly disadvantaged" if level == 2 else "disadvantaged",
                    data.mod_disadvantage[level]))
    allies = _allies(state, g, t) if len(state.gladiators) > 2 else 0  # two have no allies
    if allies:
        att.append((f"{allies} ally engaging", allies * data.mod_ally))
    defence: list[tuple[str, int]] = []
    if state.options.experience:
        attack_skill, defence_skill = _skilled(data, g, t, w)
        if attack_skill:
            att.append(("skilled attacker", data.mod_exp_attack))
        if defence_skill:
            defence.append(("skilled defender", data.mod_exp_defence))
    return att, defence


def net_modifier(state: State, g: Gladiator, t: Gladiator, w: WeaponInfo, distance: int,
                 hexside: int, allies: int | None = None) -> int:
    """The attacker's modifiers less the defender's, for a blow with `w` from
    `distance` hexes through `hexside`: the sum of `attack_modifiers`. `allies`:
    `allies_engaging(state, g, t)` if the caller has it already."""
    data = state.data
    return _net(state, data, g, t, w, distance, facing_amount(data, t, hexside), allies)


def blow_numbers(state: State, g: Gladiator, t: Gladiator, w: WeaponInfo, distance: int,
                 hexside: int, allies: int | None = None) -> tuple[int, int, int]:
    """(net modifier, save, extra wounds): what decides a blow's odds, as
    `net_modifier` and `effective_save` give them (`allies` as there)."""
    data = state.data
    side = _side_struck(t, hexside)
    net = _net(state, data, g, t, w, distance, _facing_value(data, t, side), allies)
    save = data.kit[t.armour].save
    if t.shield is not None and side != "rear":  # `shield_counts`
        save += data.kit[t.shield].save
    if w.two_handed:
        if save > 0:
            return net, save + w.hit_save_modifier, 0
        return net, save, w.hit_extra_wounds
    return net, save, 0


def _net(state: State, data: GameData, g: Gladiator, t: Gladiator, w: WeaponInfo,
         distance: int, facing: int, allies: int | None = None) -> int:
    total = facing + data.mod_weapon_use.get(w.slug, 0)
    if t.entangled is not None:
        total += data.mod_entangled
    level = w.disadvantage_at(distance)
    if level:
        total += data.mod_disadvantage[level]
    if allies is not None:
        total += allies * data.mod_ally
    elif len(state.gladiators) > 2:  # two alone have no allies
        total += _allies(state, g, t) * data.mod_ally
    if state.options.experience:
        attack_skill, defence_skill = _skilled(data, g, t, w)
        total += (data.mod_exp_attack if attack_skill else 0) - (
            data.mod_exp_defence if defence_skill else 0)
    return total


def attack_total(state: State, plan: AttackPlan) -> int:
    return net_modifier(state, plan.attacker, plan.target, plan.option.weapon, plan.distance,
                        plan.hexside)


def shield_counts(t: Gladiator, hexside: int) -> bool:
    return _side_struck(t, hexside) != "rear"


def effective_save(data: GameData, t: Gladiator, hexside: int,
                   w: WeaponInfo) -> tuple[int, int]:
    """(save modifier he rolls with, extra wounds) for a hit through `hexside`."""
    save = data.kit[t.armour].save
    if t.shield is not None and shield_counts(t, hexside):
        save += data.kit[t.shield].save
    extra = 0
    if w.two_handed:
        if save > 0:
            save += w.hit_save_modifier
        else:
            extra = w.hit_extra_wounds
    return save, extra
