"""Grimdark events in words: the log's lines ("Turn 3.", "Lord Smash plays Wild Charge
(aggressive, prefers Wild Charge) against Rex.", the power of each side with every
modifier, the damage with every part) and `describe` for `companion show`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.core.words import listed
from companion.rulesets.base import Event
from companion.rulesets.grimdark.coaching import why_words
from companion.rulesets.grimdark.state import GrimdarkState
from companion.rulesets.grimdark.summary import active_stat_name, conditions
from companion.rulesets.grimdark.words import (
    move_name,
    reason_words,
    signed,
    source_name,
    stat_words,
)

MINUS = "\u2212"
Teller = Callable[[GrimdarkState, Event], list[str]]


def narrate(state: GrimdarkState, events: Sequence[Event]) -> list[str]:
    lines: list[str] = []
    for e in events:
        teller = TELLERS.get(e.kind)
        if teller is not None:
            lines += teller(state, e)
    return lines


def _n(state: GrimdarkState, who: str | None) -> str:
    return state.display_name(who) if who is not None else "no one"


def why_text(state: GrimdarkState, why: Sequence[str]) -> str:
    return why_words(why, state.data)


def _started(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    hp = f"{d['hp']} HP ({d['hp_dice']}: {', '.join(map(str, d['hp_faces']))})"
    init = f"Init {d['init']} ({d['init_dice']}: {', '.join(map(str, d['init_faces']))})"
    extra = [f"{v} {k.replace('-', ' ')}" for k, v in d.get("resources", {}).items()]
    more = f", {listed(extra)}" if extra else ""
    return [f"{_n(s, e.who)}: {hp}, {init}, {stat_words(d['active_stat'])} active{more}."]


def _hand(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    names = listed([move_name(s.data, k) for k in d["hand"]])
    opened = " (as coached)" if d["opening"] else ""
    return [f"{_n(s, e.who)} holds {names}{opened}; {d['deck']} moves in the deck."]


def _turn(s: GrimdarkState, e: Event) -> list[str]:
    return [f"Turn {e.data['turn']}."]


def _choice(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    who = _n(s, e.who)
    if d["move"] is None:
        return [f"{who} is stunned: no move this turn, only a passive defence."]
    name = move_name(s.data, d["move"])
    if d["by"] == "coaching":
        why = why_text(s, d.get("why") or [])
        name += f" ({why})" if why else ""
    elif d["by"] == "gm":
        name += " (the GM's choice)"
    # "public": a report's, which keeps the coaching's reasons to itself
    against = f" against {_n(s, d['target'])}" if d.get("target") else ""
    how = ""
    if d.get("reach") == "ranged" and s.data.moves[d["move"]].attack == "melee-or-ranged":
        how = " at range"
    if d.get("active_stat"):
        how += f", setting the active stat to {stat_words(d['active_stat'])}"
    return [f"{who} plays {name}{against}{how}."]


def _power_side(s: GrimdarkState, side: dict[str, Any]) -> str:
    """"Lord Smash 12 (5 on the d8 + 6 Brutality + 1 Combat Focus)": the total first,
    then where it came from, so a reader finds the number he is after at once."""
    faces = side["faces"]
    if side.get("keep") == "worse":
        text = f"the worse of {' and '.join(map(str, faces))} on the {side['dice']}"
    else:
        text = f"{'+'.join(map(str, faces))} on the {side['dice']}"
    for m in side["modifiers"]:
        amount, reason = m["amount"], m["reason"]
        if reason == "stat":
            label = stat_words(side.get("stat"))
        elif reason == "move":
            label = move_name(s.data, side["move"])
        else:
            label = reason_words(reason)
        sign = "+" if amount >= 0 else MINUS
        text += f" {sign} {abs(amount)} {label}"
    return f"{_n(s, side['id'])} {side['total']} ({text})"


def _part(s: GrimdarkState, part: dict[str, Any], die: str, move: str) -> str:
    reason, amount, faces = part["reason"], part["amount"], part.get("faces") or []
    if reason == "margin":
        return f"{amount} margin"
    if reason == "weapon-die":
        return f"{amount} on the {die}" if faces else f"{amount} weapon"
    if reason == "move-bonus":
        label = move_name(s.data, move)
        return f"{amount} {label}" + (f" ({'+'.join(map(str, faces))})" if faces else "")
    if reason == "critical-table":
        return f"{amount} critical table ({'+'.join(map(str, faces))})" if faces else \
            f"{amount} critical table"
    return f"{amount} {reason_words(reason)}"


def _damage_text(s: GrimdarkState, damage: dict[str, Any], move: str) -> str:
    parts = damage["parts"]
    text = ""
    for i, p in enumerate(parts):
        piece = _part(s, p, damage["die"], move)
        if i == 0:
            text = piece
        elif p["amount"] < 0:
            text += f" \u2212 {piece.lstrip('-')}"
        else:
            text += f" + {piece}"
    return f"{damage['total']} damage ({text})"


def _fight(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    a, b = d["sides"]
    power = f"Power: {_power_side(s, a)}; {_power_side(s, b)}"
    if d["winner"] is None:
        return [f"{power}: inconclusive."]
    win = a if d["winner"] == a["id"] else b
    lose = b if win is a else a
    who, them = _n(s, win["id"]), _n(s, lose["id"])
    lines = [f"{power}."]
    if d["damage"] is None:
        tail = f"; {them} is out of position against {who}" if d["out_of_position"] else ""
        lines.append(f"{who}'s {move_name(s.data, win['move'])} holds by {d['advantage']}"
                     f"{tail}.")
        return lines
    crit = d.get("crit")
    if crit is not None:
        entry = s.data.crit(crit["roll"], crit["severity"])
        what = (f"{who} lands a critical by {d['advantage']} (severity {crit['severity']}, "
                f"{crit['roll']} on the table: {entry.description})")
    else:
        what = f"{who} hits {them} by {d['advantage']}"
    lines.append(f"{what} for {_damage_text(s, d['damage'], win['move'])}.")
    return lines


def _hp(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    who = _n(s, e.who)
    if d["change"] > 0:
        return [f"{who} regains {d['change']} HP ({reason_words(d['reason'])}): {d['hp']}."]
    reason = d["reason"]
    cause = "" if reason == "blow" else f" ({_cause(s, reason)})"
    return [f"{who} takes {-d['change']}{cause}: {d['hp']} HP left."]


def _cause(s: GrimdarkState, reason: str) -> str:
    if reason in s.data.moves:
        return s.data.moves[reason].name
    return {"unsafe": "an Unsafe weapon", "curse": "a curse breaks"}.get(
        reason, reason.replace("-", " "))


def _cz(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    why = {"inconclusive": "the crowd loves the exchange", "fame": "fame"}.get(
        d["reason"], source_name(s.data, d["reason"]))
    return [f"{_n(s, e.who)} gains {d['change']} CZ ({why}): {d['cz']}."]


def _wounded(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    who = _n(s, e.who)
    if not d["second"]:
        return [f"{who} is wounded."]
    return [f"{who} is wounded again: {stat_words(d['stat'])} drops to {d['value']} for "
            "the rest of the match."]


def _active(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    who = _n(s, e.who)
    src = source_name(s.data, d["source"])
    if d["stat"] == "ineffective":
        return [f"{who} becomes Ineffective ({src})."]
    if d.get("versatile"):
        return [f"{who} is Versatile: instead of Ineffective his active stat becomes "
                f"{stat_words(d['stat'])} ({d['face']} on the d4)."]
    return [f"{who}'s active stat is now {stat_words(d['stat'])} ({src})."]


def _condition(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    who = _n(s, e.who)
    src = source_name(s.data, d["source"])
    turns = "next turn" if d["turns"] == 1 else f"for the next {d['turns']} turns"
    key = d["key"]
    if key == "penalty":
        return [f"{who} takes {signed(d['amount'])} {turns} ({src})."]
    if key == "stunned":
        return [f"{who} is stunned: no move next turn."]
    if key == "disarmed":
        return [f"{who} is disarmed {turns} ({src})."]
    if key == "weapon-gone":
        return [f"{who}'s thrown weapon is gone {turns}."]
    if key == "cooldown":
        return []
    if key == "out-of-position":
        return []
    if key == "resistant":
        return [f"{who} is resistant to every element for {d['turns']} turns ({src})."]
    return [f"{who}: {key.replace('-', ' ')} ({src})."]


def _resource(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    what = {"arcane-essence": "arcane essence", "quantum-energy": "quantum energy",
            "curses": "curse", "poison": "poison"}[d["resource"]]
    change = d["change"]
    who = _n(s, e.who)
    src = source_name(s.data, d["reason"])
    if d["resource"] == "curses":
        what = "curse" if abs(change) == 1 else "curses"
    if change > 0:
        return [f"{who} gains {change} {what} ({src}): {d['value']}."]
    return [f"{who} loses {-change} {what} ({src}): {d['value']}."]


def _chance(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    if not d["won"]:
        return []
    name = source_name(s.data, d["ability"])
    return [f"{name} comes through for {_n(s, e.who)}: +{d['bonus']} this turn."]


def _random_stat(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    return [f"{move_name(s.data, d['move'])}: {_n(s, e.who)} rolls {d['face']}, "
            f"{stat_words(d['stat'])}."]


def _defeated(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    who = _n(s, e.who)
    how = {"hp": f"{who} is defeated.",
           "poison": f"{who} is defeated: the poison takes him.",
           "last-stand": f"{who}'s Last Stand fails: he is hit, and defeated.",
           "gruesome": f"{who} suffers a gruesome demise."}
    return [how.get(d["how"], f"{who} is defeated.")]


def _death(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    who = _n(s, e.who)
    rule = d["rule"]
    if rule == "starred":
        return [f"{who} is starred: somehow, life goes on."]
    if rule == "gruesome":
        return [f"{who} is dead: a gruesome demise spares no one."]
    roll = f"{d['roll']} on the {d['die']}"
    if rule == "execution":
        verdict = "the crowd is denied" if not d["dead"] else "executed"
        return [f"The crowd demands {who}'s execution (CZ {d['cz_gap']} behind): {roll}, "
                f"{verdict}."]
    return [f"{who}'s fate: {roll}: " + ("dead." if d["dead"] else "spared.")]


def _over(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    if not d["winners"]:
        return ["The match is over: no one is left standing."]
    return [f"The match is over: {listed([_n(s, w) for w in d['winners']])} "
            f"win{'s' if len(d['winners']) == 1 else ''}."]


def _kept(s: GrimdarkState, e: Event) -> list[str]:
    return [f"{_n(s, e.who)} keeps {move_name(s.data, e.data['move'])} in hand: it hit."]


def _replaced(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    return [f"{_n(s, e.who)}'s {move_name(s.data, d['move'])} gives way to "
            f"{move_name(s.data, d['by'])} in his hand."]


def _drew(s: GrimdarkState, e: Event) -> list[str]:
    if e.data.get("assess"):
        return [f"{_n(s, e.who)} takes stock: a new hand of "
                f"{listed([move_name(s.data, k) for k in e.data['hand']])}."]
    return []


def _recycled(s: GrimdarkState, e: Event) -> list[str]:
    return [f"{_n(s, e.who)}'s deck is spent: the {e.data['cards']} played moves are "
            "shuffled into a new one."]


def _curses(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    broke = d["broken"]
    tail = "none breaks" if not broke else f"{broke} break{'s' if broke == 1 else ''}"
    return [f"{_n(s, e.who)}'s curses roll {', '.join(map(str, d['faces']))}: {tail}."]


def _wrath(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    return [f"{move_name(s.data, d['move'])}: every combatant takes {d['amount']} "
            f"({_n(s, e.who)}'s Brutality)."]


def _forestalled(s: GrimdarkState, e: Event) -> list[str]:
    return [f"{_n(s, e.who)} falls before striking."]


def _unwounded(s: GrimdarkState, e: Event) -> list[str]:
    return [f"{_n(s, e.who)} is no longer wounded ({source_name(s.data, e.data['source'])})."]


def _ignored(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    what = "the knockback" if d["what"] == "knockback" else "the stun"
    return [f"{_n(s, e.who)}'s {source_name(s.data, d['by'])} weapon shrugs off {what}."]


def _stat_kept(s: GrimdarkState, e: Event) -> list[str]:
    d = e.data
    return [f"{source_name(s.data, d['source'])} by {_n(s, d['by'])} changes nothing: "
            f"{_n(s, d['first'])}'s higher Init already settled {_n(s, e.who)}'s active stat."]


TELLERS: dict[str, Teller] = {
    "ignored": _ignored, "stat_kept": _stat_kept,
    "started": _started, "hand": _hand, "turn": _turn, "choice": _choice, "fight": _fight,
    "hp": _hp, "cz": _cz, "wounded": _wounded, "active_stat": _active,
    "condition": _condition, "resource": _resource, "chance": _chance,
    "random_stat": _random_stat, "defeated": _defeated, "death": _death, "over": _over,
    "kept": _kept, "replaced": _replaced, "drew": _drew, "recycled": _recycled,
    "curses": _curses, "wrath": _wrath, "forestalled": _forestalled,
    "unwounded": _unwounded,
}


def describe(state: GrimdarkState) -> list[str]:
    """Where the match stands, for `companion show`."""
    if not state.started:
        lines = ["Grimdark Gladiators: the match has not started (next: start)."]
    elif state.over:
        lines = [f"Grimdark Gladiators: over after {state.turn} turns."]
    else:
        lines = [f"Grimdark Gladiators: {state.turn} turns played; next: turn "
                 f"{state.turn + 1}."]
    for f in state.fighters:
        status = "dead" if f.dead else "defeated" if f.defeated else ""
        words = [c["words"] for c in conditions(state, f)]
        bits = [f"HP {f.hp}/{f.max_hp}", f"CZ {f.cz}", f"Init {f.init}",
                f"AS {active_stat_name(f)}"]
        more = f"; {', '.join(words)}" if words else ""
        state_words = f" ({status})" if status else ""
        lines.append(f"  {f.id}: {state.display_name(f.id)}, team {f.team}{state_words}: "
                     f"{', '.join(bits)}{more}")
        if state.started and f.standing:
            lines.append(f"     hand: {listed([move_name(state.data, k) for k in f.hand])}")
    if state.result is not None:
        r = state.result
        won = listed([state.display_name(w) for w in r["winners"]]) or "no one"
        lines.append(f"  winner: {won}")
    return lines
