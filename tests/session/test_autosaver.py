"""The app's autosaves: a small one written at once, a big one in the background,
only the latest of those written, and nothing lost or out of order."""

from __future__ import annotations

import errno
import threading
from pathlib import Path

import pytest

from companion.files.atomic import atomic_write
from companion.session.autosaver import Autosaver


def test_a_small_autosave_is_written_before_save_returns_and_its_failure_raised_there(
        tmp_path: Path) -> None:
    saver = Autosaver(background_from=100)
    path = tmp_path / "autosave.json"
    saver.save(path, "x" * 99, atomic_write)
    assert path.read_text() == "x" * 99
    assert saver._thread is None  # no writer was needed

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    with pytest.raises(OSError, match="No space"):
        saver.save(path, "y", full)
    assert saver.failure() is None


def test_a_big_autosave_is_written_in_the_background_and_only_the_latest_given() -> None:
    saver = Autosaver(background_from=10)
    written: list[str] = []
    first_started, go_on = threading.Event(), threading.Event()

    def slow(path: Path, text: str) -> None:
        if not written:
            first_started.set()
            assert go_on.wait(10)
        written.append(text)

    saver.save(Path("a"), "first save", slow)
    assert first_started.wait(10)  # it is being written: save returned all the same
    saver.save(Path("a"), "second save", slow)
    saver.save(Path("a"), "third save", slow)
    go_on.set()
    saver.flush()
    assert written == ["first save", "third save"]
    saver.close()


def test_a_failed_background_write_is_told_once() -> None:
    saver = Autosaver(background_from=1)

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    saver.save(Path("autosave.json"), "a long text", full)
    saver.flush()
    failed = saver.failure()
    assert failed is not None and failed.errno == errno.ENOSPC
    assert saver.failure() is None
    saver.close()


def test_a_small_autosave_after_a_big_one_is_the_one_that_stays(tmp_path: Path) -> None:
    saver = Autosaver(background_from=10)
    path = tmp_path / "autosave.json"
    go_on = threading.Event()

    def slow(path: Path, text: str) -> None:
        assert go_on.wait(10)
        atomic_write(path, text)

    saver.save(path, "the long match", slow)
    threading.Timer(0.05, go_on.set).start()
    saver.save(path, "short", atomic_write)  # waits for the long one, then writes
    assert path.read_text() == "short"
    saver.close()


def test_after_close_every_save_is_written_at_once(tmp_path: Path) -> None:
    saver = Autosaver(background_from=1)
    path = tmp_path / "autosave.json"
    saver.save(path, "before", atomic_write)
    saver.close()
    assert path.read_text() == "before"
    saver.save(path, "after close", atomic_write)
    assert path.read_text() == "after close"


def test_two_files_given_at_once_are_both_written() -> None:
    saver = Autosaver(background_from=1)
    written: dict[Path, str] = {}

    def keep(path: Path, text: str) -> None:
        written[path] = text

    saver.save(Path("his.json"), "his game", keep)
    saver.save(Path("autosave.json"), "his game, and where he keeps it", keep)
    saver.close()
    assert written == {Path("his.json"): "his game",
                       Path("autosave.json"): "his game, and where he keeps it"}
