"""Every insanity of the battle system as the rules read it: what each of the 36 does
in a duel (those that bind only a career, such as training, are left to the sheet),
each as the source gives it (a weapon remembered here is the spear)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.quirks import Quirks, quirks_of
from companion.tables.loader import load_tables

TABLES = BattleTables(load_tables(include_user=False))

EACH: dict[int, dict[str, Any]] = {
    11: {'no_luck': True},
    12: {'no_attack_on_stunned': True},
    13: {'drops_weapon_on_whiff': True},
    14: {'focus_sixes': 2},
    15: {'initiative_dice': -2},
    16: {'bleeds_per_turn': 1},
    21: {'infatuations': [('spear', 2, -1)]},
    22: {'infatuations': [('spear', 1, -1)]},
    23: {'phobias': [('spear', -2)]},
    24: {'phobias': [('spear', -1)]},
    25: {'must_defend_at_or_below': 15},
    26: {'unhandled': ['Claustrophobia']},
    31: {'unhandled': ['Impulsive Training (Defence)']},
    32: {'unhandled': ['Impulsive Training (Attack)']},
    33: {'unhandled': ['Impulsive Training (Initiative)']},
    34: {'unhandled': ['Impulsive Training (Focus)']},
    35: {'unhandled': ['Impulsive Training (Heal)']},
    36: {'unhandled': ['Impulsive Training (Strength)']},
    41: {'unhandled': ['Impulsive Training (Signature Move)']},
    42: {'unhandled': ['Health Nut']},
    43: {'unhandled': ['Brute Complex']},
    44: {'berserk_attack_dice': 2, 'must_try_to_stay_conscious': True, 'must_use_all_luck': True},
    45: {'must_try_to_stay_conscious': True, 'awake_after_hit_of': 15},
    46: {'survival_parry_dodge': 2},
    51: {'life_line': 2},
    52: {'initiative_dice': 1},
    53: {'keen_insight': 2},
    54: {'reflex_to_live': 3},
    55: {'mighty_blow': 2},
    56: {'unhandled': ['Identity Crisis']},
    61: {'called_shot_dice': 2},
    62: {'improved_heal': {4: 1, 5: 2, 6: 6}},
    63: {'zen_sixes': 1},
    64: {'unhandled': ['Psychic Development']},
    65: {'luck_lost_at_or_below': 2},
    66: {'deaths_door_dice': 2, 'fate_rolls': 2},
}


@pytest.mark.parametrize("key", sorted(EACH))
def test_each_insanity_does_what_the_source_says_and_nothing_else(key: int) -> None:
    quirks, plain = quirks_of(TABLES, [(key, "spear")]), Quirks()
    changed = {name: getattr(quirks, name) for name in quirks.__dataclass_fields__
               if getattr(quirks, name) != getattr(plain, name)}
    assert changed == EACH[key]


def test_two_infatuations_with_two_weapons_are_kept_apart() -> None:
    quirks = quirks_of(TABLES, [(21, "spear"), (22, "B")])
    assert quirks.infatuations == [("spear", 2, -1), ("B", 1, -1)]


def test_an_infatuation_that_remembers_nothing_is_left_unhandled() -> None:
    quirks = quirks_of(TABLES, [(21, None)])
    assert quirks.infatuations == [] and quirks.unhandled


def test_an_insanity_the_table_does_not_have_is_refused_by_its_number() -> None:
    from companion.errors import UserError

    with pytest.raises(UserError, match="no entry for 99"):
        TABLES.insanity(99)
    assert TABLES.insanity(63).name == "Zen Buddha"


def test_a_house_infatuation_with_no_word_on_other_weapons_leaves_them_as_they_are() -> None:
    import json

    from companion import paths

    data = json.loads((paths.builtin_tables_dir() / "insanity.json").read_text())
    for entry in data["entries"]:
        if entry["key"] == 21:
            entry["effects"] = entry["effects"][:1]  # +2 with it; nothing said of the rest
    folder = paths.user_tables_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "insanity.json").write_text(json.dumps(data))
    house = BattleTables(load_tables())
    assert quirks_of(house, [(21, "spear")]).infatuations == [("spear", 2, 0)]
