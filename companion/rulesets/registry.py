"""Which rule systems there are: a game's id -> the Ruleset that plays it, from the
games' registry (`companion.games.registry`), imported when first asked for, so one system's
tables and code load only when it is played."""

from __future__ import annotations

from typing import Any

from companion.errors import UserError
from companion.games.registry import GAMES, part
from companion.rulesets.base import Ruleset


def ruleset_ids() -> list[str]:
    return list(GAMES)


def get_ruleset(ruleset_id: Any) -> Ruleset[Any]:
    """A Ruleset for `ruleset_id`; UserError for an id nobody knows."""
    game = GAMES.get(ruleset_id) if isinstance(ruleset_id, str) else None
    if game is None:
        known = ", ".join(GAMES)
        raise UserError(f"unknown ruleset {ruleset_id!r}; the rulesets are {known}")
    rules = part(game.rules)()
    assert isinstance(rules, Ruleset)
    return rules
