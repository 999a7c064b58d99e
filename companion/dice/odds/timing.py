"""The time of the common questions of exact odds: `python -m companion.dice.odds.timing`."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from statistics import median

from companion.dice.odds.expression import distribution
from companion.dice.odds.pools import pool_highest, pool_successes


def bench(repeat: int = 5) -> dict[str, float]:
    """Time the common questions; print and return the median seconds of each."""
    cases: dict[str, Callable[[], object]] = {
        "pool_highest(30)": lambda: pool_highest(30),
        "pool_successes(30, 6, 6)": lambda: pool_successes(30, 6, 6),
        "100d6, every chance read": lambda: distribution("100d6").probabilities(),
    }
    for text in ("4d6>=5", "2d6+d66", "100d6", "1000d6", "1000d10", "300d6+300d8-d66",
                 "+".join(["d66"] * 181), "+".join(f"d{sides}" for sides in range(2, 50)),
                 "1000d1000>=500"):
        cases[text if len(text) < 30 else text[:26] + "..."] = partial(distribution, text)
    results: dict[str, float] = {}
    for name, case in cases.items():
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            case()
            times.append(time.perf_counter() - start)
        results[name] = median(times)
        print(f"{name:30s} {results[name] * 1000:10.3f} ms")
    return results


if __name__ == "__main__":
    bench()
