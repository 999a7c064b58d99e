"""A turn explained, from its events (schema §7), never from log lines: for each fight
the dice and their faces, every modifier with where it came from, the totals, the
advantage and its band, the damage part by part and the critical; between the fights,
what followed (HP, CZ, conditions, defeat), in the narrator's words for those events.

Pure: no pygame. The screen draws the lines."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.rulesets.base import Event, Outcome

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
        if e.kind == "turn":
            turn = e.get("turn")
            return int(turn) if isinstance(turn, int) else None
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


def faces_words(dice: Any, faces: Sequence[Any]) -> str:
    """"5 on the d8", "3 and 1 on 2d4"."""
    shown = [str(f) for f in faces]
    if not shown:
        return f"the {dice}" if dice else "no roll"
    joined = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    return f"{joined} on the {dice}" if dice else joined


def modifier_words(mod: Mapping[str, Any], side: Mapping[str, Any], words: Words) -> str:
    reason = str(mod.get("reason") or "other")
    if reason == "stat":
        stat = side.get("stat") or words.move_stat(str(side.get("move") or ""))
        what = STAT_WORDS.get(str(stat), "his stat") if stat not in (None, "active") \
            else "his active stat"
    elif reason == "move":
        what = words.move_name(str(side.get("move") or ""))
    else:
        what = words.reason(reason)
    return f"{signed(int(mod.get('amount') or 0))} {what}"


def side_words(side: Mapping[str, Any], words: Words) -> str:
    """"Lord Smash: 5 on the d8 + 6 Brutality − 2 Wild Charge, total 9"."""
    who = words.name_of(str(side.get("id")))
    faces = side.get("faces") or []
    if side.get("keep") == "worse":  # High Stakes: two dice, the lower one counts
        parts = [f"the worse of {faces_words(side.get('dice'), faces)}"]
    else:
        parts = [faces_words(side.get("dice"), faces)]
    parts += [modifier_words(m, side, words) for m in side.get("modifiers") or []]
    return f"{who}: {' '.join(parts)}, total {side.get('total')}"


def damage_words(damage: Mapping[str, Any], words: Words) -> str:
    """"Damage 4: 2 margin + 5 weapon die (5 rolled) − 4 halved"."""
    text = ""
    for part in damage.get("parts") or []:
        amount = int(part.get("amount") or 0)
        what = words.reason(str(part.get("reason") or "other"))
        faces = part.get("faces") or []
        rolled = f" ({', '.join(str(f) for f in faces)} rolled)" if faces else ""
        if not text:
            text = f"{amount if amount >= 0 else chr(0x2212) + str(-amount)} {what}{rolled}"
        else:
            text += f" {signed(amount)} {what}{rolled}"
    return f"Damage {damage.get('total')}: " + (text or "no parts")


def fight_lines(e: Event, words: Words) -> list[Line]:
    sides = list(e.get("sides") or [])
    names = [f"{words.name_of(str(s.get('id')))} ({words.move_name(str(s.get('move')))})"
             for s in sides]
    lines = [Line(" against ".join(names), "fight")]
    lines += [Line(side_words(s, words)) for s in sides]
    advantage = e.get("advantage")
    band = str(e.get("band") or "inconclusive")
    winner = e.get("winner")
    if band == "inconclusive" or winner is None:
        lines.append(Line(f"Advantage {advantage}: inconclusive"))
    else:
        lines.append(Line(f"Advantage {advantage} to {words.name_of(str(winner))}: "
                          f"{BAND_WORDS.get(band, band)}"))
    crit = e.get("crit")
    if isinstance(crit, Mapping):
        lines.append(Line(f"Critical table: {crit.get('roll')} rolled at severity "
                          f"{crit.get('severity')}"))
    damage = e.get("damage")
    if isinstance(damage, Mapping):
        lines.append(Line(damage_words(damage, words)))
    return lines


def explain(events: Sequence[Event], words: Words) -> list[Line]:
    """The lines of one turn's events."""
    lines: list[Line] = []
    for e in events:
        if e.kind == "turn":
            lines.append(Line(f"Turn {e.get('turn')}", "head"))
        elif e.kind == "fight":
            lines += fight_lines(e, words)
        else:
            lines += [Line(text, "effect") for text in words.narrate(e)]
    return lines
