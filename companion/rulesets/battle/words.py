"""The battle's actions and counts in words, for its refusals: "roll at death's
door", "1 luck die", never `death_door` or "1 luck dice"."""

from __future__ import annotations

from collections.abc import Sequence

# Each action as "he cannot ... now" says it.
ACTION_WORDS = {
    "initiative": "roll initiative", "attack": "attack", "heal": "roll heal dice",
    "retrieve": "retrieve what he dropped", "focus": "roll to focus",
    "stay_conscious": "try to stay conscious", "decline": "let himself drop",
    "death_door": "roll at death's door", "fate": "roll his fate",
    "choose_fate": "choose his fate", "clear_eyes": "clear his eyes", "quit": "quit",
    "wait": "wait", "adjust_health": "change his health", "spend_luck": "spend luck dice",
    "restore_luck": "get luck dice back", "spend_heal": "spend heal dice",
    "restore_heal": "get heal dice back", "ammo": "change his ammunition",
    "set_stun": "set his stun", "place": "stand on the board",
    "apply_entry": "apply a table entry",
}

# The fields of an action as a refusal names them.
FIELD_WORDS = {
    "op": "the change", "n": "how many", "who": "who", "dice": "the dice",
    "luck": "the luck dice", "defence_luck": "the defender's luck dice",
    "stance": "the stance", "weapon": "the weapon", "item": "what to pick up",
    "face": "the face", "keys": "the roll", "sub_key": "the sub-table roll",
    "table": "the table", "at": "the hex", "stunned": "stunned or not", "now": "the time",
    "called_shot": "the called shot", "thrown": "thrown or not",
    "two_handed": "two-handed or not", "type": "the action",
}


def action_words(kind: str) -> str:
    return ACTION_WORDS.get(kind, kind.replace("_", " "))


def field_words(path: Sequence[object]) -> str:
    """A field of an action by its place ("op", "keys.0") in words."""
    if not path:
        return "the action"
    head = str(path[0])
    return FIELD_WORDS.get(head, head.replace("_", " "))


def dice_count(n: int, what: str) -> str:
    """ "no luck dice", "1 luck die", "3 luck dice"."""
    return f"no {what} dice" if n == 0 else f"{n} {what} {'die' if n == 1 else 'dice'}"
