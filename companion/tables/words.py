"""The words of table entries: what a player reads on a card, a row of the table browser
and `companion table show`.

An entry's fields are data for the rules ("stun": true, "cost_per_rank": 2, "weapons":
["sword", "dagger"]); here each becomes a short badge in the rules' own words ("stunned",
"2 points a rank", "for sword and dagger"), its effects short phrases ("drops his
weapon", "-2 defence dice (not armour) for the rest of the battle"), its key the roll as
people say it ("19", "35+", "4-6", "4-4" on a d66). Names of other entries come from
the tables themselves (`names_for`), never their slugs.

One long module for now: every field's words are one registry keyed by field name, so
that no table shows a raw field; issue 25 gives each game its own part of it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.words import listed
from companion.tables.effects import describe
from companion.tables.loader import TableSet
from companion.tables.model import Entry
from companion.tables.models.battle import INSANITY_RULES
from companion.tables.models.grimdark import ABILITY_RULES, EQUIPMENT_RULES, MOVE_RULES
from companion.tables.table import Table

Names = Mapping[str, str]

# The words of every `rule` effect the tables name, by rule.
RULE_WORDS: dict[str, str] = {**INSANITY_RULES, **MOVE_RULES, **ABILITY_RULES,
                              **EQUIPMENT_RULES}

# Fields told elsewhere on the card (its head, description, effects, sub-table).
_SHOWN_ELSEWHERE = frozenset({"key", "house", "description", "effects", "subtable", "name"})


# --- small pieces of words ------------------------------------------------------------------
def slug_words(slug: str) -> str:
    """A slug said in words, when no table names it: "opportune-strike" is "opportune
    strike"; "4-4" and "2d6" stay as they are."""
    text = str(slug)
    if any(c.isalpha() for c in text.replace("d", "")) or "_" in text:
        return text.replace("_", " ").replace("-", " ")
    return text


def name_of(names: Names | None, slug: Any) -> str:
    """The name the tables give a slug ("large-shield" is "Large shield")."""
    text = str(slug)
    if names and text in names:
        return names[text]
    return slug_words(text)


def _signed(n: int | float) -> str:
    return f"{n:+d}" if isinstance(n, int) else f"{n:+g}"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _dice(text: str) -> str:
    return str(text)


def _range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _faces(faces: Sequence[int], last: str = "or") -> str:
    return listed([str(f) for f in faces], last)


# --- keys -------------------------------------------------------------------------------
def format_key(key: Any, axes: int = 1, kinds: Sequence[str] = ()) -> str:
    """A key as people read it: "19", "35+", "4-6", "-18 to -17", "3 or less"; a d66
    key as "4-4"; a name key in words ("one 4"); two-axis keys as "5 / 3"."""
    if axes == 2:
        parts = key if isinstance(key, list | tuple) else [key, None]
        return " / ".join(format_key(k, 1, kinds[i:i + 1]) for i, k in enumerate(parts))
    kind = kinds[0] if kinds else ""
    if isinstance(key, list | tuple):
        if len(key) == 2 and all(isinstance(k, int | None) for k in key):
            low, high = key
            if low is None:
                return f"{high} or less"
            if high is None:
                return f"{low}+"
            if low == high:
                return str(low)
            return f"{low} to {high}" if low < 0 or high < 0 else f"{low}-{high}"
        return " / ".join(format_key(k) for k in key)
    if kind == "d66" and isinstance(key, int):
        return f"{key // 10}-{key % 10}"
    if isinstance(key, str):
        return RESULT_KEYS.get(key, slug_words(key))
    return str(key)


# The attack table's result columns, as players say them.
RESULT_KEYS = {"3-or-less": "3 or less", "three-6s": "three or more 6s", "one-4": "one 4",
               "one-5": "one 5", "one-6": "one 6"}


def table_key(table: Table, key: Any) -> str:
    """A key of `table`, in words."""
    return format_key(key, len(table.axes), [a.kind for a in table.axes])


# --- facts: one badge per field --------------------------------------------------------------
Fact = Callable[[Any, dict[str, Any], Names], str | None]


def _label(field: str) -> str:
    return FIELD_LABELS.get(field, field.replace("_", " "))


FIELD_LABELS: dict[str, str] = {
    "*": "the whole entry",
    "parry_dodge_bonus": "PARRY/DODGE bonus",
    "parry_dodge": "PARRY/DODGE",
    "weapon_parry_bonus": "the weapon's parry/dodge bonus",
    "crit_bonus": "critical bonus",
    "tf_divisor": "total fights divisor",
    "by_key": "figures",
    "by_face": "directions",
    "ap": "AP",
    "ap_cost": "AP",
    "pick_up_ap": "AP to pick up",
    "asr": "active stat required",
    "cz": "CZ",
}


def _generic(field: str) -> Fact:
    """A field no word list knows: its label, and its value in words."""
    def fact(value: Any, data: dict[str, Any], names: Names) -> str | None:
        label = _label(field)
        if value is True:
            return label
        if isinstance(value, list):
            return f"{label}: {listed([_value_words(v, names) for v in value])}"
        if isinstance(value, dict):
            return f"{label}: " + ", ".join(f"{slug_words(str(k))} {_value_words(v, names)}"
                                            for k, v in value.items()
                                            if v not in (None, False, ""))
        return f"{label} {_value_words(value, names)}"
    return fact


def _value_words(value: Any, names: Names) -> str:
    if value is True:
        return "yes"
    if isinstance(value, dict):
        return " ".join(_value_words(v, names) for v in value.values()
                        if v not in (None, False, ""))
    if isinstance(value, str):
        return name_of(names, value)
    return str(value)


def _when(text: str) -> Fact:
    """A flag: its words when true."""
    return lambda v, d, n: text if v else None


def _fmt(template: str) -> Fact:
    """A value put into words: "{v}" is the value, "{s}" signed, "{n}" its name."""
    def fact(value: Any, data: dict[str, Any], names: Names) -> str | None:
        signed = _signed(value) if isinstance(value, int | float) else str(value)
        return template.format(v=value, s=signed, n=name_of(names, value))
    return fact


def _names(template: str, last: str = "and") -> Fact:
    """A list of slugs, named: "for {} " with "sword, dagger and cone"."""
    def fact(value: Any, data: dict[str, Any], names: Names) -> str | None:
        return template.format(listed([short_name(names, v) for v in value], last))
    return fact


def short_name(names: Names | None, slug: Any) -> str:
    """A name without the bracketed note that tells two uses of one thing apart, in
    lower case: "Shield (as a weapon)" is "shield", "Cape (entangle)" "cape"."""
    name = name_of(names, slug)
    if name.endswith(")") and " (" in name:
        name = name[:name.rindex(" (")]
    return name.lower()


def _low(data: dict[str, Any]) -> Any:
    key = data.get("key")
    return key[0] if isinstance(key, list) else key


def _skip(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return None


def _weight(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return f"{value} lb" if isinstance(value, int | float) else f"{value}"


def _damage(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if isinstance(value, str):
        return "no damage die" if value == "0" else f"+{value} damage"
    return f"{value} damage" if value else None


def _bonus_damage(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if value in (0, "0"):
        return "no bonus damage" if "gruesome" in data else None
    if data.get("weapon"):
        return f"a {value} weapon of its own" if isinstance(value, str) else \
            f"+{value} damage"
    return f"+{value} damage"


def _stun(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return "stunned" if value else None


def _cost(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if isinstance(value, dict):  # a move's cost in a resource
        return f"costs {value['amount']} {name_of(names, value['resource']).lower()}"
    if data.get("per_level"):
        return f"{_count(value, 'point', 'points')} a level"
    return _count(value, "point", "points")


def _skill_costs(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if not value:
        return None
    if len(value) == 1:
        return f"{_count(value[0], 'point', 'points')} a rank"
    return f"ranks 1 to {len(value)} cost {listed([str(c) for c in value])}"


def _then(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if not value or not value.get("step"):
        return None
    every = value.get("every", 1)
    each = "every rank" if every == 1 else f"every {every} ranks"
    return f"then +{value['step']} {each}"


def _entangle_needs(value: Any, data: dict[str, Any], names: Names) -> str | None:
    parts = [f"{_or_more(n['min_roll'])} at {_count(n['range'], 'hex', 'hexes')}"
             for n in value]
    return f"entangles on {listed(parts)}" if parts else None


def _or_more(face: int) -> str:
    return "a 6" if face == 6 else f"{face} or more"


def _lost_when(value: Any, data: dict[str, Any], names: Names) -> str | None:
    words = {"wounds": "it wounds", "saved": "it is saved", "special-event":
             "it causes a special event"}
    return f"lost when {listed([words.get(v, slug_words(v)) for v in value], 'or')}"


def _weapon_refs(value: Any, data: dict[str, Any], names: Names) -> str | None:
    parts = []
    for ref in value:
        if isinstance(ref, dict):
            extra = ", lost first" if ref.get("lost_first") else ""
            parts.append(f"{name_of(names, ref['weapon']).lower()} ({ref['side']}{extra})")
        else:
            parts.append(name_of(names, ref).lower())
    return listed(parts)


def _printed(what: str) -> Fact:
    def fact(value: Any, data: dict[str, Any], names: Names) -> str | None:
        if len(value) == 2:
            return f"printed {what} {value[0]} with the shield, {value[1]} without"
        return f"printed {what} {value[0]}"
    return fact


def _fraction(value: Any, data: dict[str, Any], names: Names) -> str | None:
    words = {0.5: "half", 0.25: "a quarter", 1.0: "all"}
    return f"lost {words.get(value, f'{value:.0%}')} of his strength or more"


def _by_key(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return ", ".join(f"{slug_words(str(k))}: {v}" for k, v in value.items())


def _who(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return {"either": "the attacker or the defender"}.get(value, f"the {value}")


def _ap_amount(value: Any, data: dict[str, Any], names: Names) -> str | None:
    role = data.get("role")
    if role == "floor":
        return f"never below {value} AP"
    if role == "give-in":
        return f"gives in at {_signed(value)} or worse"
    return f"{_signed(value)} AP"


def _attack_amount(value: Any, data: dict[str, Any], names: Names) -> str | None:
    die = "defence" if data.get("applies_to") == "defence" else "attack"
    return f"{_signed(value)} to the {die} die"


def _appeal_amount(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return None if value is None else f"{_signed(value)} to the appeal"


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
        parts.append(f"{_signed(g['amount'])} {what} {when}")
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
    return f"damage die {_count(abs(value), 'size', 'sizes')} {way}"


def _low_crit(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return (f"a {_signed(value['advantage'])} advantage is a severity {value['severity']} "
            f"critical of {value['base_damage']} base damage") if value else None


def _ranged_vs_melee(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return (f"{_signed(value['bonus'])} or {_signed(-abs(value['penalty']))} against a melee "
            "attacker") if value else None


def _kit_recovery(when: str) -> Fact:
    def fact(value: Any, data: dict[str, Any], names: Names) -> str | None:
        if value is None:
            return None
        return f"may be picked up again if {when}" if value else f"gone for good if {when}"
    return fact


def _range_of(value: Any, data: dict[str, Any], names: Names) -> str | None:
    low, high = data.get("min_range", value), data.get("max_range", value)
    return f"range {_range(low, high)} {'hex' if low == high == 1 else 'hexes'}"


def _defence_pool(value: Any, data: dict[str, Any], names: Names) -> str | None:
    skills = [name for name, on in (("ARMOR", data.get("armor")), ("SHIELD", data.get("shield")),
                                    ("PARRY/DODGE", data.get("parry_dodge"))) if on]
    more = [words for words, on in (("the defensive bonus", data.get("defensive_bonus")),
                                    ("the weapon's parry/dodge bonus",
                                     data.get("weapon_parry_bonus"))) if on]
    return " + ".join(skills + more) or "no dice"


def _dice_change(n: int, what: str) -> str:
    """ "+1 attack die", "-2 defence dice"."""
    return f"{_signed(n)} {what} {'die' if abs(n) == 1 else 'dice'}"


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


def _outcome(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return {"whiff": "whiff", "hit": "hit", "critical": "critical", "spared": "spared",
            "killed": "killed"}.get(value, slug_words(value))


def _appeal_test(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if data.get("min_total") is not None:
        return f"{data['min_total']} or more"
    if data.get("max_total") is not None:
        return f"{data['max_total']} or less"
    return None


def _basis(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return {"seed": "from the skirmish rules", "ref": "from the reference sheet",
            "house": "our own ruling"}.get(value, slug_words(value))


def _seed(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return f"from {source_words(value)}" if value else None


def source_words(source: str) -> str:
    """A seed file's name as the sources are called: "seed 002"."""
    text = str(source)
    return f"seed {text[:3]}" if text[:3].isdigit() and "_" in text else text


def _by_face(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return ", ".join(f"{face}: {way}" for face, way in value.items()) if value else None


# By field name; "kind:field" for a field that means something else in one kind.
FACTS: dict[str, Fact] = {
    # battle: criticals, fate, insanity, pools
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
    "outcome": _outcome,
    "sixes_needed": lambda v, d, n: (f"{'one 6 blocks' if v == 1 else f'{v} 6s block'} it"
                                     if v else None),
    "as_many_as_attacker": _when("as many 6s as the attacker rolled block it"),
    "order": lambda v, d, n: f"checked {_ordinal(v)}",
    "armor": _defence_pool,
    "shield": _skip,
    "parry_dodge": _skip,
    "defensive_bonus": _skip,
    "weapon_parry_bonus": _skip,
    "berserk_attack_dice": _stance,
    "berserk_armor_only": _skip,
    "defensive_attack_dice": _defensive,
    "defensive_defence_dice": _skip,
    "defensive_max_sixes": _skip,
    "defensive_cannot_whiff": _skip,
    "stage": _health_stage,
    "dice": lambda v, d, n: f"{_count(v, 'die', 'dice')} for a 6" if v else None,
    "tf_divisor": lambda v, d, n: f"total fights divided by {v} (round down) in dice",
    "weapon_class": _weapon_class,
    "two_handed_class": _skip,
    "cost_per_rank": lambda v, d, n: f"{_count(v, 'point', 'points')} a rank",
    "weight": _weight,
    "throw_bonus": lambda v, d, n: f"+{_count(v, 'die', 'dice')} thrown" if v else None,
    "parry_dodge_bonus": lambda v, d, n: f"+{v} PARRY/DODGE" if v else None,
    "crit_bonus": lambda v, d, n: f"+{v} to critical damage" if v else None,
    "damage_type": _fmt("{v}"),
    "hands": lambda v, d, n: "one-handed" if v == 1 else "two-handed",
    "thrown": _thrown,
    "cannot_disarm": _when("cannot be disarmed"),
    "disarms": _when("can disarm"),
    "no_whiff": _when("misses instead of whiffing"),
    "costs": _skill_costs,
    "then": _then,
    "free_ranks": lambda v, d, n: f"{_count(v, 'free rank', 'free ranks')}" if v else None,
    "per_weapon": _when("the weapon's cost a rank"),
    "capped_by": lambda v, d, n: f"never above his {name_of(n, v).upper()}" if v else None,
    "value": _fmt("{v}"),
    "by_key": _by_key,
    "source": _seed,
    # the skirmish
    "rating": _skip,  # the entry's name says it
    "category": lambda v, d, n: slug_words(v),
    "skirmish-kit:weight": lambda v, d, n: f"weight {v}" if v else None,
    "save": lambda v, d, n: f"save {_signed(v)}" if v else None,
    "size": lambda v, d, n: f"{slug_words(v)} shield" if v else None,
    "side_attack_modifier": lambda v, d, n: (f"{_signed(v)} to attack the side it covers"
                                             if v is not None else None),
    "skirmish-kit:weapon": lambda v, d, n: (f"strikes as a {short_name(n, v)}"
                                            if v and v != "shield" else
                                            "strikes as a shield" if v else None),
    "never_lost_to_special_events": _when("never lost to a special event"),
    "never_lost_to_special_events_": _skip,
    "recoverable_if_discarded": _kit_recovery("thrown away"),
    "recoverable_if_knocked_away": _kit_recovery("knocked away"),
    "weapons": _weapon_refs,
    "skirmish-ap-action:weapons": _names("for {}"),
    "skirmish-attack-modifier:weapons": _names("with {}", "or"),
    "kit": _names("with {}", "or"),
    "skirmish-type:shield": lambda v, d, n: (f"{name_of(n, v).lower()} on the "
                                             f"{d.get('shield_side') or 'left'}" if v else None),
    "shield_side": _skip,
    "armour": lambda v, d, n: name_of(n, v).lower(),
    "darts": lambda v, d, n: _count(v, "dart", "darts") if v else None,
    "arrows": lambda v, d, n: _count(v, "arrow", "arrows") if v else None,
    "printed_save": _printed("save"),
    "printed_weight": _printed("weight"),
    "notes": lambda v, d, n: str(v) if v else None,
    "min_range": _range_of,
    "max_range": _skip,
    "disadvantaged_at": lambda v, d, n: f"disadvantaged at {_faces(v)}" if v else None,
    "doubly_disadvantaged_at": lambda v, d, n: (f"doubly disadvantaged at {_faces(v)}"
                                                if v else None),
    "always_disadvantaged": _when("always disadvantaged"),
    "ap_cost": lambda v, d, n: f"{v} AP",
    "reach": _when("reach"),
    "missile": _when("missile"),
    "not_adjacent": _when("never at an adjacent foe"),
    "ammo": lambda v, d, n: f"uses {v}s" if v else None,
    "lost_when": _lost_when,
    "otherwise_lands": _when("otherwise lands next to the target"),
    "pick_up_ap": lambda v, d, n: f"{v} AP to pick up" if v is not None else None,
    "causes_wounds": lambda v, d, n: None if v else "causes no wounds",
    "entangles": _when("entangles"),
    "entangle_needs": _entangle_needs,
    "cut_free_min_roll": lambda v, d, n: f"cut free on {_or_more(v)}" if v else None,
    "cut_free_lost_on": lambda v, d, n: (f"gone for good on a {_faces(v)} to cut free"
                                         if v else None),
    "cut_free_drops_on": lambda v, d, n: (f"falls nearby on a {_faces(v)} to cut free"
                                          if v else None),
    "counts_as_weapon_for_defence": lambda v, d, n: None if v else "does not guard his side",
    "two_handed": _when("two-handed"),
    "hit_save_modifier": lambda v, d, n: f"{_signed(v)} to the save when it hits" if v else None,
    "hit_extra_wounds_if_no_save": lambda v, d, n: (f"+{_count(v, 'wound', 'wounds')} if he "
                                                    "has no save" if v else None),
    "shreds": lambda v, d, n: (f"shreds a {listed([name_of(n, x).lower() for x in v], 'or')} "
                               f"on {_or_more(d.get('shreds_min_roll') or 6)}" if v else None),
    "shreds_min_roll": _skip,
    "acts_as": lambda v, d, n: f"strikes as a {name_of(n, v).lower()}" if v else None,
    "ap": lambda v, d, n: f"{v} AP" if v else "no AP",
    "limit": lambda v, d, n: {"once-per-weapon-per-turn": "once a turn with each weapon",
                              "once-per-turn": "once a turn"}.get(v, slug_words(v)) if v else None,
    "allowed_when_entangled": _when("allowed while entangled"),
    "role": _skip,
    "group": _skip,
    "skirmish-ap-modifier:amount": _ap_amount,
    "skirmish-attack-modifier:amount": _attack_amount,
    "skirmish-appeal:amount": _appeal_amount,
    "applies_to": _skip,
    "per": lambda v, d, n: f"for each {slug_words(v)}" if v else None,
    "replaces": lambda v, d, n: f"instead of {name_of(n, v).lower()}" if v else None,
    "next_turn_only": _when("next turn only"),
    "optional_rule": lambda v, d, n: f"optional rule: {slug_words(v)}" if v else None,
    "fatigue_on_natural": lambda v, d, n: (f"a fatigue point on a natural {_faces(v)}"
                                           if v else None),
    "needs_in_opponent_front_hex": _when("in an opponent's front hex"),
    "who": _who,
    "wounds_dice": lambda v, d, n: f"{str(v).upper()} wounds" if v else None,
    "no_save": _when("no save"),
    "off_balance": _when("off balance"),
    "loses_shield": _when("loses his shield"),
    "floored": _when("floored"),
    "weapon_lost": _when("a weapon lost"),
    "lands": _when("lands in a random hex next to him"),
    "recoverable": _when("he may pick it up again"),
    "exempt_kit": _names("never a {}", "or"),
    "random_weapon_excludes": _names("never his {}", "or"),
    "skirmish-special-event-sub:who": _skip,  # the description says whose
    "skirmish-special-event-sub:weapon": lambda v, d, n: {
        "used": "the weapon he struck with", "random": "a random weapon"}.get(v, slug_words(v)),
    "gone_for_good": _when("gone for good"),
    "skirmish-special-event-sub:lands": _when("lands in a random hex next to him"),
    "pool-rule:weapon": lambda v, d, n: name_of(n, v) if v else None,
    "skirmish-appeal:outcome": _outcome,
    "min_total": _appeal_test,
    "max_total": _appeal_test,
    "natural": lambda v, d, n: f"a natural {v}" if v is not None else None,
    "condition": lambda v, d, n: f"when {name_of(n, v).lower()}" if v else None,
    "precedence": lambda v, d, n: f"checked {_ordinal(v)}" if v else None,
    "ap_modifier": lambda v, d, n: f"{_signed(v)} AP" if v else None,
    "attack_die_modifier": lambda v, d, n: f"{_signed(v)} to his attack die" if v else None,
    "attack_excluded_weapons": _names("not with a {}", "or"),
    "defence_die_modifier": lambda v, d, n: f"{_signed(v)} to his defence die" if v else None,
    "base_strength": lambda v, d, n: (f"strength {v} + D6 (normally "
                                      f"{d.get('normal_base_strength') or 4} + D6)" if v else None),
    "normal_base_strength": _skip,
    "appeal_modifier": lambda v, d, n: f"{_signed(v)} to his appeals" if v else None,
    "severity": _skip,
    "lost_at_least": lambda v, d, n: f"lost {v} or more strength" if v else None,
    "lost_fraction_at_least": lambda v, d, n: _fraction(v, d, n) if v else None,
    "strength_at_most": lambda v, d, n: f"strength {v} or less" if v is not None else None,
    "appeals": _when("appeals to the crowd"),
    "dies": _when("dies, whatever the crowd says"),
    "basis": _basis,
    "by_face": _by_face,
    # Grimdark
    "bonus_damage": _bonus_damage,
    "knockback": lambda v, d, n: f"{v} knockback" if v else None,
    "wound": _when("wounded"),
    "gruesome": _when("gruesome demise: he is dead"),
    "grimdark-move:category": lambda v, d, n: ("finisher" if v == "finishers" else
                                               f"{slug_words(v)} move"),
    "kind": _skip,  # the category and the attack say it
    "attack": lambda v, d, n: f"{slug_words(v)} attack" if v else "no attack",
    "stat": _stat,
    "asr": lambda v, d, n: f"{_stat(d.get('stat'), d, n)} must be active" if v else None,
    "grimdark-move:weapon": _skip,  # told with the bonus damage
    "modifier": lambda v, d, n: f"{_signed(v)} to power" if v else None,
    "half_damage": _when("half damage"),
    "element": lambda v, d, n: f"{v} damage" if v else None,
    "cost": _cost,
    "gain": _gain,
    "cooldown": lambda v, d, n: (f"then {_count(v, 'turn', 'turns')} before it can be used "
                                 "again" if v else None),
    "requires_ability": lambda v, d, n: f"needs {name_of(n, v)}" if v else None,
    "requirements": _requirements,
    "sets_active_stat": lambda v, d, n: (f"sets the active stat to "
                                         f"{'any stat' if v == 'any' else str(v).title()}"
                                         if v else None),
    "replaced_by": lambda v, d, n: f"the card becomes {name_of(n, v)}" if v else None,
    "special": _when("special move"),
    "basic": _when("basic move"),
    "always_available": _when("always available"),
    "per_level": _skip,  # told with the cost
    "cap": _cap,
    "prerequisite": _prerequisite,
    "slots": lambda v, d, n: (_count(abs(v), "slot", "slots") + (" given up" if v < 0 else "")
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
    "melee": _when("melee"),
    "ranged": _when("ranged"),
    "grimdark-equipment:weight": lambda v, d, n: f"{v}" if v else None,
    "restriction": _restriction,
    "die_steps": _die_steps,
    "min_advantage": lambda v, d, n: f"on a hit of {_signed(v)} or better" if v else None,
    "crit_threshold": lambda v, d, n: (f"criticals {_count(abs(v), 'point', 'points')} "
                                       f"{'early' if v < 0 else 'late'}" if v else None),
    "low_crit": _low_crit,
    "deflect_die_melee": lambda v, d, n: f"deflects on a {v} in melee" if v else None,
    "deflect_die_ranged": lambda v, d, n: f"deflects on a {v} at range" if v else None,
    "elements": lambda v, d, n: listed([str(x) for x in v], "or") + " damage" if v else None,
    "power_dice": lambda v, d, n: f"power rolls {v}" if v else None,
    "crit_bonus_damage": lambda v, d, n: f"+{v} critical damage" if v else None,
    "ranged_vs_melee": _ranged_vs_melee,
    "gone_turns": lambda v, d, n: f"gone for {v} turns when thrown" if v else None,
    "poison_per_hit": lambda v, d, n: f"{_count(v, 'dose', 'doses')} of poison a hit"
    if v else None,
    "poison_per_crit": lambda v, d, n: f"{_count(v, 'dose', 'doses')} a critical" if v else None,
    "poison_defeat": lambda v, d, n: f"defeated at {v} doses" if v else None,
    "crit_severity_step": lambda v, d, n: f"criticals {_signed(v)} severity" if v else None,
    "self_damage_per_attack": lambda v, d, n: (f"the wielder takes {v} damage an attack"
                                               if v else None),
    "hp_per_hit": lambda v, d, n: f"heals {v} HP a hit" if v else None,
    "hp_per_crit": lambda v, d, n: f"heals {v} HP a critical" if v else None,
    "hp_per_slot": lambda v, d, n: f"+{v} HP a slot" if v else None,
}


def entry_facts(kind: str, data: dict[str, Any], names: Names | None = None) -> list[str]:
    """The entry's fields as badges ("11 damage", "stunned", "class B", "2 points a
    rank"), skipping those the card tells elsewhere and those that say nothing."""
    names = names or {}
    facts: list[str] = []
    for field, value in data.items():
        if field in _SHOWN_ELSEWHERE or value in (None, "", [], {}):
            continue
        fact = FACTS.get(f"{kind}:{field}") or FACTS.get(field)
        if fact is None:
            if value is False:
                continue
            fact = _generic(field)
        text = fact(value, data, names)
        if text and text not in facts:
            facts.append(text)
    return facts


def effect_words(effect: Any, names: Names | None = None) -> str:
    """An effect as a short phrase, with the rules' words for `rule` effects."""
    return describe(effect, rules=RULE_WORDS, tables=names)


def house_words(house: Sequence[str]) -> str:
    """ "House values: cost a rank, weight", or "House entry" for the whole of it."""
    if not house:
        return ""
    if "*" in house:
        return "House entry: our own ruling, not the source's"
    return "House values: " + ", ".join(_label(f) for f in house)


# --- the card ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Card:
    """An entry as the UI shows it: `head` (its key and name), the `description`,
    `facts` as badges, `effects` as phrases, the lines of its `subtable`, and which
    values are house rulings (`house`, empty if none)."""

    head: str
    description: str
    facts: tuple[str, ...]
    effects: tuple[str, ...]
    subtable: tuple[str, ...]
    house: str

    def badges(self) -> str:
        """The facts on one line: "11 damage · stunned"."""
        return " · ".join(self.facts)

    def lines(self) -> list[str]:
        """The card as plain text, a line each."""
        out = [self.head]
        if self.description:
            out.append(self.description)
        if self.facts:
            out.append(self.badges())
        out += [f"• {e}" for e in self.effects]
        out += self.subtable
        if self.house:
            out.append(self.house)
        return out


def entry_card(table: Table, entry: Entry, keys: Sequence[int | str] = (),
               names: Names | None = None) -> Card:
    """The card of `entry` for the roll `keys` (none: the entry as listed)."""
    data = entry.resolved(*keys) if keys else entry.model_dump(mode="json")
    head = table_key(table, entry.key)
    if keys and table.file.kind == "crit":
        head = " / ".join(str(k) for k in keys) if len(keys) > 1 else str(keys[0])
    if data.get("name"):
        head = f"{head}  {data['name']}" if _key_is_a_roll(table) else str(data["name"])
    facts = entry_facts(table.file.kind, data, names)
    effects = []
    subtable = getattr(entry, "subtable", []) or []
    for effect in getattr(entry, "effects", []) or []:
        if subtable and effect.type == "scar":
            continue  # the scar is the sub-table's: its roll says so
        phrase = effect_words(effect, names)
        if phrase not in facts and phrase not in effects:
            effects.append(phrase)
    sub = [_sub_line(table.file.kind, s, names) for s in subtable]
    return Card(head, str(data.get("description") or ""), tuple(facts), tuple(effects),
                tuple(sub), house_words(entry.house))


def _key_is_a_roll(table: Table) -> bool:
    """Whether a key says something a name does not: a roll, not a name."""
    return any(a.kind != "name" for a in table.axes)


def _sub_line(kind: str, sub: Any, names: Names | None) -> str:
    data = sub.model_dump(mode="json")
    facts = entry_facts(f"{kind}-sub", data, names)
    more = f" ({', '.join(facts)})" if facts else ""
    return f"{sub.key}: {data.get('description', '')}{more}"


def names_for(tables: TableSet, system: str | None = None) -> dict[str, str]:
    """The names the tables give slugs (entries' keys, and table ids by title), those
    of one rule system where it is given: what the card names other entries with."""
    found: dict[str, str] = {}
    for table in tables.tables.values():
        if system is not None and table.file.system != system:
            continue
        found.setdefault(table.id, table.title)
        for entry in table.entries:
            name = getattr(entry, "name", None)
            if isinstance(entry.key, str) and isinstance(name, str):
                found.setdefault(entry.key, name)
    # The skirmish's kit names its shields and capes before the weapons table does.
    for key in ("skirmish-kit",):
        if key in tables.tables and (system in (None, "skirmish")):
            for entry in tables.tables[key].entries:
                found[str(entry.key)] = str(getattr(entry, "name", entry.key))
    return found


def roll_words(faces: Sequence[int], keys: Sequence[Any], table: Table) -> str:
    """A roll as the browser and `table roll` say it: "rolled 3, 5 and 6: 14"."""
    shown = listed([str(f) for f in faces]) or "nothing"
    return f"rolled {shown}: {table_key(table, list(keys) if len(keys) > 1 else keys[0])}"
