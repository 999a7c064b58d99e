"""A toy rule system for the session's tests: "add" rolls a d6 and adds it to a total."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from companion.errors import UserError
from companion.rulesets.base import Due, Event, Outcome, Ruleset
from companion.session.session import Session
from companion.tables.loader import TableSet


@dataclass(frozen=True, slots=True)
class Added(Event):
    kind: ClassVar[str] = "added"
    face: int
    total: int


@dataclass
class Tally:
    total: int = 0
    rolls: list[int] = field(default_factory=list)


class TallyRules(Ruleset[Tally]):
    """A toy rule system: "add" rolls a d6 and adds it; "add" of more than the
    limit is illegal after rolling (to prove a failed action changes nothing)."""

    id = "tally"
    title = "tally"
    table_ids = ()

    def new_state(self, setup, tables) -> Tally:
        if "start" not in setup:
            raise UserError("setup needs 'start'")
        return Tally(total=setup["start"])

    def parse_action(self, data):
        if not isinstance(data, dict) or data.get("type") != "add":
            raise UserError("type: the only action is add")
        return dict(data)

    def apply(self, state: Tally, action, dice) -> Outcome:
        face = dice.d6(purpose="add", roller="p1").faces[0]
        state.total += face
        state.rolls.append(face)
        if state.total > action.get("limit", 99):
            raise UserError(f"over the limit ({state.total})")
        return Outcome((Added(None, face=face, total=state.total),))

    def due(self, state):
        return Due("add", None, ("add",))

    def legal_actions(self, state):
        return [{"type": "add"}]

    def summary(self, state):
        return {"total": state.total}

    def narrate(self, state, events):
        return [f"rolled {e.face}, total {e.total}" for e in events if isinstance(e, Added)]

    def describe(self, state):
        return [f"total {state.total}"]


def rulesets(name: str):
    if name != "tally":
        raise UserError(f"unknown ruleset '{name}'")
    return TallyRules()


def new_session() -> Session:
    return Session(TallyRules(), {"start": 10}, TableSet())
