"""Paths and the file system's refusals in words a player reads.

A path comes from a player (typed, on the command line) or from a file (the recent
files of the settings), and may be anything: empty, a folder, thousands of characters
long, not UTF-8, with a NUL or a line break in it. A message shows it on one line, in
characters every font and terminal draws, cut in the middle when it is long. The
system's refusals (an OSError) are said in words, never with their number.

Kept free of pydantic and pygame: the reader of every file and the window use it.
"""

from __future__ import annotations

import errno
import os

SHOWN = 120  # characters of a path a message shows: its start and its end
_HEAD = 40
UNREADABLE = "\ufffd"  # stands for what is not text: a byte of a name that is not UTF-8

_WORDS = {
    errno.ENOENT: "no such file",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EISDIR: "this is a folder, not a file",
    errno.ENAMETOOLONG: "the name is too long for this file system",
    errno.ELOOP: "the path's links lead round in a loop",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "the disk is read-only",
    errno.ENOSPC: "the disk is full",
    errno.EEXIST: "a file of that name is in the way",
    errno.EIO: "the disk could not be read or written",
    errno.EBUSY: "the file is in use",
}
if hasattr(errno, "EDQUOT"):  # not on every system
    _WORDS[errno.EDQUOT] = "the disk quota is used up"


def shown_path(path: object) -> str:
    """`path` as a message shows it: one line of drawable characters (a byte that is
    not UTF-8, a lone surrogate or a control character as U+FFFD), and at most SHOWN
    characters, the middle of a longer one left out."""
    text = os.fspath(path) if isinstance(path, os.PathLike) else path
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    text = str(text)
    if not (text.isascii() and text.isprintable()):
        text = "".join(UNREADABLE if _unreadable(c) else c for c in text)
    if len(text) > SHOWN:
        text = f"{text[:_HEAD]}...{text[len(text) - (SHOWN - _HEAD - 3):]}"
    return text


def _unreadable(char: str) -> bool:
    code = ord(char)
    return code < 0x20 or 0x7F <= code <= 0x9F or 0xD800 <= code <= 0xDFFF


def os_words(err: BaseException) -> str:
    """What a failed file-system call means, in words: by its errno for an OSError
    (its own text, without the number, for one not known here); a path the system
    cannot take at all raises ValueError (a NUL) or UnicodeError (not encodable)."""
    if isinstance(err, UnicodeError):
        return "the name holds characters no file name can hold"
    if isinstance(err, ValueError):
        return "the name holds a NUL character" if "null" in str(err) else \
            "not a name this file system takes"
    if isinstance(err, OSError):
        words = _WORDS.get(err.errno) if err.errno is not None else None
        if words is not None:
            return words
        reason = err.strerror or "the system refused it"
        return reason[:1].lower() + reason[1:]
    return "the system refused it"


def os_problem(err: BaseException, path: object = None) -> str:
    """One line naming the path (`path`, or the one the error names) and what is
    wrong with it."""
    where = path if path is not None else getattr(err, "filename", None)
    if where in (None, ""):
        return os_words(err)
    if isinstance(err, IsADirectoryError):  # the path is the whole of the mistake
        return f"'{shown_path(where)}' is a folder, not a file"
    return f"{shown_path(where)}: {os_words(err)}"


def in_words(err: BaseException) -> str:
    """A refusal to show a player: a UserError's own message, an OSError's path and
    what is wrong with it."""
    return os_problem(err) if isinstance(err, OSError) else str(err)
