"""Grimdark's part of the verifiable GM mode: the coaching is the secret part of a
match's setup, and a move the journal says the coaching chose must be the one the
coaching chooses."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from companion.errors import UserError
from companion.rulesets.grimdark.choosing import choose_for
from companion.rulesets.grimdark.state import GrimdarkState
from companion.rulesets.grimdark.words import move_name


def split_secret(setup: Mapping[str, Any]) -> tuple[Any, Any]:
    """(The setup without the coaching, each gladiator's coaching in order)."""
    public = copy.deepcopy(dict(setup))
    gladiators = public.get("gladiators")
    if not isinstance(gladiators, list):
        return public, []
    coaching = [g.pop("coaching", None) if isinstance(g, dict) else None for g in gladiators]
    return public, coaching


def false_claims(state: GrimdarkState, action: Mapping[str, Any]) -> list[str]:
    """Each move given with a reason of the coaching's ("why") that his coaching would
    not play now. A move given without one is the GM's choice, and said to be so."""
    moves = action.get("moves") if action.get("type") == "turn" else None
    if not isinstance(moves, Mapping):
        return []
    found: list[str] = []
    for who, given in moves.items():
        if not isinstance(given, Mapping) or "why" not in given:
            continue
        try:
            fighter = state.fighter(who)
        except UserError:
            continue  # the replay itself refuses it, with its reason
        chosen = choose_for(state, fighter)
        if dict(given) != chosen:
            name = state.display_name(fighter.id)
            said = move_name(state.data, str(given.get("move")))
            plays = move_name(state.data, chosen["move"])
            if said == plays:
                found.append(f"{name}'s {said} is given as his coaching's choice, but his "
                             "coaching plays it otherwise (its target or its reasons)")
            else:
                found.append(f"{name}'s {said} is given as his coaching's choice, but his "
                             f"coaching plays {plays}")
    return found


def by_hand(state: GrimdarkState, action: Mapping[str, Any]) -> list[str]:
    """Who has his move given without the coaching's reasons ("why"), by name: the
    GM's choice, as the log says it (`legal.check_play`). A move not given is the
    coaching's."""
    moves = action.get("moves") if action.get("type") == "turn" else None
    if not isinstance(moves, Mapping):
        return []
    found = []
    for who, given in moves.items():
        if isinstance(given, Mapping) and given.get("why"):
            continue
        try:
            found.append(state.display_name(state.fighter(who).id))
        except UserError:
            found.append(str(who))  # the rules refuse it, with their reason
    return found


def sealed(setup: Mapping[str, Any]) -> list[tuple[str, str, Any]]:
    """Each gladiator's (name, manager, coaching): his manager as his sheet names him,
    or, when it names none, the gladiator himself (he stands for his manager)."""
    found = []
    gladiators = setup.get("gladiators")
    for i, g in enumerate(gladiators if isinstance(gladiators, list) else []):
        sheet = g.get("sheet") if isinstance(g, Mapping) else None
        sheet = sheet if isinstance(sheet, Mapping) else {}
        name = str(sheet.get("name") or f"gladiator {i + 1}")
        manager = str(sheet.get("manager") or "").strip() or name
        found.append((name, manager, g.get("coaching") if isinstance(g, Mapping) else None))
    return found
