"""What a game brings to the stable: its sheet files. Each game names an object
keeping this protocol as its `stable` part in `companion.games.registry`; a game
without one has no gladiators in the stable."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from companion.errors import UserError
from companion.games.registry import GAMES, part
from companion.stable.model import SheetFile


class GameSheets(Protocol):
    """A game's sheet files, for the stable."""

    # The game as players name it in a sentence ("the battle system").
    title: str
    # The "format" of its sheet files' envelope, by which a file is known as its.
    formats: tuple[str, ...]

    def parse(self, text: str, where: str) -> SheetFile:
        """The sheet in `text` (a whole sheet file's text), checked as the game checks
        its files; UserError naming `where` and what is wrong."""
        ...

    def export(self, sheet: str) -> str:
        """The text of his sheet file for the sheet the stable keeps: the file he was
        imported from, byte for byte, where the format allows."""
        ...

    def summary(self, sheet: str) -> str:
        """One line of what matters at a glance, for `stable list`."""
        ...

    def lines(self, sheet: str) -> list[str]:
        """His sheet in words, a line each, for `stable show`."""
        ...

    def figure(self, sheet: str) -> tuple[str, int] | None:
        """The one figure of his sheet a career is followed by (Fame, development
        points, skills)
        and its name, for the small plot over his fights; None for a sheet that has
        none."""
        ...

    def file_name(self, name: str) -> str:
        """The name his sheet file is given when exported to a folder."""
        ...

    def roster_folders(self) -> tuple[Path, ...]:
        """The folders the game kept its users' sheets in before the stable."""
        ...

    def sample_folders(self) -> tuple[Path, ...]:
        """The folders of the sample sheets shipped with the companion."""
        ...


def game_parts() -> dict[str, GameSheets]:
    """Each game's part, by game id, in the registry's order."""
    return {game_id: part(game.stable) for game_id, game in GAMES.items() if game.stable}


def game_part(game: str) -> GameSheets:
    found = game_parts().get(game)
    if found is None:
        known = ", ".join(game_parts())
        raise UserError(f"no game {game!r} keeps gladiators in the stable; the games are "
                        f"{known}", exit_code=1)
    return found


def title(game: str) -> str:
    """The game as a sentence names it; its id for a game the registry no longer has
    (a stable written by a companion that knew more games)."""
    found = game_parts().get(game)
    return found.title if found is not None else game
