"""Atomic file writes: a crash at any moment leaves the old file or the new one in
place, never half of one and never none; the old one is kept as `<name>.bak`.

The steps of a save, each of which a kill may interrupt:

1. the new text goes to a temporary file beside the target (`.<name>.<random>.tmp`),
   created with the target's permissions, and is flushed to the disk;
2. the file in place is hard-linked (or, where links are not possible, copied) to a
   temporary backup, which then replaces `<name>.bak` in one rename; the file in
   place is never moved away, so it stays where it is throughout;
3. the temporary file replaces the target in one rename, and the folder is synced.

Temporary files an earlier crash left behind are removed at the next save.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
from pathlib import Path

BACKUP_SUFFIX = ".bak"
_TMP_SUFFIX = ".tmp"


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def has_copy(path: Path) -> bool:
    """There is something to open at `path`: the file, or the backup a save kept."""
    return Path(path).is_file() or backup_path(Path(path)).is_file()


def _temp_name(path: Path, what: str) -> Path:
    return path.with_name(f".{path.name}.{what}{os.urandom(4).hex()}{_TMP_SUFFIX}")


def leftover_temps(path: Path) -> list[Path]:
    """Temporary files of saves of `path` that never finished (a crash, a kill)."""
    prefix = f".{path.name}."
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    return [path.with_name(n) for n in names
            if n.startswith(prefix) and n.endswith(_TMP_SUFFIX)]


def _mode_for(path: Path) -> int | None:
    """The permission bits a new version of `path` gets: the file's own, or None for a
    new file (then the process's umask decides, as for any new file)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return None


def _write_temp(tmp: Path, data: bytes, mode: int | None) -> None:
    # O_EXCL: a name that exists is never written through; 0o666 lets the umask apply.
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        if mode is not None and hasattr(os, "fchmod"):  # not on Windows before 3.13
            os.fchmod(fd, mode)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def _keep_backup(path: Path) -> None:
    """Make `<name>.bak` a copy of the file in place, without moving that file."""
    try:
        here = os.stat(path)
    except FileNotFoundError:
        return
    backup = backup_path(path)
    try:
        if os.path.samestat(here, os.stat(backup)):
            # A save killed after making the backup: it is this very file already (and
            # a rename of one link onto another of the same file would do nothing).
            return
    except FileNotFoundError:
        pass
    staged = _temp_name(path, "bak-")
    try:
        os.link(path, staged)
    except OSError:
        # No hard links here (some file systems): a copy does the same job, slower.
        shutil.copy2(path, staged)
    os.replace(staged, backup)


def atomic_write(path: Path, text: str) -> None:
    """Write `text` to `path` so that a crash leaves either the old file or the new
    one, never half of one and never neither; the old file is kept beside it as
    `<name>.bak`, and the file keeps its permissions."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in leftover_temps(path):
        with contextlib.suppress(OSError):
            old.unlink()
    tmp = _temp_name(path, "")
    try:
        _write_temp(tmp, text.encode("utf-8"), _mode_for(path))
        _keep_backup(path)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # not every platform lets a folder be opened
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
