"""A progress bar on the terminal's error stream: done/total and the time left."""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 30
EVERY = 0.2  # seconds between redraws: a redraw per chunk would flood a slow terminal


def clock(seconds: float) -> str:
    seconds = max(0, round(seconds))
    minutes, secs = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def bar_line(done: int, total: int, elapsed: float) -> str:
    share = done / total if total else 1.0
    filled = round(WIDTH * share)
    left = elapsed / done * (total - done) if done else None
    eta = clock(left) if left is not None else "--:--"
    return (f"[{'#' * filled}{'.' * (WIDTH - filled)}] {done:,}/{total:,} bouts "
            f"{share:4.0%}  {eta} left")


class Bar:
    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.start = time.monotonic()
        self.shown = 0.0
        # Only a terminal is redrawn in place; a log file gets the last line alone.
        self.live = self.stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.live and (now - self.shown >= EVERY or done == total):
            self.shown = now
            self.stream.write("\r" + bar_line(done, total, now - self.start))
            self.stream.flush()
        if done == total:
            if not self.live:
                self.stream.write(bar_line(done, total, now - self.start))
            self.stream.write(f" (took {clock(now - self.start)})\n")
            self.stream.flush()
