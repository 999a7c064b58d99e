"""The League screen: on the left the stable's leagues, Up / Down to choose one; on
the right the chosen one's current round, each match with each side's chance by the
league's ratings (Tab chooses one, Enter or a click opens it to be played, or says
its result), and its standings under their named tie-breaks, kills and deaths
included. B shows the bracket instead; N makes the next round, F forfeits the chosen
match (a question first), P writes the round's post. Reached from the start screen
(E); Esc goes back to it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.ui import keys
from companion.ui.host import Host
from companion.ui.league import actions
from companion.ui.league.keys import KEYS as LEAGUE
from companion.ui.league.view import LeagueCard, LeagueView, MatchRow, read_leagues
from companion.ui.widgets.dialogs import Dialog
from companion.ui.widgets.intro_panel import IntroPanel
from companion.ui.widgets.list_screen import ListScreen

if TYPE_CHECKING:
    from companion.core.hexgrid import Hex
    from companion.ui.widgets.side_panel import PanelView

MOUSE = ("Click a league: choose it; click a match: open it to be played",)
KEYS = tuple(keys.screen_lines(LEAGUE, MOUSE))

# The standings' columns by how much they matter when the room is short: the rank,
# the name and the points first, then the tie-breaks in their order, kills and deaths.
KEEP = ("#", "gladiator", "pts", "W", "kills", "deaths", "h2h", "Buchholz", "L", "D", "P",
        "rating")


class LeagueScreen(ListScreen):
    title = "Events and leagues"
    short_titles = ("Leagues",)
    key_map = LEAGUE
    help = KEYS

    def __init__(self, host: Host, view: LeagueView | None = None) -> None:
        super().__init__(host)
        self.view = read_leagues() if view is None else view
        self.match = 0
        self.showing_bracket = False
        self.dialog: Dialog | None = None
        self.match_rects: list[tuple[int, pygame.Rect]] = []
        self._picture: tuple[tuple[object, ...], pygame.Surface] | None = None
        b = self.button
        self.bracket_button = b("Bracket (B)", self.toggle_bracket, ())
        self.action_buttons = [
            b("Play (Enter)", lambda: self._on_match(actions.play), ("Play",)),
            b("Next round (N)", lambda: self._on_league(actions.next_round),
              ("Round (N)",)),
            b("Forfeit (F)", self._forfeit, ()),
            b("Post (P)", lambda: self._on_league(actions.post_dialog), ()),
            self.bracket_button,
            b("Save the bracket (S)", lambda: self._on_league(actions.save_bracket),
              ("PNG (S)",)),
        ]
        self.match = self._first_open()
        if self.view.broken:
            self.message, self.message_is_error = self.view.note, True

    # --- the owner of the dialogs ------------------------------------------------------
    def reread(self) -> None:
        """The leagues again, after a change: the same league stays chosen."""
        chosen = self.chosen.name if self.chosen is not None else None
        self.view = read_leagues()
        self._picture = None
        names = [c.name for c in self.view.leagues]
        self.choose(names.index(chosen) if chosen in names else self.cursor, keep_match=True)
        if self.chosen_match is not None and self.chosen_match.done:
            self.match = self._first_open()  # on to the next match to play


    # --- choosing ---------------------------------------------------------------------
    @property
    def chosen(self) -> LeagueCard | None:
        leagues = self.view.leagues
        return leagues[self.cursor] if leagues else None

    @property
    def chosen_match(self) -> MatchRow | None:
        card = self.chosen
        if card is None or not card.matches:
            return None
        return card.matches[min(self.match, len(card.matches) - 1)]

    def choose(self, index: int, keep_match: bool = False) -> None:
        if self.view.leagues:
            before = self.cursor
            self.cursor = max(0, min(len(self.view.leagues) - 1, index))
            if self.cursor != before or not keep_match:
                self.match = self._first_open()

    def _first_open(self) -> int:
        card = self.chosen
        if card is None:
            return 0
        return next((i for i, m in enumerate(card.matches) if not m.done), 0)

    def step_match(self, by: int) -> None:
        card = self.chosen
        if card is not None and card.matches:
            self.match = (self.match + by) % len(card.matches)

    def toggle_bracket(self) -> None:
        if self.chosen is None:
            self.say("there is no league to show")
            return
        self.showing_bracket = not self.showing_bracket
        self.bracket_button.label = "Standings (B)" if self.showing_bracket else "Bracket (B)"

    def _on_league(self, act: Callable[[LeagueScreen, LeagueCard], None]) -> None:
        if self.chosen is None:
            self.say("there is no league in the stable to choose")
            return
        act(self, self.chosen)

    def _on_match(self, act: Callable[[LeagueScreen, MatchRow], None]) -> None:
        match = self.chosen_match
        if match is None:
            self.say("the league has no match to choose: N makes its next round")
            return
        act(self, match)

    def _forfeit(self) -> None:
        card, match = self.chosen, self.chosen_match
        if card is None or match is None:
            self.say("the league has no match to forfeit")
            return
        actions.forfeit(self, card, match)

    # --- events ----------------------------------------------------------------------
    def clicked(self, pos: tuple[int, int]) -> bool:
        for index, rect in self.match_rects:
            if rect.collidepoint(pos):
                self.match = index
                self._on_match(actions.play)
                return True
        return False

    def act(self, action: str | None) -> bool:
        does = {
            "back": self.host.show_home,
            "up": lambda: self.choose(self.cursor - 1),
            "down": lambda: self.choose(self.cursor + 1),
            "first": lambda: self.choose(0),
            "last": lambda: self.choose(len(self.view.leagues) - 1),
            "next_match": lambda: self.step_match(1),
            "previous_match": lambda: self.step_match(-1),
            "play": lambda: self._on_match(actions.play),
            "round": lambda: self._on_league(actions.next_round),
            "forfeit": self._forfeit,
            "post": lambda: self._on_league(actions.post_dialog),
            "bracket": self.toggle_bracket,
            "save": lambda: self._on_league(actions.save_bracket),
        }
        if action in does:
            does[action]()
            return True
        return False

    def status(self) -> str:
        if self.dialog is not None:
            return ""
        if not self.view.leagues:
            return "Esc back  F1 keys"
        return ("Up / Down league  Tab match  Enter play  N round  F forfeit  P post  "
                "B bracket  Esc back  F1 keys")

    def panel(self) -> PanelView | None:
        return IntroPanel(self.theme, "Events and leagues", [
            "The stable's leagues: each round's matches, played here or at the table, "
            "their standings and their bracket.",
            "companion league on the command line starts a league and adds its members.",
        ])

    # --- drawing -----------------------------------------------------------------------
    def empty_note(self) -> tuple[str, bool] | None:
        return None if self.view.leagues else (self.view.note, self.view.broken)

    def draw(self, surface: pygame.Surface, hover: Hex | None = None) -> None:
        self.match_rects = []
        super().draw(surface, hover)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        px = self.theme.px
        left_w = max(px(110), (area.width - px(16)) // 4)
        self._draw_leagues(surface, pygame.Rect(area.x, area.y, left_w, area.height))
        right = pygame.Rect(area.x + left_w + px(16), area.y, area.width - left_w - px(16),
                            area.height)
        card = self.chosen
        if card is not None:
            if self.showing_bracket:
                self._draw_bracket(surface, card, right)
            else:
                self._draw_chosen(surface, card, right)

    def _draw_leagues(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        fonts = self.theme.fonts
        card_h = fonts.get(17, bold=True).get_linesize() + fonts.get(15).get_linesize() + px(10)
        step = card_h + px(6)
        shown = max(1, area.height // step)
        first = max(0, min(self.cursor - shown + 1, len(self.view.leagues) - shown))
        first = min(first, self.cursor)
        y = area.y
        for index in range(first, len(self.view.leagues)):
            if y + card_h > area.bottom:
                break
            card = self.view.leagues[index]
            rect = pygame.Rect(area.x, y, area.width, card_h)
            self.card_rects.append((index, rect))
            chosen = index == self.cursor
            pygame.draw.rect(surface, pal.accent if chosen else pal.panel, rect,
                             border_radius=px(6))
            if chosen:
                pygame.draw.rect(surface, pal.hover, rect, 2, border_radius=px(6))
            tx, tw = rect.x + px(8), rect.width - px(16)
            ty = ink.text(surface, card.name, (tx, rect.y + px(4)), tw, size=17, bold=True,
                          wrap=False, elide=True)
            where = f"round {card.round}" if card.round is not None else "no round yet"
            ink.text(surface, f"{card.format}, {card.members} members, {where}, {card.game}",
                     (tx, ty), tw, size=15, wrap=False, elide=True, colour=pal.text_dim)
            y += step

    def _draw_chosen(self, surface: pygame.Surface, card: LeagueCard,
                     area: pygame.Rect) -> None:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        x, w, bottom = area.x, area.width, area.bottom
        line = self.theme.fonts.get(16).get_linesize()
        y = ink.text(surface, card.name, (x, area.y), w, size=20, bold=True, wrap=False,
                     elide=True)
        if card.note:
            ink.text(surface, card.note, (x, y), w, size=16, colour=pal.bad, wrap=False,
                     elide=True)
            return
        if card.round is None:
            y = ink.text(surface, "No round made yet: N makes the first.", (x, y), w,
                         size=16, colour=pal.text_dim, wrap=False, elide=True)
        else:
            deadline = f", deadline {card.deadline}" if card.deadline else ""
            left = card.open_matches
            y = ink.text(surface, f"Round {card.round}{deadline}: "
                         + (f"{left} to play" if left else "every match played"),
                         (x, y), w, size=17, bold=True, wrap=False, elide=True)
            for index, match in enumerate(card.matches):
                if y + line > bottom:
                    return
                y = self._draw_match(surface, index, match, pygame.Rect(x, y, w, line))
            if card.byes and y + line <= bottom:
                y = ink.text(surface, "Bye: " + ", ".join(card.byes), (x, y), w, size=16,
                             colour=pal.text_dim, wrap=False, elide=True)
        y += px(8)
        if y + 3 * line > bottom:
            return
        y = ink.text(surface, "Standings", (x, y), w, size=17, bold=True, wrap=False)
        order = card.order[0].upper() + card.order[1:] if card.order else ""
        y = ink.text(surface, order, (x, y), w, size=15, colour=pal.text_dim, elide=True)
        self._draw_table(surface, card, pygame.Rect(x, y + px(4), w, bottom - y - px(4)))

    def _draw_match(self, surface: pygame.Surface, index: int, match: MatchRow,
                    rect: pygame.Rect) -> int:
        pal, px, ink = self.theme.palette, self.theme.px, self.ink
        chosen = index == self.match
        self.match_rects.append((index, rect))
        if chosen:
            pygame.draw.rect(surface, pal.accent, rect, border_radius=px(4))
        said = f"{match.board}. " + (match.result if match.done else match.words)
        odds = "" if match.done else match.chances
        odds_w = self.theme.fonts.get(16).size(odds)[0] + px(12) if odds else 0
        ink.text(surface, said, (rect.x + px(6), rect.y), rect.width - px(12) - odds_w,
                 size=16, wrap=False, elide=True,
                 colour=pal.text_dim if match.done and not chosen else None)
        if odds:
            ink.text(surface, odds, (rect.right - px(6) - odds_w + px(12), rect.y),
                     odds_w - px(12), size=16, wrap=False, colour=pal.label)
        return rect.bottom

    def _columns(self, card: LeagueCard, width: int) -> list[tuple[int, int]]:
        """The columns shown (their index, their width): all where the room allows,
        else the least needed ones dropped first; the name takes what is left."""
        font = self.theme.fonts.get(15)
        bold = self.theme.fonts.get(15, bold=True)
        pad = self.theme.px(10)
        natural = [max([bold.size(c)[0]] + [font.size(r[i])[0] for r in card.rows]) + pad
                   for i, c in enumerate(card.columns)]
        name = card.columns.index("gladiator") if "gladiator" in card.columns else 1
        least_name = self.theme.px(120)
        kept = list(range(len(card.columns)))
        order = sorted(kept, key=lambda i: KEEP.index(card.columns[i])
                       if card.columns[i] in KEEP else 6.5)
        while len(kept) > 2 and sum(natural[i] for i in kept if i != name) + least_name > width:
            drop = next(i for i in reversed(order) if i in kept and i != name)
            kept.remove(drop)
        others = sum(natural[i] for i in kept if i != name)
        return [(i, max(least_name, min(natural[i], width - others)) if i == name
                 else natural[i]) for i in kept]

    def _draw_table(self, surface: pygame.Surface, card: LeagueCard,
                    area: pygame.Rect) -> None:
        pal, ink = self.theme.palette, self.ink
        line = self.theme.fonts.get(15).get_linesize()
        cols = self._columns(card, area.width)
        rows = [card.columns, *card.rows]
        y = area.y
        for r, row in enumerate(rows):
            if y + line > area.bottom:
                return
            cx = area.x
            for i, col_w in cols:
                ink.text(surface, row[i], (cx, y), col_w - self.theme.px(6), size=15,
                         bold=r == 0, wrap=False, elide=True,
                         colour=pal.text_dim if r == 0 else None)
                cx += col_w
            y += line

    def _draw_bracket(self, surface: pygame.Surface, card: LeagueCard,
                      area: pygame.Rect) -> None:
        from companion.ui.league.bracket import draw_bracket

        pal, ink = self.theme.palette, self.ink
        y = ink.text(surface, "The bracket: B for the standings, S to save it as a PNG",
                     (area.x, area.y), area.width, size=15, colour=pal.text_dim, wrap=False,
                     elide=True)
        if card.bracket is None:
            ink.text(surface, card.note, (area.x, y), area.width, size=16, colour=pal.bad,
                     wrap=False, elide=True)
            return
        key = (card.name, id(card.bracket), self.theme.scale, area.size)
        if self._picture is None or self._picture[0] != key:
            drawn = draw_bracket(card.bracket, self.theme, area.width)
            room = (area.width, area.bottom - y - self.theme.px(4))
            shrink = min(1.0, room[0] / drawn.get_width(), room[1] / drawn.get_height())
            if shrink < 1.0:
                drawn = pygame.transform.smoothscale(
                    drawn, (max(1, int(drawn.get_width() * shrink)),
                            max(1, int(drawn.get_height() * shrink))))
            self._picture = (key, drawn)
        surface.blit(self._picture[1], (area.x, y + self.theme.px(4)))
