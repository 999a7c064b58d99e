"""After a defeat: the death rules (gruesome demise, the crowd's execution, the death
die and its larger die from the fifth match, the starred who always live), the end
of the match and its result, and recording Fame and record in the roster."""

from __future__ import annotations

import json

from support.grimdark_kit import kinds, match, say, sheet, turn

from companion.rulesets.grimdark.death import record_in_roster
from companion.rulesets.grimdark.sheet import roster_dir
from companion.rulesets.grimdark.state import Condition

MELEE = {"move": "basic-melee"}
KILL = [6, 2, 1]  # +4 and a 1: five damage, enough for a gladiator at 1 HP


def _last_legs(loser=None, **more):
    rules, state = match(sheet("Rex", **more), loser or sheet("Vex"))
    state.fighters[1].hp = 1
    return rules, state


def test_a_defeated_gladiator_dies_on_a_one_on_the_d4():
    rules, state = _last_legs()
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [*KILL, 1])
    death = kinds(events, "death")[0].data
    assert death == {"dead": True, "roll": 1, "die": "d4", "rule": "defeat", "late": False}
    assert state.over and state.result["dead"] == ["b"]
    assert "Vex's fate: 1 on the d4: dead." in say(rules, state, events)


def test_and_lives_on_anything_else():
    rules, state = _last_legs()
    turn(rules, state, {"a": MELEE, "b": MELEE}, [*KILL, 2])
    assert state.fighters[1].dead is False
    assert state.result["survivors"] == ["a", "b"]


def test_from_his_fifth_match_the_death_die_is_a_d6():
    rules, state = _last_legs(sheet("Vet", wins=2, losses=2))
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [*KILL, 6])
    assert kinds(events, "death")[0].data["die"] == "d6"


def test_the_crowd_demands_execution_when_the_victors_cz_is_four_above_and_a_four_spares_him():
    rules, state = _last_legs()
    state.fighters[0].cz = 4
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [*KILL, 3])
    assert kinds(events, "death")[0].data["rule"] == "execution"
    assert state.fighters[1].dead
    rules, state = _last_legs()
    state.fighters[0].cz = 4
    turn(rules, state, {"a": MELEE, "b": MELEE}, [*KILL, 4])
    assert state.fighters[1].dead is False


def _gruesome(loser):
    rules, state = match(sheet("Rex"), loser)
    vex = state.fighters[1]
    vex.active_stat = "ineffective"
    vex.conditions.append(Condition("penalty", amount=-2, source="grapple", fresh=False))
    # 8 + 6 against 1 + 3 - 2: +12, severity 7 (read as the last, 6+); the table's 8.
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [8, 1, 8])
    return rules, state, events


def test_a_gruesome_demise_kills_whatever_his_hp():
    rules, state, events = _gruesome(sheet("Vex"))
    vex = state.fighters[1]
    assert vex.defeated_how == "gruesome" and vex.dead
    assert "Vex is dead: a gruesome demise spares no one." in say(rules, state, events)


def test_a_starred_gladiator_always_lives():
    _rules, state, events = _gruesome(sheet("Vex", starred=True))
    assert state.fighters[1].dead is False
    assert kinds(events, "death")[0].data["rule"] == "starred"


def test_the_result_gives_the_winners_fame_and_everyones_record():
    rules, state = _last_legs()
    turn(rules, state, {"a": MELEE, "b": MELEE}, [*KILL, 2])
    r = state.result
    assert r["winners"] == ["a"] and r["winning_team"] == "1" and r["defeated"] == ["b"]
    assert r["fame"] == {"a": 1, "b": 0}
    assert r["record"] == {"a": "1-0", "b": "0-1"}
    assert rules.due(state).step == "over" and rules.choose(state) is None


def test_recording_the_match_writes_fame_and_record_to_the_roster_once():
    rules, state = _last_legs()
    turn(rules, state, {"a": MELEE, "b": MELEE}, [*KILL, 2])
    roster_dir().mkdir(parents=True)
    for f in state.fighters:
        (roster_dir() / f"{f.name.lower()}.json").write_text(json.dumps(f.sheet))
    lines = record_in_roster(state)
    assert lines[0].startswith("Rex: Fame 0 \u2192 1, record 0-0 \u2192 1-0")
    saved = json.loads((roster_dir() / "rex.json").read_text())
    assert (saved["fame"], saved["wins"], saved["losses"]) == (1, 1, 0)
    assert record_in_roster(state) == ["Rex: already recorded", "Vex: already recorded"]


def test_a_gladiator_missing_from_the_roster_is_named_and_skipped():
    rules, state = _last_legs()
    turn(rules, state, {"a": MELEE, "b": MELEE}, [*KILL, 2])
    assert all("not in the roster" in line for line in record_in_roster(state))


def test_a_dead_gladiator_is_recorded_dead_and_fights_no_more():
    import pytest

    from companion.errors import UserError

    rules, state = _last_legs()
    turn(rules, state, {"a": MELEE, "b": MELEE}, [*KILL, 1])
    roster_dir().mkdir(parents=True)
    for f in state.fighters:
        (roster_dir() / f"{f.name.lower()}.json").write_text(json.dumps(f.sheet))
    lines = record_in_roster(state)
    assert lines[1].startswith("Vex: record 0-0 \u2192 0-1, dead (he died in the match)")
    saved = json.loads((roster_dir() / "vex.json").read_text())
    assert saved["dead"] is True
    with pytest.raises(UserError, match="Vex died in an earlier match and fights no more"):
        match(sheet("Rex"), saved)


def test_a_house_npc_has_no_roster_entry_to_record():
    rules, state = _last_legs(loser=sheet("Vex", npc=True))
    turn(rules, state, {"a": MELEE, "b": MELEE}, [*KILL, 2])
    assert state.fighters[1].npc
    assert record_in_roster(state)[1] == "Vex: a house NPC; nothing to record"
