"""How the bench measures: medians of repeated runs, whole processes, and where
the repository is."""

from __future__ import annotations

import os
import statistics
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


# The folder above tools/: the bench's own modules (`-m tools.peak_memory`) are found
# from it, being no part of the installed package.
ROOT = Path(__file__).resolve().parent.parent.parent


Figures = dict[str, Any]


def whole_process(args: list[str], env: dict[str, str]) -> Callable[[], object]:
    """A whole process, run to its end: what a player waits for."""
    return lambda: subprocess.run(args, env=env, check=True, capture_output=True)


def median_ms(fn: Callable[[], object], repeat: int = 15) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)
