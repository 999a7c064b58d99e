"""What the chooser by the odds makes of a move's after-effects, each against the same
scene without them: the worth it adds is the constant choose_odds gives it, counted
once for each thing the move undoes, and nothing on a move that does not undo it."""

from __future__ import annotations

from typing import Any

import pytest
from grimdark_kit import match, sheet

from companion.rulesets.grimdark import choose_odds
from companion.rulesets.grimdark.choose_odds import worths

TECHNO = {"basic-melee": 10, "regenerate": 5}


def rex(**resources: int) -> tuple[Any, Any]:
    """A technomancer with Regenerate in hand and the quantum energy it costs."""
    _, state = match(sheet("Rex", (3, 3, 3, 6), moves=TECHNO, abilities={"technomancer": 1}),
                     sheet("Vex"), hands=[["regenerate", "basic-melee", "basic-melee"], []])
    me = state.fighter("a")
    me.resources.update({"quantum-energy": 3, **resources})
    return me, state


def test_regenerate_is_worth_a_doses_worth_more_for_each_dose_of_poison_it_clears() -> None:
    clean = worths(*reversed(rex()))
    poisoned = worths(*reversed(rex(poison=3)))
    assert poisoned["Regenerate"] - clean["Regenerate"] == pytest.approx(3 * choose_odds.DOSE)
    # Neither attacking nor assessing clears poison: their worth is as it was.
    assert {k: v for k, v in poisoned.items() if k != "Regenerate"} == \
        {k: v for k, v in clean.items() if k != "Regenerate"}


def test_regenerate_heals_the_wound_and_clears_the_poison_each_counted() -> None:
    me, state = rex()
    whole = worths(state, me)
    me.wounded = True
    wounded = worths(state, me)
    assert wounded["Regenerate"] - whole["Regenerate"] == pytest.approx(choose_odds.UNWOUNDED)
    me.resources["poison"] = 2
    both = worths(state, me)
    assert both["Regenerate"] - whole["Regenerate"] == pytest.approx(
        choose_odds.UNWOUNDED + 2 * choose_odds.DOSE)
