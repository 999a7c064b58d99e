"""Where a gladiator or a coaching named on the command line is found: the file as
given, else the roster (gladiators), else the samples shipped with the companion."""

from __future__ import annotations

from pathlib import Path

from companion.rulesets.grimdark.data import name_key
from companion.rulesets.grimdark.sheet import SheetError, roster_dir, samples_dir


def find_gladiator(name: str) -> Path:
    """A gladiator file as given, or else the file of that name in the roster, or else
    the sample of that name ("Lord Smash")."""
    path = Path(name)
    if path.exists():
        return path
    for folder in (roster_dir(), samples_dir()):
        for candidate in (folder / path.name, folder / f"{name_key(name)}.json"):
            if candidate.is_file():
                return candidate
    raise SheetError([f"{name}: no such gladiator (looked here, in {roster_dir()} and "
                      "among the sample gladiators)"])


def find_coaching(name: str) -> Path:
    """A coaching file as given, or else the sample coaching of that name."""
    from companion.rulesets.grimdark.coaching import samples_dir as coaching_samples

    path = Path(name)
    if path.exists():
        return path
    folder = coaching_samples()
    for candidate in (folder / path.name, folder / f"{name_key(name)}.json"):
        if candidate.is_file():
            return candidate
    raise SheetError([f"{name}: no such coaching file (looked here and among the "
                      "samples)"])
