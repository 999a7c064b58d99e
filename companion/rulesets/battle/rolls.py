"""The battle system's rolls for the roll log: every event that shows dice, as a `Roll`.

A pool's luck dice are shown with it, in the luck colour; what became of them
(`luck_settled`) repeats those faces and is no roll of its own, nor is a fate applied
from dice rolled earlier. The dice that count are highlighted: the sixes of a pool
rolled for sixes, the highest faces that an attack is read by.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.dice.rolls import Die, Roll, dice, signed
from companion.rulesets.base import Event
from companion.rulesets.battle.pools import read_roll
from companion.rulesets.battle.state import BattleState

Maker = Callable[[BattleState, Event, Sequence[Event]], list[Roll]]
_COUNT = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def rolls(state: BattleState, events: Sequence[Event]) -> list[Roll]:
    found: list[Roll] = []
    for i, e in enumerate(events):
        maker = MAKERS.get(e.kind)
        if maker is not None:
            # A pool of no dice (a defence after a whiff) is no roll.
            found += [r for r in maker(state, e, events[i + 1:]) if r.dice]
    return found


def _name(state: BattleState, side: str | None) -> str | None:
    return state.fighters[side].name if side is not None else None


def _pool(data: dict[str, Any], success_at: int = 6) -> tuple[Die, ...]:
    return (dice(data["faces"], success_at=success_at)
            + dice(data.get("luck_faces") or [], success_at=success_at, luck=True))


def _sixes(n: int) -> str:
    return "no six" if n == 0 else f"{_COUNT.get(n, str(n))} six" + ("es" if n > 1 else "")


def _initiative(s: BattleState, e: Event, after: Sequence[Event]) -> list[Roll]:
    return [Roll(who=_name(s, side), purpose="initiative", dice=dice(faces),
                 total=e.data["totals"][side]) for side, faces in e.data["faces"].items()]


def _attack(s: BattleState, e: Event, after: Sequence[Event]) -> list[Roll]:
    d = e.data
    faces = [*d["faces"], *(d.get("luck_faces") or [])]
    reading = read_roll(faces)
    best = (f"best {_COUNT.get(reading.count, str(reading.count))} "
            f"{reading.highest}{'s' if reading.count > 1 else ''}") if faces else "no dice"
    outcome = next((_OUTCOMES[a.kind] for a in after if a.kind in _OUTCOMES), "")
    what = "disarm" if d.get("disarm") else "attack"
    counted = [Die(sides=6, face=x.face, luck=x.luck, success=x.face == reading.highest)
               for x in _pool(d, success_at=7)]
    return [Roll(who=_name(s, e.who), purpose=f"{what} on {_name(s, d['target'])}",
                 dice=tuple(counted), detail=", ".join(p for p in (best, outcome) if p))]


_OUTCOMES = {"attack_landed": "lands", "whiffed": "a whiff", "missed": "a miss",
             "disarm_failed": "fails"}


def _defence(s: BattleState, e: Event, after: Sequence[Event]) -> list[Roll]:
    d = e.data
    return [Roll(who=_name(s, e.who), purpose="defence", dice=_pool(d), total=d["sixes"],
                 detail=_sixes(d["sixes"]))]


def _critical(s: BattleState, e: Event, after: Sequence[Event]) -> list[Roll]:
    d = e.data
    bonus = f"weapon {signed(d['bonus'])}" if d["bonus"] else ""
    return [Roll(who=_name(s, e.who), purpose=f"critical damage on {_name(s, d['target'])}",
                 dice=dice(d["faces"]), total=d["total"], detail=bonus)]


def _retrieve(s: BattleState, e: Event, after: Sequence[Event]) -> list[Roll]:
    d = e.data
    return [Roll(who=_name(s, e.who), purpose="retrieve", dice=_pool(d),
                 detail="a six: picked up" if d["six"] else "no six: still on the ground")]


def _heal(s: BattleState, e: Event, after: Sequence[Event]) -> list[Roll]:
    d = e.data
    return [Roll(who=_name(s, e.who), purpose="heal", dice=dice(d["faces"]), total=d["amount"],
                 detail=f"heals {d['amount']}")]


def _focus(s: BattleState, e: Event, after: Sequence[Event]) -> list[Roll]:
    d = e.data
    return [Roll(who=_name(s, e.who), purpose="focus", dice=_pool(d), total=d["sixes"],
                 detail=f"needs {_sixes(d['needed'])}: "
                        + ("focused" if d["focused"] else "still stunned"))]


def _for_a_six(purpose: str, kept: str, lost: str) -> Maker:
    def make(s: BattleState, e: Event, after: Sequence[Event]) -> list[Roll]:
        d = e.data
        luck = ""
        if d.get("luck_lost"):
            luck = f", {d['luck_lost']} luck {'die' if d['luck_lost'] == 1 else 'dice'} lost"
        return [Roll(who=_name(s, e.who), purpose=purpose, dice=_pool(d),
                     detail=(kept if d["saved"] else lost) + luck)]
    return make


def _fate(s: BattleState, e: Event, after: Sequence[Event]) -> list[Roll]:
    faces = e.data.get("faces") or []
    if not faces:
        return []
    detail = "pick one" if e.kind == "fate_choices_rolled" else ""
    return [Roll(who=_name(s, e.who), purpose="fate", dice=dice(faces), detail=detail,
                 total=faces[0] if len(faces) == 1 else None)]


def _insanity(s: BattleState, e: Event, after: Sequence[Event]) -> list[Roll]:
    d = e.data
    name = s.tables.insanity(d["key"]).name
    return [Roll(who=_name(s, e.who), purpose="insanity", dice=dice(d["faces"]),
                 total=d["key"], detail=f"tens and units: {name}")]


def _scar(s: BattleState, e: Event, after: Sequence[Event]) -> list[Roll]:
    faces = e.data.get("faces") or []
    if not faces:
        return []
    return [Roll(who=_name(s, e.who), purpose="scar", dice=dice(faces), total=faces[0])]


MAKERS: dict[str, Maker] = {
    "initiative_rolled": _initiative,
    "attack_rolled": _attack,
    "defence_rolled": _defence,
    "critical_damage": _critical,
    "retrieve_rolled": _retrieve,
    "heal_rolled": _heal,
    "focus_rolled": _focus,
    "stay_conscious_rolled": _for_a_six("stay conscious", "a six: stays conscious",
                                        "no six: falls unconscious"),
    "death_door_rolled": _for_a_six("death's door", "a six: lives",
                                    "no six: dies"),
    "fate_choices_rolled": _fate,
    "fate_applied": _fate,
    "insanity_rolled": _insanity,
    "scarred": _scar,
}
