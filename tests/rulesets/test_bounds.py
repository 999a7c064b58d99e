"""Every number a player can send in an action is bounded, and the refusal gives the
bound: a typo (or a joke) never hangs a duel rolling a million dice."""

from __future__ import annotations

import pytest

from companion.errors import UserError
from companion.rulesets.registry import get_ruleset


@pytest.mark.parametrize(("action", "words"), [
    ({"type": "attack", "luck": 10**9}, "at most 100"),
    ({"type": "attack", "defence_luck": 101}, "at most 100"),
    ({"type": "heal", "dice": 5000}, "at most 100"),
    ({"type": "stay_conscious", "luck": 10**6}, "at most 100"),
    ({"type": "adjust_health", "who": "a", "op": "-" + "9" * 5000}, "at most 9999"),
    ({"type": "adjust_health", "who": "a", "op": "=123456"}, "at most 9999"),
    ({"type": "ammo", "who": "a", "weapon": "war-dart", "op": "+10000"}, "at most 9999"),
    ({"type": "restore_luck", "who": "a", "n": 10**12}, "at most 9999"),
    ({"type": "apply_entry", "who": "a", "table": "fate", "keys": [1, 2, 3]}, "at most 2"),
])
def test_a_battle_action_beyond_its_bounds_is_refused_with_the_bound(action, words):
    with pytest.raises(UserError, match=words):
        get_ruleset("battle").parse_action(action)


def test_a_tracker_change_within_the_bounds_is_taken():
    rules = get_ruleset("battle")
    assert rules.parse_action({"type": "adjust_health", "who": "a", "op": "=-9999"})
    assert rules.parse_action({"type": "attack", "luck": 100})
