"""The computer's move for one gladiator: the coaching chooser (`coaching.choose_move`)
on the public summary, turned into a `turn` action's move with its reasons."""

from __future__ import annotations

from typing import Any

from companion.rulesets.grimdark.state import Fighter, GrimdarkState
from companion.rulesets.grimdark.summary import summary


def choose_for(state: GrimdarkState, f: Fighter) -> dict[str, Any]:
    view = summary(state)
    me = next(g for g in view["gladiators"] if g["id"] == f.id)
    playable = [h for h in me["hand"] if h["playable"]]
    attacks = [h for h in playable if h["attack"] is not None and h["targets"]]
    if attacks:
        pick = attacks[0]
        foes = sorted((g for g in view["gladiators"] if g["id"] in pick["targets"]),
                      key=lambda g: (g["hp"], g["id"]))
        out: dict[str, Any] = {"move": pick["key"], "target": foes[0]["id"],
                               "why": ["first-attack"]}
        if pick["reaches"]:
            out["reach"] = pick["reaches"][0]
        return out
    pick = next((h for h in playable if h["always"]), playable[0])
    return {"move": pick["key"], "why": ["no-attack-in-hand:assess"]}
