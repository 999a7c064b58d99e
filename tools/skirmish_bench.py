"""Timings of the hex skirmish engine, for `scripts/bench`: bouts a second with 2, 4, 8
and 16 gladiators, how their cost grows with the number, and the time of one exact-odds
call. Figures only; nothing here is asserted."""

from __future__ import annotations

import math
import random
import time
from statistics import median
from typing import Any

from companion.rulesets.skirmish.odds import attack_odds
from companion.rulesets.skirmish.rules import SkirmishRules
from companion.rulesets.skirmish.sim import QuickDice, play_out
from companion.tables.loader import TableSet, load_tables, table_of

# The crowds timed, and the types they are drawn from in turn: every kind of fighter
# (nets, reach, missiles, shields) comes into the larger bouts.
CROWDS = (2, 4, 8, 16)
CROWD_TYPES = ("samnite", "retiarius", "gaetulian", "hoplomachus", "thracian", "myrmillo",
               "laquearius", "sagittarius", "provocator", "velite", "contra-retiarius",
               "diamecheri", "cataphractarius")


def crowd_setup(count: int) -> dict[str, Any]:
    """A free-for-all of `count` gladiators on the standard 10x12 arena, placed as a
    scenario without places puts them: each on his own edge, the later ones further in."""
    return {"gladiators": [{"type": CROWD_TYPES[i % len(CROWD_TYPES)]}
                           for i in range(count)]}


def crowded_tables(tables: TableSet, count: int) -> TableSet:
    """`tables` with a house skirmish-rules table that lets `count` gladiators onto the
    standard arena (the seed rules hold 4), as a user's own table could: the big bouts
    are timed on the same board as the small ones, so that only the crowd grows."""
    rules = tables.get("skirmish-rules")
    data = rules.file.model_dump()
    data["entries"] = [{**e, "value": max(e["value"], count)}
                       if e.get("key") == "gladiators-per-board" else e
                       for e in data["entries"]]
    origin = tables.origins.get("skirmish-rules")
    assert origin is not None
    crowded = TableSet(dict(tables.tables), dict(tables.origins), list(tables.problems))
    crowded.tables["skirmish-rules"] = table_of(origin, data)
    return crowded


def _time_bouts(rules: SkirmishRules, tables: TableSet, setup: dict[str, Any],
                seeds: range) -> tuple[float, float, int]:
    """Wall seconds and CPU seconds for a bout from each seed (setup included), and the
    actions taken in all."""
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in seeds:
        state = rules.new_state(setup, tables)
        actions += play_out(state, QuickDice(random.Random(seed)))
    return time.perf_counter() - start, time.process_time() - cpu, actions


def growth_exponent(counts: tuple[int, ...], costs: list[float]) -> float:
    """The slope of log(cost) against log(count), least squares: cost ~ count ** slope."""
    xs = [math.log(c) for c in counts]
    ys = [math.log(c) for c in costs]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) \
        / sum((x - mx) ** 2 for x in xs)


def bench(bouts: int = 300, repeat: int = 3, odds_calls: int = 2000) -> dict[str, float]:
    """Bouts a second (setup included) with 2, 4, 8 and 16 gladiators, the time of a
    bout and of an action at each, the exponents of their growth with the number, and
    the time of one `attack_odds` call, cold (first sight of its numbers) and warm.
    Medians; the crowds are timed by turns within each repeat."""
    rules = SkirmishRules()
    tables = load_tables(include_user=False)
    crowded = crowded_tables(tables, max(CROWDS))
    # Fewer bouts of the big crowds: a 16-way bout takes a hundred times a duel's time.
    counts = {n: max(1, bouts * 2 // n ** 2) if n > 2 else bouts for n in CROWDS}
    rates: dict[int, list[float]] = {n: [] for n in CROWDS}
    cpu_rates: dict[int, list[float]] = {n: [] for n in CROWDS}
    per_action: dict[int, list[float]] = {n: [] for n in CROWDS}
    for r in range(repeat):
        for n in CROWDS:
            seeds = range(r * counts[n], (r + 1) * counts[n])
            wall, cpu, actions = _time_bouts(rules, crowded if n > 4 else tables,
                                             crowd_setup(n), seeds)
            rates[n].append(len(seeds) / wall)
            # CPU time too: on a shared machine the wall clock also counts other people.
            cpu_rates[n].append(len(seeds) / max(cpu, 1e-9))
            per_action[n].append(cpu / max(actions, 1) * 1e6)
    odds_setup = {"gladiators": [
        {"type": "samnite", "at": "E6", "facing": "S", "strength": 8},
        {"type": "thracian", "at": "E7", "facing": "NE", "strength": 8}]}
    state = rules.new_state(odds_setup, tables)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(odds_calls):
            attack_odds(state, "A", "B", "sword")
        times.append((time.perf_counter() - start) / odds_calls * 1000)
    cold = []
    for _ in range(repeat):
        state.data.forget()
        start = time.perf_counter()
        attack_odds(state, "A", "B", "sword")
        cold.append((time.perf_counter() - start) * 1000)
    bout_ms = [1000 / median(cpu_rates[n]) for n in CROWDS]
    action_us = [median(per_action[n]) for n in CROWDS]
    figures: dict[str, float] = {}
    for n in CROWDS:
        suffix = "" if n == 2 else f"_{n}"
        figures[f"bouts_per_s{suffix}"] = round(median(rates[n]), 1)
    for n, ms, us in zip(CROWDS, bout_ms, action_us, strict=True):
        figures[f"skirmish_bout_ms_{n}"] = round(ms, 3)
        figures[f"skirmish_action_us_{n}"] = round(us, 2)
    figures.update({
        "skirmish_bouts_per_cpu_s": round(median(cpu_rates[2]), 1),
        "skirmish_bout_growth": round(growth_exponent(CROWDS, bout_ms), 2),
        "skirmish_action_growth": round(growth_exponent(CROWDS, action_us), 2),
        "skirmish_attack_odds_ms": round(median(times), 4),
        "skirmish_attack_odds_cold_ms": round(median(cold), 4),
    })
    return figures
