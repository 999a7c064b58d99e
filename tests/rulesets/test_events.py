"""An event is a typed record of its kind, and its JSON is what the dict it replaced
gave: the digests of every saved session depend on it."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass, field
from typing import ClassVar, Literal

import pytest

from companion.rulesets.base import LEFT_OUT_WHEN_NONE, Event, digest, json_name


@dataclass(frozen=True, slots=True)
class Landed(Event):
    kind: ClassVar[str] = "item_landed"
    item_kind: str = field(metadata=json_name("kind"))
    item: str = ""
    at: str | None = None
    faces: tuple[int, ...] = ()
    late: bool | None = field(default=None, metadata=LEFT_OUT_WHEN_NONE)


def test_a_record_gives_the_json_of_the_dict_it_replaced():
    typed = Landed("A", item_kind="shield", item="scutum", at="E6", faces=(3, 4))
    was = {"kind": "shield", "item": "scutum", "at": "E6", "faces": [3, 4]}
    assert typed.data == was
    # The digest a session file keeps for an action: sorted keys, no spaces, UTF-8.
    text = json.dumps([["item_landed", "A", was]], sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)
    assert digest([typed]) == hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_a_field_left_out_while_none_is_in_the_json_once_it_has_a_value():
    assert "late" not in Landed("A", item_kind="net").data
    assert Landed("A", item_kind="net", late=False).data["late"] is False
    # None is kept where the field is not marked: "at" is null, not absent.
    assert Landed("A", item_kind="net").data["at"] is None


def test_the_json_names_the_kind_and_who_first():
    @dataclass(frozen=True, slots=True)
    class Turned(Event):
        kind: ClassVar[str] = "turned"
        facing: str

    assert Turned("A", facing="NE").to_json() == {"kind": "turned", "who": "A",
                                                   "facing": "NE"}


def test_a_record_cannot_be_changed_and_has_no_dict():
    landed = Landed("A", item_kind="net", item="net")
    with pytest.raises(dataclasses.FrozenInstanceError):
        landed.item = "trident"  # type: ignore[misc]
    assert not hasattr(landed, "__dict__")


def test_two_records_of_different_kinds_with_the_same_fields_differ():
    @dataclass(frozen=True, slots=True)
    class Fell(Event):
        kind: ClassVar[str] = "item_fell"
        item_kind: str = field(metadata=json_name("kind"))
        item: str = ""
        at: str | None = None
        faces: tuple[int, ...] = ()
        late: bool | None = field(default=None, metadata=LEFT_OUT_WHEN_NONE)

    landed = Landed("A", item_kind="net", item="net")
    fell = Fell("A", item_kind="net", item="net")
    assert landed != fell
    assert digest([landed]) != digest([fell])


@dataclass(frozen=True, slots=True)
class Side:
    name: str
    dice: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "dice": list(self.dice)}


@dataclass(frozen=True, slots=True)
class Clash(Event):
    kind: ClassVar[str] = "clash"
    sides: tuple[Side, ...]
    winner: Side | None
    verdict: Literal["hit", "miss"]


def test_a_record_nested_in_an_event_gives_its_own_json_in_its_place():
    a, b = Side("Smash", (3, 4)), Side("Rex", (1,))
    assert Clash(None, sides=(a, b), winner=a, verdict="hit").data == {
        "sides": [{"name": "Smash", "dice": [3, 4]}, {"name": "Rex", "dice": [1]}],
        "winner": {"name": "Smash", "dice": [3, 4]}, "verdict": "hit"}
    assert Clash(None, sides=(), winner=None, verdict="miss").data["winner"] is None
