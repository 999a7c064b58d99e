"""The --out folder: checked for writing before the first bout, and its results
replaced as a whole set when the run ends.

The folder is the lab's own: results.csv, results.json, heatmap.png and
heatmap-house.png, and while a run is in progress `.lab-run` (journal.py). The new
set is built in a folder beside it and takes the place of the whole folder in one
swap (swap.py), which leaves the old set or the new, never a mix, and drops the
progress with the old set. A folder holding anything else is refused: the swap
would take the user's files away with the old results."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from companion.errors import UserError
from companion.lab.swap import beside, recover, remove, replace_folder, sync_tree

LAB_FILES = frozenset({"results.csv", "results.json", "heatmap.png", "heatmap-house.png"})
RUN = ".lab-run"
PROBE = "probe"  # made in RUN and removed at once, to ask the file system
# What file managers leave in any folder they have shown: it goes with the old set.
LITTER = frozenset({".DS_Store", "Thumbs.db", "desktop.ini"})
NAMED = 3  # of the other files in a refused folder, how many the message names
SHOWN = 60  # characters of a path in a message; a longer one is cut in the middle


def shown(path: Path) -> str:
    text = str(path)
    if len(text) <= SHOWN:
        return text
    half = (SHOWN - 3) // 2
    return f"{text[:half]}...{text[-half:]}"


@dataclass(frozen=True)
class OutFolder:
    given: Path  # as the user wrote it: what the messages say
    path: Path  # the real folder, links followed: what the swap replaces

    @property
    def run(self) -> Path:
        return self.path / RUN

    def write(self, make: Callable[[Path], Iterable[str]]) -> list[Path]:
        """The new set, written by `make` into the folder it is given (it names the
        files it wrote), put in the place of the old set whole."""
        new = beside(self.path, "new")
        remove(new)
        os.mkdir(new)
        try:
            names = list(make(new))
            sync_tree(new)
            replace_folder(new, self.path)
        except BaseException:
            recover(self.path)
            raise
        return [self.given / name for name in names]


def claim(given: Path) -> OutFolder:
    """The --out folder, ready to write; UserError in one line, before any bout, for a
    folder that cannot be: a missing parent, a file in the way, no permission, a name
    too long, the folder the user is in, or a folder holding files of his own. What a
    write killed at its swap left is put right first."""
    where = f"--out {shown(given)}"
    try:
        path = Path(os.path.realpath(given))
        parent = path.parent
        if not parent.is_dir():
            what = "is a file, not a folder" if parent.exists() else "does not exist"
            named = given.parent if given.parent != Path(given.anchor or ".") else parent
            raise UserError(f"{where}: its folder {shown(named)} {what}")
        if os.path.lexists(path) and not path.is_dir():
            raise UserError(f"{where}: it is a file, not a folder")
        here = Path.cwd().resolve()
        if here == path or path in here.parents:
            raise UserError(f"{where}: the lab replaces its folder whole, so it cannot be "
                            "the folder you are in; give it one of its own")
        recover(path)
        created = not path.exists()
        if created:
            os.mkdir(path)
        try:
            _check_own(path, where)
            # Make what the run will make, its progress inside and its new set beside,
            # to ask the file system about permission and names rather than guess.
            if not os.path.isdir(path / RUN):
                os.mkdir(path / RUN)
            for probe in (path / RUN / PROBE, beside(path, "new")):
                with contextlib.suppress(FileNotFoundError):
                    os.rmdir(probe)  # a kill came between the two steps last time
                os.mkdir(probe)
                os.rmdir(probe)
        except BaseException:
            if created:
                shutil.rmtree(path, ignore_errors=True)
            raise
    except OSError as err:
        raise UserError(f"{where}: cannot write there ({err.strerror or err})") from None
    return OutFolder(given, path)


def _check_own(path: Path, where: str) -> None:
    others = sorted(set(os.listdir(path)) - LAB_FILES - LITTER - {RUN})
    if not others:
        return
    names = ", ".join(others[:NAMED])
    more = f" and {len(others) - NAMED} more" if len(others) > NAMED else ""
    raise UserError(f"{where}: it holds other files than the lab's ({names}{more}); the "
                    "lab replaces its folder whole, so give it a folder of its own")
