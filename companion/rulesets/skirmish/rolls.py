"""The skirmish's rolls for the roll log: every event that shows a die, as a `Roll`.

A double shows the attack and the defence die alike and the special event that
follows names that same face, so it is one pair of dice, not two. A die that only
says where something lands leaves no face in its event: the session shows it from its
record (`companion.dice.rolls.merge`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.dice.rolls import Die, Roll, dice, signed
from companion.rulesets.base import Event
from companion.rulesets.skirmish.state import State

Maker = Callable[[State, Event], list[Roll]]


def rolls(state: State, events: Sequence[Event]) -> list[Roll]:
    found: list[Roll] = []
    for e in events:
        maker = MAKERS.get(e.kind)
        if maker is not None:
            # A pool of no dice (a defence after a whiff) is no roll.
            found += [r for r in maker(state, e) if r.dice]
    return found


def _name(state: State, gid: str | None) -> str | None:
    return state.glad(gid).name if gid is not None else None


def _mods(state: State, modifiers: Sequence[Sequence[Any]]) -> str:
    return ", ".join(f"{_reason(state, str(reason))} {signed(int(amount))}"
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


def _strength(s: State, e: Event) -> list[Roll]:
    d = e.data
    return [_one(_name(s, e.who), "strength", d["face"], total=d["strength"],
                 detail=f"base {d['base']} {signed(d['face'])}")]


def _initiative(s: State, e: Event) -> list[Roll]:
    return [_one(_name(s, gid), "initiative", face) for gid, face in e.data["rolls"]]


def _ap(s: State, e: Event) -> list[Roll]:
    d = e.data
    return [_one(_name(s, e.who), "action points", d["face"], total=d["ap"],
                 detail=_mods(s, d["modifiers"]))]


def _blow(s: State, e: Event) -> list[Roll]:
    d = e.data
    hit = d["margin"] > 0
    target = _name(s, d["target"])
    margin = f"hits by {d['margin']}" if hit else "does not get through"
    mods = _mods(s, d["modifiers"])
    return [
        _one(_name(s, e.who), f"attack on {target}", d["attack"], success=hit,
             total=d["attack"] + sum(m for _, m in d["modifiers"]),
             detail=", ".join(part for part in (mods, margin) if part)),
        _one(target, "defence", d["defence"], success=not hit,
             total=d["defence"] + sum(m for _, m in d["defence_modifiers"]),
             detail=_mods(s, d["defence_modifiers"])),
    ]


def _double(s: State, e: Event) -> list[Roll]:
    d = e.data
    target = _name(s, d["target"])
    return [_one(_name(s, e.who), f"attack on {target}", d["face"], success=True,
                 detail="a double: a special event"),
            _one(target, "defence", d["face"], detail="a double")]


def _save(s: State, e: Event) -> list[Roll]:
    d = e.data
    saved = e.kind == "saved"
    return [_one(_name(s, e.who), "save", d["face"], success=saved,
                 total=d["face"] + d["save"],
                 detail=f"armour {signed(d['save'])}, needs {d['need']}: "
                        + ("saved" if saved else "not saved"))]


def _appeal(s: State, e: Event) -> list[Roll]:
    d = e.data
    verdict = "spared" if d["verdict"] == "spared" else "killed"
    mods = _mods(s, d["modifiers"])
    return [Roll(who=_name(s, e.who), purpose="appeal to the crowd",
                 dice=dice(d["faces"]), total=d["total"],
                 detail=", ".join(part for part in (mods, verdict) if part))]


def _event_wounds(s: State, e: Event) -> list[Roll]:
    d = e.data
    return [Roll(who=_name(s, e.who), purpose=f"wounds on {_name(s, d['target'])}",
                 dice=dice(d["faces"]), total=d["total"], detail=f"special event, {d['dice']}")]


def _whose_weapon(s: State, e: Event) -> list[Roll]:
    return [_one(_name(s, e.who), "whose weapon is lost", e.data["roll"])]


def _which_weapon(s: State, e: Event) -> list[Roll]:
    d = e.data
    return [_one(_name(s, e.who), "which weapon is lost", d["roll"], sides=d["sides"],
                 detail=_weapon(s, d["item"]))]


def _cast(s: State, e: Event) -> list[Roll]:
    d = e.data
    caught = e.kind == "entangled"
    who = d["by"] if caught else e.who
    return [_one(_name(s, who), f"cast the {_weapon(s, d['weapon'])}", d["cast"],
                 success=caught, detail="caught" if caught else "missed")]


def _shred(s: State, e: Event) -> list[Roll]:
    d = e.data
    shredded = e.kind == "shredded"
    found = []
    if shredded:  # the cast was rolled before the shredding, and is told only here
        found.append(_one(_name(s, e.who), f"cast the {_weapon(s, d['weapon'])}", d["cast"]))
    found.append(_one(_name(s, d["target"]), f"{_weapon(s, d['tool'])} against the "
                      f"{_weapon(s, d['weapon'])}", d["roll"], success=shredded,
                      detail="shredded" if shredded else "holds"))
    return found


def _cut_free(s: State, e: Event) -> list[Roll]:
    d = e.data
    free = e.kind == "cut_free"
    need = "" if free else f"needs {d['need']}"
    return [_one(_name(s, e.who), f"cut free of the {_weapon(s, d['weapon'])}", d["roll"],
                 success=free, detail=", ".join(p for p in (need, "free" if free else "held")
                                                if p))]


MAKERS: dict[str, Maker] = {
    "strength_rolled": _strength,
    "initiative_rolled": _initiative,
    "ap_rolled": _ap,
    "blow": _blow,
    "double": _double,
    "saved": _save,
    "save_failed": _save,
    "appealed": _appeal,
    "event_wounds_rolled": _event_wounds,
    "weapon_loss_rolled": _whose_weapon,
    "weapon_picked": _which_weapon,
    "entangled": _cast,
    "cast_missed": _cast,
    "shredded": _shred,
    "shred_failed": _shred,
    "cut_free": _cut_free,
    "cut_free_failed": _cut_free,
}
