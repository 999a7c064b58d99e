"""The skirmish's actions are typed dicts where they are built: each action type's keys
are the fields the rules check, and what the computer player, the legal moves and the
paths across the board build has the keys its type declares."""

from __future__ import annotations

import random
from typing import Any, get_args

import pytest
from support.skirmish_scenes import TABLES

from companion.dice.sources import SeededDice
from companion.rulesets.skirmish import SkirmishRules
from companion.rulesets.skirmish.actions import ACTIONS
from companion.rulesets.skirmish.rules import FIELDS, HANDLERS


def test_each_action_type_has_a_typed_dict_with_the_fields_the_rules_check():
    assert set(ACTIONS) == set(HANDLERS) == set(FIELDS)
    for kind, typed in ACTIONS.items():
        keys = typed.__required_keys__ | typed.__optional_keys__
        assert keys == {"type", "gladiator", *FIELDS[kind]}, kind
        assert get_args(typed.__annotations__["type"]) == (kind,), kind


def _fits(action: Any) -> None:
    typed = ACTIONS[action["type"]]
    assert typed.__required_keys__ <= set(action) <= (typed.__required_keys__
                                                      | typed.__optional_keys__), action


@pytest.mark.parametrize("seed", range(6))
def test_what_the_computer_and_the_legal_moves_build_has_the_keys_of_its_type(seed):
    rules = SkirmishRules()
    rng = random.Random(seed)
    types = list(rules.data_for(TABLES).types)
    state = rules.new_state({"gladiators": [{"type": rng.choice(types), "side": side}
                                            for side in ("red", "blue", "red")]}, TABLES)
    dice = SeededDice(seed)
    for _ in range(300):
        if rules.is_over(state):
            break
        legal = rules.legal_actions(state)
        for action in legal:
            _fits(action)
        if state.phase == "act":
            g = state.current()
            assert g is not None
            for reach in rules.reach(state, g.id).values():
                for step in reach.path:
                    _fits(step)
            for target in rules.targets(state):
                _fits(target.action())
        action = rules.choose(state) if rng.random() < 0.7 else rng.choice(legal)
        assert action is not None
        _fits(action)
        rules.apply(state, action, dice)
