"""The roll log of a duel, roll by roll: who rolled, for what, which dice count (the
sixes of a roll for sixes, the best faces of an attack), the luck dice in their own
colour, and the verdict in words. Each is made by playing the duel, as a table would."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from companion.dice.rolls import Roll
from companion.dice.sources import ScriptedDice
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.rules import BattleRules
from companion.session.session import Session

NOW = "2025-05-01T20:00:00"


@pytest.fixture(scope="module")
def rules() -> BattleRules:
    return BattleRules()


@cache
def battle_tables() -> BattleTables:
    return BattleTables.load(include_user=False)


def gladiator(name: str, *, weapon: str = "club", ranks: int = 2, luck: int = 0,
              wins: int = 0, carried: dict[str, int] | None = None,
              insanities: tuple[int, ...] = (), **skills: int) -> dict[str, Any]:
    tables = battle_tables()
    return {"format": "companion-gladiator", "name": name, "development_points": 500,
            "skills": {"attack": 2, "health": 10, **skills}, "weapons": {weapon: ranks},
            "carried": carried or {weapon: 1}, "wins": wins, "luck": luck,
            "insanities": [{"key": k, "name": tables.insanity(k).name,
                            "permanent": tables.insanity(k).permanent} for k in insanities]}


def aulus_first(rules: BattleRules, a: dict[str, Any], b: dict[str, Any]) -> Session:
    """Aulus (a) wins the initiative 12 to 2 and it is his turn."""
    session = Session(rules, {"a": a, "b": b, "options": {"started": NOW}})
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    return session


def rolled(rules: BattleRules, session: Session, action: dict[str, Any],
           faces: list[int]) -> list[Roll]:
    outcome = session.act(action, ScriptedDice(faces))
    return rules.rolls(session.state, outcome.events)


def shown(roll: Roll) -> list[tuple[int, bool, bool]]:
    """Each die as (face, counts, luck)."""
    return [(d.face, d.success, d.luck) for d in roll.dice]


# --- initiative ---------------------------------------------------------------------------
def test_initiative_is_one_roll_a_gladiator_with_his_total(rules):
    session = Session(rules, {"a": gladiator("Aulus"), "b": gladiator("Brenna"),
                              "options": {"started": NOW}})
    outcome = session.act({"type": "initiative"}, ScriptedDice([6, 5, 1, 2]))
    found = rules.rolls(session.state, outcome.events)
    assert [(r.who, r.purpose, r.faces, r.total) for r in found] == [
        ("Aulus", "initiative", (6, 5), 11), ("Brenna", "initiative", (1, 2), 3)]


# --- the attack -----------------------------------------------------------------------------
def test_an_attack_highlights_the_best_faces_and_the_luck_die(rules):
    session = aulus_first(rules, gladiator("Aulus", luck=2), gladiator("Brenna"))
    found = rolled(rules, session, {"type": "attack", "luck": 1}, [5, 5, 2, 6, 1])
    attack, defence = found
    assert (attack.who, attack.purpose) == ("Aulus", "attack on Brenna")
    assert shown(attack) == [(5, True, False), (5, True, False), (2, False, True)]
    assert attack.detail == "best two 5s, lands"
    assert (defence.who, defence.purpose, defence.total, defence.detail) == \
        ("Brenna", "defence", 1, "one six")


def test_an_attack_read_by_one_die_says_so_in_the_singular(rules):
    session = aulus_first(rules, gladiator("Aulus"), gladiator("Brenna"))
    attack = rolled(rules, session, {"type": "attack"}, [5, 2, 1])[0]
    assert attack.detail == "best one 5, lands"
    assert shown(attack) == [(5, True, False), (2, False, False)]


def test_a_whiff_and_a_thrown_miss_are_named(rules):
    session = aulus_first(rules, gladiator("Aulus"), gladiator("Brenna"))
    whiff = rolled(rules, session, {"type": "attack"}, [3, 1])
    # A club's 3 or less is a whiff: no defence is rolled.
    assert [r.detail for r in whiff] == ["best one 3, a whiff"]
    darts = gladiator("Dart", weapon="war-dart", carried={"war-dart": 3})
    session = aulus_first(rules, darts, gladiator("Brenna"))
    miss = rolled(rules, session, {"type": "attack"}, [3, 2, 1, 1])
    assert miss[0].detail == "best one 3, a miss"


def test_seven_sixes_count_in_figures(rules):
    big = gladiator("Aulus", weapon="spear", ranks=14, attack=14)
    session = aulus_first(rules, big, gladiator("Brenna"))
    found = rolled(rules, session, {"type": "attack"},
                   [6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1] + [1] * 3 + [1] * 10)
    assert found[0].detail.startswith("best 7 6s")


def test_a_disarm_that_fails_is_a_disarm_roll(rules):
    whip = gladiator("Aulus", weapon="whip")
    session = aulus_first(rules, whip, gladiator("Brenna"))
    found = rolled(rules, session, {"type": "attack", "called_shot": "disarm"}, [2])
    assert [(r.purpose, r.detail) for r in found] == [("disarm on Brenna", "best one 2, fails")]


# --- the critical -----------------------------------------------------------------------------
def test_a_critical_rolls_its_damage_with_the_weapon_bonus_beside_it(rules):
    session = aulus_first(rules, gladiator("Aulus", attack=6, ranks=6),
                          gladiator("Brenna", health=60))
    # Three 6s: a critical; Brenna's one die is no six, so 3 damage dice.
    found = rolled(rules, session, {"type": "attack"}, [6, 6, 6, 1, 1, 1, 2, 1, 1, 1])
    critical = found[-1]
    assert (critical.purpose, critical.faces, critical.total, critical.detail) == \
        ("critical damage on Brenna", (1, 1, 1), 4, "weapon +1")


def test_a_critical_of_a_weapon_without_a_bonus_says_nothing_more(rules):
    brawler = gladiator("Aulus", weapon="quarter-staff", attack=6, ranks=6)
    session = aulus_first(rules, brawler, gladiator("Brenna", health=60))
    found = rolled(rules, session, {"type": "attack"}, [6, 6, 6, 1, 1, 1, 2, 1, 1, 1])
    critical = found[-1]
    assert (critical.purpose, critical.total, critical.detail) == \
        ("critical damage on Brenna", 3, "")


# --- the defence -----------------------------------------------------------------------------
@pytest.mark.parametrize(("faces", "words"), [
    ([1, 1, 1], "no six"), ([6, 1, 1], "one six"), ([6, 6, 1], "two sixes"),
    ([6, 6, 6], "three sixes")])
def test_a_defence_counts_its_sixes_in_words(rules, faces, words):
    session = aulus_first(rules, gladiator("Aulus", attack=6, ranks=6),
                          gladiator("Brenna", armor=3, health=60))
    found = rolled(rules, session, {"type": "attack"}, [5, 1, 1, 1, 1, 1, *faces, 1])
    defence = found[1]
    assert (defence.purpose, defence.total, defence.detail) == \
        ("defence", faces.count(6), words)
    assert [d.success for d in defence.dice] == [f == 6 for f in faces] + [False]


def test_a_defence_of_no_dice_is_no_roll(rules):
    # After his whiff Brenna's defence is ARMOR + SHIELD: none at all.
    session = aulus_first(rules, gladiator("Aulus"), gladiator("Brenna"))
    session.act({"type": "attack"}, ScriptedDice([1, 1]))
    session.act({"type": "attack"}, ScriptedDice([1, 1]))
    found = rolled(rules, session, {"type": "attack"}, [5, 1])
    assert [r.purpose for r in found] == ["attack on Brenna"]


# --- heal, retrieve, focus -------------------------------------------------------------------
def test_heal_dice_total_what_they_heal(rules):
    session = aulus_first(rules, gladiator("Aulus", heal=3), gladiator("Brenna"))
    session.state.fighters["a"].health = 2
    heal = rolled(rules, session, {"type": "heal", "dice": 3}, [5, 6, 1])[0]
    assert (heal.purpose, heal.faces, heal.total, heal.detail) == ("heal", (5, 6, 1), 4,
                                                                    "heals 4")


def test_a_retrieve_says_whether_the_six_came(rules):
    session = aulus_first(rules, gladiator("Aulus", **{"retrieve-weapon": 3}),
                          gladiator("Brenna"))
    aulus = session.state.fighters["a"]
    aulus.carried["club"], aulus.dropped["club"] = 0, 1
    missed = rolled(rules, session, {"type": "retrieve"}, [5, 4, 1])[0]
    assert (missed.purpose, missed.detail) == ("retrieve", "no six: still on the ground")
    session.act({"type": "wait"}, ScriptedDice([]))
    got = rolled(rules, session, {"type": "retrieve"}, [5, 6, 1])[0]
    assert got.detail == "a six: picked up"
    assert [d.success for d in got.dice] == [False, True, False]


def test_focus_says_how_many_sixes_it_needed_and_what_came_of_it(rules):
    session = aulus_first(rules, gladiator("Aulus", focus=3), gladiator("Brenna"))
    session.state.fighters["a"].stunned = True
    failed = rolled(rules, session, {"type": "focus"}, [1, 2, 3])[0]
    assert (failed.purpose, failed.total, failed.detail) == \
        ("focus", 0, "needs one six: still stunned")
    session.act({"type": "wait"}, ScriptedDice([]))
    session.state.fighters["a"].stunned = True
    done = rolled(rules, session, {"type": "focus"}, [6, 6, 3])[0]
    assert (done.total, done.detail) == (2, "needs one six: focused")


def test_brain_damage_focus_needs_two_sixes_in_words(rules):
    # Brain Damage (insanity 31 of the d66 table): two 6s to focus.
    brain = gladiator("Aulus", focus=3, insanities=(_brain_damage(),))
    session = aulus_first(rules, brain, gladiator("Brenna"))
    session.state.fighters["a"].stunned = True
    roll = rolled(rules, session, {"type": "focus"}, [6, 2, 3])[0]
    assert roll.detail == "needs two sixes: still stunned"


def _brain_damage() -> int:
    tables = battle_tables()
    return next(k for k in range(11, 67) if k % 10 in range(1, 7) and
                "brain" in tables.insanity(k).name.lower())


# --- below 0 ----------------------------------------------------------------------------------
def below(rules: BattleRules, health: int, **more: Any) -> Session:
    """Aulus at `health` at the start of his turn (Brenna whiffed)."""
    session = Session(rules, {"a": gladiator("Aulus", **more), "b": gladiator("Brenna"),
                              "options": {"started": NOW}})
    session.act({"type": "initiative"}, ScriptedDice([1, 1, 6, 6]))
    session.act({"type": "adjust_health", "who": "a", "op": f"={health}"}, ScriptedDice([]))
    session.act({"type": "attack"}, ScriptedDice([1, 1]))
    return session


def test_the_roll_to_stay_conscious_counts_the_luck_dice_lost(rules):
    session = below(rules, -3, luck=3)
    roll = rolled(rules, session, {"type": "stay_conscious", "luck": 2},
                  [1, 2, 3, 4, 5, 6, 1])[0]
    assert roll.purpose == "stay conscious"
    assert shown(roll)[-2:] == [(6, True, True), (1, False, True)]
    assert roll.detail == "a six: stays conscious, 1 luck die lost"


def test_two_luck_dice_lost_are_dice(rules):
    session = below(rules, -3, luck=3)
    roll = rolled(rules, session, {"type": "stay_conscious", "luck": 2},
                  [1, 2, 3, 4, 6, 1, 2])[0]
    assert roll.detail == "a six: stays conscious, 2 luck dice lost"


def test_no_luck_lost_and_no_six_falls_unconscious(rules):
    session = below(rules, -3, luck=3)
    roll = rolled(rules, session, {"type": "stay_conscious", "luck": 1},
                  [1, 2, 3, 4, 5, 4])[0]
    assert roll.detail == "no six: falls unconscious"


def test_deaths_door_and_the_fate_roll(rules):
    session = below(rules, -12, wins=30)
    door = rolled(rules, session, {"type": "death_door"}, [1, 2, 6])[0]
    assert (door.purpose, door.faces, door.detail) == ("death's door", (1, 2, 6),
                                                        "a six: lives")
    found = rolled(rules, session, {"type": "fate", "now": NOW}, [3, 1, 2])
    fate, insanity = found
    assert (fate.purpose, fate.faces, fate.total, fate.detail) == ("fate", (3,), 3, "")
    assert (insanity.purpose, insanity.faces, insanity.total) == ("insanity", (1, 2), 12)
    assert insanity.detail == "tens and units: Mr. Nice Guy Complex"


def test_deaths_door_without_a_six_dies(rules):
    session = below(rules, -12, wins=30)
    door = rolled(rules, session, {"type": "death_door"}, [1, 2, 5])[0]
    assert door.detail == "no six: dies"


# --- more of the same -------------------------------------------------------------------------
def test_four_and_five_of_a_face_are_counted_in_words(rules):
    session = aulus_first(rules, gladiator("Aulus", weapon="hammer", attack=6, ranks=6),
                          gladiator("Brenna", armor=5, health=60))
    found = rolled(rules, session, {"type": "attack"},
                   [4, 4, 4, 4, 1, 1, 6, 6, 6, 6, 1, 1])
    assert found[0].detail == "best four 4s, lands"
    assert [d.sides for d in found[0].dice] == [6] * 6
    assert found[1].detail == "four sixes"
    session.act({"type": "wait"}, ScriptedDice([]))
    found = rolled(rules, session, {"type": "attack"},
                   [5, 5, 5, 5, 5, 1, 6, 6, 6, 6, 6, 1])
    assert (found[0].detail, found[1].detail) == ("best five 5s, lands", "five sixes")


def test_a_luck_die_can_be_the_best_die_of_an_attack(rules):
    session = aulus_first(rules, gladiator("Aulus", luck=2), gladiator("Brenna"))
    attack = rolled(rules, session, {"type": "attack", "luck": 1}, [5, 2, 6, 1])[0]
    assert attack.detail == "best one 6, lands"
    assert shown(attack) == [(5, False, False), (2, False, False), (6, True, True)]


def test_a_rolled_scar_shows_its_die_and_a_given_one_none(rules):
    session = aulus_first(rules, gladiator("Aulus"), gladiator("Brenna", health=60))
    scar = {"type": "apply_entry", "who": "b", "table": "crit-slashing", "keys": [15]}
    found = rolled(rules, session, scar, [4])
    assert [(r.who, r.purpose, r.faces, r.total) for r in found] == [
        ("Brenna", "scar", (4,), 4)]
    assert rolled(rules, session, {**scar, "sub_key": 6}, []) == []
