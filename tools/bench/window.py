"""The window's and the command's figures: the tables loaded, start-up against a bare
pygame-ce window, a frame of the arena, the idle CPU, the peak memory, `--version`."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from tools.bench.measure import ROOT, Figures, median_ms, whole_process


def bench_tables() -> Figures:
    """`tables_ms`: load and validate every built-in table in this process, warm;
    `tables_cold_ms`: the same in a fresh process, its imports included, against
    `python -c pass` in the same run. Each file is validated by pydantic once for its
    content (the loader's record, in the user's cache folder); both figures are a start
    whose files were seen before. `tables_first_cold_ms` is a first start (an empty
    cache folder each time: every file validated), and `pydantic_import_ms` the floor
    such a start cannot go below, `from pydantic import BaseModel` alone."""
    import tempfile

    from companion.tables.loader import load_tables

    ms = median_ms(lambda: load_tables(include_user=False), repeat=9)
    count = len(load_tables(include_user=False).tables)
    code = "from companion.tables.loader import load_tables; load_tables(include_user=False)"
    env = {**os.environ}
    with tempfile.TemporaryDirectory() as empty:
        first_env = {**env, "XDG_CACHE_HOME": empty}

        def first() -> object:
            for leftover in Path(empty).glob("companion/*"):
                leftover.unlink()
            return subprocess.run([sys.executable, "-c", code], env=first_env, check=True,
                                  capture_output=True)

        cold, first_cold, floor, bare = [], [], [], []
        for _ in range(7):  # by turns, so that a busy moment falls on all of them
            cold.append(median_ms(whole_process([sys.executable, "-c", code], env), 1))
            first_cold.append(median_ms(first, 1))
            floor.append(median_ms(whole_process([sys.executable, "-c",
                                             "from pydantic import BaseModel"], env), 1))
            bare.append(median_ms(whole_process([sys.executable, "-c", "pass"], env), 1))
    bare_ms = statistics.median(bare)
    cold_ms = statistics.median(cold) - bare_ms
    first_ms = statistics.median(first_cold) - bare_ms
    floor_ms = statistics.median(floor) - bare_ms
    print(f"tables_ms: load all {count} tables, seen before, warm: {ms:.1f} ms (goal <= 10)")
    print(f"tables_cold_ms: the same in a fresh process, imports included: "
          f"{cold_ms:.0f} ms over the bare interpreter's {bare_ms:.0f} ms (goal <= 50)")
    print(f"tables_first_cold_ms: a first start, every file validated by pydantic: "
          f"{first_ms:.0f} ms; importing pydantic's BaseModel alone {floor_ms:.0f} ms")
    return {"tables_ms": round(ms, 2), "tables_cold_ms": round(cold_ms, 1),
            "tables_first_cold_ms": round(first_ms, 1), "pydantic_import_ms": round(floor_ms, 1)}


STARTUP_PAIRS = 25


def _companion_command() -> list[str]:
    """The command a player types, as `scripts/run` runs it: the script pip made beside
    the interpreter, else `python -m companion` (which pays for runpy and for looking
    its imports up in the working folder first: about 4.6 ms here)."""
    script = Path(sys.executable).with_name("companion")
    return [str(script)] if script.exists() else [sys.executable, "-m", "companion"]


def bench_startup() -> Figures:
    """`startup_ratio`: `companion --smoke` (the window, the first frame and the start
    screen made as on a real start, by the command a player types) against a bare
    pygame-ce script that opens a 1280x800 window and flips once, whole processes, by
    turns in the same run. Measured with the bytecode kept, as on a player's machine,
    and with PYTHONDONTWRITEBYTECODE=1, which these machines set."""
    figures: Figures = {}
    for keep_bytecode in (True, False):
        env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        if keep_bytecode:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
        else:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        ours = whole_process([*_companion_command(), "--smoke"], env)
        bare = whole_process([sys.executable, str(BARE_WINDOW)], env)
        ours()  # writes the bytecode, where it may
        mine, peer = [], []
        for _ in range(STARTUP_PAIRS):  # by turns, so that a busy moment falls on both
            mine.append(median_ms(ours, 1))
            peer.append(median_ms(bare, 1))
        # The median of each pair's ratio: a pair is run within a fifth of a second,
        # so a machine that slows for a while slows both of it (the ratio of the two
        # medians read 1.04-1.38 over four runs of the same code here).
        ratio = statistics.median(m / p for m, p in zip(mine, peer, strict=True))
        how = "bytecode kept" if keep_bytecode else "PYTHONDONTWRITEBYTECODE=1"
        key = "startup_ratio_bytecode_kept" if keep_bytecode else "startup_ratio_no_bytecode"
        figures[key] = round(ratio, 2)
        print(f"startup_ratio ({how}): companion --smoke {statistics.median(mine):.0f} ms, "
              f"bare pygame-ce window {statistics.median(peer):.0f} ms, ratio {ratio:.2f} "
              f"(goal <= 1.2)")
    figures["startup_ratio"] = max(figures.values())
    return figures


def bench_render() -> Figures:
    from tools.shots import frame_ms, window_blit_ms

    small = frame_ms(median_ms, (1280, 800), 1.0)
    # The big window is as big under the dummy driver as on a real display.
    big = frame_ms(median_ms, (2560, 1600), 2.0)
    floor = window_blit_ms(median_ms, (1280, 800))
    floor_big = window_blit_ms(median_ms, (2560, 1600))
    print(f"frame_ms: full arena frame at 1280x800, 4 gladiators, reach and arcs shown, "
          f"mouse moving: median {small:.2f} ms (goal <= 1.0 ms), {small / floor:.1f}x one "
          f"window-sized blit ({floor:.2f} ms)")
    print(f"frame_ms_big: the same at 2560x1600 and 200 %: median {big:.2f} ms "
          f"(goal <= 3.0 ms), {big / floor_big:.1f}x one window-sized blit "
          f"({floor_big:.2f} ms)")
    return {"frame_ms": round(small, 3), "frame_ms_big": round(big, 3),
            "window_blit_ms": round(floor, 3), "window_blit_ms_big": round(floor_big, 3)}


def bench_version() -> Figures:
    """`companion --version` as a whole process, against the bare interpreter's start
    (`python -c pass`) in the same run; with and without PYTHONDONTWRITEBYTECODE."""
    figures: Figures = {}
    for keep_bytecode in (True, False):
        env = dict(os.environ)
        if keep_bytecode:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
        else:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        ours = [*_companion_command(), "--version"]
        whole_process(ours, env)()  # writes the bytecode, where it may
        version = median_ms(whole_process(ours, env), repeat=15)
        bare = median_ms(whole_process([sys.executable, "-c", "pass"], env), repeat=15)
        how = "bytecode kept" if keep_bytecode else "PYTHONDONTWRITEBYTECODE=1"
        figures["version_ms" if keep_bytecode else "version_ms_no_bytecode"] = round(version, 1)
        print(f"version_ms ({how}): companion --version {version:.0f} ms (goal <= 25 ms), "
              f"python -c pass {bare:.0f} ms, {version - bare:.0f} ms more")
    figures["version_ms"] = max(figures.values())
    return figures


def bench_idle_cpu(seconds: float = 3.0) -> Figures:
    """CPU used by the open app while nobody touches it, read from /proc."""
    stat = "/proc/{}/stat"
    if not os.path.exists(stat.format(os.getpid())):
        print("idle CPU: skipped (no /proc here)")
        return {}
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
        return {"idle_cpu_percent": round(100 * used / elapsed, 2)}
    finally:
        proc.terminate()
        proc.wait(timeout=10)


# The peer, a plain pygame-ce script run by its path: it imports nothing of ours.
BARE_WINDOW = ROOT / "tools" / "bare_window.py"


def bench_peak_rss() -> Figures:
    """`peak_rss_mb`: the open app with a four-gladiator bout on the board, drawn 30
    times, against a bare pygame-ce window in a process of its own."""
    import resource  # noqa: F401  (Unix only: an ImportError skips this part)

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}

    def peak(args: list[str]) -> float:
        done = subprocess.run([sys.executable, *args], capture_output=True, text=True,
                              env=env, check=True, cwd=ROOT)
        return int(done.stdout.split()[-1]) / 1024  # ru_maxrss is in KiB on Linux

    app = peak(["-m", "tools.peak_memory"])
    bare = peak([str(BARE_WINDOW), "--peak-memory"])
    print(f"peak_rss_mb: the open app with a bout on the board {app:.0f} MB, a bare "
          f"pygame-ce window {bare:.0f} MB ({app / bare:.1f}x)")
    return {"peak_rss_mb": round(app, 1), "peak_rss_mb_bare_window": round(bare, 1)}
