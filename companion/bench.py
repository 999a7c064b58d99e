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
from typing import Any

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


def bench_battle_odds() -> None:
    """odds_pool_ms: the exact odds of one battle-system attack, class C, N attack dice
    against N defence dice."""
    from companion.rulesets.battle.data import BattleTables
    from companion.rulesets.battle.odds import attack_odds

    tables = BattleTables.load(include_user=False)
    figures = []
    for dice in (20, 50, 100):
        ms = median_ms(partial(attack_odds, tables, "C", dice, dice), 15 if dice < 100 else 7)
        figures.append(f"{dice} dice {ms:.2f} ms")
    print(f"odds_pool_ms (class C, N against N): {', '.join(figures)} (goal <= 1 ms at 20)")


def _peers() -> None:
    """Put the folder scripts/bench installs the peers into on sys.path: the app never
    sees them."""
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / ".bench-peers"
    if folder.is_dir() and str(folder) not in sys.path:
        sys.path.append(str(folder))


def bench_dice_vs_d20() -> None:
    """dice_vs_d20: rolls from text, d20's time over ours (d20 keeps its parsed
    expressions too), each pair measured by turns in the same run."""
    _peers()
    try:
        import d20  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        print("dice_vs_d20: skipped: d20 not installed")
        return
    from companion.dice import SeededDice

    rolls = 2000
    figures = []
    for text in ("1d20", "4d6", "2d6+3", "10d6", "4d6kh3"):
        dice = SeededDice(1)

        def ours(text: str = text, dice: SeededDice = dice) -> None:
            for _ in range(rolls):
                evaluate(text, dice)
            dice.history.clear()  # keep the records of one batch only

        def theirs(text: str = text) -> None:
            for _ in range(rolls):
                d20.roll(text)

        ours_ms, theirs_ms = [], []
        for _ in range(9):  # by turns, so that a busy moment falls on both
            ours_ms.append(median_ms(ours, 1))
            theirs_ms.append(median_ms(theirs, 1))
        mine, peer = statistics.median(ours_ms), statistics.median(theirs_ms)
        figures.append(f"{text} {peer / mine:.2f}x ({1000 * mine / rolls:.1f} us a roll)")
    print(f"dice_vs_d20 (d20's time / ours, goal >= 2x): {'; '.join(figures)}")


def bench_startup() -> None:
    env = dict(os.environ)
    # As on a player's machine: Python keeps its compiled bytecode. (These machines
    # set PYTHONDONTWRITEBYTECODE, which makes every start compile our sources again;
    # pygame's own files were compiled when pip installed them.) One run warms up.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env["SDL_AUDIODRIVER"] = "dummy"
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    bare = str(BARE_WINDOW)

    def run(args: list[str]) -> Callable[[], object]:
        return lambda: subprocess.run(args, env=env, check=True, capture_output=True)

    first = [sys.executable, "-c",
             "import sys; from companion.ui.launch import first_frame; sys.exit(first_frame())"]
    run(first)()
    ours = median_ms(run(first), repeat=7)
    base = median_ms(run([sys.executable, bare]), repeat=7)
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
            "options": {"started": "2026-12-01T20:00:00"}}),
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
    from companion.dice import SeededDice
    from companion.session import Session, read_session_file
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
                    actions: list[dict[str, Any]] = actions) -> float:
            played, dice = Session(rules, setup, tables), SeededDice(1)
            start = time.perf_counter()
            for action in actions:
                played.act(action, dice)
            return time.perf_counter() - start

        bare, through = [], []
        for _ in range(repeat):  # interleaved: both see the same machine
            bare.append(engine())
            through.append(session())
        ratio = statistics.median(through) / statistics.median(bare)
        figures[f"{name}_act_overhead"] = round(ratio, 2)
        per_action = statistics.median(through) / len(actions) * 1e6
        print(f"{name}: act_overhead {ratio:.2f} (goal <= 3): {len(actions)} actions, "
              f"{per_action:.0f} us each through the session, "
              f"{statistics.median(bare) / len(actions) * 1e6:.0f} us in the rules")

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


# The peer, a plain pygame-ce script run by its path: it imports nothing of ours.
BARE_WINDOW = Path(__file__).parent / "ui" / "bare_window.py"


def bench_peak_rss() -> None:
    """`peak_rss_mb`: the open app with a four-gladiator bout on the board, drawn 30
    times, against a bare pygame-ce window in a process of its own."""
    import resource  # noqa: F401  (Unix only: an ImportError skips this part)

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}

    def peak(args: list[str]) -> float:
        done = subprocess.run([sys.executable, *args], capture_output=True, text=True,
                              env=env, check=True)
        return int(done.stdout.split()[-1]) / 1024  # ru_maxrss is in KiB on Linux

    app = peak(["-m", "companion.ui.peak_memory"])
    bare = peak([str(BARE_WINDOW), "--peak-memory"])
    print(f"peak_rss_mb: the open app with a bout on the board {app:.0f} MB, a bare "
          f"pygame-ce window {bare:.0f} MB ({app / bare:.1f}x)")


def main() -> int:
    for part in (bench_tables, bench_odds, bench_dice_odds, bench_battle_odds,
                 bench_dice_vs_d20, bench_startup, bench_version, bench_render,
                 bench_idle_cpu, bench_skirmish, bench_grimdark, bench_act_overhead,
                 bench_peak_rss):
        try:
            part()
        except ImportError as err:  # a part whose module is not written yet
            print(f"{part.__name__}: skipped ({err})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
