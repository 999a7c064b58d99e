"""The dice's figures: exact odds of notation and pools, and the peers measured in the
same run (icepool for odds, d20 for rolling)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from functools import partial
from itertools import product
from typing import Any

from companion.dice.notation.roll import evaluate
from companion.dice.notation.tree import Expr
from companion.dice.sources import DiceSource
from tools.bench.measure import ROOT, Figures, median_ms


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
    root = ROOT
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

    folder = ROOT / ".bench-peers"
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
