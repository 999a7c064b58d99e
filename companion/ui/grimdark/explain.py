"""A turn explained, from its events (schema §7), never from log lines: for each fight
the dice and their faces, every modifier with where it came from, the totals, the
advantage and its band, the damage part by part and the critical; between the fights,
what followed (HP, CZ, conditions, defeat), in the narrator's words for those events.

Pure: no pygame. The screen draws the lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.rulesets.base import Event, Outcome
from companion.rulesets.grimdark.events import (
    BlowDamage,
    Clashed,
    PowerModifier,
    SidePower,
    TurnBegan,
)

STAT_WORDS = {"brutality": "Brutality", "style": "Style", "mind": "Mind", "weird": "Weird"}
BAND_WORDS = {"inconclusive": "inconclusive", "hit": "a hit", "critical": "a critical"}


@dataclass(frozen=True)
class Line:
    text: str
    style: str = "plain"  # "head" (the turn), "fight" (who against whom), "plain", "effect"


@dataclass(frozen=True)
class Words:
    """What the explanation needs to put a name to an id, a key or a reason."""

    name_of: Callable[[str], str]  # a gladiator's id -> his name
    move_name: Callable[[str], str]  # a move's key -> its name
    move_stat: Callable[[str], str | None]  # a move's key -> its stat key, if fixed
    reason: Callable[[str], str]  # a modifier's or damage part's reason -> words
    narrate: Callable[[Event], list[str]]  # one event in the narrator's words


def turn_of(outcome: Outcome) -> int | None:
    """The turn an action played, or None for an action that is no turn."""
    for e in outcome.events:
        if isinstance(e, TurnBegan):
            return e.turn
    return None


def turns(outcomes: Sequence[Outcome]) -> list[tuple[int, int]]:
    """(turn, index of its outcome) for every turn played, in order."""
    found = []
    for i, outcome in enumerate(outcomes):
        turn = turn_of(outcome)
        if turn is not None:
            found.append((turn, i))
    return found


def signed(n: int) -> str:
    return f"+ {n}" if n >= 0 else f"\u2212 {-n}"


def faces_words(dice: str, faces: Sequence[int]) -> str:
    """"5 on the d8", "3 and 1 on 2d4"."""
    shown = [str(f) for f in faces]
    if not shown:
        return f"the {dice}" if dice else "no roll"
    joined = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    return f"{joined} on the {dice}" if dice else joined


def modifier_words(mod: PowerModifier, side: SidePower, words: Words) -> str:
    reason = mod.reason or "other"
    if reason == "stat":
        stat = side.stat or words.move_stat(side.move)
        what = STAT_WORDS.get(str(stat), "his stat") if stat not in (None, "active") \
            else "his active stat"
    elif reason == "move":
        what = words.move_name(side.move)
    else:
        what = words.reason(reason)
    return f"{signed(mod.amount)} {what}"


def side_words(side: SidePower, words: Words) -> str:
    """"Lord Smash: 5 on the d8 + 6 Brutality − 2 Wild Charge, total 9"."""
    who = words.name_of(side.id)
    if side.keep == "worse":  # High Stakes: two dice, the lower one counts
        parts = [f"the worse of {faces_words(side.dice, side.faces)}"]
    else:
        parts = [faces_words(side.dice, side.faces)]
    parts += [modifier_words(m, side, words) for m in side.modifiers]
    return f"{who}: {' '.join(parts)}, total {side.total}"


def damage_words(damage: BlowDamage, words: Words) -> str:
    """"Damage 4: 2 margin + 5 weapon die (5 rolled) − 4 halved"."""
    text = ""
    for part in damage.parts:
        amount = part.amount
        what = words.reason(part.reason or "other")
        rolled = f" ({', '.join(str(f) for f in part.faces)} rolled)" if part.faces else ""
        if not text:
            text = f"{amount if amount >= 0 else chr(0x2212) + str(-amount)} {what}{rolled}"
        else:
            text += f" {signed(amount)} {what}{rolled}"
    return f"Damage {damage.total}: " + (text or "no parts")


def fight_lines(e: Clashed, words: Words) -> list[Line]:
    names = [f"{words.name_of(s.id)} ({words.move_name(s.move)})" for s in e.sides]
    lines = [Line(" against ".join(names), "fight")]
    lines += [Line(side_words(s, words)) for s in e.sides]
    if e.band == "inconclusive" or e.winner is None:
        lines.append(Line(f"Advantage {e.advantage}: inconclusive"))
    else:
        lines.append(Line(f"Advantage {e.advantage} to {words.name_of(e.winner)}: "
                          f"{BAND_WORDS.get(e.band, e.band)}"))
    if e.crit is not None:
        lines.append(Line(f"Critical table: {e.crit.roll} rolled at severity "
                          f"{e.crit.severity}"))
    if e.damage is not None:
        lines.append(Line(damage_words(e.damage, words)))
    return lines


def explain(events: Sequence[Event], words: Words) -> list[Line]:
    """The lines of one turn's events."""
    lines: list[Line] = []
    for e in events:
        if isinstance(e, TurnBegan):
            lines.append(Line(f"Turn {e.turn}", "head"))
        elif isinstance(e, Clashed):
            lines += fight_lines(e, words)
        else:
            lines += [Line(text, "effect") for text in words.narrate(e)]
    return lines
