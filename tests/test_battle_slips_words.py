"""The battle system's words at one more edge: a stun of no stated length."""

from __future__ import annotations

from test_battle_health import NOW, rules, sheet  # noqa: F401 - the fixture

from companion.rulesets.base import event
from companion.rulesets.battle.rules import BattleRules
from companion.session.session import Session


def test_a_stun_of_no_stated_length_is_said_without_rounds(
        rules: BattleRules) -> None:  # noqa: F811 - the fixture
    session = Session(rules, {"a": sheet("Aulus"), "b": sheet("Brenna"),
                              "options": {"started": NOW}})
    state = session.state
    assert rules.narrate(state, [event("stunned", "a")]) == ["Aulus is stunned."]
    assert rules.narrate(state, [event("stunned", "a", turns=2)]) == [
        "Aulus is stunned for 2 rounds."]

