"""The battle system's fate roll at its edges: the outcome that wakes him clears every
turn of stun and of barred focus, not only the stun; a coma ends the duel as a coma;
and a thrown weapon is said with how many are left."""

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


def test_a_coma_on_fate_ends_the_duel_as_a_coma_and_a_three_as_unconscious(
        rules: BattleRules) -> None:  # noqa: F811 - the fixture
    session = at_fate(rules)
    session.act({"type": "fate", "now": "2025-05-01T21:30:00"}, ScriptedDice([2, 6, 5]))
    assert session.state.result is not None
    assert session.state.result.how == "falls into a coma"
    session = at_fate(rules)
    session.act({"type": "fate"}, ScriptedDice([3, 6, 5]))
    assert session.state.result is not None
    assert session.state.result.how == "falls unconscious"


def test_a_thrown_weapon_is_said_with_how_many_are_left_in_hand(
        rules: BattleRules) -> None:  # noqa: F811 - the fixture
    from test_battle_health import NOW, sheet

    from companion.rulesets.battle.events import WeaponThrown
    from companion.session.session import Session

    session = Session(rules, {"a": sheet("Aulus"), "b": sheet("Brenna"),
                              "options": {"started": NOW}})
    say = rules.narrate
    assert say(session.state, [WeaponThrown("a", weapon="war-dart", left=0)]) == [
        "Aulus throws his War Dart (none left in hand)."]
    assert say(session.state, [WeaponThrown("a", weapon="war-dart", left=2)]) == [
        "Aulus throws his War Dart (2 more in hand)."]
