"""The words of the hex skirmish: its events as log lines, and a bout's state as text.

Every event kind the rules produce has its sentence here (a few, like the dice of a
special event's wounds, are told by the event that follows them and have none).
Gladiators are named from the state, weapons, kit and wound levels from its tables.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.rulesets.base import Event
from companion.rulesets.skirmish.core import FLOORED, GAVE_IN, STRENGTH_GONE
from companion.rulesets.skirmish.state import State

Words = Callable[[State, Event], str | None]


def _name(state: State, gid: str | None) -> str:
    return state.glad(gid).name if gid is not None else "nobody"


def _who(state: State, e: Event) -> str:
    return _name(state, e.who)


def _weapon(state: State, slug: str) -> str:
    return state.data.weapons[slug].name.lower()


def _item(state: State, kind: str, slug: str) -> str:
    """A weapon's or a piece of kit's name, as the log writes it."""
    data = state.data
    if kind == "shield" and slug in data.kit:
        return data.kit[slug].name.lower()
    if slug in data.weapons:
        return data.weapons[slug].name.lower()
    return data.names.get(slug, slug).lower()


def _mods(modifiers: Sequence[Sequence[Any]], prefix: str = "") -> list[str]:
    return [f"{prefix}{reason} {amount:+d}" for reason, amount in modifiers]


# --- the flow of the bout --------------------------------------------------------------
def _strength_rolled(s: State, e: Event) -> str:
    return f"{_who(s, e)}: strength {e.data['base']} + {e.data['face']} = {e.data['strength']}"


def _initiative(s: State, e: Event) -> str:
    return "initiative: " + ", ".join(f"{_name(s, gid)} {face}" for gid, face in e.data["rolls"])


def _ap_rolled(s: State, e: Event) -> str:
    shown = "".join(", " + m for m in _mods(e.data["modifiers"]))
    return f"{_who(s, e)} rolls {e.data['face']} for AP{shown}: {e.data['ap']} AP"


def _gave_in(s: State, e: Event) -> str:
    return (f"with {e.data['modifier']:+d} to his AP, in {_name(s, e.data['foe'])}'s front "
            f"hex, {_who(s, e)} gives in")


def _beaten(s: State, e: Event) -> str:
    how = {GAVE_IN: "gave in", STRENGTH_GONE: "strength gone",
           FLOORED: f"floored, with {_name(s, e.data['by'])} standing over him"}
    return f"{_who(s, e)} is beaten ({how[e.data['how']]}) and must appeal to the crowd"


def _appealed(s: State, e: Event) -> str:
    rolled = "+".join(map(str, e.data["faces"]))
    shown = "".join(", " + m for m in _mods(e.data["modifiers"]))
    verdict = "the crowd spares him" if e.data["verdict"] == "spared" else "he is killed"
    return f"{_who(s, e)} appeals to the crowd: {rolled}{shown} = {e.data['total']}: {verdict}"


def _bout_over(s: State, e: Event) -> str:
    standing = e.data["standing"]
    names = ", ".join(_name(s, gid) for gid in standing) or "nobody"
    return f"the bout is over: {names} {'is' if len(standing) == 1 else 'are'} left standing"


# --- moving ---------------------------------------------------------------------------
def _moved(s: State, e: Event) -> str:
    how = e.data["direction"] or "ahead"
    return (f"{_who(s, e)} moves {how} to {e.data['to']} ({e.data['cost']} AP, "
            f"{e.data['ap']} left)")


def _turned(s: State, e: Event) -> str:
    way = "right" if e.data["steps"] > 0 else "left"
    return (f"{_who(s, e)} turns {way} to face {e.data['facing']} ({e.data['cost']} AP, "
            f"{e.data['ap']} left)")


# --- the blow ------------------------------------------------------------------------
def _attack(s: State, e: Event) -> str:
    d = e.data["distance"]
    how = f" at {d} hexes" if d > 1 else ""
    return f"{_who(s, e)} attacks {_name(s, e.data['target'])} with his {e.data['weapon']}{how}"


def _blow(s: State, e: Event) -> str:
    words = _mods(e.data["modifiers"]) + _mods(e.data["defence_modifiers"], "defence: ")
    margin = e.data["margin"]
    sign = "+" if margin >= 0 else ""
    return (f"attack {e.data['attack']}, defence {e.data['defence']} ({', '.join(words)}): "
            f"margin {sign}{margin}")


def _saved(s: State, e: Event) -> str:
    return (f"hit, but {_who(s, e)} saves ({e.data['face']} + {e.data['save']} >= "
            f"{e.data['need']})")


def _wounded(s: State, e: Event) -> str:
    n, level = e.data["wounds"], e.data["level"]
    state_name = s.data.level_names[level].lower() if level else "unhurt"
    return (f"{_who(s, e)} takes {n} wound{'s' if n != 1 else ''}: strength {e.data['before']} "
            f"-> {e.data['strength']} ({state_name})")


def _special_event(s: State, e: Event) -> str:
    entry = s.data.events[e.data["face"]]
    return f"{entry.name}: {entry.description}"


def _weapon_loss_rolled(s: State, e: Event) -> str:
    entry = s.data.events[e.data["face"]]
    row = next(r for r in entry.subtable if r.key == e.data["roll"])
    return f"D6 {e.data['roll']}: {row.description}"


def _item_landed(s: State, e: Event) -> str:
    return f"{_who(s, e)}'s {_item(s, e.data['kind'], e.data['item'])} lands in {e.data['at']}"


def _item_destroyed(s: State, e: Event) -> str:
    gone = "is broken" if e.data["kind"] == "shield" else "is gone for good"
    return f"{_who(s, e)}'s {_item(s, e.data['kind'], e.data['item'])} {gone}"


# --- nets, lassos and capes; items ------------------------------------------------------
def _cast(s: State, e: Event) -> str:
    d = e.data["distance"]
    return (f"{_who(s, e)} casts his {_weapon(s, e.data['weapon'])} at "
            f"{_name(s, e.data['target'])} ({d} hex{'es' if d > 1 else ''}: needs "
            f"{e.data['need']}+)")


def _shredded(s: State, e: Event) -> str:
    return (f"cast {e.data['cast']}; {_name(s, e.data['target'])}'s "
            f"{_weapon(s, e.data['tool'])} rolls {e.data['roll']}: the "
            f"{_weapon(s, e.data['weapon'])} is caught and torn to shreds")


def _shred_failed(s: State, e: Event) -> str:
    return (f"{_name(s, e.data['target'])}'s {_weapon(s, e.data['tool'])} rolls "
            f"{e.data['roll']}: it misses the {_weapon(s, e.data['weapon'])}")


def _picked_up(s: State, e: Event) -> str:
    name = e.data["name"]
    return f"{_who(s, e)} picks up his {s.data.names.get(name, name).lower()}"


WORDS: dict[str, Words] = {
    "strength_rolled": _strength_rolled,
    "strength_fixed": lambda s, e: f"{_who(s, e)}: strength {e.data['strength']}",
    "initiative_rolled": _initiative,
    "order": lambda s, e: "order of play: " + ", ".join(_name(s, g) for g in e.data["order"]),
    "turn_began": lambda s, e: f"turn {e.data['number']}: {_who(s, e)}",
    "ap_rolled": _ap_rolled,
    "tired": lambda s, e: f"{_who(s, e)} tires: fatigue {e.data['fatigue']}",
    "gave_in": _gave_in,
    "beaten": _beaten,
    "turn_ended": lambda s, e: f"{_who(s, e)} ends his turn",
    "got_up": lambda s, e: f"{_who(s, e)} gets up from the floor, off balance",
    "appealed": _appealed,
    "bout_over": _bout_over,
    "skill_gained": lambda s, e: (f"{_who(s, e)} gains a skill: "
                                  f"{s.data.skills[e.data['skill']].name}"),
    "moved": _moved,
    "turned": _turned,
    "attack": _attack,
    "double": lambda s, e: f"double {e.data['face']}: special event",
    "blow": _blow,
    "saved": _saved,
    "save_failed": lambda s, e: (f"save failed ({e.data['face']} + {e.data['save']} < "
                                 f"{e.data['need']})"),
    "no_save": lambda s, e: f"no save: the two-handed blow adds {e.data['extra']} wound",
    "wounded": _wounded,
    "avoided": lambda s, e: f"{_who(s, e)} avoids the blow",
    "missile_lost": lambda s, e: f"the {e.data['ammo']} is lost",
    "missile_landed": lambda s, e: f"the {e.data['ammo']} lands in {e.data['at']}",
    "held_at_edge": lambda s, e: f"{_who(s, e)} is at the edge of the arena: he stays, off "
                                 "balance",
    "held_by_blocker": lambda s, e: (f"{_name(s, e.data['blocker'])} is behind {_who(s, e)}: "
                                     "he stays, off balance"),
    "pushed_back": lambda s, e: f"{_who(s, e)} is pushed back to {e.data['to']}",
    "no_special_event": lambda s, e: "nothing happens (no special event for this double)",
    "special_event": _special_event,
    "event_wounds_rolled": lambda s, e: None,  # the wounds that follow tell it
    "off_balance": lambda s, e: f"{_who(s, e)} is off balance",
    "floored": lambda s, e: (f"{_who(s, e)} is floored: beaten if {_name(s, e.data['by'])} "
                             "ends his turn beside him, otherwise off balance"),
    "no_shield_to_lose": lambda s, e: f"{_who(s, e)} has no shield to lose",
    "shield_kept": lambda s, e: (f"{_who(s, e)}'s {s.data.kit[e.data['shield']].name} cannot "
                                 "be lost"),
    "weapon_loss_rolled": _weapon_loss_rolled,
    "weapon_picked": lambda s, e: None,  # the weapon that lands tells it
    "no_weapon_to_lose": lambda s, e: f"{_who(s, e)} has no weapon to lose",
    "thrown_missile_lost": lambda s, e: f"only the {e.data['ammo']} already thrown is lost",
    "item_landed": _item_landed,
    "item_destroyed": _item_destroyed,
    "dart_landed": lambda s, e: f"one of {_who(s, e)}'s darts lands in {e.data['at']}",
    "dart_broken": lambda s, e: f"one of {_who(s, e)}'s darts is broken",
    "cast": _cast,
    "shredded": _shredded,
    "shred_failed": _shred_failed,
    "entangled": lambda s, e: f"cast {e.data['cast']}: {_who(s, e)} is entangled",
    "cast_missed": lambda s, e: (f"cast {e.data['cast']}: the "
                                 f"{_weapon(s, e.data['weapon'])} misses"),
    "cut_free_failed": lambda s, e: (f"{_who(s, e)} tries to cut free of the "
                                     f"{_weapon(s, e.data['weapon'])}: {e.data['roll']}, "
                                     "still caught"),
    "cut_free": lambda s, e: (f"{_who(s, e)} cuts free of the {_weapon(s, e.data['weapon'])} "
                              f"({e.data['roll']})"),
    "item_lost": lambda s, e: f"{_who(s, e)}'s {_weapon(s, e.data['item'])} is lost for good",
    "item_fell": lambda s, e: (f"the {_weapon(s, e.data['item'])} falls in {e.data['at']}; "
                               f"{_who(s, e)} may recover it"),
    "picked_up": _picked_up,
    "kicked": lambda s, e: f"{_who(s, e)} kicks the {e.data['name']} to {e.data['to']}",
    "shield_discarded": lambda s, e: (f"{_who(s, e)} throws away his "
                                      f"{s.data.kit[e.data['shield']].name.lower()} (it stays "
                                      "down for the bout)"),
}
EVENT_KINDS = frozenset(WORDS)


def narrate(state: State, events: Sequence[Event]) -> list[str]:
    lines = []
    for e in events:
        line = WORDS[e.kind](state, e)
        if line is not None:
            lines.append(line)
    return lines


# --- the state as text (`companion show`, `replay`) ------------------------------------
def describe(data: dict[str, Any]) -> list[str]:
    """A bout's summary (`state.summary`) as lines of text."""
    lines = [f"board {data['board']['columns']}x{data['board']['rows']}, "
             f"phase {data['phase']}"]
    turn = data["turn"]
    if data["phase"] == "over":
        won = [g["name"] for g in data["gladiators"]
               if data["winner"] is not None and g["side"] == data["winner"]]
        lines.append(f"the bout is over; winner: {', '.join(won)} (side {data['winner']})"
                     if won else "the bout is over; no winner")
    elif turn["gladiator"]:
        lines.append(f"turn {turn['number']}: {turn['name']} ({turn['gladiator']})")
    for g in data["gladiators"]:
        conditions = [g["wound_level"]]
        for key, word in (("off_balance", "off balance"), ("entangled", "entangled"),
                          ("given_in", "gave in")):
            if g[key]:
                conditions.append(word)
        if g["status"] != "fighting":
            conditions.append(g["status"])
        kit = ", ".join(g["weapons"]) or "no weapon"
        if g["shield"]:
            kit += f", {g['shield']}"
        if g["darts"]:
            kit += f", {g['darts']} darts"
        if g["arrows"]:
            kit += f", {g['arrows']} arrows"
        place = f"at {g['at']} facing {g['facing']}" if g["on_board"] else \
            f"out of the fight (last at {g['at']})"
        lines.append(f"  {g['id']} {g['name']} [{g['type']}, side {g['side']}] {place}: "
                     f"strength {g['strength']}/{g['full_strength']}, AP {g['ap']}, "
                     f"{', '.join(conditions)}; {kit}")
    for item in data["items"]:
        lines.append(f"  item {item['id']}: {item['owner']}'s {item['name']} at {item['at']}")
    return lines
