"""The bench's peak-memory figure, run in a process of its own
(`python -m tools.peak_memory`): the open app with a four-gladiator bout on the
board, drawn 30 times. Prints the process's peak resident size in KiB (Unix only); its
peer is `bare_window.py`."""

from __future__ import annotations

import os
import resource
import sys
from collections.abc import Callable


def _draw_only(draw: Callable[[], object], times: int) -> float:
    """A timer that only draws: the memory is wanted here, not the time."""
    for _ in range(times):
        draw()
    return 0.0


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if argv:
        print("usage: python -m tools.peak_memory", file=sys.stderr)
        return 2
    from tools.shots import frame_ms

    frame_ms(_draw_only, (1280, 800), 1.0, repeat=30)
    print(peak_kib())
    return 0


def peak_kib() -> int:
    """This process's peak resident size. VmHWM is its own; Linux carries ru_maxrss
    over from the process that started it (the bench, here), so it is the fallback."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
