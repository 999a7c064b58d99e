"""A gladiator's insanities read as rules for the battle.

Each insanity entry lists its effects as data (a `rule` name with its figure, or a
`dice_modifier`); `Quirks` gathers the ones the engine carries out, with their figures
from the table. Insanities that change nothing in a battle are listed in `unhandled`:
those that bind training are judged by `binds` when he trains, a new name and whom he
fights by `fight_bars` when a duel is made, and Psychic Development's points are added
to his sheet when he gains it (`results`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.rulesets.battle.data import BattleTables
from companion.tables.effects import DiceModifier, Rule


@dataclass
class Quirks:
    no_luck: bool = False
    no_attack_on_stunned: bool = False
    drops_weapon_on_whiff: bool = False
    focus_sixes: int | None = None
    initiative_dice: int = 0
    bleeds_per_turn: int = 0
    must_defend_at_or_below: int | None = None
    berserk_attack_dice: int = 0
    must_try_to_stay_conscious: bool = False
    must_use_all_luck: bool = False
    awake_after_hit_of: int | None = None
    survival_parry_dodge: int = 0
    life_line: int = 0
    keen_insight: int = 0
    reflex_to_live: int = 0
    mighty_blow: int = 0
    called_shot_dice: int = 0
    improved_heal: dict[int, int] = field(default_factory=dict)
    zen_sixes: int = 0
    luck_lost_at_or_below: int | None = None
    deaths_door_dice: int = 0
    fate_rolls: int = 1
    # (weapon or class remembered, dice with it, dice with anything else)
    infatuations: list[tuple[str, int, int]] = field(default_factory=list)
    # (weapon or class remembered, PARRY/DODGE dice when hit with it)
    phobias: list[tuple[str, int]] = field(default_factory=list)
    unhandled: list[str] = field(default_factory=list)


_RULE_FLAGS = {
    "no_luck": "no_luck",
    "no_attack_on_stunned_opponent": "no_attack_on_stunned",
    "drops_weapon_on_whiff": "drops_weapon_on_whiff",
    "must_try_to_stay_conscious": "must_try_to_stay_conscious",
}
_RULE_AMOUNTS = {
    "focus_sixes_needed": "focus_sixes",
    "loses_health_each_turn_once_wounded": "bleeds_per_turn",
    "must_attack_defensively_at_or_below_health": "must_defend_at_or_below",
    "awake_after_hit_of_at_least": "awake_after_hit_of",
    "gains_health_at_turn_start_below_zero": "life_line",
    "signature_move_against_loses_sixes": "zen_sixes",
    "luck_die_lost_at_or_below": "luck_lost_at_or_below",
    "fate_rolls_choose_one": "fate_rolls",
}
_ONCE_A_BATTLE = {
    "focus": "keen_insight",
    "defence": "reflex_to_live",
    "attack": "mighty_blow",
    "critical_damage": "called_shot_dice",
}


def quirks_of(tables: BattleTables, insanities: Iterable[tuple[int, str | None]]) -> Quirks:
    """Quirks from (d66 key, what it remembers) pairs of a sheet's insanities."""
    q = Quirks()
    for key, remembers in insanities:
        entry = tables.insanity(key)
        handled = False
        for effect in entry.effects:
            if isinstance(effect, Rule):
                handled |= _rule(q, effect)
            elif isinstance(effect, DiceModifier):
                handled |= _modifier(q, effect, entry.remembers is not None, remembers)
        if not handled:
            q.unhandled.append(entry.name)
    return q


def _rule(q: Quirks, effect: Rule) -> bool:
    if effect.rule in _RULE_FLAGS:
        setattr(q, _RULE_FLAGS[effect.rule], True)
        return True
    if effect.rule in _RULE_AMOUNTS and effect.amount is not None:
        setattr(q, _RULE_AMOUNTS[effect.rule], effect.amount)
        return True
    if effect.rule == "must_try_to_stay_conscious_with_all_luck":
        q.must_try_to_stay_conscious = q.must_use_all_luck = True
        return True
    if effect.rule.startswith("improved_heal_per_") and effect.amount is not None:
        q.improved_heal[int(effect.rule.rsplit("_", 1)[1])] = effect.amount
        return True
    return False


def _modifier(q: Quirks, effect: DiceModifier, remembering: bool, remembers: str | None) -> bool:
    condition = effect.condition.lower()
    if effect.target == "initiative":
        q.initiative_dice += effect.amount
    elif effect.duration == "once_per_battle" and effect.target in _ONCE_A_BATTLE:
        setattr(q, _ONCE_A_BATTLE[effect.target], effect.amount)
    elif effect.target == "stay_alive":
        q.deaths_door_dice += effect.amount
    elif remembering and remembers is None:
        return False  # an infatuation or phobia that does not say what it refers to
    elif remembering and effect.target == "attack":
        # An infatuation lists "with it" then "with any other"; pair them up.
        if "other" in condition and q.infatuations and q.infatuations[-1][0] == remembers:
            what, with_it, _ = q.infatuations[-1]
            q.infatuations[-1] = (what, with_it, effect.amount)
        else:
            assert remembers is not None
            q.infatuations.append((remembers, effect.amount, 0))
    elif remembering and effect.target == "parry_dodge":
        assert remembers is not None
        q.phobias.append((remembers, effect.amount))
    elif effect.target == "attack" and "berserk" in condition:
        q.berserk_attack_dice += effect.amount
    elif effect.target == "parry_dodge":
        q.survival_parry_dodge += effect.amount
    else:
        return False
    return True
