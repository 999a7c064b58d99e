"""The app's autosaves, written off the window's thread once they are big.

Writing a 6 MB session (a 5,000-action Grimdark match) and syncing it to the disk takes
20 to 50 ms, more than a frame, after every action and every Ctrl+Z. A big autosave is
handed to one background writer instead, which writes only the latest text it was
given for each file (a save superseded before it was written is never written). A small one is
written at once, as before, so that its failure is told with the action that made it.

Each write is `atomic_write`, so a kill at any moment leaves the file before or after a
save. A background write that fails is kept for `failure`, which the window asks once
a frame."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

Write = Callable[[Path, str], None]

# Characters: a few hundred actions of any game stay below it; what is above it takes
# a frame or more to write.
BACKGROUND_FROM = 1_000_000


class Autosaver:
    def __init__(self, background_from: int = BACKGROUND_FROM) -> None:
        self.background_from = background_from
        self._cond = threading.Condition()
        # The latest text for each file not yet written, in the order first given.
        self._pending: dict[Path, tuple[str, Write]] = {}
        self._busy = False
        self._closed = False
        self._failed: OSError | None = None
        self._thread: threading.Thread | None = None

    def save(self, path: Path, text: str, write: Write) -> None:
        """Write `text` to `path` with `write`: at once when it is small (an OSError
        is raised here), else in the background (an OSError is kept for `failure`)."""
        if len(text) < self.background_from or self._closed:
            # A big text still on its way would land after this one: it goes first.
            self.flush()
            write(path, text)
            return
        with self._cond:
            self._pending[path] = (text, write)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def failure(self) -> OSError | None:
        """The last background write's failure, once; None if there was none."""
        with self._cond:
            failed, self._failed = self._failed, None
        return failed

    def flush(self) -> None:
        """Wait until every text given is written (or has failed)."""
        with self._cond:
            while self._pending or self._busy:
                self._cond.wait()

    def close(self) -> None:
        """Write what is due, then stop the writer."""
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending and not self._closed:
                    self._cond.wait()
                if not self._pending:
                    return
                path = next(iter(self._pending))
                text, write = self._pending.pop(path)
                self._busy = True
            failed: OSError | None = None
            try:
                write(path, text)
            except OSError as err:
                failed = err
            except Exception as err:  # the writer must outlive any one save
                failed = OSError(f"{type(err).__name__}: {err}")
            with self._cond:
                self._busy = False
                if failed is not None:
                    self._failed = failed
                self._cond.notify_all()
