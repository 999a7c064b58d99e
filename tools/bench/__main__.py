"""`scripts/bench`: every part, or the ones named, each in a process of its own, and
the goals each figure is held to."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable

from tools.bench.dice import (
    bench_battle_odds,
    bench_dice_odds,
    bench_dice_vs_d20,
    bench_odds,
    bench_odds_vs_icepool,
)
from tools.bench.league import bench_league
from tools.bench.measure import ROOT, Figures
from tools.bench.play import (
    bench_act_overhead,
    bench_choosers,
    bench_grimdark,
    bench_lab,
    bench_skirmish,
)
from tools.bench.report import bench_report
from tools.bench.undo import bench_undo
from tools.bench.window import (
    bench_idle_cpu,
    bench_peak_rss,
    bench_render,
    bench_startup,
    bench_tables,
    bench_version,
)

# Each figure the issue sets a goal for: (key, "<=" or ">=", goal).
GOALS = (
    ("startup_ratio", "<=", 1.2), ("version_ms", "<=", 25.0), ("frame_ms", "<=", 1.0),
    ("frame_ms_big", "<=", 3.0), ("odds_pool_ms", "<=", 1.0), ("odds_vs_icepool", ">=", 2.0),
    ("dice_vs_d20", ">=", 2.0), ("bouts_per_s", ">=", 2000.0), ("act_overhead", "<=", 3.0),
    ("tables_ms", "<=", 10.0), ("tables_cold_ms", "<=", 50.0),
    ("grimdark_chooser_cost_ratio", ">=", 0.5), ("grimdark_chooser_mirror_win", ">=", 0.6),
    ("grimdark_chooser_mirror_low", ">=", 0.5), ("grimdark_chooser_lapses", "<=", 0),
    ("undo_growth", "<=", 2.0), ("undo_act_ratio", "<=", 20.0), ("open_ratio", "<=", 2.0),
    ("app_undo_ms_more", "<=", 16.7), ("report_mb", "<=", 5.0),
    ("league_machinery_share", "<=", 0.2), ("league_swiss_1024_ms", "<=", 1000.0),
    ("league_stable_standings_ms", "<=", 100.0), ("league_stable_career_ms", "<=", 100.0),
)


def missed_goals(figures: Figures) -> list[str]:
    """The goals a run missed, or whose figure it could not measure, in words."""
    missed = []
    for key, sense, goal in GOALS:
        value = figures.get(key)
        if not isinstance(value, int | float):
            missed.append(f"{key} not measured")
        elif (value > goal) if sense == "<=" else (value < goal):
            missed.append(f"{key} {value} (goal {sense} {goal})")
    return missed


def _part_alone(name: str) -> Figures:
    """One part in a process of its own: what one part leaves in memory (the peers, the
    caches, the objects of a thousand bouts) made the collector slow the next part's
    figures by a third."""
    import json

    done = subprocess.run([sys.executable, "-m", "tools.bench", "--only", name,
                           "--json"], capture_output=True, text=True, env=dict(os.environ),
                          cwd=ROOT)
    lines = done.stdout.splitlines()
    for line in lines[:-1]:
        print(line, flush=True)
    if done.returncode != 0 or not lines:
        print(f"bench_{name}: failed: {(done.stderr.strip().splitlines() or ['?'])[-1]}")
        return {}
    figures: Figures = json.loads(lines[-1])
    return figures


def main(argv: list[str] | None = None) -> int:
    import argparse
    import json

    parser = argparse.ArgumentParser(prog="scripts/bench", description=(
        "Timings and ratios against peers measured in the same run."))
    parser.add_argument("--json", action="store_true",
                        help="also print every figure as one JSON object on the last line")
    parser.add_argument("--only", default="", help=(
        "comma-separated parts to run, by name without bench_ (e.g. render,tables)"))
    args = parser.parse_args(argv)
    wanted = {name.strip() for name in args.only.split(",") if name.strip()}
    known = {part.__name__.removeprefix("bench_") for part in PARTS}
    if wanted - known:
        print(f"scripts/bench: no part named {', '.join(sorted(wanted - known))}; "
              f"the parts are {', '.join(sorted(known))}", file=sys.stderr)
        return 2
    figures: Figures = {}
    for part in PARTS:
        name = part.__name__.removeprefix("bench_")
        if wanted and name not in wanted:
            continue
        if len(wanted) == 1:
            try:
                figures.update(part())
            except ImportError as err:  # a peer or an optional part not installed
                print(f"{part.__name__}: skipped ({err})")
        else:
            figures.update(_part_alone(name))
    if not wanted:
        missed = missed_goals(figures)
        figures["goals_missed"] = missed
        print("every goal met" if not missed else "goals missed: " + "; ".join(missed))
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    return 0


PARTS: tuple[Callable[[], Figures], ...] = (
    bench_tables, bench_odds, bench_dice_odds, bench_battle_odds, bench_dice_vs_d20,
    bench_startup, bench_version, bench_render, bench_idle_cpu, bench_skirmish,
    bench_grimdark, bench_choosers, bench_act_overhead, bench_undo, bench_peak_rss,
    bench_odds_vs_icepool, bench_lab, bench_report, bench_league)


if __name__ == "__main__":
    sys.exit(main())
