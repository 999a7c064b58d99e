"""Setting up a battle-system duel, or plain trackers for a paper game: each side is
a sheet from the roster (or a shipped sample), or a quick tracker made from a name,
HEALTH, luck dice, heal dice and ammo."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from companion import paths
from companion.jsonfile import SHEET, check_name, read_file, shown
from companion.rulesets.battle.sheet import MAX_CARRIED, MAX_LUCK, MAX_NAME, MAX_RANKS, quick_sheet
from companion.ui.host import Host, Screen
from companion.ui.widgets.controls import Button, Ink, Label, TextField, Widget

if TYPE_CHECKING:
    from companion.hexgrid import Hex

QUICK = "Quick tracker"
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
        self.options = [QUICK] + [self._label(p) for p in self.files]
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
        self.buttons = {
            "dice": Button(self.theme, "", self._toggle_dice, size=17),
            "start": Button(self.theme, "Start (Enter)", self.start, size=20),
            "back": Button(self.theme, "Back to the start (Esc)", host.show_home, size=17),
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

        if form.choice > 0:
            data = read_file(self.files[form.choice - 1], SHEET)
            if not isinstance(data, dict):
                raise UserError(f"{self.files[form.choice - 1]}: a sheet is a JSON object")
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
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        px = self.theme.px
        col_w = (rect.width - px(72)) // 2
        for i, form in enumerate(self.sides):
            x = rect.x + px(28) + i * (col_w + px(16))
            y = rect.y + px(120)
            form.buttons[0].rect = pygame.Rect(x, y, px(36), px(40))
            form.buttons[1].rect = pygame.Rect(x + col_w - px(36), y, px(36), px(40))
            y += px(56)
            for key, _ in QUICK_FIELDS:
                form.fields[key].rect = pygame.Rect(x + px(130), y, col_w - px(130), px(36))
                y += px(44)
        y = rect.y + px(120) + px(56) + px(44) * len(QUICK_FIELDS) + px(16)
        x = rect.x + px(28)
        self.buttons["dice"].rect = pygame.Rect(x, y, px(300), px(38))
        self.buttons["start"].rect = pygame.Rect(x, y + px(52), px(300), px(48))
        self.buttons["back"].rect = pygame.Rect(x + px(312), y + px(52), px(300), px(48))
        self._message_y = y + px(116)

    def draw(self, surface: pygame.Surface, hover: Hex | None = None) -> None:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        ink.clear()
        pygame.draw.rect(surface, pal.background, self.rect)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        x = self.rect.x + px(28)
        ink.text(surface, "Battle-system duel or trackers", (x, self.rect.y + px(20)), size=32,
                 bold=True)
        ink.text(surface, "Each side: a sheet from your roster, a sample, or a quick tracker "
                 "for a gladiator of a paper game.", (x, self.rect.y + px(62)),
                 self.rect.width - px(56), size=17, colour=pal.text_dim)
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
        self.buttons["dice"].label = ("Physical dice, typed in (D)" if self.physical
                                      else "The app rolls the dice (D)")
        self.buttons["dice"].selected = self.physical
        for button in self.buttons.values():
            ink.widget(surface, button)
        if self.message:
            ink.text(surface, self.message, (x, self._message_y), self.rect.width - px(56),
                     size=18, bold=True, colour=pal.bad)
        surface.set_clip(clip)

    # --- input ----------------------------------------------------------------------
    @property
    def typing(self) -> bool:
        return any(f.focused for form in self.sides if form.choice == 0
                   for f in form.fields.values())

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
            actions = {pygame.K_RETURN: self.start, pygame.K_ESCAPE: self.host.show_home,
                       pygame.K_d: self._toggle_dice}
            if event.key in actions:
                actions[event.key]()
                return True
        return False

    def status(self) -> str:
        return "Enter start  Esc back  D dice mode  F3 dice  F4 tables  Ctrl+Q quit"
