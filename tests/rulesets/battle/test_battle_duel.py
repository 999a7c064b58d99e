"""A duel of the battle system driven through a Session with scripted dice: the
initiative, a whole fight to its end with the results written to both sheets, the
whip's disarm, retrieving a weapon, the table-side trackers, and the `duel` command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion import paths
from companion.cli import main
from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.battle.state import due
from companion.session.session import Session, load_session

NOW = "2025-05-01T20:00:00"
SAMPLE = paths.assets_dir() / "samples" / "hammer-rookie.json"


@pytest.fixture(scope="module")
def rules() -> BattleRules:
    return BattleRules()


def rookie() -> dict[str, Any]:
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


def spearman() -> dict[str, Any]:
    # 8 + 2 + 5 + 10 + 15 = 40 points: ATTACK 2, Spear 2, ARMOR 1, P/D 4, HEALTH 15.
    return {"format": "companion-gladiator", "name": "Spear Rookie",
            "skills": {"attack": 2, "armor": 1, "parry-dodge": 4, "health": 15},
            "weapons": {"spear": 2}, "carried": {"spear": 1}, "luck": 1}


def sheet(name: str, weapon: str, **skills: int) -> dict[str, Any]:
    return {"format": "companion-gladiator", "name": name, "development_points": 500,
            "skills": {"attack": 4, "health": 20, **skills}, "weapons": {weapon: 4},
            "carried": {weapon: 1}}


def play(session: Session, *steps: tuple[dict[str, Any], list[int]]) -> None:
    for action, faces in steps:
        session.act(action, ScriptedDice(faces))


def full_duel(rules: BattleRules) -> Session:
    session = Session(rules, {"a": rookie(), "b": spearman(), "options": {"started": NOW}})
    play(
        session,
        # Initiative: 7 against 7 is a tie; then 11 against 3.
        ({"type": "initiative"}, [3, 4, 3, 4, 6, 5, 1, 2]),
        # 6-6 with the hammer: 3 damage and a stun; one 6 of six defence dice is short.
        ({"type": "attack", "weapon": "hammer"}, [6, 6, 1, 1, 1, 1, 1, 6]),
        # Stunned, no FOCUS dice: the spearman loses his turn and the stun ends.
        ({"type": "focus"}, []),
        ({"type": "attack"}, [5, 4, 1, 2, 3, 4, 5, 5]),
        # With his luck die, three 6s: a critical with the spear. One 6 of eight
        # defence dice; 2 dice 5 6 + 2 = 13 on the piercing table: 7 damage and a stun.
        ({"type": "attack", "luck": 1}, [6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 6, 5, 6]),
        ({"type": "focus"}, []),
        ({"type": "attack"}, [5, 5, 1, 1, 1, 1, 1, 1, 1, 1]),
        # At -1: five dice to stay conscious.
        ({"type": "stay_conscious"}, [6, 1, 1, 1, 1]),
        ({"type": "attack"}, [4, 1, 1, 1, 1, 1, 1, 1]),
        ({"type": "attack"}, [6, 6, 1, 1, 1, 1, 1, 1, 1, 1]),
        # At -5: four dice, no 6.
        ({"type": "stay_conscious", "now": "2025-05-01T20:40:00"}, [1, 2, 3, 4]),
    )
    return session


def test_a_whole_duel_to_its_end_written_to_both_sheets(rules):
    session = full_duel(rules)
    state = session.state
    rookie_f, spear_f = state.fighters["a"], state.fighters["b"]
    assert (rookie_f.initiative, spear_f.initiative) == (11, 3)
    assert spear_f.luck == 1  # the luck die showed a 6: it came back
    assert spear_f.health == 15 - 3 - 2 - 1
    assert rookie_f.health == 9 - 7 - 3 - 4
    assert state.phase == "over" and due(state) == "over"
    assert (state.result.winner, state.result.loser) == ("b", "a")
    a, b = state.sheets_after["a"], state.sheets_after["b"]
    assert (a["wins"], a["losses"], a["development_points"]) == (0, 1, 45)
    assert (b["wins"], b["losses"], b["development_points"]) == (1, 0, 50)
    assert a["fights"] == [{"opponent": "Spear Rookie", "result": "loss",
                            "how": "falls unconscious", "date": "2025-05-01"}]
    assert b["fights"][0]["result"] == "win"
    json.dumps(state.summary())  # plain data all the way down


def test_a_saved_duel_replays_exactly_and_undoes(rules, tmp_path: Path):
    session = full_duel(rules)
    path = tmp_path / "duel.json"
    session.save(path)
    again = load_session(path, lambda name: rules)
    assert again.state.summary() == session.state.summary()
    assert again.undo() == 1 and again.state.phase == "fighting"
    assert due(again.state) == "stay_conscious"
    assert again.redo() == 1 and again.state.summary() == session.state.summary()


def test_an_illegal_action_changes_nothing_and_rolls_nothing(rules):
    session = Session(rules, {"a": rookie(), "b": spearman()})
    with pytest.raises(UserError, match="roll initiative first"):
        session.act({"type": "attack"}, ScriptedDice([6, 6]))
    play(session, ({"type": "initiative"}, [6, 6, 1, 1]))
    before = session.state.summary()
    dice = ScriptedDice([6, 6, 6, 6])
    for bad in ({"type": "attack", "luck": 1}, {"type": "attack", "weapon": "claymore"},
                {"type": "attack", "weapon": "laser"}, {"type": "heal", "dice": 1},
                {"type": "retrieve"}, {"type": "fate"}, {"type": "initiative"},
                {"type": "dance"}, {"type": "attack", "stance": "wild"},
                {"type": "attack", "who": "b"}):
        with pytest.raises(UserError):
            session.act(bad, dice)
    assert dice.remaining == (6, 6, 6, 6)
    assert session.state.summary() == before and len(session.journal) == 1


def test_initiative_is_the_sum_of_initiative_dice_and_ties_roll_again(rules):
    session = Session(rules, {"a": rookie(), "b": spearman()})
    lines = session.narrate(session.act({"type": "initiative"},
                                        ScriptedDice([2, 5, 4, 3, 1, 1, 1, 2])))
    assert "A tie: both roll again." in lines
    assert session.state.turn == "b"


def test_delayed_reaction_rolls_two_fewer_initiative_dice(rules):
    slow = rookie()
    slow["insanities"] = [{"key": 15, "name": "Delayed Reaction", "permanent": True}]
    session = Session(rules, {"a": slow, "b": spearman()})
    session.act({"type": "initiative"}, ScriptedDice([1, 1]))  # only B rolls
    assert session.state.turn == "b"


# --- the whip's disarm --------------------------------------------------------------------
def lasher_against(rules: BattleRules, target: dict[str, Any]) -> Session:
    session = Session(rules, {"a": sheet("Lasher", "whip"), "b": target})
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    return session


def test_the_whip_disarms_with_half_its_dice_and_the_target_drops_his_weapon(rules):
    # Whip 4 and ATTACK 4: four dice, two for the disarm. The target blocks without
    # ARMOR: PARRY/DODGE 1 and the hammer's +1.
    session = lasher_against(rules, sheet("Target", "hammer", armor=3, **{"parry-dodge": 1}))
    lines = session.narrate(session.act({"type": "attack", "called_shot": "disarm"},
                                        ScriptedDice([6, 1, 1, 5])))
    assert "halved for the disarm: 2" in lines[0]
    assert any(line.startswith("Target defends with 2 (+1 PARRY/DODGE, +1 weapon")
               for line in lines)
    target = session.state.fighters["b"]
    assert target.dropped == {"hammer": 1} and target.health == 20
    # He picks it up again with RETRIEVE WEAPON (2 free ranks): a 6.
    session.act({"type": "retrieve"}, ScriptedDice([6, 2]))
    assert session.state.fighters["b"].carried == {"hammer": 1}


def test_as_many_sixes_block_the_disarm(rules):
    session = lasher_against(rules, sheet("Target", "hammer", **{"parry-dodge": 1}))
    session.act({"type": "attack", "called_shot": "disarm"}, ScriptedDice([6, 1, 6, 1]))
    assert session.state.fighters["b"].dropped == {}


def test_a_failed_disarm_is_a_whiff_even_with_the_whip(rules):
    session = lasher_against(rules, sheet("Target", "hammer"))
    session.act({"type": "attack", "called_shot": "disarm"}, ScriptedDice([5, 5]))
    assert session.state.fighters["a"].last_turn.whiffed


def test_a_two_handed_weapon_defends_a_disarm_with_three_more_dice(rules):
    session = lasher_against(rules, sheet("Target", "quarter-staff", **{"parry-dodge": 1}))
    lines = session.narrate(session.act({"type": "attack", "called_shot": "disarm"},
                                        ScriptedDice([6, 1] + [1] * 6)))
    assert any("with 6 (+1 PARRY/DODGE, +2 weapon's parry bonus, +3 two-handed" in line
               for line in lines)


def test_studded_gauntlets_cannot_be_disarmed(rules):
    session = lasher_against(rules, sheet("Target", "studded-gauntlets"))
    with pytest.raises(UserError, match="cannot be disarmed"):
        session.act({"type": "attack", "called_shot": "disarm"}, ScriptedDice([6, 6]))
    session = lasher_against(rules, sheet("Target", "hammer"))
    with pytest.raises(UserError, match="only the whip"):
        session.act({"type": "attack", "called_shot": "disarm", "weapon": "brawling"},
                    ScriptedDice([6, 6]))


def test_a_disarm_is_not_a_signature_move(rules):
    # (Nor thrown: the whip, the one weapon that disarms, is never thrown.)
    session = lasher_against(rules, sheet("Target", "hammer"))
    with pytest.raises(UserError, match="a disarm is its own called shot"):
        session.act({"type": "attack", "called_shot": "disarm", "signature": True},
                    ScriptedDice([6, 6]))


def test_retrieve_needs_something_on_the_ground_and_a_six(rules):
    session = lasher_against(rules, sheet("Target", "hammer"))
    with pytest.raises(UserError, match="nothing on the ground"):
        session.act({"type": "retrieve"}, ScriptedDice([6, 6]))


def test_the_signature_move_rolls_its_ranks_once_a_battle(rules):
    session = Session(rules, {"a": sheet("Star", "club", **{"signature-move": 2}),
                              "b": sheet("Target", "brawling")})
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    lines = session.narrate(session.act({"type": "attack", "signature": True},
                                        ScriptedDice([5, 1])))
    assert "signature move" in lines[0] and "SIGNATURE MOVE 2" in lines[0]
    session.act({"type": "attack"}, ScriptedDice([1, 1, 1, 1]))
    with pytest.raises(UserError, match="no SIGNATURE MOVE left"):
        session.act({"type": "attack", "signature": True}, ScriptedDice([6, 6]))


# --- the trackers beside a paper game -----------------------------------------------------
def test_tracker_actions_change_only_the_trackers(rules):
    data = rookie()
    data.update(luck=3, skills={**data["skills"], "heal": 0})
    session = Session(rules, {"a": data, "b": spearman()})
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    steps = [
        {"type": "adjust_health", "who": "b", "op": "-7"},
        {"type": "adjust_health", "who": "b", "op": "+3"},
        {"type": "spend_luck", "who": "Hammer Rookie", "n": 2},
        {"type": "restore_luck", "who": "a"},
        {"type": "ammo", "who": "b", "op": "+2", "weapon": "javelin"},
        {"type": "set_stun", "who": "b"},
    ]
    for step in steps:
        session.act(step, ScriptedDice([]))
    state = session.state
    assert state.fighters["b"].health == 11 and state.fighters["a"].luck == 2
    assert state.fighters["b"].carried["javelin"] == 2 and state.fighters["b"].stunned
    assert state.turn == "a"
    with pytest.raises(UserError, match="has no heal dice"):
        session.act({"type": "spend_heal", "who": "a"}, ScriptedDice([]))
    session.act({"type": "adjust_health", "who": "b", "op": "=12"}, ScriptedDice([]))
    assert session.state.fighters["b"].health == 12
    session.undo(2)
    assert session.state.fighters["b"].health == 11


def test_apply_entry_carries_out_a_critical_from_the_table_browser(rules):
    session = Session(rules, {"a": rookie(), "b": sheet("Big", "club", health=100)})
    session.act({"type": "apply_entry", "who": "b", "table": "crit-slashing", "keys": [19]},
                ScriptedDice([]))
    b = session.state.fighters["b"]
    assert b.health == 100 - 11 and b.stunned
    # A paper roll of the scar's sub-table is given as sub_key: no die is rolled.
    session.act({"type": "apply_entry", "who": "b", "table": "crit-slashing", "keys": [15],
                 "sub_key": 1}, ScriptedDice([]))
    assert session.state.fighters["b"].changes.scars[0]["loses"] == "finger"
    session.act({"type": "apply_entry", "who": "b", "table": "crit-bludgeoning",
                 "keys": [29]}, ScriptedDice([]))
    assert session.state.fighters["b"].armour_destroyed
    session.act({"type": "apply_entry", "who": "a", "table": "insanity", "keys": ["1-3"]},
                ScriptedDice([]))
    assert session.state.fighters["a"].changes.insanities[0]["name"] == "Butterfingers"


# --- the duel command ---------------------------------------------------------------------
def test_duel_new_show_act_and_sheets(tmp_path: Path, capsys):
    spear = tmp_path / "spear.json"
    spear.write_text(json.dumps(spearman()), encoding="utf-8")
    out = tmp_path / "duel.json"
    assert main(["duel", "new", str(SAMPLE), str(spear), "--out", str(out), "--seed", "1"]) == 0
    assert "wins the initiative" in capsys.readouterr().out
    assert main(["duel", "show", str(out)]) == 0
    shown = capsys.readouterr().out
    assert "Hammer Rookie: health 9 of 9" in shown and "next: his action" in shown
    assert main(["duel", "act", str(out), '{"type": "attack"}', "--seed", "2"]) == 0
    assert main(["duel", "act", str(out), '{"type": "quit"}']) == 0
    capsys.readouterr()
    assert main(["duel", "show", str(out), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["phase"] == "over" and summary["due"] == "over"
    assert main(["duel", "sheets", str(out), "--dir", str(tmp_path / "roster")]) == 0
    written = {p.name: json.loads(p.read_text()) for p in (tmp_path / "roster").iterdir()}
    assert sorted(written) == ["hammer-rookie.json", "spear-rookie.json"]
    assert written["spear-rookie.json"]["losses"] == 1
    assert written["hammer-rookie.json"]["wins"] == 1


def test_duel_act_refuses_a_bad_action(tmp_path: Path, capsys):
    out = tmp_path / "duel.json"
    assert main(["duel", "new", str(SAMPLE), str(SAMPLE), "--out", str(out)]) == 0
    assert main(["duel", "act", str(out), '{"type": "attack"}']) == 2
    assert "roll initiative first" in capsys.readouterr().err


def test_mr_nice_guy_waits_while_his_opponent_is_stunned(rules):
    nice = rookie()
    nice["insanities"] = [{"key": 12, "name": "Mr. Nice Guy Complex", "permanent": False}]
    session = Session(rules, {"a": nice, "b": spearman()})
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    session.act({"type": "set_stun", "who": "b"}, ScriptedDice([]))
    with pytest.raises(UserError, match=r"Mr\. Nice Guy"):
        session.act({"type": "attack"}, ScriptedDice([6, 6]))
    session.act({"type": "wait"}, ScriptedDice([]))
    assert session.state.turn == "b"


# --- the hex board, for positioning --------------------------------------------------
def _positioned_duel():
    from companion.dice.sources import ScriptedDice
    from companion.rulesets.battle.rules import BattleRules
    from companion.rulesets.battle.sheet import quick_sheet
    from companion.session.session import Session

    a = quick_sheet("Aulus", 12, 0, 0, 3)
    b = quick_sheet("Brenna", 12, 0, 0, 0)
    session = Session(BattleRules(), {"a": a, "b": b})
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    return session


def test_gladiators_stand_anywhere_free_on_the_board():
    import pytest

    from companion.dice.sources import ScriptedDice
    from companion.errors import UserError

    session = _positioned_duel()
    session.act({"type": "place", "who": "a", "at": "E6"}, ScriptedDice([]))
    session.act({"type": "place", "who": "b", "at": "e9"}, ScriptedDice([]))
    assert session.state.positions == {"a": "E6", "b": "E9"}
    with pytest.raises(UserError, match="taken by Aulus"):
        session.act({"type": "place", "who": "b", "at": "E6"}, ScriptedDice([]))
    with pytest.raises(UserError):
        session.act({"type": "place", "who": "b", "at": "Z40"}, ScriptedDice([]))


def test_on_the_board_melee_needs_an_adjacent_foe_and_a_throw_its_range():
    import pytest

    from companion.dice.sources import ScriptedDice
    from companion.errors import UserError

    session = _positioned_duel()
    session.act({"type": "place", "who": "a", "at": "E2"}, ScriptedDice([]))
    session.act({"type": "place", "who": "b", "at": "E9"}, ScriptedDice([]))
    with pytest.raises(UserError, match="adjacent hex"):
        session.act({"type": "attack", "weapon": "brawling"}, ScriptedDice([]))
    with pytest.raises(UserError, match="reaches 6"):
        session.act({"type": "attack", "weapon": "war-dart"}, ScriptedDice([]))
    session.act({"type": "place", "who": "b", "at": "E7"}, ScriptedDice([]))
    session.act({"type": "attack", "weapon": "war-dart"}, ScriptedDice([1, 1]))
    session.act({"type": "place", "who": "b", "at": "E3"}, ScriptedDice([]))
    assert session.state.turn == "b"
