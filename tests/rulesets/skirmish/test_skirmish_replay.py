"""Computer-against-computer bouts replay move for move.

`skirmish_bouts.json` holds, for a few matchups and seeds, a fingerprint of each bout
played by `simulate_bout`: the SHA-256 of its final summary (every gladiator and item)
with the digest of its events, and the number of events. A faster engine must give
exactly the same bouts. (The first fixture, recorded before the speed work and before
the rules returned events, hashed the log's words; these bouts were shown equal to it
before the words were left out, so that the words can change and the bouts cannot.)
To record it afresh after a change that is meant to alter bouts, run this module as a
script.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

import pytest
from support.places import TESTS

from companion.rulesets.base import Event, digest
from companion.rulesets.skirmish import SkirmishRules, simulate_bout, summary
from companion.tables.loader import load_tables
from tools.skirmish_bench import crowd_setup, crowded_tables

FIXTURE = TESTS / "skirmish_bouts.json"
TABLES = load_tables(include_user=False)
# The bench's crowds: 8 and 16 for themselves on the standard arena, which a house
# skirmish-rules table opens to them.
CROWDED = crowded_tables(TABLES, 16)
SEEDS = range(30)
MATCHUPS: dict[str, dict[str, Any]] = {
    "samnite-retiarius": {"gladiators": [{"type": "samnite"}, {"type": "retiarius"}]},
    "four-way": {"gladiators": [{"type": t} for t in
                                ("samnite", "retiarius", "gaetulian", "hoplomachus")]},
    "cone-and-bow": {
        "options": {"fatigue": True, "experience": True},
        "gladiators": [
            {"type": "contra-retiarius", "side": "red", "skills": ["defence-die"]},
            {"type": "retiarius", "side": "blue", "skills": ["attack-die", "extra-ap"]},
            {"type": "sagittarius", "side": "blue"},
            {"type": "laquearius", "side": "red", "skills": ["popular"]},
        ],
    },
    "eight-way": crowd_setup(8),
    "sixteen-way": crowd_setup(16),
}


def fingerprint(rules: SkirmishRules, setup: dict[str, Any], seed: int) -> list[Any]:
    events: list[Event] = []
    tables = CROWDED if len(setup["gladiators"]) > 4 else TABLES
    state = simulate_bout(setup, seed, rules=rules, tables=tables, events=events)
    text = json.dumps({**summary(state), "events": digest(events)}, sort_keys=True)
    return [hashlib.sha256(text.encode()).hexdigest()[:20], len(events)]


def record() -> dict[str, dict[str, list[Any]]]:
    rules = SkirmishRules()
    return {name: {str(seed): fingerprint(rules, setup, seed) for seed in SEEDS}
            for name, setup in MATCHUPS.items()}


@pytest.fixture(scope="module")
def rules() -> SkirmishRules:
    return SkirmishRules()


@pytest.mark.parametrize("matchup", list(MATCHUPS))
def test_the_same_seed_gives_the_same_bout_as_recorded(rules, matchup):
    expected = json.loads(FIXTURE.read_text())[matchup]
    got = {str(seed): fingerprint(rules, MATCHUPS[matchup], seed) for seed in SEEDS}
    assert got == expected


if __name__ == "__main__":  # pragma: no cover - records the fixture
    lines = []
    for name, bouts in record().items():
        rows = ",\n".join(f'  "{seed}": {json.dumps(f)}' for seed, f in bouts.items())
        lines.append(f' "{name}": {{\n{rows}\n }}')
    FIXTURE.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    sys.exit(0)
