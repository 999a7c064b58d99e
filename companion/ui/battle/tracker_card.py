"""A battle-system gladiator's tracker card: the whole health track (full health down
to 0, struggling with its dice, death's door, dead), health arithmetic (-7, +3, =12),
luck, heal and ammo pips, badges, and the roll that is due."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.errors import UserError
from companion.rulesets.battle.actions import (
    AdjustHealthAction,
    AmmoAction,
    BattleAction,
    HealTrackerAction,
    LuckTrackerAction,
    SetStunAction,
)
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.battle.state import BattleState, Fighter
from companion.session.session import Session
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Ink, Label, TextField, Widget

Act = Callable[[BattleAction], bool]
STAGE_COLOURS = {
    "fine": (90, 190, 110),
    "struggling": (235, 200, 60),
    "deaths-door": (235, 120, 50),
    "dead": (60, 60, 60),
}


GREY = (92, 96, 104)  # health he has lost: cells above his health now
NameOf = Callable[[str], str]


def battle_rules(session: Session) -> BattleRules:
    """The session's ruleset, which a duel's screens know is the battle's: what they
    ask of the rules beyond the contract (`BattleRules.due_roll`) they ask of it."""
    rules = session.ruleset
    assert isinstance(rules, BattleRules)
    return rules


class TrackerCard:
    """Drawn in two passes of the same code: `measure` finds the height the card needs
    (the screen sizes both cards by it), `draw` draws it."""

    def __init__(self, theme: Theme, side: str, rules: BattleRules, tables: BattleTables,
                 act: Act, name_of: NameOf | None = None) -> None:
        self.theme = theme
        self.side = side
        self.rules = rules
        self.tables = tables
        self.act = act
        self.name_of = name_of
        self.entry = TextField(theme, "health: -7, +3 or =12", self._arithmetic, size=18,
                               short=("-7, +3 or =12", "-7 or =12"))
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.ink = Ink(theme)
        # A report's picture of the card leaves its field out: nobody types into it.
        self.shows_field = True
        # Nor the player's window, which closes the gap it leaves too (a report keeps
        # the card's shape as the GM saw it).
        self.field_room = True
        # His ranks and record: left off where the card is only his essentials, beside
        # the board on the player's window.
        self.shows_ranks = True
        # Clickable spots found while drawing: (rect, action).
        self.spots: list[tuple[pygame.Rect, BattleAction]] = []

    def _arithmetic(self, text: str) -> None:
        if self.act(AdjustHealthAction(type="adjust_health", who=self.side, op=text.strip())):
            self.entry.text = ""

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def widgets(self) -> list[Widget]:
        return list(self.ink.drawn)

    # --- drawing --------------------------------------------------------------------
    def measure(self, state: BattleState, active: bool, due_text: str | None,
                width: int) -> int:
        """The height the card needs at `width`."""
        rect = self.rect
        self.rect = pygame.Rect(rect.x, rect.y, width, 10_000)
        try:
            return self._render(None, state, active, due_text) - self.rect.y
        finally:
            self.rect = rect

    def draw(self, surface: pygame.Surface, state: BattleState, active: bool,
             due_text: str | None = None) -> None:
        """`due_text`: the roll his turn waits for, as the main button does it."""
        pal, px = self.theme.palette, self.theme.px
        pygame.draw.rect(surface, pal.field, self.rect, border_radius=px(8))
        if active:
            pygame.draw.rect(surface, pal.hover, self.rect, px(3), border_radius=px(8))
        self._render(surface, state, active, due_text)

    def _put(self, surface: pygame.Surface | None, label: Label) -> None:
        if surface is not None:
            self.ink.label(surface, label)

    def _render(self, surface: pygame.Surface | None, state: BattleState, active: bool,
                due_text: str | None) -> int:
        pal, px = self.theme.palette, self.theme.px
        f = state.fighters[self.side]
        sheet = state.sheets[self.side]
        self.spots = []
        self.ink.clear()
        x, y, w = self.rect.x + px(12), self.rect.y + px(8), self.rect.width - px(24)
        # His health now, large, at the right of his name.
        value = Label(self.theme, str(f.health), 34, bold=True,
                      colour=STAGE_COLOURS.get(f.health_stage, pal.text))
        of = Label(self.theme, f"of {f.max_health}", 17, colour=pal.text_dim)
        of_w = of.font.size(of.text)[0]
        value_w = value.font.size(value.text)[0]
        head_h = value.font.get_linesize()
        name = f.name if self.name_of is None else self.name_of(self.side)
        shown = name + ("  (to act)" if active else "")
        title = Label(self.theme, shown, 22, bold=True, elide=True, short=(name,))
        room = max(0, w - of_w - px(6) - value_w - px(10))
        if title.font.size(name)[0] > room:
            # A name too long to sit beside his health has a line of its own above it:
            # the player must read whose card it is.
            # "(to act)" goes before his name does: the card's border says it too.
            title = Label(self.theme, shown, 22, bold=True, wrap=True, elide=True)
            if title.font.size(shown)[0] > w >= title.font.size(name)[0]:
                title = Label(self.theme, name, 22, bold=True)
            y = title.place(x, y, w)
        else:
            title.place(x, y, room, head_h)
        of.place(x + w - of_w, y, of_w, head_h)
        value.place(of.room.x - px(6) - value_w, y, value_w, head_h)
        for label in (title, value, of):
            self._put(surface, label)
        y += head_h + px(2)
        y = self._track(surface, f, x, y, w)
        self.entry.rect = pygame.Rect(x, y + px(4), min(w, px(220)), px(34))
        if surface is not None and self.shows_field:
            self.ink.widget(surface, self.entry)
        # Without its field (a picture, the player's window) the card leaves no gap.
        y = self.entry.rect.bottom + px(10) if self.field_room else y + px(8)
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
        dead = f.health <= self.tables.dead_at() or (
            state.result is not None and self.side in state.result.dead)
        y = self._badges(surface, f, x, y + px(2), w, dead)
        if due_text:
            due = self.rules.due_roll(state, self.side)
            colour = STAGE_COLOURS.get(due.stage, pal.hover) if due is not None else pal.hover
            label = Label(self.theme, due_text, 18, bold=True, colour=colour, wrap=True)
            y = label.place(x, y + px(4), w)
            self._put(surface, label)
        if not self.shows_ranks:
            return y + px(6)
        ranks = [f"{self.tables.skill(k).name.upper()} {v}" for k, v in f.skills.items()
                 if v and k != "health"]
        ranks += [f"{self.tables.weapon(w).name} {n}" for w, n in f.weapon_ranks.items() if n]
        record = f"{sheet.get('wins', 0)} wins, {sheet.get('losses', 0)} losses"
        text = "  ".join(ranks) + f"  ({record})"
        label = Label(self.theme, text, 15, colour=pal.text_dim, wrap=True)
        bottom = label.place(x, y + px(6), w)
        if bottom + px(10) > self.rect.bottom:
            # A card cut short by the window: his ranks on one line, cut after a word,
            # whole on hover; none at all where not even that line fits.
            label = Label(self.theme, text, 15, colour=pal.text_dim, elide=True)
            bottom = label.place(x, y + px(6), w)
        if bottom + px(10) <= self.rect.bottom:
            self._put(surface, label)
            y = bottom
        return y + px(10)

    def marks(self) -> list[int]:
        """The health values labelled under the track: 0, the last one struggling and
        the last one alive (with his full health, drawn apart)."""
        low = self.tables.dead_at()
        struggling = [h for h in range(low + 1, 0) if self.tables.health(h).stage
                      == "struggling"]
        return [0, *([min(struggling)] if struggling else []), low + 1]

    def _track(self, surface: pygame.Surface | None, f: Fighter, x: int, y: int,
               w: int) -> int:
        """The health track, cell by cell from dead to full health: the health he has
        lost greyed, a marker on his health now, and labels at full, 0, the end of
        struggling and the last cell alive."""
        pal, px = self.theme.palette, self.theme.px
        low = self.tables.dead_at()
        # Cells of 2 px at the least: health typed as "=100000" must not make a frame
        # draw (or a list hold) a hundred thousand cells; the marker stops at the end.
        top = min(max(f.max_health, f.health), low + max(1, w // 2) - 1)
        cells = list(range(low, top + 1))
        cell_w = max(2, w // len(cells))
        height = px(26)
        dice_font = self.theme.fonts.get(11, bold=True)
        for i, h in enumerate(cells):
            band = None if h >= 0 else self.tables.health(h)
            stage = "fine" if band is None else band.stage
            rect = pygame.Rect(x + i * cell_w, y, cell_w - 1, height)
            colour = STAGE_COLOURS[stage] if h != 0 else (150, 150, 150)
            if h > f.health and h > low:
                colour = GREY
            if surface is not None:
                pygame.draw.rect(surface, colour, rect)
            if band is not None and stage != "dead":
                # The dice he rolls for a 6 at this step, where the cell has room.
                dice = str(band.dice_for(h, f.total_fights))
                if dice_font.size(dice)[0] <= cell_w:
                    label = Label(self.theme, dice, 11, bold=True, colour=(25, 25, 25),
                                  align="centre")
                    label.place(rect.x, rect.y, cell_w, rect.height)
                    self._put(surface, label)
            self.spots.append((rect, AdjustHealthAction(type="adjust_health", who=self.side,
                                                        op=f"={h}")))
        at = cells.index(max(low, min(f.health, cells[-1])))
        if surface is not None:
            pygame.draw.rect(surface, pal.text, (x + at * cell_w - 1, y - px(3), cell_w + 1,
                                                 height + px(6)), px(2))
        y += height + px(4)
        # The labels: each centred under its cell, those that would touch another left
        # out (full health first, then 0, then the others).
        marks = [(f.max_health, "full")] if f.max_health in cells else []
        marks += [(h, str(h).replace("-", "\u2212")) for h in self.marks() if h in cells]
        placed: list[Label] = []
        for h, text in marks:
            label = Label(self.theme, text, 14, bold=True, colour=pal.text_dim)
            tw = label.font.size(text)[0]
            centre = x + cells.index(h) * cell_w + cell_w // 2
            left = max(x, min(x + w - tw, centre - tw // 2))
            label.place(left, y, tw)
            if all(not label.rect.inflate(px(6), 0).colliderect(o.rect) for o in placed):
                placed.append(label)
                self._put(surface, label)
        return y + self.theme.fonts.get(14, True).get_linesize() + px(2)

    def _pips(self, surface: pygame.Surface | None, label: str, have: int, most: int,
              kind: str, x: int, y: int, colour: tuple[int, int, int]) -> int:
        pal, px = self.theme.palette, self.theme.px
        name = Label(self.theme, label, 17, bold=True, elide=True)
        name.place(x, y, px(96))
        self._put(surface, name)
        size, gap = px(22), px(5)
        for i in range(max(most, have)):
            rect = pygame.Rect(x + px(100) + i * (size + gap), y, size, size)
            if rect.right > self.rect.right - px(8):
                break
            filled = i < have
            if surface is not None:
                if filled:
                    pygame.draw.rect(surface, colour, rect, border_radius=px(4))
                pygame.draw.rect(surface, pal.panel_edge, rect, 2, border_radius=px(4))
            self.spots.append((rect, self._pip_action(kind, filled)))
        if most == 0:
            none = Label(self.theme, "none", 16, colour=pal.text_dim)
            none.place(x + px(100), y)
            self._put(surface, none)
        return y + max(size, name.rect.height) + px(6)

    def _pip_action(self, kind: str, filled: bool) -> BattleAction:
        if kind.startswith("ammo:"):
            return AmmoAction(type="ammo", who=self.side, weapon=kind[5:],
                              op="-1" if filled else "+1")
        if kind == "luck":
            return LuckTrackerAction(type="spend_luck" if filled else "restore_luck",
                                     who=self.side, n=1)
        return HealTrackerAction(type="spend_heal" if filled else "restore_heal", who=self.side,
                                 n=1)

    def _badges(self, surface: pygame.Surface | None, f: Fighter, x: int, y: int,
                w: int, dead: bool = False) -> int:
        pal, px = self.theme.palette, self.theme.px
        badges: list[tuple[str, tuple[int, int, int], BattleAction | None]] = []
        if dead:
            badges.append(("DEAD", pal.bad, None))  # nothing to stun or wake
        else:
            stun = SetStunAction(type="set_stun", who=self.side, stunned=not f.stunned)
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
        font = self.theme.fonts.get(15, bold=True)
        bx = x
        bottom = y
        for text, colour, action in badges:
            label = Label(self.theme, text, 15, bold=True,
                          colour=(15, 15, 15) if colour != pal.button else pal.text, elide=True)
            label.place(0, 0, min(w - px(12), font.size(text)[0]))
            rect = label.rect.inflate(px(12), px(6))
            rect.topleft = (bx, y)
            if rect.right > x + w:
                bx, y = x, y + rect.height + px(4)
                rect.topleft = (bx, y)
            if surface is not None:
                pygame.draw.rect(surface, colour, rect, border_radius=px(8))
            label.place(rect.x + px(6), rect.y, rect.width - px(12), rect.height)
            self._put(surface, label)
            if action is not None:
                self.spots.append((rect, action))
            bx = rect.right + px(6)
            bottom = rect.bottom
        return bottom + px(6)

    # --- input ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        # A field left out of a cramped card takes no click or key.
        if (self.shows_field or self.entry.focused) and self.entry.handle(event):
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
