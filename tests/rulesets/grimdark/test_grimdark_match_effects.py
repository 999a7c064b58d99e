"""The moves' own effects, the weapon properties and the abilities in a match: each
with scripted dice. A gladiator here has Brutality 6 as his active stat, an axe (d6),
40 HP and Init 10, 9, 8 in setup order unless the test says otherwise."""

from __future__ import annotations

from support.grimdark_kit import AXE, fight, kinds, match, say, sheet, turn

MELEE = {"move": "basic-melee"}
BERSERK = {"berserker": 1}


def test_grapple_does_half_damage_and_a_two_penalty_next_turn():
    rules, state = match(sheet("Grip", moves={"basic-melee": 13, "grapple": 2}), sheet("Vex"),
                         hands=[["grapple", "basic-melee", "basic-melee"], []])
    events = turn(rules, state, {"a": {"move": "grapple"}, "b": MELEE}, [6, 1, 5])
    assert fight(events).data["damage"]["total"] == (5 + 5) // 2
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [1, 3])
    mods = {m["reason"]: m["amount"] for m in fight(events).data["sides"][1]["modifiers"]}
    assert mods["penalty"] == -2


def test_flurry_of_blows_stacks_and_stays_in_hand_when_it_hits():
    fury = sheet("Fury", abilities=BERSERK, moves={"basic-melee": 10, "flurry-of-blows": 5})
    rules, state = match(fury, sheet("Vex"),
                         hands=[["flurry-of-blows", "basic-melee", "basic-melee"], []])
    flurry = {"move": "flurry-of-blows"}
    turn(rules, state, {"a": flurry, "b": MELEE}, [6, 1, 1])
    assert state.fighters[0].hand.count("flurry-of-blows") == 1
    events = turn(rules, state, {"a": flurry, "b": MELEE}, [6, 1, 1])
    mods = {m["reason"]: m["amount"] for m in fight(events).data["sides"][0]["modifiers"]}
    assert mods["move"] == -1 and mods["stacking"] == 1
    turn(rules, state, {"a": MELEE, "b": MELEE}, [3, 3])
    assert state.fighters[0].flurry == 0


def test_biding_time_is_replaced_in_hand_by_opportune_strike():
    wait = sheet("Waiter", moves={"basic-melee": 13, "biding-time": 2})
    rules, state = match(wait, sheet("Vex"),
                         hands=[["basic-melee", "biding-time", "basic-melee"], []])
    events = turn(rules, state, {"a": {"move": "biding-time"}, "b": MELEE}, [2, 6])
    side = next(s for s in fight(events).data["sides"] if s["id"] == "a")
    assert side["stat"] == "mind" and side["total"] == 6 + 3
    assert state.fighters[0].hand == ["basic-melee", "opportune-strike", "basic-melee"]


def test_last_stand_is_plus_four_and_defeats_him_if_he_is_hit():
    last = sheet("Last", abilities=BERSERK, moves={"basic-melee": 14, "last-stand": 1})
    rules, state = match(last, sheet("Vex"), hands=[["last-stand", "basic-melee"], []])
    state.fighters[0].hp, state.fighters[0].wounded = 10, True
    events = turn(rules, state, {"a": {"move": "last-stand"}, "b": MELEE}, [1, 8, 1, 2])
    assert state.fighters[0].defeated and state.fighters[0].defeated_how == "last-stand"
    assert "Last's Last Stand fails" in say(rules, state, events)


def test_a_second_wound_lowers_the_active_stat_for_good():
    rules, state = match(sheet("Rex"), sheet("Vex"))
    vex = state.fighters[1]
    vex.hp = 14
    turn(rules, state, {"a": MELEE, "b": MELEE}, [6, 2, 1])  # 5 damage: 9, wounded
    assert vex.wounded and vex.stats["brutality"] == 6
    vex.hp, vex.wounded = 13, True  # healed above the line, still wounded
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [6, 2, 1])
    assert vex.stats["brutality"] == 5
    assert "wounded again: Brutality drops to 5 for the rest of the match" in \
        say(rules, state, events)


def test_tackle_makes_the_target_ineffective_and_a_versatile_one_random_instead():
    tackler = sheet("Tackler", abilities=BERSERK, moves={"basic-melee": 10, "tackle": 5})
    hands = [["tackle", "basic-melee", "basic-melee"], []]
    rules, state = match(tackler, sheet("Vex"), hands=hands)
    turn(rules, state, {"a": {"move": "tackle"}, "b": MELEE}, [6, 1, 1])
    vex = state.fighters[1]
    assert vex.active_stat == "ineffective" and vex.stat_value("ineffective") == 3
    assert rules.summary(state)["gladiators"][1]["active_stat_name"] == "Ineffective (3)"
    rules, state = match(tackler, sheet("Vex", abilities={"versatile": 1}), hands=hands)
    turn(rules, state, {"a": {"move": "tackle"}, "b": MELEE}, [6, 1, 1, 3])
    assert state.fighters[1].active_stat == "mind"


def test_curses_roll_at_the_end_of_the_turn_and_each_six_does_six_damage():
    rules, state = match(sheet("Cursed"), sheet("Vex"))
    state.fighters[0].resources["curses"] = 2
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [3, 3, 6, 2])
    assert state.fighters[0].resources["curses"] == 1
    assert state.fighters[0].hp == 40 - 6
    assert "Cursed's curses roll 6, 2: 1 breaks." in say(rules, state, events)


def test_a_toxic_weapon_poisons_and_eight_doses_defeat():
    toxic = sheet("Toxic", weapons=[{**AXE, "properties": ["toxic"]}])
    rules, state = match(toxic, sheet("Vex"))
    state.fighters[1].resources["poison"] = 7
    turn(rules, state, {"a": MELEE, "b": MELEE}, [6, 2, 1, 1])
    assert state.fighters[1].resources["poison"] == 8
    assert state.fighters[1].defeated_how == "poison"


def test_poison_immunity_keeps_the_poison_out():
    toxic = sheet("Toxic", weapons=[{**AXE, "properties": ["toxic"]}])
    rules, state = match(toxic, sheet("Vex", abilities={"poison-immunity": 1}))
    turn(rules, state, {"a": MELEE, "b": MELEE}, [6, 2, 1])
    assert state.fighters[1].resources["poison"] == 0


def test_vampiric_heals_on_a_hit_never_above_max_and_a_vampire_one_more():
    fang = sheet("Fang", abilities={"vampire": 1}, weapons=[{**AXE,
                                                              "properties": ["vampiric"]}])
    rules, state = match(fang, sheet("Vex"))
    state.fighters[0].hp = 30
    turn(rules, state, {"a": MELEE, "b": MELEE}, [6, 2, 1])
    assert state.fighters[0].hp == 32
    state.fighters[0].hp = 39
    turn(rules, state, {"a": MELEE, "b": MELEE}, [6, 2, 1])
    assert state.fighters[0].hp == 40


def test_an_unsafe_weapon_costs_its_wielder_one_hp_every_attack():
    rash = sheet("Rash", weapons=[{**AXE, "properties": ["unsafe"]}])
    rules, state = match(rash, sheet("Vex"))
    turn(rules, state, {"a": MELEE, "b": MELEE}, [3, 3])
    assert state.fighters[0].hp == 39


def test_fierce_attack_adds_one_to_every_blow():
    rules, state = match(sheet("Fierce", abilities={"fierce-attack": 1}), sheet("Vex"))
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [6, 2, 3])
    assert fight(events).data["damage"]["total"] == 4 + 3 + 1


def test_a_thrown_weapon_is_one_die_smaller_and_gone_for_d4_turns():
    thrower = sheet("Thrower", moves={"basic-melee": 13, "basic-ranged": 2},
                    weapons=[{**AXE, "properties": ["throwable"]}])
    rules, state = match(thrower, sheet("Vex"),
                         hands=[["basic-ranged", "basic-melee", "basic-melee"], []])
    # Ranged against a melee attacker: +2. The axe's d6 thrown is a d4; gone 3 turns.
    events = turn(rules, state, {"a": {"move": "basic-ranged"}, "b": MELEE}, [4, 2, 3, 3])
    f = fight(events)
    assert f.data["damage"]["die"] == "d4"
    assert {m["reason"]: m["amount"] for m in f.data["sides"][0]["modifiers"]}[
        "ranged-vs-melee"] == 2
    gone = [c for c in state.fighters[0].conditions if c.key == "weapon-gone"]
    assert gone and gone[0].turns == 3
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [6, 2])
    assert fight(events).data["damage"]["die"] == "0"  # fists meanwhile


def test_a_disarm_takes_the_targets_weapon_for_three_turns():
    rules, state = match(sheet("Thief", moves={"basic-melee": 13, "basic-disarm": 2}),
                         sheet("Vex"), hands=[["basic-disarm", "basic-melee"], []])
    turn(rules, state, {"a": {"move": "basic-disarm"}, "b": MELEE}, [6, 2, 2])
    disarmed = [c for c in state.fighters[1].conditions if c.key == "disarmed"]
    assert disarmed and disarmed[0].turns == 3
    words = rules.summary(state)["gladiators"][1]["conditions"][0]["words"]
    assert words == "disarmed of the Axe the next 3 turns"
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [3, 6])
    assert fight(events).data["winner"] == "b" and fight(events).data["damage"]["die"] == "0"


def test_lucky_number_seven_shrugs_off_a_critical_at_exactly_seven():
    rules, state = match(sheet("Rex"), sheet("Lucky", (3, 4, 4, 4),
                                             abilities={"lucky-number-seven": 1}))
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [7, 2, 1])
    f = fight(events)
    assert f.data["band"] == "critical" and f.data["advantage"] == 7
    assert f.data["damage"]["total"] == 0 and state.fighters[1].hp == 40


def test_combat_focus_is_rolled_each_turn_level_in_eight_for_a_plus_one():
    rules, state = match(sheet("Focus", abilities={"combat-focus": 6}), sheet("Vex"))
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [3, 2, 2])  # d4: 3 of 4 win
    mods = {m["reason"]: m["amount"] for m in fight(events).data["sides"][0]["modifiers"]}
    assert mods["combat-focus"] == 1
    assert kinds(events, "chance")[0].data["chance"] == [3, 4]
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [4, 2, 2])
    assert "combat-focus" not in {m["reason"] for m in fight(events).data["sides"][0][
        "modifiers"]}


def test_wrath_from_beyond_hurts_everyone_by_the_users_brutality_and_brings_two_curses():
    demon = sheet("Demon", abilities={"demonology": 1},
                  moves={"basic-melee": 13, "wrath-from-beyond": 2})
    rules, state = match(demon, sheet("Vex"), hands=[["wrath-from-beyond", "basic-melee"], []])
    events = turn(rules, state, {"a": {"move": "wrath-from-beyond"}, "b": MELEE},
                  [1, 1, 3, 3])
    assert [f.hp for f in state.fighters] == [34, 34]
    assert state.fighters[0].resources["curses"] == 2
    assert "every combatant takes 6" in say(rules, state, events)


def test_the_higher_init_settles_who_falls_first():
    demon = sheet("Demon", abilities={"demonology": 1},
                  moves={"basic-melee": 13, "wrath-from-beyond": 2})
    rules, state = match(demon, sheet("Vex"), hands=[["wrath-from-beyond", "basic-melee"], []])
    state.fighters[0].hp, state.fighters[1].hp = 10, 5
    # Vex's melee beats the Wrath's user, but the Demon's Init comes first: the Wrath
    # takes Vex down before his blow lands. Then the curses, then Vex's death roll.
    events = turn(rules, state, {"a": {"move": "wrath-from-beyond"}, "b": MELEE},
                  [8, 3, 2, 1, 1, 2])
    assert state.fighters[1].defeated and not state.fighters[0].defeated
    assert kinds(events, "forestalled")
    assert state.over and state.result["winners"] == ["a"]


def test_adaptive_shielding_resists_the_elements_and_an_elemental_attack_loses_its_bigger_die():
    mage = sheet("Mage", (3, 3, 4, 5), abilities={"arcane-arts": 1},
                 moves={"basic-melee": 13, "acid-touch": 2})
    robot = sheet("Robot", (3, 3, 5, 4), abilities={"technomancer": 1},
                  moves={"basic-melee": 13, "adaptive-shielding": 2})
    rules, state = match(mage, robot, hands=[["acid-touch"], ["adaptive-shielding"]])
    events = turn(rules, state, {"a": {"move": "acid-touch"}, "b": {"move":
                                                                    "adaptive-shielding"}},
                  [4, 3, 2])
    f = fight(events)
    assert f.data["damage"]["die"] == "d6"  # d8 against the unresistant
    assert state.fighters[0].resources["arcane-essence"] == 5 - 2
    assert state.fighters[1].resources["quantum-energy"] == 0



def test_face_off_rolls_a_stat_that_the_opponents_active_stat_moves_use_too():
    gambler = sheet("Gambler", abilities={"gambler": 1}, moves={"basic-melee": 13,
                                                                "face-off": 2})
    rules, state = match(gambler, sheet("Vex"), hands=[["face-off"], []])
    # Gambler's d20 (a 20: no bonus), Face-Off's d4 (a 2: Style), then the powers.
    events = turn(rules, state, {"a": {"move": "face-off"}, "b": MELEE}, [20, 2, 4, 4])
    a, b = fight(events).data["sides"]
    assert (a["stat"], b["stat"]) == ("style", "style")
    assert (a["total"], b["total"]) == (4 + 3 + 1, 4 + 3)
    assert "Face-Off: Gambler rolls 2, Style." in say(rules, state, events)


def test_a_tactician_loses_the_minus_one_of_setting_his_stat_while_attacking():
    tactician = sheet("Tactician", (5, 3, 4, 3), abilities={"tactician": 1},
                      moves={"basic-melee": 13, "brutal-bash": 2})
    rules, state = match(tactician, sheet("Vex"), hands=[["brutal-bash"], []])
    events = turn(rules, state, {"a": {"move": "brutal-bash"}, "b": MELEE}, [3, 2])
    mods = {m["reason"]: m["amount"] for m in fight(events).data["sides"][0]["modifiers"]}
    assert mods["move"] == -1 and mods["tactician"] == 1


def test_unbalancing_distraction_makes_the_opponent_defend_with_the_better_of_style_and_mind():
    tactician = sheet("Tactician", (5, 3, 4, 3), abilities={"tactician": 1},
                      moves={"basic-melee": 13, "unbalancing-distraction": 2})
    rules, state = match(tactician, sheet("Vex", (6, 3, 4, 2)),
                         hands=[["unbalancing-distraction"], []])
    events = turn(rules, state, {"a": {"move": "unbalancing-distraction"}, "b": MELEE},
                  [3, 3])
    assert fight(events).data["sides"][1]["stat"] == "mind"


def test_regenerate_spends_quantum_energy_heals_five_and_clears_poison_and_wounds():
    tech = sheet("Tech", (3, 3, 5, 4), abilities={"technomancer": 1},
                 moves={"basic-melee": 13, "regenerate": 2})
    rules, state = match(tech, sheet("Vex"), hands=[["regenerate"], []])
    me = state.fighters[0]
    me.hp, me.wounded = 10, True
    me.resources.update({"quantum-energy": 2, "poison": 3})
    turn(rules, state, {"a": {"move": "regenerate"}, "b": MELEE}, [2, 3])
    assert (me.hp, me.wounded, me.resources["poison"], me.resources["quantum-energy"]) == \
        (15, False, 0, 0)
    card = rules.summary(state)["gladiators"][0]["hand"]
    assert all(c["key"] != "regenerate" or c["why_not"] == "needs 2 quantum energy; he has 0"
               for c in card)


def test_snap_shot_needs_quickshot_gets_its_bonuses_and_rests_a_turn():
    archer = sheet("Archer", (3, 6, 3, 3), moves={"basic-melee": 13, "snap-shot": 2},
                   weapons=[{"name": "Pistol", "weight": "light", "reach": "ranged",
                             "properties": ["quickshot"]}])
    rules, state = match(archer, sheet("Vex"), hands=[["snap-shot", "snap-shot"], []])
    events = turn(rules, state, {"a": {"move": "snap-shot"}, "b": MELEE}, [4, 4])
    f = fight(events)
    mods = {m["reason"]: m["amount"] for m in f.data["sides"][0]["modifiers"]}
    assert mods["ranged-vs-melee"] == 3
    assert f.data["damage"]["total"] == 3 + 0 + 2  # margin, a light gun's 0, worse Init
    card = rules.summary(state)["gladiators"][0]["hand"][0]
    assert card["why_not"] == "not usable again for 1 more turn"
    plain = sheet("Plain", (3, 6, 3, 3), moves={"basic-melee": 13, "snap-shot": 2})
    rules, state = match(plain, sheet("Vex"), hands=[["snap-shot"], []])
    assert rules.summary(state)["gladiators"][0]["hand"][0]["why_not"] == \
        "needs a Quickshot weapon"


def test_revenge_needs_five_damage_taken_last_turn():
    avenger = sheet("Avenger", abilities=BERSERK, moves={"basic-melee": 13, "revenge": 2})
    rules, state = match(avenger, sheet("Vex"), hands=[["revenge"], []])
    card = rules.summary(state)["gladiators"][0]["hand"][0]
    assert card["why_not"] == "needs 5 damage taken last turn; he took 0"
    state.fighters[0].last_turn.damage_taken = 5
    assert rules.summary(state)["gladiators"][0]["hand"][0]["playable"]


def test_magic_shield_turns_a_non_critical_hit_to_nothing():
    mage = sheet("Mage", (3, 3, 4, 5), abilities={"arcane-arts": 1},
                 moves={"basic-melee": 13, "magic-shield": 2})
    rules, state = match(mage, sheet("Vex"), hands=[["magic-shield"], []])
    events = turn(rules, state, {"a": {"move": "magic-shield"}, "b": MELEE}, [6, 2, 4])
    f = fight(events)
    assert f.data["winner"] == "b" and f.data["damage"]["total"] == 0
    assert state.fighters[0].hp == 40 and state.fighters[0].resources["arcane-essence"] == 4


def test_an_asr_move_needs_its_stat_active():
    rules, state = match(sheet("Rex", moves={"basic-melee": 13, "bold-gambit": 2}),
                         sheet("Vex"), hands=[["bold-gambit"], []])
    card = rules.summary(state)["gladiators"][0]["hand"][0]
    assert card["why_not"] == "needs Style as his active stat; it is Brutality"


def test_timing_is_everything_reads_the_opponents_init():
    dancer = sheet("Dancer", (5, 4, 3, 3), abilities={"performer": 1},
                   moves={"basic-melee": 13, "timing-is-everything": 2})
    rules, state = match(dancer, sheet("Vex"), hands=[["timing-is-everything"], []])
    events = turn(rules, state, {"a": {"move": "timing-is-everything"}, "b": MELEE}, [3, 4])
    mods = {m["reason"]: m["amount"] for m in fight(events).data["sides"][0]["modifiers"]}
    assert mods["move-condition"] == 2  # Init 10 against 9


def test_bold_gambit_is_plus_two_now_and_minus_four_next_turn():
    bold = sheet("Bold", (3, 6, 3, 3), moves={"basic-melee": 13, "bold-gambit": 2})
    rules, state = match(bold, sheet("Vex"), hands=[["bold-gambit"], []])
    turn(rules, state, {"a": {"move": "bold-gambit"}, "b": MELEE}, [3, 5])
    events = turn(rules, state, {"a": MELEE, "b": MELEE}, [5, 1])
    mods = {m["reason"]: m["amount"] for m in fight(events).data["sides"][0]["modifiers"]}
    assert mods["penalty"] == -4


def test_basic_adjustment_sets_the_active_stat_he_names():
    rules, state = match(sheet("Adjuster", moves={"basic-melee": 13, "basic-adjustment": 2}),
                         sheet("Vex"), hands=[["basic-adjustment"], []])
    events = turn(rules, state, {"a": {"move": "basic-adjustment", "as": "style"},
                                 "b": MELEE}, [4, 7])
    assert state.fighters[0].active_stat == "style"
    # He defends with the stat he has just set.
    assert next(s for s in fight(events).data["sides"] if s["id"] == "a")["stat"] == "style"


def test_risky_business_leaves_its_user_ineffective():
    risky = sheet("Risky", abilities={"gambler": 1},
                  moves={"basic-melee": 13, "risky-business": 2})
    rules, state = match(risky, sheet("Vex"), hands=[["risky-business"], []])
    turn(rules, state, {"a": {"move": "risky-business"}, "b": MELEE}, [20, 3, 3])
    assert state.fighters[0].active_stat == "ineffective"


def test_the_higher_init_settles_two_blows_on_one_active_stat():
    tackler = sheet("Tackler", abilities=BERSERK, moves={"basic-melee": 10, "tackle": 5})
    rules, state = match(tackler, tackler, sheet("Vex", abilities={"versatile": 1}),
                         teams=["1", "1", "2"], hands=[["tackle"], ["tackle"], []])
    moves = {"a": {"move": "tackle", "target": "c"}, "b": {"move": "tackle", "target": "c"},
             "c": {"move": "basic-melee", "target": "a"}}
    # Two fights, both won by the tacklers; Vex is Versatile: one d4 only, for A's blow.
    events = turn(rules, state, moves, [6, 1, 1, 6, 1, 1, 3])
    assert state.fighters[2].active_stat == "mind"
    assert kinds(events, "stat_kept")[0].data["by"] == "b"
    assert "Tackle by Tackler (B) changes nothing" in say(rules, state, events)


def test_high_stakes_keeps_the_worse_of_two_d12_and_the_log_says_so():
    gambler = sheet("Gambler", abilities={"gambler": 1}, moves={"basic-melee": 13,
                                                                "high-stakes": 2})
    rules, state = match(gambler, sheet("Vex"), hands=[["high-stakes"], []])
    # Gambler's d20 (no bonus), High Stakes' two d12 (9 and 4: the 4 counts), Vex's d8,
    # then the axe's d6.
    events = turn(rules, state, {"a": {"move": "high-stakes"}, "b": MELEE}, [20, 9, 4, 1, 2])
    a, _ = fight(events).data["sides"]
    assert a["keep"] == "worse" and a["total"] == 4 + 6
    assert "Gambler 10 (the worse of 9 and 4 on the 2d12 + 6 Brutality)" in \
        say(rules, state, events)
