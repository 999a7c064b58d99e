"""How a gladiator died in a match, in a line for the hall of the fallen: the blow
that defeated him (whose move, in which turn, how hard) and the rule that killed him
(a gruesome demise, the crowd's execution, the death die and its face).

The session's events tell it all; the match's end state alone tells less (who could
have beaten him, how he was defeated, which rule applied and which die), and that is
what is said when the events are not given."""

from __future__ import annotations

from collections.abc import Sequence

from companion.rulesets.base import Event
from companion.rulesets.grimdark.events import Clashed, Defeated, FateDecided, TurnBegan
from companion.rulesets.grimdark.state import Fighter, GrimdarkState
from companion.rulesets.grimdark.words import move_name

_HOW = {"poison": "the poison took him", "last-stand": "his Last Stand failed",
        "gruesome": "a gruesome demise"}


def death_words(state: GrimdarkState, f: Fighter, events: Sequence[Event] = ()) -> str:
    """"Lord Smash died in turn 11: Sewer Beast's Powerful Attack hit him by 3 for 7
    damage; 1 on the d4, the death die"."""
    told = _told(state, f, events)
    if told is not None:
        return told
    if f.gruesome:
        return f"{f.name} died: a gruesome demise"
    enemies = state.enemies(f)
    by = f" by {state.display_name(enemies[0].id)}" if len(enemies) == 1 else ""
    how = _HOW.get(f.defeated_how or "", f"defeated{by}")
    return f"{f.name} died: {how}; {_rule_from_state(state, f)}"


def _told(state: GrimdarkState, f: Fighter, events: Sequence[Event]) -> str | None:
    turn, blow, defeat, fate = 0, None, None, None
    for e in events:
        if isinstance(e, TurnBegan):
            turn = e.turn
        elif isinstance(e, Clashed) and f.id in (e.who, e.target) and defeat is None \
                and e.winner not in (None, f.id):
            blow = (turn, e)
        elif isinstance(e, Defeated) and e.who == f.id:
            defeat = (turn, e)
        elif isinstance(e, FateDecided) and e.who == f.id:
            fate = e
    if defeat is None or fate is None:
        return None
    when, defeated = defeat
    parts = [_blow(state, defeated, blow[1] if blow and blow[0] == when else None)]
    parts.append(_rule(fate))
    return f"{f.name} died in turn {when}: " + "; ".join(p for p in parts if p)


def _blow(state: GrimdarkState, defeated: Defeated, clash: Clashed | None) -> str:
    if defeated.how == "poison" or clash is None or clash.winner is None:
        if defeated.how in _HOW or defeated.by is None:
            return _HOW.get(defeated.how, "defeated")
        return f"defeated by {state.display_name(defeated.by)}"
    side = next(s for s in clash.sides if s.id == clash.winner)
    hit = f"{state.display_name(clash.winner)}'s {move_name(state.data, side.move)}"
    damage = f" for {clash.damage.total} damage" if clash.damage is not None else ""
    if clash.crit is not None:
        what = "a gruesome demise" if clash.crit.gruesome else \
            f"a critical of severity {clash.crit.severity}"
        return f"{hit}: {what}{damage}"
    return f"{hit} hit him by {clash.advantage}{damage}"


def _rule(fate: FateDecided) -> str:
    if fate.rule == "gruesome":
        return ""  # the blow says it
    if fate.rule == "execution":
        return (f"the crowd demanded his execution ({fate.cz_gap} CZ behind): {fate.roll} "
                f"on the {fate.die}")
    return f"{fate.roll} on the {fate.die}, the death die"


def _rule_from_state(state: GrimdarkState, f: Fighter) -> str:
    fig = state.data.figures
    enemies = [o for o in state.enemies(f) if o.standing] or state.enemies(f)
    top = max((o.cz for o in enemies), default=0)
    if top - f.cz >= fig.value("execution-cz-lead"):
        return f"the crowd demanded his execution: the {fig.die('execution-die')}"
    late = f.wins + f.losses + 1 >= fig.value("death-die-late-from-match")
    die = fig.die("death-die-late" if late else "death-die")
    return f"the death die, a {die}"
