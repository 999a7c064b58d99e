"""The battle's events are typed records: one class per kind, each with a kind of its
own, built by the rules themselves (never a loose `event(...)`), with the JSON the
dicts they replaced had, which the saved sessions' digests depend on."""

from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path

import pytest
from support.places import ROOT
from test_battle_attack import attack, duel, gladiator, rolls

from companion.rulesets.base import Event
from companion.rulesets.battle import events
from companion.rulesets.battle.events import KINDS, RolledForASix, WeaponLodged
from companion.rulesets.battle.narrator import FORMATTERS
from companion.rulesets.battle.rules import BattleRules

FOLDERS = (ROOT / "companion" / "rulesets" / "battle", ROOT / "companion" / "ui" / "battle")


@pytest.fixture(scope="module")
def rules() -> BattleRules:
    return BattleRules()


def test_every_kind_has_a_kind_string_of_its_own():
    names = [kind.kind for kind in KINDS]
    assert all(names)
    assert len(set(names)) == len(names)


def test_every_record_declared_is_a_kind_and_the_narrator_words_it():
    declared = {cls for module in (events.attack, events.health, events.turns)
                for _, cls in inspect.getmembers(module, inspect.isclass)
                if issubclass(cls, Event) and cls.__module__ == module.__name__}
    assert declared - {RolledForASix} == set(KINDS)
    assert set(FORMATTERS) == set(KINDS)


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.kind)
def test_every_record_is_frozen_and_slotted(kind):
    assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen
    assert "__slots__" in kind.__dict__


def _loose_uses(path: Path) -> list[str]:
    """Calls of `event(...)` and imports of `event` or `LooseEvent` in one module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "event":
            found.append(f"{path.name}:{node.lineno}: event(...)")
        elif isinstance(node, ast.ImportFrom):
            found += [f"{path.name}:{node.lineno}: imports {a.name}" for a in node.names
                      if a.name in ("event", "LooseEvent")]
        elif isinstance(node, ast.Attribute) and node.attr == "data" \
                and isinstance(node.value, ast.Name) and node.value.id == "e":
            found.append(f"{path.name}:{node.lineno}: e.data")
    return found


def test_no_module_of_the_battle_makes_or_reads_a_loose_event():
    modules = [p for folder in FOLDERS for p in sorted(folder.rglob("*.py"))]
    assert len(modules) > 30
    assert [use for path in modules for use in _loose_uses(path)] == []


# --- the JSON of the kinds the throwaway comparison of many sessions never met -------------
def test_a_lodged_weapon_says_whose_it_is_in_the_json_it_always_had(rules):
    # Piercing 19 with a thrown javelin (test_battle_attack): it stays in the target.
    session = duel(rules, gladiator("Thrower", weapon="javelin", carried={"javelin": 3}),
                   gladiator("Target", weapon="brawling"))
    attack(session, rolls([6, 6, 6, 1, 1], [6, 6, 5]))
    (lodged,) = [e for e in session.outcomes[-1].events if isinstance(e, WeaponLodged)]
    assert lodged.to_json() == {"kind": "weapon_lodged", "who": "b", "weapon": "javelin",
                                "owner": "a"}
