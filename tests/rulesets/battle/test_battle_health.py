"""Health below 0 (seed 002, RULES.md 2): the roll to stay conscious, death's door,
the fate roll's six outcomes; heal dice; focus out of a stun."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.health import due_roll
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.battle.state import due
from companion.session.session import Session
from companion.tables.loader import load_tables

NOW = "2025-05-01T20:00:00"


@pytest.fixture(scope="module")
def rules() -> BattleRules:
    return BattleRules()


def sheet(name: str, *, wins: int = 0, losses: int = 0, luck: int = 0,
          insanities: tuple[int, ...] = (), **skills: int) -> dict[str, Any]:
    tables = BattleTables.load(include_user=False)
    return {"format": "companion-gladiator", "name": name, "development_points": 500,
            "skills": {"attack": 2, "health": 10, **skills}, "weapons": {"club": 2},
            "carried": {"club": 1}, "wins": wins, "losses": losses, "luck": luck,
            "insanities": [{"key": k, "name": tables.insanity(k).name,
                            "permanent": tables.insanity(k).permanent} for k in insanities]}


def duel(rules: BattleRules, a: dict[str, Any], b: dict[str, Any] | None = None) -> Session:
    """B wins the initiative and it is A's turn with A at `a`'s health: B's first turn
    is a whiff (1 1)."""
    session = Session(rules, {"a": a, "b": b or sheet("Foe"),
                              "options": {"started": NOW}})
    session.act({"type": "initiative"}, ScriptedDice([1, 1, 6, 6]))
    return session


def hurt(session: Session, health: int) -> None:
    """Put A at `health` with the tracker, then let B whiff so that A's turn begins."""
    session.act({"type": "adjust_health", "who": "a", "op": f"={health}"}, ScriptedDice([]))
    session.act({"type": "attack"}, ScriptedDice([1, 1]))


# --- how many dice at each health ---------------------------------------------------------
STRUGGLING = {-1: 5, -2: 5, -3: 5, -4: 4, -5: 4, -6: 4, -7: 3, -8: 3, -9: 2, -10: 1}
DIVISOR = {-11: 10, -12: 10, -13: 15, -14: 15, -15: 20, -16: 20, -17: 25, -18: 25}


def test_dice_before_his_turn_at_every_health_and_every_total_of_fights(rules):
    state = rules.new_state({"a": sheet("A"), "b": sheet("B")}, load_tables())
    a = state.fighters["a"]
    for tf in range(61):
        a.total_fights = tf
        for health in range(-1, -21, -1):
            a.health = health
            roll = due_roll(state, "a", state.tables)
            if health in STRUGGLING:
                assert (roll.stage, roll.dice) == ("struggling", STRUGGLING[health])
            elif health in DIVISOR:
                assert (roll.stage, roll.dice) == ("deaths-door", tf // DIVISOR[health])
            else:
                assert roll.stage == "dead"
    a.health = 0
    assert due_roll(state, "a", state.tables) is None


def test_the_tracker_card_says_it_in_words(rules):
    state = rules.new_state({"a": sheet("A", wins=20, losses=5), "b": sheet("B")},
                            load_tables())
    state.fighters["a"].health = -5
    assert due_roll(state, "a", state.tables).text == \
        "struggling: roll 4 dice for a 6 to stay conscious"
    state.fighters["a"].health = -12
    assert due_roll(state, "a", state.tables).text == "at death's door: roll 2 dice for a 6 or die"
    state.fighters["a"].health = -10
    assert due_roll(state, "a", state.tables).text == \
        "struggling: roll 1 die for a 6 to stay conscious"


# --- struggling to stay conscious ---------------------------------------------------------
def test_one_six_keeps_him_conscious_and_he_fights_on(rules):
    session = duel(rules, sheet("A"))
    hurt(session, -4)
    assert due(session.state) == "stay_conscious"
    session.act({"type": "stay_conscious"}, ScriptedDice([1, 2, 3, 6]))
    assert due(session.state) == "act"


def test_no_six_and_he_loses(rules):
    session = duel(rules, sheet("A"))
    hurt(session, -4)
    session.act({"type": "stay_conscious"}, ScriptedDice([1, 2, 3, 5]))
    assert session.state.result.loser == "a"
    assert session.state.sheets_after["a"]["status"] == "fit"


def test_luck_dice_may_help_him_stay_conscious(rules):
    session = duel(rules, sheet("A", luck=2))
    hurt(session, -10)
    session.act({"type": "stay_conscious", "luck": 2}, ScriptedDice([1, 6, 2]))
    assert due(session.state) == "act" and session.state.fighters["a"].luck == 1


def test_he_may_decline_and_lose_unless_his_insanity_forbids_it(rules):
    session = duel(rules, sheet("A"))
    hurt(session, -2)
    session.act({"type": "decline"}, ScriptedDice([]))
    assert session.state.result.loser == "a"
    stubborn = duel(rules, sheet("A", insanities=(45,)))  # Will to Live
    hurt(stubborn, -2)
    with pytest.raises(UserError, match="must try to stay conscious"):
        stubborn.act({"type": "decline"}, ScriptedDice([]))


def test_he_cannot_attack_before_the_roll(rules):
    session = duel(rules, sheet("A"))
    hurt(session, -2)
    with pytest.raises(UserError, match="cannot attack now: next is the roll to stay conscious"):
        session.act({"type": "attack"}, ScriptedDice([6, 6]))


# --- death's door -------------------------------------------------------------------------
def test_no_six_at_deaths_door_and_he_dies(rules):
    session = duel(rules, sheet("A", wins=15, losses=5))  # TF 20: 2 dice at -12
    hurt(session, -12)
    assert due(session.state) == "death_door"
    session.act({"type": "death_door"}, ScriptedDice([1, 5]))
    result = session.state.result
    assert result.loser == "a" and result.dead == ["a"]
    after = session.state.sheets_after
    assert after["a"]["status"] == "dead" and after["b"]["kills"] == 1


def test_a_rookie_has_no_dice_at_deaths_door_but_luck(rules):
    session = duel(rules, sheet("A", luck=1))
    hurt(session, -11)
    session.act({"type": "death_door", "luck": 1}, ScriptedDice([6]))
    assert due(session.state) == "fate"


def test_minus_nineteen_is_death(rules):
    session = duel(rules, sheet("A"))
    session.act({"type": "adjust_health", "who": "a", "op": "-29"}, ScriptedDice([]))
    assert session.state.result.dead == ["a"]


# --- the fate roll ------------------------------------------------------------------------
def at_fate(rules: BattleRules, door: tuple[int, ...] = (6,), **changes: Any) -> Session:
    """A lives through death's door and the fate roll is due."""
    session = duel(rules, sheet("A", wins=10, **changes))  # TF 10: 1 die at -11
    hurt(session, -11)
    session.act({"type": "death_door"}, ScriptedDice(door))
    return session


def test_fate_has_no_luck(rules):
    session = at_fate(rules, luck=3)
    with pytest.raises(UserError, match="luck"):
        session.act({"type": "fate", "luck": 1}, ScriptedDice([6]))


def test_fate_six_heals_ten_and_it_is_his_turn(rules):
    session = at_fate(rules)
    session.act({"type": "fate"}, ScriptedDice([6]))
    a = session.state.fighters["a"]
    assert a.health == -1 and not a.stunned and due(session.state) == "act"


def test_fate_five_heals_seven_but_he_is_stunned(rules):
    session = at_fate(rules)
    session.act({"type": "fate"}, ScriptedDice([5]))
    a = session.state.fighters["a"]
    assert a.health == -4 and a.stunned and due(session.state) == "focus"


def test_fate_four_one_die_to_stay_conscious(rules):
    session = at_fate(rules)
    session.act({"type": "fate"}, ScriptedDice([4]))
    assert due(session.state) == "stay_conscious"
    assert due_roll(session.state, "a", session.state.tables).dice == 1
    session.act({"type": "stay_conscious"}, ScriptedDice([5]))
    assert session.state.result.loser == "a"


def test_fate_three_unconscious_and_an_insanity(rules):
    session = at_fate(rules)
    session.act({"type": "fate"}, ScriptedDice([3, 1, 3]))  # insanity 1-3: Butterfingers
    after = session.state.sheets_after["a"]
    assert session.state.result.loser == "a" and after["status"] == "fit"
    assert [i["name"] for i in after["insanities"]] == ["Butterfingers"]


def test_fate_two_a_day_in_a_coma_and_an_insanity(rules):
    session = at_fate(rules)
    session.act({"type": "fate", "now": "2025-05-01T21:30:00"}, ScriptedDice([2, 6, 5]))
    after = session.state.sheets_after["a"]
    assert after["status"] == "coma"
    assert datetime.fromisoformat(after["coma_until"]) == \
        datetime.fromisoformat("2025-05-01T21:30:00") + timedelta(hours=24)
    assert [i["name"] for i in after["insanities"]] == ["Superior Luck"]


def test_fate_one_heals_eight_and_he_must_win_or_die(rules):
    session = at_fate(rules)
    session.act({"type": "fate"}, ScriptedDice([1]))
    assert session.state.fighters["a"].health == -3
    with pytest.raises(UserError, match="must win or die"):
        session.act({"type": "quit"}, ScriptedDice([]))
    session.act({"type": "attack"}, ScriptedDice([1, 1]))
    session.act({"type": "quit"}, ScriptedDice([1, 2]))  # B gives up: A wins and lives
    after = session.state.sheets_after["a"]
    assert after["wins"] == 11 and [i["key"] for i in after["insanities"]] == [12]


def test_fate_one_and_a_loss_is_death(rules):
    session = at_fate(rules)
    session.act({"type": "fate"}, ScriptedDice([1]))
    session.act({"type": "attack"}, ScriptedDice([1, 1]))
    session.act({"type": "attack"}, ScriptedDice([6, 6, 6, 1, 1, 1, 1]))  # a critical
    while session.state.phase != "over":
        session.act({"type": "stay_conscious"}, ScriptedDice([1] * 5))
    assert session.state.sheets_after["a"]["status"] == "dead"


def test_blessed_rolls_fate_twice_and_picks(rules):
    # Two extra dice to live at death's door, then two fate rolls to choose from.
    session = at_fate(rules, (1, 1, 6), insanities=(66,))
    session.act({"type": "fate"}, ScriptedDice([2, 6]))
    assert due(session.state) == "fate_choice"
    with pytest.raises(UserError, match="pick one"):
        session.act({"type": "choose_fate", "face": 5}, ScriptedDice([]))
    session.act({"type": "choose_fate", "face": 6}, ScriptedDice([]))
    assert session.state.fighters["a"].health == -1


# --- heal dice ----------------------------------------------------------------------------
def test_heal_dice_five_heals_one_six_heals_three_and_are_spent(rules):
    session = duel(rules, sheet("A", heal=3))
    hurt(session, 2)
    session.act({"type": "heal", "dice": 3}, ScriptedDice([5, 6, 4]))
    a = session.state.fighters["a"]
    assert a.health == 2 + 1 + 3 and a.heal_dice == 0


def test_improved_heal(rules):
    session = duel(rules, sheet("A", heal=3, insanities=(62,)))
    hurt(session, 0)
    session.act({"type": "heal", "dice": 3}, ScriptedDice([4, 5, 1]))
    assert session.state.fighters["a"].health == 1 + 2


def test_no_more_heal_dice_than_he_has_left(rules):
    session = duel(rules, sheet("A", heal=1))
    hurt(session, 2)
    with pytest.raises(UserError, match="1 heal die left"):
        session.act({"type": "heal", "dice": 2}, ScriptedDice([6, 6]))


def test_healing_never_passes_full_health(rules):
    session = duel(rules, sheet("A", heal=2))
    hurt(session, 9)
    session.act({"type": "heal", "dice": 2}, ScriptedDice([6, 6]))
    assert session.state.fighters["a"].health == 10


# --- focus --------------------------------------------------------------------------------
def stunned(rules: BattleRules, **changes: Any) -> Session:
    session = duel(rules, sheet("A", **changes))
    session.act({"type": "set_stun", "who": "a"}, ScriptedDice([]))
    session.act({"type": "attack"}, ScriptedDice([1, 1]))
    assert due(session.state) == "focus"
    return session


def test_one_six_on_focus_and_he_acts(rules):
    session = stunned(rules, focus=2)
    session.act({"type": "focus"}, ScriptedDice([6, 1]))
    assert due(session.state) == "act" and not session.state.fighters["a"].stunned


def test_no_six_and_he_loses_the_turn_but_the_stun_ends(rules):
    session = stunned(rules, focus=2)
    session.act({"type": "focus"}, ScriptedDice([5, 1]))
    assert session.state.turn == "b" and not session.state.fighters["a"].stunned


def test_brain_damage_needs_two_sixes(rules):
    session = stunned(rules, focus=2, insanities=(14,))
    session.act({"type": "focus"}, ScriptedDice([6, 1]))
    assert session.state.turn == "b"
    session = stunned(rules, focus=2, insanities=(14,))
    session.act({"type": "focus"}, ScriptedDice([6, 6]))
    assert due(session.state) == "act"


def test_keen_insight_adds_two_focus_dice_once(rules):
    session = stunned(rules, focus=1, insanities=(53,))
    session.act({"type": "focus", "keen_insight": True}, ScriptedDice([1, 1, 6]))
    assert due(session.state) == "act"
    assert session.state.fighters["a"].used_once == ["keen_insight"]


def test_after_the_coma_he_may_fight_again(rules):
    session = at_fate(rules)
    session.act({"type": "fate", "now": "2025-05-01T21:30:00"}, ScriptedDice([2, 1, 3]))
    after = session.state.sheets_after["a"]
    with pytest.raises(UserError, match="coma until"):
        rules.new_state({"a": after, "b": sheet("B"),
                         "options": {"started": "2025-05-02T21:00:00"}}, load_tables())
    state = rules.new_state({"a": after, "b": sheet("B"),
                             "options": {"started": "2025-05-02T21:30:00+00:00"}},
                            load_tables())
    assert state.fighters["a"].health == 10



def test_after_the_duel_has_ended_no_roll_is_due_on_any_card_or_in_duel_show(rules):
    # Foe wins the initiative; Hammer at -12 (death's door) owes a roll before his turn.
    session = duel(rules, sheet("Hammer", wins=20), sheet("Foe"))
    session.act({"type": "adjust_health", "who": "a", "op": "=-12"}, ScriptedDice([]))
    assert due_roll(session.state, "a", session.state.tables) is not None
    session.act({"type": "quit"}, ScriptedDice([]))  # Foe quits: the battle is over
    state = session.state
    assert all(due_roll(state, side, state.tables) is None for side in ("a", "b"))
    shown = rules.describe(state)
    assert not any("roll" in line or "death's door" in line for line in shown)
    assert shown[-1] == "The battle is over: Hammer won; Foe quits"


# --- who may fight --------------------------------------------------------------------


def _start(rules, a, started=NOW):
    options = {"started": started} if started else {}
    return rules.new_state({"a": a, "b": sheet("Foe"), "options": options},
                           load_tables(include_user=False))


def test_a_dead_gladiator_cannot_fight(rules):
    with pytest.raises(UserError, match=r"Ghost cannot fight: dead$"):
        _start(rules, {**sheet("Ghost"), "status": "dead"})


@pytest.mark.parametrize(("ends", "fights"), [("2025-05-01T19:59:59", True),
                                              ("2025-05-01T20:00:00", True),
                                              ("2025-05-01T20:00:01", False)])
def test_a_coma_bars_him_until_the_moment_it_ends(rules, ends, fights):
    sleeper = {**sheet("Sleeper"), "status": "coma", "coma_until": ends}
    if fights:
        assert _start(rules, sleeper).fighters["a"].name == "Sleeper"
    else:
        with pytest.raises(UserError, match=f"cannot fight: coma until {ends}"):
            _start(rules, sleeper)


def test_a_coma_bars_a_duel_that_says_not_when_it_began(rules):
    sleeper = {**sheet("Sleeper"), "status": "coma", "coma_until": "2000-01-01T00:00:00"}
    with pytest.raises(UserError, match="cannot fight: coma"):
        _start(rules, sleeper, started=None)


@pytest.mark.parametrize(("faces", "name", "remembers"), [
    ([3, 2, 1], "Weapon Infatuation", "club"),  # d66 21: the weapon that last hit him
    ([3, 2, 3], "Weapon Phobia", "club"),
    ([3, 1, 3], "Butterfingers", None)])
def test_an_insanity_that_remembers_a_weapon_remembers_the_last_that_hit_him(
        rules, faces, name, remembers):
    session = at_fate(rules)
    session.state.fighters["a"].last_hit_by = "club"
    session.act({"type": "fate"}, ScriptedDice(faces))
    [gained] = session.state.sheets_after["a"]["insanities"]
    assert (gained["name"], gained.get("remembers")) == (name, remembers)


@pytest.mark.parametrize(("face", "stunned"), [(6, False), (5, True), (4, True)])
def test_only_a_fate_that_wakes_him_unstunned_clears_a_stun(rules, face, stunned):
    # 6: conscious again, his turn; 5: conscious again, stunned; 4: a roll to stay up.
    session = at_fate(rules)
    session.state.fighters["a"].stunned = True
    session.act({"type": "fate"}, ScriptedDice([face]))
    assert session.state.fighters["a"].stunned is stunned
