"""The mutation tool (`scripts/mutation`) makes the slips it says, where it says, and
leaves alone what is not behaviour: docstrings, annotations, f-strings."""

from __future__ import annotations

import ast
import textwrap

from tools.mutation import PACKAGES, Score, guards_of, mutants_of, sources

CODE = textwrap.dedent('''\
    """A module's docstring: 1 < 2 is never mutated."""
    from typing import TYPE_CHECKING

    if TYPE_CHECKING:
        LIMIT: int = 3


    def hurt(hp: int, damage: int = 2) -> int:
        """Says 0 < 1 too."""
        left = hp - damage
        if left <= 0 and not hp > 10:
            return max(left, 0)
        total: list[int] = []
        left += 1
        return left if f"{hp + 1}" else 0
    ''')


def changes() -> set[tuple[str, str]]:
    return {(m.old, m.new) for m in mutants_of("x.py", CODE)}


def test_the_slips_of_a_tired_hand_are_made() -> None:
    found = changes()
    assert ("hp - damage", "(hp + damage)") in found
    assert ("left <= 0", "left < 0") in found
    assert ("left <= 0 and not hp > 10", "(left <= 0 or not hp > 10)") in found
    assert ("not hp > 10", "(hp > 10)") in found
    assert ("max(left, 0)", "min(left, 0)") in found
    assert ("2", "3") in found  # the default damage, one off
    assert ("left += 1", "left -= 1") in found
    assert ("left <= 0 and not hp > 10", "(not (left <= 0 and not hp > 10))") in found


def test_docstrings_annotations_type_checking_and_fstrings_are_left_alone() -> None:
    olds = {old for old, _ in changes()}
    assert "1 < 2" not in olds and "0 < 1" not in olds
    assert "3" not in olds  # only under TYPE_CHECKING
    assert "hp + 1" not in olds  # inside an f-string: words, not rules


def test_every_mutant_applies_to_code_that_still_parses_and_differs() -> None:
    for mutant in mutants_of("x.py", CODE):
        changed = mutant.apply(CODE)
        assert changed != CODE
        ast.parse(changed)


def test_a_mutants_key_stays_while_the_code_around_it_moves() -> None:
    keys = {m.key for m in mutants_of("x.py", CODE)}
    moved = {m.key for m in mutants_of("x.py", "import os\n\n" + CODE)}
    assert keys == moved and len(keys) == len(mutants_of("x.py", CODE))


def test_every_package_has_sources_and_tests() -> None:
    for package in PACKAGES:
        assert sources(package) and guards_of(package), package


def test_the_share_killed_carries_its_interval() -> None:
    score = Score("x", mutants=500, sampled=100, excluded=4, killed=90)
    assert score.counted == 96 and round(score.share, 4) == 0.9375
    low, high = score.interval()
    assert 0.86 < low < score.share < high < 0.98
