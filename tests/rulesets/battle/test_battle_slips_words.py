"""The battle system at a few more edges: a stun of one round, a focus roll
said three ways, and the odds of an attack that declares the defender's luck dice."""

from __future__ import annotations

from test_battle_health import NOW, rules, sheet  # noqa: F401 - the fixture

from companion.rulesets.battle.events import (
    AttackLanded,
    FocusRolled,
    StayConsciousRolled,
    Stunned,
)
from companion.rulesets.battle.rules import BattleRules
from companion.session.session import Session


def test_a_stun_of_one_round_is_said_without_rounds(
        rules: BattleRules) -> None:  # noqa: F811 - the fixture
    session = Session(rules, {"a": sheet("Aulus"), "b": sheet("Brenna"),
                              "options": {"started": NOW}})
    state = session.state
    assert rules.narrate(state, [Stunned("a", turns=1)]) == ["Aulus is stunned."]
    assert rules.narrate(state, [Stunned("a", turns=2)]) == [
        "Aulus is stunned for 2 rounds."]


def test_a_focus_roll_is_said_as_shaken_off_failed_or_without_dice(
        rules: BattleRules) -> None:  # noqa: F811 - the fixture
    session = Session(rules, {"a": sheet("Aulus"), "b": sheet("Brenna"),
                              "options": {"started": NOW}})
    state = session.state

    def said(focused: bool, faces: tuple[int, ...], sixes: int, needed: int) -> list[str]:
        return rules.narrate(state, [FocusRolled(
            "a", dice=len(faces), faces=faces, keen_insight=False, sixes=sixes, needed=needed,
            focused=focused)])

    assert said(focused=True, faces=(6, 6), sixes=2, needed=2) == [
        "Aulus focuses: 6 6: he shakes off the stun and acts."]
    assert said(focused=False, faces=(), sixes=0, needed=2) == [
        "Aulus has no FOCUS dice to shake off the stun."]
    assert said(focused=False, faces=(6, 3), sixes=1, needed=2) == [
        "Aulus tries to focus: 6 3: one 6, he needed 2 6s."]
    assert said(focused=False, faces=(4, 3), sixes=0, needed=1) == [
        "Aulus tries to focus: 4 3: no 6s, he needed one 6."]


def test_a_roll_to_stay_conscious_is_said_as_on_his_feet_or_no_6(
        rules: BattleRules) -> None:  # noqa: F811 - the fixture
    session = Session(rules, {"a": sheet("Aulus"), "b": sheet("Brenna"),
                              "options": {"started": NOW}})

    def said(saved: bool, faces: tuple[int, ...]) -> list[str]:
        return rules.narrate(session.state, [StayConsciousRolled(
            "a", dice=len(faces), faces=faces, luck_faces=(), luck_lost=None, luck_left=None,
            saved=saved)])

    assert said(True, (6, 2)) == ["Aulus tries to stay conscious: 6 2: he stays on his feet."]
    assert said(False, (5, 2)) == ["Aulus tries to stay conscious: 5 2: no 6."]


def test_a_landed_blow_says_how_many_6s_block_it_or_that_none_can(
        rules: BattleRules) -> None:  # noqa: F811 - the fixture
    session = Session(rules, {"a": sheet("Aulus"), "b": sheet("Brenna"),
                              "options": {"started": NOW}})

    def said(needed: int | None) -> list[str]:
        return rules.narrate(session.state, [AttackLanded(
            "a", target="b", result="one-5", critical=False, sixes=0, needed=needed)])

    assert said(None) == ["Aulus lands a hit (one 5)."]
    assert said(2) == ["Aulus lands a hit (one 5); Brenna needs 2 6s to block."]


def test_the_defenders_luck_dice_declared_with_an_attack_make_a_block_likelier(
        rules: BattleRules) -> None:  # noqa: F811 - the fixture
    from test_battle_health import duel

    from companion.rulesets.battle.data import BattleTables
    from companion.rulesets.battle.odds import odds_for_action
    from companion.tables.loader import load_tables

    session = duel(rules, sheet("Aulus", luck=2), sheet("Brenna", luck=2))
    tables = BattleTables(load_tables())
    attack = {"type": "attack", "weapon": "brawling"}
    plain = odds_for_action(tables, session.state, attack)
    lucky = odds_for_action(tables, session.state, {**attack, "defence_luck": 2})
    assert plain.total() == lucky.total() == 1
    assert lucky.blocked > plain.blocked and lucky.hit < plain.hit
