"""Words for the codes the Grimdark rules put in events and the summary: the reasons
of power modifiers and damage parts, the conditions, the stats. The narrator and the
UI both read them; a player never sees a code."""

from __future__ import annotations

from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.sheet import STAT_NAMES

REASON_WORDS: dict[str, str] = {
    # power
    "stat": "stat",
    "move": "move",
    "ranged-vs-melee": "ranged against melee",
    "out-of-position": "out of position",
    "extra-attackers": "extra attackers",
    "flying": "Flying",
    "huge": "Huge",
    "knockback": "knockback",
    "penalty": "penalty",
    "combat-focus": "Combat Focus",
    "gambler": "Gambler",
    "assess": "assessing",
    "move-condition": "move's condition",
    "last-stand": "Last Stand",
    "tactician": "Tactician",
    "flurry": "Flurry",
    "stacking": "successive use",
    "other": "other",
    # damage
    "margin": "margin",
    "weapon-die": "weapon die",
    "critical-base": "critical",
    "weapon-maximum": "weapon maximum",
    "property-critical": "paired weapons",
    "critical-table": "critical table",
    "move-bonus": "move bonus",
    "halved": "halved",
    "only-on-critical": "only on a critical",
    "shielded": "Magic Shield",
    "deflected": "deflected",
    "fierce-attack": "Fierce Attack",
    "lucky-number-seven": "Lucky Number Seven",
    "counterblow": "no move bonus on a counterblow",
}

CONDITION_WORDS: dict[str, str] = {
    "wounded": "wounded",
    "stunned": "stunned",
    "poisoned": "poisoned",
    "penalty": "penalty",
    "disarmed": "disarmed",
    "weapon-gone": "weapon gone",
    "cooldown": "resting",
    "out-of-position": "out of position",
    "resistant": "resistant to the elements",
    "ineffective": "Ineffective",
}


def reason_words(reason: str) -> str:
    """"out of position", "Combat Focus": a modifier's or damage part's reason."""
    return REASON_WORDS.get(reason, reason.replace("-", " "))


def stat_words(stat: str | None) -> str:
    if stat is None:
        return "no stat"
    if stat == "ineffective":
        return "Ineffective"
    return STAT_NAMES.get(stat, stat.title())


def move_name(data: GrimdarkData, key: str | None) -> str:
    if key is None:
        return "nothing"
    move = data.moves.get(key)
    return move.name if move is not None else key.replace("-", " ").title()


def source_name(data: GrimdarkData, key: str) -> str:
    """What a condition came from, in words: a move, an ability, the critical table."""
    if key in data.moves:
        return data.moves[key].name
    if key in data.abilities:
        return data.abilities[key].name
    if key in data.equipment:
        return data.equipment[key].name
    return {"knockback": "knockback", "critical": "a critical", "stun": "a critical"}.get(
        key, key.replace("-", " "))


def turns_words(n: int) -> str:
    return "next turn" if n == 1 else f"{n} turns"


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2212{-n}"

