"""Setting up a hex skirmish; the window's start screen, which also resumes the
autosaved session, opens a file, and leads to the other systems' set-up screens.

It fills the board's area; the right-hand panel (dice tray, tables) stays usable.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from companion.ui import keys
from companion.ui.host import Host, Screen
from companion.ui.skirmish.keys import SETUP
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Button, Ink, Label, TextField, Widget, flow, wrap
from companion.ui.widgets.intro_panel import IntroPanel, recent_files

if TYPE_CHECKING:
    from companion.core.hexgrid import Hex
    from companion.rulesets.skirmish.campaign import Roll
    from companion.ui.widgets.side_panel import PanelView

SIDES = ("red", "blue", "green", "gold")
MAX_ROWS = 4
# F1's list, from the one key map, and what the mouse and the fields do here.
MOUSE = ("Click < or > for his type; type a name in his field; click a button: what it "
         "says",)
SUBTITLE = "Choose each gladiator's type, name, side, and who plays him."
# The subtitle and the seed's label are in the size of the fields' text: each size of
# letters on the start screen is a font of its own, whose every letter is made afresh
# on every start (about 0.5 ms each).
LABEL_SIZE = 18


def _width(button: Button, label: str) -> int:
    """The width `button` needs to show `label`."""
    return button.font.size(label)[0] + 2 * button.pad


# Plain classes, not dataclasses: see companion.ui.widgets.controls.
class _Spacer:
    """Room in a row of buttons for something else (the seed and its label)."""

    def __init__(self, widget: TextField) -> None:
        self.widget = widget

    def needed_width(self, shortest: bool = False) -> int:
        return self.widget.rect.width

    @property
    def rect(self) -> pygame.Rect:
        return self.widget.rect

    @rect.setter
    def rect(self, rect: pygame.Rect) -> None:
        self.widget.rect = rect


class Row:
    def __init__(self, type_index: int, side_index: int, human: bool, name: TextField,
                 buttons: list[Button] | None = None) -> None:
        self.type_index = type_index
        self.side_index = side_index
        self.human = human
        self.name = name
        self.buttons: list[Button] = [] if buttons is None else buttons


def gladiator_choices(host: Host) -> tuple[list[tuple[str, dict[str, Any]]], list[str]]:
    """(label, scenario spec) of every gladiator one can choose: the types of the
    skirmish-types table, then the saved custom kits; and the broken kit files. Read
    from the tables as the files write them, so the start screen builds no model and
    loads no rules; the kits' code only when there are kits."""
    from companion.paths import json_files, kits_dir

    choices: list[tuple[str, dict[str, Any]]] = [
        (str(e.get("name", e["key"])), {"type": str(e["key"])})
        for e in host.raw_entries("skirmish-types")]
    if not json_files(kits_dir()):
        return choices, []
    from companion.rulesets.skirmish.kits import saved_kits

    kits, problems = saved_kits(tables=host.tables)
    choices += [(f"{k.name} (kit)", {"kit": k.kit, "name": k.name}) for k in kits]
    return choices, problems


def stable_roll() -> Roll | None:
    """The stable's campaigners; None, without loading the stable's code, when there is
    no stable."""
    from companion.paths import stable_path

    if not stable_path().exists():
        return None
    from companion.rulesets.skirmish.campaign import roll_call

    return roll_call()


class SkirmishSetup(Screen):
    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.theme: Theme = host.theme
        # (label, scenario spec) of every choice: the 13 types, then the saved kits.
        self.types, problems = gladiator_choices(host)
        # The stable's own gladiators come last: who he is and his day are his career's.
        roll = stable_roll()
        self.from_stable = len(self.types)
        self.types += list(roll.choices) if roll else []
        self.spared_today = roll.spared_today if roll else 0
        notes = []
        broken = host.table_problems()
        if broken:
            more = f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""
            notes.append(f"skipped a broken table file, the built-in table is used: "
                         f"{broken[0]}{more}")
        if problems:
            notes.append("skipped a broken kit file: " + "; ".join(problems))
        if roll and roll.problem:
            notes.append(roll.problem)
        self.message = "; ".join(notes)
        self.rows: list[Row] = []
        self.selected = 0
        self.fatigue = False
        self.experience = False
        self.physical = False
        self.seed = TextField(self.theme, "random", lambda _t: self.start(), size=18)
        slugs = [spec.get("type") for _, spec in self.types]
        for slug, side, human in (("samnite", 0, True), ("retiarius", 1, False)):
            self.add_row(slugs.index(slug) if slug in slugs else 0, side, human)
        self.buttons: dict[str, Button] = {
            "add": Button(self.theme, "+ Add gladiator (+)", self.add_row, size=17,
                          short=("+ Add (+)",)),
            "fatigue": Button(self.theme, "", self._toggle("fatigue"), size=17),
            "experience": Button(self.theme, "", self._toggle("experience"), size=17),
            "dice": Button(self.theme, "", self._toggle("physical"), size=17),
            "start": Button(self.theme, "Start the bout (Enter)", self.start, size=19,
                            selected=True, short=("Start (Enter)",)),
            "resume": Button(self.theme, "Resume the last bout (R)", host.resume, size=18,
                             short=("Resume (R)",)),
            "open": Button(self.theme, "Open a saved file (O)", self.open_dialog, size=18,
                           short=("Open a file (O)",)),
        }
        # The other systems' set-up screens, by the registry.
        self.others = [s for s in host.systems() if s.ruleset != "skirmish"]
        self.other_buttons = [
            Button(self.theme, f"{s.title} ({s.key.upper()})",
                   partial(host.show_setup, s.ruleset), size=18,
                   short=tuple(f"{t} ({s.key.upper()})" for t in s.short_titles))
            for s in self.others if s.play]
        # A tool that plays no session (the balance lab) goes with the options.
        self.tool_buttons = [
            Button(self.theme, f"{s.title} ({s.key.upper()})",
                   partial(host.show_setup, s.ruleset), size=17,
                   short=tuple(f"{t} ({s.key.upper()})" for t in s.short_titles))
            for s in self.others if not s.play]
        self.ink = Ink(self.theme)

    def widgets(self) -> list[Widget]:
        return list(self.ink.drawn)

    # --- the form ---------------------------------------------------------------------
    def add_row(self, type_index: int = 0, side: int | None = None, human: bool = True) -> None:
        if len(self.rows) >= MAX_ROWS:
            self.message = f"at most {MAX_ROWS} gladiators on a 10 x 12 arena"
            return
        side = len(self.rows) % len(SIDES) if side is None else side
        row = Row(type_index, side, human, TextField(self.theme, "name (optional)",
                                                       lambda _t: None, size=18,
                                                       short=("name",)))
        i = len(self.rows)
        row.buttons = [
            Button(self.theme, "<", lambda: self._step_type(i, -1), size=18),
            Button(self.theme, ">", lambda: self._step_type(i, 1), size=18),
            Button(self.theme, "", lambda: self._step_side(i), size=17),
            Button(self.theme, "", lambda: self._toggle_human(i), size=17),
            Button(self.theme, "x", lambda: self.remove_row(i), size=17),
        ]
        self.rows.append(row)
        if self.rect.width:
            self.layout(self.rect)

    def remove_row(self, index: int) -> None:
        if len(self.rows) <= 2:
            self.message = "a bout needs at least two gladiators"
            return
        names = [(r.type_index, r.side_index, r.human, r.name.text) for r in self.rows]
        del names[index]
        self.rows = []
        for type_index, side, human, text in names:
            self.add_row(type_index, side, human)
            self.rows[-1].name.text = text
        self.selected = min(self.selected, len(self.rows) - 1)

    def _step_type(self, i: int, step: int) -> None:
        row = self.rows[i]
        if self.campaigner(row):
            row.name.set_text("")  # his name was shown, not typed
        row.type_index = (row.type_index + step) % len(self.types)
        if self.campaigner(row):
            # A man of the stable comes with his name, which his career is kept under.
            row.name.set_text(str(self.types[row.type_index][1]["name"]))
            row.name.focused = False
        if self.rect.width:
            self.layout(self.rect)  # the lines that tell the stable's men

    def _step_side(self, i: int) -> None:
        self.rows[i].side_index = (self.rows[i].side_index + 1) % len(SIDES)

    def _toggle_human(self, i: int) -> None:
        self.rows[i].human = not self.rows[i].human

    def _toggle(self, name: str):
        def flip() -> None:
            setattr(self, name, not getattr(self, name))
        return flip

    def scenario(self) -> dict[str, Any]:
        gladiators = []
        for row in self.rows:
            spec: dict[str, Any] = {
                **self.types[row.type_index][1],
                "side": SIDES[row.side_index],
                "human": row.human,
            }
            if row.name.text.strip() and not self.campaigner(row):
                spec["name"] = row.name.text.strip()
            gladiators.append(spec)
        scenario: dict[str, Any] = {
            "board": {"columns": 10, "rows": 12},
            "options": {"fatigue": self.fatigue, "experience": self.experience},
            "gladiators": gladiators,
        }
        if any(self.campaigner(row) for row in self.rows):
            # His career is a campaign's: his skills count [house], and so does the day.
            scenario["options"]["experience"] = True
            if self.spared_today:
                scenario["spared_today"] = self.spared_today
        return scenario

    def told(self) -> list[str]:
        """Each chosen man of the stable in words, in the rows' order."""
        if not any(self.campaigner(r) for r in self.rows):
            return []
        from companion.rulesets.skirmish.campaign import told

        types = {str(e["key"]): str(e.get("name", e["key"]))
                 for e in self.host.raw_entries("skirmish-types")}
        skills = {str(e["key"]): str(e.get("name", e["key"]))
                  for e in self.host.raw_entries("skirmish-experience")}
        return [told(self.types[r.type_index][1], types, skills)
                for r in self.rows if self.campaigner(r)]

    def campaigner(self, row: Row) -> bool:
        """He is a gladiator of the stable: his name is his career's, not the field's."""
        return row.type_index >= self.from_stable

    def start(self) -> None:
        seed_text = self.seed.text.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            self.message = f"the seed must be a whole number, not '{seed_text}'"
            return
        if len({SIDES[r.side_index] for r in self.rows}) < 2:
            self.message = "put the gladiators on at least two sides"
            return
        chosen = [r.type_index for r in self.rows if self.campaigner(r)]
        twice = next((t for t in chosen if chosen.count(t) > 1), None)
        if twice is not None:
            name = self.types[twice][1]["name"]
            self.message = f"{name} of the stable is chosen twice: a man fights once a bout"
            return
        self.message = self.host.start_session("skirmish", self.scenario(), seed=seed,
                                               physical=self.physical) or ""

    def open_dialog(self) -> None:
        self.host.open_dialog()

    # --- layout and drawing -------------------------------------------------------------
    def panel(self) -> PanelView | None:
        files = recent_files(self.host.settings.recent_files, self.host.open_file)
        return IntroPanel(self.theme, "Gladiators", [
            "No gladiators in the arena yet. Set up a bout on the left, or open one.",
            "The dice tray (F3) and the tables (F4) work without one."], files)

    def layout(self, rect: pygame.Rect) -> None:
        """Each button as wide as its words; rows of buttons wrap where the screen is
        narrow, and the gladiators' name fields take the width left."""
        self.rect = pygame.Rect(rect)
        px = self.theme.px
        margin = px(24)
        x, w = rect.x + margin, rect.width - 2 * margin
        gap, h = px(6), px(40)
        y = rect.y + px(14)
        self._title_y = y
        title = self.theme.fonts.get(34, bold=True)
        # The other games, beside the title when they fit there, else with the others.
        beside = sum(b.needed_width(shortest=True) + gap for b in self.other_buttons)
        room = w - title.size("New skirmish")[0] - px(24)
        self._others_beside = bool(self.other_buttons) and beside <= room
        if self._others_beside:
            flow(self.other_buttons, x + w - min(room, sum(
                b.needed_width() + gap for b in self.other_buttons)), y + px(4),
                 min(room, sum(b.needed_width() + gap for b in self.other_buttons)) - gap,
                 h, gap)
            y += max(title.get_linesize(), h + px(8))
        else:
            y += title.get_linesize()
        self._subtitle_y = y
        font = self.theme.fonts.get(LABEL_SIZE)
        y += len(wrap(SUBTITLE, font, w)) * font.get_linesize() + px(10)
        for row in self.rows:
            lt, gt, side, human, remove = row.buttons
            side_w = max(_width(side, s.title()) for s in SIDES)
            human_w = max(_width(human, t) for t in ("Human", "Computer"))
            arrow = max(lt.needed_width(), px(34))
            fixed = 2 * arrow + side_w + human_w + max(remove.needed_width(), px(34)) + 6 * gap
            type_w = max(px(110), min(px(170), (w - fixed) // 2))
            lt.rect = pygame.Rect(x, y, arrow, h)
            gt.rect = pygame.Rect(lt.rect.right + gap + type_w + gap, y, arrow, h)
            name_w = max(px(60), w - fixed - type_w)
            row.name.rect = pygame.Rect(gt.rect.right + gap, y, name_w, h)
            side.rect = pygame.Rect(row.name.rect.right + gap, y, side_w, h)
            human.rect = pygame.Rect(side.rect.right + gap, y, human_w, h)
            remove.rect = pygame.Rect(human.rect.right + gap, y, remove.needed_width(), h)
            remove.rect.width = max(remove.rect.width, px(34))
            y += h + px(8)
        # Who each man of the stable is, in full: his row has room for little of it.
        self._told_y = y
        font = self.theme.fonts.get(LABEL_SIZE)
        y += sum(len(wrap(t, font, w)) * font.get_linesize() for t in self.told()) + (
            px(8) if self.told() else 0)
        b = self.buttons
        self._label_options()
        # The other games, when not beside the title, share the add button's row: with
        # three games a row of their own would not fit at 200 %.
        later = [] if self._others_beside else self.other_buttons
        y = flow([b["add"], *later], x, y, w, px(36), gap) + px(12)
        # The options and the dice: each button says what it is.
        seed_w = self.theme.fonts.get(LABEL_SIZE).size("Seed")[0]
        self.seed.rect = pygame.Rect(0, 0, px(96) + seed_w + px(8), h)
        y = flow([b["fatigue"], b["experience"], b["dice"], _Spacer(self.seed),
                  *self.tool_buttons], x, y, w, h, gap)
        self.seed.rect = pygame.Rect(self.seed.rect.x + seed_w + px(8), self.seed.rect.y,
                                     px(96), h)
        y += px(14)
        y = flow([b["start"], b["resume"], b["open"]], x, y, w, h, gap)
        self._message_y = y + px(8)

    def _label_options(self) -> None:
        """The option buttons' labels, at their widest (for the layout) or as they are."""
        b = self.buttons
        b["fatigue"].label = f"Fatigue: {'on' if self.fatigue else 'off'} (F)"
        b["experience"].label = f"Experience: {'on' if self.experience else 'off'} (X)"
        b["dice"].label = ("Physical dice, typed in (D)" if self.physical
                           else "The app rolls the dice (D)")
        b["dice"].short = ("Physical dice (D)",) if self.physical else ("App's dice (D)",)
        # Shorter, the button's colour says on or off.
        b["fatigue"].short = ("Fatigue (F)",)
        b["experience"].short = ("Experience (X)",)
        b["fatigue"].selected = self.fatigue
        # A man of the stable plays the experience rule: his skills are his career's.
        b["experience"].selected = self.experience or any(self.campaigner(r) for r in self.rows)
        b["dice"].selected = self.physical

    def set_recent(self, files: list[str]) -> None:
        """The files opened last, shown in the panel."""

    def draw(self, surface: pygame.Surface, hover: Hex | None = None) -> None:
        pygame.draw.rect(surface, self.theme.palette.background, self.rect)
        clip = surface.get_clip()
        surface.set_clip(self.rect)  # a narrow window must not spill into the panel
        self._draw_form(surface)
        surface.set_clip(clip)

    def _draw_form(self, surface: pygame.Surface) -> None:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        ink.clear()
        x, w = self.rect.x + px(24), self.rect.width - px(48)
        ink.text(surface, "New skirmish", (x, self._title_y), w, size=34, bold=True)
        ink.text(surface, SUBTITLE, (x, self._subtitle_y), w, size=LABEL_SIZE, colour=pal.text_dim)
        for i, row in enumerate(self.rows):
            lt, gt, side, human, _remove = row.buttons
            side.label = SIDES[row.side_index].title()
            human.label = "Human" if row.human else "Computer"
            human.selected = row.human
            type_rect = pygame.Rect(lt.rect.right + px(4), lt.rect.y, gt.rect.x - lt.rect.right
                                    - px(8), lt.rect.height)
            pygame.draw.rect(surface, pal.accent if i == self.selected else pal.field, type_rect,
                             border_radius=px(4))
            # A man of the stable is named in his field and told in full below the rows.
            shown = "Stable" if self.campaigner(row) else self.types[row.type_index][0]
            label = Label(self.theme, shown, 19, bold=True, elide=True, align="centre")
            label.place(type_rect.x + px(4), type_rect.y, type_rect.width - px(8),
                        type_rect.height)
            ink.label(surface, label)
            for button in row.buttons:
                ink.widget(surface, button)
            ink.widget(surface, row.name)
        y = self._told_y
        for text in self.told():
            y = ink.text(surface, text, (x, y), w, size=LABEL_SIZE, colour=pal.text_dim)
        self.buttons["add"].enabled = len(self.rows) < MAX_ROWS
        self._label_options()
        seed = Label(self.theme, "Seed", LABEL_SIZE, colour=pal.text_dim, align="right")
        seed_w = seed.font.size("Seed")[0]
        seed.place(self.seed.rect.x - px(8) - seed_w, self.seed.rect.y, seed_w,
                   self.seed.rect.height)
        ink.label(surface, seed)
        self.buttons["resume"].enabled = self.host.can_resume()
        for button in [*self.buttons.values(), *self.other_buttons, *self.tool_buttons]:
            ink.widget(surface, button)
        ink.widget(surface, self.seed)
        if self.message:
            room = self.rect.bottom - self._message_y - px(4)
            ink.text(surface, self.message, (x, self._message_y), w, size=18, bold=True,
                     colour=pal.bad, height=max(0, room))

    # --- input ------------------------------------------------------------------------
    @property
    def typing(self) -> bool:
        return self.seed.focused or any(r.name.focused for r in self.rows)

    def unfocus(self) -> None:
        for field_ in [self.seed, *(r.name for r in self.rows)]:
            field_.focused = False

    def handle(self, event: pygame.event.Event) -> bool:
        for field_ in [r.name for r in self.rows if not self.campaigner(r)] + [self.seed]:
            if field_.handle(event):
                return True
        if event.type == pygame.KEYDOWN and not self.typing:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            for i, row in enumerate(self.rows):
                for button in row.buttons:
                    if button.handle(event):
                        self.selected = min(i, len(self.rows) - 1)
                        return True
            for button in [*self.buttons.values(), *self.other_buttons, *self.tool_buttons]:
                if button.handle(event):
                    return True
        return False

    def status(self) -> str:
        others = "  ".join(f"{s.key.upper()} {_lowered(s.title)}" for s in self.others)
        return f"Enter start  {others}  R resume  O open  F9 UI scale  Ctrl+Q quit  F1 keys"

    def keys(self) -> list[str]:
        """F1's list: this screen's keys, those that lead to the other systems, then
        the keys every screen has."""
        others = tuple(f"{s.key.upper()}: {_lowered(s.title)}" for s in self.others)
        return keys.screen_lines(SETUP, (*others, *MOUSE))

    def _key(self, event: pygame.event.Event) -> bool:
        if keys.pressed(event, "F1"):
            self.host.show_keys(self.keys())
            return True
        for other in self.others:
            if event.key == pygame.key.key_code(other.key) and not event.mod & pygame.KMOD_CTRL:
                self.host.show_setup(other.ruleset)
                return True
        row = self.selected
        does = {
            "start": self.start,
            "resume": self.host.resume if self.host.can_resume() else (lambda: None),
            "open": self.open_dialog,
            "fatigue": self._toggle("fatigue"),
            "experience": self._toggle("experience"),
            "dice": self._toggle("physical"),
            "add": self.add_row,
            "remove": lambda: self.remove_row(row),
            "up": lambda: setattr(self, "selected", max(0, row - 1)),
            "down": lambda: setattr(self, "selected", min(len(self.rows) - 1, row + 1)),
            "type_before": lambda: self._step_type(row, -1),
            "type_after": lambda: self._step_type(row, 1),
            "side": lambda: self._step_side(row),
            "human": lambda: self._toggle_human(row),
        }
        action = keys.screen_action(SETUP, event)
        if action in does:
            does[action]()
            return True
        return False

def _lowered(title: str) -> str:
    """A title in running text: its first word lowered ("Battle-system duel" reads
    "battle-system duel"), a game's proper name ("Grimdark Gladiators match") kept."""
    first, _, rest = title.partition(" ")
    proper = rest[:1].isupper()  # two capitalised words in a row: a name
    return title if proper else first.lower() + (f" {rest}" if rest else "")
