"""A Grimdark turn: the fights the moves make, the bands, CZ from a tie, criticals'
knockback and stun, assessing, being stunned, finishers, the cards in hand, and the
choices a turn refuses. Unless a test says otherwise a gladiator here has Brutality 6
as his active stat, an axe (d6), 40 HP, and Init 10, 9, 8 in setup order."""

from __future__ import annotations

import pytest
from support.grimdark_kit import AXE, fight, kinds, match, say, sheet, turn

from companion.errors import UserError

MELEE = {"move": "basic-melee"}


def test_a_hit_does_the_margin_and_a_roll_of_the_weapon_die():
    rules, state = match(sheet("Rex"), sheet("Vex"))
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [6, 2, 3])
    f = fight(events)
    assert f.data["band"] == "hit" and f.data["advantage"] == 4
    assert f.data["damage"]["total"] == 4 + 3
    assert state.fighters[1].hp == 33
    assert "Rex hits Vex by 4 for 7 damage (4 margin + 3 on the d6)." in say(rules, state, events)


def test_two_gladiators_attacking_each_other_make_one_fight():
    rules, state = match(sheet("Rex"), sheet("Vex"))
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [3, 6, 2])
    assert len(kinds(events, "fight")) == 1
    assert state.fighters[0].hp == 40 - 3 - 2  # Vex won: he deals the damage


def test_a_tie_gives_each_side_one_cz_once_a_turn_and_two_on_one_each_get_the_group_bonus():
    rules, state = match(sheet("A"), sheet("B"), sheet("C"))
    moves = {"a": {"move": "basic-melee", "target": "b"}, "b": {"move": "basic-melee",
             "target": "a"}, "c": {"move": "basic-melee", "target": "a"}}
    events = turn(rules, state, moves, [4, 4, 4, 4])
    first, second = kinds(events, "fight")
    assert first.data["band"] == second.data["band"] == "inconclusive"
    # Two attack A: each of them has +1 for the other, in his fight against A.
    for f in (first, second):
        attacker = next(s for s in f.data["sides"] if s["id"] != "a")
        assert {m["reason"]: m["amount"] for m in attacker["modifiers"]}["extra-attackers"] == 1
    assert [f.cz for f in state.fighters] == [1, 1, 1]


def test_a_critical_adds_the_weapon_maximum_the_table_knockback_and_stun():
    weak = sheet("Weak", (3, 4, 4, 4))
    rules, state = match(sheet("Rex"), weak)
    # 8 + 6 against 1 + 4 (Style, his strongest): +9, severity 4; the table's 7: stun.
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [8, 1, 7, 2])
    f = fight(events)
    assert f.data["band"] == "critical" and f.data["crit"]["severity"] == 4
    assert f.data["damage"]["total"] == 5 + 6 + 2 + 3
    weak_f = state.fighters[1]
    assert {c.key for c in weak_f.conditions} == {"penalty", "stunned"}
    assert rules.summary(state)["gladiators"][1]["hand"][0]["why_not"] == "he is stunned"
    # Next turn he plays nothing, defends passively with his AS, at the knockback's -2.
    with pytest.raises(UserError, match="Weak is stunned"):
        turn(rules, state, {"a": MELEE, "b": MELEE}, [])
    events = turn(rules, state, {"a": MELEE}, [1, 5])
    side = fight(events).data["sides"][1]
    assert side["move"] == "passive-defence"
    assert {m["reason"]: m["amount"] for m in side["modifiers"]} == {"stat": 4,
                                                                    "knockback": -2}
    assert "Weak is stunned: no move this turn" in say(rules, state, events)
    assert not weak_f.conditions


def test_a_tenacious_weapon_ignores_knockback_and_stun():
    sturdy = sheet("Sturdy", (3, 4, 4, 4), weapons=[{**AXE, "properties": ["tenacious"]}])
    rules, state = match(sheet("Rex"), sturdy)
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [8, 1, 7, 2])
    assert state.fighters[1].conditions == []
    assert "Sturdy's Tenacious weapon shrugs off the knockback." in say(rules, state, events)


def test_assessing_the_situation_defends_with_the_as_plus_one_gains_no_tie_cz_and_draws_anew():
    rules, state = match(sheet("Thinker"), sheet("Vex"))
    thinker = state.fighters[0]
    old = list(thinker.hand)
    events = turn(rules, state, {"a": {"move": "assess-the-situation"}, "b": MELEE}, [5, 4])
    side = next(s for s in fight(events).data["sides"] if s["id"] == "a")
    assert side["total"] == 4 + 6 + 1
    assert fight(events).data["band"] == "inconclusive"
    assert (thinker.cz, state.fighters[1].cz) == (0, 1)
    assert len(thinker.hand) == 3 and thinker.discard == old


def test_a_finisher_needs_cz_two_above_and_a_wounded_target_and_its_tie_gives_it_no_cz():
    smash = sheet("Smash", moves={"basic-melee": 13, "merciless-beating": 2})
    rules, state = match(smash, sheet("Vex"),
                         hands=[["merciless-beating", "basic-melee", "basic-melee"], []])
    finisher = {"move": "Merciless Beating"}
    with pytest.raises(UserError, match="Smash cannot play Merciless Beating: it needs "
                       "Crowd Zeal 2 above Vex's"):
        turn(rules, state, {"a": finisher, "b": MELEE}, [])
    state.fighters[0].cz = 2
    with pytest.raises(UserError, match="needs Vex wounded"):
        turn(rules, state, {"a": finisher, "b": MELEE}, [])
    vex = state.fighters[1]
    vex.hp, vex.wounded = 12, True
    events = turn(rules, state, {"a": finisher, "b": MELEE}, [1, 5])
    assert fight(events).data["band"] == "inconclusive"
    assert (state.fighters[0].cz, vex.cz) == (2, 1)


def test_a_played_card_is_replaced_by_a_draw_and_the_deck_recycles_the_discards():
    rules, state = match(sheet("Rex"), sheet("Vex"))
    rex = state.fighters[0]
    rex.discard, rex.deck = rex.deck, []
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [3, 3] + [1] * 12)
    assert len(rex.hand) == 3 and rex.discard == []
    assert kinds(events, "recycled")[0].data["cards"] == 13


def test_a_move_not_in_hand_is_refused_in_words_and_nothing_changes():
    rules, state = match(sheet("Rex"), sheet("Vex"))
    before = rules.summary(state)
    with pytest.raises(UserError, match="Rex cannot play Grapple: it is not in his hand"):
        turn(rules, state, {"a": {"move": "grapple"}, "b": MELEE}, [])
    with pytest.raises(UserError, match="not a move"):
        turn(rules, state, {"a": {"move": "Flying Kick"}, "b": MELEE}, [])
    assert rules.summary(state) == before


def test_with_several_opponents_an_attack_names_its_target():
    rules, state = match(sheet("A"), sheet("B"), sheet("C"))
    with pytest.raises(UserError, match="say whom Basic Melee is against"):
        turn(rules, state, {"a": MELEE}, [])


def test_a_ranged_move_without_a_ranged_weapon_cannot_be_played():
    archer = sheet("Archer", moves={"basic-melee": 13, "basic-ranged": 2})
    rules, state = match(archer, sheet("Vex"),
                         hands=[["basic-ranged", "basic-melee", "basic-melee"], []])
    card = rules.summary(state)["gladiators"][0]["hand"][0]
    assert not card["playable"] and card["why_not"] == "needs a ranged weapon"


def test_a_defence_defends_with_its_stat_and_a_critical_margin_puts_the_attacker_out_of_position():
    guard = sheet("Guard", moves={"basic-melee": 13, "basic-defense": 2})
    rules, state = match(guard, sheet("Vex"),
                         hands=[["basic-defense", "basic-melee", "basic-melee"], []])
    events = turn(rules, state, {"a": {"move": "basic-defense"}, "b": MELEE}, [1, 8])
    f = fight(events)
    assert f.data["winner"] == "a" and f.data["band"] == "critical"
    assert f.data["damage"] is None and state.fighters[1].hp == 40
    assert "Vex is out of position against Guard" in say(rules, state, events)
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [1, 2])
    mods = {m["reason"]: m["amount"] for m in fight(events).data["sides"][0]["modifiers"]}
    assert mods["out-of-position"] == 2
    assert not state.fighters[1].conditions  # spent on that move


def test_a_support_move_nobody_attacks_just_takes_effect():
    show = sheet("Show", moves={"basic-melee": 13, "basic-performance": 2})
    rules, state = match(show, show, hands=[["basic-performance"] * 2, ["basic-performance"]])
    perform = {"move": "basic-performance"}
    events = turn(rules, state, {"a": perform, "b": perform}, [])
    assert kinds(events, "fight") == []
    assert [f.cz for f in state.fighters] == [1, 1]
    assert "Show (A) gains 1 CZ (Basic Performance): 1." in say(rules, state, events)
