"""The words of the hex skirmish: its events as log lines, and a bout's state as text.

Every event kind the rules produce has its sentence here, in the words a player reads
aloud at the table: gladiators by `display_name` (two of the same name are told apart),
weapons, kit, wound levels and skills by their names in the tables, never by the slugs
the rules keep ("his left sword", not "sword-left"). Each line keeps the dice and the
modifiers that made it, so that a player can check the rules' arithmetic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from companion.core.words import listed, plural
from companion.rulesets.base import Event
from companion.rulesets.skirmish import events as ev
from companion.rulesets.skirmish.events import FLOORED, GAVE_IN, STRENGTH_GONE, Modifiers
from companion.rulesets.skirmish.state import State, display_name, summary
from companion.rulesets.skirmish.words import item_words, modifier_words, weapon_words

__all__ = ["WORDS", "describe", "item_words", "modifier_words", "narrate", "weapon_words"]

# The words of one kind of event: the function reads the fields of its own record.
Words = Callable[[State, Any], str | None]
E = TypeVar("E", bound=Event)


def _says(kind: type[E], words: Callable[[State, E], str | None]) -> tuple[type[Event], Words]:
    """An entry of `WORDS`, checked: `words` reads a record of `kind`."""
    return kind, words


def _name(state: State, gid: str | None) -> str:
    return display_name(state, gid)


def _who(state: State, e: Event) -> str:
    return _name(state, e.who)


def _mods(state: State, modifiers: Modifiers, prefix: str = "") -> list[str]:
    return [f"{prefix}{modifier_words(state, reason)} {amount:+d}"
            for reason, amount in modifiers]


def _with(state: State, modifiers: Modifiers) -> str:
    """", light +1, off balance -2" after a die, or nothing."""
    return "".join(", " + m for m in _mods(state, modifiers))


def _dice(text: str) -> str:
    """Dice notation as the rules write it: "2D6"."""
    return text.upper()


def _faces(faces: Sequence[int]) -> str:
    return listed([str(f) for f in faces])


# --- the flow of the bout --------------------------------------------------------------
def _strength_rolled(s: State, e: ev.StrengthRolled) -> str:
    return f"{_who(s, e)} rolls a {e.face} for strength: {e.base} + {e.face}, " \
           f"strength {e.strength}"


def _initiative(s: State, e: ev.InitiativeRolled) -> str:
    return "Initiative: " + ", ".join(f"{_name(s, gid)} rolls {face}" for gid, face in e.rolls)


def _order(s: State, e: ev.OrderSettled) -> str:
    return "Order of play: " + ", then ".join(_name(s, g) for g in e.order)


def _ap_rolled(s: State, e: ev.APRolled) -> str:
    return f"{_who(s, e)} rolls a {e.face} for AP{_with(s, e.modifiers)}: {e.ap} AP"


def _gave_in(s: State, e: ev.GaveIn) -> str:
    return (f"With {e.modifier:+d} to his AP, in {_name(s, e.foe)}'s front hex, {_who(s, e)} "
            "gives in")


def _beaten(s: State, e: ev.Beaten) -> str:
    how = {GAVE_IN: "he gave in", STRENGTH_GONE: "his strength is gone",
           FLOORED: f"floored, with {_name(s, e.by)} standing over him"}
    return f"{_who(s, e)} is beaten ({how[e.how]}) and must appeal to the crowd"


def _appealed(s: State, e: ev.Appealed) -> str:
    verdict = "the crowd spares him" if e.verdict == "spared" else "he is killed"
    return (f"{_who(s, e)} appeals to the crowd: he rolls {_faces(e.faces)}"
            f"{_with(s, e.modifiers)}, {e.total} in all: {verdict}")


def _bout_over(s: State, e: ev.BoutOver) -> str:
    standing = e.standing
    names = listed([_name(s, gid) for gid in standing]) or "nobody"
    return f"The bout is over: {names} {'are' if len(standing) > 1 else 'is'} left standing"


# --- moving ---------------------------------------------------------------------------
def _moved(s: State, e: ev.Moved) -> str:
    how = e.direction or "ahead"
    return f"{_who(s, e)} moves {how} to {e.to} ({e.cost} AP, {e.ap} left)"


def _turned(s: State, e: ev.Turned) -> str:
    way = "right" if e.steps > 0 else "left"
    return f"{_who(s, e)} turns {way} to face {e.facing} ({e.cost} AP, {e.ap} left)"


# --- the blow ------------------------------------------------------------------------
def _attack(s: State, e: ev.Attacked) -> str:
    d = e.distance
    how = f" at {d} hexes" if d > 1 else ""
    target = _name(s, e.target)
    if e.weapon == "unarmed":
        return f"{_who(s, e)} attacks {target} unarmed{how}"
    return f"{_who(s, e)} attacks {target} with his {weapon_words(s, e.weapon)}{how}"


def _blow(s: State, e: ev.BlowRolled) -> str:
    words = _mods(s, e.modifiers) + _mods(s, e.defence_modifiers, "defence ")
    margin = e.margin
    sign = "+" if margin >= 0 else ""
    shown = f" ({', '.join(words)})" if words else ""
    return f"Attack {e.attack}, defence {e.defence}{shown}: margin {sign}{margin}"


def _saved(s: State, e: ev.Saved) -> str:
    return (f"Hit, but {_who(s, e)} saves: {e.face} + {e.save} makes {e.face + e.save}, "
            f"{e.need} needed")


def _save_failed(s: State, e: ev.SaveFailed) -> str:
    return (f"{_who(s, e)}'s save fails: {e.face} + {e.save} makes {e.face + e.save}, "
            f"{e.need} needed")


def _wounded(s: State, e: ev.Wounded) -> str:
    level = e.level
    state_name = s.data.level_names[level].lower() if level else "unhurt"
    return (f"{_who(s, e)} takes {plural(e.wounds, 'wound')}: strength {e.before} "
            f"to {e.strength} ({state_name})")


def _special_event(s: State, e: ev.SpecialEvent) -> str:
    entry = s.data.events[e.face]
    return f"{entry.name}: {entry.description}"


def _event_wounds(s: State, e: ev.EventWoundsRolled) -> str:
    return (f"{_dice(e.dice)} for the wounds: {_faces(e.faces)}, "
            f"{plural(e.total, 'wound')}")


def _weapon_loss_rolled(s: State, e: ev.WeaponLossRolled) -> str:
    entry = s.data.events[e.face]
    row = next(r for r in entry.subtable if r.key == e.roll)
    return f"The D6 for the weapon shows {e.roll}: {row.description}"


def _weapon_picked(s: State, e: ev.WeaponPicked) -> str:
    return (f"A D{e.sides} picks which of {_who(s, e)}'s weapons: {e.roll}, his "
            f"{item_words(s, e.item, 'weapon')}")


def _item_landed(s: State, e: ev.ItemLanded) -> str:
    return f"{_who(s, e)}'s {item_words(s, e.item, e.item_kind)} lands in {e.at}"


def _item_destroyed(s: State, e: ev.ItemDestroyed) -> str:
    gone = "is broken" if e.item_kind == "shield" else "is gone for good"
    return f"{_who(s, e)}'s {item_words(s, e.item, e.item_kind)} {gone}"


# --- nets, lassos and capes; items ------------------------------------------------------
def _cast(s: State, e: ev.Cast) -> str:
    return (f"{_who(s, e)} casts his {item_words(s, e.weapon, 'weapon')} at "
            f"{_name(s, e.target)} ({plural(e.distance, 'hex', 'hexes')}: he needs "
            f"{e.need} or more)")


def _shredded(s: State, e: ev.Shredded) -> str:
    return (f"Cast {e.cast}; {_name(s, e.target)}'s {item_words(s, e.tool, 'weapon')} rolls "
            f"{e.roll}: the {item_words(s, e.weapon, 'weapon')} is caught and torn to shreds")


def _shred_failed(s: State, e: ev.ShredFailed) -> str:
    return (f"{_name(s, e.target)}'s {item_words(s, e.tool, 'weapon')} rolls {e.roll}: it "
            f"misses the {item_words(s, e.weapon, 'weapon')}")


def _cut_free_failed(s: State, e: ev.CutFreeFailed) -> str:
    return (f"{_who(s, e)} tries to cut free of the {item_words(s, e.weapon, 'weapon')}: "
            f"{e.roll}, he needed {e.need} or more; still caught")


WORDS: dict[type[Event], Words] = dict([
    _says(ev.StrengthRolled, _strength_rolled),
    _says(ev.StrengthFixed, lambda s, e: f"{_who(s, e)}'s strength is {e.strength}"),
    _says(ev.InitiativeRolled, _initiative),
    _says(ev.OrderSettled, _order),
    _says(ev.TurnBegan, lambda s, e: f"Turn {e.number}: {_who(s, e)}"),
    _says(ev.APRolled, _ap_rolled),
    _says(ev.Tired, lambda s, e: f"{_who(s, e)} tires: fatigue {e.fatigue}"),
    _says(ev.GaveIn, _gave_in),
    _says(ev.Beaten, _beaten),
    _says(ev.TurnEnded, lambda s, e: f"{_who(s, e)} ends his turn"),
    _says(ev.GotUp, lambda s, e: f"{_who(s, e)} gets up from the floor, off balance"),
    _says(ev.Appealed, _appealed),
    _says(ev.BoutOver, _bout_over),
    _says(ev.SkillGained,
          lambda s, e: f"{_who(s, e)} gains a skill: {s.data.skills[e.skill].name}"),
    _says(ev.Moved, _moved),
    _says(ev.Turned, _turned),
    _says(ev.Attacked, _attack),
    _says(ev.DoubleRolled, lambda s, e: f"A double {e.face}: a special event"),
    _says(ev.BlowRolled, _blow),
    _says(ev.Saved, _saved),
    _says(ev.SaveFailed, _save_failed),
    _says(ev.NoSave, lambda s, e: (f"No save for {_who(s, e)}: the two-handed blow adds "
                                   f"{plural(e.extra, 'wound')}")),
    _says(ev.Wounded, _wounded),
    _says(ev.Avoided, lambda s, e: f"{_who(s, e)} avoids the blow"),
    _says(ev.MissileLost, lambda s, e: f"The {e.ammo} is lost"),
    _says(ev.MissileLanded, lambda s, e: f"The {e.ammo} lands in {e.at}"),
    _says(ev.HeldAtEdge, lambda s, e: (f"{_who(s, e)} is at the edge of the arena: he stays, "
                                       "off balance")),
    _says(ev.HeldByBlocker, lambda s, e: (f"{_name(s, e.blocker)} is behind {_who(s, e)}: he "
                                          "stays, off balance")),
    _says(ev.PushedBack, lambda s, e: f"{_who(s, e)} is pushed back to {e.to}"),
    _says(ev.NoSpecialEvent, lambda s, e: "Nothing happens: no special event for this double"),
    _says(ev.SpecialEvent, _special_event),
    _says(ev.EventWoundsRolled, _event_wounds),
    _says(ev.OffBalance, lambda s, e: f"{_who(s, e)} is off balance"),
    _says(ev.Floored, lambda s, e: (f"{_who(s, e)} is floored: beaten if {_name(s, e.by)} "
                                    "ends his turn beside him, otherwise off balance")),
    _says(ev.NoShieldToLose, lambda s, e: f"{_who(s, e)} has no shield to lose"),
    _says(ev.ShieldKept, lambda s, e: (f"{_who(s, e)}'s {item_words(s, e.shield, 'shield')} "
                                       "cannot be lost")),
    _says(ev.WeaponLossRolled, _weapon_loss_rolled),
    _says(ev.WeaponPicked, _weapon_picked),
    _says(ev.NoWeaponToLose, lambda s, e: f"{_who(s, e)} has no weapon to lose"),
    _says(ev.ThrownMissileLost, lambda s, e: f"Only the {e.ammo} already thrown is lost"),
    _says(ev.ItemLanded, _item_landed),
    _says(ev.ItemDestroyed, _item_destroyed),
    _says(ev.DartLanded, lambda s, e: f"One of {_who(s, e)}'s darts lands in {e.at}"),
    _says(ev.DartBroken, lambda s, e: f"One of {_who(s, e)}'s darts is broken"),
    _says(ev.Cast, _cast),
    _says(ev.Shredded, _shredded),
    _says(ev.ShredFailed, _shred_failed),
    _says(ev.Entangled, lambda s, e: f"Cast {e.cast}: {_who(s, e)} is entangled"),
    _says(ev.CastMissed, lambda s, e: (f"Cast {e.cast}: the "
                                       f"{item_words(s, e.weapon, 'weapon')} misses")),
    _says(ev.CutFreeFailed, _cut_free_failed),
    _says(ev.CutFree, lambda s, e: (f"{_who(s, e)} cuts free of the "
                                    f"{item_words(s, e.weapon, 'weapon')} ({e.roll})")),
    _says(ev.ItemLost, lambda s, e: (f"{_who(s, e)}'s {item_words(s, e.item, 'weapon')} is "
                                     "lost for good")),
    _says(ev.ItemFell, lambda s, e: (f"The {item_words(s, e.item, 'weapon')} falls in "
                                     f"{e.at}; {_who(s, e)} may recover it")),
    _says(ev.PickedUp, lambda s, e: (f"{_who(s, e)} picks up his "
                                     f"{item_words(s, e.name, e.item_kind)}")),
    # A kick names no kind: the item by its name alone.
    _says(ev.Kicked, lambda s, e: f"{_who(s, e)} kicks the {item_words(s, e.name)} to {e.to}"),
    _says(ev.ShieldDiscarded, lambda s, e: (f"{_who(s, e)} throws away his "
                                            f"{item_words(s, e.shield, 'shield')} (it stays "
                                            "down for the bout)")),
])


def narrate(state: State, events: Sequence[Event]) -> list[str]:
    lines = []
    for e in events:
        line = WORDS[type(e)](state, e)
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
