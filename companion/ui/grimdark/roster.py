"""The Grimdark roster as the set-up screen lists it: the stable's living gladiators
(a career fights as the stable holds him), the user's gladiators, then the shipped
samples, each read once with the build rules checked, and the coaching files a match
may give them. Nothing here draws: the screen shows what these return."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import UserError
from companion.rulesets.grimdark import build
from companion.rulesets.grimdark.coaching import check_coaching, load_coaching
from companion.rulesets.grimdark.data import GrimdarkData, name_key
from companion.rulesets.grimdark.sheet import Gladiator, load_gladiator, roster_dir, samples_dir

COACHING_FOLDER = "coaching"
FORUM_FOLDER = "forum"  # the forum sheets exported, beside the roster


@dataclass(frozen=True)
class RosterEntry:
    """One gladiator's file: him (None when the file cannot be read, with `error`
    saying why) and the build rules he breaks. A gladiator of the stable has no file:
    `stable` is his number there, and `path` only names him ("#3 Lord Smash in the
    stable")."""

    path: Path
    sample: bool
    gladiator: Gladiator | None
    error: str = ""
    problems: tuple[str, ...] = ()
    stable: int | None = None

    @property
    def name(self) -> str:
        return self.gladiator.name if self.gladiator is not None else self.path.stem

    @property
    def valid(self) -> bool:
        return self.gladiator is not None and not self.problems and not self.gladiator.dead

    def badge(self) -> str:
        """Legal, or how many rules he breaks, in words."""
        if self.gladiator is None:
            return "unreadable"
        if self.gladiator.dead:
            return "dead"
        if not self.problems:
            return "legal"
        n = len(self.problems)
        return f"{n} broken rule{'s' if n != 1 else ''}"

    def row(self) -> str:
        """His line in the roster: starred mark, name, fame and record."""
        g = self.gladiator
        sample = " (house NPC)" if g is not None and g.npc else " (sample)" if self.sample \
            else " (stable)" if self.stable is not None else ""
        if g is None:
            return f"{self.path.name}{sample}"
        star = "★ " if g.starred else ""
        return f"{star}{g.name}{sample}  ·  fame {g.fame}  ·  {g.wins}-{g.losses}"

    def shorter_rows(self) -> tuple[str, ...]:
        """His line in less room, longest first: his name is the last thing to go (the
        panel beside tells the rest)."""
        g = self.gladiator
        if g is None:
            return ()
        star = "★ " if g.starred else ""
        kind = " (NPC)" if g.npc else " (sample)" if self.sample else \
            " (stable)" if self.stable is not None else ""
        return (f"{star}{g.name}  ·  fame {g.fame}  ·  {g.wins}-{g.losses}",
                f"{star}{g.name}{kind}", f"{star}{g.name}")


def read_entry(path: Path, data: GrimdarkData, sample: bool) -> RosterEntry:
    try:
        gladiator = load_gladiator(path)
    except UserError as err:
        return RosterEntry(path, sample, None, error=str(err))
    return RosterEntry(path, sample, gladiator, problems=tuple(build.problems(gladiator, data)))


def roster_entries(data: GrimdarkData) -> list[RosterEntry]:
    """The user's roster by name, then the samples (a sample the user saved under the
    same file name is shown once, as his)."""
    found: list[RosterEntry] = []
    mine: set[str] = set()
    for folder, sample in ((roster_dir(), False), (samples_dir(), True)):
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.json")):
            if sample and path.name in mine:
                continue
            mine.add(path.name)
            found.append(read_entry(path, data, sample))
    return found


def stable_entries(data: GrimdarkData) -> tuple[list[RosterEntry], str]:
    """The stable's living Grimdark gladiators, each with his sheet as the stable holds
    it; and why the stable could not be read, in one line ("" when it was). With no
    stable, none, and the stable's code is not loaded."""
    from companion import paths

    if not paths.stable_path().exists():
        return [], ""
    from companion.rulesets.grimdark.campaign import stable_gladiators

    held, why = stable_gladiators()
    found = []
    for s in held:
        g = s.gladiator
        problems = tuple(build.problems(g, data)) if g is not None else ()
        found.append(RosterEntry(Path(s.where), False, g, error=s.error, problems=problems,
                                 stable=s.id))
    return found, why


def delete_entry(entry: RosterEntry) -> None:
    """Take a gladiator off the user's roster (a sample cannot be deleted, nor one of
    the stable: he has no file here)."""
    if entry.stable is not None:
        raise UserError(stable_refusal(entry))
    if entry.sample:
        raise UserError(f"{entry.name} is a sample shipped with the companion: it cannot "
                        "be deleted (a copy saved to your roster can)")
    try:
        entry.path.unlink()
    except FileNotFoundError:
        pass
    except OSError as err:
        raise UserError(f"cannot delete {entry.path}: {err.strerror}") from None


def stable_refusal(entry: RosterEntry) -> str:
    return (f"{entry.name} cannot be deleted here: he is the stable's: companion stable "
            f"remove #{entry.stable} takes him out")


def export_path(gladiator: Gladiator) -> Path:
    """Where his forum sheet is written: a text file in a folder beside the roster."""
    return roster_dir() / FORUM_FOLDER / f"{name_key(gladiator.name) or 'gladiator'}.txt"


# --- coaching ------------------------------------------------------------------------
def coaching_files() -> list[Path]:
    """Coaching files: the user's, then the samples'."""
    found: list[Path] = []
    for folder in (coaching_dir(), samples_dir() / COACHING_FOLDER):
        if folder.is_dir():
            found += sorted(folder.glob("*.json"))
    return found


def coaching_dir() -> Path:
    """The user's own coaching files: where the editor saves."""
    return roster_dir() / COACHING_FOLDER


def coaching_target(gladiator: Gladiator, own: Path | None) -> Path:
    """Where the editor saves his coaching: the user's file it was opened from, else
    a new file in his coaching folder named for him (never over another file)."""
    if own is not None:
        return own
    stem = name_key(gladiator.name) or "coaching"
    folder = coaching_dir()
    path, n = folder / f"{stem}.json", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.json"
    return path


def is_sample(path: Path) -> bool:
    return samples_dir() in path.parents


def coaching_label(path: Path) -> str:
    sample = " (sample)" if is_sample(path) else ""
    return f"{path.stem.replace('-', ' ').title()}{sample}"


def coaching_for(path: Path, gladiator: Gladiator, data: GrimdarkData) -> dict[str, Any]:
    """A coaching file as the match setup carries it, checked against the gladiator it
    coaches (his opening moves must be in his repertoire); UserError saying what is
    wrong."""
    coaching = load_coaching(path, data)
    problems = check_coaching(coaching, gladiator, data)
    if problems:
        raise UserError("; ".join(problems))
    dumped = coaching.model_dump(mode="json", exclude_none=True)
    assert isinstance(dumped, dict)
    return dumped


def default_coaching_for(gladiator: Gladiator, files: list[Path]) -> int | None:
    """The coaching file named for him, if there is one (its index in `files`)."""
    key = name_key(gladiator.name)
    for i, path in enumerate(files):
        if path.stem == key:
            return i
    return None
