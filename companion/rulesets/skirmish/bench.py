"""Timings of the hex skirmish engine, for `scripts/bench`: bouts a second and the
time of one exact-odds call. Figures only; nothing here is asserted."""

from __future__ import annotations

import time
from statistics import median

from companion.rulesets.skirmish.odds import attack_odds
from companion.rulesets.skirmish.rules import SkirmishRules
from companion.rulesets.skirmish.sim import simulate_bout
from companion.tables.loader import load_tables


def bench(bouts: int = 300, repeat: int = 3, odds_calls: int = 2000) -> dict[str, float]:
    """Bouts a second (samnite against retiarius, setup included) and the time of one
    `attack_odds` call, cold (first sight of its numbers) and warm. Medians."""
    rules = SkirmishRules()
    tables = load_tables(include_user=False)
    setup = {"gladiators": [{"type": "samnite"}, {"type": "retiarius"}]}
    rates, cpu_rates = [], []
    for r in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        for seed in range(bouts):
            simulate_bout(setup, seed + r * bouts, rules=rules, tables=tables)
        rates.append(bouts / (time.perf_counter() - start))
        # CPU time too: on a shared machine the wall clock also counts other people.
        cpu_rates.append(bouts / max(time.process_time() - cpu, 1e-9))
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
    four = {"gladiators": [{"type": t} for t in
                           ("samnite", "retiarius", "gaetulian", "hoplomachus")]}
    start = time.perf_counter()
    for seed in range(bouts // 3):
        simulate_bout(four, seed, rules=rules, tables=tables)
    four_rate = (bouts // 3) / (time.perf_counter() - start)
    return {
        "skirmish_bouts_per_s": round(median(rates), 1),
        "skirmish_bouts_per_cpu_s": round(median(cpu_rates), 1),
        "skirmish_4way_bouts_per_s": round(four_rate, 1),
        "skirmish_attack_odds_ms": round(median(times), 4),
        "skirmish_attack_odds_cold_ms": round(median(cold), 4),
    }
