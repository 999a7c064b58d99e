"""Which rule systems there are: a ruleset id -> the class that plays it, imported
when first asked for, so one system's tables and code load only when it is played.
Adding a system is one line here."""

from __future__ import annotations

import importlib
from typing import Any

from companion.errors import UserError
from companion.rulesets.base import Ruleset

RULESETS: dict[str, str] = {
    "skirmish": "companion.rulesets.skirmish.rules:SkirmishRules",
    "battle": "companion.rulesets.battle.rules:BattleRules",
    "grimdark": "companion.rulesets.grimdark.rules:GrimdarkRules",
}


def ruleset_ids() -> list[str]:
    return list(RULESETS)


def get_ruleset(ruleset_id: Any) -> Ruleset[Any]:
    """A Ruleset for `ruleset_id`; UserError for an id nobody knows."""
    target = RULESETS.get(ruleset_id) if isinstance(ruleset_id, str) else None
    if target is None:
        known = ", ".join(RULESETS)
        raise UserError(f"unknown ruleset {ruleset_id!r}; the rulesets are {known}")
    module, _, name = target.partition(":")
    rules = getattr(importlib.import_module(module), name)()
    assert isinstance(rules, Ruleset)
    return rules
