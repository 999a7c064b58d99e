"""A session replays exactly: 500 random sessions of each rule system, saved and opened
again, come out the same, entry by entry (each entry's digest) and in the end state."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from support.random_sheets import playable_weapons, random_sheet

from companion.dice.sources import SeededDice
from companion.errors import UserError
from companion.rulesets.registry import get_ruleset
from companion.session.session import JournalEntry, Session, SessionFile
from companion.tables.loader import TableSet, load_tables

SESSIONS = 500


@pytest.fixture(scope="module")
def tables() -> TableSet:
    return load_tables()


def _reopened(session: Session) -> Session:
    """The session as a file would give it back: through its JSON text."""
    data = SessionFile.model_validate_json(session.to_file().model_dump_json())
    return Session(session.ruleset, data.setup, session.tables, data.journal, data.redo)


def _same(played: Session, again: Session) -> None:
    rules = played.ruleset
    assert [e.outcome for e in again.journal] == [e.outcome for e in played.journal]
    assert json.dumps(rules.summary(again.state), sort_keys=True) == \
        json.dumps(rules.summary(played.state), sort_keys=True)
    assert again.log == played.log


def test_random_skirmish_sessions_replay_identically(tables):
    rules = get_ruleset("skirmish")
    types = [str(e.key) for e in tables.get("skirmish-types").entries]
    rng = random.Random(2026)
    actions = 0
    for n in range(SESSIONS):
        count = rng.choice([2, 2, 3, 4])
        setup = {"options": {"fatigue": rng.random() < 0.5, "experience": rng.random() < 0.5},
                 "gladiators": [{"type": rng.choice(types),
                                 "side": "red" if i % 2 else "blue"} for i in range(count)]}
        session = Session(rules, setup, tables)
        state, dice = session.state, SeededDice(n)
        # Played on the state itself (legal actions never fail half-way), journaled as
        # the session journals; then opened again from the entries.
        for _ in range(rng.randint(5, 40)):
            if rules.is_over(state):
                break
            legal = rules.legal_actions(state)
            action = rules.choose(state) if rng.random() < 0.6 else rng.choice(legal)
            assert action is not None
            start = len(dice.history)
            outcome = rules.apply(state, action, dice)
            session.journal.append(JournalEntry(
                action=action, rolls=[r.to_dict() for r in dice.history[start:]],
                outcome=outcome.digest()))
            session.outcomes.append(outcome)
            actions += 1
        _same(session, _reopened(session))
    assert actions > SESSIONS * 10


def _battle_action(rng: random.Random, rules: Any, state: Any) -> dict[str, Any]:
    """An action a player might send now: mostly one the rules expect, sometimes a
    tracker change, sometimes one that is refused."""
    if rng.random() < 0.15:
        who = rng.choice("ab")
        return rng.choice([
            {"type": "adjust_health", "who": who, "op": rng.choice(["-3", "+2", "=-5"])},
            {"type": "spend_luck", "who": who}, {"type": "restore_heal", "who": who},
            {"type": "set_stun", "who": who, "stunned": rng.random() < 0.5},
            {"type": "apply_entry", "who": who, "table": "crit-slashing",
             "keys": [rng.randint(3, 40)]},
        ])
    legal = rules.legal_actions(state)
    if not legal:
        return {"type": "wait"}
    action = dict(rng.choice(legal))
    if action["type"] == "attack":
        action["stance"] = rng.choice(["normal", "berserk", "defensive"])
    return action


def _sheet(rng: random.Random, name: str, weapons: list[str]) -> dict[str, Any]:
    return random_sheet(rng, name, weapons, most_health=20, retrieve=False)


def test_random_battle_sessions_replay_identically(tables):
    rules = get_ruleset("battle")
    weapons = playable_weapons(tables)
    rng = random.Random(2027)
    actions = refused = 0
    for n in range(SESSIONS):
        while True:  # a pair of sheets the rules accept
            setup = {"a": _sheet(rng, f"A{n}", weapons), "b": _sheet(rng, f"B{n}", weapons),
                     "options": {"started": "2025-05-01T20:00:00"}}
            try:
                session = Session(rules, setup, tables)
                break
            except UserError:
                continue
        dice = SeededDice(n)
        for _ in range(rng.randint(3, 20)):
            if rules.is_over(session.state):
                break
            try:
                session.act(_battle_action(rng, rules, session.state), dice)
                actions += 1
            except UserError:
                refused += 1
        _same(session, _reopened(session))
    assert actions > SESSIONS * 3
