"""The app window and its event loop: the start screen or the arena on the left, the
tabbed panel on the right, the status bar below."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from companion import APP_NAME, paths
from companion.errors import UserError
from companion.hexgrid import Board, Hex
from companion.settings import Settings, load_settings, save_settings
from companion.ui.board_view import BoardView
from companion.ui.events import AI_STEP, ANIMATE
from companion.ui.side_panel import PanelView, SidePanel
from companion.ui.theme import Theme
from companion.ui.widgets import draw_text, ellipsize

if TYPE_CHECKING:
    from companion.dice import DiceSource
    from companion.session import Session
    from companion.ui.arena_screen import ArenaScreen
    from companion.ui.dialogs import Dialog
    from companion.ui.duel_screen import DuelScreen
    from companion.ui.start_screen import StartScreen

DEFAULT_SIZE = (1280, 800)
MINIMUM_SIZE = (1024, 640)
PANEL_FRACTION = 0.38  # of the window's width, for the right-hand panel
TAB_KEYS = {pygame.K_F2: 0, pygame.K_F3: 1, pygame.K_F4: 2}
AUTOSAVE_NAME = "last-session.json"
IDLE_AFTER = 2.0  # seconds without an event before the loop naps instead of waiting
IDLE_NAP = 0.02


class App:
    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, scale: float | None = None) -> None:
        # Only the modules the app uses: the mixer would wake the sound system.
        pygame.display.init()
        pygame.font.init()
        self.settings: Settings = load_settings()
        self.window = pygame.Window(APP_NAME, size, resizable=True)
        self.window.minimum_size = MINIMUM_SIZE
        self.theme = Theme(scale=self.settings.ui_scale if scale is None else scale)
        self.board = Board()
        self.hover: Hex | None = None
        self._dice: DiceSource | None = None
        # The left area shows one of: the start screen, the battle set-up, the arena of
        # a skirmish or a battle-system duel. Each says which by its `kind`.
        self.left: Any = None
        self.dialog: Dialog | None = None
        self.last_setup: dict[str, Any] | None = None
        self.last_physical = False
        self.running = True
        self.frames_drawn = 0
        self._build()

    # Dice, dialogs and the rules load on first use, after the window has shown.
    @property
    def dice(self) -> DiceSource:
        if self._dice is None:
            from companion.dice import SeededDice

            self._dice = SeededDice(None)
        return self._dice

    @dice.setter
    def dice(self, dice: DiceSource) -> None:
        self._dice = dice

    def _build(self) -> None:
        """Everything that depends on the UI scale (made again when it changes)."""
        self.board_view = BoardView(self.board, self.theme)
        self.panel = SidePanel(
            self.theme,
            [
                ("Arena", "F2", self._make_arena_panel),
                ("Dice", "F3", self._make_tray),
                ("Tables", "F4", self._make_browser),
            ],
        )
        if self.arena is not None:
            from companion.ui.arena_board import ArenaBoard

            self.arena.board = ArenaBoard(self.board_view, self.theme)
        self._relayout()

    def _left(self, kind: str) -> Any:
        return self.left if getattr(self.left, "kind", None) == kind else None

    @property
    def start(self) -> StartScreen | None:
        return self._left("start")

    @property
    def arena(self) -> ArenaScreen | None:
        return self._left("arena")

    @property
    def duel(self) -> DuelScreen | None:
        return self._left("duel")

    @property
    def session_screen(self) -> ArenaScreen | DuelScreen | None:
        return self.arena or self.duel

    # --- layout -------------------------------------------------------------------
    def _relayout(self) -> None:
        width, height = self.window.size
        status_h = self.theme.px(36)
        panel_w = max(self.theme.px(360), round(width * PANEL_FRACTION))
        panel_w = min(panel_w, width // 2)
        self.status_rect = pygame.Rect(0, height - status_h, width, status_h)
        self.panel_rect = pygame.Rect(width - panel_w, 0, panel_w, height - status_h)
        self.left_rect = pygame.Rect(0, 0, width - panel_w, height - status_h)
        self.board_view.set_rect(self.left_rect)
        self.panel.layout(self.panel_rect)
        if hasattr(self.left, "layout"):
            self.left.layout(self.left_rect)

    def _make_arena_panel(self) -> PanelView:
        if self.arena is not None:
            from companion.ui.arena_panel import ArenaPanel

            return ArenaPanel(self.theme, self.arena)
        if self.duel is not None:
            from companion.ui.log_panel import LogPanel

            return LogPanel(self.theme, self.duel)
        return ArenaIntro(self.theme)

    def _make_tray(self) -> PanelView:
        from companion.ui.dice_tray import DiceTray

        return DiceTray(self.theme, self.dice)

    def _make_browser(self) -> PanelView:
        # Tables load on first use: opening the window does not wait for them.
        from companion.tables.loader import load_tables
        from companion.ui.table_browser import TableBrowser

        return TableBrowser(self.theme, load_tables(), self.dice, self.apply_targets,
                            self.apply_entry)

    def apply_targets(self) -> list[tuple[str, str]]:
        """Who a table entry can be applied to now: the duel's two gladiators."""
        if self.duel is None:
            return []
        return [(side, f.name) for side, f in self.duel.state.fighters.items()]

    def apply_entry(self, who: str, table_id: str, keys: list[Any], sub_key: int | None) -> str:
        """Apply a table entry to a gladiator through the session (logged, undoable)."""
        duel = self.duel
        if duel is None:
            raise UserError("start a battle-system duel or trackers to apply entries")
        action = {"type": "apply_entry", "who": who, "table": table_id, "keys": keys,
                  "sub_key": sub_key}
        if not duel.act(action):
            raise UserError(duel.message)
        return duel.message

    # --- screens ------------------------------------------------------------------
    def _set_left(self, left: Any) -> None:
        self._stop_timers()
        self.left = left
        self.hover = None
        if hasattr(left, "layout"):
            left.layout(self.left_rect)
        self.panel.views.pop(0, None)
        self.panel.show(0)

    def show_start(self) -> None:
        from companion.rulesets.skirmish.kits import saved_kits
        from companion.tables.loader import load_tables
        from companion.ui.start_screen import StartScreen

        table = load_tables().get("skirmish-types")
        choices = [(e.name, {"type": str(e.key)}) for e in table.entries]  # type: ignore
        kits, problems = saved_kits()
        choices += [(f"{k.name} (kit)", {"kit": k.kit, "name": k.name}) for k in kits]
        start = StartScreen(self, choices)
        if problems:
            start.message = "skipped a broken kit file: " + "; ".join(problems)
        start.set_recent(self.settings.recent_files)
        self._set_left(start)

    def show_battle_start(self) -> None:
        from companion.ui.battle_start import BattleStart

        self._set_left(BattleStart(self))

    def _show_session(self, session: Session, dice: DiceSource, path: Path | None) -> None:
        session.autosave_path = self.autosave_path()
        self.dice = dice
        if session.ruleset.id == "skirmish":
            from companion.ui.arena_screen import ArenaScreen

            screen: Any = ArenaScreen(self, session, dice, path)
        else:
            from companion.ui.duel_screen import DuelScreen

            screen = DuelScreen(self, session, dice, path)
        self._set_left(screen)
        screen.after_action()

    def _new_session(self, ruleset: str, setup: dict[str, Any], seed: int | None,
                     physical: bool, dice: DiceSource | None) -> Session | str:
        from companion.dice import SeededDice
        from companion.physical_dice import PhysicalDice
        from companion.rulesets import get_ruleset
        from companion.session import Session

        if dice is None:
            dice = PhysicalDice() if physical else SeededDice(seed)
        try:
            session = Session(get_ruleset(ruleset), setup)
        except UserError as err:
            return str(err)
        self._show_session(session, dice, None)
        return session

    def new_bout(self, setup: dict[str, Any], seed: int | None = None,
                 physical: bool = False, dice: DiceSource | None = None) -> str | None:
        """Start a skirmish from a scenario; a message if the scenario is refused.
        `dice` overrides the choice of seeded or physical dice (tests script them)."""
        made = self._new_session("skirmish", setup, seed, physical, dice)
        if isinstance(made, str):
            return made
        self.last_setup, self.last_physical = setup, physical
        assert self.arena is not None
        self.arena.act({"type": "start"})
        return None

    def new_duel(self, setup: dict[str, Any], seed: int | None = None,
                 physical: bool = False, dice: DiceSource | None = None) -> str | None:
        """Start a battle-system duel (or trackers) from two sheets."""
        from datetime import UTC, datetime

        setup = {**setup, "options": {"started": datetime.now(UTC).isoformat(timespec="seconds")}}
        made = self._new_session("battle", setup, seed, physical, dice)
        return made if isinstance(made, str) else None

    def rematch(self) -> None:
        if self.last_setup is None:
            self.show_start()
        else:
            self.new_bout(self.last_setup, physical=self.last_physical)

    def autosave_path(self) -> Path:
        """One autosave: the session last played, whichever rules it uses."""
        return paths.autosave_dir() / AUTOSAVE_NAME

    def can_resume(self) -> bool:
        return self.autosave_path().is_file()

    def resume(self) -> None:
        self.open_file(self.autosave_path(), remember=False)

    def open_file(self, path: Path, remember: bool = True) -> None:
        from companion.dice import SeededDice
        from companion.physical_dice import PhysicalDice
        from companion.rulesets import get_ruleset
        from companion.session import load_session

        try:
            session = load_session(path, get_ruleset)
        except UserError as err:
            self.show_message("Cannot open that file", str(err))
            return
        if session.ruleset.id == "skirmish":
            self.last_setup = session.setup
        physical = isinstance(self.dice, PhysicalDice)
        self._show_session(session, PhysicalDice() if physical else SeededDice(None),
                           None if not remember else path)
        if remember:
            self.remember_file(path)

    def open_dialog(self) -> None:
        from companion.ui.dialogs import Choice, Dialog

        def typed(text: str) -> None:
            path = Path(text.strip()).expanduser()
            if not path.is_file():
                dialog.error = f"no file at {path}"
                return
            self.dialog = None
            self.open_file(path)

        dialog = Dialog(self.theme, "Open a saved bout", ["Type the path of a saved file."],
                        [Choice("Cancel", pygame.K_ESCAPE, self._close_dialog)],
                        field_hint="e.g. ~/skirmish.json", on_text=typed)
        self.dialog = dialog

    def show_message(self, title: str, text: str) -> None:
        from companion.ui.dialogs import Choice, Dialog

        self.dialog = Dialog(self.theme, title, [text],
                             [Choice("OK", pygame.K_RETURN, self._close_dialog)])

    def _close_dialog(self) -> None:
        self.dialog = None

    def remember_file(self, path: Path) -> None:
        self.settings = self.settings.with_recent(path)
        self._save_settings()

    def _save_settings(self) -> None:
        # Settings are a convenience; failing to keep them must not stop play.
        with contextlib.suppress(OSError):
            save_settings(self.settings)

    def cycle_scale(self) -> None:
        self.settings = self.settings.next_scale()
        self._save_settings()
        self.theme.set_scale(self.settings.ui_scale)
        views = self.panel.views
        self._build()
        self.panel.views = views
        self.panel.layout(self.panel_rect)

    def _stop_timers(self) -> None:
        pygame.time.set_timer(AI_STEP, 0)
        pygame.time.set_timer(ANIMATE, 0)

    # --- loop ---------------------------------------------------------------------
    def run(self, frames: int | None = None) -> int:
        """Run until closed; with `frames`, stop after drawing that many frames.

        While things happen it sleeps in `pygame.event.wait()`. pygame-ce's wait polls
        inside (about 4% of a core, measured), so after IDLE_AFTER seconds without an
        event it naps in IDLE_NAP steps instead (under 1%), still answering within
        a frame or two.
        """
        dirty = True
        last_event = time.monotonic()
        while self.running:
            if dirty:
                self.draw()
                dirty = False
                if frames is not None and self.frames_drawn >= frames:
                    break
            if self.left is None:
                self.show_start()  # after the first frame: the window shows at once
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
                dirty = self.handle(event) or dirty
        return 0

    def handle(self, event: pygame.event.Event) -> bool:
        """Act on one event; True when the screen must be redrawn."""
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            self.running = False
            return False
        ctrl = event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_q:
            self.running = False
            return False
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            self._relayout()
            return True
        if self.dialog is not None:
            self.dialog.handle(event)
            return True
        if event.type == pygame.KEYDOWN and event.key in TAB_KEYS:
            self.panel.show(TAB_KEYS[event.key])
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F9:
            self.cycle_scale()
            return True
        if event.type == pygame.MOUSEMOTION:
            on_board = self.arena is not None or (self.duel is not None and self.duel.board_mode)
            hover = self.board_view.hex_at(event.pos) if on_board else None
            changed = hover != self.hover
            self.hover = hover
            return changed or self.panel.handle(event)
        screen = self.session_screen
        if screen is not None and screen.dialog is not None:
            return screen.handle(event)
        left_typing = bool(getattr(self.left, "typing", False))
        on_panel = hasattr(event, "pos") and self.panel_rect.collidepoint(event.pos)
        to_panel = on_panel or self.panel.typing or (
            event.type == pygame.TEXTINPUT and not left_typing)
        if to_panel and self.panel.handle(event):
            return True
        if self.left is not None:
            return self.left.handle(event)
        return False

    # --- drawing ------------------------------------------------------------------
    def draw(self) -> None:
        surface = self.window.get_surface()
        # No fill: the left area, the panel and the status bar cover the window.
        if self.arena is not None:
            self.arena.draw(surface, self.hover)
        elif self.duel is not None and self.duel.board_mode:
            self.duel.draw_board(surface, self.hover)
        elif self.left is not None:
            self.left.draw(surface)
        else:
            self.board_view.draw(surface, self.hover)
        self.panel.draw(surface)
        self._draw_status(surface)
        if self.session_screen is not None:
            self.session_screen.draw_dialog(surface)
        if self.dialog is not None:
            self.dialog.draw(surface)
        self.window.flip()
        self.frames_drawn += 1

    def _draw_status(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        pygame.draw.rect(surface, pal.status, self.status_rect)
        font = fonts.get(18)
        x = px(14)
        if self.hover is not None:
            where = font.render(f"{self.board.to_label(self.hover)}", True, pal.hover)
            surface.blit(where, where.get_rect(midleft=(x, self.status_rect.centery)))
            x += where.get_width() + px(16)
        screen = self.session_screen
        if screen is not None:
            if screen.message:
                colour = pal.bad if screen.message_is_error else pal.good
                text = ellipsize(screen.message, font, self.status_rect.width // 2)
                msg = font.render(text, True, colour)
                surface.blit(msg, msg.get_rect(midleft=(x, self.status_rect.centery)))
                x += msg.get_width() + px(24)
            hint = screen.status()
        elif self.start is not None:
            hint = "Enter start  B battle duel  R resume  O open  F9 UI scale  Ctrl+Q quit"
        elif self.left is not None:
            hint = "Enter start  Esc back  D dice mode  F3 dice  F4 tables  Ctrl+Q quit"
        else:
            hint = "F2 arena  F3 dice  F4 tables  Ctrl+Q quit"
        text = font.render(ellipsize(hint, font, self.status_rect.right - x - px(14)), True,
                           pal.text)
        surface.blit(text, text.get_rect(midleft=(x, self.status_rect.centery)))

    def close(self) -> None:
        self._stop_timers()
        self.window.destroy()
        pygame.font.quit()
        pygame.display.quit()


class ArenaIntro:
    """The arena tab before a skirmish is set up."""

    title = "Arena"
    typing = False

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        x, y = self.rect.x + px(20), self.rect.y + px(12)
        y = draw_text(surface, "Gladiators", fonts.get(28, bold=True), pal.text, (x, y))
        draw_text(surface, "No gladiators in the arena yet. Set up a skirmish on the left; "
                  "the dice tray (F3) and the tables (F4) work without one.", fonts.get(18),
                  pal.text_dim, (x, y + px(8)), self.rect.width - px(40))

    def handle(self, event: pygame.event.Event) -> bool:
        return False
