"""How the battle system's table fields are said on a card, a row of the table
browser and `companion table show` ("11 damage", "stunned", "class B", "2 points a
rank"), and the words of its insanities' rules. Read by `companion.tables.words`
through the games' registry."""

from __future__ import annotations

from typing import Any

from companion.core.words import listed
from companion.rulesets.battle.table_models import INSANITY_RULES
from companion.tables.words import (
    Fact,
    Names,
    counted,
    name_of,
    ordinal,
    outcome_words,
    signed,
    slug_words,
    source_words,
    unsaid,
    when_set,
)


def _fmt(template: str) -> Fact:
    """A value put into words: "{v}" is the value, "{s}" signed, "{n}" its name."""
    def fact(value: Any, data: dict[str, Any], names: Names) -> str | None:
        sign = signed(value) if isinstance(value, int | float) else str(value)
        return template.format(v=value, s=sign, n=name_of(names, value))
    return fact


def _low(data: dict[str, Any]) -> Any:
    key = data.get("key")
    return key[0] if isinstance(key, list) else key


def _weight(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return f"{value} lb" if isinstance(value, int | float) else f"{value}"


def _damage(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if isinstance(value, str):
        return "no damage die" if value == "0" else f"+{value} damage"
    return f"{value} damage" if value else None


def _stun(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return "stunned" if value else None


def _skill_costs(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if not value:
        return None
    if len(value) == 1:
        return f"{counted(value[0], 'point', 'points')} a rank"
    return f"ranks 1 to {len(value)} cost {listed([str(c) for c in value])}"


def _then(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if not value or not value.get("step"):
        return None
    every = value.get("every", 1)
    each = "every rank" if every == 1 else f"every {every} ranks"
    return f"then +{value['step']} {each}"


def _by_key(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return ", ".join(f"{slug_words(str(k))}: {v}" for k, v in value.items())


def _defence_pool(value: Any, data: dict[str, Any], names: Names) -> str | None:
    skills = [name for name, on in (("ARMOR", data.get("armor")), ("SHIELD", data.get("shield")),
                                    ("PARRY/DODGE", data.get("parry_dodge"))) if on]
    more = [words for words, on in (("the defensive bonus", data.get("defensive_bonus")),
                                    ("the weapon's parry/dodge bonus",
                                     data.get("weapon_parry_bonus"))) if on]
    return " + ".join(skills + more) or "no dice"


def _dice_change(n: int, what: str) -> str:
    """ "+1 attack die", "-2 defence dice"."""
    return f"{signed(n)} {what} {'die' if abs(n) == 1 else 'dice'}"


def _stance(value: Any, data: dict[str, Any], names: Names) -> str | None:
    berserk = f"berserk: {_dice_change(data['berserk_attack_dice'], 'attack')}"
    if data.get("berserk_armor_only"):
        berserk += ", then ARMOR only"
    return berserk


def _defensive(value: Any, data: dict[str, Any], names: Names) -> str | None:
    parts = [f"defensive: {_dice_change(data['defensive_attack_dice'], 'attack')}",
             _dice_change(data['defensive_defence_dice'], 'defence'),
             f"at most {data['defensive_max_sixes']} 6s count"]
    if data.get("defensive_cannot_whiff"):
        parts.append("cannot whiff")
    return ", ".join(parts)


def _health_stage(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return {"struggling": "struggling to stay conscious", "deaths-door": "at death's door",
            "dead": "dead"}.get(value, slug_words(value))


def _weapon_class(value: Any, data: dict[str, Any], names: Names) -> str | None:
    two = data.get("two_handed_class")
    return f"class {value}, {two} two-handed" if two else f"class {value}"


def _thrown(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return {"must": "must be thrown", "may": "may be thrown", "never": "never thrown"}.get(
        value, slug_words(value))


def _seed(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return f"from {source_words(value)}" if value else None


FACTS: dict[str, Fact] = {
    "damage": _damage,
    "stun": _stun,
    "damage_per_point_over": lambda v, d, n: (f"+{v} damage for each point over {_low(d)}"
                                              if v else None),
    # The source stars some critical rolls without saying why: nothing a player can
    # use, so the card says nothing of it (the table keeps it).
    "starred": lambda v, d, n: None,
    "heal": lambda v, d, n: f"heals {v}" if v else None,
    "permanent": lambda v, d, n: "permanent" if v else "temporary",
    "remembers": lambda v, d, n: {"weapon": "remembers the weapon that hit him",
                                  "weapon_class": "remembers the class of weapon that hit "
                                                  "him"}.get(v) if v else None,
    "outcome": outcome_words,
    "sixes_needed": lambda v, d, n: (f"{'one 6 blocks' if v == 1 else f'{v} 6s block'} it"
                                     if v else None),
    "as_many_as_attacker": when_set("as many 6s as the attacker rolled block it"),
    "order": lambda v, d, n: f"checked {ordinal(v)}",
    "armor": _defence_pool,
    "shield": unsaid,
    "parry_dodge": unsaid,
    "defensive_bonus": unsaid,
    "weapon_parry_bonus": unsaid,
    "berserk_attack_dice": _stance,
    "berserk_armor_only": unsaid,
    "defensive_attack_dice": _defensive,
    "defensive_defence_dice": unsaid,
    "defensive_max_sixes": unsaid,
    "defensive_cannot_whiff": unsaid,
    "stage": _health_stage,
    "dice": lambda v, d, n: f"{counted(v, 'die', 'dice')} for a 6" if v else None,
    "tf_divisor": lambda v, d, n: f"total fights divided by {v} (round down) in dice",
    "weapon_class": _weapon_class,
    "two_handed_class": unsaid,
    "cost_per_rank": lambda v, d, n: f"{counted(v, 'point', 'points')} a rank",
    "weight": _weight,
    "throw_bonus": lambda v, d, n: f"+{counted(v, 'die', 'dice')} thrown" if v else None,
    "parry_dodge_bonus": lambda v, d, n: f"+{v} PARRY/DODGE" if v else None,
    "crit_bonus": lambda v, d, n: f"+{v} to critical damage" if v else None,
    "damage_type": _fmt("{v}"),
    "hands": lambda v, d, n: "one-handed" if v == 1 else "two-handed",
    "thrown": _thrown,
    "cannot_disarm": when_set("cannot be disarmed"),
    "disarms": when_set("can disarm"),
    "no_whiff": when_set("misses instead of whiffing"),
    "costs": _skill_costs,
    "then": _then,
    "free_ranks": lambda v, d, n: f"{counted(v, 'free rank', 'free ranks')}" if v else None,
    "per_weapon": when_set("the weapon's cost a rank"),
    "capped_by": lambda v, d, n: f"never above his {name_of(n, v).upper()}" if v else None,
    "value": _fmt("{v}"),
    "by_key": _by_key,
    "source": _seed,
}

RULES: dict[str, str] = dict(INSANITY_RULES)
NAMES_FIRST: tuple[str, ...] = ()
# Looked up mid-fight (criticals, fate, insanities): the browser lists them first.
BROWSED_FIRST = True
