"""The skirmish's screens ask the rules through their session's rule system: from the
skirmish's package they import types, words, the state, the kits, the stable's
campaigners and the tables' models, never a rule, the computer player, the odds or
the legal moves themselves."""

from __future__ import annotations

import ast
from pathlib import Path

import companion

SCREENS = Path(companion.__file__).parent / "ui" / "skirmish"
PACKAGE = "companion.rulesets.skirmish"
# Modules a screen may take anything from: what things are called and what they are.
WHOLE = {"actions", "events", "state", "words", "kits", "campaign", "table_models",
         "table_words"}
# And the types of what the rule system answers.
TYPES = {"legal": {"Target"}, "movement": {"Reach"}, "odds": {"AttackOdds"},
         "rules": {"SkirmishRules"}}


def _rules_imported(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE):
            module = (node.module or "")[len(PACKAGE) + 1:]
            if module in WHOLE:
                continue
            found += [f"{path.name}: {module}.{a.name}" for a in node.names
                      if a.name not in TYPES.get(module, set())]
        elif isinstance(node, ast.Import):
            found += [f"{path.name}: {a.name}" for a in node.names
                      if a.name.startswith(PACKAGE)]
    return found


def test_the_skirmish_screens_reach_the_rules_through_the_rule_system():
    paths = sorted(SCREENS.glob("*.py"))
    assert len(paths) >= 5
    assert [hit for p in paths for hit in _rules_imported(p)] == []


def test_the_rule_system_answers_what_the_screen_asks():
    from support.skirmish_scenes import scene

    from companion.rulesets.skirmish.rules import SkirmishRules
    from companion.rulesets.skirmish.turn import appeal_modifiers

    state = scene({"type": "thracian", "at": "E5", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"}, ap=6)
    rules = SkirmishRules()
    assert {t.target for t in rules.targets(state)} == {"B"}
    reach = rules.reach(state, "A")
    assert reach["E5"].cost == 0 and all(r.cost <= 6 for r in reach.values())
    assert rules.reach(state, "B")["E6"].cost == 0
    assert rules.appeal_modifiers(state, "B") == appeal_modifiers(state, state.glad("B")) \
        == [("Drew no blood", -2)]
