"""What importing sheet files into the stable would do, worked out before anything is
written: the sheets that are new, those already in (the same game, sheet and manager:
importing again adds nothing), and the files that cannot be read, each with why.
With no files given, the games' roster folders are read: the files there are only
read, and stay as they were."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from companion.core.words import plural
from companion.errors import UserError, one_line
from companion.files.pathwords import os_problem
from companion.stable.model import Gladiator
from companion.stable.parts import game_parts, title
from companion.stable.reading import ReadSheet, folder_files, read_sheet, roster_files
from companion.stable.starring import refusals
from companion.stable.store import Stable


@dataclass
class ImportPlan:
    new: list[ReadSheet] = field(default_factory=list)
    # Each with the gladiator in the stable it is; None: the same sheet as another file.
    already: list[tuple[Path, int | None]] = field(default_factory=list)
    skipped: list[tuple[Path, str]] = field(default_factory=list)
    folders: tuple[Path, ...] = ()  # the roster folders read, when no file was given

    def words(self, added: list[Gladiator], stable: Path) -> str:
        """What was done, in a sentence or two."""
        games: dict[str, int] = {}
        for sheet in self.new:
            games[sheet.game] = games.get(sheet.game, 0) + 1
        if not (self.new or self.already or self.skipped):
            where = ", ".join(str(f) for f in self.folders)
            return f"no sheets to import (looked in {where})" if self.folders else \
                "no sheets to import"
        parts = [f"imported {plural(len(added), 'gladiator')} into the stable ({stable})"
                 if added else f"nothing new to import into the stable ({stable})"]
        if games:
            parts[0] += ": " + ", ".join(f"{n} of {title(game)}" for game, n in games.items())
        if self.already:
            parts.append(f"{plural(len(self.already), 'sheet')} already in it")
        if self.skipped:
            parts.append(f"{plural(len(self.skipped), 'file')} left out (see above)")
        return "; ".join(parts)


def plan_import(stable: Stable, given: list[Path], manager: str = "") -> ImportPlan:
    """Read every file of `given` (files, and folders' sheet files), or with none the
    roster folders, and sort them into new, already in, and left out."""
    plan = ImportPlan()
    files: list[tuple[Path, str | None]] = []
    if given:
        for path in given:
            if is_folder(path):
                files += [(p, None) for p in folder_files(path)]
            else:
                files.append((path, None))
    else:
        plan.folders = tuple(f for sheets in game_parts().values()
                             for f in sheets.roster_folders())
        files = [(path, game) for game, path in roster_files()]
    seen: set[tuple[str, str, str]] = set()
    for path, game in files:
        try:
            read = read_sheet(path, fallback=game)
        except UserError as err:
            plan.skipped.append((path, one_line(str(err))))
            continue
        except OSError as err:
            plan.skipped.append((path, os_problem(err, path)))
            continue
        owner = manager or read.sheet.manager
        key = (read.game, read.sheet.text, owner.casefold())
        if key in seen:
            plan.already.append((path, None))
            continue
        seen.add(key)
        known = stable.manager_named(owner) if owner else None
        held = (stable.holds(read.game, read.sheet.text, known.id if known else None)
                if known is not None or not owner else None)
        if held is not None:
            plan.already.append((path, held.id))
        else:
            plan.new.append(read)
    _leave_out_starred_past_the_limit(stable, plan, manager)
    return plan


def _leave_out_starred_past_the_limit(stable: Stable, plan: ImportPlan, manager: str) -> None:
    """A starred sheet his manager has no room for is left out, with why."""
    why = refusals([(r.game, r.sheet, manager or r.sheet.manager) for r in plan.new],
                   lambda owner, game: starred_names(stable, owner, game))
    plan.skipped += [(r.path, f"{r.path}: {said}") for r, said in zip(plan.new, why,
                                                                      strict=True) if said]
    plan.new = [r for r, said in zip(plan.new, why, strict=True) if not said]


def starred_names(stable: Stable, manager: str, game: str) -> list[str]:
    """The living starred gladiators of `game` the manager has in the stable."""
    known = stable.manager_named(manager)
    if known is None:
        return []
    return [g.name for g in stable.gladiators(game=game, manager_id=known.id)
            if g.starred and g.alive]


def is_folder(path: Path) -> bool:
    """A folder is there (False for any path the system cannot look at: a NUL, a name
    too long, a loop of links; reading it then says what is wrong)."""
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


