"""Setting up a battle-system duel, or plain trackers for a paper game: each side is
a sheet from the roster (or a shipped sample), or a quick tracker made from a name,
HEALTH, luck dice, heal dice and ammo."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from companion import paths
from companion.files.jsonfile import SHEET, check_name, read_file, shown
from companion.rulesets.battle.sheet import MAX_CARRIED, MAX_LUCK, MAX_NAME, MAX_RANKS, quick_sheet
from companion.ui import keys
from companion.ui.battle.keys import SETUP
from companion.ui.host import Host, Screen
from companion.ui.widgets.controls import Button, Ink, Label, TextField, Widget, flow, wrap
from companion.ui.widgets.intro_panel import IntroPanel, recent_files

if TYPE_CHECKING:
    from companion.core.hexgrid import Hex
    from companion.ui.widgets.side_panel import PanelView

QUICK = "Quick tracker"
TITLE = "Battle-system duel or trackers"
SUBTITLE = ("Each side: a gladiator of your stable, a sheet from your roster, a sample, or "
            "a quick tracker for a "
            "gladiator of a paper game.")
QUICK_FIELDS = (("name", "Name"), ("health", "Health"), ("luck", "Luck dice"),
                ("heal", "Heal dice"), ("ammo", "Darts (ammo)"))
# The most a quick tracker's numbers may be: what a sheet may hold.
QUICK_LIMITS = {"health": MAX_RANKS, "luck": MAX_LUCK, "heal": MAX_RANKS, "ammo": MAX_CARRIED}


def sheet_files() -> list[Path]:
    """The user's roster, then the shipped samples."""
    found: list[Path] = []
    for folder in (paths.roster_dir(), paths.assets_dir() / "samples"):
        if folder.is_dir():
            found += sorted(folder.glob("*.json"))
    return found


# F1's list, from the one key map, and what the mouse and the fields do here.
KEYS = tuple(keys.screen_lines(SETUP, (
    "Click a side's sheets to choose one; the quick tracker's fields take what is typed",)))


@dataclass
class SideForm:
    choice: int
    fields: dict[str, TextField] = field(default_factory=dict)
    buttons: list[Button] = field(default_factory=list)


def duel_setup(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """A duel's setup: the two sheets, and the time it starts (which dates comas)."""
    started = datetime.now(UTC).isoformat(timespec="seconds")
    return {"a": a, "b": b, "options": {"started": started}}


class BattleSetup(Screen):
    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.theme = host.theme
        self.files = sheet_files()
        # The stable's gladiators first: a career fights as the stable holds him.
        self.stable: list[tuple[str, str]] = []
        if paths.stable_path().exists():
            from companion.rulesets.battle.campaign import stable_roster

            self.stable, self.message = stable_roster()
        self.options = ([QUICK] + [f"{name} (stable)" for name, _ in self.stable]
                        + [self._label(p) for p in self.files])
        self.sides: list[SideForm] = []
        defaults = {"a": ("Aulus", "12", "2", "1", "0"), "b": ("Brenna", "12", "2", "1", "3")}
        for i, side in enumerate("ab"):
            form = SideForm(choice=0)
            for (key, _), value in zip(QUICK_FIELDS, defaults[side], strict=True):
                form.fields[key] = TextField(self.theme, key, lambda _t: self.start(), size=18)
                form.fields[key].text = value
            form.buttons = [Button(self.theme, "<", partial(self._step, i, -1), size=18),
                            Button(self.theme, ">", partial(self._step, i, 1), size=18)]
            self.sides.append(form)
        self.physical = False
        self._previews: dict[int, list[str]] = {}  # by choice: a sheet is read once
        self.buttons = {
            "dice": Button(self.theme, "", self._toggle_dice, size=17),
            "start": Button(self.theme, "Start (Enter)", self.start, size=20, selected=True),
            "back": Button(self.theme, "Back to the start (Esc)", host.show_home, size=17,
                           short=("Back (Esc)",)),
        }
        self.ink = Ink(self.theme)

    def widgets(self) -> list[Widget]:
        return list(self.ink.drawn)

    @staticmethod
    def _label(path: Path) -> str:
        """The sheet's name, or its file's for a sheet that cannot be read (choosing it
        says why)."""
        from companion.errors import UserError

        try:
            data = read_file(path, SHEET)
            name = check_name(data["name"])
            if not 0 < len(name) <= MAX_NAME:
                raise ValueError(name)
        except (UserError, ValueError, LookupError, TypeError):
            name = path.stem[:MAX_NAME]
        sample = " (sample)" if path.parent.name == "samples" else ""
        return f"{name}{sample}"

    def _step(self, i: int, step: int) -> None:
        form = self.sides[i]
        form.choice = (form.choice + step) % len(self.options)
        if form.choice > 0:  # the quick tracker's fields are hidden: none types on
            for field_ in form.fields.values():
                field_.focused = False

    def _toggle_dice(self) -> None:
        self.physical = not self.physical

    # --- making the setup ---------------------------------------------------------------
    def sheet_for(self, form: SideForm) -> dict[str, Any]:
        from companion.errors import UserError

        if 0 < form.choice <= len(self.stable):
            name, text = self.stable[form.choice - 1]
            try:
                data = json.loads(text)
            except ValueError:
                data = None
            if not isinstance(data, dict):
                raise UserError(f"{name}'s sheet in the stable is not a sheet")
            return data
        if form.choice > 0:
            path = self.files[form.choice - 1 - len(self.stable)]
            data = read_file(path, SHEET)
            if not isinstance(data, dict):
                raise UserError(f"{path}: a sheet is a JSON object")
            return data
        values: dict[str, int] = {}
        for key, label in QUICK_FIELDS[1:]:
            text = form.fields[key].text.strip() or "0"
            most = QUICK_LIMITS[key]
            # ASCII digits only: "²" is a digit to str.isdigit, and not to int().
            if not (text.isascii() and text.isdigit()):
                raise UserError(f"{label} must be a whole number, not {shown(text)}")
            digits = text.lstrip("0") or "0"
            if len(digits) > len(str(most)) or int(digits) > most:
                given = text if len(text) <= 12 else f"a number of {len(text)} digits"
                raise UserError(f"{label}: at most {most} (not {given})")
            values[key] = int(digits)
        name = form.fields["name"].text.strip() or "Gladiator"
        if len(name) > MAX_NAME:
            raise UserError(f"Name: at most {MAX_NAME} characters (this has {len(name)})")
        from companion.rulesets.battle.data import BattleTables

        return quick_sheet(name, values["health"],
                           values["luck"], values["heal"], values["ammo"],
                           tables=BattleTables(self.host.tables))

    def start(self) -> None:
        from companion.errors import UserError

        try:
            setup = duel_setup(self.sheet_for(self.sides[0]), self.sheet_for(self.sides[1]))
        except UserError as err:
            self.message = str(err)
            return
        self.message = self.host.start_session("battle", setup, physical=self.physical) or ""

    # --- layout and drawing -------------------------------------------------------------
    def panel(self) -> PanelView | None:
        files = recent_files(self.host.settings.recent_files, self.host.open_file)
        return IntroPanel(self.theme, "Duel", [
            "Two gladiators of the battle system face each other, one turn at a time: "
            "choose a sheet for each side, or a quick tracker for a gladiator of a paper "
            "game.",
            "Every change to a tracker is kept in the duel's log and can be undone. The "
            "dice tray (F3) and the tables (F4) work without a duel."], files)

    def preview(self, form: SideForm) -> list[str]:
        """The chosen sheet's main figures: name, weapons with their class, HEALTH and
        luck; or why it cannot be read."""
        from companion.errors import UserError
        from companion.rulesets.battle.data import BattleTables
        from companion.rulesets.battle.sheet import parse_sheet

        key = form.choice
        if key in self._previews:
            return self._previews[key]
        try:
            tables = BattleTables(self.host.tables)
            sheet = parse_sheet(self.sheet_for(form), tables=tables)
            weapons = []
            for weapon in dict.fromkeys([*sheet.weapons, *sheet.carried]):
                try:
                    info = tables.weapon(weapon)
                    weapons.append(f"{info.name} (class {info.weapon_class})")
                except UserError:
                    weapons.append(weapon)
            health = sheet.skills.get("health", 0)
            lines = [sheet.name,
                     "Weapons: " + (", ".join(weapons) or "none") + (
                         ", a shield" if sheet.shield else ""),
                     f"HEALTH {health}    luck {sheet.luck}",
                     f"{sheet.wins} wins, {sheet.losses} losses"]
        except (UserError, ValueError) as err:
            lines = [self.options[key], f"This sheet cannot be used: {err}"]
        self._previews[key] = lines
        return lines

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        px = self.theme.px
        margin, gap = px(24), px(16)
        x0, w = rect.x + margin, rect.width - 2 * margin
        col_w = (w - gap) // 2
        y = rect.y + px(14)
        self._title_y = y
        title = self.theme.fonts.get(32, bold=True)
        y += len(wrap(TITLE, title, w)) * title.get_linesize()
        self._subtitle_y = y
        font = self.theme.fonts.get(17)
        y += len(wrap(SUBTITLE, font, w)) * font.get_linesize() + px(12)
        label_w = max(self.theme.fonts.get(17).size(name)[0] for _, name in QUICK_FIELDS)
        for i, form in enumerate(self.sides):
            x = x0 + i * (col_w + gap)
            form.buttons[0].rect = pygame.Rect(x, y, px(36), px(40))
            form.buttons[1].rect = pygame.Rect(x + col_w - px(36), y, px(36), px(40))
            fy = y + px(50)
            for key, _ in QUICK_FIELDS:
                form.fields[key].rect = pygame.Rect(x + label_w + px(10), fy,
                                                    col_w - label_w - px(10), px(34))
                fy += px(40)
        self._form_top = y + px(50)
        y = self._form_top + px(40) * len(QUICK_FIELDS) + px(10)
        b = self.buttons
        self._label_dice()
        y = flow([b["start"], b["dice"], b["back"]], x0, y, w, px(42), px(8))
        self._message_y = y + px(10)
        self._col_w = col_w

    def draw(self, surface: pygame.Surface, hover: Hex | None = None) -> None:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        ink.clear()
        pygame.draw.rect(surface, pal.background, self.rect)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        x, w = self.rect.x + px(24), self.rect.width - px(48)
        ink.text(surface, TITLE, (x, self._title_y), w, size=32, bold=True)
        ink.text(surface, SUBTITLE, (x, self._subtitle_y), w, size=17, colour=pal.text_dim)
        for form in self.sides:
            lt, gt = form.buttons
            box = pygame.Rect(lt.rect.right + px(4), lt.rect.y, gt.rect.x - lt.rect.right - px(8),
                              lt.rect.height)
            pygame.draw.rect(surface, pal.accent, box, border_radius=px(4))
            label = Label(self.theme, self.options[form.choice], 19, bold=True, elide=True,
                          align="centre")
            label.place(box.x + px(4), box.y, box.width - px(8), box.height)
            ink.label(surface, label)
            ink.widget(surface, lt)
            ink.widget(surface, gt)
            if form.choice == 0:
                for key, name in QUICK_FIELDS:
                    field_ = form.fields[key]
                    text = Label(self.theme, name, 17)
                    text.place(lt.rect.x, field_.rect.y, field_.rect.x - lt.rect.x - px(8),
                               field_.rect.height)
                    ink.label(surface, text)
                    ink.widget(surface, field_)
            else:
                self._draw_preview(surface, form, lt.rect.x, self._form_top)
        self._label_dice()
        for button in self.buttons.values():
            ink.widget(surface, button)
        if self.message:
            room = self.rect.bottom - self._message_y - px(4)
            ink.text(surface, self.message, (x, self._message_y), w, size=18, bold=True,
                     colour=pal.bad, height=max(0, room))
        surface.set_clip(clip)

    def _label_dice(self) -> None:
        dice = self.buttons["dice"]
        dice.label = ("Physical dice, typed in (D)" if self.physical
                      else "The app rolls the dice (D)")
        dice.short = ("Physical dice (D)",) if self.physical else ("App's dice (D)",)
        dice.selected = self.physical

    def _draw_preview(self, surface: pygame.Surface, form: SideForm, x: int, y: int) -> None:
        pal, px = self.theme.palette, self.theme.px
        lines = self.preview(form)
        bottom = y + px(40) * len(QUICK_FIELDS)
        box = pygame.Rect(x, y, self._col_w, bottom - y)
        pygame.draw.rect(surface, pal.field, box, border_radius=px(6))
        ty, width = y + px(8), self._col_w - px(20)
        for i, line in enumerate(lines):
            label = Label(self.theme, line, 20 if i == 0 else 17, bold=i == 0, wrap=True,
                          colour=pal.text if i < 3 else pal.text_dim)
            end = label.place(x + px(10), ty, width)
            if end > bottom - px(4):
                break  # the rest shows when the duel begins
            self.ink.label(surface, label)
            ty = end + px(4)

    # --- input ----------------------------------------------------------------------
    @property
    def typing(self) -> bool:
        return any(f.focused for form in self.sides if form.choice == 0
                   for f in form.fields.values())

    def unfocus(self) -> None:
        for form in self.sides:
            for field_ in form.fields.values():
                field_.focused = False

    def handle(self, event: pygame.event.Event) -> bool:
        for form in self.sides:
            if form.choice == 0:
                for field_ in form.fields.values():
                    if field_.handle(event):
                        return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            buttons = [b for form in self.sides for b in form.buttons]
            return any(b.handle(event) for b in buttons + list(self.buttons.values()))
        if event.type == pygame.KEYDOWN and not self.typing:
            if keys.pressed(event, "F1"):
                self.host.show_keys(list(KEYS))
                return True
            actions = {"start": self.start, "back": self.host.show_home,
                       "dice": self._toggle_dice}
            done = keys.screen_action(SETUP, event)
            if done in actions:
                actions[done]()
                return True
        return False

    def status(self) -> str:
        return "Enter start  Esc back  D dice mode  F3 dice  F4 tables  Ctrl+Q quit  F1 keys"
