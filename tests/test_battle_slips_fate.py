"""The battle system's fate roll at its edges: the outcome that wakes him clears every
turn of stun and of barred focus, not only the stun."""

from __future__ import annotations

from test_battle_health import at_fate, rules  # noqa: F401 - the fixture

from companion.dice.sources import ScriptedDice
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.battle.state import due


def test_a_six_on_fate_wakes_him_with_no_stun_and_no_focus_barred_left(
        rules: BattleRules) -> None:  # noqa: F811 - the fixture
    session = at_fate(rules)
    a = session.state.fighters["a"]
    a.stunned, a.stun_turns, a.no_focus_turns = True, 2, 2  # as a critical leaves him
    session.act({"type": "fate"}, ScriptedDice([6]))
    a = session.state.fighters["a"]
    assert (a.stunned, a.stun_turns, a.no_focus_turns) == (False, 0, 0)
    assert due(session.state) == "act"
