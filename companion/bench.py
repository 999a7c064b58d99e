"""Timings for scripts/bench: medians of repeated runs, and ratios measured in the same
run (these 2-core shared machines are noisy). Nothing here is asserted by tests."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from itertools import product
from pathlib import Path

from companion.dice import DiceSource
from companion.notation import Expr, evaluate

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def median_ms(fn: Callable[[], object], repeat: int = 15) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def bench_tables() -> None:
    from companion.tables.loader import load_tables

    ms = median_ms(lambda: load_tables(include_user=False), repeat=9)
    count = len(load_tables(include_user=False).tables)
    print(f"load and validate all {count} tables: {ms:.1f} ms (goal <= 50 ms)")


def bench_odds() -> None:
    from companion.notation import parse
    from companion.odds import distribution, pool_highest

    print(f"pool_highest(30): {median_ms(lambda: pool_highest(30)):.3f} ms")
    print(f"distribution(30d6): {median_ms(lambda: distribution(parse('30d6'))):.2f} ms")
    print(f"distribution(100d6): {median_ms(lambda: distribution(parse('100d6')), 5):.2f} ms")


def _sample(expr: Expr, dice: DiceSource) -> None:
    for _ in range(10_000):
        evaluate(expr, dice)


def bench_dice_odds() -> None:
    """Exact odds of dice with operators, against their peers in the same run: counting
    every way the dice fall (8d6kh3: 6^8 ways), and sampling 10,000 rolls."""
    from companion.dice import SeededDice
    from companion.notation import parse
    from companion.odds import distribution

    def counted() -> dict[int, int]:
        ways: dict[int, int] = {}
        for faces in product(range(1, 7), repeat=8):
            total = sum(sorted(faces)[5:])
            ways[total] = ways.get(total, 0) + 1
        return ways

    for text in ("8d6kh3", "4d6!", "10d20kh3"):
        expr = parse(text)
        dice = SeededDice(1)
        exact = median_ms(partial(distribution, expr), 9)
        sampled = median_ms(partial(_sample, expr, dice), 3)
        line = (f"exact odds of {text}: {exact:.2f} ms; 10,000 sampled rolls of it "
                f"{sampled:.0f} ms ({sampled / exact:.0f}x the time)")
        if text == "8d6kh3":
            whole = median_ms(counted, 1)
            line += f"; counting all 6^8 ways {whole:.0f} ms ({whole / exact:.0f}x)"
        print(line)


def bench_startup() -> None:
    env = dict(os.environ)
    # As on a player's machine: Python keeps its compiled bytecode. (These machines
    # set PYTHONDONTWRITEBYTECODE, which makes every start compile our sources again;
    # pygame's own files were compiled when pip installed them.) One run warms up.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env["SDL_AUDIODRIVER"] = "dummy"
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    bare = (
        "import pygame; pygame.display.init(); "
        "s = pygame.display.set_mode((1280, 800)); pygame.display.flip()"
    )

    def run(args: list[str]) -> Callable[[], object]:
        return lambda: subprocess.run(args, env=env, check=True, capture_output=True)

    first = [sys.executable, "-c",
             "import sys; from companion.ui.launch import first_frame; sys.exit(first_frame())"]
    run(first)()
    ours = median_ms(run(first), repeat=7)
    base = median_ms(run([sys.executable, "-c", bare]), repeat=7)
    whole = median_ms(run([sys.executable, "-m", "companion", "--smoke"]), repeat=5)
    print(
        f"start-up to first frame: companion {ours:.0f} ms, bare pygame-ce "
        f"{base:.0f} ms, ratio {ours / base:.2f}x (goal <= 1.5x); the whole start-up "
        f"to the start screen (--smoke) {whole:.0f} ms"
    )


def bench_skirmish() -> None:
    from companion.rulesets.skirmish.bench import bench

    figures = bench()
    for name, value in figures.items():
        print(f"skirmish {name}: {value:.3f}")


def bench_grimdark() -> None:
    """Coached Grimdark matches played whole, per second on one core (Lord Smash against
    the Sewer Beast), and the exact odds of one turn against the engine's own turn."""
    import json

    from companion.dice import SeededDice
    from companion.paths import assets_dir
    from companion.rulesets.grimdark.rules import GrimdarkRules
    from companion.tables.loader import load_tables

    rules, tables = GrimdarkRules(), load_tables()
    folder = assets_dir() / "samples" / "grimdark"

    def entry(key: str, team: str) -> dict[str, object]:
        return {"sheet": json.loads((folder / f"{key}.json").read_text()), "team": team,
                "coaching": json.loads((folder / "coaching" / f"{key}.json").read_text())}

    setup = {"gladiators": [entry("lord-smash", "1"), entry("sewer-beast", "2")],
             "options": {"started": "2026-12-01T20:00:00"}}
    seeds = iter(range(10**6))
    turns: list[int] = []

    def match() -> None:
        state = rules.new_state(setup, tables)
        dice = SeededDice(next(seeds))
        rules.apply(state, {"type": "start"}, dice)
        while not rules.is_over(state):
            action = rules.choose(state)
            assert action is not None
            rules.apply(state, action, dice)
        turns.append(state.turn)

    per_match = median_ms(match, repeat=40)
    per_turn = per_match / (sum(turns) / len(turns))
    state = rules.new_state(setup, tables)
    rules.apply(state, {"type": "start"}, SeededDice(1))
    action = rules.choose(state)
    assert action is not None
    odds_ms = median_ms(lambda: rules.odds(state, action), repeat=15)
    print(f"grimdark coached matches: {1000 / per_match:.0f} per second "
          f"({per_match:.1f} ms a match); exact odds of a turn {odds_ms:.2f} ms, "
          f"{odds_ms / per_turn:.1f}x the time of playing a turn ({per_turn:.2f} ms)")


def bench_render() -> None:
    from companion.ui.shots import frame_ms, window_blit_ms

    small = frame_ms(median_ms, (1280, 800), 1.0)
    # The big window is as big under the dummy driver as on a real display.
    big = frame_ms(median_ms, (2560, 1600), 2.0)
    floor = window_blit_ms(median_ms, (1280, 800))
    floor_big = window_blit_ms(median_ms, (2560, 1600))
    print(f"frame_ms: full arena frame at 1280x800, 4 gladiators, reach and arcs shown, "
          f"hover on: median {small:.2f} ms (goal <= 1.0 ms), {small / floor:.1f}x one "
          f"window-sized blit ({floor:.2f} ms)")
    print(f"frame_ms_big: the same at 2560x1600 and 200 %: median {big:.2f} ms "
          f"(goal <= 3.0 ms), {big / floor_big:.1f}x one window-sized blit "
          f"({floor_big:.2f} ms)")


def bench_version() -> None:
    """`companion --version` as a whole process, against the bare interpreter's start
    (`python -c pass`) in the same run; with and without PYTHONDONTWRITEBYTECODE."""
    for keep_bytecode in (True, False):
        env = dict(os.environ)
        if keep_bytecode:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
        else:
            env["PYTHONDONTWRITEBYTECODE"] = "1"

        def run(args: list[str], env: dict[str, str] = env) -> Callable[[], object]:
            return lambda: subprocess.run(args, env=env, check=True, capture_output=True)

        # The command a player types: the script pip made, else `python -m companion`.
        script = Path(sys.executable).with_name("companion")
        ours = ([str(script)] if script.exists() else [sys.executable, "-m", "companion"])
        ours.append("--version")
        run(ours)()  # writes the bytecode, where it may
        version = median_ms(run(ours), repeat=15)
        bare = median_ms(run([sys.executable, "-c", "pass"]), repeat=15)
        how = "bytecode kept" if keep_bytecode else "PYTHONDONTWRITEBYTECODE=1"
        print(f"version_ms ({how}): companion --version {version:.0f} ms (goal <= 25 ms), "
              f"python -c pass {bare:.0f} ms, {version - bare:.0f} ms more")


def bench_idle_cpu(seconds: float = 3.0) -> None:
    """CPU used by the open app while nobody touches it, read from /proc."""
    stat = "/proc/{}/stat"
    if not os.path.exists(stat.format(os.getpid())):
        print("idle CPU: skipped (no /proc here)")
        return
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    proc = subprocess.Popen([sys.executable, "-m", "companion"], env=env)
    try:
        time.sleep(4.0)  # let it start, load the start screen's tables and settle

        def ticks() -> int:
            with open(stat.format(proc.pid)) as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])

        before, start = ticks(), time.perf_counter()
        time.sleep(seconds)
        used = (ticks() - before) / os.sysconf("SC_CLK_TCK")
        elapsed = time.perf_counter() - start
        print(f"idle CPU of the open app: {100 * used / elapsed:.1f}% of one core "
              f"over {elapsed:.1f} s")
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def main() -> int:
    for part in (bench_tables, bench_odds, bench_dice_odds, bench_startup, bench_version,
                 bench_render, bench_idle_cpu, bench_skirmish, bench_grimdark):
        try:
            part()
        except ImportError as err:  # a part whose module is not written yet
            print(f"{part.__name__}: skipped ({err})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
