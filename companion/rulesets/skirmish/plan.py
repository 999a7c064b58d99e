"""How a gladiator can strike: his weapon options (worked out once per kit), an
attack checked in full and ready to roll, and what striking spends."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from companion.errors import UserError
from companion.rulesets.skirmish.data import GameData, WeaponInfo
from companion.rulesets.skirmish.state import Gladiator, Held, State, weapon_ids
from companion.rulesets.skirmish.words import item_words, option_words

# Darts are the weapon itself; arrows need the bow. A fumbled throw therefore loses
# only the dart already thrown, a fumbled shot the bow.
THROWN_AMMO = frozenset({"dart"})


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
    # The options once his thrown missiles are spent, when nothing else is left in
    # his hands (no shield to strike with): his fists join them. None: never so.
    spent: list[Option] | None = None


def kit_of(data: GameData, g: Gladiator) -> Kit:
    # Held weapons are values, so one Kit serves every gladiator with the same kit.
    key = (tuple(g.weapons), g.shield, g.shield_side)
    found = data.kits.get(key)
    if found is None:
        options = _weapon_options(data, g)
        by_ref: dict[str, Option] = {}
        for o in options:
            by_ref.setdefault(o.ref, o)
        spent = None
        if options and all(o.weapon.ammo in THROWN_AMMO for o in options):
            spent = [*options, _unarmed(data)]
            by_ref.setdefault("unarmed", spent[-1])
        found = data.kits[key] = Kit(options, by_ref, {}, spent)
    return found


def weapon_options(data: GameData, g: Gladiator) -> list[Option]:
    """Everything he could strike with now, used or not this turn. A gladiator with
    no weapon left to strike with (a Gaetulian out of darts, his dagger lost) has
    his one unarmed attack a turn, as one with empty hands does."""
    kit = kit_of(data, g)
    if kit.spent is not None and g.darts <= 0:
        return kit.spent
    return kit.options


def _unarmed(data: GameData) -> Option:
    return Option("unarmed", data.weapons["unarmed"], None, "unarmed")


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
        found.append(_unarmed(data))
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
        return f"he has already struck with his {option_words(option)} this turn"
    return None


def find_option(state: State, g: Gladiator, ref: Any) -> Option:
    kit = kit_of(state.data, g)
    # `weapon_options`, from the kit already found.
    options = kit.spent if kit.spent is not None and g.darts <= 0 else kit.options
    found = kit.by_ref.get(ref) if isinstance(ref, str) else None
    if found is not None and found in options:
        return found  # named exactly, as the computer player and the UI do
    if not isinstance(ref, str) or not ref.strip():
        raise UserError(f"say which weapon: {', '.join(option_words(o) for o in options)}")
    key = ref.strip().lower()
    exact = [o for o in options if o.ref == key]
    if not exact:
        # A slug names the first of his weapons of that kind that can still strike.
        same = [o for o in options if o.weapon.slug == key]
        exact = sorted(same, key=lambda o: unusable(g, o) is not None)
    if not exact:
        names = ", ".join(option_words(o) for o in options)
        if key in state.data.weapons:
            raise UserError(f"{g.name} has no {item_words(state, key, 'weapon')} in hand; he "
                            f"has {names}")
        raise UserError(f"{g.name} has no weapon called '{ref}'; he has {names}")
    return exact[0]



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
