"""A sheet file of any game read into the stable's record of it: which game's it is
(by its envelope's "format"), checked by that game, and its text kept as the file
held it, so exporting it writes the same bytes. (One exception the format allows: a
byte-order mark some editors put first is not kept.)"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from companion.errors import UserError
from companion.files.jsonfile import FileKind, parse_bytes, read_bytes, shown
from companion.paths import json_files
from companion.stable.model import SheetFile
from companion.stable.parts import game_parts

# Any game's sheet: each game's reader holds it to its own kind's limit afterwards.
ANY_SHEET = FileKind("a gladiator's sheet", 1_000_000, refuses_others=False)
_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class ReadSheet:
    game: str
    sheet: SheetFile
    path: Path


def read_sheet(path: Path, game: str | None = None, *,
               fallback: str | None = None) -> ReadSheet:
    """The sheet in the file at `path`: of `game` if given (a sheet of another game is
    refused), else of the game its envelope names, else of `fallback` (the game whose
    roster folder it is in). UserError naming the file and what is wrong (exit status
    1: the file is wrong, not the command)."""
    try:
        return _read(Path(path), game, fallback)
    except UserError as err:
        if err.exit_code == 1:
            raise
        raise UserError(str(err), exit_code=1) from None


def _read(path: Path, game: str | None, fallback: str | None) -> ReadSheet:
    raw = read_bytes(path, ANY_SHEET)
    data = parse_bytes(path, raw, ANY_SHEET)
    found = data.get("format") if isinstance(data, dict) else None
    parts = game_parts()
    owner = next((g for g, p in parts.items() if found in p.formats), None)
    if game is not None and owner not in (None, game):
        raise UserError(f"{path}: this is a sheet of {parts[str(owner)].title}, not of "
                        f"{parts[game].title}")
    owner = owner or game or fallback
    if owner is None:
        formats = ", ".join(f for p in parts.values() for f in p.formats)
        said = f"its format is {shown(found)}" if found is not None else "it has no format"
        raise UserError(f"{path}: not a gladiator's sheet of any game the stable keeps "
                        f"({said}; the stable reads {formats})")
    text = raw[len(_BOM):] if raw.startswith(_BOM) else raw
    return ReadSheet(owner, parts[owner].parse(text.decode("utf-8"), str(path)), path)


def find_sheet_file(name: str) -> Path | None:
    """A file as given, or else a sample sheet of that name ("Spear Rookie") or file
    name, whatever its game. A path that is there but no file, or that the system
    cannot look at (a loop of links, a name too long), is given back as it is, for
    reading it to say what is wrong."""
    path = Path(name)
    try:
        os.stat(path)
        return path
    except FileNotFoundError:
        pass
    except (OSError, ValueError):
        return path
    key = _key(name)
    for sheets in game_parts().values():
        for folder in sheets.sample_folders():
            for candidate in json_files(folder):
                if candidate.name == path.name or _key(candidate.stem) == key:
                    return candidate
    return None


def _key(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def roster_files() -> list[tuple[str, Path]]:
    """Every sheet file in the games' roster folders, with the game whose folder it is
    in (a file of another game's format there is still read as that game's)."""
    found: list[tuple[str, Path]] = []
    seen: set[Path] = set()
    for game, sheets in game_parts().items():
        for folder in sheets.roster_folders():
            for path in json_files(folder):
                if path not in seen and path.is_file():
                    seen.add(path)
                    found.append((game, path))
    return found


def folder_files(folder: Path) -> list[Path]:
    return [p for p in json_files(folder) if p.is_file()]
