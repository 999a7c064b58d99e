"""Properties of any bout, played with random legal actions and seeded dice: no two
gladiators share a hex, nobody leaves the board, AP never drop below 0, every listed
action is accepted, the computer only plays legal actions, and a saved session
replays identically."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.skirmish_scenes import DATA, RULES, TABLES

from companion.dice.sources import SeededDice
from companion.rulesets.registry import get_ruleset
from companion.rulesets.skirmish import choose_action, legal_actions, summary
from companion.session.session import Session, load_session

TYPES = sorted(DATA.types)

bouts = st.fixed_dictionaries({
    "types": st.lists(st.sampled_from(TYPES), min_size=2, max_size=4),
    "teams": st.booleans(),
    "fatigue": st.booleans(),
    "experience": st.booleans(),
    "seed": st.integers(0, 10_000),
    "computer": st.floats(0, 1),
})


def setup_of(bout):
    glads = [{"type": t} for t in bout["types"]]
    if bout["teams"] and len(glads) == 4:
        for i, g in enumerate(glads):
            g["side"] = "red" if i % 2 else "blue"
    return {"gladiators": glads,
            "options": {"fatigue": bout["fatigue"], "experience": bout["experience"]}}


def check_invariants(state):
    on_board = [g.hex for g in state.gladiators if g.hex is not None]
    assert len(on_board) == len(set(on_board)), "two gladiators share a hex"
    assert all(state.board.contains(h) for h in on_board), "someone left the board"
    assert all(g.ap >= 0 for g in state.gladiators), "AP below 0"
    assert all(state.board.contains(i.hex) for i in state.items)


def play(session, bout, steps):
    rng = random.Random(bout["seed"])
    dice = SeededDice(bout["seed"])
    for _ in range(steps):
        state = session.state
        if state.phase == "over":
            break
        options = legal_actions(state)
        assert options, "a bout that is not over always has something to do"
        action = choose_action(state) if rng.random() < bout["computer"] else rng.choice(options)
        session.act(action, dice)  # raises if the action were illegal
        check_invariants(session.state)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bouts)
def test_random_bouts_keep_the_rules_invariants_and_replay_identically(tmp_path_factory, bout):
    session = Session(RULES, setup_of(bout))
    play(session, bout, 150)
    path = tmp_path_factory.mktemp("bout") / "session.json"
    session.save(path)
    again = load_session(path, get_ruleset)
    assert summary(again.state) == summary(session.state)
    assert json.loads(json.dumps(summary(again.state))) == summary(session.state)


@settings(max_examples=10, deadline=None)
@given(bouts, st.integers(1, 8))
def test_undo_then_redo_gives_the_same_state(bout, back):
    session = Session(RULES, setup_of(bout))
    play(session, bout, 40)
    before = summary(session.state)
    done = session.undo(back)
    session.redo(done)
    assert summary(session.state) == before


@settings(max_examples=15, deadline=None)
@given(st.lists(st.sampled_from(TYPES), min_size=2, max_size=4), st.integers(0, 10_000))
def test_the_computer_always_plays_a_listed_action(types, seed):
    from companion.rulesets.skirmish import apply_action

    state = RULES.new_state({"gladiators": [{"type": t} for t in types]}, TABLES)
    dice = SeededDice(seed)
    for _ in range(300):
        if state.phase == "over":
            break
        action = choose_action(state)
        listed = legal_actions(state)
        if action["type"] == "turn":
            assert any(a["type"] == "turn" for a in listed)
        else:
            assert action in listed, action
        apply_action(state, action, dice)
        check_invariants(state)
