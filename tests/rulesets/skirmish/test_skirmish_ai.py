"""The computer player: sensible moves in plain situations, the same move for the same
state, and whole bouts simulated in bulk."""

from __future__ import annotations

from collections import Counter

import pytest
from support.skirmish_scenes import RULES, TABLES, act, scene

from companion.errors import UserError
from companion.rulesets.skirmish import choose_action, simulate_bout, summary
from companion.rulesets.skirmish.core import drop_item
from companion.rulesets.skirmish.geometry import dist
from tools.skirmish_bench import bench, crowd_setup, crowded_tables, growth_exponent


def test_it_rolls_its_ap_and_starts_the_bout():
    state = RULES.new_state({"gladiators": [{"type": "samnite"}, {"type": "velite"}]}, TABLES)
    assert choose_action(state) == {"type": "start"}
    act(state, {"type": "start"}, 1, 1, 6, 1)
    assert choose_action(state) == {"type": "roll_ap"}


def test_it_strikes_a_foe_in_its_front_hex():
    state = scene({"type": "thracian", "at": "E5", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"}, ap=3)
    assert choose_action(state) == {"type": "attack", "target": "B", "weapon": "sword"}


def test_it_turns_to_face_a_foe_beside_it():
    state = scene({"type": "thracian", "at": "E5", "facing": "N"},
                  {"type": "samnite", "at": "E6", "facing": "N"}, ap=3)
    action = choose_action(state)
    assert action["type"] == "turn"
    act(state, action)
    assert state.glad("A").facing == 3  # about-face in one action: S


def test_it_closes_in_on_a_distant_foe():
    state = scene({"type": "samnite", "at": "E2", "facing": "S"},
                  {"type": "thracian", "at": "E9", "facing": "N"}, ap=3)
    assert choose_action(state) == {"type": "move", "to": "E3"}


def test_it_uses_reach_and_missiles_at_range():
    spear = scene({"type": "hoplomachus", "at": "E4", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"}, ap=3)
    assert choose_action(spear)["weapon"] == "long-spear"
    darts = scene({"type": "gaetulian", "at": "E3", "facing": "S"},
                  {"type": "samnite", "at": "E6", "facing": "N"}, ap=3)
    assert choose_action(darts)["weapon"] == "throwing-darts"


def test_it_cuts_free_once_then_ends_its_turn():
    from companion.rulesets.skirmish.state import Entanglement

    state = scene({"type": "samnite", "at": "E5", "facing": "S"},
                  {"type": "retiarius", "at": "E7", "facing": "N"}, ap=3)
    state.glad("A").entangled = Entanglement("net", "B", "weapon", "right")
    assert choose_action(state) == {"type": "cut_free"}
    act(state, {"type": "cut_free"}, 2)
    assert choose_action(state) == {"type": "end_turn"}


def test_it_picks_up_its_darts():
    state = scene({"type": "gaetulian", "at": "E3", "facing": "S"},
                  {"type": "samnite", "at": "J12", "facing": "N"}, ap=3)
    state.glad("A").darts = 0
    item = drop_item(state, "ammo", "dart", "A", state.glad("A").hex)
    assert choose_action(state) == {"type": "pick_up", "item": item.id}


def test_it_backs_off_when_badly_hurt():
    state = scene({"type": "velite", "at": "E5", "facing": "S", "strength": 2},
                  {"type": "cataphractarius", "at": "E6", "facing": "N"}, ap=2)
    state.glad("A").full_strength = 8
    action = choose_action(state)
    assert action["type"] == "move"
    act(state, action)
    assert dist(state.glad("A").hex, state.glad("B").hex) == 2


def test_the_same_state_gives_the_same_action():
    a = scene({"type": "retiarius", "at": "E3", "facing": "S"},
              {"type": "samnite", "at": "F6", "facing": "N"}, ap=4)
    b = scene({"type": "retiarius", "at": "E3", "facing": "S"},
              {"type": "samnite", "at": "F6", "facing": "N"}, ap=4)
    assert choose_action(a) == choose_action(b)


def test_there_is_nothing_to_choose_once_the_bout_is_over():
    state = simulate_bout({"gladiators": [{"type": "samnite"}, {"type": "velite"}]}, 1,
                          rules=RULES)
    assert state.phase == "over"
    with pytest.raises(UserError, match="over"):
        choose_action(state)


def test_simulated_bouts_end_with_a_winner_and_repeat_with_the_seed():
    setup = {"gladiators": [{"type": "samnite"}, {"type": "retiarius"}]}
    results = Counter()
    for seed in range(40):
        state = simulate_bout(setup, seed, rules=RULES)
        results[state.winner] += 1
        assert state.phase == "over"
    assert results["A"] > 5 and results["B"] > 5  # both sides can win
    one = simulate_bout(setup, 7, rules=RULES)
    two = simulate_bout(setup, 7, rules=RULES)
    assert summary(one) == summary(two)


def test_four_gladiators_in_two_teams_fight_it_out():
    setup = {"gladiators": [{"type": t, "side": s} for t, s in (
        ("samnite", "red"), ("gaetulian", "blue"), ("velite", "red"), ("hoplomachus", "blue"))]}
    for seed in range(10):
        state = simulate_bout(setup, seed, rules=RULES)
        assert state.phase == "over" and state.winner in ("red", "blue")


def test_bench_reports_its_figures():
    figures = bench(bouts=6, repeat=1, odds_calls=20)
    crowds = {"bouts_per_s", "bouts_per_s_4", "bouts_per_s_8", "bouts_per_s_16"}
    per_crowd = {f"skirmish_{what}_{n}" for what in ("bout_ms", "action_us")
                 for n in (2, 4, 8, 16)}
    assert set(figures) == crowds | per_crowd | {
        "skirmish_bouts_per_cpu_s", "skirmish_bout_growth", "skirmish_action_growth",
        "skirmish_attack_odds_ms", "skirmish_attack_odds_cold_ms"}
    assert all(figures[k] > 0 for k in crowds | per_crowd)


def test_a_cost_that_grows_with_the_square_of_the_crowd_has_exponent_two():
    assert growth_exponent((2, 4, 8, 16), [3.0, 12.0, 48.0, 192.0]) == pytest.approx(2.0)
    assert growth_exponent((2, 4, 8), [5.0, 5.0, 5.0]) == pytest.approx(0.0)


def test_the_bench_crowds_fight_for_themselves_on_the_standard_arena():
    state = RULES.new_state(crowd_setup(16), crowded_tables(TABLES, 16))
    assert (state.board.columns, state.board.rows) == (10, 12)
    assert len({g.side for g in state.gladiators}) == 16
    assert len({g.hex for g in state.gladiators}) == 16


def test_with_darts_and_a_long_spear_he_keeps_to_the_darts_range_while_they_last():
    # A cast first, then missiles, then reach, then the rest.
    from companion.rulesets.skirmish.ai import _work_out_ranges

    kit = {"weapons": [{"weapon": "long-spear"}, {"weapon": "throwing-darts"}], "darts": 3}
    state = scene({"kit": kit, "at": "E2", "facing": "S"},
                  {"type": "samnite", "at": "E8", "facing": "N"})
    g, foe = state.glad("A"), state.glad("B")
    assert _work_out_ranges(state, g, foe) == (2, 4)
    g.darts = 0
    assert _work_out_ranges(state, g, foe) == (2, 2)  # the long spear's reach


def test_at_his_goal_with_nothing_to_face_he_takes_no_step_and_no_turn():
    from companion.rulesets.skirmish.ai import _step_towards

    state = scene({"type": "samnite", "at": "E5", "facing": "S"},
                  {"type": "velite", "at": "E9", "facing": "N"}, ap=6)
    g = state.glad("A")
    assert _step_towards(state, g, g.hex, None) is None
    assert _step_towards(state, g, g.hex, g.hex) is None
    turn = _step_towards(state, g, g.hex, state.glad("B").hex)
    assert turn is None or turn[0]["type"] == "turn"  # he faces the foe, if not already


def test_with_a_sword_and_a_long_spear_he_keeps_to_the_spears_reach():
    from companion.rulesets.skirmish.ai import _work_out_ranges

    kit = {"weapons": [{"weapon": "sword"}, {"weapon": "long-spear"}]}
    state = scene({"kit": kit, "at": "E2", "facing": "S"},
                  {"type": "samnite", "at": "E8", "facing": "N"})
    assert _work_out_ranges(state, state.glad("A"), state.glad("B")) == (2, 2)
