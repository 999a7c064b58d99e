"""Which release of the companion wrote a file, as every file it writes records it
(`"written_by": "companion 0.1.0"` in a session or a sheet, a row in the stable), and
what a file from a newer release may do here.

A file's own `version` says which shape it has and decides whether it can be read; the
release that wrote it is for the player: a file of a newer release is opened where its
shape is one this companion reads, refused in one line naming both releases where it
is not, and never written over (the newer release may have kept something this one
would drop)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from companion import __version__

WRITTEN_BY = f"companion {__version__}"
MAX_LENGTH = 100  # of the recorded text: it is quoted in one-line messages

_RELEASE = re.compile(r"companion (\d+(?:\.\d+)*)")


def release_of(text: object) -> tuple[int, ...] | None:
    """The release numbers a `written_by` text names (`companion 1.2.3` -> (1, 2, 3)),
    or None for anything else (absent, another program's)."""
    if not isinstance(text, str):
        return None
    found = _RELEASE.match(text)
    return tuple(int(n) for n in found.group(1).split(".")) if found else None


def _ours() -> tuple[int, ...]:
    found = release_of(WRITTEN_BY)
    return found if found is not None else (0,)


def is_newer(text: object) -> bool:
    """Whether `text` names a release newer than this one (0.2 after 0.1.9; 1.0 and
    1.0.0 are the same)."""
    found = release_of(text)
    if found is None:
        return False
    ours = _ours()
    width = max(len(found), len(ours))
    return found + (0,) * (width - len(found)) > ours + (0,) * (width - len(ours))


def newer_refusal(written_by: str) -> str:
    """Why a file of a newer release cannot be read here, naming both releases."""
    return (f"written by {written_by[:MAX_LENGTH]}, newer than this {WRITTEN_BY}, in a "
            "form this one cannot read; left as it is (open it with the newer release)")


def kept_as_is(written_by: str, never: str = "saved over (save it under another name)",
               ) -> str:
    """Why a file of a newer release that was read is not written over."""
    return (f"written by {written_by[:MAX_LENGTH]}, newer than this {WRITTEN_BY}: opened, "
            f"but never {never}")


def refuse_over(path: Path, newer_file: tuple[Path, str] | None) -> None:
    """OSError, naming both releases, for a write over `newer_file` (the file a session
    was opened from, and why it is kept as it is), where a newer release wrote it."""
    if newer_file is not None and _same_file(path, newer_file[0]):
        raise OSError(None, newer_file[1])  # the words name the file


def _same_file(one: Path, other: Path) -> bool:
    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):
        return os.path.abspath(one) == os.path.abspath(other)


def refuse_newer_on_disk(path: Path) -> None:
    """OSError, naming both releases, where the file at `path` (a sheet: small) was
    written by a newer release; nothing where it was not, is not there or is no JSON
    (the write then goes ahead as before)."""
    import json

    try:
        with open(path, "rb") as file:
            data = json.loads(file.read(2 * 1024 * 1024))
    except (OSError, ValueError):
        return
    writer = data.get("written_by") if isinstance(data, dict) else None
    if isinstance(writer, str) and is_newer(writer):
        raise OSError(None, f"{Path(path).name}: {kept_as_is(writer)}")


def without_written_by(data: object) -> tuple[object, str | None]:
    """A sheet's data without its `written_by` (which no game's model holds: it is the
    file's, not the gladiator's), and that text; None where there is none or it is no
    short text (then the data is left whole, for the model to name the field)."""
    if not isinstance(data, dict) or "written_by" not in data:
        return data, None
    writer = data["written_by"]
    if not isinstance(writer, str) or len(writer) > MAX_LENGTH:
        return data, None
    return {k: v for k, v in data.items() if k != "written_by"}, writer


def with_written_by(text: str) -> str:
    """A sheet's JSON text (an object, two spaces an indent, as the sheets' writers
    make it) naming this release as its writer, after its `version` (else first)."""
    import json

    line = f'  "written_by": {json.dumps(WRITTEN_BY)},\n'
    head, found, rest = text.partition('\n  "version": ')
    if found and "\n" in rest:
        end = rest.index("\n") + 1
        return f"{head}{found}{rest[:end]}{line}{rest[end:]}"
    return text.replace("{\n", "{\n" + line, 1) if text.startswith("{\n") else text
