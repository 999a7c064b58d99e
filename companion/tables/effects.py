"""The small vocabulary of effects that rules tables share.

Every table entry lists what it does as effects, not prose, so that an engine (and the
table browser's "Apply to ...") can carry them out. Each effect is a JSON object with a
`type`; pydantic picks the model from it and rejects unknown types and fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Damage(_Effect):
    type: Literal["damage"]
    amount: int


class BonusDamage(_Effect):
    """Extra damage given as dice notation (Grimdark criticals: "d4+2")."""

    type: Literal["bonus_damage"]
    dice: str


class Stun(_Effect):
    type: Literal["stun"]


class Awake(_Effect):
    """He cannot be stunned for the rest of the battle."""

    type: Literal["awake"]


class StunnedRounds(_Effect):
    type: Literal["stunned_rounds"]
    rounds: int = Field(ge=1)
    no_focus_first_round: bool = False


class NoFocus(_Effect):
    """He may not try to focus out of the stun this turn."""

    type: Literal["no_focus"]


DiceTarget = Literal[
    "attack",
    "defence",
    "attack_and_defence",
    "parry_dodge",
    "initiative",
    "focus",
    "heal",
    "stay_alive",
    "critical_damage",
]
Duration = Literal["until_cleared", "rest_of_battle", "once_per_battle", "always"]


class DiceModifier(_Effect):
    """More or fewer dice in one of his pools.

    `armor_exempt`: ARMOR dice are not reduced. `until_cleared`: until he gives up an
    attack to clear it. `condition` says when it applies, if not always.
    """

    type: Literal["dice_modifier"]
    target: DiceTarget
    amount: int
    duration: Duration = "rest_of_battle"
    armor_exempt: bool = False
    condition: str = ""


class DropWeapon(_Effect):
    type: Literal["drop_weapon"]


class DropShield(_Effect):
    type: Literal["drop_shield"]


class ArmourDestroyed(_Effect):
    type: Literal["armour_destroyed"]


class NoShieldOrTwoHanded(_Effect):
    type: Literal["no_shield_or_two_handed"]


class DiesUnlessWins(_Effect):
    type: Literal["dies_unless_wins"]
    credit_kill: bool = True


ScarLoss = Literal["none", "finger", "toe", "ear", "eye", "teeth", "lip", "nose", "tongue"]


class Scar(_Effect):
    """A permanent scar, written on the sheet; `loses` names a body part lost."""

    type: Literal["scar"]
    scar: str
    loses: ScarLoss = "none"


class RollSubtable(_Effect):
    """Roll another die on the entry's own sub-table (the crit tables' scars)."""

    type: Literal["roll_subtable"]
    die: str = "d6"


class RollOn(_Effect):
    """Roll on another table, by id (nested tables)."""

    type: Literal["roll_on"]
    table: str


class Heal(_Effect):
    type: Literal["heal"]
    amount: int = Field(ge=0)


class Conscious(_Effect):
    """He comes to (`conscious` true); false is kept for tables written before
    `unconscious` was an effect of its own."""

    type: Literal["conscious"]
    conscious: bool


class Unconscious(_Effect):
    """He blacks out."""

    type: Literal["unconscious"]


class Loses(_Effect):
    """He loses the fight."""

    type: Literal["loses"]


class Coma(_Effect):
    type: Literal["coma"]
    hours: int = Field(ge=1)


class Insanity(_Effect):
    """He gains a random insanity (rolled on the `insanity` table)."""

    type: Literal["insanity"]
    when: str = ""


class MustWinOrDie(_Effect):
    type: Literal["must_win_or_die"]


class TakesTurn(_Effect):
    """It is his turn now; he may fight on or quit."""

    type: Literal["takes_turn"]
    may_quit: bool = True


class StayConsciousRoll(_Effect):
    """He must roll this many dice for a 6 to stay conscious, or drop and lose."""

    type: Literal["stay_conscious_roll"]
    dice: int = Field(ge=1)


class Knockback(_Effect):
    type: Literal["knockback"]
    amount: int = Field(ge=1)


class Wound(_Effect):
    type: Literal["wound"]


class LodgedIfThrown(_Effect):
    """A thrown weapon that scores this critical stays in the victim for the rest of
    the battle: it cannot be retrieved."""

    type: Literal["lodged_if_thrown"]


class Gruesome(_Effect):
    """Gruesome demise: he is always dead."""

    type: Literal["gruesome"]


class Rule(_Effect):
    """A lasting rule that has no mechanical field of its own (an insanity's quirk).

    Its numbers still go in `amount` where the source gives one.
    """

    type: Literal["rule"]
    rule: str
    amount: int | None = None


Effect = Annotated[
    Damage
    | BonusDamage
    | Stun
    | Awake
    | StunnedRounds
    | NoFocus
    | DiceModifier
    | DropWeapon
    | DropShield
    | ArmourDestroyed
    | NoShieldOrTwoHanded
    | DiesUnlessWins
    | Scar
    | RollSubtable
    | RollOn
    | Heal
    | Conscious
    | Unconscious
    | Loses
    | Coma
    | Insanity
    | MustWinOrDie
    | TakesTurn
    | StayConsciousRoll
    | Knockback
    | Wound
    | LodgedIfThrown
    | Gruesome
    | Rule,
    Field(discriminator="type"),
]




# --- the words of effects ------------------------------------------------------------
_TARGETS = {
    "attack": "attack",
    "defence": "defence",
    "attack_and_defence": "attack and defence",
    "parry_dodge": "PARRY/DODGE",
    "initiative": "initiative",
    "focus": "FOCUS",
    "heal": "heal",
    "stay_alive": "stay-alive",
    "critical_damage": "critical damage",
}
_DURATIONS = {
    "until_cleared": "until he gives up an attack to clear it",
    "rest_of_battle": "for the rest of the battle",
    "once_per_battle": "once a battle",
    "always": "",
}


def dice_modifier_words(target: str, amount: int, duration: str = "rest_of_battle",
                        armor_exempt: bool = False, condition: str = "") -> str:
    """ "-2 defence dice (not armour) for the rest of the battle": a lasting change to
    his dice, as the narrator and the table cards say it."""
    what = _TARGETS.get(target, target.replace("_", " "))
    # "-1 attack and defence dice": one die off each pool is dice all the same.
    dice = "die" if abs(amount) == 1 and "and" not in what else "dice"
    parts = [f"{amount:+d} dice to live" if target == "stay_alive" else
             f"{amount:+d} {what} {dice}"]
    if armor_exempt:
        parts.append("(not armour)")
    when = _DURATIONS.get(duration, duration.replace("_", " "))
    if when:
        parts.append(when)
    text = " ".join(parts)
    return f"{text}, {condition}" if condition else text


def rule_words(template: str, amount: int | None) -> str:
    """A rule's words from its template: `amount` stands for its figure, signed where
    it is a modifier ("`amount` against a target with lower CZ": "+1 against ...")."""
    if amount is None:
        return template.replace("`amount` ", "").replace("`amount`", "")
    signed = template.startswith("`amount`") or "takes `amount`" in template
    return template.replace("`amount`", f"{amount:+d}" if signed else str(amount))


def _words_of_rule(rule: str) -> str:
    """A rule with no template: a sentence stays as it is, a name is made into words
    ("no_luck": "no luck")."""
    return rule if " " in rule else rule.replace("_", " ").replace("-", " ")


_PHRASES: dict[str, Callable[[Any], str]] = {
    "damage": lambda e: f"{e.amount} damage",
    "bonus_damage": lambda e: f"+{e.dice} damage",
    "stun": lambda e: "stunned",
    "awake": lambda e: "cannot be stunned for the rest of the battle",
    "stunned_rounds": lambda e: (f"stunned for {e.rounds} rounds"
                                 + (", and focus cannot help in the first"
                                    if e.no_focus_first_round else "")),
    "no_focus": lambda e: "may not focus this turn",
    "dice_modifier": lambda e: dice_modifier_words(e.target, e.amount, e.duration,
                                                   e.armor_exempt, e.condition),
    "drop_weapon": lambda e: "drops his weapon",
    "drop_shield": lambda e: "drops his shield",
    "armour_destroyed": lambda e: "his armour is destroyed for the rest of the battle",
    "no_shield_or_two_handed": lambda e: ("no shield and no two-handed weapon for the "
                                          "rest of the battle"),
    "dies_unless_wins": lambda e: ("dies after the fight unless he wins"
                                   + ("; a kill for the attacker" if e.credit_kill else "")),
    "scar": lambda e: f"scarred for life: {e.scar}",
    "roll_subtable": lambda e: f"roll {_die(e.die)} on the sub-table",
    "heal": lambda e: f"heals {e.amount}",
    "conscious": lambda e: "conscious again" if e.conscious else "falls unconscious",
    "unconscious": lambda e: "falls unconscious",
    "loses": lambda e: "loses the fight",
    "coma": lambda e: f"in a coma for {e.hours} hours",
    "insanity": lambda e: "a random insanity" + (f", {e.when}" if e.when else ""),
    "must_win_or_die": lambda e: "must win or die",
    "takes_turn": lambda e: "his turn now" + (", and he may quit" if e.may_quit
                                               else ", and he may not quit"),
    "stay_conscious_roll": lambda e: (f"must roll {e.dice} {'die' if e.dice == 1 else 'dice'}"
                                      " for a 6 to stay conscious, or he drops and loses"),
    "knockback": lambda e: f"{e.amount} knockback",
    "wound": lambda e: "wounded",
    "lodged_if_thrown": lambda e: ("a thrown weapon stays lodged in him for the rest of "
                                   "the battle"),
    "gruesome": lambda e: "gruesome demise: he is dead",
}


def _die(text: str) -> str:
    return ("an " if text.lower().startswith("d8") else "a ") + text.upper()


def describe(effect: _Effect, *, rules: Mapping[str, str] | None = None,
             tables: Mapping[str, str] | None = None) -> str:
    """A short phrase for a player: "11 damage", "stunned", "drops his weapon", "-2
    defence dice (not armour) for the rest of the battle". `rules` gives the words of
    `rule` effects by name (templates with `amount`), `tables` the titles of tables by
    id (for "roll on ...")."""
    if isinstance(effect, Rule):
        template = (rules or {}).get(effect.rule)
        if template is not None:
            return rule_words(template, effect.amount)
        text = _words_of_rule(effect.rule)
        return text if effect.amount is None else f"{text}: {effect.amount}"
    if isinstance(effect, RollOn):
        title = (tables or {}).get(effect.table, effect.table.replace("-", " "))
        return f"roll on the table {title}"
    phrase = _PHRASES.get(effect.type)  # type: ignore[attr-defined]
    if phrase is not None:
        return phrase(effect)
    return str(effect.type).replace("_", " ")  # type: ignore[attr-defined]
