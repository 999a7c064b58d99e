"""Errors a user can cause: each says what went wrong and where, and changes nothing."""

from collections.abc import Sequence


class UserError(Exception):
    """A mistake in the user's input (a file, a command argument, dice notation).

    The command line prints the message on one line and exits with `exit_code`;
    it is never shown as a traceback.
    """

    exit_code = 2

    def __init__(self, message: str, exit_code: int | None = None) -> None:
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code


def one_line(text: str) -> str:
    """A message as one printable line: line breaks and other control characters become
    spaces, and what is not text (a lone surrogate: a byte of a file name that is not
    UTF-8) the replacement character, as a window draws it."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(" " if ord(c) < 32 or 127 <= ord(c) < 160
                   else "\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)


def json_path(loc: Sequence[object]) -> str:
    """A place in a JSON document as people write it: `entries[3].damage`."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"
