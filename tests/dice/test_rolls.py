"""The one roll log: every die the rules draw shows as a roll, with who rolled it and
what for, the faces the event names, and the dice that count highlighted."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from support.coin_toss import COIN, COIN_FACES_TABLE, CoinRules
from support.random_sheets import playable_weapons, random_sheet

from companion.dice.rolls import Roll, merge
from companion.dice.sources import ScriptedDice, SeededDice
from companion.errors import UserError
from companion.rulesets.base import Event
from companion.rulesets.battle.events import AttackRolled, DefenceRolled, InitiativeRolled
from companion.rulesets.battle.rolls import MAKERS as BATTLE_MAKERS
from companion.rulesets.registry import get_ruleset
from companion.rulesets.skirmish.events import BlowRolled
from companion.rulesets.skirmish.rolls import MAKERS as SKIRMISH_MAKERS
from companion.session.session import Session
from companion.tables.loader import TableSet, load_tables

Faces = Callable[[dict[str, Any]], list[int]]


def _faces(d: dict[str, Any]) -> list[int]:
    return [*d.get("faces", []), *(d.get("luck_faces") or [])]


# The faces each kind of event names, read as the rules say them.
SKIRMISH_FACES: dict[str, Faces] = {
    "strength_rolled": lambda d: [d["face"]],
    "initiative_rolled": lambda d: [face for _, face in d["rolls"]],
    "ap_rolled": lambda d: [d["face"]],
    "blow": lambda d: [d["attack"], d["defence"]],
    "double": lambda d: [d["face"], d["face"]],  # attack and defence die alike
    "saved": lambda d: [d["face"]],
    "save_failed": lambda d: [d["face"]],
    "appealed": _faces,
    "event_wounds_rolled": _faces,
    "weapon_loss_rolled": lambda d: [d["roll"]],
    "weapon_picked": lambda d: [d["roll"]],
    "entangled": lambda d: [d["cast"]],
    "cast_missed": lambda d: [d["cast"]],
    "shredded": lambda d: [d["cast"], d["roll"]],
    "shred_failed": lambda d: [d["roll"]],
    "cut_free": lambda d: [d["roll"]],
    "cut_free_failed": lambda d: [d["roll"]],
}
BATTLE_FACES: dict[str, Faces] = {
    "initiative_rolled": lambda d: [f for side in ("a", "b") for f in d["faces"][side]],
    **{kind.kind: _faces for kind in BATTLE_MAKERS if kind is not InitiativeRolled},
}
# What a player must never read: code's marks, ids with hyphens or underscores.
RAW = re.compile(r"[_=\[\]{}]|True|False|None|\bsteps?\b")
# Events that name faces another event of the same action has shown already.
REPEATS = {"luck_settled", "fate_applied", "special_event"}


@pytest.fixture(scope="module")
def tables() -> TableSet:
    return load_tables()


def _slugs(state: Any) -> set[str]:
    """The ids with hyphens of a state's things, where the thing's name is other words."""
    data = getattr(state, "data", None)
    if data is not None:
        named = {**data.names, **data.level_names}
    else:
        named = {str(e.key): e.name for e in state.tables.tables.get("pool-weapons").entries}
    return {slug for slug, name in named.items() if "-" in slug and name.lower() != slug}


def _check(rules: Any, state: Any, events: tuple[Event, ...], records: list[Any],
           faces_of: dict[str, Faces], seen: set[str], plain: set[str]) -> None:
    described = rules.rolls(state, events)
    shown = merge(described, records)
    # Every die drawn is shown, in the order it fell; none is made up.
    assert [f for r in shown for f in r.faces] == [f for rec in records for f in rec.faces]
    assert all(roll in shown for roll in described), (described, shown, events)
    for i, e in enumerate(events):
        if e.kind in faces_of:
            mine = rules.rolls(state, events[i:i + 1])
            assert [f for r in mine for f in r.faces] == faces_of[e.kind](e.data), e
            assert all(r.who for r in mine), e
            if faces_of[e.kind](e.data):
                seen.add(e.kind)
        elif e.data.get("faces") and e.kind not in REPEATS:
            raise AssertionError(f"{e.kind} names faces the roll log does not show")
    for roll in shown:
        if roll not in described:
            plain.add(roll.purpose)
        words = f"{roll.purpose} {roll.detail}"
        assert not RAW.search(words), words
        assert not [slug for slug in _slugs(state) if re.search(rf"\b{slug}\b", words)], words


def test_every_die_of_many_skirmish_bouts_is_in_the_roll_log(tables):
    rules = get_ruleset("skirmish")
    types = [str(e.key) for e in tables.get("skirmish-types").entries]
    rng = random.Random(11)
    seen: set[str] = set()
    plain: set[str] = set()
    for n in range(60):
        setup = {"options": {"fatigue": rng.random() < 0.5, "experience": rng.random() < 0.5},
                 "gladiators": [{"type": rng.choice(types), "side": "red" if i % 2 else "blue"}
                                for i in range(rng.choice([2, 3, 4]))]}
        state, dice = rules.new_state(setup, tables), SeededDice(n)
        for _ in range(150):
            if rules.is_over(state):
                break
            action = rules.choose(state) if rng.random() < 0.8 else \
                rng.choice(rules.legal_actions(state))
            start = len(dice.history)
            outcome = rules.apply(state, action, dice)
            _check(rules, state, outcome.events, dice.history[start:], SKIRMISH_FACES,
                   seen, plain)
    assert {"strength_rolled", "initiative_rolled", "ap_rolled", "blow", "double", "saved",
            "save_failed", "appealed", "cast_missed", "entangled"} <= seen
    # Only where a dropped thing lands is told by no event's faces.
    assert plain and all(p.startswith("where the ") and p.endswith(" lands") for p in plain)


def _sheet(rng: random.Random, name: str, weapons: list[str]) -> dict[str, Any]:
    return random_sheet(rng, name, weapons)


def test_every_die_of_many_duels_is_in_the_roll_log(tables):
    rules = get_ruleset("battle")
    weapons = playable_weapons(tables)
    rng = random.Random(12)
    seen: set[str] = set()
    plain: set[str] = set()
    for n in range(80):
        while True:
            setup = {"a": _sheet(rng, f"Aulus {n}", weapons),
                     "b": _sheet(rng, f"Balbus {n}", weapons),
                     "options": {"started": "2025-05-01T20:00:00"}}
            try:
                session = Session(rules, setup, tables)
                break
            except UserError:
                continue
        dice = SeededDice(n)
        for _ in range(60):
            if rules.is_over(session.state):
                break
            legal = rules.legal_actions(session.state)
            action = dict(rng.choice(legal)) if legal else {"type": "wait"}
            if action["type"] == "attack":
                action["stance"] = rng.choice(["normal", "berserk", "defensive"])
            start = len(dice.history)
            try:
                outcome = session.act(action, dice)
            except UserError:
                continue
            _check(rules, session.state, outcome.events, dice.history[start:], BATTLE_FACES,
                   seen, plain)
    assert {"initiative_rolled", "attack_rolled", "defence_rolled", "critical_damage"} <= seen
    assert not plain  # the rules describe every die of a duel


def test_the_rolls_below_zero_health_are_in_the_roll_log(tables):
    rules = get_ruleset("battle")
    weapons = playable_weapons(tables)
    rng = random.Random(3)
    seen: set[str] = set()
    plain: set[str] = set()
    for n in range(40):
        while True:
            setup = {"a": _sheet(rng, "Aulus", weapons), "b": _sheet(rng, "Balbus", weapons),
                     "options": {"started": "2025-05-01T20:00:00"}}
            try:
                session = Session(rules, setup, tables)
                break
            except UserError:
                continue
        dice = SeededDice(n)
        session.act({"type": "initiative"}, dice)
        # A blow of the paper game: his health below 0, and the rolls it calls for.
        health = -rng.randint(1, 9) if n % 2 else -rng.randint(10, 25)
        session.act({"type": "adjust_health", "who": "a", "op": f"={health}"}, dice)
        for _ in range(6):
            due = [a for a in rules.legal_actions(session.state)
                   if a["type"] in ("stay_conscious", "death_door", "fate", "choose_fate")]
            if not due:
                break
            start = len(dice.history)
            outcome = session.act(due[0], dice)
            _check(rules, session.state, outcome.events, dice.history[start:], BATTLE_FACES,
                   seen, plain)
    assert "stay_conscious_rolled" in seen and not plain


def skirmish_bout(*faces: int) -> Session:
    session = Session(get_ruleset("skirmish"),
                      {"gladiators": [{"type": "samnite"}, {"type": "retiarius"}]})
    session.act({"type": "start"}, ScriptedDice(faces))
    return session


def test_the_start_shows_each_strength_and_initiative_die_by_name():
    session = skirmish_bout(3, 6, 2, 5)
    names = [g.name for g in session.state.gladiators]
    assert [(r.who, r.purpose, r.faces, r.total) for r in session.rolls] == [
        (names[0], "strength", (3,), 7), (names[1], "strength", (6,), 10),
        (names[0], "initiative", (2,), None), (names[1], "initiative", (5,), None)]


def test_the_ap_roll_shows_the_die_and_the_ap_it_gives():
    session = skirmish_bout(3, 6, 2, 5)
    session.act({"type": "roll_ap"}, ScriptedDice([4]))
    ap = session.rolls[-1]
    assert ap.purpose == "action points" and ap.faces == (4,)
    assert ap.total == session.state.glad(session.state.active).ap


def test_an_attack_that_gets_through_highlights_the_attack_die():
    roll = SKIRMISH_MAKERS[BlowRolled]
    session = skirmish_bout(3, 6, 2, 5)
    state = session.state
    e = BlowRolled("A", target="B", attack=5, defence=2, modifiers=(("rear", 3),),
                   defence_modifiers=(), margin=6)
    attack, defence = roll(state, e)
    assert attack.dice[0].success and not defence.dice[0].success
    assert attack.total == 8 and "rear +3" in attack.detail


def test_a_defence_pool_highlights_its_sixes_and_its_luck_dice_are_luck():
    state = _duel_state()
    e = DefenceRolled("b", rule="normal", pool={"dice": 3, "terms": []}, faces=(6, 2, 4),
                      luck_faces=(6,), sixes=2)
    (roll,) = BATTLE_MAKERS[DefenceRolled](state, e, ())
    assert [(d.face, d.success, d.luck) for d in roll.dice] == [
        (6, True, False), (2, False, False), (4, False, False), (6, True, True)]
    assert roll.total == 2 and roll.detail == "two sixes"


def test_an_attack_highlights_the_highest_faces_it_is_read_by():
    state = _duel_state()
    e = AttackRolled("a", target="b", weapon="brawling", weapon_class="A", stance="normal",
                     thrown=False, two_handed=False, disarm=False, signature=False,
                     called_shot=False, mighty_blow=False, pool={"dice": 3, "terms": []},
                     faces=(4, 2, 4), luck_faces=())
    (roll,) = BATTLE_MAKERS[AttackRolled](state, e, ())
    assert [d.success for d in roll.dice] == [True, False, True]
    assert roll.detail == "best two 4s"


def _duel_state() -> Any:
    rng = random.Random(1)
    tables = load_tables()
    weapons = playable_weapons(tables)
    rules = get_ruleset("battle")
    while True:
        try:
            return rules.new_state({"a": _sheet(rng, "Aulus", weapons),
                                    "b": _sheet(rng, "Balbus", weapons)}, tables)
        except UserError:
            continue


def test_a_system_without_its_own_rolls_still_shows_every_die_plainly(monkeypatch):
    import json
    from pathlib import Path

    from companion.games.registry import GAMES
    from companion.tables.loader import parse_table

    monkeypatch.setitem(GAMES, "coin", COIN)
    faces = parse_table(Path("coin-faces.json"), json.dumps(COIN_FACES_TABLE))
    session = Session(CoinRules(), {"players": ["Ann", "Bo"], "target": 2},
                      TableSet({"coin-faces": faces}))
    assert CoinRules().rolls(session.state, ()) == []
    session.act({"type": "toss", "call": "heads"}, ScriptedDice([2]))
    assert session.rolls == [Roll(who="Ann", purpose="coin", dice=session.rolls[0].dice)]
    assert session.rolls[0].faces == (2,) and session.rolls[0].dice[0].sides == 2
