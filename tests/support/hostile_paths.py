"""Folders made hostile: a link loop, no permission, a name too long."""

from __future__ import annotations

import os
from pathlib import Path


def hostile_folder(folder: Path) -> None:
    """What bad paths lead to: a folder, a plain file, a loop of links, and a pipe
    (not /dev/null: code that saved over a device would replace the system's own)."""
    (folder / "folder").mkdir(exist_ok=True)
    (folder / "plain.txt").write_text("x")
    for a, b in (("loop1", "loop2"), ("loop2", "loop1")):
        if not (folder / a).is_symlink():
            os.symlink(b, folder / a)
    if not (folder / "pipe").exists():
        os.mkfifo(folder / "pipe")

