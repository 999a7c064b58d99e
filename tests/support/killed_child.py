"""Work done in a forked child that may be killed at any moment, as a power cut or a
SIGKILL would: the child's exit status tells how it ended."""

from __future__ import annotations

import os
import signal
from typing import Any


def _in_child(work: Any) -> int:
    """Run `work()` in a forked child; its exit status (-9 when killed)."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            work()
        except BaseException:  # a child must never return into pytest
            os._exit(3)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)



class KillAt:
    """`os` for a module whose file-system calls are counted: the process kills itself
    just before call number `at` among `steps` (the names of the calls that count)."""

    def __init__(self, steps: tuple[str, ...], at: int) -> None:
        self.steps = steps
        self.at = at
        self.calls = 0

    def __getattr__(self, name: str) -> Any:
        real = getattr(os, name)
        if name not in self.steps:
            return real

        def step(*args: Any, **kwargs: Any) -> Any:
            if self.calls == self.at:
                os.kill(os.getpid(), signal.SIGKILL)
            self.calls += 1
            return real(*args, **kwargs)

        return step
