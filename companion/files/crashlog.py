"""The crash log: an error that only the window's last guard caught (`App.run`),
written down with its traceback for the player to look at or send, in the user's
state folder (`~/.local/state/companion/crash.log` on Linux). The window goes on.

The log is appended to; past MAX_BYTES it starts again, the one before kept beside it
as `crash.log.old`.
"""

from __future__ import annotations

import os
import traceback
from datetime import UTC, datetime
from pathlib import Path

from companion import __version__, paths

LOG_NAME = "crash.log"
MAX_BYTES = 1_000_000


def crash_log_path() -> Path:
    return paths.user_state_dir() / LOG_NAME


def record(err: BaseException, doing: str, path: Path | None = None) -> Path | None:
    """Append the error, what the app was doing and its traceback to the log; the
    log's path, or None when it could not be written (a read-only home folder: the
    window goes on all the same)."""
    path = crash_log_path() if path is None else path
    when = datetime.now(UTC).isoformat(timespec="seconds")
    trace = "".join(traceback.format_exception(err))
    entry = f"--- {when} companion {__version__}, {doing}\n{trace}\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            if path.stat().st_size > MAX_BYTES:
                os.replace(path, path.with_name(LOG_NAME + ".old"))
        except FileNotFoundError:
            pass
        # What was being done may quote a file name that is not UTF-8.
        with path.open("a", encoding="utf-8", errors="backslashreplace") as log:
            log.write(entry)
    except (OSError, ValueError):
        return None
    return path


def shown_home(path: Path) -> str:
    """A path as the status bar says it: the home folder as `~`."""
    try:
        return "~" + os.sep + str(path.relative_to(Path.home()))
    except (ValueError, RuntimeError):
        return str(path)
