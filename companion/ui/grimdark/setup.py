"""Setting up a Grimdark Gladiators match, and the roster it is made from.

One screen, four views: the roster and the match's line-up (here), the builder
(builder.py), the forum-sheet paste (paste.py) and the coaching editor
(coaching_editor.py). The roster lists the user's
gladiators and the samples with their fame, record and whether they keep the build
rules; the line-up takes two or more of them, each with a team and a coaching, and
starts the match (schema §1's setup).

The stable's living Grimdark gladiators head the roster: one added to the line-up
fights with the stable's sheet, his career's Fame and record. He has no file here, so
he opens in the builder as a copy and is not deleted from this screen.

One long module: the roster and the line-up are one view over the same entries and
selection; the builder and the paste are in their own modules."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from companion.dice.sources import DiceSource, SeededDice
from companion.errors import UserError
from companion.rulesets.grimdark import build, career
from companion.rulesets.grimdark.coaching import load_coaching
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.sheet import STAT_NAMES, Gladiator, SheetError
from companion.ui import keys
from companion.ui.grimdark.builder import BuilderView
from companion.ui.grimdark.coaching_editor import CoachingView
from companion.ui.grimdark.keys import SETUP
from companion.ui.grimdark.lineup import Lineup
from companion.ui.grimdark.panel import Line, LinesPanel
from companion.ui.grimdark.paste import PasteView
from companion.ui.grimdark.roster import (
    RosterEntry,
    coaching_files,
    coaching_for,
    coaching_label,
    default_coaching_for,
    delete_entry,
    is_sample,
    roster_entries,
    stable_entries,
    stable_refusal,
)
from companion.ui.host import Host, Screen
from companion.ui.widgets.controls import (
    Button,
    Fit,
    Ink,
    ScrollList,
    Widget,
    best_label,
    ellipsize,
    flow,
)
from companion.ui.widgets.dialogs import Choice, Dialog

if TYPE_CHECKING:
    from companion.core.hexgrid import Hex
    from companion.ui.widgets.side_panel import PanelView

TITLE = "Grimdark Gladiators match"
# F1's list on the roster, from the one key map.
KEYS = tuple(keys.screen_lines(SETUP))


class RosterList(ScrollList):
    """The roster's rows, each with its badge (legal, or how many rules he breaks)
    drawn in colour at its right end."""

    badges: list[tuple[str, bool]]
    shorter: list[tuple[str, ...]]  # each row's shorter forms, longest first

    def draw(self, surface: pygame.Surface) -> None:
        pal, px = self.theme.palette, self.theme.px
        font = self.theme.fonts.get(self.size)
        small = self.theme.fonts.get(self.size - 2, bold=True)
        pygame.draw.rect(surface, pal.field, self.rect)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        y = self.rect.y
        for i in range(self.top, min(len(self.rows), self.top + self.visible + 1)):
            row = pygame.Rect(self.rect.x, y, self.rect.width, self.row_height)
            if i == self.selected:
                pygame.draw.rect(surface, pal.accent, row)
            text, good = self.badges[i]
            badge = small.render(text, True, pal.good if good else pal.bad)
            box = badge.get_rect(midright=(row.right - px(8), row.centery))
            surface.blit(badge, box)
            # His line, in the longest form that fits short of the badge, else cut
            # (whole on hover).
            room = max(0, box.x - row.x - px(20))
            label = font.render(self._shown(i, font, room), True, pal.text)
            surface.blit(label, label.get_rect(midleft=(row.x + px(8), row.centery)))
            y += self.row_height
        surface.set_clip(clip)
        pygame.draw.rect(surface, pal.panel_edge, self.rect, 1)

    def hover_fit(self, pos: tuple[int, int]) -> Fit | None:
        found = super().hover_fit(pos)
        if found is None:
            return None
        # Shown shortened whenever the badge leaves it less room than the row's width.
        index = self.row_at(pos)
        assert index is not None
        font = self.theme.fonts.get(self.size)
        small = self.theme.fonts.get(self.size - 2, bold=True)
        room = self.rect.width - small.size(self.badges[index][0])[0] - self.theme.px(36)
        return Fit(found.rect, found.text, self._shown(index, font, room), px=found.px)

    def _shown(self, index: int, font: pygame.font.Font, room: int) -> str:
        forms = (self.rows[index], *self.shorter[index])
        shown, fits = best_label(forms, font, room)
        return shown if fits else ellipsize(forms[-1], font, room)


class GrimdarkSetup(Screen):
    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.theme = host.theme
        self.data = GrimdarkData.load(host.tables)
        self.ink = Ink(self.theme)
        self.lineup = Lineup()
        self.coaching = coaching_files()
        self.entries: list[RosterEntry] = []
        self.roster = RosterList(self.theme, size=18)
        self.roster.badges = []
        self.roster.shorter = []
        self.fighters = ScrollList(self.theme, size=17)
        self.mode = "roster"
        self.builder: BuilderView | None = None
        self.paste: PasteView | None = None
        self.coach: CoachingView | None = None
        self.coached: int | None = None  # the fighter whose coaching is being edited
        self.dialog: Dialog | None = None
        self.good = ""  # a message of success (the message is then not an error)
        self.dice: DiceSource = SeededDice()  # the builder's, for a roll as he is saved
        b = partial(Button, self.theme, size=17)
        self.buttons = {
            "open": b("Open (O)", self.open_selected),
            "new": b("New (N)", self.new),
            "paste": b("Paste (P)", self.show_paste),
            "delete": b("Delete", self.ask_delete, short=("Del",)),
            "add": b("Add to match (A)", self.add_selected, short=("Add (A)",)),
        }
        self.match_buttons = {
            "team-": b("<", partial(self.step_team, -1)),
            "team": b("", partial(self.step_team, 1)),
            "team+": b(">", partial(self.step_team, 1)),
            "coach-": b("<", partial(self.step_coaching, -1)),
            "coach": b("", partial(self.step_coaching, 1)),
            "coach+": b(">", partial(self.step_coaching, 1)),
            "out": b("Take out (X)", self.take_out, short=("Out (X)",)),
            "edit": b("Edit coaching (K)", self.edit_coaching,
                      short=("Coaching (K)", "Coach (K)")),
        }
        self.bottom = {
            "preset": b("", self.lineup.next_preset),
            "start": Button(self.theme, "Start (Enter)", self.start, size=20, selected=True),
            "back": b("Back (Esc)", host.show_home),
        }
        self.stable_error = ""
        self.reload()
        if self.stable_error:
            self.say(self.stable_error)

    # --- the roster ---------------------------------------------------------------------
    def reload(self, select: Path | None = None) -> None:
        """Read the roster again (after a save, an import or a delete)."""
        current = self.selected_entry()
        chosen = select or (current.path if current is not None else None)
        stable, self.stable_error = stable_entries(self.data)
        self.entries = stable + roster_entries(self.data)
        self.roster.rows = [e.row() for e in self.entries]
        self.roster.badges = [(e.badge(), e.valid) for e in self.entries]
        self.roster.shorter = [e.shorter_rows() for e in self.entries]
        index = next((i for i, e in enumerate(self.entries) if e.path == chosen), 0)
        self.roster.select(index, notify=False)
        # A fighter whose file changed fights as it is now; one deleted leaves the match.
        by_path = {e.path: e for e in self.entries}
        for i in reversed(range(len(self.lineup.fighters))):
            fighter = self.lineup.fighters[i]
            if fighter.entry.path in by_path and by_path[fighter.entry.path].gladiator:
                fighter.entry = by_path[fighter.entry.path]
            else:
                self.lineup.remove(i)

    def selected_entry(self) -> RosterEntry | None:
        if not self.entries:
            return None
        return self.entries[min(self.roster.selected, len(self.entries) - 1)]

    def say(self, text: str, good: bool = False) -> None:
        self.message = text
        self.good = text if good else ""

    def open_selected(self) -> None:
        entry = self.selected_entry()
        if entry is None:
            self.say("the roster is empty: make a gladiator (N) or paste one (P)")
            return
        if entry.gladiator is None:
            self.say(f"{entry.path.name} cannot be read: {entry.error}")
            return
        if entry.stable is not None:  # no file to save over: the stable is his
            self.show_builder(entry.gladiator, None, f"A copy of {entry.name}'s sheet in the "
                              "stable: Ctrl+S saves the copy to your roster, the stable "
                              "keeps him as he is")
            return
        # A sample opens as a copy: saving it puts it in the user's roster.
        self.show_builder(entry.gladiator, None if entry.sample else entry.path)

    def new(self) -> None:
        self.show_builder(None, None)

    def show_builder(self, gladiator: Gladiator | None, path: Path | None,
                     note: str = "") -> None:
        self.builder = BuilderView(self.theme, self.data, gladiator, path, self._builder_done,
                                   self.dice)
        if note:
            self.builder.say(note, good=True)
        self.mode = "builder"
        self.say("")
        self._relayout()

    def _builder_done(self, saved: Path | None) -> None:
        self.mode = "roster"
        self.builder = None
        self.reload(select=saved)
        if saved is not None:
            self.say(f"Saved to {saved}", good=True)
        self._relayout()

    def show_paste(self) -> None:
        self.paste = PasteView(self.theme, self.data, self._paste_done)
        self.mode = "paste"
        self.say("")
        self._relayout()

    def _paste_done(self, gladiator: Gladiator | None, notes: list[str]) -> None:
        self.paste = None
        self.mode = "roster"
        if gladiator is not None:
            rolls = "".join(f" and rolls {a.name}'s {career.starting_words(a)}"
                            for a in career.due(gladiator, self.data))
            self.show_builder(gladiator, None, "Read from the forum sheet; not saved yet: "
                              f"Ctrl+S saves him to your roster{rolls}")
            assert self.builder is not None
            self.builder.notes = list(notes)
        else:
            self._relayout()

    def ask_delete(self) -> None:
        entry = self.selected_entry()
        if entry is None:
            return
        if entry.sample:
            self.say(f"{entry.name} is a sample: samples cannot be deleted")
            return
        if entry.stable is not None:
            self.say(stable_refusal(entry))
            return
        self.dialog = Dialog(
            self.theme, f"Delete {entry.name}?",
            [f"His file {entry.path.name} leaves your roster for good."],
            [Choice("Delete", pygame.K_y, partial(self._delete, entry)),
             Choice("Keep him", pygame.K_ESCAPE, self._close_dialog)])

    def _delete(self, entry: RosterEntry) -> None:
        self.dialog = None
        try:
            delete_entry(entry)
        except UserError as err:
            self.say(str(err))
            return
        self.reload()
        self.say(f"{entry.name} is off the roster", good=True)

    def _close_dialog(self) -> None:
        self.dialog = None

    # --- the line-up -------------------------------------------------------------------
    def add_selected(self) -> None:
        entry = self.selected_entry()
        if entry is None:
            return
        coaching = (default_coaching_for(entry.gladiator, self.coaching)
                    if entry.gladiator is not None else None)
        # The careers find a fighter by his name: the stable's man and a namesake of his
        # in one match could not be told apart.
        twin = next((f.entry for f in self.lineup.fighters if f.entry.path != entry.path
                     and f.entry.name.casefold() == entry.name.casefold()
                     and (entry.stable is not None or f.entry.stable is not None)), None)
        if twin is not None:
            self.say(f"{twin.row().split('  ')[0]} is in the match: a gladiator of the "
                     f"stable and another called {entry.name} cannot fight in one match")
            return
        try:
            self.lineup.add(entry, coaching)
        except UserError as err:
            self.say(str(err))
            return
        self._sync_fighters()
        self.fighters.select(len(self.lineup.fighters) - 1, notify=False)
        self.say("")

    def _fighter(self) -> int | None:
        if not self.lineup.fighters:
            return None
        return min(self.fighters.selected, len(self.lineup.fighters) - 1)

    def take_out(self) -> None:
        index = self._fighter()
        if index is not None:
            self.lineup.remove(index)
            self._sync_fighters()
            self.fighters.select(max(0, index - 1), notify=False)

    def step_team(self, step: int) -> None:
        index = self._fighter()
        if index is not None:
            self.lineup.step_team(index, step)

    def step_coaching(self, step: int) -> None:
        index = self._fighter()
        if index is None:
            return
        if not self.coaching:
            self.say("no coaching files to choose from: each fights on the default coaching")
            return
        self.lineup.step_coaching(index, step, len(self.coaching))
        # Checked against him now, not first when Enter starts the match.
        fighter = self.lineup.fighters[index]
        g = fighter.entry.gladiator
        if g is None:
            return
        if fighter.coaching is None:
            self.say(f"{g.name} fights on the default coaching", good=True)
            return
        path = self.coaching[fighter.coaching]
        try:
            coaching_for(path, g, self.data)
        except UserError as err:
            self.say(f"{g.name} cannot take {path.name}: {err}")
        else:
            self.say(f"{g.name} is coached by {path.name}", good=True)

    def edit_coaching(self) -> None:
        """The coaching editor for the fighter chosen in the match, on the coaching
        chosen for him; with nobody in the match, for the gladiator chosen in the
        roster, on the file named for him. A file that cannot be read is left as it is
        and named in one line."""
        index = self._fighter()
        entry: RosterEntry | None
        if index is not None:
            entry, chosen = self.lineup.fighters[index].entry, \
                self.lineup.fighters[index].coaching
        else:
            entry, chosen = self.selected_entry(), None
            if entry is not None and entry.gladiator is not None:
                chosen = default_coaching_for(entry.gladiator, self.coaching)
        if entry is None or entry.gladiator is None:
            self.say("choose a gladiator who can be read first" if entry is None else
                     f"{entry.path.name} cannot be read: {entry.error}")
            return
        path = None if chosen is None else self.coaching[chosen]
        coaching = None
        if path is not None:
            try:
                coaching = load_coaching(path, self.data)
            except SheetError as err:
                first = err.problems[0].removeprefix(f"{path}: ")
                more = len(err.problems) - 1
                self.say(f"{path.name} cannot be opened (left as it is): {first}"
                         + (f" (and {more} more)" if more else ""))
                return
        own = None if path is None or is_sample(path) else path
        self.coach = CoachingView(self.theme, self.data, entry.gladiator, coaching, own, path,
                                  self._coaching_done)
        self.coached = index
        self.mode = "coaching"
        self.say("")
        self._relayout()

    def _coaching_done(self, saved: Path | None) -> None:
        self.mode = "roster"
        self.coach = None
        # The files again, each fighter keeping his own; the one coached takes the file
        # just saved.
        kept = [None if f.coaching is None else self.coaching[f.coaching]
                for f in self.lineup.fighters]
        if saved is not None and self.coached is not None \
                and self.coached < len(kept):
            kept[self.coached] = saved
        self.coaching = coaching_files()
        for fighter, path in zip(self.lineup.fighters, kept, strict=True):
            fighter.coaching = self.coaching.index(path) if path in self.coaching else None
        self.coached = None
        if saved is not None:
            self.say(f"Coaching saved to {saved}", good=True)
        self._relayout()

    def _sync_fighters(self) -> None:
        self.fighters.rows = [self._fighter_row(i) for i in range(len(self.lineup.fighters))]

    def next_fighter(self) -> None:
        if self.lineup.fighters:
            self.fighters.select((self.fighters.selected + 1) % len(self.lineup.fighters),
                                 notify=False)

    def coaching_name(self, index: int | None) -> str:
        return "default" if index is None else coaching_label(self.coaching[index])

    def start(self) -> None:
        try:
            setup = self.lineup.setup(self.coaching, self.data)
        except UserError as err:
            self.say(str(err))
            return
        self.say(self.host.start_session("grimdark", setup) or "")

    # --- the panel ----------------------------------------------------------------------
    def panel(self) -> PanelView | None:
        return LinesPanel(self.theme, self.panel_lines)

    def panel_lines(self) -> list[Line]:
        if self.mode == "builder" and self.builder is not None:
            return self.builder.panel_lines()
        if self.mode == "paste" and self.paste is not None:
            return self.paste.panel_lines()
        if self.mode == "coaching" and self.coach is not None:
            return self.coach.panel_lines()
        entry = self.selected_entry()
        if entry is None:
            return [Line("Roster", "heading"),
                    Line("Your roster is empty. Make a gladiator (N) or paste a forum "
                         "sheet (P).", "dim")]
        if entry.gladiator is None:
            return [Line(entry.path.name, "heading"), Line(entry.error, "bad")]
        lines = gladiator_lines(entry.gladiator, self.data, list(entry.problems))
        # The roster's own rule (starred gladiators a manager), for his manager only.
        mine = [e.gladiator for e in self.entries
                if e.gladiator is not None and not e.sample and e.stable is None]
        manager = entry.gladiator.manager.strip()
        over = [p for p in build.roster_problems(mine, self.data)
                if manager and p.startswith(f"{manager} has ")]
        if entry.stable is not None:
            lines.insert(1, Line(f"Of the stable (#{entry.stable}): he fights as his career "
                                 "holds him", "dim"))
        return lines[:1] + [Line(p, "bad") for p in over] + lines[1:]

    # --- layout and drawing -------------------------------------------------------------
    def _relayout(self) -> None:
        if self.rect.width:
            self.layout(self.rect)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        if self.mode == "builder" and self.builder is not None:
            self.builder.layout(rect)
            return
        if self.mode == "paste" and self.paste is not None:
            self.paste.layout(rect)
            return
        if self.mode == "coaching" and self.coach is not None:
            self.coach.layout(rect)
            return
        px = self.theme.px
        margin, gap = px(20), px(16)
        x0, w = rect.x + margin, rect.width - 2 * margin
        col_w = (w - gap) // 2
        self._x2 = x0 + col_w + gap
        self._col_w = col_w
        y = rect.y + px(12)
        self._title_y = y
        y += self.theme.fonts.get(28, bold=True).get_linesize() + px(6)
        self._heading_y = y
        y += self.theme.fonts.get(20, bold=True).get_linesize() + px(4)
        top = y
        bottom_h = px(40) + px(8) + self.theme.fonts.get(17, bold=True).get_linesize() + px(12)
        # The bottom row (teams preset, start, back) and the line saying what is missing.
        self._label_buttons()
        row_y = rect.bottom - bottom_h
        below = flow(list(self.bottom.values()), x0, row_y, w, px(40), px(8))
        if below > row_y + px(40):  # two rows: lay the columns out above both
            row_y -= below - (row_y + px(40))
            flow(list(self.bottom.values()), x0, row_y, w, px(40), px(8))
        self._message_y = row_y + px(48)
        column_bottom = row_y - px(12)
        # Left: the roster and its buttons, as many rows of buttons as the width takes.
        buttons = list(self.buttons.values())
        rows_h = flow(buttons, x0, 0, col_w, px(38), px(6))
        self.roster.rect = pygame.Rect(x0, top, col_w, max(px(60), column_bottom - top - rows_h
                                                             - px(8)))
        flow(buttons, x0, self.roster.rect.bottom + px(8), col_w, px(38), px(6))
        # Right: the fighters, then the chosen one's team, coaching and "take out".
        m = self.match_buttons
        x2 = self._x2
        line_h = px(38)
        last = [m["out"], m["edit"]]
        controls_h = 2 * line_h + px(6) + flow(last, x2, 0, col_w, px(38), px(6)) + px(12)
        self.fighters.rect = pygame.Rect(x2, top, col_w,
                                         max(px(60), column_bottom - top - controls_h))
        cy = self.fighters.rect.bottom + px(8)
        for kind, row_y2 in (("team", cy), ("coach", cy + line_h + px(6))):
            m[f"{kind}-"].rect = pygame.Rect(x2, row_y2, px(36), line_h)
            m[f"{kind}+"].rect = pygame.Rect(x2 + col_w - px(36), row_y2, px(36), line_h)
            m[kind].rect = pygame.Rect(x2 + px(40), row_y2, col_w - px(80), line_h)
        flow(last, x2, cy + 2 * (line_h + px(6)), col_w, px(38), px(6))

    def _label_buttons(self) -> None:
        lineup = self.lineup
        preset = self.bottom["preset"]
        preset.label = f"Teams: {lineup.preset_name()} (T)"
        preset.short = (f"{lineup.preset_name()} (T)", "Teams (T)")
        index = self._fighter()
        m = self.match_buttons
        if index is None:
            m["team"].label, m["coach"].label = "Team", "Coaching"
            m["team"].short, m["coach"].short = (), ()
        else:
            fighter = lineup.fighters[index]
            m["team"].label = f"Team {fighter.team} (Left / Right)"
            m["team"].short = (f"Team {fighter.team}",)
            coached = self.coaching_name(fighter.coaching)
            m["coach"].label = f"Coaching: {coached} (C)"
            m["coach"].short = (f"{coached} (C)", coached)
            m["coach"].elide = True
        for key in ("team-", "team", "team+", "coach-", "coach", "coach+", "out"):
            m[key].enabled = index is not None
        m["edit"].enabled = index is not None or self.selected_entry() is not None
        self.bottom["start"].enabled = not lineup.why_not_ready()

    def draw(self, surface: pygame.Surface, hover: Hex | None = None) -> None:
        pal, ink = self.theme.palette, self.ink
        ink.clear()
        pygame.draw.rect(surface, pal.background, self.rect)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        if self.mode == "builder" and self.builder is not None:
            self.builder.draw(surface, ink)
        elif self.mode == "paste" and self.paste is not None:
            self.paste.draw(surface, ink)
        elif self.mode == "coaching" and self.coach is not None:
            self.coach.draw(surface, ink)
        else:
            self._draw_roster(surface)
        surface.set_clip(clip)

    def _draw_roster(self, surface: pygame.Surface) -> None:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        x, w = self.rect.x + px(20), self.rect.width - px(40)
        ink.text(surface, TITLE, (x, self._title_y), w, size=28, bold=True, wrap=False,
                 short=("Grimdark match",))
        ink.text(surface, "Roster", (x, self._heading_y), self._col_w, size=20, bold=True,
                 wrap=False)
        n = len(self.lineup.fighters)
        ink.text(surface, f"The match ({n})" if n else "The match", (self._x2, self._heading_y),
                 self._col_w, size=20, bold=True, wrap=False)
        ink.widget(surface, self.roster)
        for button in self.buttons.values():
            ink.widget(surface, button)
        self._sync_fighters()
        self._label_buttons()
        if n:
            ink.widget(surface, self.fighters)
        else:  # the empty list's box, with a word on what goes into it
            pygame.draw.rect(surface, pal.field, self.fighters.rect)
            pygame.draw.rect(surface, pal.panel_edge, self.fighters.rect, 1)
            ink.text(surface, "No one yet: choose a gladiator on the left and add him (A).",
                     (self.fighters.rect.x + px(8), self.fighters.rect.y + px(8)),
                     self.fighters.rect.width - px(16), size=16, colour=pal.text_dim)
        for button in self.match_buttons.values():
            ink.widget(surface, button)
        for button in self.bottom.values():
            ink.widget(surface, button)
        self._draw_message(surface, x, w)

    def _draw_message(self, surface: pygame.Surface, x: int, w: int) -> None:
        pal, px = self.theme.palette, self.theme.px
        ready = self.lineup.why_not_ready()
        if self.message:
            text, colour = self.message, pal.good if self.good else pal.bad
        elif ready:
            text, colour = f"Not ready: {ready}.", pal.text_dim
        else:
            text, colour = "Ready: Enter starts the match.", pal.good
        room = self.rect.bottom - self._message_y - px(4)
        self.ink.text(surface, text, (x, self._message_y), w, size=17, bold=True,
                      colour=colour, height=max(0, room), wrap=False, elide=True)

    def _fighter_row(self, i: int) -> str:
        fighter = self.lineup.fighters[i]
        coached = "" if fighter.coaching is None else \
            f", coached: {self.coaching_name(fighter.coaching)}"
        return f"Team {fighter.team}: {fighter.entry.name}{coached}"

    def widgets(self) -> list[Widget]:
        return list(self.ink.drawn)

    def draw_dialog(self, surface: pygame.Surface) -> None:
        if self.dialog is not None:
            self.dialog.draw(surface)

    @property
    def modal(self) -> bool:
        return self.dialog is not None

    def rescale(self) -> None:
        self._relayout()

    # --- input --------------------------------------------------------------------------
    @property
    def typing(self) -> bool:
        if self.dialog is not None:
            return self.dialog.typing
        view = self._view()
        return view is not None and view.typing

    def _view(self) -> BuilderView | PasteView | CoachingView | None:
        if self.mode == "builder":
            return self.builder
        if self.mode == "paste":
            return self.paste
        if self.mode == "coaching":
            return self.coach
        return None

    def unfocus(self) -> None:
        view = self._view()
        if view is not None:
            view.unfocus()

    def keys(self) -> list[str]:
        view = self._view()
        return list(view.keys()) if view is not None else list(KEYS)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.dialog is not None:
            self.dialog.handle(event)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and not self.typing:
            self.host.show_keys(self.keys())
            return True
        view = self._view()
        if view is not None:
            used = view.handle(event)
            if view.message_for_screen:
                self.say(view.message_for_screen)
                view.message_for_screen = ""
            return used
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            for widget in [*self.buttons.values(), *self.match_buttons.values(),
                           *self.bottom.values()]:
                if widget.handle(event):
                    return True
            return self.roster.handle(event) or self.fighters.handle(event)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            return self.roster.handle_key(event.key)
        done = keys.screen_action(SETUP, event)
        if done in ("up", "down"):
            return self.roster.handle_key(event.key)
        actions: dict[str, Callable[[], None]] = {
            "start": self.start, "back": self.host.show_home, "open": self.open_selected,
            "new": self.new, "paste": self.show_paste, "delete": self.ask_delete,
            "add": self.add_selected, "next": self.next_fighter, "take_out": self.take_out,
            "team_back": partial(self.step_team, -1), "team_on": partial(self.step_team, 1),
            "coaching": partial(self.step_coaching, 1), "teams": self.lineup.next_preset,
            "edit_coaching": self.edit_coaching,
        }
        action = actions.get(done or "")
        if action is None:
            return False
        if done != "start":
            self.say("")
        action()
        return True

    def status(self) -> str:
        view = self._view()
        if view is not None:
            return view.status()
        return "Enter start  A add  O open  N new  P paste  K coaching  Esc back  F1 keys"


def gladiator_lines(g: Gladiator, data: GrimdarkData, problems: list[str]) -> list[Line]:
    """A gladiator as the panel shows him: his figures, abilities, moves, weapons and
    the build rules he breaks."""
    start = build.start_figures(g, data)
    stats = "  ".join(f"{STAT_NAMES[s]} {v}" for s, v in g.stats().items())
    active = STAT_NAMES[g.active()]
    lines = [Line(("★ " if g.starred else "") + g.name, "heading"),
             Line(f"Fame {g.fame}, record {g.wins}-{g.losses}"
                  + (f", managed by {g.manager}" if g.manager else "")
                  + (", a house NPC" if g.npc else "") + (", dead" if g.dead else ""), "dim"),
             Line(stats), Line(f"Active stat {active}; HP {start.hp}, Init {start.init}")]
    lines += [Line(text) for text in career.career_lines(g, data)]
    if problems:
        lines.append(Line(f"Breaks {len(problems)} build rule{'s' if len(problems) != 1 else ''}",
                          "heading"))
        lines += [Line(p[0].upper() + p[1:], "bad") for p in problems]
    else:
        lines.append(Line("Keeps every build rule", "good"))
    notes = build.notes(g, data)
    if notes:
        lines.append(Line("Worth a look", "heading"))
        lines += [Line(n[0].upper() + n[1:], "dim") for n in notes]
    abilities = [f"{a.name} {level}" if a.per_level else a.name
                 for key, level in g.abilities.items() if (a := data.abilities.get(key))]
    lines += [Line("Abilities", "heading"), Line(", ".join(abilities) or "none", "dim")]
    moves = [f"{m.name} ×{n}" for key, n in g.moves.items() if (m := data.moves.get(key))]
    lines += [Line(f"Moves ({sum(g.moves.values())})", "heading"),
              Line(", ".join(moves) or "none", "dim")]
    weapons = [weapon_words(w, data) for w in g.weapons]
    if g.armour:
        weapons.append(f"armour, {g.armour} slot{'s' if g.armour != 1 else ''}")
    lines += [Line("Equipment", "heading"), Line("; ".join(weapons) or "fists only", "dim")]
    if g.description:
        lines += [Line("Story", "heading"), Line(g.description, "dim")]
    return lines


def weapon_words(w: object, data: GrimdarkData) -> str:
    """"Oversized greataxe: heavy melee, Crushing, Tenacious"."""
    from companion.rulesets.grimdark.sheet import Weapon

    assert isinstance(w, Weapon)
    props = [p.name for key in w.properties if (p := data.property_named(key)) is not None]
    element = [f"{w.element} damage"] if w.element else []
    return ", ".join([f"{w.name}: {w.weight} {w.reach}", *props, *element])
