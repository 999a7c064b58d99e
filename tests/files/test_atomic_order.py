"""A save flushes the new file's bytes to the disk before it takes the old file's
place, and the folder's names after (issue 24: a save that skipped the flush survived
the tests). A power cut after the rename must find the new bytes, not an empty file."""

from __future__ import annotations

import os
from pathlib import Path

from companion.files import atomic


def test_the_new_file_is_flushed_before_it_replaces_the_old_and_the_folder_after(
        tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "game.json"
    path.write_text("old")
    calls: list[str] = []
    real_fsync, real_replace, real_open = os.fsync, os.replace, os.open
    opened: dict[int, str] = {}

    def open_(name, flags, *args):  # type: ignore[no-untyped-def]
        fd = real_open(name, flags, *args)
        opened[fd] = os.fspath(name)
        return fd

    def fsync(fd: int) -> None:
        calls.append(f"fsync {Path(opened.get(fd, '?')).name}")
        real_fsync(fd)

    def replace(src, dst):  # type: ignore[no-untyped-def]
        calls.append(f"replace {Path(src).name} -> {Path(dst).name}")
        real_replace(src, dst)

    monkeypatch.setattr(os, "open", open_)
    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    atomic.atomic_write(path, "new")
    assert path.read_text() == "new"
    into_place = next(i for i, c in enumerate(calls) if c.endswith("-> game.json"))
    temp = calls[into_place].split()[1]
    assert f"fsync {temp}" in calls[:into_place]  # its bytes first
    assert f"fsync {tmp_path.name}" in calls[into_place:]  # then the folder's names
