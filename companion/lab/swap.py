"""Replacing a folder whole. The new folder is built beside the old one under a hidden
name (`.NAME.lab-new`), its files flushed to the disk, and then the two swap names in
one step, so that the path holds the old folder or the new one, never a mix; the old
one, now under the hidden name, is removed last.

Linux's renameat2(RENAME_EXCHANGE) and macOS's renamex_np(RENAME_SWAP) swap two names
atomically. Where neither is to be had (Windows; a file system without it) the swap is
two renames: the old folder steps aside to `.NAME.lab-old`, the new one takes its
place. A kill between those two leaves no folder at the path but the old one whole
beside it, and `recover`, which the next run calls first, puts it back."""

from __future__ import annotations

import ctypes
import errno
import os
import shutil
import sys
from pathlib import Path

from companion.files.atomic import _fsync_dir  # the folder's names to the disk, as a save does

# What the exchange answers where the system or the file system has no such thing: then
# the two renames do the work instead.
_UNSUPPORTED = {errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP}
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2  # linux/fs.h
_RENAME_SWAP = 2  # macOS sys/stdio.h


def beside(folder: Path, what: str) -> Path:
    """The hidden name beside `folder` where its new (`new`) or old (`old`) self waits."""
    return folder.with_name(f".{folder.name}.lab-{what}")


def _libc_call() -> tuple[object, tuple[object, ...]] | None:
    """The C function that swaps two names, and the arguments around the two paths."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None
    if sys.platform.startswith("linux") and hasattr(libc, "renameat2"):
        return libc.renameat2, (_AT_FDCWD, _AT_FDCWD, _RENAME_EXCHANGE)
    if sys.platform == "darwin" and hasattr(libc, "renamex_np"):
        return libc.renamex_np, (_RENAME_SWAP,)
    return None


def exchange(a: Path, b: Path) -> bool:
    """Swap the names of two folders in one step; False where this system cannot (then
    nothing has moved). Any other failure is an OSError."""
    found = _libc_call()
    if found is None:
        return False
    call, extra = found
    first, second = os.fsencode(a), os.fsencode(b)
    if len(extra) == 3:  # renameat2(dirfd, path, dirfd, path, flags)
        result = call(extra[0], first, extra[1], second, extra[2])  # type: ignore[operator]
    else:  # renamex_np(path, path, flags)
        result = call(first, second, extra[0])  # type: ignore[operator]
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in _UNSUPPORTED:
        return False
    raise OSError(code, os.strerror(code), str(a), None, str(b))


def sync_tree(folder: Path) -> None:
    """Flush every file of `folder`, and the folder itself, to the disk: the swap must
    never put in place names whose contents a power cut could still lose."""
    for entry in os.scandir(folder):
        if entry.is_file(follow_symlinks=False):
            fd = os.open(entry.path, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
    _fsync_dir(folder)


def replace_folder(new: Path, target: Path) -> None:
    """Put the folder `new` (beside `target`, as `beside(target, "new")`) in the place of
    `target`, whole; the old `target` is removed after."""
    if not os.path.lexists(target):
        os.rename(new, target)
        _fsync_dir(target.parent)
        return
    if exchange(new, target):
        _fsync_dir(target.parent)
        remove(new)  # the old folder, under the new one's hidden name now
        return
    old = beside(target, "old")
    remove(old)
    os.rename(target, old)
    os.rename(new, target)
    _fsync_dir(target.parent)
    remove(old)


def recover(target: Path) -> None:
    """Undo what a killed `replace_folder` left: the old folder put back where the kill
    came between the two renames, and the hidden folders beside `target` removed."""
    old, new = beside(target, "old"), beside(target, "new")
    if not os.path.lexists(target) and os.path.isdir(old):
        os.rename(old, target)
        _fsync_dir(target.parent)
    remove(old)
    remove(new)


def remove(folder: Path) -> None:
    """Remove one of the hidden folders; one a kill left half removed is finished by the
    next run, and a failure here never undoes a swap that has been made."""
    if os.path.isdir(folder) and not os.path.islink(folder):
        shutil.rmtree(folder, ignore_errors=True)
