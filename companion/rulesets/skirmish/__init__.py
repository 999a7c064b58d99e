"""The hex skirmish (seed 003, RULES.md section 1): rules engine, odds and a computer
player. Pure Python; the tables are read once per table set, by `SkirmishRules`.

Modules: `data` (the tables, read into the plain records of `records`), `geometry`
(board lookups), `state` (the dataclass tree and its JSON summary), `scenario` (the
setup file) and `setup` (`companion new skirmish`), `core` (shared pieces: whose turn,
pushback, being beaten), `turn` (start, AP, end of turn, appeals, end of bout),
`movement`, `plan` (weapon options, the checked attack), `attack`, `modifiers` (attack
modifiers and saves), `harm` (wounds, missiles), `specials` (doubles), `weapons` (nets,
items), `legal` (what can be done now), `odds`, `ai`, `sim` (bulk bouts), `bench`,
`narrator` (the words of events) and `rules` (the rule system). Every rule returns
events, the typed records of `events`; only `narrator` makes words of them. Actions
are the typed dicts of `actions`.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.rulesets.skirmish.ai import choose_action
    from companion.rulesets.skirmish.legal import Target, legal_actions, targets
    from companion.rulesets.skirmish.movement import Reach, path_to, reachable
    from companion.rulesets.skirmish.odds import AttackOdds, attack_odds
    from companion.rulesets.skirmish.rules import SkirmishRules, apply_action
    from companion.rulesets.skirmish.sim import simulate_bout
    from companion.rulesets.skirmish.state import State, summary
    from companion.rulesets.skirmish.turn import ap_modifiers, appeal_modifiers

# Each name is imported when first asked for (PEP 562): the start screen imports
# `kits`, which need not load the engine, its computer player and its tables. (The
# bench's `bench` is read from its module, whose name it shares.)
_WHERE = {
    "AttackOdds": "odds",
    "Reach": "movement",
    "SkirmishRules": "rules",
    "State": "state",
    "Target": "legal",
    "ap_modifiers": "turn",
    "appeal_modifiers": "turn",
    "apply_action": "rules",
    "attack_odds": "odds",
    "choose_action": "ai",
    "legal_actions": "legal",
    "path_to": "movement",
    "reachable": "movement",
    "simulate_bout": "sim",
    "summary": "state",
    "targets": "legal",
}


__all__ = [
    "AttackOdds",
    "Reach",
    "SkirmishRules",
    "State",
    "Target",
    "ap_modifiers",
    "appeal_modifiers",
    "apply_action",
    "attack_odds",
    "choose_action",
    "legal_actions",
    "path_to",
    "reachable",
    "simulate_bout",
    "summary",
    "targets",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # asked for once
    return value
