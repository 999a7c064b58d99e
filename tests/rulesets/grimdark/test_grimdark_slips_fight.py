"""Slips in one Grimdark fight the fight tests did not catch: the die ladder's every
step (the equipment table's house ruling: 0, d2, d4, d6, d8, d10, d12; d12 never grows,
0 never shrinks)."""

from __future__ import annotations

import pytest

from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.fight import Side, Weapon, damage_die
from companion.tables.loader import load_tables

DATA = GrimdarkData.load(load_tables(include_user=False))
PLAIN = Side(DATA.moves["basic-melee"], 3, Weapon("d6"))


def prop(name: str):  # type: ignore[no-untyped-def]
    found = DATA.property_named(name)
    assert found is not None, name
    return found


@pytest.mark.parametrize(("die", "larger"), [
    ("0", "d2"), ("d2", "d4"), ("d4", "d6"), ("d6", "d8"), ("d8", "d10"), ("d10", "d12"),
    ("d12", "d12"), ("d6+1", "d8+1")])
def test_an_elemental_weapon_is_one_die_larger_and_d12_is_the_largest(die, larger) -> None:
    weapon = Weapon(die, (prop("Elemental"),), element="fire")
    assert damage_die(weapon, PLAIN._replace(weapon=weapon), PLAIN, 2) == larger


@pytest.mark.parametrize(("die", "smaller"), [("d4", "d2"), ("d2", "0"), ("0", "0")])
def test_a_thrown_weapon_is_one_die_smaller_and_0_never_shrinks(die, smaller) -> None:
    weapon = Weapon(die, (prop("Throwable"),))
    thrower = PLAIN._replace(move=DATA.moves["basic-ranged"], weapon=weapon)
    assert damage_die(weapon, thrower, PLAIN, 2) == smaller


def test_two_steps_up_from_d10_stop_at_d12() -> None:
    weapon = Weapon("d10", (prop("Elemental"), prop("Crushing")), element="fire")
    assert damage_die(weapon, PLAIN._replace(weapon=weapon), PLAIN, 4) == "d12"
    assert damage_die(weapon, PLAIN._replace(weapon=weapon), PLAIN, 3) == "d12"
    weapon = Weapon("d6", (prop("Elemental"), prop("Crushing")), element="fire")
    assert damage_die(weapon, PLAIN._replace(weapon=weapon), PLAIN, 4) == "d10"
