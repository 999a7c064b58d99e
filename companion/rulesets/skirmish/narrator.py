"""The words of the hex skirmish: its events as log lines, and a bout's state as text.

Every event kind the rules produce has its sentence here, in the words a player reads
aloud at the table: gladiators by `display_name` (two of the same name are told apart),
weapons, kit, wound levels and skills by their names in the tables, never by the slugs
the rules keep ("his left sword", not "sword-left"). Each line keeps the dice and the
modifiers that made it, so that a player can check the rules' arithmetic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.core.words import listed, plural
from companion.rulesets.base import Event
from companion.rulesets.skirmish.core import FLOORED, GAVE_IN, STRENGTH_GONE
from companion.rulesets.skirmish.state import State, display_name, summary
from companion.rulesets.skirmish.words import item_words, modifier_words, weapon_words

__all__ = ["EVENT_KINDS", "describe", "item_words", "modifier_words", "narrate", "weapon_words"]

Words = Callable[[State, Event], str | None]


def _name(state: State, gid: str | None) -> str:
    return display_name(state, gid)


def _who(state: State, e: Event) -> str:
    return _name(state, e.who)


def _mods(state: State, modifiers: Sequence[Sequence[Any]], prefix: str = "") -> list[str]:
    return [f"{prefix}{modifier_words(state, str(reason))} {amount:+d}"
            for reason, amount in modifiers]


def _with(state: State, modifiers: Sequence[Sequence[Any]]) -> str:
    """", light +1, off balance -2" after a die, or nothing."""
    return "".join(", " + m for m in _mods(state, modifiers))


def _dice(text: str) -> str:
    """Dice notation as the rules write it: "2D6"."""
    return text.upper()


def _faces(faces: Sequence[int]) -> str:
    return listed([str(f) for f in faces])


# --- the flow of the bout --------------------------------------------------------------
def _strength_rolled(s: State, e: Event) -> str:
    d = e.data
    return f"{_who(s, e)} rolls a {d['face']} for strength: {d['base']} + {d['face']}, " \
           f"strength {d['strength']}"


def _initiative(s: State, e: Event) -> str:
    return "Initiative: " + ", ".join(f"{_name(s, gid)} rolls {face}"
                                      for gid, face in e.data["rolls"])


def _order(s: State, e: Event) -> str:
    return "Order of play: " + ", then ".join(_name(s, g) for g in e.data["order"])


def _ap_rolled(s: State, e: Event) -> str:
    return (f"{_who(s, e)} rolls a {e.data['face']} for AP{_with(s, e.data['modifiers'])}: "
            f"{e.data['ap']} AP")


def _gave_in(s: State, e: Event) -> str:
    return (f"With {e.data['modifier']:+d} to his AP, in {_name(s, e.data['foe'])}'s front "
            f"hex, {_who(s, e)} gives in")


def _beaten(s: State, e: Event) -> str:
    how = {GAVE_IN: "he gave in", STRENGTH_GONE: "his strength is gone",
           FLOORED: f"floored, with {_name(s, e.data['by'])} standing over him"}
    return f"{_who(s, e)} is beaten ({how[e.data['how']]}) and must appeal to the crowd"


def _appealed(s: State, e: Event) -> str:
    verdict = "the crowd spares him" if e.data["verdict"] == "spared" else "he is killed"
    return (f"{_who(s, e)} appeals to the crowd: he rolls {_faces(e.data['faces'])}"
            f"{_with(s, e.data['modifiers'])}, {e.data['total']} in all: {verdict}")


def _bout_over(s: State, e: Event) -> str:
    standing = e.data["standing"]
    names = listed([_name(s, gid) for gid in standing]) or "nobody"
    return f"The bout is over: {names} {'are' if len(standing) > 1 else 'is'} left standing"


# --- moving ---------------------------------------------------------------------------
def _moved(s: State, e: Event) -> str:
    how = e.data["direction"] or "ahead"
    return (f"{_who(s, e)} moves {how} to {e.data['to']} ({e.data['cost']} AP, "
            f"{e.data['ap']} left)")


def _turned(s: State, e: Event) -> str:
    steps = e.data["steps"]
    way = "right" if steps > 0 else "left"
    return (f"{_who(s, e)} turns {way} to face {e.data['facing']} ({e.data['cost']} AP, "
            f"{e.data['ap']} left)")


# --- the blow ------------------------------------------------------------------------
def _attack(s: State, e: Event) -> str:
    d = e.data["distance"]
    how = f" at {d} hexes" if d > 1 else ""
    target = _name(s, e.data["target"])
    if e.data["weapon"] == "unarmed":
        return f"{_who(s, e)} attacks {target} unarmed{how}"
    return f"{_who(s, e)} attacks {target} with his {weapon_words(s, e.data['weapon'])}{how}"


def _blow(s: State, e: Event) -> str:
    words = _mods(s, e.data["modifiers"]) + _mods(s, e.data["defence_modifiers"], "defence ")
    margin = e.data["margin"]
    sign = "+" if margin >= 0 else ""
    shown = f" ({', '.join(words)})" if words else ""
    return (f"Attack {e.data['attack']}, defence {e.data['defence']}{shown}: "
            f"margin {sign}{margin}")


def _saved(s: State, e: Event) -> str:
    d = e.data
    return (f"Hit, but {_who(s, e)} saves: {d['face']} + {d['save']} makes "
            f"{d['face'] + d['save']}, {d['need']} needed")


def _save_failed(s: State, e: Event) -> str:
    d = e.data
    return (f"{_who(s, e)}'s save fails: {d['face']} + {d['save']} makes "
            f"{d['face'] + d['save']}, {d['need']} needed")


def _wounded(s: State, e: Event) -> str:
    n, level = e.data["wounds"], e.data["level"]
    state_name = s.data.level_names[level].lower() if level else "unhurt"
    return (f"{_who(s, e)} takes {plural(n, 'wound')}: strength {e.data['before']} "
            f"to {e.data['strength']} ({state_name})")


def _special_event(s: State, e: Event) -> str:
    entry = s.data.events[e.data["face"]]
    return f"{entry.name}: {entry.description}"


def _event_wounds(s: State, e: Event) -> str:
    d = e.data
    return (f"{_dice(d['dice'])} for the wounds: {_faces(d['faces'])}, "
            f"{plural(d['total'], 'wound')}")


def _weapon_loss_rolled(s: State, e: Event) -> str:
    entry = s.data.events[e.data["face"]]
    row = next(r for r in entry.subtable if r.key == e.data["roll"])
    return f"The D6 for the weapon shows {e.data['roll']}: {row.description}"


def _weapon_picked(s: State, e: Event) -> str:
    d = e.data
    return (f"A D{d['sides']} picks which of {_who(s, e)}'s weapons: {d['roll']}, his "
            f"{item_words(s, d['item'], 'weapon')}")


def _item_landed(s: State, e: Event) -> str:
    return (f"{_who(s, e)}'s {item_words(s, e.data['item'], e.data['kind'])} lands in "
            f"{e.data['at']}")


def _item_destroyed(s: State, e: Event) -> str:
    gone = "is broken" if e.data["kind"] == "shield" else "is gone for good"
    return f"{_who(s, e)}'s {item_words(s, e.data['item'], e.data['kind'])} {gone}"


# --- nets, lassos and capes; items ------------------------------------------------------
def _cast(s: State, e: Event) -> str:
    d = e.data["distance"]
    return (f"{_who(s, e)} casts his {item_words(s, e.data['weapon'], 'weapon')} at "
            f"{_name(s, e.data['target'])} ({plural(d, 'hex', 'hexes')}: he needs "
            f"{e.data['need']} or more)")


def _shredded(s: State, e: Event) -> str:
    return (f"Cast {e.data['cast']}; {_name(s, e.data['target'])}'s "
            f"{item_words(s, e.data['tool'], 'weapon')} rolls {e.data['roll']}: the "
            f"{item_words(s, e.data['weapon'], 'weapon')} is caught and torn to shreds")


def _shred_failed(s: State, e: Event) -> str:
    return (f"{_name(s, e.data['target'])}'s {item_words(s, e.data['tool'], 'weapon')} rolls "
            f"{e.data['roll']}: it misses the {item_words(s, e.data['weapon'], 'weapon')}")


def _cut_free_failed(s: State, e: Event) -> str:
    d = e.data
    return (f"{_who(s, e)} tries to cut free of the {item_words(s, d['weapon'], 'weapon')}: "
            f"{d['roll']}, he needed {d['need']} or more; still caught")


def _thing(s: State, e: Event) -> str:
    """The item an item event names, whatever its kind."""
    return item_words(s, e.data["name"], e.data.get("kind"))


WORDS: dict[str, Words] = {
    "strength_rolled": _strength_rolled,
    "strength_fixed": lambda s, e: f"{_who(s, e)}'s strength is {e.data['strength']}",
    "initiative_rolled": _initiative,
    "order": _order,
    "turn_began": lambda s, e: f"Turn {e.data['number']}: {_who(s, e)}",
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
    "double": lambda s, e: f"A double {e.data['face']}: a special event",
    "blow": _blow,
    "saved": _saved,
    "save_failed": _save_failed,
    "no_save": lambda s, e: (f"No save for {_who(s, e)}: the two-handed blow adds "
                             f"{plural(e.data['extra'], 'wound')}"),
    "wounded": _wounded,
    "avoided": lambda s, e: f"{_who(s, e)} avoids the blow",
    "missile_lost": lambda s, e: f"The {e.data['ammo']} is lost",
    "missile_landed": lambda s, e: f"The {e.data['ammo']} lands in {e.data['at']}",
    "held_at_edge": lambda s, e: (f"{_who(s, e)} is at the edge of the arena: he stays, "
                                  "off balance"),
    "held_by_blocker": lambda s, e: (f"{_name(s, e.data['blocker'])} is behind "
                                     f"{_who(s, e)}: he stays, off balance"),
    "pushed_back": lambda s, e: f"{_who(s, e)} is pushed back to {e.data['to']}",
    "no_special_event": lambda s, e: "Nothing happens: no special event for this double",
    "special_event": _special_event,
    "event_wounds_rolled": _event_wounds,
    "off_balance": lambda s, e: f"{_who(s, e)} is off balance",
    "floored": lambda s, e: (f"{_who(s, e)} is floored: beaten if {_name(s, e.data['by'])} "
                             "ends his turn beside him, otherwise off balance"),
    "no_shield_to_lose": lambda s, e: f"{_who(s, e)} has no shield to lose",
    "shield_kept": lambda s, e: (f"{_who(s, e)}'s {item_words(s, e.data['shield'], 'shield')} "
                                 "cannot be lost"),
    "weapon_loss_rolled": _weapon_loss_rolled,
    "weapon_picked": _weapon_picked,
    "no_weapon_to_lose": lambda s, e: f"{_who(s, e)} has no weapon to lose",
    "thrown_missile_lost": lambda s, e: f"Only the {e.data['ammo']} already thrown is lost",
    "item_landed": _item_landed,
    "item_destroyed": _item_destroyed,
    "dart_landed": lambda s, e: f"One of {_who(s, e)}'s darts lands in {e.data['at']}",
    "dart_broken": lambda s, e: f"One of {_who(s, e)}'s darts is broken",
    "cast": _cast,
    "shredded": _shredded,
    "shred_failed": _shred_failed,
    "entangled": lambda s, e: f"Cast {e.data['cast']}: {_who(s, e)} is entangled",
    "cast_missed": lambda s, e: (f"Cast {e.data['cast']}: the "
                                 f"{item_words(s, e.data['weapon'], 'weapon')} misses"),
    "cut_free_failed": _cut_free_failed,
    "cut_free": lambda s, e: (f"{_who(s, e)} cuts free of the "
                              f"{item_words(s, e.data['weapon'], 'weapon')} "
                              f"({e.data['roll']})"),
    "item_lost": lambda s, e: (f"{_who(s, e)}'s {item_words(s, e.data['item'], 'weapon')} "
                               "is lost for good"),
    "item_fell": lambda s, e: (f"The {item_words(s, e.data['item'], 'weapon')} falls in "
                               f"{e.data['at']}; {_who(s, e)} may recover it"),
    "picked_up": lambda s, e: f"{_who(s, e)} picks up his {_thing(s, e)}",
    "kicked": lambda s, e: f"{_who(s, e)} kicks the {_thing(s, e)} to {e.data['to']}",
    "shield_discarded": lambda s, e: (f"{_who(s, e)} throws away his "
                                      f"{item_words(s, e.data['shield'], 'shield')} (it "
                                      "stays down for the bout)"),
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
_PHASES = {"setup": "before the start", "ap": "the AP roll", "act": "acting",
           "appeal": "an appeal to the crowd", "over": "over"}
_STATUS = {"beaten": "beaten", "spared": "spared by the crowd", "killed": "killed"}


def describe(state: State) -> list[str]:
    """The bout in words: the board, whose turn it is, each gladiator's place, strength,
    AP, conditions and kit, and what lies on the board."""
    data = summary(state)
    lines = [f"A {data['board']['columns']} by {data['board']['rows']} arena; now: "
             f"{_PHASES.get(data['phase'], data['phase'])}"]
    turn = data["turn"]
    if data["phase"] == "over":
        won = [display_name(state, g["id"]) for g in data["gladiators"]
               if data["winner"] is not None and g["side"] == data["winner"]]
        lines.append(f"The bout is over; the winner: {listed(won)} (side {data['winner']})"
                     if won else "The bout is over, with no winner")
    elif turn["gladiator"]:
        lines.append(f"Turn {turn['number']}: {display_name(state, turn['gladiator'])}")
    for g, glad in zip(data["gladiators"], state.gladiators, strict=True):
        level = g["wound_level"]
        conditions = [state.data.level_names[level].lower() if level in state.data.level_names
                      else level]
        for key, word in (("off_balance", "off balance"), ("entangled", "entangled"),
                          ("given_in", "gave in")):
            if g[key]:
                conditions.append(word)
        if g["status"] != "fighting":
            conditions.append(_STATUS.get(g["status"], g["status"]))
        kit = [weapon_words(state, ref) for ref in g["weapons"]] or ["no weapon"]
        if g["shield"]:
            kit.append(item_words(state, g["shield"], "shield"))
        if g["darts"]:
            kit.append(plural(g["darts"], "dart"))
        if g["arrows"]:
            kit.append(plural(g["arrows"], "arrow"))
        place = f"at {g['at']} facing {g['facing']}" if g["on_board"] else \
            f"out of the fight (last at {g['at']})"
        kind = state.data.types[glad.type].name if glad.type in state.data.types else \
            "custom kit"
        # Before the start a strength not given is still to be rolled (4 + D6).
        strength = "strength to be rolled" if data["phase"] == "setup" and \
            not glad.fixed_strength else f"strength {g['strength']} of {g['full_strength']}"
        lines.append(f"  {g['id']}: {display_name(state, g['id'])} ({kind}), side {g['side']}, "
                     f"{place}: {strength}, {g['ap']} AP, {', '.join(conditions)}; "
                     f"{', '.join(kit)}")
    for item in data["items"]:
        owner = display_name(state, item["owner"]) if item["owner"] else "nobody"
        lines.append(f"  On the board: {owner}'s {item_words(state, item['name'], item['kind'])}"
                     f" at {item['at']} (item {item['id']})")
    return lines
