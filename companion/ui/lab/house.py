"""The Lab screen's choice of house rules: none, one of the folders of tables in the
user's house-rules folder, or any folder typed in. A folder is checked by the lab's
own code when it is chosen (and again for another system): a missing or broken one
is refused in one line, and the choice goes back to off."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

from companion import paths
from companion.errors import UserError
from companion.files.pathwords import in_words, os_problem, shown_path
from companion.tables.loader import TableSet
from companion.ui.text import typed_path
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Button, Ink, TextField, Widget, flow, shorten

MAX_FOLDERS = 12  # shown as buttons; more can still be typed in
HINT = "or type a folder's path, then Enter"
NAME_ROOM = 180  # pixels at 100 % a folder's button needs at least: longer names shorten


class FolderField(TextField):
    """The field for a folder's path, laid out in a row of buttons."""

    def needed_width(self, shortest: bool = False) -> int:
        return self.theme.px(220 if shortest else 400)


def house_folders(root: Path | None = None) -> list[Path]:
    """The folders of house-rule tables in the user's folder, by name."""
    root = paths.house_rules_dir() if root is None else root
    try:
        found = sorted((p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")),
                       key=lambda p: p.name.lower())
    except OSError:
        return []
    return found[:MAX_FOLDERS]


def _a_folder(path: Path) -> None:
    """Refuse a path that is a file, or that the system cannot look at (a name too
    long, a loop of links); a missing folder is the lab's to name."""
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return
    except OSError as err:
        raise UserError(os_problem(err, path)) from None
    if not stat.S_ISDIR(info.st_mode):
        raise UserError(f"{shown_path(path)} is not a folder")


class HouseChoice:
    """`check(folder)`: the tables with that folder laid over them, or a UserError."""

    def __init__(self, theme: Theme, check: Callable[[Path], TableSet]) -> None:
        self.theme = theme
        self.check = check
        self.folder: Path | None = None
        self.tables: TableSet | None = None
        self.message = ""
        self.is_error = False
        self.field = FolderField(theme, HINT, self._typed, size=16,
                                 short=("a folder's path, Enter", "a folder's path"))
        self.folders: list[Path] = []
        self.buttons: list[Button] = []
        self.refresh()

    def refresh(self) -> None:
        """Look for the user's folders again (he may have made one since)."""
        self.folders = house_folders()
        self.buttons = [Button(self.theme, "Off (H)", partial(self.pick, None), size=16,
                               short=("Off",))]
        font = self.theme.fonts.get(16, bold=True)
        for folder in self.folders:
            short = shorten(folder.name, font, self.theme.px(NAME_ROOM))
            self.buttons.append(Button(self.theme, folder.name, partial(self.pick, folder),
                                       size=16, elide=True,
                                       short=(short,) if short != folder.name else ()))

    # --- choosing --------------------------------------------------------------------
    def choose(self, folder: Path | None) -> None:
        self.folder, self.tables = None, None
        self.message, self.is_error = "", False
        if folder is None:
            return
        try:
            _a_folder(folder)
            self.tables = self.check(folder)
        except (UserError, OSError) as err:
            self.message, self.is_error = in_words(err), True
            return
        self.folder = folder

    def pick(self, folder: Path | None) -> None:
        """A button's choice (or H's): the path typed before goes."""
        self.field.set_text("")
        self.choose(folder)

    def recheck(self) -> None:
        """The system changed: the folder must hold some of its tables too."""
        if self.folder is not None:
            self.choose(self.folder)

    def cycle(self) -> None:
        """H: the next of the user's folders, after the last off."""
        choices: list[Path | None] = [None, *self.folders]
        at = choices.index(self.folder) if self.folder in choices else 0
        self.pick(choices[(at + 1) % len(choices)])

    def _typed(self, text: str) -> None:
        self.field.focused = False
        if not text.strip():
            return
        try:
            folder = typed_path(text)
        except UserError as err:
            self.choose(None)
            self.message, self.is_error = str(err), True
            return
        self.choose(folder)

    @property
    def words(self) -> str:
        """Where the second run's tables come from, for the heat map's title."""
        return self.folder.name if self.folder is not None else ""

    # --- layout and drawing ------------------------------------------------------------
    def layout(self, x: int, y: int, width: int, height: int, gap: int, label_w: int) -> int:
        """Laid out after a label `label_w` wide; the y below it."""
        return flow([*self.buttons, self.field], x + label_w, y, width - label_w, height, gap)

    def draw(self, surface: pygame.Surface, ink: Ink) -> None:
        for button in self.buttons:
            folder = self.folders[self.buttons.index(button) - 1] \
                if button is not self.buttons[0] else None
            button.selected = folder == self.folder
            ink.widget(surface, button)
        ink.widget(surface, self.field)

    def widgets(self) -> list[Widget]:
        return [*self.buttons, self.field]

    def handle(self, event: pygame.event.Event) -> bool:
        if self.field.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return any(b.handle(event) for b in self.buttons)
        return False
