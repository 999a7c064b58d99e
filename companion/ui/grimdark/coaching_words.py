"""A gladiator's coaching (schema §4) in a GM's words, for the match view's "Show
coaching". Coaching is secret on a shared display: the screen shows these lines only
while the GM has asked for them. Reads the coaching as it sits in the session's setup
(plain JSON), names moves by their table names, never by their keys."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

WHEN_WORDS = {
    "always": "always", "wounded": "when wounded", "opponent-wounded": "when his opponent "
    "is wounded", "hand-has-no-attack": "when his hand holds no attack",
    "finisher-allowed": "when a finisher is allowed", "hp-below": "when his HP is below {v}",
    "cz-ahead": "when his CZ is {v} or more ahead", "behind-on-hp": "when behind on HP",
}
DO_WORDS = {"assess": "assess the situation", "finish": "use a finisher", "defend": "defend",
            "attack": "attack"}


def _when(rule: Mapping[str, Any]) -> str:
    when = str(rule.get("when") or "always")
    text = WHEN_WORDS.get(when, when.replace("-", " "))
    return text.replace("{v}", str(rule.get("value", "")))


def _does(rule: Mapping[str, Any], move: Callable[[str], str]) -> str:
    if rule.get("prefer"):
        return f"prefer {move(str(rule['prefer']))}"
    if rule.get("avoid"):
        return f"avoid {move(str(rule['avoid']))}"
    if rule.get("do"):
        return str(DO_WORDS.get(str(rule["do"]), str(rule["do"])))
    if rule.get("target"):
        return f"target the {str(rule['target']).replace('-', ' ')}"
    return "nothing"


def coaching_lines(coaching: Mapping[str, Any] | None, move: Callable[[str], str]) -> list[str]:
    """A few lines: the posture and the opening, the preferences, each rule."""
    if not coaching:
        return ["Coaching: none (plain default)"]
    posture = str(coaching.get("posture") or "balanced")
    opening = [move(str(k)) for k in coaching.get("opening") or []]
    lines = [f"Coaching: {posture}" + (f"; opens with {', '.join(opening)}" if opening else "")]
    prefer = coaching.get("prefer") or {}
    if prefer:
        liked = [f"{move(str(k))} {int(v):+d}" for k, v in prefer.items()]
        lines.append("Weights: " + ", ".join(liked))
    for rule in coaching.get("rules") or []:
        if isinstance(rule, Mapping):
            lines.append(f"{_when(rule).capitalize()}: {_does(rule, move)}")
    stat = coaching.get("active_stat")
    if stat:
        lines.append(f"Active stat at the start: {str(stat).title()}")
    notes = str(coaching.get("notes") or "").strip()
    if notes:
        lines.append(f"Notes: {notes}")
    return lines
