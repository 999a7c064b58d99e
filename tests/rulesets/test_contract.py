"""The contract every rule system implements: events and their digests, what is due,
and an action typed on the command line as JSON or in its short form."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar

import pytest

from companion import paths
from companion.errors import UserError
from companion.rulesets.base import Due, Event, Outcome, digest, parse_action_text
from companion.rulesets.registry import get_ruleset, ruleset_ids

SHORT = {"move": ("to",), "attack": ("target", "weapon", "hexside")}


@dataclass(frozen=True, slots=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    at: str
    to: str
    cost: int
    ap: int


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    kind: ClassVar[str] = "rolled"
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Wounded(Event):
    kind: ClassVar[str] = "wounded"
    wounds: int


def test_an_event_is_who_what_and_plain_data():
    e = Moved("A", at="E6", to="E7", cost=1, ap=3)
    assert (e.kind, e.who, e.to) == ("moved", "A", "E7")
    assert json.loads(json.dumps(e.to_json())) == {"kind": "moved", "who": "A", "at": "E6",
                                                   "to": "E7", "cost": 1, "ap": 3}


def test_the_same_events_give_the_same_digest_and_a_changed_die_another():
    one = [Rolled("A", faces=(3, 5)), Wounded("B", wounds=2)]
    assert digest(one) == digest([Rolled("A", faces=(3, 5)), Wounded("B", wounds=2)])
    assert digest(one) != digest([Rolled("A", faces=(5, 3)), one[1]])
    assert Outcome(tuple(one)).digest() == digest(one)
    assert [e.kind for e in Outcome(tuple(one)).of_kind("wounded")] == ["wounded"]


def test_due_says_what_must_happen_next():
    due = Due("roll_ap", "A", ("roll_ap", "discard_shield"), turn=3)
    assert not due.over and Due("over").over
    assert due.to_json()["choices"] == ["roll_ap", "discard_shield"]


@pytest.mark.parametrize(("text", "action"), [
    ("move E6", {"type": "move", "to": "E6"}),
    ("attack B sword", {"type": "attack", "target": "B", "weapon": "sword"}),
    ("attack B hexside=NE", {"type": "attack", "target": "B", "hexside": "NE"}),
    ("turn steps=-1", {"type": "turn", "steps": -1}),
    ("roll-ap", {"type": "roll_ap"}),
    ("stay_conscious luck=2 keen_insight=yes", {"type": "stay_conscious", "luck": 2,
                                                 "keen_insight": True}),
    ('{"type": "move", "to": "E6"}', {"type": "move", "to": "E6"}),
])
def test_an_action_is_typed_as_json_or_in_its_short_form(text, action):
    assert parse_action_text(text, SHORT) == action


@pytest.mark.parametrize(("text", "words"), [
    ("", "no action"),
    ("move E6 E7", "'E7' is one value too many: move takes only to"),
    ("end_turn now", "end turn takes no values"),
    ('{"type": "move"', "not valid JSON"),
    ("[1, 2]", "an action begins with its type"),
])
def test_a_typed_action_that_cannot_be_read_says_why(text, words):
    with pytest.raises(UserError, match=words):
        parse_action_text(text, SHORT)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_registered_system_fills_the_whole_contract(ruleset_id):
    rules = get_ruleset(ruleset_id)
    assert rules.id == ruleset_id and rules.title
    assert rules.table_ids and all(isinstance(t, str) for t in rules.table_ids)
    with pytest.raises(UserError):
        rules.parse_action({"type": "no-such-action"})


@pytest.mark.parametrize(("action", "words"), [
    ({"type": "move", "too": "E6"}, "move action: 'too' is not one of its fields"),
    ({"type": "move", "to": 6}, "move action: 'to' must be text"),
    ({"type": "turn", "steps": "SW"}, "turn action: 'steps' must be a whole number"),
    ({"type": "attack", "target": "B", "hexside": True}, "'hexside' must be"),
    ({"type": "fly"}, "there is no action 'fly'"),
    ({}, "there is an action without a type"),
    (["move"], "an action is a JSON object"),
])
def test_a_skirmish_action_of_the_wrong_shape_is_refused_naming_the_field(action, words):
    with pytest.raises(UserError, match=words):
        get_ruleset("skirmish").parse_action(action)


def test_the_computers_choice_comes_with_why_where_its_player_says():
    from companion.dice.sources import ScriptedDice
    from companion.session.session import Session
    from companion.tables.loader import load_tables

    tables = load_tables(include_user=False)
    battle = get_ruleset("battle")
    sheet = json.loads((paths.assets_dir() / "samples" / "hammer-rookie.json").read_text())
    session = Session(battle, {"a": sheet, "b": {**sheet, "name": "Second"},
                               "options": {"started": "2025-05-01T20:00:00"}}, tables)
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    choice = battle.choice(session.state)
    assert choice is not None and choice.action == battle.choose(session.state)
    assert choice.why.startswith("attacks")
    skirmish = get_ruleset("skirmish")
    state = skirmish.new_state({"gladiators": [{"type": "samnite"}, {"type": "velite"}]},
                               tables)
    plain = skirmish.choice(state)  # its computer player gives no words: none are made up
    assert plain is not None and plain.why == "" and plain.action == skirmish.choose(state)
