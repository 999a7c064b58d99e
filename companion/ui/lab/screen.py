"""The Lab screen: the balance lab in the window. Choose the system, the gladiators
and the bouts a pairing; the lab runs in the background (the window stays live, a bar
shows how far it has got, Esc stops it); then the heat map, with the details of the
cell under the mouse below it. With house rules chosen (companion.ui.lab.house), the
same bouts are played again with them, and the heat map shows the change pairing by
pairing, marked where it is beyond chance. Reached from the start screen."""

from __future__ import annotations

import threading
import time
from functools import partial
from typing import TYPE_CHECKING

import pygame

from companion.errors import UserError
from companion.lab.lab import Lab
from companion.lab.results import Change, Matrix, changes
from companion.lab.run import Stopped
from companion.lab.system import system_for
from companion.rulesets.labs import Entrant
from companion.ui import keys
from companion.ui.host import Host, Screen
from companion.ui.lab.heatmap import Heatmap, cell_details
from companion.ui.lab.house import HouseChoice
from companion.ui.lab.keys import KEYS as LAB
from companion.ui.widgets.controls import Button, Ink, Widget, flow
from companion.ui.widgets.intro_panel import IntroPanel

if TYPE_CHECKING:
    from pathlib import Path

    from companion.core.hexgrid import Hex
    from companion.tables.loader import TableSet
    from companion.ui.widgets.side_panel import PanelView

# Posted by the lab's thread: the bar moved, or the run ended.
LAB_PROGRESS = pygame.event.custom_type()
POST_EVERY = 0.1  # seconds between the thread's redraws

def _systems() -> tuple[tuple[str, str], ...]:
    """The games the lab can play now (a game whose computer player cannot play yet is
    left out), each with its name on the screen."""
    from companion.lab.system import lab_systems

    found = []
    for system_id in lab_systems():
        part = system_for(system_id)
        try:
            part.ready()
        except UserError:
            continue
        found.append((system_id, part.title[:1].upper() + part.title[1:]))
    return tuple(found)


SYSTEMS = _systems()
BOUTS = (20, 50, 100, 200, 500, 1000)
# F1's list, from the one key map.
KEYS = tuple(keys.screen_lines(LAB))


class LabScreen(Screen):
    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.theme = host.theme
        self.ink = Ink(self.theme)
        self.system_index = 0
        self.bouts_index = BOUTS.index(100)
        self.workers = 0  # every core; tests play in this process
        self.entrants: list[Entrant] = []
        self.chosen: list[bool] = []
        self.cursor = 0
        self.thread: threading.Thread | None = None
        self.stop_asked = False
        self.done = self.total = 0
        self.started = 0.0
        self.result: Matrix | None = None
        self.house_result: Matrix | None = None  # the same bouts with the house rules
        self.changes: dict[tuple[int, int], Change] | None = None
        self.show_change = True  # with house rules: the change, else the win rates
        self.heat: Heatmap | None = None
        self.hover: tuple[int, int] | None = None
        self.system_buttons = [Button(self.theme, title, partial(self.choose_system, i),
                                      size=17) for i, (_, title) in enumerate(SYSTEMS)]
        self.less = Button(self.theme, "-", lambda: self.step_bouts(-1), size=17)
        self.more = Button(self.theme, "+", lambda: self.step_bouts(1), size=17)
        self.all_button = Button(self.theme, "All or none (A)", self.toggle_all, size=17,
                                 short=("All (A)",))
        self.run_button = Button(self.theme, "Run the lab (Enter)", self.run, size=19,
                                 selected=True, short=("Run (Enter)",))
        self.back_button = Button(self.theme, "Back (Esc)", self.back, size=17)
        self.entrant_buttons: list[Button] = []
        self.house = HouseChoice(self.theme, self._house_tables)
        self.choose_system(0)

    # --- the choices -----------------------------------------------------------------
    @property
    def system_id(self) -> str:
        return SYSTEMS[self.system_index][0]

    @property
    def bouts(self) -> int:
        return BOUTS[self.bouts_index]

    @property
    def running(self) -> bool:
        return self.thread is not None

    def choose_system(self, index: int) -> None:
        if self.running:
            return
        self.system_index = index
        self.message = ""
        self.sets_first_move = system_for(self.system_id).sets_first_move
        try:
            self.entrants = self._entrants()
        except UserError as err:
            self.entrants, self.message, self.message_is_error = [], str(err), True
        self.chosen = [True] * len(self.entrants)
        self.cursor = 0
        self._clear_result()
        self.house.refresh()
        self.house.recheck()
        self.entrant_buttons = [
            Button(self.theme, e.name, partial(self.toggle, i), size=16, elide=True)
            for i, e in enumerate(self.entrants)]
        for i, button in enumerate(self.system_buttons):
            button.selected = i == index
        self.layout(self.rect)

    def _house_tables(self, folder: Path) -> TableSet:
        """The tables the lab plays with `folder`'s laid over them, as the command line's
        --tables checks them."""
        from companion.lab.setup import house_tables

        return house_tables(self.system_id, self.host.tables, folder)

    def _clear_result(self) -> None:
        self.result = self.house_result = self.changes = None
        self.heat = self.hover = None

    def _entrants(self) -> list[Entrant]:
        return system_for(self.system_id).screen_entrants(self.host.tables)

    def toggle(self, index: int) -> None:
        if 0 <= index < len(self.chosen) and not self.running:
            self.chosen[index] = not self.chosen[index]
            self.cursor = index

    def toggle_all(self) -> None:
        if not self.running:
            self.chosen = [not all(self.chosen)] * len(self.chosen)

    def step_bouts(self, step: int) -> None:
        if not self.running:
            self.bouts_index = max(0, min(len(BOUTS) - 1, self.bouts_index + step))

    def step_cursor(self, step: int) -> None:
        if self.entrants:
            self.cursor = (self.cursor + step) % len(self.entrants)

    # --- running ---------------------------------------------------------------------
    def run(self) -> None:
        if self.running:
            return
        chosen = [e for e, on in zip(self.entrants, self.chosen, strict=True) if on]
        if not chosen:
            self.message, self.message_is_error = "choose at least one gladiator", True
            return
        sets, words = [self.host.tables], ["yours"]
        if self.house.tables is not None:
            sets.append(self.house.tables)
            words.append(self.house.words)
        lab = Lab(self.system_id, chosen, self.bouts, 1, sets, words)
        self.message = ""
        self._clear_result()
        self.done, self.total, self.stop_asked = 0, lab.total_bouts(), False
        self.started = time.monotonic()
        self.thread = threading.Thread(target=self._play, args=(lab,), daemon=True)
        self.thread.start()

    def _play(self, lab: Lab) -> None:
        """In the lab's thread: the run, then the result (or why not) for the window."""
        last = 0.0

        def progress(done: int, total: int) -> None:
            nonlocal last
            self.done, self.total = done, total
            now = time.monotonic()
            if now - last >= POST_EVERY:
                last = now
                pygame.event.post(pygame.event.Event(LAB_PROGRESS))

        try:
            matrices = lab.run(workers=self.workers, progress=progress,
                               stop=lambda: self.stop_asked)
            if len(matrices) > 1:
                self.house_result = matrices[1]
                self.changes = changes(matrices[0], matrices[1])
            self.result = matrices[0]  # last: the window draws the results once it is set
        except Stopped:
            self.message, self.message_is_error = "the run was stopped", False
        except UserError as err:
            self.message, self.message_is_error = str(err), True
        finally:
            self.thread = None
            pygame.event.post(pygame.event.Event(LAB_PROGRESS))

    def wait(self, seconds: float = 120.0) -> None:
        """Until the run ends (for tests and screenshots)."""
        thread = self.thread
        if thread is not None:
            thread.join(seconds)

    def back(self) -> None:
        if self.running:
            self.stop_asked = True
        elif self.result is not None:
            self._clear_result()
        else:
            self.host.show_home()

    def close(self) -> None:
        self.stop_asked = True
        self.wait(10.0)

    # --- layout and drawing -----------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        if not rect.width:
            return
        px = self.theme.px
        x, w = rect.x + px(24), rect.width - px(48)
        gap, h = px(6), px(36)
        y = rect.y + px(14) + self.theme.fonts.get(30, bold=True).get_linesize() + px(6)
        y = flow(self.system_buttons, x, y, w, h, gap) + px(12)
        self._list_y = y + self.theme.fonts.get(17).get_linesize() + px(4)
        y = flow(self.entrant_buttons, x, self._list_y, w, px(32), gap) + px(12)
        self._bouts_y = y
        label_w = self.theme.fonts.get(17).size("Bouts a pairing: 1,000")[0] + px(12)
        self.less.rect = pygame.Rect(x + label_w, y, px(36), h)
        self.more.rect = pygame.Rect(self.less.rect.right + gap, y, px(36), h)
        y = flow([self.all_button], self.more.rect.right + px(18), y,
                 x + w - self.more.rect.right - px(18), h, gap) + px(12)
        self._house_y = y
        house_w = self.theme.fonts.get(17).size("House rules:")[0] + px(12)
        y = self.house.layout(x, y, w, px(32), gap, house_w) + px(14)
        y = flow([self.run_button, self.back_button], x, y, w, px(40), gap)
        self._message_y = y + px(10)

    def draw(self, surface: pygame.Surface, hover: Hex | None = None) -> None:
        pygame.draw.rect(surface, self.theme.palette.background, self.rect)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        self.ink.clear()
        if self.result is not None:
            self._draw_result(surface)
        elif self.running:
            self._draw_progress(surface)
        else:
            self._draw_form(surface)
        surface.set_clip(clip)

    def _draw_form(self, surface: pygame.Surface) -> None:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        x, w = self.rect.x + px(24), self.rect.width - px(48)
        ink.text(surface, "Balance lab", (x, self.rect.y + px(14)), w, size=30, bold=True)
        count = sum(self.chosen)
        ink.text(surface, f"Gladiators: {count} of {len(self.chosen)} chosen, each against "
                 "each, both ways", (x, self._list_y - self.theme.fonts.get(17).get_linesize()
                                     - px(4)), w, size=17, colour=pal.text_dim, wrap=False,
                 short=(f"Gladiators: {count} of {len(self.chosen)}",))
        for i, button in enumerate(self.entrant_buttons):
            button.selected = self.chosen[i]
            ink.widget(surface, button)
            if i == self.cursor:
                pygame.draw.rect(surface, pal.hover, button.rect.inflate(px(4), px(4)), 2,
                                 border_radius=px(6))
        ink.text(surface, f"Bouts a pairing: {self.bouts:,}", (x, self._bouts_y),
                 self.less.rect.x - x - px(8), size=17, wrap=False, height=self.less.rect.h)
        ink.text(surface, "House rules:", (x, self._house_y), None, size=17, wrap=False,
                 height=px(32))
        self.house.draw(surface, ink)
        for button in (*self.system_buttons, self.less, self.more, self.all_button,
                       self.run_button, self.back_button):
            ink.widget(surface, button)
        pairings = count * count
        bouts = f"{pairings:,} pairings, {pairings * self.bouts:,} bouts"
        if self.house.tables is not None:
            bouts = (f"{pairings:,} pairings, {pairings * self.bouts:,} bouts with your "
                     f"tables, and again with {self.house.words}")
        balanced = ("Both sides and the first move are" if self.sets_first_move
                    else "Both sides are")
        words = (f"{bouts}. {balanced} taken equally often; the same choices give the "
                 "same results.")
        shown = [(self.message, self.message_is_error)] if self.message else []
        if self.house.message:
            shown.append((self.house.message, self.house.is_error))
        if not shown:  # what went wrong, or else what the run will play: one line each
            ink.text(surface, words, (x, self._message_y), w, size=17, colour=pal.text_dim,
                     wrap=False, short=(f"{bouts}.",), elide=True)
        y = self._message_y - px(8)
        for text, bad in shown:
            y = ink.text(surface, text, (x, y + px(8)), w, size=18, bold=True,
                         colour=pal.bad if bad else pal.good, wrap=False, elide=True)

    def _draw_progress(self, surface: pygame.Surface) -> None:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        x, w = self.rect.x + px(24), self.rect.width - px(48)
        y = ink.text(surface, "Balance lab: running", (x, self.rect.y + px(14)), w, size=30,
                     bold=True)
        bar = pygame.Rect(x, y + px(20), w, px(28))
        share = self.done / self.total if self.total else 0.0
        pygame.draw.rect(surface, pal.field, bar, border_radius=px(4))
        pygame.draw.rect(surface, pal.accent, (bar.x, bar.y, round(bar.width * share),
                                               bar.height), border_radius=px(4))
        pygame.draw.rect(surface, pal.panel_edge, bar, 1, border_radius=px(4))
        elapsed = time.monotonic() - self.started
        left = elapsed / self.done * (self.total - self.done) if self.done else None
        from companion.lab.progress import clock

        eta = f", about {clock(left)} left" if left is not None else ""
        y = ink.text(surface, f"{self.done:,} of {self.total:,} bouts played{eta}",
                     (x, bar.bottom + px(10)), w, size=18)
        self.back_button.rect = pygame.Rect(x, y + px(16), self.back_button.needed_width(),
                                            px(40))
        self.back_button.label = "Stop (Esc)"
        ink.widget(surface, self.back_button)
        self.back_button.label = "Back (Esc)"

    def _draw_result(self, surface: pygame.Surface) -> None:
        px, pal, ink = self.theme.px, self.theme.palette, self.ink
        assert self.result is not None
        if self.heat is None:
            self.heat = Heatmap(self.theme, self.house_result, self.changes) \
                if self.changes is not None and self.house_result is not None \
                and self.show_change else Heatmap(self.theme, self.result)
        font = self.theme.fonts.get(16)
        details_h = (5 if self.changes is not None else 4) * font.get_linesize() + px(16)
        area = pygame.Rect(self.rect.x + px(8), self.rect.y + px(6), self.rect.width - px(16),
                           self.rect.height - details_h - px(10))
        self.heat.draw(surface, area, self.hover)
        ink.drawn.extend(self.heat.ink.drawn)
        y = area.bottom + px(4)
        x, w = self.rect.x + px(16), self.rect.width - px(32)
        change = self.changes.get(self.hover) if self.changes is not None and \
            self.hover is not None else None
        other = "the win rates" if self.show_change else "the change"
        lines = cell_details(self.result, *self.hover, change) if self.hover is not None else [
            "Point at a cell for its interval, its bouts and their length.",
            f"C: {other}.  Esc: back to the choices." if self.changes is not None
            else "Esc: back to the choices."]
        for line in lines:
            y = ink.text(surface, line, (x, y), w, size=16, colour=pal.text, wrap=False,
                         elide=True)

    def widgets(self) -> list[Widget]:
        return list(self.ink.drawn)

    def panel(self) -> PanelView | None:
        return IntroPanel(self.theme, "Balance lab", [
            "The computer plays every pairing of the chosen gladiators many times, and "
            "the heat map shows how often the row's gladiator beat the column's.",
            "Blue: the row wins more often; red: less often. Each figure comes with its "
            "95 % interval: where two intervals do not overlap, the difference is not "
            "chance.",
            "House rules: the folders in house-rules, beside your tables folder, or any "
            "folder typed in. The same bouts again with them: the heat map shows the "
            "change, * where it is beyond chance."])

    # --- input ------------------------------------------------------------------------
    @property
    def typing(self) -> bool:
        return self.house.field.focused

    def unfocus(self) -> None:
        self.house.field.focused = False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == LAB_PROGRESS:
            return True
        on_form = not self.running and self.result is None
        if on_form and self.house.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            if self.heat is None or self.result is None:
                return False
            cell = self.heat.cell_at(event.pos)
            changed = cell != self.hover
            self.hover = cell
            return changed
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if self.running:
                return self.back_button.handle(event)
            if self.result is not None:
                return False
            buttons = [*self.system_buttons, *self.entrant_buttons, self.less, self.more,
                       self.all_button, self.run_button, self.back_button]
            return any(b.handle(event) for b in buttons)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if keys.pressed(event, "F1"):
            self.host.show_keys(list(KEYS))
            return True
        done = keys.screen_action(LAB, event)
        if done == "back":
            self.back()
            return True
        if self.result is not None and done == "change" and self.changes is not None:
            self.show_change = not self.show_change
            self.heat, self.hover = None, None
            return True
        if self.running or self.result is not None:
            return False
        actions = {
            "system": lambda: self.choose_system((self.system_index + 1) % len(SYSTEMS)),
            "left": lambda: self.step_cursor(-1),
            "right": lambda: self.step_cursor(1),
            "toggle": lambda: self.toggle(self.cursor),
            "all": self.toggle_all,
            "more": lambda: self.step_bouts(1),
            "fewer": lambda: self.step_bouts(-1),
            "house": self.house.cycle,
            "run": self.run,
        }
        if done in actions:
            actions[done]()
            return True
        return False

    def status(self) -> str:
        if self.running:
            return "Esc stop  F1 keys"
        if self.result is not None:
            other = ("C win rates  " if self.show_change else "C change  ") \
                if self.changes is not None else ""
            return f"Point at a cell for its details  {other}Esc back  F1 keys"
        return ("Enter run  Tab system  Space in or out  A all  + / - bouts  H house rules  "
                "Esc back  F1 keys")
