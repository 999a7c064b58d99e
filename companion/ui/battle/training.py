"""Training a battle-system gladiator of the stable, over the Stable screen: his skills
and weapons with his ranks and the next rank's cost, ranks added and taken off before
anything is written, a new name for an Identity Crisis, and Enter to write it all to
his sheet in the stable in one change.

Whether a rank may be bought is the rules' (`rulesets.battle.training.train`): each
rank added is tried at once, and a refused one is said in the rules' words
("Claustrophobia: Brenna may take no more ARMOR") and not added."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from companion.errors import UserError, one_line
from companion.ui.widgets.controls import Button, Ink, TextField, Widget, flow

if TYPE_CHECKING:
    from companion.rulesets.battle.data import BattleTables
    from companion.rulesets.battle.sheet import GladiatorSheet
    from companion.rulesets.battle.training import Offer, Order, Trained
    from companion.ui.theme import Theme

HINT = ("Up / Down choose    Right or + a rank    Left or - take it off    N a new name    "
        "Enter train    Esc cancel")


class TrainingView:
    """The stable's gladiator `gladiator_id` in training; `done` once written or let
    go, with `said` what happened, for the status bar."""

    def __init__(self, theme: Theme, gladiator_id: int) -> None:
        from companion.files.jsonfile import SHEET, parse_json
        from companion.rulesets.battle.data import BattleTables
        from companion.rulesets.battle.sheet import parse_sheet
        from companion.stable.store import Stable

        self.theme = theme
        self.ink = Ink(theme)
        with Stable.open(create=False) as stable:
            g = stable.gladiator(gladiator_id)
            if g is None:
                raise UserError(f"there is no gladiator #{gladiator_id} in the stable")
        self.id, self.was = g.id, g.sheet
        self.where = f"#{g.id} {g.name}"
        self.sheet: GladiatorSheet = parse_sheet(parse_json(Path(self.where), g.sheet, SHEET),
                                                 self.where)
        if self.sheet.status == "dead":
            raise UserError(f"{self.sheet.name} is dead: the dead train no more")
        self.tables: BattleTables = BattleTables.load()
        self.orders: list[Order] = []
        self.rename: str | None = None
        self.cursor = 0
        self.first = 0
        self.error = ""
        self.done = False
        self.said = ""
        self.name_field: TextField | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.row_rects: list[tuple[int, pygame.Rect]] = []
        b = lambda label, run, short=(): Button(theme, label, run, size=18,  # noqa: E731
                                               short=short)
        self.buttons = [b("+ rank (+)", self.more, ("+",)), b("- rank (-)", self.fewer, ("-",)),
                        b("New name (N)", self.ask_name, ("Name (N)",)),
                        b("Train (Enter)", self.commit, ("Train",)),
                        b("Cancel (Esc)", self.cancel, ("Esc",))]
        self.trained = self._train(self.orders, self.rename)

    # --- the rules ---------------------------------------------------------------------
    def _train(self, orders: list[Order], rename: str | None) -> Trained:
        from companion.rulesets.battle.training import train

        return train(self.sheet, self.tables, orders, rename=rename)

    def offers(self) -> list[Offer]:
        from companion.rulesets.battle.training import offers

        return offers(self.trained.after, self.tables)

    def _try(self, orders: list[Order], rename: str | None) -> bool:
        try:
            self.trained = self._train(orders, rename)
        except UserError as err:
            self.error = one_line(str(err))
            return False
        self.orders, self.rename, self.error = orders, rename, ""
        return True

    def more(self) -> None:
        from companion.rulesets.battle.training import Order

        offer = self.offers()[self.cursor]
        self._try([*self.orders, Order(offer.what)], self.rename)

    def fewer(self) -> None:
        what = self.offers()[self.cursor].what
        for i in range(len(self.orders) - 1, -1, -1):
            if self.orders[i].what == what:
                self._try(self.orders[:i] + self.orders[i + 1:], self.rename)
                return
        self.error = "no rank of it added here to take off: what he had is his"

    def ask_name(self) -> None:
        self.name_field = TextField(self.theme, "his new name", self._named, size=20,
                                    text=self.rename or "")
        self.name_field.focused = True

    def _named(self, text: str) -> None:
        if self._try(self.orders, text.strip() or None):
            self.name_field = None

    def commit(self) -> None:
        from companion.rulesets.battle.sheet import sheet_json
        from companion.rulesets.battle.stable import SHEETS
        from companion.stable.store import Stable

        after = self.trained.after
        if after == self.sheet:
            self.cancel()
            return
        try:
            with Stable.open(create=False) as stable:
                stable.rewrite_sheet(self.id, self.was, SHEETS.parse(sheet_json(after),
                                                                     self.where))
        except (UserError, OSError) as err:
            self.error = f"not written: {one_line(str(err))}"
            return
        ranks = len(self.trained.bought)
        parts = [f"{ranks} rank{'' if ranks == 1 else 's'} trained"] if ranks else []
        if self.trained.renamed_from is not None:
            parts.append(f"now called {after.name}")
        self.done, self.said = True, f"{self.sheet.name}: {', '.join(parts)}, in the stable"

    def cancel(self) -> None:
        self.done, self.said = True, f"{self.sheet.name}'s training let go: nothing changed"

    # --- events ------------------------------------------------------------------------
    @property
    def typing(self) -> bool:
        return self.name_field is not None and self.name_field.focused

    def handle(self, event: pygame.event.Event) -> bool:
        if self.name_field is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.name_field = None
                return True
            if self.name_field.handle(event):
                return True
        if event.type == pygame.KEYDOWN:
            count = len(self.offers())
            actions = {
                pygame.K_UP: lambda: self._choose(self.cursor - 1, count),
                pygame.K_DOWN: lambda: self._choose(self.cursor + 1, count),
                pygame.K_RIGHT: self.more, pygame.K_PLUS: self.more,
                pygame.K_EQUALS: self.more, pygame.K_KP_PLUS: self.more,
                pygame.K_LEFT: self.fewer, pygame.K_MINUS: self.fewer,
                pygame.K_KP_MINUS: self.fewer, pygame.K_n: self.ask_name,
                pygame.K_RETURN: self.commit, pygame.K_KP_ENTER: self.commit,
                pygame.K_ESCAPE: self.cancel,
            }
            if event.key in actions:
                actions[event.key]()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.buttons:
                if button.handle(event):
                    return True
            for index, rect in self.row_rects:
                if rect.collidepoint(event.pos):
                    self.cursor = index
        return True  # a dialog: nothing reaches the screen below

    def _choose(self, index: int, count: int) -> None:
        self.cursor = max(0, min(count - 1, index))

    # --- drawing -----------------------------------------------------------------------
    def widgets(self) -> list[Widget]:
        return list(self.ink.drawn)

    def draw(self, surface: pygame.Surface) -> None:
        from companion.rulesets.battle.sheet import points_spent
        from companion.rulesets.battle.training import renaming_due

        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        area = surface.get_rect()
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        self.rect = area.inflate(-min(px(80), area.width // 10), -min(px(60), area.height // 10))
        pygame.draw.rect(surface, pal.panel, self.rect, border_radius=px(10))
        pygame.draw.rect(surface, pal.accent, self.rect, px(3), border_radius=px(10))
        ink.clear()
        x, w = self.rect.x + px(20), self.rect.width - px(40)
        after = self.trained.after
        y = ink.text(surface, f"Train {self.sheet.name}", (x, self.rect.y + px(12)), w,
                     size=24, bold=True, wrap=False, elide=True)
        spent = points_spent(after, self.tables)
        y = ink.text(surface, f"Development points: {after.development_points} earned, "
                     f"{spent} spent, {after.development_points - spent} left", (x, y), w,
                     size=17)
        if self.trained.renamed_from is not None:
            y = ink.text(surface, f"New name: {after.name}", (x, y), w, size=17)
        elif renaming_due(self.sheet, self.tables):
            y = ink.text(surface, "Identity Crisis: he must take a new name before his next "
                         "fight (N)", (x, y), w, size=17, colour=pal.bad)
        if self.name_field is not None:
            self.name_field.rect = pygame.Rect(x, y + px(4), min(w, px(420)), px(36))
            ink.widget(surface, self.name_field)
            y = self.name_field.rect.bottom + px(4)
        # The buttons and the error at the bottom; the rows fill what is between.
        for button in self.buttons:
            button.rect = pygame.Rect(0, 0, 0, 0)
        heights = flow(self.buttons, x, 0, w, px(34), px(6))
        bottom = self.rect.bottom - px(12) - heights
        flow(self.buttons, x, bottom, w, px(34), px(6))
        for button in self.buttons:
            ink.widget(surface, button)
        if self.error:
            font = self.theme.fonts.get(16, bold=True)
            bottom -= font.get_linesize() * 2 + px(4)
            ink.text(surface, self.error, (x, bottom), w, size=16, bold=True,
                     colour=pal.bad, height=font.get_linesize() * 2)
        self._draw_rows(surface, pygame.Rect(x, y + px(6), w, bottom - y - px(10)))

    def _draw_rows(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        offers = self.offers()
        before = {o.what: o.rank for o in _offers_of(self.sheet, self.tables)}
        line = self.theme.fonts.get(17).get_linesize() + px(4)
        shown = max(1, area.height // line)
        self.cursor = min(self.cursor, len(offers) - 1)
        self.first = min(max(self.first, self.cursor - shown + 1), self.cursor)
        self.row_rects = []
        y = area.y
        for i in range(self.first, min(len(offers), self.first + shown)):
            o = offers[i]
            rect = pygame.Rect(area.x, y, area.width, line)
            self.row_rects.append((i, rect))
            if i == self.cursor:
                pygame.draw.rect(surface, pal.accent, rect, border_radius=px(4))
            was = before.get(o.what, 0)
            ranks = f"{was} to {o.rank}" if o.rank != was else str(o.rank)
            cost = (f"next rank {o.cost} point{'' if o.cost == 1 else 's'}"
                    if o.cost is not None else "the most a sheet holds")
            third = area.width // 3
            ink.text(surface, o.name, (rect.x + px(6), y + px(2)), third, size=17,
                     bold=o.rank != was, wrap=False, elide=True)
            ink.text(surface, f"rank {ranks}", (rect.x + third, y + px(2)), third // 2 + px(20),
                     size=17, wrap=False, elide=True)
            ink.text(surface, cost, (rect.x + third + third // 2 + px(24), y + px(2)),
                     area.width - third - third // 2 - px(30), size=17, colour=pal.text_dim,
                     wrap=False, elide=True)
            y += line


def _offers_of(sheet: GladiatorSheet, tables: BattleTables) -> list[Offer]:
    from companion.rulesets.battle.training import offers

    return offers(sheet, tables)
