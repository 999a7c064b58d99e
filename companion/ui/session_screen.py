"""What every screen that plays a session shares: sending actions (asking for physical
dice and trying again), undo and redo, saving, the help dialog, the message line."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from companion.dice import DiceSource
from companion.errors import UserError
from companion.physical_dice import NeedDice, PhysicalDice
from companion.session import Session
from companion.ui.dialogs import Choice, ContextMenu, Dialog

if TYPE_CHECKING:
    from companion.ui.app import App


class SessionScreen:
    help_lines: tuple[str, ...] = ()
    default_file = "bout.json"

    def __init__(self, app: App, session: Session, dice: DiceSource,
                 save_path: Path | None = None) -> None:
        self.app = app
        self.session = session
        self.dice = dice
        self.save_path = save_path
        self.dialog: Dialog | ContextMenu | None = None
        self.message = ""
        self.message_is_error = False

    # --- hooks for the screens ----------------------------------------------------------
    def before_action(self) -> Any:
        """Whatever the screen wants to compare after the action (for animations)."""
        return None

    def after_success(self, lines: list[str], before: Any) -> None:
        """Called after an action went through."""

    def after_action(self) -> None:
        """Dialogs and timers that follow an action (or a closed dialog)."""

    def after_undo(self) -> None:
        """The state jumped (undo, redo)."""

    # --- acting -----------------------------------------------------------------------
    def act(self, action: dict[str, Any]) -> bool:
        """Send one action to the session. A refused action changes nothing and its
        reason goes to the status bar; physical dice are asked for, then retried."""
        before = self.before_action()
        physical = isinstance(self.dice, PhysicalDice)
        if physical:
            self.dice.begin()
        try:
            lines = self.session.act(action, self.dice)
        except NeedDice as need:
            self._ask_dice(need, action)
            return False
        except UserError as err:
            self.say(str(err), error=True)
            if physical:
                self.dice.done()
            return False
        if physical:
            self.dice.done()
        self.say(lines[-1] if lines else "")
        self.after_success(lines, before)
        self.after_action()
        return True

    def _ask_dice(self, need: NeedDice, action: dict[str, Any]) -> None:
        request = need.request

        def typed(text: str) -> None:
            assert isinstance(self.dice, PhysicalDice)
            try:
                self.dice.answer(text)
            except UserError as err:
                dialog.error = str(err)
                return
            self.dialog = None
            self.act(action)

        def cancel() -> None:
            assert isinstance(self.dice, PhysicalDice)
            self.dice.done()
            self.dialog = None
            self.say("cancelled: nothing changed")

        plural = "s" if request.count > 1 else ""
        dialog = Dialog(
            self.app.theme, "Your dice",
            [f"Roll {request.describe()} and type what the dice show "
             f"({request.count} face{plural}, 1 to {request.sides})."],
            [Choice("Cancel", pygame.K_ESCAPE, cancel)],
            field_hint="e.g. 4" if request.count == 1 else "e.g. 3 5",
            on_text=typed,
        )
        self.dialog = dialog

    def say(self, text: str, error: bool = False) -> None:
        self.message, self.message_is_error = text, error

    # --- undo, redo, save -------------------------------------------------------------
    def undo_key(self, event: pygame.event.Event) -> bool:
        """Ctrl+Z, Ctrl+Y, Ctrl+S, Ctrl+Shift+S and F1; True if the key was one."""
        key, mod = event.key, event.mod
        ctrl, shift = mod & pygame.KMOD_CTRL, mod & pygame.KMOD_SHIFT
        if ctrl and key in (pygame.K_z, pygame.K_y):
            steps = self.session.undo() if key == pygame.K_z else -self.session.redo()
            self.after_undo()
            if steps > 0:
                self.say(f"undone: {steps} action(s)")
            elif steps < 0:
                self.say(f"redone: {-steps} action(s)")
            else:
                self.say("nothing to undo or redo", error=True)
            return True
        if ctrl and key == pygame.K_s:
            if shift or self.save_path is None:
                self.save_as_dialog()
            else:
                self.save()
            return True
        if key in (pygame.K_F1, pygame.K_QUESTION) or (key == pygame.K_SLASH and shift):
            self.help_dialog()
            return True
        return False

    def dismiss(self) -> None:
        self.dialog = None

    def help_dialog(self) -> None:
        self.dialog = Dialog(self.app.theme, "Keys", list(self.help_lines),
                             [Choice("Close", pygame.K_ESCAPE, self.dismiss)], width=900)

    def save_as_dialog(self) -> None:
        def typed(text: str) -> None:
            try:
                self.save(Path(text).expanduser())
            except OSError as err:
                dialog.error = f"cannot save there: {err}"
                return
            self.dialog = None

        default = str(self.save_path or Path.home() / self.default_file)
        dialog = Dialog(self.app.theme, "Save as", ["Type the file to save in."],
                        [Choice("Cancel", pygame.K_ESCAPE, self.dismiss)],
                        field_hint="a file name, e.g. ~/bouts/saturday.json", on_text=typed)
        assert dialog.text_field is not None
        dialog.text_field.text = default
        self.dialog = dialog

    def save(self, path: Path | None = None) -> None:
        path = path or self.save_path
        if path is None:
            self.save_as_dialog()
            return
        self.session.save(path)
        self.save_path = path
        self.app.remember_file(path)
        self.say(f"saved to {path}")

    # --- dialogs --------------------------------------------------------------------
    def handle_dialog(self, event: pygame.event.Event) -> bool:
        assert self.dialog is not None
        used = self.dialog.handle(event)
        if self.dialog is not None and self.dialog.closed:
            self.dialog = None
        if self.dialog is None:
            self.after_action()
        return used

    def draw_dialog(self, surface: pygame.Surface) -> None:
        if self.dialog is not None:
            self.dialog.draw(surface)
