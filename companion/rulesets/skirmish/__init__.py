"""The hex skirmish (seed 003, RULES.md section 1): rules engine, odds and a computer
player. Pure Python; the tables are read once, by `SkirmishRules`.

Modules: `data` (the tables, read into the plain records of `records`), `geometry`
(board lookups), `state` (the dataclass tree and its JSON summary), `scenario` (the
setup file), `turn` (start, AP, end of turn, appeals, end of bout), `movement`,
`attack`, `modifiers` (attack modifiers and saves), `events` (doubles), `weapons`
(nets, items), `legal` (what can be done now), `odds`, `ai`, `sim` (bulk bouts),
`bench`, `rules` (the Ruleset).
"""

from companion.rulesets.skirmish.ai import choose_action
from companion.rulesets.skirmish.bench import bench
from companion.rulesets.skirmish.legal import Target, legal_actions, targets
from companion.rulesets.skirmish.movement import Reach, path_to, reachable
from companion.rulesets.skirmish.odds import AttackOdds, attack_odds
from companion.rulesets.skirmish.rules import SkirmishRules, apply_action
from companion.rulesets.skirmish.sim import simulate_bout
from companion.rulesets.skirmish.state import State, summary
from companion.rulesets.skirmish.turn import ap_modifiers, appeal_modifiers

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
    "bench",
    "choose_action",
    "legal_actions",
    "path_to",
    "reachable",
    "simulate_bout",
    "summary",
    "targets",
]
