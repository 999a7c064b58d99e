"""Grimdark's small harms and gains on one gladiator: a heal never past his maximum,
CZ and resources never below nothing and said only when they change, nothing given to
the defeated, and conditions counting down a turn at a time."""

from __future__ import annotations

from typing import Any

from support.grimdark_kit import match, sheet

from companion.dice.sources import ScriptedDice
from companion.rulesets.grimdark.harm import Ctx, gain, gain_cz, heal, tick
from companion.rulesets.grimdark.state import Condition


def _rex() -> tuple[Ctx, Any]:
    _, state = match(sheet("Rex"), sheet("Vex"), hp=40)
    return Ctx(state, ScriptedDice([])), state.fighter("a")


def _said(ctx: Ctx, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in ctx.events if e.kind == kind]


def test_a_heal_never_takes_him_past_his_maximum_and_at_it_says_nothing() -> None:
    ctx, rex = _rex()
    rex.hp = 37
    assert heal(ctx, rex, 5, "test") == 3 and rex.hp == 40
    assert [e["change"] for e in _said(ctx, "hp")] == [3]
    assert heal(ctx, rex, 5, "test") == 0 and rex.hp == 40
    assert heal(ctx, rex, -2, "test") == 0 and rex.hp == 40
    assert len(_said(ctx, "hp")) == 1


def test_the_defeated_are_not_healed_nor_given_cz() -> None:
    ctx, rex = _rex()
    rex.hp, rex.defeated, rex.cz = 10, True, 2
    heal(ctx, rex, 5, "test")
    gain_cz(ctx, rex, 3, "test")
    assert (rex.hp, rex.cz) == (10, 2) and ctx.events == []


def test_cz_never_falls_below_nothing_and_no_change_says_nothing() -> None:
    ctx, rex = _rex()
    rex.cz = 1
    gain_cz(ctx, rex, -3, "test")
    assert rex.cz == 0 and _said(ctx, "cz")[-1]["cz"] == 0
    gain_cz(ctx, rex, 0, "test")
    assert len(_said(ctx, "cz")) == 1
    gain(ctx, rex, "cz", 2, "test")
    assert rex.cz == 2 and _said(ctx, "cz")[-1]["change"] == 2


def test_a_resource_never_falls_below_nothing_and_says_what_it_truly_changed() -> None:
    ctx, rex = _rex()
    rex.resources["arcane-essence"] = 1
    gain(ctx, rex, "arcane-essence", -3, "acid-touch")
    assert rex.resources["arcane-essence"] == 0
    assert _said(ctx, "resource") == [{"resource": "arcane-essence", "change": -1,
                                       "value": 0, "reason": "acid-touch"}]
    gain(ctx, rex, "arcane-essence", -2, "acid-touch")  # nothing left to lose
    assert len(_said(ctx, "resource")) == 1
    gain(ctx, rex, "curse", 2, "dark-touch")
    assert rex.resources["curses"] == 2
    assert _said(ctx, "resource")[-1] == {"resource": "curses", "change": 2, "value": 2,
                                          "reason": "dark-touch"}
    gain(ctx, rex, "curse", 1, "dark-touch")
    assert _said(ctx, "resource")[-1]["change"] == 1 and rex.resources["curses"] == 3


def test_conditions_count_down_a_turn_at_a_time_the_fresh_from_the_next() -> None:
    _, rex = _rex()
    rex.conditions = [Condition("penalty", turns=2, fresh=False),
                      Condition("disarmed", turns=1, fresh=True),
                      Condition("out-of-position", turns=1, fresh=False, against="b"),
                      Condition("stunned", turns=1, fresh=False)]
    tick(rex)
    assert [(c.key, c.turns, c.fresh) for c in rex.conditions] == [
        ("penalty", 1, False), ("disarmed", 1, False), ("out-of-position", 1, False)]
    tick(rex)
    assert [(c.key, c.turns) for c in rex.conditions] == [("out-of-position", 1)]


def test_a_resource_he_never_had_starts_from_nothing() -> None:
    ctx, rex = _rex()
    rex.resources.pop("quantum-energy", None)
    gain(ctx, rex, "quantum-energy", 1, "recharge")
    assert rex.resources["quantum-energy"] == 1
    assert _said(ctx, "resource")[-1]["change"] == 1
