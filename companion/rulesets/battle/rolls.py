"""The battle system's rolls for the roll log: every event that shows dice, as a `Roll`.

A pool's luck dice are shown with it, in the luck colour; what became of them
(`luck_settled`) repeats those faces and is no roll of its own, nor is a fate applied
from dice rolled earlier. The dice that count are highlighted: the sixes of a pool
rolled for sixes, the highest faces that an attack is read by.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from companion.dice.rolls import Die, Roll, dice, signed
from companion.rulesets.base import Event
from companion.rulesets.battle.events import (
    AttackLanded,
    AttackRolled,
    CriticalDamageRolled,
    DeathDoorRolled,
    DefenceRolled,
    DisarmFailed,
    FateApplied,
    FateChoicesRolled,
    FocusRolled,
    HealRolled,
    InitiativeRolled,
    InsanityRolled,
    Missed,
    RetrieveRolled,
    RolledForASix,
    Scarred,
    StayConsciousRolled,
    Whiffed,
)
from companion.rulesets.battle.pools import read_roll
from companion.rulesets.battle.state import BattleState

E = TypeVar("E", bound=Event)
# A maker reads the fields of its own kind: `_on` pairs the two for mypy to check.
Maker = Callable[[BattleState, Any, Sequence[Event]], list[Roll]]
_COUNT = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def rolls(state: BattleState, events: Sequence[Event]) -> list[Roll]:
    found: list[Roll] = []
    for i, e in enumerate(events):
        maker = MAKERS.get(type(e))
        if maker is not None:
            # A pool of no dice (a defence after a whiff) is no roll.
            found += [r for r in maker(state, e, events[i + 1:]) if r.dice]
    return found


def _on(kind: type[E], maker: Callable[[BattleState, E, Sequence[Event]], list[Roll]]
        ) -> tuple[type[Event], Maker]:
    return kind, maker


def _name(state: BattleState, side: str | None) -> str | None:
    return state.fighters[side].name if side is not None else None


def _pool(faces: Sequence[int], luck_faces: Sequence[int] = (),
          success_at: int = 6) -> tuple[Die, ...]:
    return (dice(faces, success_at=success_at)
            + dice(luck_faces, success_at=success_at, luck=True))


def _sixes(n: int) -> str:
    return "no six" if n == 0 else f"{_COUNT.get(n, str(n))} six" + ("es" if n > 1 else "")


def _initiative(s: BattleState, e: InitiativeRolled, after: Sequence[Event]) -> list[Roll]:
    return [Roll(who=_name(s, side), purpose="initiative", dice=dice(faces),
                 total=e.totals[side]) for side, faces in e.faces.items()]


def _attack(s: BattleState, e: AttackRolled, after: Sequence[Event]) -> list[Roll]:
    faces = [*e.faces, *e.luck_faces]
    reading = read_roll(faces)
    best = (f"best {_COUNT.get(reading.count, str(reading.count))} "
            f"{reading.highest}{'s' if reading.count > 1 else ''}") if faces else "no dice"
    outcome = next((_OUTCOMES[type(a)] for a in after if type(a) in _OUTCOMES), "")
    what = "disarm" if e.disarm else "attack"
    counted = [Die(sides=6, face=x.face, luck=x.luck, success=x.face == reading.highest)
               for x in _pool(e.faces, e.luck_faces, success_at=7)]
    return [Roll(who=_name(s, e.who), purpose=f"{what} on {_name(s, e.target)}",
                 dice=tuple(counted), detail=", ".join(p for p in (best, outcome) if p))]


_OUTCOMES: dict[type[Event], str] = {AttackLanded: "lands", Whiffed: "a whiff",
                                     Missed: "a miss", DisarmFailed: "fails"}


def _defence(s: BattleState, e: DefenceRolled, after: Sequence[Event]) -> list[Roll]:
    return [Roll(who=_name(s, e.who), purpose="defence", dice=_pool(e.faces, e.luck_faces),
                 total=e.sixes, detail=_sixes(e.sixes))]


def _critical(s: BattleState, e: CriticalDamageRolled, after: Sequence[Event]) -> list[Roll]:
    bonus = f"weapon {signed(e.bonus)}" if e.bonus else ""
    return [Roll(who=_name(s, e.who), purpose=f"critical damage on {_name(s, e.target)}",
                 dice=dice(e.faces), total=e.total, detail=bonus)]


def _retrieve(s: BattleState, e: RetrieveRolled, after: Sequence[Event]) -> list[Roll]:
    return [Roll(who=_name(s, e.who), purpose="retrieve", dice=_pool(e.faces),
                 detail="a six: picked up" if e.six else "no six: still on the ground")]


def _heal(s: BattleState, e: HealRolled, after: Sequence[Event]) -> list[Roll]:
    return [Roll(who=_name(s, e.who), purpose="heal", dice=dice(e.faces), total=e.amount,
                 detail=f"heals {e.amount}")]


def _focus(s: BattleState, e: FocusRolled, after: Sequence[Event]) -> list[Roll]:
    return [Roll(who=_name(s, e.who), purpose="focus", dice=_pool(e.faces), total=e.sixes,
                 detail=f"needs {_sixes(e.needed)}: "
                        + ("focused" if e.focused else "still stunned"))]


def _for_a_six(purpose: str, kept: str, lost: str
               ) -> Callable[[BattleState, RolledForASix, Sequence[Event]], list[Roll]]:
    def make(s: BattleState, e: RolledForASix, after: Sequence[Event]) -> list[Roll]:
        luck = ""
        if e.luck_lost:
            luck = f", {e.luck_lost} luck {'die' if e.luck_lost == 1 else 'dice'} lost"
        return [Roll(who=_name(s, e.who), purpose=purpose, dice=_pool(e.faces, e.luck_faces),
                     detail=(kept if e.saved else lost) + luck)]
    return make


def _fate(s: BattleState, e: FateChoicesRolled | FateApplied,
          after: Sequence[Event]) -> list[Roll]:
    if not e.faces:
        return []
    detail = "pick one" if isinstance(e, FateChoicesRolled) else ""
    return [Roll(who=_name(s, e.who), purpose="fate", dice=dice(e.faces), detail=detail,
                 total=e.faces[0] if len(e.faces) == 1 else None)]


def _insanity(s: BattleState, e: InsanityRolled, after: Sequence[Event]) -> list[Roll]:
    name = s.tables.insanity(e.key).name
    return [Roll(who=_name(s, e.who), purpose="insanity", dice=dice(e.faces),
                 total=e.key, detail=f"tens and units: {name}")]


def _scar(s: BattleState, e: Scarred, after: Sequence[Event]) -> list[Roll]:
    if not e.faces:
        return []
    return [Roll(who=_name(s, e.who), purpose="scar", dice=dice(e.faces), total=e.faces[0])]


MAKERS: dict[type[Event], Maker] = dict([
    _on(InitiativeRolled, _initiative),
    _on(AttackRolled, _attack),
    _on(DefenceRolled, _defence),
    _on(CriticalDamageRolled, _critical),
    _on(RetrieveRolled, _retrieve),
    _on(HealRolled, _heal),
    _on(FocusRolled, _focus),
    _on(StayConsciousRolled, _for_a_six("stay conscious", "a six: stays conscious",
                                        "no six: falls unconscious")),
    _on(DeathDoorRolled, _for_a_six("death's door", "a six: lives", "no six: dies")),
    _on(FateChoicesRolled, _fate),
    _on(FateApplied, _fate),
    _on(InsanityRolled, _insanity),
    _on(Scarred, _scar),
])
