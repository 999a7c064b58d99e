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

from companion.dice.notation.roll import evaluate
from companion.dice.notation.tree import Expr
from companion.dice.sources import DiceSource

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The folder above tools/: the bench's own modules (`-m tools.peak_memory`) are found
# from it, being no part of the installed package.
ROOT = Path(__file__).resolve().parent.parent

Figures = dict[str, Any]


def _process(args: list[str], env: dict[str, str]) -> Callable[[], object]:
    """A whole process, run to its end: what a player waits for."""
    return lambda: subprocess.run(args, env=env, check=True, capture_output=True)


def median_ms(fn: Callable[[], object], repeat: int = 15) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


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
            cold.append(median_ms(_process([sys.executable, "-c", code], env), 1))
            first_cold.append(median_ms(first, 1))
            floor.append(median_ms(_process([sys.executable, "-c",
                                             "from pydantic import BaseModel"], env), 1))
            bare.append(median_ms(_process([sys.executable, "-c", "pass"], env), 1))
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


def bench_odds() -> Figures:
    from companion.dice.notation.parse import parse
    from companion.dice.odds.expression import distribution
    from companion.dice.odds.pools import pool_highest

    print(f"pool_highest(30): {median_ms(lambda: pool_highest(30)):.3f} ms")
    print(f"distribution(30d6): {median_ms(lambda: distribution(parse('30d6'))):.2f} ms")
    print(f"distribution(100d6): {median_ms(lambda: distribution(parse('100d6')), 5):.2f} ms")
    return {}


def _sample(expr: Expr, dice: DiceSource) -> None:
    for _ in range(10_000):
        evaluate(expr, dice)


def bench_dice_odds() -> Figures:
    """Exact odds of dice with operators, against their peers in the same run: counting
    every way the dice fall (8d6kh3: 6^8 ways), and sampling 10,000 rolls."""
    from companion.dice.notation.parse import parse
    from companion.dice.odds.expression import distribution
    from companion.dice.sources import SeededDice

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
    return {}


def bench_battle_odds() -> Figures:
    """odds_pool_ms: the exact odds of one battle-system attack, class C, N attack dice
    against N defence dice."""
    from companion.rulesets.battle.data import BattleTables
    from companion.rulesets.battle.odds import attack_odds

    tables = BattleTables.load(include_user=False)
    figures, out = [], {}
    for dice in (20, 50, 100):
        ms = median_ms(partial(attack_odds, tables, "C", dice, dice), 15 if dice < 100 else 7)
        figures.append(f"{dice} dice {ms:.2f} ms")
        out["odds_pool_ms" if dice == 20 else f"odds_pool_ms_{dice}"] = round(ms, 3)
    print(f"odds_pool_ms (class C, N against N): {', '.join(figures)} (goal <= 1 ms at 20)")
    return out


# One question asked in a fresh process (so that no cache of either side is warm):
# argv side, question, n; it prints the first (cold) time, the median of the warm
# times after it, and the answer as whole counts over a common total.
_ODDS_QUESTION = r"""
import json, statistics, sys, time
side, question, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
sizes = range(5, 31) if question == "highest" else [n]
if side == "icepool":
    import icepool

    def ask():
        if question == "sum":
            return [n @ icepool.d6]
        if question == "at_least_5":
            return [n @ (icepool.d6 >= 5)]
        return [icepool.d6.pool(k).highest_outcome_and_count() for k in sizes]

    def counts(result):
        return [({json.dumps(list(o) if isinstance(o, tuple) else int(o)): q
                  for o, q in die.items() if q}, die.denominator()) for die in result]
else:
    from companion.dice.odds.expression import distribution
    from companion.dice.odds.pools import pool_highest

    def ask():
        if question == "sum":
            return [distribution(f"{n}d6")]
        if question == "at_least_5":
            return [distribution(f"{n}d6>=5")]
        return [pool_highest(k) for k in sizes]

    def counts(result):
        if question != "highest":
            return [({json.dumps(v): c for v, c in d.table()}, d.ways) for d in result]
        out = []
        for k, table in zip(sizes, result):
            ways = {json.dumps(list(key)): p * 6 ** k for key, p in table.items()}
            assert all(w.denominator == 1 for w in ways.values())
            out.append(({key: int(w) for key, w in ways.items() if w}, 6 ** k))
        return out

start = time.perf_counter()
result = ask()
cold = time.perf_counter() - start
warm = []
for _ in range(9):
    start = time.perf_counter()
    ask()
    warm.append(time.perf_counter() - start)
print(json.dumps({"cold": cold, "warm": statistics.median(warm), "answer": counts(result)}))
"""


def _same_odds(ours: list[Any], theirs: list[Any]) -> bool:
    """Equal chances: the same outcomes, and ways over totals equal cross-multiplied."""
    if len(ours) != len(theirs):
        return False
    for (a, total_a), (b, total_b) in zip(ours, theirs, strict=True):
        if a.keys() != b.keys() or any(a[k] * total_b != b[k] * total_a for k in a):
            return False
    return True


def bench_odds_vs_icepool(repeat: int = 5) -> Figures:
    """odds_vs_icepool: icepool's time over ours for the same exact odds, answers
    checked equal: the sums of 10, 30 and 100 d6, how many of Nd6 show 5 or more, and
    (highest face, how many show it) for every pool of 5 to 30 d6. Each question is
    asked in a fresh process for each side, by turns: its first answer is the cold
    time (no cache of either side has seen it), the median of nine more the warm."""
    import importlib.util
    import json

    _peers()
    if importlib.util.find_spec("icepool") is None:
        print("odds_vs_icepool: skipped: icepool not installed")
        return {}
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(root), str(root / ".bench-peers"), os.environ.get("PYTHONPATH", "")])}
    questions = [("sum", 10), ("sum", 30), ("sum", 100), ("at_least_5", 10),
                 ("at_least_5", 30), ("at_least_5", 100), ("highest", 0)]

    def ask(side: str, question: str, n: int) -> dict[str, Any]:
        done = subprocess.run([sys.executable, "-c", _ODDS_QUESTION, side, question,
                               str(n)], env=env, check=True, capture_output=True, text=True)
        answer: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
        return answer

    times: dict[str, dict[str, list[float]]] = {}
    for turn in range(repeat):
        for question, n in questions:
            name = f"{n}d6 {question.replace('_', ' ')}" if n else "highest 5-30d6"
            ours, theirs = ask("ours", question, n), ask("icepool", question, n)
            if turn == 0 and not _same_odds(ours["answer"], theirs["answer"]):
                raise RuntimeError(f"odds_vs_icepool: the answers to {name} differ")
            slot = times.setdefault(name, {"ours_cold": [], "theirs_cold": [],
                                           "ours_warm": [], "theirs_warm": []})
            for side, got in (("ours", ours), ("theirs", theirs)):
                slot[f"{side}_cold"].append(got["cold"])
                slot[f"{side}_warm"].append(got["warm"])
    ratios: dict[str, float] = {}
    lines = []
    for name, slot in times.items():
        for when in ("cold", "warm"):
            mine = statistics.median(slot[f"ours_{when}"])
            peer = statistics.median(slot[f"theirs_{when}"])
            ratios[f"{name} {when}"] = round(peer / mine, 1)
            lines.append(f"{name} {when} {peer / mine:.1f}x ({1000 * mine:.3f} ms against "
                         f"{1000 * peer:.3f})")
    print("odds_vs_icepool (icepool's time / ours, answers equal, goal >= 2x):\n  "
          + "\n  ".join(lines))
    return {"odds_vs_icepool": min(ratios.values()), "odds_vs_icepool_each": ratios}


def _peers() -> None:
    """Put the folder scripts/bench installs the peers into on sys.path: the app never
    sees them."""
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / ".bench-peers"
    if folder.is_dir() and str(folder) not in sys.path:
        sys.path.append(str(folder))


def bench_dice_vs_d20() -> Figures:
    """dice_vs_d20: rolls from text, d20's time over ours (d20 keeps its parsed
    expressions too), each pair measured by turns in the same run. Neither side makes
    the words of a roll until they are read (d20's `result`, our `breakdown`), so the
    goal figure reads the total; `dice_vs_d20_words_each` reads the words as well."""
    _peers()
    try:
        import d20  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        print("dice_vs_d20: skipped: d20 not installed")
        return {}
    from companion.dice.sources import SeededDice

    rolls = 2000
    figures, ratios, worded = [], {}, {}
    for text in ("1d20", "4d6", "2d6+3", "10d6", "4d6kh3"):
        dice = SeededDice(1)

        def ours(text: str = text, dice: SeededDice = dice) -> None:
            seen = 0  # each side reads what a caller reads, the total
            for _ in range(rolls):
                seen += evaluate(text, dice).total
            dice.history.clear()  # keep the records of one batch only

        def theirs(text: str = text) -> None:
            seen = 0
            for _ in range(rolls):
                seen += d20.roll(text).total

        def ours_words(text: str = text, dice: SeededDice = dice) -> None:
            seen = 0
            for _ in range(rolls):
                seen += len(evaluate(text, dice).breakdown())
            dice.history.clear()

        def theirs_words(text: str = text) -> None:
            seen = 0
            for _ in range(rolls):
                seen += len(d20.roll(text).result)

        times: dict[str, list[float]] = {"ours": [], "theirs": [], "ours_words": [],
                                         "theirs_words": []}
        for _ in range(9):  # by turns, so that a busy moment falls on both
            times["ours"].append(median_ms(ours, 1))
            times["theirs"].append(median_ms(theirs, 1))
            times["ours_words"].append(median_ms(ours_words, 1))
            times["theirs_words"].append(median_ms(theirs_words, 1))
        mine, peer = statistics.median(times["ours"]), statistics.median(times["theirs"])
        figures.append(f"{text} {peer / mine:.2f}x ({1000 * mine / rolls:.1f} us a roll)")
        ratios[text] = round(peer / mine, 2)
        worded[text] = round(statistics.median(times["theirs_words"])
                             / statistics.median(times["ours_words"]), 2)
    print(f"dice_vs_d20 (d20's time / ours, goal >= 2x): {'; '.join(figures)}")
    print("dice_vs_d20 with the words of each roll read: "
          + "; ".join(f"{text} {ratio:.2f}x" for text, ratio in worded.items()))
    return {"dice_vs_d20": min(ratios.values()), "dice_vs_d20_each": ratios,
            "dice_vs_d20_words_each": worded}


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
        ours = _process([*_companion_command(), "--smoke"], env)
        bare = _process([sys.executable, str(BARE_WINDOW)], env)
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


# --- undo in constant time (issue 24) ---------------------------------------------------
UNDO_LENGTHS = (50, 5000)
# Grimdark's one action every gladiator may always play: a match of nothing else never ends.
_ASSESS = {"type": "turn", "moves": {"a": {"move": "assess-the-situation"},
                                     "b": {"move": "assess-the-situation"}}}


def long_session(system: str, count: int, tables: Any) -> Any:
    """A session of `count` actions that never ends: a skirmish's two gladiators walk,
    turn and roll for AP but never strike; a duel's gladiators wait, one's health goes
    down and up again; a Grimdark match's two gladiators assess the situation turn
    after turn. Such cheap actions make a copy of the state and a replay weigh the most
    against one action."""
    import json
    import random

    from companion.dice.sources import SeededDice
    from companion.paths import assets_dir
    from companion.rulesets.registry import get_ruleset
    from companion.session.session import Session

    if system == "battle":
        folder = assets_dir() / "samples"
        setup: dict[str, Any] = {
            "a": json.loads((folder / "hammer-rookie.json").read_text()),
            "b": json.loads((folder / "spear-rookie.json").read_text()),
            "options": {"started": "2025-05-01T20:00:00"}}
        rules = get_ruleset("battle")
    else:
        rules, setup = _bout_setups()[system]
    session, dice, pick = Session(rules, setup, tables), SeededDice(1), random.Random(1)
    assert rules.opening is not None
    session.act(dict(rules.opening), dice)
    down = False
    while len(session.journal) < count:
        if system == "grimdark":
            action: dict[str, Any] = dict(_ASSESS)
        elif system == "battle" and pick.random() < 0.2:
            down = not down
            action = {"type": "adjust_health", "who": "a", "op": "-1" if down else "+1"}
        else:
            legal = rules.legal_actions(session.state)
            action = pick.choice([a for a in legal if a["type"] not in ("attack", "quit")]
                                 or legal)
        session.act(action, dice)
    assert not rules.is_over(session.state)
    return session


def _made_ms(make: Callable[[], object]) -> float:
    """The time of `make` alone, in ms: garbage from before collected first, and what it
    made thrown away after the clock stops (a 5,000-action session takes a while)."""
    import gc

    gc.collect()
    start = time.perf_counter()
    made = make()
    took = time.perf_counter() - start
    del made
    return took * 1000


def _undo_us(session: Any, count: int) -> tuple[float, float]:
    """One undo, then one redo, in microseconds: the mean of `count` in a row (as many
    as there are places between two states kept), then back as many."""
    start = time.perf_counter()
    for _ in range(count):
        session.undo()
    undone = time.perf_counter()
    for _ in range(count):
        session.redo()
    return ((undone - start) / count * 1e6, (time.perf_counter() - undone) / count * 1e6)


def _act_us(session: Any, count: int) -> float:
    """One action through the session (no autosave), in microseconds: the session's own
    last `count` actions taken again on their own dice, the copies of the state due on
    the way included."""
    from companion.dice.sources import ScriptedDice

    entries = session.journal[-count:]
    dice = [ScriptedDice([f for r in e.rolls for f in r["faces"]]) for e in entries]
    session.undo(count)
    session.redo_stack.clear()
    start = time.perf_counter()
    for entry, faces in zip(entries, dice, strict=True):
        session.act(entry.action, faces)
    return (time.perf_counter() - start) / count * 1e6


def bench_undo(repeat: int = 7) -> Figures:
    """Undo in constant time (issue 24), for each rule system on a session that never
    ends (`long_session`), at 50 and at 5,000 actions, by turns in the same run:
    `undo_growth`, the undo at 5,000 over the undo at 50 (the worst system); and
    `undo_act_ratio`, an undo over one action of the same session (the worst system and
    length); each the median of the ratios of turns. Then opening a 5,000-action file
    (reading it, replaying and checking every entry, keeping a copy of the state every
    SNAPSHOT_EVERY) over the same without the copies, `open_ratio`; `companion undo
    FILE` as whole processes at both lengths, `cli_undo_growth`; and Ctrl+Z in the app,
    a key handled and the frame drawn, `app_undo_ms_more`, what it costs at 5,000 over
    50 (goal: within one frame of 60 Hz, 16.7 ms)."""
    import copy
    import tempfile

    from companion.session.session import SNAPSHOT_EVERY, Session, read_session_file
    from companion.tables.loader import load_tables

    tables = load_tables()
    every = SNAPSHOT_EVERY
    figures: Figures = {}
    sessions = {system: long_session(system, max(UNDO_LENGTHS), tables)
                for system in ("skirmish", "battle", "grimdark")}
    growth, ratio = {}, {}
    for system, long in sessions.items():
        rules = long.ruleset
        by_length = {n: Session(rules, long.setup, tables, long.journal[:n])
                     for n in UNDO_LENGTHS}
        undo: dict[int, list[float]] = {n: [] for n in UNDO_LENGTHS}
        redo: dict[int, list[float]] = {n: [] for n in UNDO_LENGTHS}
        act: dict[int, list[float]] = {n: [] for n in UNDO_LENGTHS}
        for _ in range(repeat):  # by turns: a slow spell falls on both lengths
            for n, session in by_length.items():
                undone, redone = _undo_us(session, every)
                undo[n].append(undone)
                redo[n].append(redone)
                act[n].append(_act_us(session, every))
        us = {n: statistics.median(undo[n]) for n in UNDO_LENGTHS}
        act_us = {n: statistics.median(act[n]) for n in UNDO_LENGTHS}
        low, high = UNDO_LENGTHS
        # Medians of the ratios of each turn, whose parts ran within a few ms of each
        # other: a slow spell of the shared machine falls on both.
        growth[system] = statistics.median(h / w for h, w in zip(undo[high], undo[low],
                                                                  strict=True))
        per_act = {n: statistics.median(u / a for u, a in zip(undo[n], act[n], strict=True))
                   for n in UNDO_LENGTHS}
        ratio[system] = max(per_act.values())
        states = by_length[high].snapshots
        live = by_length[high].state
        frozen = states.freeze(live)
        copies = {"freeze": median_ms(partial(states.freeze, live), 51) * 1000,
                  "thaw": median_ms(frozen.thaw, 51) * 1000,
                  "deepcopy": median_ms(partial(copy.deepcopy, live), 51) * 1000}
        figures[f"snapshot_us_{system}"] = round(copies["freeze"], 1)
        for n in UNDO_LENGTHS:
            figures[f"undo_us_{system}_{n}"] = round(us[n], 1)
            figures[f"act_us_{system}_{n}"] = round(act_us[n], 1)
        figures[f"redo_us_{system}"] = round(statistics.median(redo[high]), 1)
        figures[f"snapshots_kb_{system}"] = round(states.size / 1024, 1)
        print(f"undo {system}: {us[high]:.0f} us at {high:,} actions, {us[low]:.0f} at "
              f"{low} ({growth[system]:.2f}x, goal <= 2); one action {act_us[high]:.1f} us "
              f"(an undo {per_act[high]:.1f}x it; at {low}: {act_us[low]:.1f} us, "
              f"{per_act[low]:.1f}x; goal <= 20); a redo "
              f"{statistics.median(redo[high]):.0f} us; the states kept at {high:,} actions "
              f"{len(states.counts)}, {states.size / 1024:.0f} KB; a state kept "
              f"{copies['freeze']:.0f} us (pickled, {frozen.size:,} bytes), copied back "
              f"{copies['thaw']:.0f} us; copy.deepcopy {copies['deepcopy']:.0f} us")
    figures["undo_growth"] = round(max(growth.values()), 2)
    figures["undo_act_ratio"] = round(max(ratio.values()), 1)

    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for system, long in sessions.items():
            paths[system] = Path(folder) / f"{system}.json"
            long.save(paths[system])
        opens = {}
        for system, path in paths.items():
            rules = sessions[system].ruleset

            def opened(every: int, path: Path = path, rules: Any = rules) -> object:
                parsed = read_session_file(path)
                return Session(rules, parsed.setup, tables, parsed.journal, parsed.redo,
                               snapshot_every=every)

            def bare(long: Any = sessions[system]) -> object:
                from companion.dice.sources import ScriptedDice

                rules = long.ruleset
                state = rules.new_state(long.setup, tables)
                for e in long.journal:
                    faces = ScriptedDice([f for r in e.rolls for f in r["faces"]])
                    rules.apply(state, rules.parse_action(e.action), faces)
                return state

            kept: list[float] = []
            plain: list[float] = []
            floor: list[float] = []
            for turn in range(max(5, repeat // 2)):
                for snapshots in ((every, 0) if turn % 2 else (0, every)):
                    (kept if snapshots else plain).append(
                        _made_ms(partial(opened, snapshots)))
                floor.append(_made_ms(bare))
            opens[system] = statistics.median(kept) / statistics.median(plain)
            figures[f"open_ms_{system}"] = round(statistics.median(kept), 1)
            print(f"open {system}: a {max(UNDO_LENGTHS):,}-action file read and replayed, "
                  f"every entry checked, {statistics.median(kept):.0f} ms keeping the states, "
                  f"{statistics.median(plain):.0f} ms without ({opens[system]:.2f}x, goal "
                  f"<= 2); the rules alone {statistics.median(floor):.0f} ms")
        figures["open_ratio"] = round(max(opens.values()), 2)
        figures.update(_cli_undo(sessions, Path(folder), repeat))
    figures.update(_app_undo(sessions, repeat))
    return figures


def _first(session: Any, count: int) -> str:
    """The file of `session` had it stopped after `count` actions."""
    from companion.session.session import file_text

    journal = session.journal[:count]
    return file_text(session.to_file().model_copy(update={"journal": journal, "redo": []}))


def _cli_undo(sessions: dict[str, Any], folder: Path, repeat: int) -> Figures:
    """`companion undo FILE` and `companion show FILE` (which replays it), as whole
    processes, at each length; the file put back between runs."""
    env = dict(os.environ)
    figures: Figures = {}
    growth = {}
    for system, long in sessions.items():
        paths = {n: folder / f"cli-{system}-{n}.json" for n in UNDO_LENGTHS}
        texts = {n: _first(long, n) for n in UNDO_LENGTHS}

        def run(command: str, n: int, paths: dict[int, Path] = paths,
                texts: dict[int, str] = texts) -> float:
            paths[n].write_text(texts[n])  # put back, untimed
            return median_ms(_process([*_companion_command(), command, str(paths[n])], env), 1)

        run("undo", min(UNDO_LENGTHS))  # the bytecode written, the tables' record made
        times: dict[str, list[float]] = {f"{c} {n}": [] for c in ("undo", "show")
                                         for n in UNDO_LENGTHS}
        for _ in range(max(3, repeat // 2)):
            for n in UNDO_LENGTHS:
                for command in ("undo", "show"):
                    times[f"{command} {n}"].append(run(command, n))
        ms = {k: statistics.median(v) for k, v in times.items()}
        low, high = UNDO_LENGTHS
        growth[system] = ms[f"undo {high}"] / ms[f"undo {low}"]
        figures[f"cli_undo_ms_{system}_{low}"] = round(ms[f"undo {low}"], 1)
        figures[f"cli_undo_ms_{system}_{high}"] = round(ms[f"undo {high}"], 1)
        print(f"companion undo {system}: {ms[f'undo {high}']:.0f} ms at {high:,} actions, "
              f"{ms[f'undo {low}']:.0f} ms at {low} ({growth[system]:.2f}x); companion show, "
              f"which replays, {ms[f'show {high}']:.0f} and {ms[f'show {low}']:.0f} ms")
    figures["cli_undo_growth"] = round(max(growth.values()), 2)
    return figures


def _app_undo(sessions: dict[str, Any], repeat: int) -> Figures:
    """Ctrl+Z in the app on each length of session (`tools.shots.ctrl_z_ms`), by
    turns; the app's folders are a temporary one's."""
    import tempfile

    from companion.session.session import SNAPSHOT_EVERY

    figures: Figures = {}
    more = {}
    with tempfile.TemporaryDirectory() as home:
        saved = {k: os.environ.get(k) for k in ("XDG_DATA_HOME", "XDG_CONFIG_HOME")}
        os.environ["XDG_DATA_HOME"] = str(Path(home) / "data")
        os.environ["XDG_CONFIG_HOME"] = str(Path(home) / "config")
        try:
            from tools.shots import ctrl_z_ms

            for system, long in sessions.items():
                files = {n: _first(long, n) for n in UNDO_LENGTHS}
                times = ctrl_z_ms(files, SNAPSHOT_EVERY, max(3, repeat // 2))
                ms = {n: statistics.median(times[n]) for n in UNDO_LENGTHS}
                low, high = UNDO_LENGTHS
                more[system] = ms[high] - ms[low]
                figures[f"app_undo_ms_{system}_{low}"] = round(ms[low], 2)
                figures[f"app_undo_ms_{system}_{high}"] = round(ms[high], 2)
                print(f"Ctrl+Z in the app, {system}: {ms[high]:.1f} ms at {high:,} actions, "
                      f"{ms[low]:.1f} ms at {low} ({ms[high] - ms[low]:+.1f} ms; goal within "
                      f"a frame, 16.7 ms), the autosave and a frame included")
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    figures["app_undo_ms_more"] = round(max(more.values()), 2)
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
        _process(ours, env)()  # writes the bytecode, where it may
        version = median_ms(_process(ours, env), repeat=15)
        bare = median_ms(_process([sys.executable, "-c", "pass"], env), repeat=15)
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
BARE_WINDOW = Path(__file__).parent / "bare_window.py"


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


def played_out(rules: Any, setup: dict[str, Any], tables: Any, seed: int = 1) -> Any:
    """A session of `setup` played to its end by the computer, every action journaled."""
    from companion.dice.sources import SeededDice
    from companion.session.session import Session

    session, dice = Session(rules, setup, tables), SeededDice(seed)
    if rules.opening is not None:
        session.act(dict(rules.opening), dice)
    while not rules.is_over(session.state):
        action = rules.choose(session.state)
        assert action is not None
        session.act(action, dice)
    return session


def most_moments(session: Any) -> tuple[Any, ...]:
    """The most pictures a report takes: the start, the end and turns spread between."""
    from companion.reports.build import build_report
    from companion.reports.moments import END, MOST_MOMENTS, START, Moment

    over = [t for t in build_report(session).turns if t.title.startswith("Turn")]
    turns = len(over) - 1  # the last turn ended the fight: it is the end's picture
    chosen = sorted({1 + i * turns // (MOST_MOMENTS - 2) for i in range(MOST_MOMENTS - 2)})
    return (START, *(Moment(turn=t) for t in chosen if 0 < t <= turns), END)


def bench_report() -> Figures:
    """The size of the HTML report of a sixteen-gladiator skirmish, a sixteen-gladiator
    Grimdark match and a 5,000-action duel, each with the start and the end pictured,
    and each with the most pictures a report takes (goal: at most 5 MB)."""
    import json

    from companion.paths import assets_dir
    from companion.reports.moments import DEFAULT, parse_moments
    from companion.rulesets.grimdark.rules import GrimdarkRules
    from companion.rulesets.skirmish.rules import SkirmishRules
    from companion.tables.loader import load_tables
    from companion.ui.reports.export import report_text
    from tools.skirmish_bench import crowd_setup, crowded_tables

    tables = load_tables()
    folder = assets_dir() / "samples" / "grimdark"
    keys = ("lord-smash", "sewer-beast", "arena-robot", "cinder-witch")
    crowd = [{"sheet": json.loads((folder / f"{key}.json").read_text()), "team": str(i)}
             for i in range(16) for key in (keys[i % 4],)]
    sessions = {
        "skirmish": played_out(SkirmishRules(), crowd_setup(16), crowded_tables(tables, 16)),
        "grimdark": played_out(GrimdarkRules(), {
            "gladiators": crowd, "options": {"started": "2026-12-01T20:00:00",
                                             "engine": 2}}, tables),
        "long": long_session("battle", 5000, tables),
    }
    figures: Figures = {}
    for name, session in sessions.items():
        start = time.perf_counter()
        plain = len(report_text(session, "html", parse_moments(DEFAULT)).encode())
        plain_s = time.perf_counter() - start
        most = most_moments(session)
        start = time.perf_counter()
        full = len(report_text(session, "html", most).encode())
        full_s = time.perf_counter() - start
        what = {"skirmish": "16-gladiator skirmish", "grimdark": "16-gladiator Grimdark "
                "match", "long": "5,000-action duel"}[name]
        print(f"report of a {what} ({len(session.journal):,} actions): "
              f"{plain / 1e6:.2f} MB with the start and the end pictured ({plain_s:.1f} s), "
              f"{full / 1e6:.2f} MB with {len(most)} pictures ({full_s:.1f} s)")
        figures[f"report_mb_{name}"] = round(full / 1e6, 3)
    figures["report_mb"] = max(figures.values())
    print(f"the largest report: {figures['report_mb']:.2f} MB (goal <= 5)")
    return figures


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
    bench_odds_vs_icepool, bench_lab, bench_report)


if __name__ == "__main__":
    sys.exit(main())
