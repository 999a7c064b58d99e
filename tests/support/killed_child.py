"""Work done in a forked child that may be killed at any moment, as a power cut or a
SIGKILL would: the child's exit status tells how it ended."""

from __future__ import annotations

import os
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

