"""Grimdark's rolls for the roll log: the start's HP and Init, each side's power roll,
the chance bonuses, the death rolls and the curses, as `Roll`s. Every other die (a
shuffle, a damage die) the session shows plainly from its record."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.dice.rolls import Die, Roll, dice
from companion.rulesets.base import Event
from companion.rulesets.grimdark.fight import terms
from companion.rulesets.grimdark.state import GrimdarkState
from companion.rulesets.grimdark.words import reason_words, source_name

Maker = Callable[[GrimdarkState, Event], list[Roll]]


def rolls(state: GrimdarkState, events: Sequence[Event]) -> list[Roll]:
    found: list[Roll] = []
    for e in events:
        maker = MAKERS.get(e.kind)
        if maker is not None:
            found += [r for r in maker(state, e) if r.dice]
    return found


def _sides(text: str) -> int:
    dice_terms, _ = terms(text)
    return dice_terms[0][1] if dice_terms else 6


def _name(state: GrimdarkState, who: str | None) -> str | None:
    return state.display_name(who) if who is not None else None


def _started(s: GrimdarkState, e: Event) -> list[Roll]:
    d = e.data
    return [Roll(who=_name(s, e.who), purpose="hit points",
                 dice=dice(d["hp_faces"], _sides(d["hp_dice"])), total=d["hp"],
                 detail=d["hp_dice"]),
            Roll(who=_name(s, e.who), purpose="initiative",
                 dice=dice(d["init_faces"], _sides(d["init_dice"])), total=d["init"],
                 detail=d["init_dice"])]


def _fight(s: GrimdarkState, e: Event) -> list[Roll]:
    d = e.data
    out = []
    for side, other in ((d["sides"][0], d["sides"][1]), (d["sides"][1], d["sides"][0])):
        mods = ", ".join(f"{m['amount']:+d} {reason_words(m['reason'])}"
                         for m in side["modifiers"])
        out.append(Roll(who=_name(s, side["id"]), purpose=f"power against "
                        f"{_name(s, other['id'])}", dice=dice(side["faces"],
                                                              _sides(side["dice"])),
                        total=side["total"], detail=mods))
    return out


def _chance(s: GrimdarkState, e: Event) -> list[Roll]:
    d = e.data
    if d["face"] is None:
        return []
    sides = d["chance"][1]
    return [Roll(who=_name(s, e.who), purpose=source_name(s.data, d["ability"]),
                 dice=dice([d["face"]], sides), total=d["face"],
                 detail=f"{d['chance'][0]} or less in {sides}: "
                        + ("comes through" if d["won"] else "not this turn"))]


def _death(s: GrimdarkState, e: Event) -> list[Roll]:
    d = e.data
    if d["roll"] is None:
        return []
    return [Roll(who=_name(s, e.who), purpose="execution" if d["rule"] == "execution"
                 else "death", dice=dice([d["roll"]], _sides(d["die"])), total=d["roll"],
                 detail="dead" if d["dead"] else "lives")]


def _curses(s: GrimdarkState, e: Event) -> list[Roll]:
    d = e.data
    sides = _sides(s.data.figures.die("curse-die"))
    breaks = s.data.figures.value("curse-breaks-on")
    return [Roll(who=_name(s, e.who), purpose="curses", dice=dice(d["faces"], sides,
                                                                  success_at=breaks),
                 detail=f"{d['broken']} broken")]


def _shuffled(s: GrimdarkState, e: Event) -> list[Roll]:
    d = e.data
    return [Roll(who=_name(s, e.who), purpose="shuffle",
                 dice=tuple(Die(sides=n, face=x) for n, x in zip(d["sides"], d["faces"],
                                                                 strict=True)),
                 detail=f"{d['cards']} moves into a new order")]


MAKERS: dict[str, Maker] = {
    "shuffled": _shuffled, "started": _started, "fight": _fight, "chance": _chance, "death": _death,
    "curses": _curses,
}
