"""The small vocabulary of effects that rules tables share.

Every table entry lists what it does as effects, not prose, so that an engine (and the
table browser's "Apply to ...") can carry them out. Each effect is a JSON object with a
`type`; pydantic picks the model from it and rejects unknown types and fields.
"""

from __future__ import annotations

from typing import Annotated, Literal

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
    type: Literal["conscious"]
    conscious: bool


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
    | Loses
    | Coma
    | Insanity
    | MustWinOrDie
    | TakesTurn
    | StayConsciousRoll
    | Knockback
    | Wound
    | Gruesome
    | Rule,
    Field(discriminator="type"),
]


def describe(effect: _Effect) -> str:
    """A short phrase for the UI and the command line."""
    data = effect.model_dump(exclude={"type"})
    name = effect.type.replace("_", " ")  # type: ignore[attr-defined]
    if not data:
        return name
    detail = ", ".join(
        f"{k.replace('_', ' ')} {v}" for k, v in data.items() if v not in ("", None, False)
    )
    return f"{name} ({detail})" if detail else name
