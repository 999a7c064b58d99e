"""Starting, opening and resuming the sessions the window plays: a new one from a
set-up, a saved file (checked, and named in the recent files), the autosave (with the
player's own file it was also written to, if that still holds this game), and the
Open dialog. The window gives it the screens to show them on."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from companion import paths
from companion.errors import UserError
from companion.session.autosaver import Autosaver
from companion.ui import registry
from companion.ui.host import Host, Screen

if TYPE_CHECKING:
    from companion.dice.rolls import Roll
    from companion.dice.sources import DiceSource
    from companion.session.session import Session
    from companion.ui.widgets.dialogs import Dialog

AUTOSAVE_NAME = "last-session.json"


class Window(Host, Protocol):
    """What this needs of the window besides what every screen sees."""

    physical: bool  # the kind of dice the last session was played with
    note: str
    loose_rolls: list[Roll]  # the tools' rolls while no session is open
    dialog: Dialog | None

    def set_screen(self, screen: Screen) -> None: ...

    def close_dialog(self) -> None: ...


class Sessions:
    def __init__(self, window: Window) -> None:
        self.window = window
        # Writes each session's autosave; a big one off this thread (a frame is short).
        self.autosaver = Autosaver()

    def _play(self, session: Session, dice: DiceSource, path: Path | None,
              physical: bool) -> Screen:
        w = self.window
        session.autosave_path = self.autosave_path()
        session.autosaver = self.autosaver
        # The tools' rolls made while no game was open go with the first one played.
        for roll in w.loose_rolls:
            session.note_roll(roll)
        w.loose_rolls.clear()
        cls = registry.load(registry.screens_for(session.ruleset.id).play)
        screen: Screen = cls(w, session, dice, path, physical)
        w.physical = physical
        w.set_screen(screen)
        return screen

    def start(self, ruleset_id: str, setup: dict[str, Any], *, seed: int | None = None,
              physical: bool = False, dice: DiceSource | None = None) -> str | None:
        """Start a new session of a rule system from a setup; a message if the setup is
        refused. `dice` overrides the choice of seeded or physical dice (tests script
        them). A system that opens by default (strengths, initiative) does so at once."""
        from companion.dice.sources import SeededDice, TypedDice
        from companion.rulesets.registry import get_ruleset
        from companion.session.session import Session

        try:
            rules = get_ruleset(ruleset_id)
            # As `companion new` does: what bars a new fight (a coma, a name still to
            # change) bars it here too, and the setup records how it is played.
            session = Session(rules, rules.new_setup(setup), self.window.tables)
        except UserError as err:
            return str(err)
        if dice is None:
            dice = TypedDice() if physical else SeededDice(seed)
        screen = self._play(session, dice, None, physical)
        if rules.opens_by_default and rules.opening is not None:
            act = getattr(screen, "act", None)
            if act is not None:
                act(dict(rules.opening))
        after = getattr(screen, "after_action", None)
        if after is not None:
            after()
        return None

    def autosave_path(self) -> Path:
        """One autosave: the session last played, whichever rules it uses."""
        return paths.autosave_dir() / AUTOSAVE_NAME

    def can_resume(self) -> bool:
        # Not through companion.session.session, which the start screen need not load.
        from companion.files.atomic import has_copy

        self.autosaver.flush()
        return has_copy(self.autosave_path())

    def resume(self) -> None:
        self.open_file(self.autosave_path(), remember=False)

    def open_file(self, path: Path, remember: bool = True) -> None:
        from companion.dice.sources import SeededDice, TypedDice
        from companion.files.pathwords import in_words
        from companion.rulesets.registry import get_ruleset
        from companion.session.session import load_session
        from companion.ui.text import checked_path

        w = self.window
        self.autosaver.flush()  # the autosave, or any file, as last written
        try:
            session = load_session(checked_path(path), get_ruleset, tables=w.tables)
            registry.screens_for(session.ruleset.id)
        except (UserError, OSError) as err:
            w.show_message("Cannot open that file", in_words(err))
            return
        dice = TypedDice() if w.physical else SeededDice(None)
        own, why_not = (path, "") if remember else self._own_file_of(session)
        if own is not None and own != self.autosave_path():
            session.own_file = own
        screen = self._play(session, dice, own, w.physical)
        after = getattr(screen, "after_action", None)
        if after is not None:
            after()
        if remember:
            w.remember_file(path)
        if why_not:
            w.note = why_not

    def _own_file_of(self, session: Session) -> tuple[Path | None, str]:
        """The player's own file a resumed game was also written to, if it still holds
        this game (the same rules, begun at the same moment); else None and why."""
        from companion.files.pathwords import in_words, shown_path
        from companion.session.session import read_session_file
        from companion.ui.text import checked_path

        if not session.own_file_named:
            return None, ""
        path = Path(session.own_file_named)
        until = "this game goes to the autosave until you save it (Ctrl+S)"
        try:
            kept = read_session_file(checked_path(path))
        except (UserError, OSError, ValueError) as err:  # a hostile autosave's name too
            return None, f"{shown_path(path.name)} cannot be read ({in_words(err)}): {until}"
        if kept.ruleset != session.ruleset.id or kept.created != session.created:
            return None, f"{shown_path(path.name)} holds another game now: {until}"
        return path, ""

    def open_dialog(self) -> None:
        from companion.ui.text import typed_path
        from companion.ui.widgets.dialogs import Choice, Dialog

        w = self.window

        def typed(text: str) -> None:
            from companion.files.jsonfile import SESSION, check_file
            from companion.session.session import can_open

            try:
                path = typed_path(text)
                if not can_open(path):
                    check_file(path, SESSION)  # says why not: missing, a folder...
            except UserError as err:
                dialog.error = str(err)
                return
            w.dialog = None
            self.open_file(path)

        dialog = Dialog(w.theme, "Open a saved session", ["Type the path of a saved file."],
                        [Choice("Cancel", pygame.K_ESCAPE, w.close_dialog)],
                        field_hint="e.g. ~/saturday.json", on_text=typed, submit="Open")
        w.dialog = dialog
