"""The skirmish's things in words: weapons, kit, missiles, modifiers and actions as a
player names them ("his left sword", "large shield", "roll his AP"), never by the
slugs the rules keep. The narrator tells events with them, the rules their refusals,
and the UI its labels."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from companion.rulesets.skirmish.state import State


class _Weapon(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def slug(self) -> str: ...


class _Option(Protocol):
    """What `option_words` reads of a `plan.Option` (which imports this module)."""

    @property
    def ref(self) -> str: ...

    @property
    def use(self) -> str: ...

    @property
    def weapon(self) -> _Weapon: ...


def plain(name: str) -> str:
    """A table's name as a sentence writes it: lower case, without the bracketed note
    that tells two uses of one thing apart ("Cape (entangle)" is the cape)."""
    text = name.split(" (")[0] if name.endswith(")") and " (" in name else name
    return text.lower()


def item_words(state: State, slug: str, kind: str | None = None) -> str:
    """A weapon's, a piece of kit's or a missile's name from its slug ("large shield",
    "throwing darts", "dart")."""
    data = state.data
    if kind in (None, "shield") and slug in data.kit:
        return plain(data.kit[slug].name)
    if slug in data.weapons:
        return plain(data.weapons[slug].name)
    if slug in data.names:
        return plain(data.names[slug])
    return slug.replace("-", " ").replace("_", " ")


def weapon_words(state: State, ref: str) -> str:
    """What an attack names ("sword", "sword-left", "shield", "unarmed") in words:
    "sword", "left sword", "shield", "bare hands"."""
    data = state.data
    if ref == "unarmed":
        return "bare hands"
    if ref in data.weapons:
        return item_words(state, ref, "weapon")
    base, _, side = ref.rpartition("-")
    if side in ("left", "right") and base in data.weapons:
        return f"{side} {item_words(state, base, 'weapon')}"
    return item_words(state, ref)


def option_words(option: _Option) -> str:
    """One way he can strike, in words: "left sword", "shield", "bare hands"."""
    if option.use == "unarmed":
        return "bare hands"
    name = plain(option.weapon.name)
    base, _, side = option.ref.rpartition("-")
    if side in ("left", "right") and base == option.weapon.slug:
        return f"{side} {name}"
    return name


def modifier_words(state: State, reason: str) -> str:
    """A modifier's reason as the rules give it ("seriously-wounded", "light",
    "left side, uncovered") in words."""
    level = state.data.level_names.get(reason)
    if level is not None:
        return level.lower()
    return reason.replace("-", " ").replace("_", " ").lower()


# The actions, as "he cannot ... now" says them.
ACTION_WORDS = {
    "start": "start the bout", "roll_ap": "roll his AP", "move": "move", "turn": "turn",
    "attack": "attack", "cut_free": "cut free", "pick_up": "pick anything up",
    "kick": "kick anything", "discard_shield": "throw away his shield",
    "end_turn": "end his turn", "appeal": "appeal to the crowd",
}


def action_words(kind: str) -> str:
    return ACTION_WORDS.get(kind, kind.replace("_", " "))
