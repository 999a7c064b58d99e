"""What a screen may ask of the window (`Host`), and what the window asks of a screen
(`Screen`). Screens depend on this module, never on the window; the window depends
on it and on the registry, never on a screen, so it names no game."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from companion.ui.record import Record

if TYPE_CHECKING:
    from companion.core.hexgrid import Board, Hex
    from companion.dice.sources import DiceSource
    from companion.files.settings import Settings
    from companion.session.session import Session
    from companion.tables.loader import TableSet
    from companion.ui.theme import Theme
    from companion.ui.widgets.board_view import BoardView
    from companion.ui.widgets.controls import Widget
    from companion.ui.widgets.retained import Soil
    from companion.ui.widgets.side_panel import PanelView


class SystemScreens(Record):
    """A rule system's screens, as the registry names them: "module:Class" of its
    set-up screen and of the screen that plays its sessions. The set-up of the first
    system registered is the start screen; the others are reached from it by `key`."""

    __slots__ = ("key", "play", "ruleset", "setup", "short_titles", "title")

    def __init__(self, ruleset: str, setup: str, play: str, title: str, key: str,
                 short_titles: tuple[str, ...] = ()) -> None:
        self.ruleset = ruleset
        self.setup = setup
        self.play = play
        self.title = title  # on the start screen's button
        self.key = key  # the start screen's key for it ("b")
        self.short_titles = short_titles  # shorter titles, for a narrow start screen


class Host(Protocol):
    """The window, as screens see it."""

    theme: Theme
    settings: Settings
    soil: Soil  # where this frame and the last drew, for the parts kept drawn

    @property
    def board(self) -> Board: ...

    @property
    def board_view(self) -> BoardView: ...

    @property
    def tables(self) -> TableSet: ...

    def log_in_sight(self) -> bool:
        """The side panel shows the screen's own tab (a session's log)."""
        ...

    def raw_entries(self, table_id: str) -> list[dict[str, Any]]:
        """A table's entries as its file writes them, without loading every table
        while only the built-in ones exist."""

    def table_problems(self) -> list[str]:
        """The user's broken table files, in words."""

    def systems(self) -> list[SystemScreens]: ...

    def show_home(self) -> None: ...

    def show_setup(self, ruleset_id: str) -> None: ...

    def start_session(self, ruleset_id: str, setup: dict[str, Any], *,
                      seed: int | None = None, physical: bool = False,
                      dice: DiceSource | None = None) -> str | None:
        """Start a new session; a message saying why not, or None."""

    def open_file(self, path: Path, remember: bool = True) -> None: ...

    def open_dialog(self) -> None: ...

    def can_resume(self) -> bool: ...

    def resume(self) -> None: ...

    def remember_file(self, path: Path) -> None: ...

    def show_message(self, title: str, text: str) -> None: ...

    def show_keys(self, lines: list[str]) -> None:
        """F1 on a screen without dialogs of its own: its list of keys."""

    @property
    def player_window_open(self) -> bool: ...

    def toggle_player_window(self) -> None:
        """Open the player's window (the players' view, for a second screen), or close it."""


class Screen:
    """The left side of the window: a set-up screen, or one that plays a session.
    The defaults suit a screen with no board, no dialog and no panel of its own."""

    message = ""
    message_is_error = False

    def __init__(self, host: Host) -> None:
        self.host = host
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def uses_board(self) -> bool:
        """The window tracks the hex under the mouse."""
        return False

    @property
    def typing(self) -> bool:
        """A text field of the screen (or of its dialog) has the keyboard."""
        return False

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def draw(self, surface: pygame.Surface, hover: Hex | None) -> None:
        raise NotImplementedError

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def status(self) -> str:
        """The status bar's hint: what can be done now, and the keys."""
        return ""

    @property
    def modal(self) -> bool:
        """A dialog of the screen's own is open: every event goes to the screen."""
        return False

    def draw_dialog(self, surface: pygame.Surface) -> None:
        """Drawn last, over the panel too."""

    def widgets(self) -> list[Widget]:
        """What the screen drew last (its dialog apart): for the fit check and the
        hover, which shows a shortened text whole."""
        return []

    def panel(self) -> PanelView | None:
        """The first tab of the right-hand panel while this screen is shown."""
        return None

    def rescale(self) -> None:
        """The UI scale changed: make again what depends on it."""

    def unfocus(self) -> None:
        """A field of the panel took the keyboard: the screen's fields let go of it,
        so that a typed key reaches one field only."""

    def close(self) -> None:
        """The screen goes: stop its timers."""

    # The table browser's "Apply to ...": who an entry can be applied to now, and
    # applying it (a message to show; UserError when it cannot be done).
    def apply_targets(self) -> list[tuple[str, str]]:
        return []

    def apply_entry(self, who: str, table_id: str, keys: list[Any], sub_key: int | None) -> str:
        from companion.errors import UserError

        raise UserError("start a session whose rules take table entries to apply them")


def session_of(screen: Screen) -> Session | None:
    """The session a screen plays, if it plays one."""
    return getattr(screen, "session", None)


class DialogScreen(Screen):
    """A screen that opens dialogs of its own over itself: while one is open, it has
    every event and the keys type into it when it has a field. A dialog is a `Dialog`,
    gone once closed, or a screen's own overlay, gone once `done` (it then says what it
    did: `said`)."""

    dialog: Any = None

    @property
    def modal(self) -> bool:
        return self.dialog is not None

    @property
    def typing(self) -> bool:
        return self.dialog is not None and self.dialog.typing

    def draw_dialog(self, surface: pygame.Surface) -> None:
        if self.dialog is not None:
            self.dialog.draw(surface)

    def handle_dialog(self, event: pygame.event.Event) -> bool:
        """Give `event` to the open dialog, if there is one (True then), and let it go
        once it is closed or done."""
        if self.dialog is None:
            return False
        self.dialog.handle(event)
        if self.dialog is not None and getattr(self.dialog, "closed", False):
            self.dialog = None
        elif self.dialog is not None and getattr(self.dialog, "done", False):
            said = self.dialog.said
            self.dialog = None
            self.dialog_done(said)
        return True

    def dialog_done(self, said: str) -> None:
        """An overlay has done its work and said so."""
        self.message, self.message_is_error = said, False
