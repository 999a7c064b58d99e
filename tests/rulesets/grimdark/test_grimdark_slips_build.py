"""Slips in the Grimdark builder's arithmetic and its reading of a sheet's lines that
the build tests did not catch: the start figures at a modifier of 0 and 1, and a
career line whose number is longer than any a sheet can hold."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rulesets.grimdark import career
from companion.rulesets.grimdark.build import start_figures
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.sheet import Gladiator
from companion.tables.loader import load_tables

DATA = GrimdarkData.load(load_tables(include_user=False))


def glad(**changes: Any) -> Gladiator:
    base: dict[str, Any] = {"name": "Tester", "brutality": 5, "style": 3, "mind": 4,
                            "weird": 3, "abilities": {}, "moves": {"basic-melee": 15},
                            "weapons": []}
    return Gladiator.model_validate({**base, **changes})


def test_style_0_and_no_poise_rolls_a_bare_d8_for_init() -> None:
    g = glad(brutality=5, style=0, mind=5, weird=5)
    assert start_figures(g, DATA).init == "d8"


def test_style_1_rolls_d8_plus_1_for_init() -> None:
    g = glad(brutality=5, style=1, mind=5, weird=4)
    assert start_figures(g, DATA).init == "d8+1"


@pytest.mark.parametrize("line", ["Veteran: 1000001 wins", "Veteran: 1 Fame and 1000004 wins"])
def test_a_career_line_with_a_seven_digit_number_is_refused_not_read_in_part(line) -> None:
    with pytest.raises(ValueError, match="should read like"):
        career.read_line(line, DATA)


def test_a_career_line_of_six_digits_is_read_whole() -> None:
    assert career.read_line("Veteran: 1 Fame and 4 wins (d6: 4)", DATA) is not None
    key, grants = career.read_line("Veteran: 10000 wins", DATA)  # type: ignore[misc]
    assert key == "veteran" and [(g.resource, g.amount) for g in grants] == [("wins", 10000)]
