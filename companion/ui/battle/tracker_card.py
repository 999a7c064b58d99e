"""A battle-system gladiator's tracker card: the whole health track (full health down
to 0, struggling with its dice, death's door, dead), health arithmetic (-7, +3, =12),
luck, heal and ammo pips, badges, and the roll that is due."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.errors import UserError
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.health import due_roll
from companion.rulesets.battle.state import BattleState, Fighter
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Ink, Label, TextField, Widget

Act = Callable[[dict[str, Any]], bool]
STAGE_COLOURS = {
    "fine": (90, 190, 110),
    "struggling": (235, 200, 60),
    "deaths-door": (235, 120, 50),
    "dead": (60, 60, 60),
}


class TrackerCard:
    def __init__(self, theme: Theme, side: str, tables: BattleTables, act: Act) -> None:
        self.theme = theme
        self.side = side
        self.tables = tables
        self.act = act
        self.entry = TextField(theme, "-7, +3 or =12", self._arithmetic, size=18)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.ink = Ink(theme)
        # Clickable spots found while drawing: (rect, action).
        self.spots: list[tuple[pygame.Rect, dict[str, Any]]] = []

    def _arithmetic(self, text: str) -> None:
        if self.act({"type": "adjust_health", "who": self.side, "op": text.strip()}):
            self.entry.text = ""

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        px = self.theme.px
        self.entry.rect = pygame.Rect(rect.x + px(12), rect.y + px(128), px(170), px(34))

    def widgets(self) -> list[Widget]:
        return list(self.ink.drawn)

    # --- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: BattleState, active: bool) -> None:
        pal, px = self.theme.palette, self.theme.px
        f = state.fighters[self.side]
        sheet = state.sheets[self.side]
        self.spots = []
        ink = self.ink
        ink.clear()
        pygame.draw.rect(surface, pal.field, self.rect, border_radius=px(8))
        if active:
            pygame.draw.rect(surface, pal.hover, self.rect, px(3), border_radius=px(8))
        x, y, w = self.rect.x + px(12), self.rect.y + px(8), self.rect.width - px(24)
        title = f"{f.name}" + ("  (to act)" if active else "")
        ink.text(surface, title, (x, y), w, size=22, bold=True, wrap=False, elide=True)
        y += px(32)
        y = self._track(surface, f, x, y, w)
        self.entry.rect.topleft = (x, y + px(4))
        ink.widget(surface, self.entry)
        ink.text(surface, "health: type and Enter",
                 (self.entry.rect.right + px(8), self.entry.rect.y), size=16,
                 colour=pal.text_dim, height=self.entry.rect.height)
        y = self.entry.rect.bottom + px(10)
        y = self._pips(surface, "Luck", f.luck, max(f.luck, sheet.get("luck", 0)),
                       "luck", x, y, pal.luck)
        heal_max = max(f.heal_dice, sheet.get("skills", {}).get("heal", 0))
        y = self._pips(surface, "Heal", f.heal_dice, heal_max, "heal", x, y, pal.good)
        for weapon, count in sorted(f.carried.items()):
            info = self.tables.weapon(weapon)
            if info.thrown == "never":
                continue
            most = max(count, sheet.get("carried", {}).get(weapon, 0))
            if most > 1 or info.thrown == "must":
                y = self._pips(surface, info.name, count, most, f"ammo:{weapon}", x, y,
                               pal.die)
        y = self._badges(surface, f, x, y + px(2), w)
        due = due_roll(state, self.side, self.tables)
        if due is not None:
            colour = STAGE_COLOURS.get(due.stage, pal.text)
            y = ink.text(surface, due.text, (x, y + px(4)), w, size=18, bold=True,
                         colour=colour)
        ranks = [f"{self.tables.skill(k).name.upper()} {v}" for k, v in f.skills.items()
                 if v and k != "health"]
        ranks += [f"{self.tables.weapon(w).name} {n}" for w, n in f.weapon_ranks.items() if n]
        record = f"{sheet.get('wins', 0)} wins, {sheet.get('losses', 0)} losses"
        ink.text(surface, "  ".join(ranks) + f"  ({record})", (x, y + px(6)), w, size=15,
                 colour=pal.text_dim)

    def _track(self, surface: pygame.Surface, f: Fighter, x: int, y: int, w: int) -> int:
        """The health track, cell by cell from dead to full health, with the dice
        each cell below 0 rolls; a marker on his health now."""
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        low = self.tables.dead_at()
        # Cells of 2 px at the least: health typed as "=100000" must not make a frame
        # draw (or a list hold) a hundred thousand cells; the marker stops at the end.
        top = min(max(f.max_health, f.health), low + max(1, w // 2) - 1)
        cells = list(range(low, top + 1))
        cell_w = max(2, w // len(cells))
        small = fonts.get(11, bold=True)
        height = px(30)
        for i, h in enumerate(cells):
            stage = "fine" if h >= 0 else self.tables.health(h).stage
            rect = pygame.Rect(x + i * cell_w, y, cell_w - 1, height)
            colour = STAGE_COLOURS[stage] if h != 0 else (150, 150, 150)
            pygame.draw.rect(surface, colour, rect)
            self.spots.append((rect, {"type": "adjust_health", "who": self.side, "op": f"={h}"}))
            if stage in ("struggling", "deaths-door") and cell_w >= small.size("5")[0] + 2:
                n = self.tables.health(h).dice_for(h, f.total_fights)
                label = Label(self.theme, str(n), 11, bold=True, colour=(20, 20, 20),
                              align="centre")
                label.place(rect.x, rect.y, rect.width, rect.height)
                self.ink.label(surface, label)
        at = cells.index(max(low, min(f.health, cells[-1])))
        cx = x + at * cell_w + cell_w // 2
        pygame.draw.polygon(surface, pal.text, [(cx, y + height + 2), (cx - px(7), y + height
                                                + px(12)), (cx + px(7), y + height + px(12))])
        self.ink.text(surface, f"health {f.health} / {f.max_health}  "
                      f"({f.health_stage.replace('-', ' ')})", (x, y + height + px(14)),
                      size=20, bold=True)
        return y + height + px(40)

    def _pips(self, surface: pygame.Surface, label: str, have: int, most: int, kind: str,
              x: int, y: int, colour: tuple[int, int, int]) -> int:
        pal, px = self.theme.palette, self.theme.px
        self.ink.text(surface, label, (x, y), px(96), size=17, bold=True, wrap=False,
                      elide=True)
        size, gap = px(22), px(5)
        for i in range(max(most, have)):
            rect = pygame.Rect(x + px(100) + i * (size + gap), y, size, size)
            if rect.right > self.rect.right - px(8):
                break
            filled = i < have
            if filled:
                pygame.draw.rect(surface, colour, rect, border_radius=px(4))
            pygame.draw.rect(surface, pal.panel_edge, rect, 2, border_radius=px(4))
            self.spots.append((rect, self._pip_action(kind, filled)))
        if most == 0:
            self.ink.text(surface, "none", (x + px(100), y), size=16, colour=pal.text_dim)
        return y + size + px(6)

    def _pip_action(self, kind: str, filled: bool) -> dict[str, Any]:
        if kind.startswith("ammo:"):
            return {"type": "ammo", "who": self.side, "weapon": kind[5:],
                    "op": "-1" if filled else "+1"}
        verb = "spend" if filled else "restore"
        return {"type": f"{verb}_{kind}", "who": self.side, "n": 1}

    def _badges(self, surface: pygame.Surface, f: Fighter, x: int, y: int, w: int) -> int:
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        badges: list[tuple[str, tuple[int, int, int], dict[str, Any] | None]] = []
        stun = {"type": "set_stun", "who": self.side, "stunned": not f.stunned}
        badges.append(("STUNNED" if f.stunned else "not stunned",
                       pal.bad if f.stunned else pal.button, stun))
        if f.awake:
            badges.append(("awake", pal.good, None))
        if f.armour_destroyed:
            badges.append(("armour destroyed", pal.bad, None))
        if f.no_shield_or_two_handed:
            badges.append(("no shield or 2-handed", pal.bad, None))
        if f.dies_unless_wins:
            badges.append(("dies unless he wins", pal.bad, None))
        if f.must_win_or_die:
            badges.append(("must win or die", pal.bad, None))
        for mod in f.modifiers:
            badges.append((f"{mod.amount:+d} {mod.target.replace('_', ' ')}", pal.luck, None))
        for _key, name in _insanity_names(self.tables, f):
            badges.append((name, (150, 110, 200), None))
        for scar in f.changes.scars:
            badges.append((f"scar: {scar.get('scar', '')}", (170, 120, 90), None))
        font = fonts.get(15, bold=True)
        bx = x
        for text, colour, action in badges:
            label = Label(self.theme, text, 15, bold=True, colour=(15, 15, 15), elide=True)
            label.place(0, 0, min(w - px(12), font.size(text)[0]))
            rect = label.rect.inflate(px(12), px(6))
            rect.topleft = (bx, y)
            if rect.right > x + w:
                bx, y = x, y + rect.height + px(4)
                rect.topleft = (bx, y)
            pygame.draw.rect(surface, colour, rect, border_radius=px(8))
            label.place(rect.x + px(6), rect.y, rect.width - px(12), rect.height)
            self.ink.label(surface, label)
            if action is not None:
                self.spots.append((rect, action))
            bx = rect.right + px(6)
        return y + font.get_linesize() + px(12)

    # --- input ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.entry.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action in self.spots:
                if rect.collidepoint(event.pos):
                    self.act(action)
                    return True
        return False


def _insanity_names(tables: BattleTables, f: Fighter) -> list[tuple[int, str]]:
    names = []
    for key, _remembers in f.insanities:
        try:
            names.append((key, tables.insanity(key).name))
        except UserError:  # a user's table without that key: show the number
            names.append((key, f"insanity {key}"))
    for record in f.changes.insanities:
        names.append((record["key"], record["name"]))
    return names
