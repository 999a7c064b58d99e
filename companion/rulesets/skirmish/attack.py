"""Attacks: which weapon, which target, the modifiers, and the blow itself.

An attack is checked in full (`plan_attack`) before any die is rolled. A blow: both
roll a D6; a double is a special event (`events.py`); otherwise the attacker's roll +
his modifiers - (the defender's roll + his) is the margin: above 0 a hit for that many
wounds unless saved, else a miss that pushes the defender back. Nets, lassos and
capes entangle instead (`weapons.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from companion.errors import UserError
from companion.hexgrid import Hex, direction_name, parse_direction
from companion.rulesets.skirmish.core import (
    actor,
    beat,
    drop_item,
    need_ap,
    push_back,
    random_adjacent,
)
from companion.rulesets.skirmish.data import GameData, WeaponInfo
from companion.rulesets.skirmish.geometry import dist
from companion.rulesets.skirmish.modifiers import (
    attack_modifiers,
    attack_total,
    effective_save,
    shield_counts,
)
from companion.rulesets.skirmish.state import (
    FIGHTING,
    Dice,
    Gladiator,
    Held,
    State,
    levels_of,
    weapon_ids,
)

# Darts are the weapon itself; arrows need the bow. A fumbled throw therefore loses
# only the dart already thrown, a fumbled shot the bow.
THROWN_AMMO = frozenset({"dart"})
SERIOUS_LEVEL = "seriously-wounded"  # the wound level the appeal table counts


@dataclass(frozen=True, slots=True)
class Option:
    """One way he can strike: a weapon in hand, his shield, or his fists."""

    ref: str  # what an action calls it: "sword", "sword-left", "shield", "unarmed"
    weapon: WeaponInfo
    held: Held | None
    use: str  # "weapon", "shield" or "unarmed"
    # How `Gladiator.used` records a strike with it: (weapon, side or "shield").
    used_key: tuple[str, str] = field(init=False)

    def __post_init__(self) -> None:
        side = self.held.side if self.held else "shield"
        object.__setattr__(self, "used_key", (self.weapon.slug, side))


class AttackPlan(NamedTuple):
    """An attack checked in full, ready to roll (a named tuple: the computer player
    makes many)."""

    attacker: Gladiator
    target: Gladiator
    option: Option
    distance: int
    hexside: int
    hexsides: tuple[int, ...]
    cost: int


@dataclass(frozen=True, slots=True)
class Kit:
    """What follows from the weapons and shield he holds, worked out once per kit:
    his options, and a memo for other answers that depend on nothing else (and on
    the flags they are keyed by), such as the computer player's range bands."""

    options: list[Option]
    by_ref: dict[str, Option]  # the option an action names exactly
    memo: dict[Any, Any]


def kit_of(data: GameData, g: Gladiator) -> Kit:
    # Held weapons are values, so one Kit serves every gladiator with the same kit.
    key = (tuple(g.weapons), g.shield, g.shield_side)
    found = data.kits.get(key)
    if found is None:
        options = _weapon_options(data, g)
        by_ref: dict[str, Option] = {}
        for o in options:
            by_ref.setdefault(o.ref, o)
        found = data.kits[key] = Kit(options, by_ref, {})
    return found


def weapon_options(data: GameData, g: Gladiator) -> list[Option]:
    """Everything he could strike with now, used or not this turn."""
    return kit_of(data, g).options


def _weapon_options(data: GameData, g: Gladiator) -> list[Option]:
    found: list[Option] = []
    ids = weapon_ids(g)
    for ref, held in zip(ids, g.weapons, strict=True):
        copy = Held(held.weapon, held.side, held.lost_first)
        found.append(Option(ref, data.weapons[held.weapon], copy, "weapon"))
    if g.shield is not None:
        use = data.kit[g.shield].weapon
        if use is not None:
            found.append(Option(use if use != "shield" else "shield", data.weapons[use], None,
                                "shield"))
    if not found:
        found.append(Option("unarmed", data.weapons["unarmed"], None, "unarmed"))
    return found


def unusable(g: Gladiator, option: Option) -> str | None:
    """Why this option cannot strike this turn, or None."""
    w = option.weapon
    if w.once_per_turn_in_all:
        return "he has made his unarmed attack this turn" if g.unarmed_used else None
    if w.ammo == "dart" and g.darts <= 0:
        return "he has no darts left"
    if w.ammo == "arrow" and g.arrows <= 0:
        return "he has no arrows left"
    if option.used_key in g.used:
        return f"he has already struck with his {option.ref} this turn"
    return None


def find_option(state: State, g: Gladiator, ref: Any) -> Option:
    kit = kit_of(state.data, g)
    found = kit.by_ref.get(ref) if isinstance(ref, str) else None
    if found is not None:
        return found  # named exactly, as the computer player and the UI do
    options = kit.options
    if not isinstance(ref, str) or not ref.strip():
        raise UserError(f"name the weapon: {', '.join(o.ref for o in options)}")
    key = ref.strip().lower()
    exact = [o for o in options if o.ref == key]
    if not exact:
        # A slug names the first of his weapons of that kind that can still strike.
        same = [o for o in options if o.weapon.slug == key]
        exact = sorted(same, key=lambda o: unusable(g, o) is not None)
    if not exact:
        names = ", ".join(o.ref for o in options)
        if key in state.data.weapons:
            raise UserError(f"{g.name} has no {key} in hand (weapon lost?); he has {names}")
        raise UserError(f"{ref!r} is not one of {g.name}'s weapons ({names})")
    return exact[0]


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
        raise UserError(f"{t.name} is too close for the {w.name} "
                        f"({w.min_range}-{w.max_range} hexes; he is {d} away)")
    if d > w.max_range:
        reach = f"{w.min_range}-{w.max_range} hexes" if w.max_range > 1 else "the front hex"
        raise UserError(f"{t.name} is out of range of the {w.name} ({reach}; he is {d} away)")
    if d == 1:
        if geo.nb[g.hex][g.facing] != t.hex:
            raise UserError(f"{t.name} is not in {g.name}'s front hex (he faces "
                            f"{direction_name(g.facing)}); turn to face him first")
    elif not geo.in_front_arc(g.hex, g.facing, t.hex):
        raise UserError(f"{t.name} is not in {g.name}'s front arc")
    return d


def plan_attack(state: State, action: dict[str, Any], *, strict: bool = True,
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
            raise UserError(f"{g.name} is entangled in a {g.entangled.weapon}: he cannot "
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
        need_ap(g, w.ap, f"an attack with the {w.name}")
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
        reasons.append(f"{option.ref}: {why}")
    raise UserError(f"{g.name} cannot strike {t.name} now ({'; '.join(reasons)})")


# --- the blow -------------------------------------------------------------------------

def spend(plan: AttackPlan) -> None:
    g, option = plan.attacker, plan.option
    g.ap -= plan.cost
    if option.weapon.once_per_turn_in_all:
        g.unarmed_used = True
    else:
        g.used.append(option.used_key)
    if option.weapon.ammo == "dart":
        g.darts -= 1
    elif option.weapon.ammo == "arrow":
        g.arrows -= 1


def resolve_blow(state: State, plan: AttackPlan, dice: Dice) -> list[str]:
    data = state.data
    g, t, w = plan.attacker, plan.target, plan.option.weapon
    assert t.hex is not None
    origin = t.hex
    spend(plan)
    how = f" at {plan.distance} hexes" if plan.distance > 1 else ""
    lines = [f"{g.name} attacks {t.name} with his {plan.option.ref}{how}"]
    a = dice.d6(purpose="attack", roller=g.name).faces[0]
    d = dice.d6(purpose="defence", roller=t.name).faces[0]
    if a == d:
        # Imported here: events.py builds on this module's helpers.
        from companion.rulesets.skirmish.events import special_event

        lines.append(f"double {a}: special event")
        lines += special_event(state, plan, a, dice)
        return lines + missile_fate(state, plan, "special-event", origin, dice)
    att, defence = attack_modifiers(state, plan)
    net, shown = _modifier_words(data, tuple(att), tuple(defence))
    margin = a + net - d
    sign = "+" if margin >= 0 else ""  # as f"{margin:+d}", which costs more
    lines.append(f"attack {a}, defence {d} ({shown}): margin {sign}{margin}")
    if margin > 0:
        save, extra = effective_save(data, t, plan.hexside, w)
        wounds = margin + extra
        target = data.rules.save_target
        if save >= 1 and save + 6 >= target:
            s = dice.d6(purpose="save", roller=t.name).faces[0]
            if s + save >= target:
                lines.append(f"hit, but {t.name} saves ({s} + {save} >= {target})")
                return lines + missile_fate(state, plan, "saved", origin, dice)
            lines.append(f"save failed ({s} + {save} < {target})")
        elif extra:
            lines.append(f"no save: the two-handed blow adds {extra} wound")
        lines += wound(state, g, t, wounds)
        return lines + missile_fate(state, plan, "wounds", origin, dice)
    lines.append(f"{t.name} avoids the blow")
    lines += missile_fate(state, plan, "miss", origin, dice)
    lines.append(push_back(state, t, plan.hexside))
    return lines


def _modifier_words(data: GameData, att: tuple[tuple[str, int], ...],
                    defence: tuple[tuple[str, int], ...]) -> tuple[int, str]:
    """(attacker's modifiers less the defender's, the words for the log); kept, since
    the same few lists come up bout after bout."""
    key = ("words", att, defence)
    found = data.odds_cache.get(key)
    if found is None:
        net = sum(m for _, m in att) - sum(m for _, m in defence)
        words = [f"{r} {m:+d}" for r, m in att] + [f"defence: {r} {m:+d}" for r, m in defence]
        found = data.odds_cache[key] = (net, ", ".join(words))
    return found


def missile_fate(state: State, plan: AttackPlan, outcome: str, origin: Hex,
                 dice: Dice) -> list[str]:
    """A dart or arrow is lost when the table says so for this outcome; otherwise
    it lands in a random hex next to where the target stood."""
    w = plan.option.weapon
    if not w.missile:
        return []
    if outcome in w.lost_when:
        return [f"the {w.ammo} is lost"]
    g = plan.attacker
    spot = random_adjacent(state, origin, dice, g.name, w.ammo or "missile")
    drop_item(state, "ammo", w.ammo or "", g.id, spot)
    return [f"the {w.ammo} lands in {state.label(spot)}"]


def wound(state: State, by: Gladiator | None, t: Gladiator, n: int) -> list[str]:
    data = state.data
    before = levels_of(data, t)
    old = t.strength
    t.strength -= n
    if by is not None:
        by.wounds_inflicted += n
    after = levels_of(data, t)
    state_name = data.level_names[after[-1]].lower() if after else "unhurt"
    lines = [f"{t.name} takes {n} wound{'s' if n != 1 else ''}: strength {old} -> "
             f"{t.strength} ({state_name})"]
    if by is not None and SERIOUS_LEVEL in after and SERIOUS_LEVEL not in before \
            and t.id not in by.seriously_wounded_foes:
        by.seriously_wounded_foes.append(t.id)
    appeals = any(lv in data.appealing_levels for lv in after)
    if appeals and t.status == FIGHTING:
        lines.append(beat(state, t, by, "strength gone"))
    return lines
