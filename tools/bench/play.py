"""The games played in bulk: skirmish bouts, Grimdark matches and their choosers,
the session's overhead over the rules, the balance lab."""

from __future__ import annotations

import os
import statistics
import time
from functools import partial
from pathlib import Path
from typing import Any

from tools.bench.measure import Figures, median_ms


def bench_skirmish() -> Figures:
    """`bouts_per_s`: computer-against-computer skirmish bouts a second on one core, with
    2 gladiators, and with 4, 8 and 16."""
    from tools.skirmish_bench import CROWDS, bench

    figures = bench()
    for n in CROWDS:
        rate = figures["bouts_per_s" if n == 2 else f"bouts_per_s_{n}"]
        print(f"bouts_per_s with {n:2} gladiators: {rate:8.1f} bouts/s, "
              f"{figures[f'skirmish_bout_ms_{n}']:7.3f} ms a bout, "
              f"{figures[f'skirmish_action_us_{n}']:6.1f} us an action (CPU)")
    print(f"skirmish cost growth with the number of gladiators N: a bout ~ N^"
          f"{figures['skirmish_bout_growth']:.2f}, an action ~ N^"
          f"{figures['skirmish_action_growth']:.2f}")
    print(f"skirmish attack_odds: {figures['skirmish_attack_odds_ms']:.4f} ms warm, "
          f"{figures['skirmish_attack_odds_cold_ms']:.4f} ms cold")
    return figures


def bench_grimdark(repeat: int = 40) -> Figures:
    """Coached Grimdark matches played whole, per second on one core (Lord Smash against
    the Sewer Beast), with the engine's chooser ("odds") and with the one before it
    ("weights") by turns in the same run, so that a busy moment falls on both; issue 23
    lets the new one cost more, down to half the old one's matches a second. Then the
    exact odds of one turn against the engine's own turn."""
    import json

    from companion.dice.sources import SeededDice
    from companion.paths import assets_dir
    from companion.rulesets.grimdark.rules import GrimdarkRules
    from companion.tables.loader import load_tables

    rules, tables = GrimdarkRules(), load_tables()
    folder = assets_dir() / "samples" / "grimdark"

    def entry(key: str, team: str, chooser: str) -> dict[str, object]:
        return {"sheet": json.loads((folder / f"{key}.json").read_text()), "team": team,
                "coaching": json.loads((folder / "coaching" / f"{key}.json").read_text()),
                "chooser": chooser}

    def setup(chooser: str) -> dict[str, Any]:
        return {"gladiators": [entry("lord-smash", "1", chooser),
                               entry("sewer-beast", "2", chooser)],
                "options": {"started": "2026-12-01T20:00:00", "engine": 2}}

    def match(setup: dict[str, Any], seed: int, turns: list[int]) -> None:
        state = rules.new_state(setup, tables)
        dice = SeededDice(seed)
        rules.apply(state, {"type": "start"}, dice)
        while not rules.is_over(state):
            action = rules.choose(state)
            assert action is not None
            rules.apply(state, action, dice)
        turns.append(state.turn)

    choosers = ("odds", "weights")
    setups = {c: setup(c) for c in choosers}
    times: dict[str, list[float]] = {c: [] for c in choosers}
    turns: dict[str, list[int]] = {c: [] for c in choosers}
    for seed in range(repeat):  # the same dice for both, match by match
        for chooser in choosers:
            times[chooser].append(median_ms(
                partial(match, setups[chooser], seed, turns[chooser]), repeat=1))
    per_match = {c: statistics.median(times[c]) for c in choosers}
    per_s = {c: 1000 / per_match[c] for c in choosers}
    ratio = per_s["odds"] / per_s["weights"]
    per_turn = per_match["odds"] / (sum(turns["odds"]) / len(turns["odds"]))
    # The two choosers play different matches: their turns a second, beside.
    turn_ms = {c: sum(times[c]) / sum(turns[c]) for c in choosers}
    turn_ratio = turn_ms["weights"] / turn_ms["odds"]
    state = rules.new_state(setups["odds"], tables)
    rules.apply(state, {"type": "start"}, SeededDice(1))
    action = rules.choose(state)
    assert action is not None
    odds_ms = median_ms(lambda: rules.odds(state, action), repeat=15)
    print(f"grimdark coached matches: {per_s['odds']:.0f} per second with the engine's "
          f"chooser, odds ({per_match['odds']:.1f} ms a match), {per_s['weights']:.0f} with "
          f"the one before, weights ({per_match['weights']:.1f} ms): odds/weights "
          f"{ratio:.2f} (goal >= 0.5); a turn {turn_ms['odds']:.2f} against "
          f"{turn_ms['weights']:.2f} ms ({turn_ratio:.2f}), the matches "
          f"{sum(turns['odds']) / len(turns['odds']):.1f} and "
          f"{sum(turns['weights']) / len(turns['weights']):.1f} turns long")
    print(f"grimdark exact odds of a turn {odds_ms:.2f} ms, {odds_ms / per_turn:.1f}x the "
          f"time of playing a turn ({per_turn:.2f} ms)")
    return {"grimdark_matches_per_s": round(per_s["odds"], 1),
            "grimdark_matches_per_s_weights": round(per_s["weights"], 1),
            "grimdark_chooser_cost_ratio": round(ratio, 3),
            "grimdark_chooser_turn_ratio": round(turn_ratio, 3),
            "grimdark_turn_odds_ms": round(odds_ms, 2)}


def _bout_setups() -> dict[str, tuple[Any, dict[str, Any]]]:
    """A skirmish bout and a Grimdark match, each played whole by the computer."""
    import json

    from companion.paths import assets_dir
    from companion.rulesets.grimdark.rules import GrimdarkRules
    from companion.rulesets.skirmish.rules import SkirmishRules

    skirmish = SkirmishRules()
    folder = assets_dir() / "samples" / "grimdark"

    def entry(key: str, team: str) -> dict[str, object]:
        return {"sheet": json.loads((folder / f"{key}.json").read_text()), "team": team,
                "coaching": json.loads((folder / "coaching" / f"{key}.json").read_text())}

    return {
        "skirmish": (skirmish, skirmish.make_setup({"gladiators": "samnite,retiarius"})),
        "grimdark": (GrimdarkRules(), {
            "gladiators": [entry("lord-smash", "1"), entry("sewer-beast", "2")],
            "options": {"started": "2026-12-01T20:00:00", "engine": 2}}),
    }


def bench_act_overhead(repeat: int = 9) -> dict[str, float]:
    """`act_overhead`: the time of a whole game's actions through `Session.act`
    (journal, events, no autosave) over the rules' own `parse_action` + `apply` of the
    same actions on the same dice, in the same run. `auto_actions_per_s`: actions a
    second through `companion auto` (the file read, played on, saved), and the same
    loop on the bare rules (`choose` + `apply`) beside it."""
    import contextlib
    import io
    import tempfile
    from pathlib import Path

    from companion.cli import main as cli_main
    from companion.dice.sources import SeededDice
    from companion.session.session import SNAPSHOT_EVERY, Session, read_session_file
    from companion.tables.loader import load_tables

    tables = load_tables()
    figures: dict[str, float] = {}
    for name, (rules, setup) in _bout_setups().items():
        state, dice = rules.new_state(setup, tables), SeededDice(1)
        actions: list[dict[str, Any]] = []
        while not rules.is_over(state) and len(actions) < 5000:
            action = rules.choose(state)
            if action is None:
                break
            actions.append(dict(action))
            rules.apply(state, rules.parse_action(action), dice)

        def engine(rules: Any = rules, setup: Any = setup,
                   actions: list[dict[str, Any]] = actions) -> float:
            state, dice = rules.new_state(setup, tables), SeededDice(1)
            start = time.perf_counter()
            for action in actions:
                rules.apply(state, rules.parse_action(action), dice)
            return time.perf_counter() - start

        def session(rules: Any = rules, setup: Any = setup,
                    actions: list[dict[str, Any]] = actions,
                    every: int = SNAPSHOT_EVERY) -> float:
            played = Session(rules, setup, tables, snapshot_every=every)
            dice = SeededDice(1)
            start = time.perf_counter()
            for action in actions:
                played.act(action, dice)
            return time.perf_counter() - start

        bare, through, unkept = [], [], []
        for _ in range(repeat):  # interleaved: both see the same machine
            bare.append(engine())
            through.append(session())
            unkept.append(session(every=0))
        ratio = statistics.median(through) / statistics.median(bare)
        figures[f"{name}_act_overhead"] = round(ratio, 2)
        per_action = statistics.median(through) / len(actions) * 1e6
        kept = statistics.median(through) / statistics.median(unkept) - 1
        print(f"{name}: act_overhead {ratio:.2f} (goal <= 3): {len(actions)} actions, "
              f"{per_action:.0f} us each through the session, "
              f"{statistics.median(bare) / len(actions) * 1e6:.0f} us in the rules; keeping "
              f"the state every {SNAPSHOT_EVERY} actions adds {100 * kept:.0f} %")

        def bare_auto(rules: Any = rules, setup: Any = setup) -> tuple[float, int]:
            state, dice, done = rules.new_state(setup, tables), SeededDice(2), 0
            start = time.perf_counter()
            while not rules.is_over(state):
                action = rules.choose(state)
                if action is None:
                    break
                rules.apply(state, rules.parse_action(action), dice)
                done += 1
            return time.perf_counter() - start, done

        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / f"{name}.json"

            def auto(rules: Any = rules, setup: Any = setup, path: Path = path) -> float:
                Session(rules, setup, tables).save(path)
                start = time.perf_counter()
                with contextlib.redirect_stdout(io.StringIO()):
                    cli_main(["auto", str(path), "--seed", "2"])
                return time.perf_counter() - start

            auto()
            count = len(read_session_file(path).journal)
            autos, bares = [], []
            for _ in range(max(3, repeat // 2)):
                autos.append(auto())
                took, done = bare_auto()
                bares.append(done / took)
        rate = count / statistics.median(autos)
        figures[f"{name}_auto_actions_per_s"] = round(rate, 1)
        print(f"{name}: auto_actions_per_s {rate:.0f} through `companion auto` "
              f"({count} actions, the file read and saved included); "
              f"{statistics.median(bares):.0f} on the bare rules")
    figures["act_overhead"] = max(v for k, v in figures.items() if k.endswith("_overhead"))
    figures["auto_actions_per_s"] = min(
        v for k, v in figures.items() if k.endswith("_auto_actions_per_s"))
    return figures


def lab_bouts_per_s(workers: int = 0, bouts: int = 40) -> float:
    """Skirmish bouts a second over `workers` processes (0: every core), the starting
    of the processes included as a run of the CLI pays it: all 13 types against each
    other, `bouts` a pairing, on the built-in tables. A figure for scripts/bench."""
    from companion.lab.lab import Lab
    from companion.rulesets.skirmish.lab import type_entrants
    from companion.tables.loader import load_tables

    tables = load_tables(include_user=False)
    lab = Lab("skirmish", type_entrants(tables), bouts, 1, [tables], ["built-in"])
    start = time.perf_counter()
    lab.run(workers=workers)
    return lab.total_bouts() / (time.perf_counter() - start)


def bench_lab() -> Figures:
    """`lab_bouts_per_s`: the balance lab's skirmish bouts a second with every core (all
    13 types against each other, the workers' start-up included, as the CLI pays it),
    beside the same on one worker; and what that makes of the full 13x13 at 1,000 bouts
    a pairing (169,000 bouts)."""
    every = lab_bouts_per_s(workers=0, bouts=60)
    one = lab_bouts_per_s(workers=1, bouts=20)
    print(f"lab_bouts_per_s: {every:.0f} with every core ({os.cpu_count()}), {one:.0f} on "
          f"one worker ({every / one:.2f}x); the 13x13 at 1,000 bouts a pairing would take "
          f"{169_000 / every:.0f} s (goal < 120 s)")
    return {"lab_bouts_per_s": round(every, 1), "lab_bouts_per_s_one_worker": round(one, 1)}


def bench_choosers(bouts: int = 100) -> Figures:
    """The Grimdark chooser by the odds against the one before it, in the balance lab:
    the samples and house NPCs, `bouts` matches a pairing, from both seats. Not a time:
    how well it plays (issue 23: at least 60 % of the mirror matches won, the interval's
    lower end above 50 %, and no lapse by its own score). `companion lab grimdark
    --against-chooser weights --bouts 1000` is the full measure."""
    from companion.lab.setup import make_lab
    from companion.rulesets.grimdark.lapses import Lapses

    lab, _ = make_lab("grimdark", bouts=bouts, against="weights")
    matrix = lab.run(workers=0)[0]
    mirror, every = matrix.total(mirror=True), matrix.total()
    low, high = mirror.interval
    lapses = Lapses(*every.row_lapses)
    by_score = lapses.ineffective_by_score + lapses.stuck_by_score
    print(f"grimdark choosers: odds wins {mirror.win_rate * 100:.1f} % of {mirror.bouts:,} "
          f"mirror matches against weights (95 % interval {low * 100:.1f} to "
          f"{high * 100:.1f}; goal >= 60, lower end > 50), {every.win_rate * 100:.1f} % "
          f"of every pairing; its lapses by its own score {by_score} (goal 0), by a "
          f"coaching rule {lapses.ineffective_by_rule + lapses.stuck_by_rule}")
    return {"grimdark_chooser_mirror_win": round(mirror.win_rate, 4),
            "grimdark_chooser_mirror_low": round(low, 4),
            "grimdark_chooser_lapses": by_score}
