"""The engine's quick paths give what the plain rules give.

For speed the computer player and the bulk simulation read sums without words
(`net_modifier`, `blow_numbers`), memos (`_ap_terms`, wound levels, kits) and lookups
worked out once per board (`Geometry.direction`, `facing_to`). Here each is held to
the slower, plainer reading it stands for, in every position of a few played bouts.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from companion.core.facing import facing_towards
from companion.core.hexgrid import Hex, direction_between, distance, hex_range
from companion.rulesets.base import Event
from companion.rulesets.skirmish import SkirmishRules
from companion.rulesets.skirmish.ai import _options, choose, choose_action
from companion.rulesets.skirmish.attack import plan_attack
from companion.rulesets.skirmish.geometry import dist
from companion.rulesets.skirmish.modifiers import (
    attack_modifiers,
    blow_numbers,
    effective_save,
    net_modifier,
)
from companion.rulesets.skirmish.movement import Step, step_refusal
from companion.rulesets.skirmish.plan import (
    AttackPlan,
    _weapon_options,
    unusable,
    weapon_options,
)
from companion.rulesets.skirmish.rules import MAX_TURNS, apply_action, carry_out, carry_out_quietly
from companion.rulesets.skirmish.scenario import ScenarioError, _build_state
from companion.rulesets.skirmish.sim import QuickDice, play_out
from companion.rulesets.skirmish.state import (
    FIGHTING,
    Gladiator,
    State,
    _wound_levels,
    summary,
    wound_levels,
)
from companion.rulesets.skirmish.turn import (
    _ap_terms,
    _sides_standing,
    _two_sides_standing,
    ap_modifiers,
)
from companion.tables.loader import load_tables
from tools.skirmish_bench import crowd_setup, crowded_tables

RULES = SkirmishRules()
TABLES = load_tables()
SETUPS: list[dict[str, Any]] = [
    {"gladiators": [{"type": "samnite"}, {"type": "retiarius"}]},
    {"options": {"fatigue": True, "experience": True},
     "gladiators": [{"type": t, "side": s, "skills": k} for t, s, k in (
         ("contra-retiarius", "red", ["defence-die"]),
         ("gaetulian", "blue", ["attack-die"]),
         ("diamecheri", "red", []),
         ("sagittarius", "blue", ["extra-ap"]))]},
    # A two-handed blow lowers a save, or adds a wound where there is none.
    {"gladiators": [{"kit": {"weapons": [{"weapon": "two-handed"}]}, "side": "red"},
                    {"type": "samnite", "side": "blue"}, {"type": "gaetulian", "side": "blue"}]},
]


def positions(bouts: int = 4) -> Iterator[State]:
    """Every state in which a gladiator is about to act, over a few bouts."""
    for setup in SETUPS:
        for seed in range(bouts):
            state = RULES.new_state(setup, TABLES)
            dice = QuickDice(random.Random(seed))
            while state.phase != "over" and state.turn_number < 150:
                if state.phase == "act":
                    yield state
                apply_action(state, choose_action(state), dice)


def _opponents(state: State, g: Gladiator) -> list[Gladiator]:
    return [o for o in state.gladiators if o.side != g.side and o.hex is not None
            and o.status == FIGHTING]


def test_the_sums_the_computer_reads_are_the_sums_of_the_modifiers():
    checked = 0
    for state in positions():
        g = state.current()
        assert g is not None and g.hex is not None
        for t in _opponents(state, g):
            d = distance(g.hex, t.hex)  # type: ignore[arg-type]
            for option in weapon_options(state.data, g):
                w = option.weapon
                for side in range(6):
                    plan = AttackPlan(g, t, option, d, side, (side,), w.ap)
                    att, defence = attack_modifiers(state, plan)
                    net = sum(m for _, m in att) - sum(m for _, m in defence)
                    assert net_modifier(state, g, t, w, d, side) == net
                    assert blow_numbers(state, g, t, w, d, side) == (
                        net, *effective_save(state.data, t, side, w))
                    checked += 1
    assert checked > 1000


def test_the_options_the_computer_weighs_are_the_usable_affordable_ones():
    for state in positions():
        g = state.current()
        assert g is not None
        options = weapon_options(state.data, g)
        assert [o.ref for o in options] == [o.ref for o in _weapon_options(state.data, g)]
        plain = [o for o in options if g.ap >= o.weapon.ap and unusable(g, o) is None]
        assert _options(g, options) == plain


def _plain_refusal(state: State, g: Gladiator, src: Hex, dest: Hex) -> bool:
    if not state.board.contains(dest):
        return True
    other = state.occupant(dest)
    if other is not None and other is not g:
        return True
    return any(distance(src, f.hex) == 1 and distance(dest, f.hex) == 1  # type: ignore[arg-type]
               for f in _opponents(state, g))


def test_a_step_is_refused_exactly_when_the_rules_say():
    for state in positions(2):
        g = state.current()
        assert g is not None and g.hex is not None
        for dest in hex_range(g.hex, 1):
            if dest != g.hex:
                refused = step_refusal(state, g, g.hex, dest) is not None
                assert refused == _plain_refusal(state, g, g.hex, dest), dest


def test_the_ap_roll_terms_and_wound_levels_match_their_plain_readings():
    for state in positions():
        for g in state.gladiators:
            mods = ap_modifiers(state, g)
            net, kept = _ap_terms(state, g)
            assert net == sum(m for _, m in mods)
            assert list(kept) == mods
            assert wound_levels(state.data, g) == list(_wound_levels(state.data, g))
        assert _two_sides_standing(state) == (_sides_standing(state) > 1)


def test_the_board_lookups_agree_with_the_geometry():
    state = RULES.new_state(SETUPS[0], TABLES)
    geo = state.data.geometry(state.board)
    at = Hex(4, 3)
    for target in hex_range(at, 9):
        assert dist(at, target) == distance(at, target), target
        assert geo.direction(at, target) == direction_between(at, target), target
        if target != at:
            assert geo.facing_to(at, target) == facing_towards(at, target), target
    for here in geo.labels:
        on_board = {h for h in hex_range(here, 1) if h != here and state.board.contains(h)}
        assert geo.around[here] == on_board, here
        for there in (at, Hex(0, 0), Hex(9, -4)):
            assert geo.distances(there)[here] == distance(there, here), (there, here)


def test_a_strike_or_step_the_computer_carries_out_unchecked_is_what_the_rules_check():
    found = 0
    for state in positions():
        # Tried on copies: the choice holds the very gladiators of the state it was made in.
        carried, checked = copy.deepcopy(state), copy.deepcopy(state)
        choice = choose(carried)
        action, ready = choice
        if isinstance(ready, Step):
            g = carried.current()
            assert g is not None and g.hex is not None
            dest = carried.geo.parse(action["to"])
            assert ready == (dest, carried.geo.direction(g.hex, dest))
            assert step_refusal(carried, g, g.hex, dest) is None
            found += 1
        elif ready is not None:
            assert ready == plan_attack(carried, action)
            found += 1
        seed = len(state.items) + state.turn_number
        quiet = copy.deepcopy(checked)
        quiet_choice = choose(quiet)
        events = apply_action(checked, action, QuickDice(random.Random(seed)))
        assert carry_out(carried, choice, QuickDice(random.Random(seed))) == events
        assert summary(carried) == summary(checked)
        assert carry_out_quietly(quiet, quiet_choice, QuickDice(random.Random(seed))) is None
        assert quiet == checked
    assert found > 300


@pytest.mark.parametrize("setup", [*SETUPS, crowd_setup(4), crowd_setup(16)])
def test_a_bout_played_quietly_is_the_bout_played_with_its_events(setup):
    # The bench's and the lab's loop builds few events (`carry_out_quietly`); the
    # replay fixture holds the loop that builds them all. Every field of the state
    # (what each has used this turn, the items, whose turn) ends the same.
    tables = crowded_tables(TABLES, 16) if len(setup["gladiators"]) > 4 else TABLES
    bouts = 3 if len(setup["gladiators"]) > 4 else 25
    for seed in range(bouts):
        quiet, loud = RULES.new_state(setup, tables), RULES.new_state(setup, tables)
        events: list[Event] = []
        actions = play_out(quiet, QuickDice(random.Random(seed)))
        assert play_out(loud, QuickDice(random.Random(seed)), events=events) == actions
        assert quiet == loud, seed
        assert quiet.phase == "over" or quiet.turn_number > MAX_TURNS


_STARTS: list[dict[str, Any]] = [
    *SETUPS, crowd_setup(4),
    {"board": {"columns": 8, "rows": 9}, "spared_today": 1,
     "gladiators": [
         {"name": "Odd", "kit": {"weapons": [{"weapon": "sword"}], "shield": "large-shield",
                                 "armour": "light-armour"}, "at": "D2", "strength": 9},
         {"type": "gaetulian", "side": "x", "at": "D7", "facing": "N", "human": False},
         {"type": "laquearius", "side": "x", "skills": ["popular"], "defeated_today": 2}]},
]


def _shared_parts(a: State, b: State) -> list[str]:
    """What two states hold as the same object that play changes in place."""
    shared = [name for name in ("gladiators", "items", "order", "appeals")
              if getattr(a, name) is getattr(b, name)]
    shared += ["options"] if a.options is b.options else []
    for x, y in zip(a.gladiators, b.gladiators, strict=True):
        if x is y:
            shared.append(x.id)
        shared += [f"{x.id}.{name}" for name, value in vars_of(x).items()
                   if isinstance(value, list) and value is getattr(y, name)]
    return shared


def vars_of(g: Gladiator) -> dict[str, Any]:
    return {name: getattr(g, name) for name in Gladiator.__slots__}  # type: ignore[attr-defined]


@pytest.mark.parametrize("setup", _STARTS)
def test_a_scenario_started_again_is_built_afresh_as_the_first_time(setup):
    # `build_state` keeps each scenario's starting state and hands out copies.
    tables = TABLES
    data = RULES.data_for(tables)
    data.starts.clear()
    first = RULES.new_state(setup, tables)
    play_out(first, QuickDice(random.Random(3)))  # played, which must change no other
    again = RULES.new_state(copy.deepcopy(setup), tables)
    plain = _build_state(data, copy.deepcopy(setup))
    assert again == plain
    assert [vars_of(g) for g in again.gladiators] == [vars_of(g) for g in plain.gladiators]
    assert len(data.starts) == 1
    assert _shared_parts(again, data.starts[next(iter(data.starts))]) == []
    assert _shared_parts(again, RULES.new_state(setup, tables)) == []
    # The same scenario written in another order is the same start.
    RULES.new_state(dict(reversed(list(setup.items()))), tables)
    assert len(data.starts) == 1


def test_a_scenario_refused_is_refused_every_time_and_kept_by_nobody():
    data = RULES.data_for(TABLES)
    data.starts.clear()
    bad = {"gladiators": [{"type": "samnite"}, {"type": "nobody"}]}
    for _ in range(2):
        with pytest.raises(ScenarioError, match="no gladiator type 'nobody'"):
            RULES.new_state(bad, TABLES)
    not_json = {"gladiators": [{"type": "samnite"}, {"type": "thracian", "strength": object()}]}
    with pytest.raises(ScenarioError):
        RULES.new_state(not_json, TABLES)
    assert data.starts == {}


@pytest.mark.parametrize("turns", [1, 2, 5])
def test_playing_a_few_turns_stops_as_the_next_turn_begins(turns):
    # The app's "play the computer's turns" asks for a few turns and reads no events.
    state = RULES.new_state(SETUPS[0], TABLES)
    apply_action(state, {"type": "start"}, QuickDice(random.Random(1)))
    first = state.turn_number
    taken = play_out(state, QuickDice(random.Random(1)), turns=turns)
    assert taken > 0 and state.phase == "ap"  # from the edges, nobody is beaten so soon
    assert state.turn_number == first + turns
