"""The match as plain JSON (schema section 3): what `show --json` and `replay --json`
print, what the UI draws and what the coaching chooser reads. Public: the coaching
never appears in it."""

from __future__ import annotations

from typing import Any

from companion.rulesets.grimdark.legal import hand_entries, playable_cards
from companion.rulesets.grimdark.state import Condition, Fighter, GrimdarkState
from companion.rulesets.grimdark.words import (
    move_name,
    signed,
    source_name,
    stat_words,
)


def summary(state: GrimdarkState) -> dict[str, Any]:
    return {
        "system": "grimdark", "turn": state.turn, "started": state.started,
        "over": state.over,
        "gladiators": [_fighter(state, f) for f in state.fighters],
        "result": state.result,
    }


def chooser_view(state: GrimdarkState, me: str) -> dict[str, Any]:
    """What the computer player reads for one gladiator's move, of the summary: the
    figures its coaching's rules and target policies ask about, and his own hand alone
    (nobody else's is his to see), without words."""
    return {"turn": state.turn, "gladiators": [
        {"id": f.id, "team": f.team, "hp": f.hp, "max_hp": f.max_hp, "cz": f.cz,
         "fame": f.fame, "stats": f.stats, "wounded": f.wounded, "defeated": f.defeated,
         "hand": playable_cards(state, f) if f.id == me and state.started else []}
        for f in state.fighters]}


def active_stat_name(f: Fighter) -> str:
    if f.active_stat == "ineffective":
        return f"Ineffective ({f.stat_value('ineffective')})"
    return stat_words(f.active_stat)


def _fighter(state: GrimdarkState, f: Fighter) -> dict[str, Any]:
    return {
        "id": f.id, "name": f.name, "display_name": state.display_name(f.id),
        "team": f.team, "starred": f.starred, "npc": f.npc,
        "hp": f.hp, "max_hp": f.max_hp, "init": f.init, "cz": f.cz, "fame": f.fame,
        "matches": f.wins + f.losses, "record": f"{f.wins}-{f.losses}",
        "active_stat": f.active_stat, "active_stat_name": active_stat_name(f),
        "stats": dict(f.stats),
        "wounded": f.wounded, "defeated": f.defeated, "defeated_how": f.defeated_how,
        "dead": bool(f.dead),
        "resources": dict(f.resources),
        # A defeated gladiator's conditions ended with his fight.
        "conditions": [] if f.defeated else conditions(state, f),
        "hand": hand_entries(state, f) if state.started else [],
        "deck_left": len(f.deck), "discards": len(f.discard), "flurry": f.flurry,
        "last_turn": {"damage_taken": f.last_turn.damage_taken, "hit": f.last_turn.hit,
                      "struck_in_melee_by": list(f.last_turn.struck_in_melee_by)},
    }


def conditions(state: GrimdarkState, f: Fighter) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if f.wounded:
        out.append({"key": "wounded", "amount": 0, "turns": None, "words": "wounded"})
    if f.active_stat == "ineffective":
        out.append({"key": "ineffective", "amount": f.stat_value("ineffective"),
                    "turns": None, "words": f"Ineffective ({f.stat_value('ineffective')})"})
    poison = f.resources.get("poison", 0)
    if poison:
        out.append({"key": "poisoned", "amount": poison, "turns": None,
                    "words": f"poisoned ({poison})"})
    for c in f.conditions:
        out.append({"key": c.key, "amount": c.amount, "turns": c.turns,
                    "words": condition_words(state, f, c)})
    return out


def condition_words(state: GrimdarkState, f: Fighter, c: Condition) -> str:
    data = state.data
    # Read between turns: what it does to the turns to come.
    when = "next turn" if c.turns == 1 else f"the next {c.turns} turns"
    if c.key == "penalty":
        return f"{signed(c.amount)} {when} ({source_name(data, c.source)})"
    if c.key == "stunned":
        return f"stunned {when}"
    if c.key == "cooldown":
        return f"{move_name(data, c.move)} not usable for {c.turns} turn" + \
            ("s" if c.turns != 1 else "")
    if c.key in ("disarmed", "weapon-gone"):
        weapons = f.sheet.get("weapons", [])
        name = weapons[c.weapon]["name"] if c.weapon is not None and \
            c.weapon < len(weapons) else "his weapon"
        what = "disarmed of" if c.key == "disarmed" else "without"
        return f"{what} the {name} {when}"
    if c.key == "out-of-position":
        return f"out of position against {state.display_name(c.against)}"
    if c.key == "resistant":
        return f"resistant to the elements {when}"
    return f"{c.key.replace('-', ' ')} {when}"
