"""Coaching in a player's words: the chooser's reason codes ("aggressive",
"prefers:wild-charge", "rule:wounded:last-stand") said as a phrase ("aggressive,
prefers Wild Charge", "wounded: Last Stand as coached"), and a coaching file said
line by line for the GM, with moves and stats by their table names. No code ever
reaches a player: a reason this module does not know is left out."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.words import listed
from companion.rulesets.grimdark.coachfile import Coaching, CoachingRule
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.sheet import STAT_NAMES

_PLAIN = {
    "aggressive": "aggressive", "balanced": "balanced", "cautious": "cautious",
    "finisher-allowed": "a finisher is allowed",
    "big-hit": "prefers big hits",
    "defends": "stands on guard",
    "heals": "patches himself up",
    "reach:ranged": "strikes from range",
    "no-attack-in-hand:assess": "no attack in hand, so he assesses the situation",
    "hurt:assess": "badly hurt, so he assesses the situation",
    "only-move": "his only move",
    "stunned": "stunned: he can only defend",
    "gm": "the GM's choice",
    "gains:cz": "plays to the crowd",
    "gains:arcane-essence": "gathers arcane essence",
    "gains:quantum-energy": "charges his quantum energy",
    "best-odds": "the best exchange by the odds",
    "for-the-kill": "goes for the kill",
    "cycle-hand": "trades a hand he cannot use for a new one",
}
_TARGETS = {
    "weakest": "goes for the weakest", "least-hp": "goes for the one with the fewest HP",
    "most-hurt": "goes for the most hurt", "strongest": "goes for the strongest",
    "most-famous": "goes for the most famous", "least-famous": "goes for the least famous",
    "crowd-favourite": "goes for the crowd's favourite",
    "wounded": "goes for a wounded opponent", "best-odds": "goes where his odds are best",
}
_WHEN = {
    "always": "", "wounded": "wounded", "opponent-wounded": "an opponent is wounded",
    "hand-has-no-attack": "no attack in hand", "finisher-allowed": "a finisher is allowed",
    "hp-below": "below {} HP", "cz-ahead": "{} CZ ahead", "behind-on-hp": "behind on HP",
}
_DO = {
    "assess": "assesses the situation as coached", "finish": "goes for a finisher as coached",
    "defend": "defends as coached", "attack": "attacks as coached",
}


def why_words(why: Sequence[str], data: GrimdarkData) -> str:
    """The reasons as one phrase: "aggressive, prefers Wild Charge"."""
    said = [words for code in why if (words := code_words(code, data))]
    return ", ".join(dict.fromkeys(said)) or "his own judgement"


def code_words(code: str, data: GrimdarkData) -> str:
    """One reason in words; empty for a code it does not know."""
    if code in _PLAIN:
        return _PLAIN[code]
    head, _, rest = code.partition(":")
    if head in ("prefers", "avoids", "sets-up") and (name := _move(rest, data)):
        return {"prefers": "prefers {}", "avoids": "avoids {}",
                "sets-up": "sets up {}"}[head].format(name)
    if head == "sets-stat" and rest in STAT_NAMES:
        return f"back to {STAT_NAMES[rest]}"
    if head == "recover" and rest in STAT_NAMES:
        return f"back to {STAT_NAMES[rest]} from Ineffective"
    if head == "target":
        return _TARGETS.get(rest, "")
    if head == "rule":
        return _rule_words(rest, data)
    return ""


def _rule_words(rest: str, data: GrimdarkData) -> str:
    when_code, _, action = rest.partition(":")
    when, _, value = when_code.partition("=")
    if when not in _WHEN or (("{}" in _WHEN[when]) != bool(value)) or \
            (value and not value.isdigit()):
        return ""
    said = _WHEN[when].format(value)
    if action in _DO:
        does = _DO[action]
    elif name := _move(action, data):
        does = f"{name} as coached"
    else:
        return ""
    return f"{said}: {does}" if said else does


def _move(key: str, data: GrimdarkData) -> str:
    move = data.moves.get(key)
    return move.name if move is not None else ""


_WHEN_RULE = {
    "always": "always", "wounded": "when wounded",
    "opponent-wounded": "when an opponent is wounded",
    "hand-has-no-attack": "when his hand holds no attack",
    "finisher-allowed": "when a finisher is allowed", "hp-below": "when below {} HP",
    "cz-ahead": "when {} CZ or more ahead of an opponent",
    "behind-on-hp": "when he has fewer HP than every opponent",
}
_DO_RULE = {"assess": "assess the situation", "finish": "use a finisher",
            "defend": "defend", "attack": "attack"}


def rule_words(rule: CoachingRule, data: GrimdarkData) -> str:
    """One contingency as the GM reads it: "when wounded: prefer Last Stand"."""
    when = _WHEN_RULE[rule.when].format(rule.value)
    if rule.prefer is not None:
        does = f"prefer {_move(rule.prefer, data) or rule.prefer}"
    elif rule.avoid is not None:
        does = f"avoid {_move(rule.avoid, data) or rule.avoid}"
    elif rule.do is not None:
        does = _DO_RULE[rule.do]
    else:
        does = _TARGETS[str(rule.target)].replace("goes", "go")
    return f"{when}: {does}"


def coaching_lines(coaching: Coaching, data: GrimdarkData) -> list[str]:
    """The whole coaching, a line each, for the GM (it is secret from the crowd)."""
    names = [_move(key, data) or key for key in coaching.opening]
    out = [f"{coaching.gladiator}'s coaching" if coaching.gladiator
           else "coaching for any gladiator",
           f"posture: {coaching.posture}",
           "opening moves: " + (listed(names) if names else "drawn at random")]
    liked = [f"{_move(k, data) or k} ({w:+d})" for k, w in coaching.prefer.items() if w > 0]
    shunned = [f"{_move(k, data) or k} ({w:+d})" for k, w in coaching.prefer.items()
               if w < 0]
    if liked:
        out.append("favours " + listed(liked))
    if shunned:
        out.append("shuns " + listed(shunned))
    out += [f"{i}. {rule_words(rule, data)}" for i, rule in enumerate(coaching.rules, 1)]
    if coaching.active_stat is not None:
        out.append(f"Basic Adjustment sets his active stat to "
                   f"{STAT_NAMES[coaching.active_stat]}")
    if coaching.notes:
        out.append(f"notes: {coaching.notes}")
    return out

