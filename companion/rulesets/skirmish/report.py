"""What a fight report shows of a hex skirmish: its turns, the gladiators' public
sheets, how the bout ended and what is due next, in the player's words."""

from __future__ import annotations

from companion.core.words import listed
from companion.rulesets.base import Event
from companion.rulesets.skirmish.events import TurnBegan
from companion.rulesets.skirmish.state import State, display_name, summary
from companion.rulesets.skirmish.words import item_words, weapon_words

_STATUS = {"beaten": "beaten", "spared": "beaten, and spared by the crowd",
           "killed": "killed", "fighting": "still standing"}


def turn_of(state: State, e: Event) -> str | None:
    if not isinstance(e, TurnBegan) or e.who is None:
        return None
    return f"Turn {e.number}: {display_name(state, e.who)}"


def sheets(state: State) -> list[tuple[str, list[str]]]:
    out = []
    for g, glad in zip(summary(state)["gladiators"], state.gladiators, strict=True):
        kind = state.data.types[glad.type].name if glad.type in state.data.types else \
            "custom kit"
        kit = [weapon_words(state, ref) for ref in g["weapons"]] or ["no weapon"]
        if g["shield"]:
            kit.append(item_words(state, g["shield"], "shield"))
        if g["armour"]:
            kit.append(item_words(state, g["armour"]))
        for key, one in (("darts", "dart"), ("arrows", "arrow")):
            if g[key]:
                kit.append(f"{g[key]} {one}{'s' if g[key] != 1 else ''}")
        out.append((display_name(state, g["id"]), [
            f"{kind}, side {g['side']}, {'human' if g['human'] else 'the computer'}",
            f"strength {g['full_strength']}, save {g['save']}",
            ", ".join(kit),
        ]))
    return out


def outcome(state: State) -> list[str]:
    data = summary(state)
    lines = []
    if data["phase"] == "over":
        won = [display_name(state, g["id"]) for g in data["gladiators"]
               if data["winner"] is not None and g["side"] == data["winner"]]
        lines.append(f"Winner: {listed(won)} (side {data['winner']})" if won
                     else "The bout ended with no winner")
    for g in data["gladiators"]:
        level = state.data.level_names.get(g["wound_level"], g["wound_level"]).lower()
        lines.append(f"{display_name(state, g['id'])}: {_STATUS.get(g['status'], g['status'])}"
                     f", {level}, strength {g['strength']} of {g['full_strength']}")
    return lines


def next_up(state: State, step: str, who: str | None) -> str:
    name = display_name(state, who)
    if step == "start":
        return "the strengths and the initiative are rolled"
    if step == "roll_ap":
        return f"{name} rolls for AP (turn {state.turn_number})"
    if step == "appeal":
        return f"{name} appeals to the crowd"
    return f"{name} acts (turn {state.turn_number})"

