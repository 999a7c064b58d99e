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

A path no file can be saved at (a folder, a name too long for the file system with
the temporary names beside it, a NUL) is refused before anything is written, and
every refusal is an OSError naming the file asked for, never a temporary one.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
from pathlib import Path

BACKUP_SUFFIX = ".bak"
_TMP_SUFFIX = ".tmp"
# The longest temporary name beside a file is its name and this many bytes more
# (`.NAME.bak-12345678.tmp`).
_TMP_EXTRA = len(".") + len(".bak-") + 8 + len(_TMP_SUFFIX)
NAME_MAX = 255  # bytes of a name: ext4, btrfs, xfs, APFS (NTFS: 255 UTF-16 units)
PATH_MAX = 4096  # bytes of a whole path on Linux (macOS: 1024, and it says so itself)


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def _is_file(path: Path) -> bool:
    """A plain file is there; False for any path the system cannot look at (a name
    too long, a NUL, a loop of links), which Path.is_file lets raise for some."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def existing_backup(path: Path) -> Path | None:
    """The backup a save of `path` kept, if there is one to read; None for a path
    that names no file (`.`, `/`)."""
    path = Path(path)
    if not path.name or path.name == "..":
        return None
    backup = backup_path(path)
    return backup if _is_file(backup) else None


def has_copy(path: Path) -> bool:
    """There is something to open at `path`: the file, or the backup a save kept."""
    return _is_file(Path(path)) or existing_backup(Path(path)) is not None


def unsaveable(path: Path) -> OSError | None:
    """Why no file can be saved at `path`, found before anything is written (once
    folders are made or a temporary file written, a refusal would leave them); None
    when the system may take it."""
    path = Path(path)
    try:
        named = os.fsencode(path)
    except UnicodeError:
        return OSError(errno.EINVAL, "the name holds characters no file name can hold",
                       str(path))
    if b"\0" in named:
        return OSError(errno.EINVAL, "the name holds a NUL character", str(path))
    try:
        mode: int | None = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        mode = None  # a new file (a file where a folder should be is said when made)
    except OSError as err:  # a loop of links, a name too long, no permission
        return OSError(err.errno, err.strerror, str(path))
    if not path.name or path.name == ".." or (mode is not None and stat.S_ISDIR(mode)):
        return IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if mode is not None and not stat.S_ISREG(mode):
        # A device or a pipe: a save would put a file in its place (/dev/null!).
        return OSError(errno.EINVAL, "not a plain file (a device or a pipe)", str(path))
    if os.name == "posix":
        whole = os.fsencode(os.path.abspath(path))
        parts = whole.split(b"/")
        if len(whole) + _TMP_EXTRA >= PATH_MAX or len(parts[-1]) + _TMP_EXTRA > NAME_MAX \
                or any(len(part) > NAME_MAX for part in parts):
            return OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG), str(path))
    return None


def _temp_name(path: Path, what: str) -> Path:
    return path.with_name(f".{path.name}.{what}{os.urandom(4).hex()}{_TMP_SUFFIX}")


def leftover_temps(path: Path, also: tuple[str, ...] = ()) -> list[Path]:
    """Temporary files of saves of `path` that never finished (a crash, a kill); with
    `also`, the files beside them that end so (a database's journal)."""
    prefix = f".{path.name}."
    endings = (_TMP_SUFFIX, *(_TMP_SUFFIX + more for more in also))
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    return [path.with_name(n) for n in names if n.startswith(prefix) and n.endswith(endings)]


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
    `<name>.bak`, and the file keeps its permissions. An OSError names `path`."""
    path = Path(path)
    refused = unsaveable(path)
    if refused is not None:
        raise refused
    data = text.encode("utf-8")
    try:
        _make_folder(path.parent)
        for old in leftover_temps(path):
            with contextlib.suppress(OSError):
                old.unlink()
        tmp = _temp_name(path, "")
        try:
            _write_temp(tmp, data, _mode_for(path))
            _keep_backup(path)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise
    except OSError as err:
        if err.filename == str(path):
            raise
        # The step that failed named a temporary file or a folder: the player asked
        # for `path`, and the message is about it.
        raise OSError(err.errno, err.strerror, str(path)) from None
    _fsync_dir(path.parent)


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a file where a folder of the path should be
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR),
                                 str(folder)) from None


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
