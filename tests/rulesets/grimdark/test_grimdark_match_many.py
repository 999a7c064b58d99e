"""Matches of three and more as seed 000 reads them (issue 23): the group bonus is the
attackers', situational bonuses count only against a move's own target, Toxic defeats
at once; and the house readings the seed leaves open. Each rule is also played on
engine 1, the engine of matches saved before, which read them otherwise.

Unless a test says otherwise a gladiator here has Brutality 6 as his active stat, an
axe (d6), 40 HP, Init 10, 9, 8, ... in setup order, and everyone fights everyone.
Dice are scripted in the order rolled: each fight's two powers (its first attacker's,
then the other's) and its damage, fights in order of their first attacker's Init."""

from __future__ import annotations

import pytest
from support.grimdark_kit import AXE, fight, kinds, match, sheet, turn

from companion.rulesets.grimdark.state import Condition, Shared

MELEE = {"move": "basic-melee"}


def at(target: str, move: str = "basic-melee") -> dict[str, str]:
    return {"move": move, "target": target}


def between(events, who: str, other: str):  # type: ignore[no-untyped-def]
    """The turn's fight of these two (the log tells fights in the order they land)."""
    return next(e for e in kinds(events, "fight")
                if {s["id"] for s in e.data["sides"]} == {who, other})


def mods(events, who: str, other: str) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """His power modifiers in his fight with `other` this turn."""
    side = next(s for s in between(events, who, other).data["sides"] if s["id"] == who)
    return {m["reason"]: m["amount"] for m in side["modifiers"]}


def read(state, key: str, reading: str) -> None:  # type: ignore[no-untyped-def]
    """The match plays on with this reading of grimdark-rules."""
    state.shared = Shared(state.data.with_readings({key: reading}))


# ------------------------------------------------------------------ the group bonus


def test_two_on_one_each_attacker_gets_plus_1_and_the_one_ganged_gets_nothing():
    rules, state = match(sheet("A"), sheet("B"), sheet("C"))
    # B and C attack A; A attacks B. Fights: A against B (each the other's target),
    # then C against A. Every exchange here is a tie of 10 against 11.
    events = turn(rules, state, {"a": at("b"), "b": at("a"), "c": at("a")}, [4, 4, 4, 4])
    assert mods(events, "b", "a")["extra-attackers"] == 1
    assert mods(events, "c", "a")["extra-attackers"] == 1
    assert "extra-attackers" not in mods(events, "a", "b")
    assert "extra-attackers" not in mods(events, "a", "c")


def test_on_engine_1_the_one_ganged_got_the_group_bonus_instead():
    rules, state = match(sheet("A"), sheet("B"), sheet("C"), engine=1)
    events = turn(rules, state, {"a": at("b"), "b": at("a"), "c": at("a")}, [4, 4, 4, 4])
    assert mods(events, "a", "b")["extra-attackers"] == 1
    assert mods(events, "a", "c")["extra-attackers"] == 1
    assert "extra-attackers" not in mods(events, "b", "a")


@pytest.mark.parametrize(("attackers", "bonus"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 4)])
def test_the_group_bonus_is_1_for_each_other_attacker_up_to_4_for_five_on_one(attackers, bonus):
    names = ["Lone", *[f"G{i}" for i in range(attackers)]]
    rules, state = match(*[sheet(n) for n in names], teams=["2"] + ["1"] * attackers)
    moves = {"a": at("b")} | {chr(ord("b") + i): at("a") for i in range(attackers)}
    # The lone one's exchange with B first, then each other attacker's: ties, each
    # attacker's power 3 + 6 + bonus against the lone one's 3 + 6 + the bonus.
    faces = [3 + bonus, 3] + [3, 3 + bonus] * (attackers - 1)
    events = turn(rules, state, moves, faces)
    assert len(kinds(events, "fight")) == attackers
    for n in range(attackers):
        attacker = chr(ord("b") + n)
        assert mods(events, attacker, "a")["extra-attackers"] == bonus
        assert "extra-attackers" not in mods(events, "a", attacker)


def test_non_huge_enemies_never_get_the_group_bonus_against_a_huge_gladiator():
    huge = sheet("Huge", abilities={"huge": 1})
    rules, state = match(huge, sheet("B"), sheet("C"), teams=["2", "1", "1"])
    # Huge's chance first (a d4: 4, no bonus), then Huge against B, C against Huge.
    events = turn(rules, state, {"a": at("b"), "b": at("a"), "c": at("a")}, [4, 4, 4, 4, 4])
    for who, other in (("a", "b"), ("b", "a"), ("a", "c"), ("c", "a")):
        assert "extra-attackers" not in mods(events, who, other)


def test_on_engine_1_the_huge_one_ganged_got_the_bonus_his_words_deny_his_enemies():
    huge = sheet("Huge", abilities={"huge": 1})
    rules, state = match(huge, sheet("B"), sheet("C"), teams=["2", "1", "1"], engine=1)
    # Huge's chance (4: none); Huge, +1 in each fight, ties B (11 each) and C (11, 10).
    events = turn(rules, state, {"a": at("b"), "b": at("a"), "c": at("a")}, [4, 4, 5, 4, 4])
    assert mods(events, "a", "b")["extra-attackers"] == 1
    assert mods(events, "a", "c")["extra-attackers"] == 1


def test_a_huge_attacker_and_his_partner_both_get_it_against_a_non_huge_target():
    huge = sheet("Huge", abilities={"huge": 1})
    rules, state = match(huge, sheet("B"), sheet("Lone"), teams=["1", "1", "2"])
    # Huge's chance (4: none), then Huge against Lone, B against Lone.
    events = turn(rules, state, {"a": at("c"), "b": at("c"), "c": at("a")}, [4, 4, 5, 3, 4])
    assert mods(events, "a", "c")["extra-attackers"] == 1
    assert mods(events, "b", "c")["extra-attackers"] == 1
    assert "extra-attackers" not in mods(events, "c", "a")


# ------------------------------------------------------------------ only the move's own target


BOW = {"name": "Bow", "weight": "light", "reach": "ranged"}


def _archer() -> dict:  # type: ignore[type-arg]
    return sheet("Archer", moves={"basic-melee": 10, "basic-ranged": 5}, weapons=[BOW, AXE])


def test_a_shooter_gets_plus_2_against_the_melee_attacker_he_aims_at_and_not_against_another():
    rules, state = match(_archer(), sheet("A"), sheet("B"),
                         hands=[["basic-ranged", "basic-melee", "basic-melee"], [], []])
    # The archer shoots A; A attacks B; B attacks the archer. Fights: archer against
    # A (11 against 10), A against B (10 against 10), B against the archer (10 each).
    events = turn(rules, state, {"a": at("b", "basic-ranged"), "b": at("c"), "c": at("a")},
                  [3, 4, 4, 4, 4, 4])
    assert mods(events, "a", "b")["ranged-vs-melee"] == 2
    assert "ranged-vs-melee" not in mods(events, "a", "c")
    assert all(f.data["band"] == "inconclusive" for f in kinds(events, "fight"))


def test_on_engine_1_the_shooter_had_his_plus_2_in_every_fight():
    rules, state = match(_archer(), sheet("A"), sheet("B"), engine=1,
                         hands=[["basic-ranged", "basic-melee", "basic-melee"], [], []])
    # The same dice: against B the archer's +2 makes 12 against 10, a hit (the bow: +0).
    events = turn(rules, state, {"a": at("b", "basic-ranged"), "b": at("c"), "c": at("a")},
                  [3, 4, 4, 4, 4, 4])
    assert mods(events, "a", "c")["ranged-vs-melee"] == 2
    assert between(events, "a", "c").data["winner"] == "a"


def _out_of_position(state, who: str, against: str) -> None:  # type: ignore[no-untyped-def]
    state.fighter(who).conditions.append(Condition(
        "out-of-position", amount=2, turns=1, source="basic-defense", against=against,
        fresh=False))


def test_an_opponent_out_of_position_gives_plus_2_only_on_a_move_against_him_and_waits_for_it():
    rules, state = match(sheet("A"), sheet("B"), sheet("C"))
    _out_of_position(state, "b", against="a")
    # A attacks C while B, out of position against A, attacks A: no +2 for A there.
    events = turn(rules, state, {"a": at("c"), "b": at("a"), "c": at("b")}, [4] * 6)
    assert "out-of-position" not in mods(events, "a", "b")
    assert state.fighter("b").has("out-of-position")
    # Next turn A goes for B: the +2 comes, and is spent on it.
    events = turn(rules, state, {"a": at("b"), "b": at("a"), "c": at("b")}, [2, 4, 4, 4])
    assert mods(events, "a", "b")["out-of-position"] == 2
    assert not state.fighter("b").has("out-of-position")


def test_on_engine_1_out_of_position_was_spent_in_any_fight_with_him():
    rules, state = match(sheet("A"), sheet("B"), sheet("C"), engine=1)
    _out_of_position(state, "b", against="a")
    # A's +2 against B makes 12 against 10 there: a hit, its d6 a 1.
    events = turn(rules, state, {"a": at("c"), "b": at("a"), "c": at("b")},
                  [4, 4, 4, 4, 1, 4, 4])
    assert mods(events, "a", "b")["out-of-position"] == 2
    assert not state.fighter("b").has("out-of-position")


def test_the_flying_penalty_falls_only_on_a_melee_attack_against_the_flyer():
    flyer = sheet("Flyer", abilities={"flying": 1})
    rules, state = match(flyer, sheet("A"), sheet("B"))
    # The flyer attacks A; A attacks B; B attacks the flyer: only B is at -2.
    events = turn(rules, state, {"a": at("b"), "b": at("c"), "c": at("a")}, [4, 4, 4, 4, 5, 4])
    assert mods(events, "c", "a")["flying"] == -2
    assert "flying" not in mods(events, "b", "a")


# ------------------------------------------------------------------ Toxic


TOXIC = {**AXE, "properties": ["toxic"]}


def test_a_gladiator_poisoned_out_by_a_faster_blow_is_defeated_at_once_and_strikes_no_more():
    rules, state = match(sheet("Viper", weapons=[TOXIC]), sheet("Tank"), sheet("Third"))
    state.fighter("b").resources["poison"] = 7
    # Viper hits Tank (12 against 7, the d6 a 1); Tank beats Third (12 against 8, a 1);
    # Third ties Viper. Tank's eighth dose comes with Viper's blow, the faster one.
    # Then Tank's fate: a d4, 2, spared.
    events = turn(rules, state, {"a": at("b"), "b": at("c"), "c": at("a")},
                  [6, 1, 1, 6, 2, 1, 4, 4, 2])
    tank = state.fighter("b")
    assert tank.defeated_how == "poison" and tank.hp == 40 - 6
    defeated = kinds(events, "defeated")[0]
    assert defeated.data == {"how": "poison", "by": "a"}
    assert any(e.kind == "forestalled" and e.who == "b" for e in events)
    assert state.fighter("c").hp == 40


def test_on_engine_1_the_poisoned_one_struck_on_and_fell_at_the_end_of_the_turn():
    rules, state = match(sheet("Viper", weapons=[TOXIC]), sheet("Tank"), sheet("Third"),
                         engine=1)
    state.fighter("b").resources["poison"] = 7
    turn(rules, state, {"a": at("b"), "b": at("c"), "c": at("a")},
         [6, 1, 1, 6, 2, 1, 4, 4, 2])
    assert state.fighter("b").defeated_how == "poison"
    assert state.fighter("c").hp == 40 - 5


def _shielded_toxic_hit():  # type: ignore[no-untyped-def]
    mage = sheet("Mage", (3, 3, 4, 5), abilities={"arcane-arts": 1},
                 moves={"basic-melee": 13, "magic-shield": 2})
    return match(mage, sheet("Viper", weapons=[TOXIC]), hands=[["magic-shield"], []])


def test_a_toxic_hit_that_does_no_damage_still_poisons_by_the_house_reading():
    rules, state = _shielded_toxic_hit()
    # Viper beats the shield (12 against 8): a hit, turned to nothing, yet a hit.
    events = turn(rules, state, {"a": {"move": "magic-shield"}, "b": MELEE}, [6, 2, 4])
    assert fight(events).data["damage"]["total"] == 0
    assert state.fighter("a").resources["poison"] == 1


def test_with_the_other_reading_only_a_hit_that_does_damage_poisons():
    rules, state = _shielded_toxic_hit()
    read(state, "toxic-dose-on", "hits that do damage")
    turn(rules, state, {"a": {"move": "magic-shield"}, "b": MELEE}, [6, 2, 4])
    assert state.fighter("a").resources["poison"] == 0


# ------------------------------------------------------------------ the house readings


def _face_off_match():  # type: ignore[no-untyped-def]
    gambler = sheet("Gambler", abilities={"gambler": 1}, moves={"basic-melee": 13,
                                                                "face-off": 2})
    return match(gambler, sheet("B"), sheet("C"), sheet("D"), hands=[["face-off"], [], [], []])


def test_face_off_binds_only_those_in_its_users_fights():
    rules, state = _face_off_match()
    # Gambler's d20 (20: no bonus), Face-Off's d4 (2: Style); Gambler against B, then
    # C against D, each a tie.
    moves = {"a": at("b", "face-off"), "b": at("a"), "c": at("d"), "d": at("c")}
    events = turn(rules, state, moves, [20, 2, 4, 5, 4, 4])
    assert [s["stat"] for s in between(events, "a", "b").data["sides"]] == ["style", "style"]
    assert [s["stat"] for s in between(events, "c", "d").data["sides"]] == \
        ["brutality", "brutality"]


def test_with_the_other_reading_face_off_binds_every_opponent():
    rules, state = _face_off_match()
    read(state, "face-off-binds", "every opponent")
    moves = {"a": at("b", "face-off"), "b": at("a"), "c": at("d"), "d": at("c")}
    events = turn(rules, state, moves, [20, 2, 4, 5, 4, 4])
    assert [s["stat"] for s in between(events, "c", "d").data["sides"]] == ["style", "style"]


CLAWED = {"abilities": {"natural-weapon": 1},
          "weapons": [{"name": "Knife", "weight": "light", "reach": "melee"}]}


def test_a_natural_weapon_beside_a_light_weapon_strikes_with_the_better_die():
    rules, state = match(sheet("Clawed", **CLAWED), sheet("Vex"))
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [6, 2, 2])
    assert fight(events).data["damage"]["die"] == "d6"


def test_on_engine_1_he_struck_with_the_weapon_he_carried():
    rules, state = match(sheet("Clawed", **CLAWED), sheet("Vex"), engine=1)
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [6, 2, 2])
    assert fight(events).data["damage"]["die"] == "d2"


# ------------------------------------------------------------------ the match as data


def test_the_match_json_says_dead_false_for_the_living_and_clears_a_defeated_ones_conditions():
    rules, state = match(sheet("Viper", weapons=[TOXIC]), sheet("Tank"))
    tank = state.fighter("b")
    tank.resources["poison"] = 7
    tank.conditions.append(Condition("penalty", amount=-2, turns=1, source="grapple",
                                     fresh=False))
    # Viper hits (12 against 7, a 1 on the d6): the eighth dose. Tank's fate: 2, spared.
    turn(rules, state, {"a": MELEE, "b": MELEE}, [6, 1, 1, 2])
    viper, beaten = rules.summary(state)["gladiators"]
    assert viper["dead"] is False and beaten["dead"] is False
    assert beaten["defeated"] and beaten["conditions"] == []
