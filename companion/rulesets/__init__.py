"""Rule systems, one package each, pure Python (no pygame). `get_ruleset(id)` gives
the Ruleset a saved session names."""

from __future__ import annotations

import importlib
from typing import Any

from companion.errors import UserError

# id -> "module:class". Imported on demand so one system's tables are read only when
# that system is played.
RULESETS: dict[str, str] = {
    "skirmish": "companion.rulesets.skirmish.rules:SkirmishRules",
    "battle": "companion.rulesets.battle.rules:BattleRules",
}


def get_ruleset(ruleset_id: str) -> Any:
    """A fresh Ruleset for `ruleset_id`; UserError for an id nobody knows."""
    target = RULESETS.get(ruleset_id) if isinstance(ruleset_id, str) else None
    if target is None:
        known = ", ".join(sorted(RULESETS))
        raise UserError(f"unknown ruleset {ruleset_id!r}; the rulesets are {known}")
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)()
