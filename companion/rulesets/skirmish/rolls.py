"""The skirmish's rolls for the roll log: every event that shows a die, as a `Roll`.

A double shows the attack and the defence die alike and the special event that
follows names that same face, so it is one pair of dice, not two. A die that only
says where something lands leaves no face in its event: the session shows it from its
record (`companion.dice.rolls.merge`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from companion.dice.rolls import Die, Roll, dice, signed
from companion.rulesets.base import Event
from companion.rulesets.skirmish import events as ev
from companion.rulesets.skirmish.events import Modifiers
from companion.rulesets.skirmish.state import State

# The rolls of one kind of event: the function reads the fields of its own record.
Maker = Callable[[State, Any], list[Roll]]
E = TypeVar("E", bound=Event)


def _made(kind: type[E], maker: Callable[[State, E], list[Roll]]) -> tuple[type[Event], Maker]:
    """An entry of `MAKERS`, checked: `maker` reads a record of `kind`."""
    return kind, maker


def rolls(state: State, events: Sequence[Event]) -> list[Roll]:
    found: list[Roll] = []
    for e in events:
        maker = MAKERS.get(type(e))
        if maker is not None:
            # A pool of no dice (a defence after a whiff) is no roll.
            found += [r for r in maker(state, e) if r.dice]
    return found


def _name(state: State, gid: str | None) -> str | None:
    return state.glad(gid).name if gid is not None else None


def _mods(state: State, modifiers: Modifiers) -> str:
    return ", ".join(f"{_reason(state, reason)} {signed(amount)}"
                     for reason, amount in modifiers if amount)


def _reason(state: State, reason: str) -> str:
    """A modifier's reason in words: a wound level's or a thing's name where it is one."""
    data = state.data
    named = data.level_names.get(reason) or data.names.get(reason)
    return (named or reason.replace("-", " ").replace("_", " ")).lower()


def _one(who: str | None, purpose: str, face: int, *, sides: int = 6,
         success: bool = False, total: int | None = None, detail: str = "") -> Roll:
    return Roll(who=who, purpose=purpose, dice=(Die(sides=sides, face=face, success=success),),
                total=total, detail=detail)


def _weapon(state: State, slug: str) -> str:
    return state.data.weapons[slug].name.lower()


def _strength(s: State, e: ev.StrengthRolled) -> list[Roll]:
    return [_one(_name(s, e.who), "strength", e.face, total=e.strength,
                 detail=f"base {e.base} {signed(e.face)}")]


def _initiative(s: State, e: ev.InitiativeRolled) -> list[Roll]:
    return [_one(_name(s, gid), "initiative", face) for gid, face in e.rolls]


def _ap(s: State, e: ev.APRolled) -> list[Roll]:
    return [_one(_name(s, e.who), "action points", e.face, total=e.ap,
                 detail=_mods(s, e.modifiers))]


def _blow(s: State, e: ev.BlowRolled) -> list[Roll]:
    hit = e.margin > 0
    target = _name(s, e.target)
    margin = f"hits by {e.margin}" if hit else "does not get through"
    mods = _mods(s, e.modifiers)
    return [
        _one(_name(s, e.who), f"attack on {target}", e.attack, success=hit,
             total=e.attack + sum(m for _, m in e.modifiers),
             detail=", ".join(part for part in (mods, margin) if part)),
        _one(target, "defence", e.defence, success=not hit,
             total=e.defence + sum(m for _, m in e.defence_modifiers),
             detail=_mods(s, e.defence_modifiers)),
    ]


def _double(s: State, e: ev.DoubleRolled) -> list[Roll]:
    target = _name(s, e.target)
    return [_one(_name(s, e.who), f"attack on {target}", e.face, success=True,
                 detail="a double: a special event"),
            _one(target, "defence", e.face, detail="a double")]


def _save(s: State, e: ev.Saved | ev.SaveFailed) -> list[Roll]:
    saved = isinstance(e, ev.Saved)
    return [_one(_name(s, e.who), "save", e.face, success=saved, total=e.face + e.save,
                 detail=f"armour {signed(e.save)}, needs {e.need}: "
                        + ("saved" if saved else "not saved"))]


def _appeal(s: State, e: ev.Appealed) -> list[Roll]:
    verdict = "spared" if e.verdict == "spared" else "killed"
    mods = _mods(s, e.modifiers)
    return [Roll(who=_name(s, e.who), purpose="appeal to the crowd",
                 dice=dice(e.faces), total=e.total,
                 detail=", ".join(part for part in (mods, verdict) if part))]


def _event_wounds(s: State, e: ev.EventWoundsRolled) -> list[Roll]:
    return [Roll(who=_name(s, e.who), purpose=f"wounds on {_name(s, e.target)}",
                 dice=dice(e.faces), total=e.total, detail=f"special event, {e.dice}")]


def _whose_weapon(s: State, e: ev.WeaponLossRolled) -> list[Roll]:
    return [_one(_name(s, e.who), "whose weapon is lost", e.roll)]


def _which_weapon(s: State, e: ev.WeaponPicked) -> list[Roll]:
    return [_one(_name(s, e.who), "which weapon is lost", e.roll, sides=e.sides,
                 detail=_weapon(s, e.item))]


def _cast(s: State, e: ev.Entangled | ev.CastMissed) -> list[Roll]:
    # Caught: the record is the target's, and names the caster.
    caught = isinstance(e, ev.Entangled)
    who = e.by if isinstance(e, ev.Entangled) else e.who
    return [_one(_name(s, who), f"cast the {_weapon(s, e.weapon)}", e.cast,
                 success=caught, detail="caught" if caught else "missed")]


def _shred(s: State, e: ev.Shredded | ev.ShredFailed) -> list[Roll]:
    found = []
    shredded = isinstance(e, ev.Shredded)
    if isinstance(e, ev.Shredded):  # the cast was rolled before the shredding, told only here
        found.append(_one(_name(s, e.who), f"cast the {_weapon(s, e.weapon)}", e.cast))
    found.append(_one(_name(s, e.target), f"{_weapon(s, e.tool)} against the "
                      f"{_weapon(s, e.weapon)}", e.roll, success=shredded,
                      detail="shredded" if shredded else "holds"))
    return found


def _cut_free(s: State, e: ev.CutFree | ev.CutFreeFailed) -> list[Roll]:
    free = isinstance(e, ev.CutFree)
    need = "" if isinstance(e, ev.CutFree) else f"needs {e.need}"
    return [_one(_name(s, e.who), f"cut free of the {_weapon(s, e.weapon)}", e.roll,
                 success=free, detail=", ".join(p for p in (need, "free" if free else "held")
                                                if p))]


MAKERS: dict[type[Event], Maker] = dict([
    _made(ev.StrengthRolled, _strength),
    _made(ev.InitiativeRolled, _initiative),
    _made(ev.APRolled, _ap),
    _made(ev.BlowRolled, _blow),
    _made(ev.DoubleRolled, _double),
    _made(ev.Saved, _save),
    _made(ev.SaveFailed, _save),
    _made(ev.Appealed, _appeal),
    _made(ev.EventWoundsRolled, _event_wounds),
    _made(ev.WeaponLossRolled, _whose_weapon),
    _made(ev.WeaponPicked, _which_weapon),
    _made(ev.Entangled, _cast),
    _made(ev.CastMissed, _cast),
    _made(ev.Shredded, _shred),
    _made(ev.ShredFailed, _shred),
    _made(ev.CutFree, _cut_free),
    _made(ev.CutFreeFailed, _cut_free),
])
