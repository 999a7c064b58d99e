"""The one plain-English helper every game's words use."""

from __future__ import annotations

from companion.core.words import listed, plural


def test_a_count_takes_its_noun_in_the_singular_only_for_one() -> None:
    assert [plural(n, "wound") for n in (0, 1, 2)] == ["0 wounds", "1 wound", "2 wounds"]
    assert plural(3, "die", "dice") == "3 dice" and plural(1, "die", "dice") == "1 die"


def test_a_list_is_said_with_commas_and_its_last_word() -> None:
    assert listed([]) == "" and listed(["Aulus"]) == "Aulus"
    assert listed(["Aulus", "Brenna"]) == "Aulus and Brenna"
    assert listed(["a", "b", "c"]) == "a, b and c"
    assert listed(["a", "", "c"], last="or") == "a or c"
