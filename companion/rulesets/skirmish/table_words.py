"""How the hex skirmish's table fields are said on a card, a row of the table
browser and `companion table show` ("save +2", "lost when it wounds", "+1 AP"). Read by
`companion.tables.words` through the games' registry."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.words import listed
from companion.tables.words import (
    Fact,
    Names,
    counted,
    name_of,
    ordinal,
    outcome_words,
    signed,
    slug_words,
    unsaid,
    when_set,
)


def _range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _faces(faces: Sequence[int], last: str = "or") -> str:
    return listed([str(f) for f in faces], last)


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


def _entangle_needs(value: Any, data: dict[str, Any], names: Names) -> str | None:
    parts = [f"{_or_more(n['min_roll'])} at {counted(n['range'], 'hex', 'hexes')}"
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


def _who(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return {"either": "the attacker or the defender"}.get(value, f"the {value}")


def _ap_amount(value: Any, data: dict[str, Any], names: Names) -> str | None:
    role = data.get("role")
    if role == "floor":
        return f"never below {value} AP"
    if role == "give-in":
        return f"gives in at {signed(value)} or worse"
    return f"{signed(value)} AP"


def _attack_amount(value: Any, data: dict[str, Any], names: Names) -> str | None:
    die = "defence" if data.get("applies_to") == "defence" else "attack"
    return f"{signed(value)} to the {die} die"


def _appeal_amount(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return None if value is None else f"{signed(value)} to the appeal"


def _kit_recovery(when: str) -> Fact:
    def fact(value: Any, data: dict[str, Any], names: Names) -> str | None:
        if value is None:
            return None
        return f"may be picked up again if {when}" if value else f"gone for good if {when}"
    return fact


def _range_of(value: Any, data: dict[str, Any], names: Names) -> str | None:
    low, high = data.get("min_range", value), data.get("max_range", value)
    return f"range {_range(low, high)} {'hex' if low == high == 1 else 'hexes'}"


def _appeal_test(value: Any, data: dict[str, Any], names: Names) -> str | None:
    if data.get("min_total") is not None:
        return f"{data['min_total']} or more"
    if data.get("max_total") is not None:
        return f"{data['max_total']} or less"
    return None


def _basis(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return {"seed": "from the skirmish rules", "ref": "from the reference sheet",
            "house": "our own ruling"}.get(value, slug_words(value))


def _by_face(value: Any, data: dict[str, Any], names: Names) -> str | None:
    return ", ".join(f"{face}: {way}" for face, way in value.items()) if value else None



FACTS: dict[str, Fact] = {
    "rating": unsaid,  # the entry's name says it
    "category": lambda v, d, n: slug_words(v),
    "skirmish-kit:weight": lambda v, d, n: f"weight {v}" if v else None,
    "save": lambda v, d, n: f"save {signed(v)}" if v else None,
    "size": lambda v, d, n: f"{slug_words(v)} shield" if v else None,
    "side_attack_modifier": lambda v, d, n: (f"{signed(v)} to attack the side it covers"
                                             if v is not None else None),
    "skirmish-kit:weapon": lambda v, d, n: (f"strikes as a {short_name(n, v)}"
                                            if v and v != "shield" else
                                            "strikes as a shield" if v else None),
    "never_lost_to_special_events": when_set("never lost to a special event"),
    "never_lost_to_special_events_": unsaid,
    "recoverable_if_discarded": _kit_recovery("thrown away"),
    "recoverable_if_knocked_away": _kit_recovery("knocked away"),
    "weapons": _weapon_refs,
    "skirmish-ap-action:weapons": _names("for {}"),
    "skirmish-attack-modifier:weapons": _names("with {}", "or"),
    "kit": _names("with {}", "or"),
    "skirmish-type:shield": lambda v, d, n: (f"{name_of(n, v).lower()} on the "
                                             f"{d.get('shield_side') or 'left'}" if v else None),
    "shield_side": unsaid,
    "armour": lambda v, d, n: name_of(n, v).lower(),
    "darts": lambda v, d, n: counted(v, "dart", "darts") if v else None,
    "arrows": lambda v, d, n: counted(v, "arrow", "arrows") if v else None,
    "printed_save": _printed("save"),
    "printed_weight": _printed("weight"),
    "notes": lambda v, d, n: str(v) if v else None,
    "min_range": _range_of,
    "max_range": unsaid,
    "disadvantaged_at": lambda v, d, n: f"disadvantaged at {_faces(v)}" if v else None,
    "doubly_disadvantaged_at": lambda v, d, n: (f"doubly disadvantaged at {_faces(v)}"
                                                if v else None),
    "always_disadvantaged": when_set("always disadvantaged"),
    "ap_cost": lambda v, d, n: f"{v} AP",
    "reach": when_set("reach"),
    "missile": when_set("missile"),
    "not_adjacent": when_set("never at an adjacent foe"),
    "ammo": lambda v, d, n: f"uses {v}s" if v else None,
    "lost_when": _lost_when,
    "otherwise_lands": when_set("otherwise lands next to the target"),
    "pick_up_ap": lambda v, d, n: f"{v} AP to pick up" if v is not None else None,
    "causes_wounds": lambda v, d, n: None if v else "causes no wounds",
    "entangles": when_set("entangles"),
    "entangle_needs": _entangle_needs,
    "cut_free_min_roll": lambda v, d, n: f"cut free on {_or_more(v)}" if v else None,
    "cut_free_lost_on": lambda v, d, n: (f"gone for good on a {_faces(v)} to cut free"
                                         if v else None),
    "cut_free_drops_on": lambda v, d, n: (f"falls nearby on a {_faces(v)} to cut free"
                                          if v else None),
    "counts_as_weapon_for_defence": lambda v, d, n: None if v else "does not guard his side",
    "two_handed": when_set("two-handed"),
    "hit_save_modifier": lambda v, d, n: f"{signed(v)} to the save when it hits" if v else None,
    "hit_extra_wounds_if_no_save": lambda v, d, n: (f"+{counted(v, 'wound', 'wounds')} if he "
                                                    "has no save" if v else None),
    "shreds": lambda v, d, n: (f"shreds a {listed([name_of(n, x).lower() for x in v], 'or')} "
                               f"on {_or_more(d.get('shreds_min_roll') or 6)}" if v else None),
    "shreds_min_roll": unsaid,
    "acts_as": lambda v, d, n: f"strikes as a {name_of(n, v).lower()}" if v else None,
    "ap": lambda v, d, n: f"{v} AP" if v else "no AP",
    "limit": lambda v, d, n: {"once-per-weapon-per-turn": "once a turn with each weapon",
                              "once-per-turn": "once a turn"}.get(v, slug_words(v)) if v else None,
    "allowed_when_entangled": when_set("allowed while entangled"),
    "role": unsaid,
    "group": unsaid,
    "skirmish-ap-modifier:amount": _ap_amount,
    "skirmish-attack-modifier:amount": _attack_amount,
    "skirmish-appeal:amount": _appeal_amount,
    "applies_to": unsaid,
    "per": lambda v, d, n: f"for each {slug_words(v)}" if v else None,
    "replaces": lambda v, d, n: f"instead of {name_of(n, v).lower()}" if v else None,
    "next_turn_only": when_set("next turn only"),
    "optional_rule": lambda v, d, n: f"optional rule: {slug_words(v)}" if v else None,
    "fatigue_on_natural": lambda v, d, n: (f"a fatigue point on a natural {_faces(v)}"
                                           if v else None),
    "needs_in_opponent_front_hex": when_set("in an opponent's front hex"),
    "who": _who,
    "wounds_dice": lambda v, d, n: f"{str(v).upper()} wounds" if v else None,
    "no_save": when_set("no save"),
    "off_balance": when_set("off balance"),
    "loses_shield": when_set("loses his shield"),
    "floored": when_set("floored"),
    "weapon_lost": when_set("a weapon lost"),
    "lands": when_set("lands in a random hex next to him"),
    "recoverable": when_set("he may pick it up again"),
    "exempt_kit": _names("never a {}", "or"),
    "random_weapon_excludes": _names("never his {}", "or"),
    "skirmish-special-event-sub:who": unsaid,  # the description says whose
    "skirmish-special-event-sub:weapon": lambda v, d, n: {
        "used": "the weapon he struck with", "random": "a random weapon"}.get(v, slug_words(v)),
    "gone_for_good": when_set("gone for good"),
    "skirmish-special-event-sub:lands": when_set("lands in a random hex next to him"),
    "pool-rule:weapon": lambda v, d, n: name_of(n, v) if v else None,
    "skirmish-appeal:outcome": outcome_words,
    "min_total": _appeal_test,
    "max_total": _appeal_test,
    "natural": lambda v, d, n: f"a natural {v}" if v is not None else None,
    "condition": lambda v, d, n: f"when {name_of(n, v).lower()}" if v else None,
    "precedence": lambda v, d, n: f"checked {ordinal(v)}" if v else None,
    "ap_modifier": lambda v, d, n: f"{signed(v)} AP" if v else None,
    "attack_die_modifier": lambda v, d, n: f"{signed(v)} to his attack die" if v else None,
    "attack_excluded_weapons": _names("not with a {}", "or"),
    "defence_die_modifier": lambda v, d, n: f"{signed(v)} to his defence die" if v else None,
    "base_strength": lambda v, d, n: (f"strength {v} + D6 (normally "
                                      f"{d.get('normal_base_strength') or 4} + D6)" if v else None),
    "normal_base_strength": unsaid,
    "appeal_modifier": lambda v, d, n: f"{signed(v)} to his appeals" if v else None,
    "severity": unsaid,
    "lost_at_least": lambda v, d, n: f"lost {v} or more strength" if v else None,
    "lost_fraction_at_least": lambda v, d, n: _fraction(v, d, n) if v else None,
    "strength_at_most": lambda v, d, n: f"strength {v} or less" if v is not None else None,
    "appeals": when_set("appeals to the crowd"),
    "dies": when_set("dies, whatever the crowd says"),
    "basis": _basis,
    "by_face": _by_face,
}

RULES: dict[str, str] = {}
# The kit names its shields and capes before the weapons table does.
NAMES_FIRST: tuple[str, ...] = ("skirmish-kit",)
BROWSED_FIRST = False
