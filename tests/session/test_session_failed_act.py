"""The session applies an action to its live state (no copy): an action that fails,
early or part-way through its dice, must still leave the state, the journal and the log
exactly as they were, in every rule system."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from support.report_sessions import duel, grimdark, skirmish

from companion.dice.sources import NeedDice, SeededDice, TypedDice
from companion.errors import UserError
from companion.session.session import Session


def _seen(session: Session) -> tuple[str, list[dict[str, Any]], list[str], int]:
    summary = json.dumps(session.ruleset.summary(session.state), sort_keys=True, default=str)
    journal = [e.model_dump() for e in session.journal]
    return summary, journal, session.log, len(session.redo_stack)


def _next(session: Session) -> dict[str, Any]:
    rules = session.ruleset
    action = rules.choose(session.state)
    if action is None:
        legal = rules.legal_actions(session.state)
        assert legal
        action = legal[0]
    return dict(action)


def _faces(session: Session, action: dict[str, Any]) -> list[int]:
    """The faces `action` draws here, played on a twin of the session."""
    twin = Session(session.ruleset, session.setup, session.tables, session.journal)
    twin.act(action, SeededDice(11))
    return [f for r in twin.journal[-1].rolls for f in r["faces"]]


def _to_dice(session: Session) -> Session:
    """Played on to where the next action rolls several dice."""
    dice = SeededDice(5)
    for _ in range(200):
        action = _next(session)
        if len(_faces(session, action)) >= 2:
            return session
        session.act(action, dice)
    raise AssertionError("no action rolled several dice")


def _first(session: Session, actions: int) -> Session:
    session.undo(len(session.journal) - actions)
    return session


PLAYED: dict[str, Callable[[], Session]] = {
    "skirmish": lambda: _to_dice(skirmish(most=3)),
    "battle": lambda: _to_dice(_first(duel(), 3)),
    "grimdark": lambda: _to_dice(grimdark(most=2)),
}


@pytest.mark.parametrize("system", sorted(PLAYED))
def test_a_failed_action_changes_nothing(system):
    session = PLAYED[system]()
    action = _next(session)
    session.act(action, SeededDice(2))
    session.undo()  # a redo list to keep, too
    before = _seen(session)
    revision = session.revision
    with pytest.raises(UserError):
        session.act({"type": "no such action"}, SeededDice(1))
    assert _seen(session) == before

    faces = _faces(session, action)
    assert len(faces) >= 2, "the action should roll several dice, to fail part-way"
    for given in range(len(faces)):
        with pytest.raises(NeedDice):
            session.act(action, TypedDice(faces[:given]))
        assert _seen(session) == before, f"{given} of {len(faces)} faces"
    assert session.revision != revision  # screens that cache by it look again

    # And the state put right plays on exactly as the untouched one would.
    twin = Session(session.ruleset, session.setup, session.tables, session.journal)
    session.act(action, TypedDice(faces))
    twin.act(action, TypedDice(faces))
    assert _seen(session)[:3] == _seen(twin)[:3]
