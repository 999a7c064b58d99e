"""Grimdark events in words: the log's lines ("Turn 3.", "Lord Smash plays Wild Charge
(aggressive, prefers Wild Charge) against Rex.", the power of each side with every
modifier, the damage with every part) and `describe` for `companion show`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.core.words import listed
from companion.rulesets.base import Event
from companion.rulesets.grimdark.coaching import why_words
from companion.rulesets.grimdark.events import (
    ActiveStatChanged,
    BlowDamage,
    BlowPart,
    CardsDrawn,
    ChanceRolled,
    Clashed,
    ConditionGained,
    CursesRolled,
    CzChanged,
    DeckRecycled,
    Defeated,
    FateDecided,
    FellBeforeStriking,
    HpChanged,
    MatchOver,
    MoveChosen,
    MoveKept,
    MoveReplaced,
    OpeningHand,
    RandomStatRolled,
    ResourceChanged,
    ShruggedOff,
    SidePower,
    StartRolled,
    StatAlreadySettled,
    TurnBegan,
    Wounded,
    WoundHealed,
    WrathUnleashed,
)
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
# Each teller takes the record of the class it is filed under in TELLERS.
Teller = Callable[[GrimdarkState, Any], list[str]]


def narrate(state: GrimdarkState, events: Sequence[Event]) -> list[str]:
    lines: list[str] = []
    for e in events:
        teller = TELLERS.get(type(e))
        if teller is not None:
            lines += teller(state, e)
    return lines


def _n(state: GrimdarkState, who: str | None) -> str:
    return state.display_name(who) if who is not None else "no one"


def why_text(state: GrimdarkState, why: Sequence[str]) -> str:
    return why_words(why, state.data)


def _started(s: GrimdarkState, e: StartRolled) -> list[str]:
    hp = f"{e.hp} HP ({e.hp_dice}: {', '.join(map(str, e.hp_faces))})"
    init = f"Init {e.init} ({e.init_dice}: {', '.join(map(str, e.init_faces))})"
    extra = [f"{v} {k.replace('-', ' ')}" for k, v in e.resources.items()]
    more = f", {listed(extra)}" if extra else ""
    return [f"{_n(s, e.who)}: {hp}, {init}, {stat_words(e.active_stat)} active{more}."]


def _hand(s: GrimdarkState, e: OpeningHand) -> list[str]:
    names = listed([move_name(s.data, k) for k in e.hand])
    opened = " (as coached)" if e.opening else ""
    return [f"{_n(s, e.who)} holds {names}{opened}; {e.deck} moves in the deck."]


def _turn(s: GrimdarkState, e: TurnBegan) -> list[str]:
    return [f"Turn {e.turn}."]


def _choice(s: GrimdarkState, e: MoveChosen) -> list[str]:
    who = _n(s, e.who)
    if e.move is None:
        return [f"{who} is stunned: no move this turn, only a passive defence."]
    name = move_name(s.data, e.move)
    if e.by == "coaching":
        why = why_text(s, e.why)
        name += f" ({why})" if why else ""
    elif e.by == "gm":
        name += " (the GM's choice)"
    # "public": a report's, which keeps the coaching's reasons to itself
    against = f" against {_n(s, e.target)}" if e.target else ""
    how = ""
    if e.reach == "ranged" and s.data.moves[e.move].attack == "melee-or-ranged":
        how = " at range"
    if e.active_stat:
        how += f", setting the active stat to {stat_words(e.active_stat)}"
    return [f"{who} plays {name}{against}{how}."]


def _power_side(s: GrimdarkState, side: SidePower) -> str:
    """"Lord Smash 12 (5 on the d8 + 6 Brutality + 1 Combat Focus)": the total first,
    then where it came from, so a reader finds the number he is after at once."""
    faces = side.faces
    if side.keep == "worse":
        text = f"the worse of {' and '.join(map(str, faces))} on the {side.dice}"
    else:
        text = f"{'+'.join(map(str, faces))} on the {side.dice}"
    for m in side.modifiers:
        amount, reason = m.amount, m.reason
        if reason == "stat":
            label = stat_words(side.stat)
        elif reason == "move":
            label = move_name(s.data, side.move)
        else:
            label = reason_words(reason)
        sign = "+" if amount >= 0 else MINUS
        text += f" {sign} {abs(amount)} {label}"
    return f"{_n(s, side.id)} {side.total} ({text})"


def _part(s: GrimdarkState, part: BlowPart, die: str, move: str) -> str:
    reason, amount, faces = part.reason, part.amount, part.faces
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


def _damage_text(s: GrimdarkState, damage: BlowDamage, move: str) -> str:
    text = ""
    for i, p in enumerate(damage.parts):
        piece = _part(s, p, damage.die, move)
        if i == 0:
            text = piece
        elif p.amount < 0:
            text += f" \u2212 {piece.lstrip('-')}"
        else:
            text += f" + {piece}"
    return f"{damage.total} damage ({text})"


def _fight(s: GrimdarkState, e: Clashed) -> list[str]:
    a, b = e.sides
    power = f"Power: {_power_side(s, a)}; {_power_side(s, b)}"
    if e.winner is None:
        return [f"{power}: inconclusive."]
    win = a if e.winner == a.id else b
    lose = b if win is a else a
    who, them = _n(s, win.id), _n(s, lose.id)
    lines = [f"{power}."]
    if e.damage is None:
        tail = f"; {them} is out of position against {who}" if e.out_of_position else ""
        lines.append(f"{who}'s {move_name(s.data, win.move)} holds by {e.advantage}"
                     f"{tail}.")
        return lines
    crit = e.crit
    if crit is not None:
        entry = s.data.crit(crit.roll, crit.severity)
        what = (f"{who} lands a critical by {e.advantage} (severity {crit.severity}, "
                f"{crit.roll} on the table: {entry.description})")
    else:
        what = f"{who} hits {them} by {e.advantage}"
    lines.append(f"{what} for {_damage_text(s, e.damage, win.move)}.")
    return lines


def _hp(s: GrimdarkState, e: HpChanged) -> list[str]:
    who = _n(s, e.who)
    if e.change > 0:
        return [f"{who} regains {e.change} HP ({reason_words(e.reason)}): {e.hp}."]
    reason = e.reason
    cause = "" if reason == "blow" else f" ({_cause(s, reason)})"
    return [f"{who} takes {-e.change}{cause}: {e.hp} HP left."]


def _cause(s: GrimdarkState, reason: str) -> str:
    if reason in s.data.moves:
        return s.data.moves[reason].name
    return {"unsafe": "an Unsafe weapon", "curse": "a curse breaks"}.get(
        reason, reason.replace("-", " "))


def _cz(s: GrimdarkState, e: CzChanged) -> list[str]:
    why = {"inconclusive": "the crowd loves the exchange", "fame": "fame"}.get(
        e.reason, source_name(s.data, e.reason))
    return [f"{_n(s, e.who)} gains {e.change} CZ ({why}): {e.cz}."]


def _wounded(s: GrimdarkState, e: Wounded) -> list[str]:
    who = _n(s, e.who)
    if not e.second:
        return [f"{who} is wounded."]
    return [f"{who} is wounded again: {stat_words(e.stat)} drops to {e.value} for "
            "the rest of the match."]


def _active(s: GrimdarkState, e: ActiveStatChanged) -> list[str]:
    who = _n(s, e.who)
    src = source_name(s.data, e.source)
    if e.stat == "ineffective":
        return [f"{who} becomes Ineffective ({src})."]
    if e.versatile:
        return [f"{who} is Versatile: instead of Ineffective his active stat becomes "
                f"{stat_words(e.stat)} ({e.face} on the d4)."]
    return [f"{who}'s active stat is now {stat_words(e.stat)} ({src})."]


def _condition(s: GrimdarkState, e: ConditionGained) -> list[str]:
    who = _n(s, e.who)
    src = source_name(s.data, e.source)
    turns = "next turn" if e.turns == 1 else f"for the next {e.turns} turns"
    key = e.key
    if key == "penalty":
        return [f"{who} takes {signed(e.amount)} {turns} ({src})."]
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
        return [f"{who} is resistant to every element for {e.turns} turns ({src})."]
    return [f"{who}: {key.replace('-', ' ')} ({src})."]


def _resource(s: GrimdarkState, e: ResourceChanged) -> list[str]:
    what = {"arcane-essence": "arcane essence", "quantum-energy": "quantum energy",
            "curses": "curse", "poison": "poison"}[e.resource]
    change = e.change
    who = _n(s, e.who)
    src = source_name(s.data, e.reason)
    if e.resource == "curses":
        what = "curse" if abs(change) == 1 else "curses"
    if change > 0:
        return [f"{who} gains {change} {what} ({src}): {e.value}."]
    return [f"{who} loses {-change} {what} ({src}): {e.value}."]


def _chance(s: GrimdarkState, e: ChanceRolled) -> list[str]:
    if not e.won:
        return []
    name = source_name(s.data, e.ability)
    return [f"{name} comes through for {_n(s, e.who)}: +{e.bonus} this turn."]


def _random_stat(s: GrimdarkState, e: RandomStatRolled) -> list[str]:
    return [f"{move_name(s.data, e.move)}: {_n(s, e.who)} rolls {e.face}, "
            f"{stat_words(e.stat)}."]


def _defeated(s: GrimdarkState, e: Defeated) -> list[str]:
    who = _n(s, e.who)
    how = {"hp": f"{who} is defeated.",
           "poison": f"{who} is defeated: the poison takes him.",
           "last-stand": f"{who}'s Last Stand fails: he is hit, and defeated.",
           "gruesome": f"{who} suffers a gruesome demise."}
    return [how.get(e.how, f"{who} is defeated.")]


def _death(s: GrimdarkState, e: FateDecided) -> list[str]:
    who = _n(s, e.who)
    rule = e.rule
    if rule == "starred":
        return [f"{who} is starred: somehow, life goes on."]
    if rule == "gruesome":
        return [f"{who} is dead: a gruesome demise spares no one."]
    roll = f"{e.roll} on the {e.die}"
    if rule == "execution":
        verdict = "the crowd is denied" if not e.dead else "executed"
        return [f"The crowd demands {who}'s execution (CZ {e.cz_gap} behind): {roll}, "
                f"{verdict}."]
    return [f"{who}'s fate: {roll}: " + ("dead." if e.dead else "spared.")]


def _over(s: GrimdarkState, e: MatchOver) -> list[str]:
    if not e.winners:
        return ["The match is over: no one is left standing."]
    return [f"The match is over: {listed([_n(s, w) for w in e.winners])} "
            f"win{'s' if len(e.winners) == 1 else ''}."]


def _kept(s: GrimdarkState, e: MoveKept) -> list[str]:
    return [f"{_n(s, e.who)} keeps {move_name(s.data, e.move)} in hand: it hit."]


def _replaced(s: GrimdarkState, e: MoveReplaced) -> list[str]:
    return [f"{_n(s, e.who)}'s {move_name(s.data, e.move)} gives way to "
            f"{move_name(s.data, e.by)} in his hand."]


def _drew(s: GrimdarkState, e: CardsDrawn) -> list[str]:
    if e.assess:
        return [f"{_n(s, e.who)} takes stock: a new hand of "
                f"{listed([move_name(s.data, k) for k in e.hand])}."]
    return []


def _recycled(s: GrimdarkState, e: DeckRecycled) -> list[str]:
    return [f"{_n(s, e.who)}'s deck is spent: the {e.cards} played moves are "
            "shuffled into a new one."]


def _curses(s: GrimdarkState, e: CursesRolled) -> list[str]:
    broke = e.broken
    tail = "none breaks" if not broke else f"{broke} break{'s' if broke == 1 else ''}"
    return [f"{_n(s, e.who)}'s curses roll {', '.join(map(str, e.faces))}: {tail}."]


def _wrath(s: GrimdarkState, e: WrathUnleashed) -> list[str]:
    return [f"{move_name(s.data, e.move)}: every combatant takes {e.amount} "
            f"({_n(s, e.who)}'s Brutality)."]


def _forestalled(s: GrimdarkState, e: FellBeforeStriking) -> list[str]:
    return [f"{_n(s, e.who)} falls before striking."]


def _unwounded(s: GrimdarkState, e: WoundHealed) -> list[str]:
    return [f"{_n(s, e.who)} is no longer wounded ({source_name(s.data, e.source)})."]


def _ignored(s: GrimdarkState, e: ShruggedOff) -> list[str]:
    what = "the knockback" if e.what == "knockback" else "the stun"
    return [f"{_n(s, e.who)}'s {source_name(s.data, e.by)} weapon shrugs off {what}."]


def _stat_kept(s: GrimdarkState, e: StatAlreadySettled) -> list[str]:
    return [f"{source_name(s.data, e.source)} by {_n(s, e.by)} changes nothing: "
            f"{_n(s, e.first)}'s higher Init already settled {_n(s, e.who)}'s active stat."]


# Every kind but the shuffle, which the roll log shows.
TELLERS: dict[type[Event], Teller] = {
    ShruggedOff: _ignored, StatAlreadySettled: _stat_kept,
    StartRolled: _started, OpeningHand: _hand, TurnBegan: _turn, MoveChosen: _choice,
    Clashed: _fight, HpChanged: _hp, CzChanged: _cz, Wounded: _wounded,
    ActiveStatChanged: _active, ConditionGained: _condition, ResourceChanged: _resource,
    ChanceRolled: _chance, RandomStatRolled: _random_stat, Defeated: _defeated,
    FateDecided: _death, MatchOver: _over, MoveKept: _kept, MoveReplaced: _replaced,
    CardsDrawn: _drew, DeckRecycled: _recycled, CursesRolled: _curses,
    WrathUnleashed: _wrath, FellBeforeStriking: _forestalled, WoundHealed: _unwounded,
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
