"""Grimdark's events are typed records, one a kind, and each gives the JSON of the dict
it replaced, key for key: the digests of every saved match depend on it. The kinds a
played match rarely makes have their JSON held here; no emission in Grimdark's code
goes back to loose events."""

from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path

import pytest
from support.places import ROOT

from companion.rulesets.base import Event
from companion.rulesets.grimdark import events, narrator
from companion.rulesets.grimdark.events import (
    ActiveStatChanged,
    BlowDamage,
    BlowPart,
    Clashed,
    CritStruck,
    CursesRolled,
    FateDecided,
    MoveChosen,
    MoveReplaced,
    PowerModifier,
    RandomStatRolled,
    SidePower,
    StatAlreadySettled,
    Wounded,
    WrathUnleashed,
)
from companion.rulesets.grimdark.report import public

DECLARED = [cls for _, cls in inspect.getmembers(events, inspect.isclass)
            if issubclass(cls, Event) and cls is not Event and cls.__module__ == events.__name__]
GRIMDARK_CODE = [ROOT / "companion" / "rulesets" / "grimdark",
                 ROOT / "companion" / "ui" / "grimdark"]


def test_every_kind_is_a_frozen_slotted_record_with_a_kind_of_its_own() -> None:
    kinds = [cls.kind for cls in DECLARED]
    assert len(kinds) == len(set(kinds)) == 27
    assert all(kinds)
    assert set(events.KINDS) == set(DECLARED)
    for cls in DECLARED:
        assert dataclasses.is_dataclass(cls) and "__slots__" in vars(cls), cls
        assert cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]


def test_the_narrator_tells_every_kind_but_the_shuffle_the_roll_log_shows() -> None:
    assert set(DECLARED) - set(narrator.TELLERS) == {events.DeckShuffled}


def _calls(path: Path) -> list[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)]


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def test_no_emission_in_grimdark_code_makes_a_loose_event() -> None:
    found = []
    for folder in GRIMDARK_CODE:
        for path in sorted(folder.rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            where = path.relative_to(ROOT)
            if "LooseEvent" in text:
                found.append(f"{where}: LooseEvent")
            for call in _calls(path):
                name = _name(call.func)
                if name == "event":
                    found.append(f"{where}:{call.lineno}: event(...)")
                # ctx.emit(HpChanged(...)): one record made there, not a kind and fields.
                if name == "emit" and (len(call.args) != 1 or call.keywords or not
                                       isinstance(call.args[0], ast.Call)):
                    found.append(f"{where}:{call.lineno}: emit takes one record")
    assert found == []


def test_this_check_would_see_a_loose_event(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('ctx.emit("hp", who, change=1)\nevents.append(event("turn", None))\n')
    assert {_name(c.func) for c in _calls(sample)} >= {"emit", "event"}


SIDE = SidePower("a", move="wild-charge", stat="brutality", dice="d8", faces=(5,),
                 keep="all", modifiers=(PowerModifier(6, "stat"), PowerModifier(-2, "move")),
                 total=9, attack="melee")
SIDE_JSON = {"id": "a", "move": "wild-charge", "stat": "brutality", "dice": "d8",
             "faces": [5], "keep": "all",
             "modifiers": [{"amount": 6, "reason": "stat"}, {"amount": -2, "reason": "move"}],
             "total": 9, "attack": "melee"}


# The kinds no match of the samples (nor any saved session) makes, the fields that are
# there at some emissions only, and the fight's nested records: each record, and the
# JSON its dict gave.
JSON = [
    (RandomStatRolled("a", stat="mind", face=3, move="face-off"),
     {"stat": "mind", "face": 3, "move": "face-off"}),
    (MoveReplaced("a", move="charge-up", by="unleash"), {"move": "charge-up", "by": "unleash"}),
    (StatAlreadySettled("b", source="disorienting", by="c", first="a"),
     {"source": "disorienting", "by": "c", "first": "a"}),
    (WrathUnleashed("a", amount=6, move="wrath-from-beyond"),
     {"amount": 6, "move": "wrath-from-beyond"}),
    (CursesRolled("a", faces=(1, 6), broken=1), {"faces": [1, 6], "broken": 1}),
    (Wounded("a", source="blow", second=False), {"source": "blow", "second": False}),
    (Wounded("a", source="critical", second=True, stat="style", value=2),
     {"source": "critical", "second": True, "stat": "style", "value": 2}),
    (ActiveStatChanged("a", stat="ineffective", source="disorienting"),
     {"stat": "ineffective", "source": "disorienting"}),
    (ActiveStatChanged("a", stat="weird", source="disorienting", face=4, versatile=True),
     {"stat": "weird", "source": "disorienting", "face": 4, "versatile": True}),
    (FateDecided("a", dead=False, roll=None, die=None, rule="starred", gruesome=False),
     {"dead": False, "roll": None, "die": None, "rule": "starred", "gruesome": False}),
    (FateDecided("a", dead=True, roll=None, die=None, rule="gruesome"),
     {"dead": True, "roll": None, "die": None, "rule": "gruesome"}),
    (FateDecided("a", dead=False, roll=3, die="d6", rule="execution", cz_gap=7),
     {"dead": False, "roll": 3, "die": "d6", "rule": "execution", "cz_gap": 7}),
    (FateDecided("a", dead=True, roll=1, die="d10", rule="defeat", late=True),
     {"dead": True, "roll": 1, "die": "d10", "rule": "defeat", "late": True}),
    (Clashed("a", target="b", sides=(SIDE, SIDE), advantage=9, band="critical", winner="a",
             damage=BlowDamage(total=14, die="d6", parts=(BlowPart(9, "margin", ()),
                                                          BlowPart(5, "weapon-die", (5,)))),
             crit=CritStruck(roll=4, severity=2, key="4-2", knockback=1, stun=False,
                             wound=True, gruesome=False),
             mutual=True, gang=1, ganged="b", out_of_position=False),
     {"target": "b", "sides": [SIDE_JSON, SIDE_JSON], "advantage": 9, "band": "critical",
      "winner": "a",
      "damage": {"total": 14, "die": "d6", "parts": [
          {"amount": 9, "reason": "margin", "faces": []},
          {"amount": 5, "reason": "weapon-die", "faces": [5]}]},
      "crit": {"roll": 4, "severity": 2, "key": "4-2", "knockback": 1, "stun": False,
               "wound": True, "gruesome": False},
      "mutual": True, "gang": 1, "ganged": "b", "out_of_position": False}),
    (Clashed("a", target="b", sides=(SIDE, SIDE), advantage=0, band="inconclusive",
             winner=None, damage=None, crit=None, mutual=False, gang=0, ganged=None,
             out_of_position=False),
     {"target": "b", "sides": [SIDE_JSON, SIDE_JSON], "advantage": 0,
      "band": "inconclusive", "winner": None, "damage": None, "crit": None,
      "mutual": False, "gang": 0, "ganged": None, "out_of_position": False}),
]


@pytest.mark.parametrize(("record", "old"), JSON, ids=lambda x: getattr(x, "kind", ""))
def test_a_record_gives_the_json_its_dict_gave(record: Event, old: dict[str, object]
                                               ) -> None:
    assert record.data == old
    assert list(record.data) == list(old)  # in its order, for --json
    assert record.to_json() == {"kind": record.kind, "who": record.who, **old}


def test_a_coaching_choice_told_in_public_keeps_its_reasons_back() -> None:
    chosen = MoveChosen("a", move="wild-charge", target="b", reach="melee",
                        active_stat=None, why=("aggressive",), by="coaching")
    told = public(chosen)
    assert isinstance(told, MoveChosen) and (told.why, told.by) == ((), "public")
    assert told.data == {"move": "wild-charge", "target": "b", "reach": "melee",
                         "active_stat": None, "why": [], "by": "public"}
    gm = dataclasses.replace(chosen, why=(), by="gm")
    assert public(gm) is gm
