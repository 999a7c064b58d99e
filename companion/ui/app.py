"""The app window and its event loop: a screen on the left (a set-up screen, or one
that plays a session), the tabbed panel on the right, the status bar below.

The window names no game: the registry says which screens play which rule system,
and screens reach the window only through `companion.ui.host.Host`.

Starting, opening and resuming sessions is `companion.ui.sessions`; the tables and the
settings are `companion.ui.library`. One long module still: the window's loop, its
guards, its panels and dialogs, the player's window and the status bar are one frame's
work, and each reads what the others left on it."""

from __future__ import annotations

import contextlib
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from companion import APP_NAME
from companion.errors import UserError
from companion.files.settings import Settings
from companion.session.autosaver import Autosaver
from companion.ui import registry
from companion.ui.events import AI_STEP, ANIMATE
from companion.ui.fit import Layer, widget_at
from companion.ui.host import Screen, SystemScreens, session_of
from companion.ui.library import Library
from companion.ui.sessions import Sessions
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Ink, Label, wrap
from companion.ui.widgets.intro_panel import IntroPanel
from companion.ui.widgets.retained import Soil
from companion.ui.widgets.side_panel import PanelView, SidePanel

if TYPE_CHECKING:
    from collections.abc import Callable

    from companion.core.hexgrid import Board, Hex
    from companion.dice.rolls import Roll
    from companion.dice.sources import DiceSource
    from companion.tables.loader import TableSet
    from companion.ui.player.window import PlayerWindow
    from companion.ui.widgets.board_view import BoardView
    from companion.ui.widgets.dialogs import Dialog

DEFAULT_SIZE = (1280, 800)
MINIMUM_SIZE = (1024, 640)
# The least room, in pixels at 100 %, that every screen is laid out to fit. The UI
# scale chosen is used whole when the window holds this much at that scale, and
# lowered to what it holds otherwise (200 % needs 1920x1080), never below 100 %.
CANVAS = (960, 540)
OPENING_SHARE = 0.85  # of the display, for the first opening
PANEL_FRACTION = 0.38  # of the window's width, for the right-hand panel
TAB_KEYS = {pygame.K_F2: 0, pygame.K_F3: 1, pygame.K_F4: 2, pygame.K_F5: 3}
PLAYER_KEY = pygame.K_F6  # opens and closes the player's window (companion.ui.player.window)
IDLE_AFTER = 2.0  # seconds without an event before the loop naps instead of waiting
IDLE_NAP = 0.02


def opening_size(saved: tuple[int, int] | None,
                 desktops: list[tuple[int, int]]) -> tuple[int, int]:
    """The window's size when it opens: the size it had when it last closed, or a good
    share of the display; within the display, and never below the minimum."""
    display = desktops[0] if desktops else DEFAULT_SIZE
    if saved is None:
        saved = (round(display[0] * OPENING_SHARE), round(display[1] * OPENING_SHARE))
    return (max(MINIMUM_SIZE[0], min(saved[0], display[0])),
            max(MINIMUM_SIZE[1], min(saved[1], display[1])))


def fitted_scale(chosen: float, size: tuple[int, int]) -> float:
    """The UI scale a window of `size` holds (see CANVAS): the one chosen, or less."""
    room = min(size[0] / CANVAS[0], size[1] / CANVAS[1])
    return max(1.0, min(chosen, round(room, 2)))


class App:
    def __init__(self, size: tuple[int, int] | None = DEFAULT_SIZE,
                 scale: float | None = None) -> None:
        """`size` None: the size that suits the display, or the one the window had when
        it last closed, which it remembers again when it closes."""
        # Only the modules the app uses: the mixer would wake the sound system.
        pygame.display.init()
        pygame.font.init()
        self.library = Library()
        self.remember_size = size is None
        if size is None:
            size = opening_size(self.settings.window_size, pygame.display.get_desktop_sizes())
        self.window = pygame.Window(APP_NAME, size, resizable=True)
        self.window.minimum_size = MINIMUM_SIZE
        self.chosen_scale = self.settings.ui_scale if scale is None else scale
        self.theme = Theme(scale=fitted_scale(self.chosen_scale, size))
        # The arena and its view are made when a screen first shows the board: the
        # start screen does not (see `board`, `board_view`).
        self._board: Board | None = None
        self._board_view: BoardView | None = None
        self.hover: Hex | None = None
        self._dice: DiceSource | None = None
        self.screen: Screen | None = None
        self.dialog: Dialog | None = None
        self.physical = False  # the kind of dice the last session was played with
        self.running = True
        self.frames_drawn = 0
        # Where each frame drew besides the parts kept drawn, for them to mend.
        self.soil = Soil()
        # The character of the last key pressed as a shortcut, until its TEXTINPUT
        # comes (see _shortcut_twin).
        self._shortcut_text = ""
        self.mouse: tuple[int, int] | None = None  # where the pointer last moved to
        self.note = ""  # the window's own word on the status bar, until the next input
        self._tip: object = None  # what the pointer was last on (a Fit), to redraw on change
        self.status_ink = Ink(self.theme)
        # The tools' rolls while no session is open (a session keeps its own).
        self.loose_rolls: list[Roll] = []
        self.player: PlayerWindow | None = None  # the players' second window, when open
        self._give_back_focus = False  # the player's window opened, not yet focused
        # The errors the last guard wrote to the crash log this run, by kind and place:
        # one that comes back on every frame is written down once.
        self._logged: set[tuple[str, str]] = set()
        self.sessions = Sessions(self)
        self._build()

    # Dice, tables and the rules load on first use, after the window has shown.
    @property
    def dice(self) -> DiceSource:
        """The table-side tools' dice (the tray, the table browser)."""
        if self._dice is None:
            from companion.dice.sources import SeededDice

            self._dice = SeededDice(None)
        return self._dice

    @dice.setter
    def dice(self, dice: DiceSource) -> None:
        self._dice = dice

    # The tables and the settings are the library's; the sessions, their controller's.
    @property
    def settings(self) -> Settings:
        return self.library.settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        self.library.settings = settings

    @property
    def tables(self) -> TableSet:
        return self.library.tables

    def raw_entries(self, table_id: str) -> list[dict[str, Any]]:
        return self.library.raw_entries(table_id)

    def table_problems(self) -> list[str]:
        return self.library.table_problems()

    @property
    def autosaver(self) -> Autosaver:
        return self.sessions.autosaver

    @property
    def board(self) -> Board:
        if self._board is None:
            from companion.core.hexgrid import Board

            self._board = Board()
        return self._board

    @property
    def board_view(self) -> BoardView:
        if self._board_view is None:
            from companion.ui.widgets.board_view import BoardView

            self._board_view = BoardView(self.board, self.theme)
            self._board_view.set_rect(self.left_rect)
        return self._board_view

    def systems(self) -> list[SystemScreens]:
        return registry.systems()

    def log_in_sight(self) -> bool:
        return self.panel.active == 0

    def _build(self) -> None:
        """Everything that depends on the UI scale (made again when it changes)."""
        self._board_view = None  # made again, at the new scale, when next shown
        self.panel = SidePanel(
            self.theme,
            [
                ("Arena", "F2", self._make_first_tab),
                ("Dice", "F3", self._make_tray),
                ("Tables", "F4", self._make_browser),
                ("Rolls", "F5", self._make_roll_log),
            ],
        )
        if self.screen is not None:
            self.screen.rescale()
        self._relayout()

    # --- layout -------------------------------------------------------------------
    def _relayout(self) -> None:
        scale = fitted_scale(self.chosen_scale, self.window.size)
        if scale != self.theme.scale:
            self._rescale(scale)  # lays out again, at the new scale
            return
        width, height = self.window.size
        status_h = self.theme.px(36)
        panel_w = max(self.theme.px(380), round(width * PANEL_FRACTION))
        panel_w = min(panel_w, width // 2)
        self.status_rect = pygame.Rect(0, height - status_h, width, status_h)
        self.panel_rect = pygame.Rect(width - panel_w, 0, panel_w, height - status_h)
        self.left_rect = pygame.Rect(0, 0, width - panel_w, height - status_h)
        if self._board_view is not None:
            self._board_view.set_rect(self.left_rect)
        self.panel.layout(self.panel_rect)
        if self.screen is not None:
            self.screen.layout(self.left_rect)

    def _make_first_tab(self) -> PanelView:
        view = self.screen.panel() if self.screen is not None else None
        return view if view is not None else IntroPanel(self.theme, "Gladiators", [
            "No gladiators in the arena yet. Set up a game on the left; the dice tray (F3) "
            "and the tables (F4) work without one."])

    def _make_tray(self) -> PanelView:
        from companion.ui.tools.dice_tray import DiceTray
        from companion.ui.tools.tool_rolls import tray_roll

        tray = DiceTray(self.theme, self.dice)
        tray.on_roll = lambda result, luck: self._note_rolls([tray_roll(result, luck)])
        return tray

    def _make_browser(self) -> PanelView:
        from companion.ui.tools.table_browser import TableBrowser
        from companion.ui.tools.tool_rolls import table_rolls

        browser = TableBrowser(self.theme, self.tables, self.dice, self._apply_targets,
                               self._apply_entry)
        browser.on_roll = lambda outcome: self._note_rolls(table_rolls(outcome))
        return browser

    def _make_roll_log(self) -> PanelView:
        from companion.ui.tools.roll_log import RollLog

        return RollLog(self.theme, self._rolls)

    def _rolls(self) -> list[Roll]:
        session = session_of(self.screen) if self.screen is not None else None
        return session.rolls if session is not None else self.loose_rolls

    def _note_rolls(self, rolls: list[Roll]) -> None:
        """A tool's rolls go with the session played, so that they are saved with it."""
        session = session_of(self.screen) if self.screen is not None else None
        for roll in rolls:
            if session is not None:
                session.note_roll(roll)
            else:
                self.loose_rolls.append(roll)
        if session is not None and session.unsaved is not None:
            from companion.files.pathwords import in_words

            self.note = f"the roll is kept, not autosaved: {in_words(session.unsaved)}"

    def _apply_targets(self) -> list[tuple[str, str]]:
        return self.screen.apply_targets() if self.screen is not None else []

    def _apply_entry(self, who: str, table_id: str, keys: list[Any], sub_key: int | None) -> str:
        if self.screen is None:
            raise UserError("start a session to apply table entries")
        return self.screen.apply_entry(who, table_id, keys, sub_key)

    # --- screens ------------------------------------------------------------------
    def set_screen(self, screen: Screen) -> None:
        if self.screen is not None:
            self.screen.close()
        self._stop_timers()
        self.screen = screen
        self.hover = None
        if self._board_view is not None:  # whatever the screen before made of it
            self._board_view.set_rect(self.left_rect)
        screen.layout(self.left_rect)
        self.panel.views.pop(0, None)
        self.panel.show(0)

    def show_home(self) -> None:
        """The first system's set-up screen, which offers the others."""
        # The user may have changed his tables since: read them again if he has.
        self.library.read_again_if_changed()
        self.show_setup(self.systems()[0].ruleset)

    def show_setup(self, ruleset_id: str) -> None:
        cls = registry.load(registry.screens_for(ruleset_id).setup)
        self.set_screen(cls(self))

    def start_session(self, ruleset_id: str, setup: dict[str, Any], *,
                      seed: int | None = None, physical: bool = False,
                      dice: DiceSource | None = None) -> str | None:
        return self.sessions.start(ruleset_id, setup, seed=seed, physical=physical,
                                   dice=dice)

    def autosave_path(self) -> Path:
        return self.sessions.autosave_path()

    def can_resume(self) -> bool:
        return self.sessions.can_resume()

    def resume(self) -> None:
        self.sessions.resume()

    def open_file(self, path: Path, remember: bool = True) -> None:
        self.sessions.open_file(path, remember)

    def open_dialog(self) -> None:
        self.sessions.open_dialog()

    def show_message(self, title: str, text: str) -> None:
        from companion.ui.widgets.dialogs import Choice, Dialog

        self.dialog = Dialog(self.theme, title, [text],
                             [Choice("OK", pygame.K_RETURN, self.close_dialog)])

    def show_keys(self, lines: list[str]) -> None:
        from companion.ui.widgets.dialogs import Choice, Dialog

        self.dialog = Dialog(self.theme, "Keys", lines,
                             [Choice("Close", pygame.K_ESCAPE, self.close_dialog)], width=900)

    def close_dialog(self) -> None:
        self.dialog = None

    # --- the player's window ------------------------------------------------------
    @property
    def player_window_open(self) -> bool:
        return self.player is not None

    def toggle_player_window(self) -> None:
        """Open the player's window where it was last, or close it."""
        if self.player is not None:
            self.close_player_window()
            return
        from companion.ui.player.window import PlayerWindow

        try:
            self.player = PlayerWindow(self.settings, MINIMUM_SIZE, fitted_scale)
        except pygame.error as err:
            self.note = f"cannot open the player's window: {err}"
            return
        self.player.draw(self.screen)
        # The new window may have taken the keyboard: the GM's keys stay his. A window
        # manager may give it the focus later, when it maps it: taken back then too.
        self._give_back_focus = True
        self._focus_gm()
        self.note = "the player's window is open: F6 closes it"

    def _focus_gm(self) -> None:
        with contextlib.suppress(pygame.error):
            self.window.focus()

    def close_player_window(self) -> None:
        player, self.player = self.player, None
        if player is None:
            return
        self.settings = player.kept(self.settings)
        self._save_settings()
        player.close()

    def _player_event(self, event: pygame.event.Event) -> bool:
        """One of the player's window's own events: never the GM's screen's."""
        player = self.player
        assert player is not None
        if event.type == pygame.WINDOWFOCUSGAINED and self._give_back_focus:
            self._give_back_focus = False  # once: a click of his there later is his
            self._focus_gm()
            return False
        ctrl = event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_q:
            self.running = False
            return False
        if player.handle(event):
            player.draw(self.screen)
        if player.closed:
            self.close_player_window()
        elif event.type == pygame.KEYDOWN and player.note:
            self.note = player.note
            return True
        return False

    def remember_file(self, path: Path) -> None:
        self.library.remember_file(path)

    def _save_settings(self) -> None:
        self.library.save_settings()

    def cycle_scale(self) -> None:
        self.settings = self.settings.next_scale()
        self._save_settings()
        self.chosen_scale = self.settings.ui_scale
        self._rescale(fitted_scale(self.chosen_scale, self.window.size))
        self.note = self.scale_note() or f"UI scale {round(self.theme.scale * 100)} %"

    def scale_note(self) -> str:
        """What the status bar says of a scale lowered to fit the window."""
        if self.theme.scale >= self.chosen_scale:
            return ""
        return (f"UI scale {round(self.chosen_scale * 100)} % needs a larger window: "
                f"{round(self.theme.scale * 100)} % shown")

    def _rescale(self, scale: float) -> None:
        self.theme.set_scale(scale)
        active, views = self.panel.active, self.panel.views
        self._build()
        self.panel.views, self.panel.active = views, active
        self.panel.layout(self.panel_rect)

    def _stop_timers(self) -> None:
        pygame.time.set_timer(AI_STEP, 0)
        pygame.time.set_timer(ANIMATE, 0)

    # --- loop ---------------------------------------------------------------------
    def run(self, frames: int | None = None,
            started: Callable[[], None] | None = None) -> int:
        """Run until closed; with `frames`, stop after drawing that many frames. The
        first frame shows the empty window; the start screen is made after it (it reads
        the user's folders), so `frames=2` is a whole start-up.

        While things happen it sleeps in `pygame.event.wait()`. pygame-ce's wait polls
        inside (about 4% of a core, measured), so after IDLE_AFTER seconds without an
        event it naps in IDLE_NAP steps instead (under 1%), still answering within
        a frame or two. `started` is called once the start screen has been drawn.
        """
        dirty = True
        last_event = time.monotonic()
        while self.running:
            if dirty:
                if self.screen is None:
                    self._draw_opening()  # show_home makes the start screen just below
                else:
                    self._draw_guarded()
                    if started is not None:
                        started()
                        started = None
                dirty = False
                if frames is not None and self.frames_drawn >= frames:
                    break
            if self.screen is None:
                self.show_home()  # after the first frame: the window shows at once
                dirty = True
                continue
            events = pygame.event.get()
            if not events:
                if time.monotonic() - last_event > IDLE_AFTER:
                    time.sleep(IDLE_NAP)
                    continue
                event = pygame.event.wait(250)
                if event.type == pygame.NOEVENT:
                    continue
                events = [event]
            last_event = time.monotonic()
            for event in events:
                dirty = self._handle_guarded(event) or dirty
        return 0

    # --- the last guard -----------------------------------------------------------------
    def _handle_guarded(self, event: pygame.event.Event) -> bool:
        try:
            return self.handle(event)
        except Exception as err:  # the last guard: whatever it is, the window goes on
            self._survive(err, f"handling {pygame.event.event_name(event.type)} "
                               f"{event.dict}")
            return True

    def _draw_guarded(self) -> None:
        try:
            self.draw()
        except Exception as err:  # the last guard: whatever it is, the window goes on
            self._survive(err, f"drawing {type(self.screen).__name__}")
            # A screen that cannot be drawn would fail again on every frame: the start
            # screen takes its place (a game played is in the autosave), drawn at once.
            self.dialog = None
            try:
                self.show_home()
                self.draw()
            except Exception as again:  # then the next event tries again
                self._survive(again, "showing the start screen")

    def _survive(self, err: Exception, doing: str) -> None:
        """An error nothing else caught: written to the crash log (once a run for each
        kind and place) and said in the status bar."""
        from companion.files.crashlog import crash_log_path, record, shown_home

        frames = traceback.extract_tb(err.__traceback__)
        key = (type(err).__name__, f"{frames[-1].filename}:{frames[-1].lineno}"
               if frames else "")
        log: Path | None = crash_log_path()
        if key not in self._logged:
            self._logged.add(key)
            log = record(err, doing)
        where = f"written to {shown_home(log)}" if log is not None \
            else "the crash log could not be written"
        self.note = f"That did not work: an error in the app ({where})."

    @property
    def typing(self) -> bool:
        """A text field has the keyboard: the one of whatever takes the keys now."""
        if self.dialog is not None:
            return self.dialog.typing
        screen = self.screen
        if screen is not None and screen.modal:
            return screen.typing
        return (screen is not None and screen.typing) or self.panel.typing

    def _shortcut_twin(self, event: pygame.event.Event) -> bool:
        """True for the TEXTINPUT of a key just pressed as a shortcut. SDL sends a
        printable key's character as TEXTINPUT right after its KEYDOWN. When no field
        had the keyboard, the key was a shortcut, and its character is not typing,
        even if the shortcut opened a field (O: the open dialog; physical dice: the
        dice dialog) or moved the focus to one. Any other TEXTINPUT is typing: an
        input method's, a paste's, with no key press before it."""
        kind = event.type
        if kind == pygame.KEYDOWN:
            text = getattr(event, "unicode", "")
            self._shortcut_text = text if text and text.isprintable() and not self.typing \
                else ""
            return False
        if kind == pygame.TEXTINPUT:
            twin = bool(self._shortcut_text) and event.text == self._shortcut_text
            self._shortcut_text = ""
            return twin
        if kind in (pygame.KEYUP, pygame.TEXTEDITING, pygame.MOUSEBUTTONDOWN):
            self._shortcut_text = ""
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        """Act on one event; True when the screen must be redrawn."""
        if self.player is not None and getattr(event, "window", None) is self.player.window:
            return self._player_event(event)
        if self._shortcut_twin(event):
            return False
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            self.running = False
            return False
        ctrl = event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_q:
            self.running = False
            return False
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            lowered = self.note.startswith("UI scale ") and "needs a larger window" in self.note
            self._relayout()
            if lowered:  # the word on the scale follows the window: gone once it fits
                self.note = self.scale_note()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.note = ""
        if self.dialog is not None:
            self.dialog.handle(event)
            return True
        if event.type == pygame.KEYDOWN and event.key in TAB_KEYS:
            # The tab's view may put the cursor in its field (F3 the dice, F4 the
            # tables): then every key typed goes there, and nowhere else.
            self.panel.show(TAB_KEYS[event.key])
            if self.panel.typing and self.screen is not None:
                self.screen.unfocus()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F9:
            self.cycle_scale()
            return True
        if event.type == pygame.KEYDOWN and event.key == PLAYER_KEY:
            self.toggle_player_window()
            return True
        screen = self.screen
        if event.type == pygame.MOUSEMOTION:
            on_board = screen is not None and screen.uses_board
            hover = self.board_view.hex_at(event.pos) if on_board else None
            changed = hover != self.hover
            self.hover = hover
            # A drag on the board follows the pointer; the hover shows on any move.
            dragged = screen is not None and not screen.modal and screen.handle(event)
            tip = widget_at(self.layers(), event.pos)
            tip_changed = tip != self._tip
            self._tip = tip
            return changed or dragged or self.panel.handle(event) or tip_changed
        if screen is not None and screen.modal:
            return screen.handle(event)
        left_typing = screen is not None and screen.typing
        # A wheel turn comes without a place: it is where the mouse is.
        pos = pygame.mouse.get_pos() if event.type == pygame.MOUSEWHEEL else \
            getattr(event, "pos", None)
        on_panel = pos is not None and self.panel_rect.collidepoint(pos)
        text = event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING)
        to_panel = on_panel or self.panel.typing or (text and not left_typing)
        if to_panel and self.panel.handle(event):
            return True
        if screen is not None:
            return screen.handle(event)
        return False

    # --- drawing ------------------------------------------------------------------
    def _draw_opening(self) -> None:
        """The first frame of a start, before the start screen is made: the window, at
        once, in the app's colour. (The empty arena and the panel drawn there, to be
        covered a few milliseconds later, had cost every start ~10 ms.)"""
        surface = self.window.get_surface()
        self.soil.new_frame()
        surface.fill(self.theme.palette.background)
        self.soil.add(surface.get_rect())  # over anything kept drawn
        self.window.flip()
        self.frames_drawn += 1

    def draw(self) -> None:
        unsaved = self.autosaver.failure()
        if unsaved is not None:
            from companion.files.pathwords import in_words

            self.note = f"not autosaved: {in_words(unsaved)}"
        surface = self.window.get_surface()
        soil = self.soil
        soil.new_frame()
        # No fill: the left area, the panel and the status bar cover the window.
        if self.screen is not None:
            self.screen.draw(surface, self.hover)
            # A screen that says where it drew does so itself (see Soil); one that
            # does not may have drawn anywhere.
            if not getattr(self.screen, "reports_soil", False):
                soil.add(surface.get_rect())
        else:
            self.board_view.draw(surface, self.hover)
            soil.add(self.left_rect)
        self.panel.draw(surface, soil)
        self._draw_status(surface)
        soil.add(self.status_rect)
        dialogs = self.dialog is not None or getattr(self.screen, "dialog", None) is not None
        if self.screen is not None:
            self.screen.draw_dialog(surface)
        if self.dialog is not None:
            self.dialog.draw(surface)
        if dialogs:  # seldom open, and drawn anywhere: the whole window counts
            soil.add(surface.get_rect())
        tip = self._draw_hover(surface)
        if tip is not None:
            soil.add(tip)
        self.window.flip()
        self.frames_drawn += 1
        if self.player is not None:
            self.player.draw(self.screen)

    def layers(self) -> list[Layer]:
        """What was drawn last, area by area, as the fit check and the hover ask it."""
        found = [Layer("screen", self.left_rect,
                       self.screen.widgets() if self.screen is not None else []),
                 Layer("panel", self.panel_rect, self.panel.widgets()),
                 Layer("status", self.status_rect, list(self.status_ink.drawn))]
        areas = getattr(self.screen, "areas", None)
        if areas is not None:
            found += [Layer(name, area, widgets) for name, area, widgets in areas()]
        for dialog in (getattr(self.screen, "dialog", None), self.dialog):
            widgets = getattr(dialog, "widgets", None)
            if dialog is not None and widgets is not None:
                found.append(Layer("dialog", pygame.Rect(dialog.rect), widgets()))
        return found

    def _draw_hover(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The whole of a text shown shortened, while the mouse is on it; the box it
        drew, if it did."""
        if self.mouse is None:
            return None
        fit = widget_at(self.layers(), self.mouse)
        if fit is None or not fit.shortened or not fit.text:
            return None
        pal, px = self.theme.palette, self.theme.px
        font = self.theme.fonts.get(18)
        width = min(px(520), surface.get_width() - px(20))
        lines = wrap(fit.text, font, width - px(16))
        box = pygame.Rect(0, 0, max(font.size(line)[0] for line in lines) + px(16),
                          len(lines) * font.get_linesize() + px(10))
        box.topleft = (self.mouse[0] + px(14), self.mouse[1] + px(18))
        box.clamp_ip(surface.get_rect())
        if box.collidepoint(self.mouse):  # never under the pointer: above it instead
            box.bottom = self.mouse[1] - px(6)
            box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, pal.field, box, border_radius=px(4))
        pygame.draw.rect(surface, pal.hover, box, 1, border_radius=px(4))
        y = box.y + px(5)
        for line in lines:
            surface.blit(font.render(line, True, pal.text), (box.x + px(8), y))
            y += font.get_linesize()
        return box

    def _draw_status(self, surface: pygame.Surface) -> None:
        pal, px = self.theme.palette, self.theme.px
        ink = self.status_ink
        ink.clear()
        pygame.draw.rect(surface, pal.status, self.status_rect)
        rect = self.status_rect
        x = px(14)
        right = rect.right - px(14)
        height = rect.height
        if self.hover is not None:
            where = Label(self.theme, self.board.to_label(self.hover), 18, colour=pal.hover)
            where.place(x, rect.y, None, height)
            ink.label(surface, where)
            x = where.rect.right + px(16)
        screen = self.screen
        hint = screen.status() if screen is not None else "F2 arena  F3 dice  F4 tables  " \
            "F5 rolls  Ctrl+Q quit"
        hint = self.note or hint
        label = Label(self.theme, hint, 18, short=fewer_parts(hint))
        # A set-up screen shows its own messages; a session's go to the status bar.
        if screen is not None and session_of(screen) is not None and screen.message:
            colour = pal.bad if screen.message_is_error else pal.good
            msg = Label(self.theme, screen.message, 18, colour=colour, elide=True)
            # What happened comes first (what is due is on the screen's buttons too):
            # all the room but the hint's F1 part, when it needs it.
            parts = hint.split("  ")
            last = parts[-1]
            if last.startswith("F1") and last != hint:
                # The turn, where the hint begins with it, stays to the last.
                turn = [parts[0]] if parts[0].startswith("Turn ") and len(parts) > 1 else []
                least_form = "  ".join([*turn, last])
                if least_form not in label.short:
                    label.short = (*label.short, least_form)
            least = label.font.size((label.short or (hint,))[-1])[0]
            msg.place(x, rect.y, max(rect.width // 2, right - x - least - px(24)), height)
            ink.label(surface, msg)
            x = msg.rect.right + px(24)
        label.place(x, rect.y, max(0, right - x), height)
        ink.label(surface, label)

    def close(self) -> None:
        self.autosaver.close()
        if self.remember_size:
            self.settings = self.settings.with_window_size(self.window.size)
            self._save_settings()
        self.close_player_window()
        if self.screen is not None:
            self.screen.close()
        self._stop_timers()
        self.window.destroy()
        pygame.font.quit()
        pygame.display.quit()


def fewer_parts(hint: str) -> tuple[str, ...]:
    """A status hint's shorter forms: its parts (two spaces apart, "Enter start  R
    resume  F1 keys") dropped from the end one by one, the F1 part kept last, as
    long as one part is left; a first part that names the turn ("Turn 3") is kept
    with it to the end, so that a short bar still says which turn it is."""
    parts = hint.split("  ")
    keep = [p for p in parts[-1:] if p.startswith("F1")]
    body = parts[:-1] if keep else parts
    lead = body[:1] if body and body[0].startswith("Turn ") and len(body) > 1 else []
    body = body[len(lead):]
    return tuple("  ".join(lead + body[:n] + keep)
                 for n in range(len(body) - 1, -1 if lead else 0, -1))
