"""The build rules of a Grimdark gladiator (seed 000's "Gladiators" rules), every
figure read from the grimdark tables. `problems` lists every rule a gladiator breaks
at once, each in a player's words; an empty list is a legal gladiator."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from companion.core.words import listed, plural
from companion.errors import one_line
from companion.rulesets.grimdark import career
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.sheet import STAT_NAMES, Gladiator, Weapon
from companion.rulesets.grimdark.table_models import (
    GrimdarkAbilityEntry,
    GrimdarkEquipmentEntry,
    Rule,
)

# A weapon property's restriction, as the weapon must be to carry it.
_RESTRICTION_WORDS = {
    "heavy-only": ("heavy", "a heavy weapon"), "light-only": ("light", "a light weapon"),
    "ranged-only": ("ranged", "a ranged weapon"), "melee-only": ("melee", "a melee weapon"),
}




@dataclass(frozen=True)
class Slots:
    """Equipment slots, by what fills them."""

    weapons: int
    properties: int
    armour: int
    abilities: int  # given up to an ability (Natural Weapon)

    @property
    def total(self) -> int:
        return self.weapons + self.properties + self.armour + self.abilities


def ability_points(g: Gladiator, data: GrimdarkData) -> int:
    """The ability points he has: 20 + Mind, as grimdark-rules gives them."""
    f = data.figures
    return f.value("ability-points") + g.stats()[f.stat("ability-points-stat")]


def points_spent(g: Gladiator, data: GrimdarkData) -> int:
    """Ability points his abilities cost (unknown abilities cost nothing here)."""
    return sum(a.cost * level for key, level in g.abilities.items()
               if (a := data.abilities.get(key)) is not None)


def slots_used(g: Gladiator, data: GrimdarkData) -> Slots:
    weapons = sum(data.weapon_kind(w.weight, w.reach).slots for w in g.weapons)
    properties = sum(p.slots for w in g.weapons for key in w.properties
                     if (p := data.property_named(key)) is not None)
    armour = g.armour * data.armour().slots
    given_up = sum(-a.slots for key in g.abilities if (a := data.abilities.get(key)))
    return Slots(weapons, properties, armour, given_up)


def melee_damage(g: Gladiator, data: GrimdarkData) -> str:
    """His melee weapon die: his first melee weapon's, his natural weapon's, or his
    fists' (+0) when he has neither."""
    for w in g.weapons:
        if w.reach == "melee":
            return str(data.weapon_kind(w.weight, w.reach).damage)
    for key in g.abilities:
        ability = data.abilities.get(key)
        if ability is not None and ability.weapon_damage:
            return ability.weapon_damage
    return str(data.unarmed().damage)


@dataclass(frozen=True)
class Start:
    """What he brings to the start of a match: his HP and Init as dice to roll."""

    hp: str  # 25 + Brutality + d8 (d10 Berserker) + Endurance + 5 per armour slot
    init: str  # Style + d8 (d10 Performer) + Poise


def start_figures(g: Gladiator, data: GrimdarkData) -> Start:
    f, stats = data.figures, g.stats()
    hp_die, init_die = f.die("hp-die"), f.die("init-die")
    hp = f.value("hp-base") + stats[f.stat("hp-stat")]
    init = stats[f.stat("init-stat")]
    for key, level in g.abilities.items():
        ability = data.abilities.get(key)
        if ability is None:
            continue
        hp_die, init_die = ability.hp_die or hp_die, ability.init_die or init_die
        per = level if ability.per_level else 1
        hp += ability.hp_bonus * per
        init += ability.init_bonus * per
    hp += g.armour * data.armour().hp_per_slot
    return Start(_plus(hp_die, hp), _plus(init_die, init))


def _plus(die: str, n: int) -> str:
    return f"{die}+{n}" if n > 0 else f"{die}-{-n}" if n < 0 else die


def notes(g: Gladiator, data: GrimdarkData) -> list[str]:
    """What is legal but will not work in a match: ranged moves without a ranged weapon
    (a move that brings its own weapon, or a throwable melee weapon, still works); and
    what his career start still waits for (Veteran's roll), or does not add up to."""
    found = list(career.notes(g, data))
    can_shoot = any(w.reach == "ranged" or "throwable" in w.properties for w in g.weapons)
    idle = [] if can_shoot else [m.name for key in g.moves if (m := data.moves.get(key))
                                 is not None and m.attack == "ranged" and not m.weapon]
    if idle:
        found.insert(0, f"without a ranged weapon he can never use {listed(idle)}")
    return found


def open_moves_allowed(g: Gladiator, data: GrimdarkData) -> int:
    """Moves of a category he could not otherwise use that his abilities open (Jack of
    All Trades: one a level), counted as grimdark-rules reads them: a move with all
    its copies, or each copy."""
    allowed = 0
    for key, level in g.abilities.items():
        ability = data.abilities.get(key)
        if ability is None:
            continue
        for effect in ability.effects:
            if isinstance(effect, Rule) and effect.rule == "extra-moves-per-level":
                allowed += (effect.amount or 1) * level
    return allowed


def problems(g: Gladiator, data: GrimdarkData) -> list[str]:
    """Every build rule he breaks, each in a player's words, on one line (they quote
    what his file says, which may hold a line break)."""
    return [one_line(problem) for found in (
        _stat_problems(g, data), _ability_problems(g, data), career.problems(g, data),
        _move_problems(g, data), _equipment_problems(g, data)) for problem in found]


def roster_problems(gladiators: Iterable[Gladiator], data: GrimdarkData) -> list[str]:
    """The rules a roster breaks as a whole: a manager with more starred gladiators
    than the game allows (gladiators without a manager are nobody's to count)."""
    most = data.figures.value("starred-most")
    starred: dict[str, list[str]] = {}
    for g in gladiators:
        if g.starred and g.manager.strip() and not g.dead:
            starred.setdefault(g.manager.strip(), []).append(g.name)
    return [f"{manager} has {len(names)} starred gladiators ({listed(sorted(names))}); a "
            f"manager may have at most {most}"
            for manager, names in sorted(starred.items()) if len(names) > most]


def _stat_problems(g: Gladiator, data: GrimdarkData) -> Iterator[str]:
    f = data.figures
    stats = g.stats()
    total, wanted = sum(stats.values()), f.value("stat-points")
    if total != wanted:
        yield f"his stats add up to {total}; they must add up to {wanted}"
    high = max(stats, key=lambda s: stats[s])
    low = min(stats, key=lambda s: stats[s])
    spread, most = stats[high] - stats[low], f.value("stat-spread")
    if spread > most:
        yield (f"his highest stat ({STAT_NAMES[high]} {stats[high]}) is {spread} above his "
               f"lowest ({STAT_NAMES[low]} {stats[low]}); it may be at most {most} above")


def ability_problems(g: Gladiator, data: GrimdarkData) -> list[str]:
    """What his abilities break: points, levels, prerequisites, caps."""
    return list(_ability_problems(g, data))


def _ability_problems(g: Gladiator, data: GrimdarkData) -> Iterator[str]:
    stats = g.stats()
    for key, level in g.abilities.items():
        ability = data.abilities.get(key)
        if ability is None:
            yield f"{key} is not an ability in the Grimdark abilities table"
            continue
        yield from _level_problems(ability, level, stats, data)
        need = ability.prerequisite
        if need is not None and stats[need.stat] < need.min:
            yield (f"{ability.name} needs {STAT_NAMES[need.stat]} {need.min} or more; he has "
                   f"{stats[need.stat]}")
    spent, have = points_spent(g, data), ability_points(g, data)
    if spent > have:
        f = data.figures
        stat = f.stat("ability-points-stat")
        yield (f"his abilities cost {spent} ability points; he has {have} "
               f"({f.value('ability-points')} + {STAT_NAMES[stat]} {stats[stat]})")


def _level_problems(ability: GrimdarkAbilityEntry, level: int, stats: dict[str, int],
                    data: GrimdarkData) -> Iterator[str]:
    if not ability.per_level:
        if level != 1:
            yield f"{ability.name} is bought whole, not by the level (he has it {level} times)"
        return
    most = data.figures.value("ability-level-most")
    limit, why = most, f"no ability goes past level {most}"
    if ability.cap is not None:
        cap = ability.cap.limit(stats)
        if cap <= limit:  # the ability's own limit, in the seed's words
            limit = cap
            why = (f"it cannot exceed his {STAT_NAMES[str(ability.cap.stat)]}"
                   if ability.cap.kind == "stat" else f"it cannot exceed {cap}")
    if level > limit:
        yield f"{ability.name} {level} is above its limit of {limit} ({why})"


def _move_problems(g: Gladiator, data: GrimdarkData) -> Iterator[str]:
    f = data.figures
    total = sum(g.moves.values())
    fewest, most = f.value("repertoire-fewest"), f.value("repertoire-most")
    if not fewest <= total <= most:
        yield (f"his repertoire holds {plural(total, 'move', 'moves')}; it must hold "
               f"{fewest} to {most}")
    copies = f.value("move-copies-most")
    outside: list[str] = []
    for key, count in g.moves.items():
        move = data.moves.get(key)
        if move is None:
            yield f"{key} is not a move in the Grimdark moves table"
            continue
        if move.special or move.always_available:
            yield f"{move.name} is never in a repertoire"
            continue
        if count > copies and not move.basic:
            yield (f"{move.name} is in his repertoire {count} times; at most {copies} "
                   "copies of a move whose name does not start with Basic")
        if move.requires_ability and move.requires_ability not in g.abilities:
            every_copy = f.reading("jack-of-all-trades-opens") == "every copy"
            outside += [move.name] * (1 if every_copy else count)
    allowed = open_moves_allowed(g, data)
    if len(outside) > allowed:
        needs = listed([f"{name} needs {_ability_name(data, data.move_named(name))}"
                         for name in dict.fromkeys(outside)])
        extra = (f"; Jack of All Trades opens {plural(allowed, 'of them', 'of them')}"
                 if allowed else "")
        yield f"{needs}{extra}"


def _ability_name(data: GrimdarkData, move: object) -> str:
    key = getattr(move, "requires_ability", None)
    ability = data.abilities.get(str(key))
    return ability.name if ability is not None else str(key)


def _equipment_problems(g: Gladiator, data: GrimdarkData) -> Iterator[str]:
    used, have = slots_used(g, data), data.figures.value("equipment-slots")
    if used.total > have:
        given = f", {used.abilities} of them given up to an ability" if used.abilities else ""
        yield f"his equipment fills {used.total} slots{given}; he has {have}"
    for weapon in g.weapons:
        yield from _weapon_problems(weapon, data)


def _weapon_problems(weapon: Weapon, data: GrimdarkData) -> Iterator[str]:
    seen: set[str] = set()
    elemental = False
    for key in weapon.properties:
        prop: GrimdarkEquipmentEntry | None = data.property_named(key)
        if prop is None:
            yield f"{key} on the {weapon.name} is not a weapon property"
            continue
        if prop.key in seen:
            yield f"{prop.name} is on the {weapon.name} twice"
        seen.add(prop.key)
        elemental = elemental or bool(prop.elements)
        if prop.restriction is not None:
            needed, words = _RESTRICTION_WORDS[prop.restriction]
            if needed not in (weapon.weight, weapon.reach):
                yield (f"{prop.name} goes on {words} only; the {weapon.name} is a "
                       f"{weapon.weight} {weapon.reach} weapon")
    if elemental and weapon.element is None:
        yield f"the {weapon.name} is Elemental but names no element"
    if weapon.element is not None and not elemental:
        yield f"the {weapon.name} does {weapon.element} damage only with the Elemental property"
