"""Grimdark's rolls for the roll log: the start's HP and Init, each side's power roll,
the chance bonuses, the death rolls and the curses, as `Roll`s. Every other die (a
shuffle, a damage die) the session shows plainly from its record."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.dice.rolls import Die, Roll, dice
from companion.rulesets.base import Event
from companion.rulesets.grimdark.events import (
    ChanceRolled,
    Clashed,
    CursesRolled,
    DeckShuffled,
    FateDecided,
    StartRolled,
)
from companion.rulesets.grimdark.fight import terms
from companion.rulesets.grimdark.state import GrimdarkState
from companion.rulesets.grimdark.words import reason_words, source_name

# Each maker takes the record of the class it is filed under in MAKERS.
Maker = Callable[[GrimdarkState, Any], list[Roll]]


def rolls(state: GrimdarkState, events: Sequence[Event]) -> list[Roll]:
    found: list[Roll] = []
    for e in events:
        maker = MAKERS.get(type(e))
        if maker is not None:
            found += [r for r in maker(state, e) if r.dice]
    return found


def _sides(text: str) -> int:
    dice_terms, _ = terms(text)
    return dice_terms[0][1] if dice_terms else 6


def _name(state: GrimdarkState, who: str | None) -> str | None:
    return state.display_name(who) if who is not None else None


def _started(s: GrimdarkState, e: StartRolled) -> list[Roll]:
    return [Roll(who=_name(s, e.who), purpose="hit points",
                 dice=dice(e.hp_faces, _sides(e.hp_dice)), total=e.hp, detail=e.hp_dice),
            Roll(who=_name(s, e.who), purpose="initiative",
                 dice=dice(e.init_faces, _sides(e.init_dice)), total=e.init,
                 detail=e.init_dice)]


def _fight(s: GrimdarkState, e: Clashed) -> list[Roll]:
    out = []
    first, second = e.sides
    for side, other in ((first, second), (second, first)):
        mods = ", ".join(f"{m.amount:+d} {reason_words(m.reason)}" for m in side.modifiers)
        out.append(Roll(who=_name(s, side.id), purpose=f"power against "
                        f"{_name(s, other.id)}", dice=dice(side.faces, _sides(side.dice)),
                        total=side.total, detail=mods))
    return out


def _chance(s: GrimdarkState, e: ChanceRolled) -> list[Roll]:
    if e.face is None:
        return []
    won, sides = e.chance
    return [Roll(who=_name(s, e.who), purpose=source_name(s.data, e.ability),
                 dice=dice([e.face], sides), total=e.face,
                 detail=f"{won} or less in {sides}: "
                        + ("comes through" if e.won else "not this turn"))]


def _death(s: GrimdarkState, e: FateDecided) -> list[Roll]:
    if e.roll is None or e.die is None:
        return []
    return [Roll(who=_name(s, e.who), purpose="execution" if e.rule == "execution"
                 else "death", dice=dice([e.roll], _sides(e.die)), total=e.roll,
                 detail="dead" if e.dead else "lives")]


def _curses(s: GrimdarkState, e: CursesRolled) -> list[Roll]:
    sides = _sides(s.data.figures.die("curse-die"))
    breaks = s.data.figures.value("curse-breaks-on")
    return [Roll(who=_name(s, e.who), purpose="curses", dice=dice(e.faces, sides,
                                                                  success_at=breaks),
                 detail=f"{e.broken} broken")]


def _shuffled(s: GrimdarkState, e: DeckShuffled) -> list[Roll]:
    return [Roll(who=_name(s, e.who), purpose="shuffle",
                 dice=tuple(Die(sides=n, face=x) for n, x in zip(e.sides, e.faces,
                                                                 strict=True)),
                 detail=f"{e.cards} moves into a new order")]


MAKERS: dict[type[Event], Maker] = {
    DeckShuffled: _shuffled, StartRolled: _started, Clashed: _fight, ChanceRolled: _chance,
    FateDecided: _death, CursesRolled: _curses,
}
