"""How Grimdark Gladiators' table fields are said on a card, a row of the table
browser and `companion table show` ("+2 to power", "costs 1 rage", "needs Might 3"),
and the words of its moves', abilities' and equipment's rules. Read by
`companion.tables.words` through the games' registry."""

from __future__ import annotations

from typing import Any

from companion.core.words import listed
from companion.rulesets.grimdark.table_models import ABILITY_RULES, EQUIPMENT_RULES, MOVE_RULES
from companion.tables.words import (
    Fact,
    Names,
    counted,
    name_of,
    signed,
    slug_words,
    unsaid,
    when_set,
)


def _bonus_damage(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if value in (0, "0"):
        return "no bonus damage" if "gruesome" in data else None
    if data.get("weapon"):
        return f"a {value} weapon of its own" if isinstance(value, str) else \
            f"+{value} damage"
    return f"+{value} damage"


def _cost(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if isinstance(value, dict):  # a move's cost in a resource
        return f"costs {value['amount']} {name_of(names, value['resource']).lower()}"
    if data.get("per_level"):
        return f"{counted(value, 'point', 'points')} a level"
    return counted(value, "point", "points")


def _requirements(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if not value:
        return None
    parts = []
    if value.get("cz_above_target"):
        parts.append(f"CZ {value['cz_above_target']} or more above the target's")
    if value.get("target_wounded"):
        parts.append("the target wounded")
    if value.get("self_wounded"):
        parts.append("himself wounded")
    if value.get("damage_taken_last_turn"):
        parts.append(f"{value['damage_taken_last_turn']} or more damage taken last turn")
    if value.get("weapon_property"):
        parts.append(f"a {name_of(names, value['weapon_property']).lower()} weapon")
    return f"needs {listed(parts)}" if parts else None


def _gain(value: Any, data: dict[str, Any], names: Names) -> str | None:
    parts = []
    for g in value:
        what = name_of(names, g["resource"])
        what = "CZ" if g["resource"] == "cz" else what.lower()
        when = "on a hit" if g["on"] == "hit" else "on use"
        parts.append(f"{signed(g['amount'])} {what} {when}")
    return listed(parts) or None


def _cap(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if not value:
        return None
    if value.get("kind") == "fixed":
        return f"at most {value['value']} levels"
    return f"levels up to his {str(value['stat']).title()}"


def _prerequisite(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return f"needs {str(value['stat']).title()} {value['min']}" if value else None


def _chance(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if not value:
        return None
    each = " a level" if value.get("per_level") else ""
    against = f" against a {value['against']}" if value.get("against") else ""
    return f"{value['percent']:g}%{each} chance each turn of +{value['bonus']}{against}"


def _starting(value: Any, data: dict[str, Any], names: Names) -> str | None:
    parts = []
    for s in value:
        what = name_of(names, s["resource"]).lower()
        if s.get("stat"):
            parts.append(f"{what} equal to his {str(s['stat']).title()}")
        else:
            parts.append(f"{s.get('amount') if s.get('amount') is not None else s['dice']} "
                         f"{what}")
    return f"starts with {listed(parts)}" if parts else None


def _stat(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if value is None:
        return None
    return {"active": "the active stat", "random": "a random stat"}.get(value,
                                                                       str(value).title())


def _restriction(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return f"{str(value).removesuffix('-only')} weapons only" if value else None


def _die_steps(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if not value:
        return None
    way = "larger" if value > 0 else "smaller"
    return f"damage die {counted(abs(value), 'size', 'sizes')} {way}"


def _low_crit(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return (f"a {signed(value['advantage'])} advantage is a severity {value['severity']} "
            f"critical of {value['base_damage']} base damage") if value else None


def _ranged_vs_melee(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return (f"{signed(value['bonus'])} or {signed(-abs(value['penalty']))} against a melee "
            "attacker") if value else None



FACTS: dict[str, Fact] = {
    "bonus_damage": _bonus_damage,
    "knockback": lambda v, d, n: f"{v} knockback" if v else None,
    "wound": when_set("wounded"),
    "gruesome": when_set("gruesome demise: he is dead"),
    "grimdark-move:category": lambda v, d, n: ("finisher" if v == "finishers" else
                                               f"{slug_words(v)} move"),
    "kind": unsaid,  # the category and the attack say it
    "attack": lambda v, d, n: f"{slug_words(v)} attack" if v else "no attack",
    "stat": _stat,
    "asr": lambda v, d, n: f"{_stat(d.get('stat'), d, n)} must be active" if v else None,
    "grimdark-move:weapon": unsaid,  # told with the bonus damage
    "modifier": lambda v, d, n: f"{signed(v)} to power" if v else None,
    "half_damage": when_set("half damage"),
    "element": lambda v, d, n: f"{v} damage" if v else None,
    "cost": _cost,
    "gain": _gain,
    "cooldown": lambda v, d, n: (f"then {counted(v, 'turn', 'turns')} before it can be used "
                                 "again" if v else None),
    "requires_ability": lambda v, d, n: f"needs {name_of(n, v)}" if v else None,
    "requirements": _requirements,
    "sets_active_stat": lambda v, d, n: (f"sets the active stat to "
                                         f"{'any stat' if v == 'any' else str(v).title()}"
                                         if v else None),
    "replaced_by": lambda v, d, n: f"the card becomes {name_of(n, v)}" if v else None,
    "special": when_set("special move"),
    "basic": when_set("basic move"),
    "always_available": when_set("always available"),
    "per_level": unsaid,  # told with the cost
    "cap": _cap,
    "prerequisite": _prerequisite,
    "slots": lambda v, d, n: (counted(abs(v), "slot", "slots") + (" given up" if v < 0 else "")
                              if v else None),
    "unlocks_moves": lambda v, d, n: f"opens the {slug_words(v)} moves" if v else None,
    "chance": _chance,
    "hp_die": lambda v, d, n: f"starting HP rolls a {v}" if v else None,
    "init_die": lambda v, d, n: f"Init rolls a {v}" if v else None,
    "hp_bonus": lambda v, d, n: f"+{v} HP" + (" a level" if d.get("per_level") else "")
    if v else None,
    "init_bonus": lambda v, d, n: f"+{v} Init" + (" a level" if d.get("per_level") else "")
    if v else None,
    "damage_bonus": lambda v, d, n: f"+{v} damage on every attack" if v else None,
    "weapon_damage": lambda v, d, n: f"a {v} natural weapon" if v else None,
    "starting": _starting,
    "melee": when_set("melee"),
    "ranged": when_set("ranged"),
    "grimdark-equipment:weight": lambda v, d, n: f"{v}" if v else None,
    "restriction": _restriction,
    "die_steps": _die_steps,
    "min_advantage": lambda v, d, n: f"on a hit of {signed(v)} or better" if v else None,
    "crit_threshold": lambda v, d, n: (f"criticals {counted(abs(v), 'point', 'points')} "
                                       f"{'early' if v < 0 else 'late'}" if v else None),
    "low_crit": _low_crit,
    "deflect_die_melee": lambda v, d, n: f"deflects on a {v} in melee" if v else None,
    "deflect_die_ranged": lambda v, d, n: f"deflects on a {v} at range" if v else None,
    "elements": lambda v, d, n: listed([str(x) for x in v], "or") + " damage" if v else None,
    "power_dice": lambda v, d, n: f"power rolls {v}" if v else None,
    "crit_bonus_damage": lambda v, d, n: f"+{v} critical damage" if v else None,
    "ranged_vs_melee": _ranged_vs_melee,
    "gone_turns": lambda v, d, n: f"gone for {v} turns when thrown" if v else None,
    "poison_per_hit": lambda v, d, n: f"{counted(v, 'dose', 'doses')} of poison a hit"
    if v else None,
    "poison_per_crit": lambda v, d, n: f"{counted(v, 'dose', 'doses')} a critical" if v else None,
    "poison_defeat": lambda v, d, n: f"defeated at {v} doses" if v else None,
    "crit_severity_step": lambda v, d, n: f"criticals {signed(v)} severity" if v else None,
    "self_damage_per_attack": lambda v, d, n: (f"the wielder takes {v} damage an attack"
                                               if v else None),
    "hp_per_hit": lambda v, d, n: f"heals {v} HP a hit" if v else None,
    "hp_per_crit": lambda v, d, n: f"heals {v} HP a critical" if v else None,
    "hp_per_slot": lambda v, d, n: f"+{v} HP a slot" if v else None,
}

RULES: dict[str, str] = {**MOVE_RULES, **ABILITY_RULES, **EQUIPMENT_RULES}
NAMES_FIRST: tuple[str, ...] = ()
BROWSED_FIRST = False
