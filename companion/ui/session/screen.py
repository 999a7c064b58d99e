"""What every screen that plays a session shares: sending actions (asking for the
player's own dice and trying again), undo and redo, saving, the help dialog, the
message line. The screen owns the session's dice: the app's (`rolled`) and the
player's typed in (`typed`); nothing else rolls for the session."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from companion import paths
from companion.dice.sources import DiceSource, NeedDice, TypedDice
from companion.errors import UserError
from companion.files.pathwords import in_words
from companion.rulesets.base import Outcome
from companion.session.session import Session
from companion.ui import keys
from companion.ui.host import Host, Screen
from companion.ui.text import save_path
from companion.ui.tools.log_panel import LogPanel
from companion.ui.widgets.dialogs import Choice, ContextMenu, Dialog
from companion.ui.widgets.side_panel import PanelView


class SessionScreen(Screen):
    help_lines: tuple[str, ...] = ()
    default_file = "session.json"
    noun = "game"  # what the player calls one session: a bout, a duel

    def __init__(self, host: Host, session: Session, dice: DiceSource,
                 save_path: Path | None = None, physical: bool = False) -> None:
        super().__init__(host)
        self.session = session
        self.rolled = dice
        self.typed = dice if isinstance(dice, TypedDice) else TypedDice()
        # Physical dice: every roll of the session is typed in by the player.
        self.physical = physical or isinstance(dice, TypedDice)
        self.save_path = save_path
        self.dialog: Dialog | ContextMenu | None = None
        # The game's "it is over" dialog, once shown: Ctrl+Z and Ctrl+Y reach through
        # it, as the status bar says they do.
        self.end_dialog: Dialog | None = None
        if session.warnings:
            self.say("; ".join(session.warnings), error=True)
        self._league_chance: str | None = None

    @property
    def league_chance(self) -> str:
        """A league match's chances by the league's ratings ("" for any other game),
        read from the stable once, for the game's screen to show beside its odds."""
        if self._league_chance is None:
            from companion.league.chance import match_chance

            self._league_chance = match_chance(self.save_path)
        return self._league_chance

    @property
    def modal(self) -> bool:
        return self.dialog is not None

    @property
    def typing(self) -> bool:
        return self.dialog is not None and self.dialog.typing

    def panel(self) -> PanelView | None:
        return LogPanel(self.host.theme, self.session)

    # --- hooks for the screens ----------------------------------------------------------
    def after_success(self, outcome: Outcome) -> None:
        """Called after an action went through, with what it produced."""

    def after_action(self) -> None:
        """Dialogs and timers that follow an action (or a closed dialog)."""

    def after_undo(self) -> None:
        """The state jumped (undo, redo)."""

    # --- acting -----------------------------------------------------------------------
    def act(self, action: Mapping[str, Any], typed: bool = False) -> bool:
        """Send one action to the session. A refused action changes nothing and its
        reason goes to the status bar. With physical dice (or `typed`) the faces are
        asked for, roll by roll, and the action is tried again."""
        use_typed = typed or self.physical
        dice = self.typed if use_typed else self.rolled
        if use_typed:
            self.typed.begin()
        try:
            outcome = self.session.act(action, dice)
        except NeedDice as need:
            self._ask_dice(need, action)
            return False
        except UserError as err:
            self.say(str(err), error=True)
            if use_typed:
                self.typed.done()
            return False
        except OSError as err:  # the rules could not read a file they needed
            if use_typed:
                self.typed.done()
            self.say(f"cannot do that: {in_words(err)}", error=True)
            return False
        if use_typed:
            self.typed.done()
        lines = self.session.narrate(outcome)
        self.say(lines[-1] if lines else "")
        if outcome.unsaved is not None:  # done all the same: the game goes on
            self.say(f"{self.message} (not autosaved: {in_words(outcome.unsaved)})",
                     error=True)
        self.after_success(outcome)
        self.after_action()
        return True

    def send(self, action: dict[str, Any]) -> None:
        """`act`, for a button: the result shows on the status bar."""
        self.act(action)

    def _ask_dice(self, need: NeedDice, action: Mapping[str, Any]) -> None:
        request = need.request

        def typed(text: str) -> None:
            try:
                self.typed.type_in(text)
            except UserError as err:
                dialog.error = str(err)
                return
            self.dialog = None
            self.act(action, typed=True)

        def cancel() -> None:
            self.typed.done()
            self.typed.faces.clear()
            self.dialog = None
            self.say("cancelled: nothing changed")
            self.after_action()

        plural = "s" if request.count > 1 else ""
        dialog = Dialog(
            self.host.theme, "Your dice",
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
        """Ctrl+Z, Ctrl+Y, Ctrl+S, Ctrl+Shift+S, Ctrl+E, F1, and J once the fight is
        over; True if the key was one."""
        key, shift = event.key, event.mod & pygame.KMOD_SHIFT
        if keys.pressed(event, "Ctrl+E"):
            self.export_dialog()
            return True
        if keys.pressed(event, "Ctrl+Z") or keys.pressed(event, "Ctrl+Y"):
            undo = keys.pressed(event, "Ctrl+Z")
            steps = self.session.undo() if undo else -self.session.redo()
            self.after_undo()
            if self.session.unsaved is not None and steps:  # done, but not autosaved
                self.say(f"not autosaved: {in_words(self.session.unsaved)}", error=True)
                return True
            if steps > 0:
                self.say(f"undone: {steps} action{'s' if steps != 1 else ''}")
            elif steps < 0:
                self.say(f"redone: {-steps} action{'s' if steps != -1 else ''}")
            else:
                self.say("nothing to undo or redo", error=True)
            return True
        if keys.pressed(event, "J") and self.session.ruleset.is_over(self.session.state):
            from companion.ui.session.careers import careers_dialog

            careers_dialog(self)
            return True
        if keys.pressed(event, "Ctrl+S"):
            if keys.pressed(event, "Ctrl+Shift+S") or self.save_path is None:
                self.save_as_dialog()
            else:
                try:
                    self.save()
                except OSError as err:  # the folder went away, or is read-only now
                    self.say(f"cannot save: {in_words(err)}", error=True)
            return True
        # F1, and ? (Shift+/ on many keyboards) as well.
        if key in (pygame.K_F1, pygame.K_QUESTION) or (key == pygame.K_SLASH and shift):
            self.help_dialog()
            return True
        return False

    def dismiss(self) -> None:
        self.dialog = None

    def help_dialog(self) -> None:
        self.dialog = Dialog(self.host.theme, "Keys", list(self.help_lines),
                             [Choice("Close", pygame.K_ESCAPE, self.dismiss)], width=900)

    def save_as_dialog(self) -> None:
        def typed(text: str) -> None:
            try:
                self.save(save_path(text))
            except UserError as err:
                dialog.error = str(err)
                return
            except OSError as err:
                dialog.error = f"cannot save there: {in_words(err)}"
                return
            self.dialog = None

        default = str(self.save_path or Path.home() / self.default_file)
        dialog = Dialog(self.host.theme, "Save as", ["Type the file to save in, then Enter."],
                        [Choice("Cancel", pygame.K_ESCAPE, self.dismiss)],
                        field_hint="a file name, e.g. ~/bouts/saturday.json", on_text=typed,
                        submit="Save")
        assert dialog.text_field is not None
        dialog.text_field.text = default
        dialog.text_field.select_all()  # typing replaces it; the arrow keys keep it
        self.dialog = dialog

    def save(self, path: Path | None = None) -> None:
        path = path or self.save_path
        if path is None:
            self.save_as_dialog()
            return
        self.session.save(path)
        self.save_path = path
        self.session.own_file = path  # every change from now on is written there too
        self.host.remember_file(path)
        self.say(f"saved to {path}")

    # --- the report -------------------------------------------------------------------
    def export_dialog(self) -> None:
        """Choose a format: the report is written to a file, and copied to the
        clipboard where the system allows (the HTML page: a file only)."""
        from companion.reports.formats import FORMATS
        from companion.ui.reports.export import format_words, report_path

        # Each format on the key of its first letter (M, B, D, H), where not taken.
        taken: set[int] = {pygame.K_ESCAPE}
        choices = []
        for fmt in FORMATS:
            key: int | None = pygame.key.key_code(fmt[0]) if fmt[:1].isalpha() else None
            if key in taken:
                key = None
            if key is not None:
                taken.add(key)
            choices.append(Choice(format_words(fmt), key, partial(self.export, fmt)))
        where = report_path("markdown", self.save_path, self.unsaved_name()).parent
        saved = "beside its file" if self.save_path is not None else "in your reports folder"
        self.dialog = Dialog(
            self.host.theme, f"Export a report of this {self.noun}",
            [f"The report is written {saved} ({where}); the text formats are copied to "
             "the clipboard as well, ready to paste into a forum post or a chat."],
            [*choices, Choice("Cancel", pygame.K_ESCAPE, self.dismiss)], width=760)

    def export(self, fmt: str) -> None:
        from companion.ui.reports.export import export

        self.dialog = None
        try:
            done = export(self.session, fmt, self.save_path, self.unsaved_name())
        except UserError as err:
            self.say(f"cannot export: {err}", error=True)
            return
        except OSError as err:
            self.say(f"cannot write the report: {in_words(err)}", error=True)
            return
        self.say(done.words(fmt))

    def unsaved_name(self) -> str:
        """What an unsaved session's report is called: the name of the file it would
        be kept in (see kept_path), without its suffix."""
        return self.kept_path().stem

    def leave_dialog(self) -> None:
        """The way out of a game, to another or to the start screen."""
        self.dialog = Dialog(
            self.host.theme, f"Leave this {self.noun}?",
            [f"It is kept: the start screen resumes it, and lists it among the recent "
             f"files (\"{self.kept_path().name}\")."],
            [*self.way_out(), self.player_choice(),
             Choice(f"Back to the {self.noun}", pygame.K_ESCAPE, self.dismiss)])

    def player_choice(self) -> Choice:
        """The menu's way to open or close the player's window."""
        def toggle() -> None:
            self.dialog = None
            self.host.toggle_player_window()

        verb = "Close" if self.host.player_window_open else "Open"
        return Choice(f"{verb} the player's window", pygame.K_F6, toggle)

    def way_out(self) -> list[Choice]:
        """Another game or the start screen; the game left is kept first."""
        ruleset = self.session.ruleset.id
        return [Choice(f"Another {self.noun}, same gladiators", pygame.K_a,
                       self._kept(self.rematch)),
                Choice(f"Set up a new {self.noun}", pygame.K_n,
                       self._kept(lambda: self.host.show_setup(ruleset))),
                Choice("Start screen", pygame.K_s, self._kept(self.host.show_home))]

    def kept_path(self) -> Path:
        """Where a game left by the way out is kept, one file a game: the autosave
        holds the last game only, and the next one would take its place."""
        try:
            begun = datetime.fromisoformat(self.session.created).astimezone().strftime(
                "%d %b %Y %H.%M.%S")  # the player's own clock
        except ValueError:
            begun = "earlier"
        return paths.autosave_dir() / f"{self.noun} begun {begun}.json"

    def _kept(self, then: Callable[[], object]) -> Callable[[], None]:
        def go() -> None:
            if self.session.journal:
                path = self.kept_path()
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    self.session.save(path)
                except OSError as err:  # the game stays in the autosave all the same
                    self.say(f"cannot keep a copy: {in_words(err)}", error=True)
                else:
                    self.host.remember_file(path)
            then()
        return go

    def rematch(self) -> None:
        """Another session from the same setup, with the same kind of dice."""
        message = self.host.start_session(self.session.ruleset.id, self.session.setup,
                                          physical=self.physical)
        if message:
            self.say(message, error=True)

    # --- dialogs --------------------------------------------------------------------
    def handle_dialog(self, event: pygame.event.Event) -> bool:
        assert self.dialog is not None
        if self.dialog is self.end_dialog and event.type == pygame.KEYDOWN \
                and (keys.pressed(event, "Ctrl+Z") or keys.pressed(event, "Ctrl+Y")):
            self.dialog = None
            return self.undo_key(event)
        used = self.dialog.handle(event)
        if self.dialog is not None and self.dialog.closed:
            self.dialog = None
        if self.dialog is None:
            self.after_action()
        return used

    def draw_dialog(self, surface: pygame.Surface) -> None:
        if self.dialog is not None:
            self.dialog.draw(surface)
