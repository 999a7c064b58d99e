"""The skirmish's events are typed records, one per kind, each with a kind string of its
own; the rules build them (never a loose `event(...)`), and each gives exactly the JSON
of the dict it replaced: every saved session's digests are made from it."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest
from support.skirmish_scenes import RULES, scene

import companion
from companion.dice.sources import ScriptedDice
from companion.rulesets.base import Event
from companion.rulesets.skirmish import apply_action
from companion.rulesets.skirmish import events as ev
from companion.rulesets.skirmish.narrator import WORDS
from companion.rulesets.skirmish.rolls import MAKERS

ROOT = Path(companion.__file__).parent
FOLDERS = (ROOT / "rulesets" / "skirmish", ROOT / "ui" / "skirmish")
DECLARED = [v for v in vars(ev).values()
            if isinstance(v, type) and issubclass(v, Event) and v is not Event]


def test_every_kind_is_declared_once_with_a_kind_string_of_its_own():
    assert set(DECLARED) == set(ev.KINDS) and len(ev.KINDS) == len(set(ev.KINDS))
    kinds = [k.kind for k in ev.KINDS]
    assert all(kinds) and len(set(kinds)) == len(kinds)


@pytest.mark.parametrize("kind", ev.KINDS, ids=lambda k: k.kind)
def test_a_record_is_frozen_and_slotted(kind):
    assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen
    assert "__slots__" in vars(kind)


def test_every_kind_has_its_words_and_every_roll_maker_reads_a_declared_kind():
    assert set(WORDS) == set(ev.KINDS)
    assert set(MAKERS) <= set(ev.KINDS)


def _loose_events(path: Path) -> list[str]:
    """Where a module makes or imports a loose event, or reads an event's JSON for its
    fields (`e.data[...]`): what the records replaced."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else \
                func.attr if isinstance(func, ast.Attribute) else None
            if name in ("event", "LooseEvent"):
                found.append(f"{path.name}:{node.lineno}: {name}(...)")
        elif isinstance(node, ast.ImportFrom) and node.module == "companion.rulesets.base":
            found += [f"{path.name}:{node.lineno}: imports {a.name}" for a in node.names
                      if a.name in ("event", "LooseEvent")]
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) \
                and node.value.attr == "data" and isinstance(node.value.value, ast.Name) \
                and node.value.value.id in ("e", "event", "begun"):
            found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_rule_and_no_screen_of_the_skirmish_makes_a_loose_event():
    paths = [p for folder in FOLDERS for p in sorted(folder.rglob("*.py"))]
    assert len(paths) > 30
    assert [hit for p in paths for hit in _loose_events(p)] == []


# --- the JSON, key for key -----------------------------------------------------------------
# [kind, who, data] as a digest reads them, for the kinds that seeded play never showed in
# the check that compared every event's JSON before and after the records (a table without
# an event for some double, a dart lost to a double), and a few whose JSON is not simply
# their fields: a field named otherwise, pairs that are lists, a null kept.
JSON = [
    (ev.NoSpecialEvent("A", face=3), ["no_special_event", "A", {"face": 3}]),
    (ev.NoSave("D", extra=1), ["no_save", "D", {"extra": 1}]),
    (ev.DartLanded("C", at="E5"), ["dart_landed", "C", {"at": "E5"}]),
    (ev.DartBroken("C"), ["dart_broken", "C", {}]),
    (ev.ItemLanded("B", item_kind="shield", item="large-shield", at="E7"),
     ["item_landed", "B", {"kind": "shield", "item": "large-shield", "at": "E7"}]),
    (ev.PickedUp("A", item=2, item_kind="ammo", name="dart"),
     ["picked_up", "A", {"item": 2, "kind": "ammo", "name": "dart"}]),
    (ev.APRolled("A", face=3, modifiers=(("heavy", -1),), ap=2),
     ["ap_rolled", "A", {"face": 3, "modifiers": [["heavy", -1]], "ap": 2}]),
    (ev.InitiativeRolled(None, rolls=(("A", 4), ("B", 1))),
     ["initiative_rolled", None, {"rolls": [["A", 4], ["B", 1]]}]),
    (ev.Moved("A", at="E1", to="E2", direction=None, cost=1, ap=1),
     ["moved", "A", {"at": "E1", "to": "E2", "direction": None, "cost": 1, "ap": 1}]),
]


@pytest.mark.parametrize(("record", "expected"), JSON, ids=[k for _, (k, _, _) in JSON])
def test_a_record_gives_the_json_of_the_dict_it_replaced(record, expected):
    assert [record.kind, record.who, record.data] == expected
    assert list(record.data) == list(expected[2])  # in the order the dict had them


def test_a_two_handed_blow_on_a_man_with_no_save_gives_its_extra_wounds_as_a_whole_number():
    state = scene({"kit": {"weapons": [{"weapon": "two-handed"}]}, "at": "E5", "facing": "S"},
                  {"type": "gaetulian", "at": "E6", "facing": "N"}, ap=6)
    found = apply_action(state, {"type": "attack", "target": "B", "weapon": "two-handed"},
                         ScriptedDice([6, 2]))
    [no_save] = [e for e in found if isinstance(e, ev.NoSave)]
    extra = state.data.weapons["two-handed"].hit_extra_wounds
    assert no_save.to_json() == {"kind": "no_save", "who": "B", "extra": extra}
    assert type(no_save.extra) is int
    assert RULES.narrate(state, [no_save]) == [
        f"No save for Gaetulian: the two-handed blow adds {extra} wound"
        f"{'s' if extra != 1 else ''}"]
