"""A Grimdark match on the player's window: every gladiator's card large (HP with its
wounded mark, CZ, Init, the active stat, conditions, resources, defeated or dead),
and nothing the managers keep to themselves: no coaching, no hands, no move the GM
has chosen, and no odds (they would tell the moves the coaching chose)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from companion.rulesets.grimdark.events import Defeated, FateDecided, MatchOver
from companion.ui.grimdark.card import CardLook, GladiatorCard
from companion.ui.player.view import PlayerView, card_grid
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Label, Widget

LEAST_WIDTH = 260  # a card's pixels at 100 %: room for his name beside his team
# The share of the picture's height the cards are sized in when the match's story is
# told below them; with more gladiators than that holds, the cards take it all.
CARDS_SHARE = 0.62
STORY_LINES = 12  # of the public log, newest first, under the cards
STORY_SIZE = 22  # its letters at 100 %: read from across a room


class GrimdarkPlayerView(PlayerView):
    banner_kinds = frozenset({Defeated.kind, FateDecided.kind, MatchOver.kind})

    def __init__(self, theme: Theme, screen: Any) -> None:
        super().__init__(theme, screen)
        self.cards: dict[str, GladiatorCard] = {}
        self._themes: dict[float, Theme] = {}
        self._sized: dict[tuple[float, str], GladiatorCard] = {}
        self._story: list[Label] = []  # the story's labels the last frame drew
        self._story_told = False

    def card(self, who: str, scale: float) -> GladiatorCard:
        """His card drawn at `scale` (its own theme: larger than the window's)."""
        if (scale, who) not in self._sized:
            theme = self._themes.setdefault(scale, Theme(scale=scale))
            self._sized[(scale, who)] = GladiatorCard(theme, who)
        return self._sized[(scale, who)]

    def gladiators(self) -> list[dict[str, Any]]:
        summary = self.session.ruleset.summary(self.session.state)
        return list(summary.get("gladiators") or [])

    def turn_words(self) -> str:
        due = self.session.ruleset.due(self.session.state)
        state = self.session.state
        if due.over:
            return "The match is over"
        if not state.started:
            return "The match is about to begin"
        return f"Turn {state.turn + 1}: every gladiator moves at once"

    def areas(self) -> list[tuple[str, pygame.Rect, list[Widget]]]:
        return [(f"the card of {self.screen.shown_name(who)}", pygame.Rect(card.rect),
                 card.widgets()) for who, card in self.cards.items()]

    def _looks(self, glads: list[dict[str, Any]]) -> dict[str, CardLook]:
        teams = [str(g.get("team")) for g in glads]
        shared = len(set(teams)) < len(teams)
        order = list(dict.fromkeys(teams))
        return {str(g.get("id")): CardLook(
            team=f"Team {t}" if shared else None, team_index=order.index(t),
            shows_hand=False) for g, t in zip(glads, teams, strict=True)}

    def side_recent(self) -> list[str]:
        # The story is told under the cards, larger: not twice.
        return [] if self._story_told else super().side_recent()

    def draw_main(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.theme.px
        gap = px(16)
        glads = self.gladiators()
        ids = [str(g.get("id")) for g in glads]
        self._story = []
        self._story_told = False
        if not glads:
            self.cards = {}
            return
        looks = self._looks(glads)
        wounded_at = self.screen.wounded_at

        def height_at(scale: float, width: int) -> int:
            # Every row has the same room: the tallest card must fit it.
            return max(self.card(who, scale).measure(g, looks[who], width, wounded_at)
                       for who, g in zip(ids, glads, strict=True))

        story = self.recent(STORY_LINES)
        upper = pygame.Rect(rect.x, rect.y, rect.width, round(rect.height * CARDS_SHARE))
        columns, scale = card_grid(len(glads), upper, gap, LEAST_WIDTH, self.theme.scale,
                                   height_at)
        rows = math.ceil(len(glads) / columns)
        width = (rect.width - gap * (columns + 1)) // columns
        if not story or height_at(scale, width) > (upper.height - gap * (rows + 1)) // rows:
            # No story yet, or more cards than the upper part holds: the cards take all.
            upper = rect
            columns, scale = card_grid(len(glads), rect, gap, LEAST_WIDTH,
                                       self.theme.scale, height_at)
            rows = math.ceil(len(glads) / columns)
            width = (rect.width - gap * (columns + 1)) // columns
        self.cards = {who: self.card(who, scale) for who in ids}
        room = (upper.height - gap * (rows + 1)) // rows
        # Row under row at the height of its tallest card: the room left is the story's.
        y = rect.y + gap
        for row in range(rows):
            tallest = 0
            for i in range(row * columns, min(len(glads), (row + 1) * columns)):
                g, who = glads[i], ids[i]
                card = self.cards[who]
                natural = card.measure(g, looks[who], width, wounded_at)
                height = max(px(60), min(natural, room))
                card.layout(pygame.Rect(rect.x + gap + (i % columns) * (width + gap), y,
                                        width, height))
                card.draw(surface, g, looks[who], wounded_at)
                tallest = max(tallest, height)
            y += tallest + gap
        if upper is not rect:
            self._tell(surface, story, pygame.Rect(rect.x + gap, y + gap, rect.width - 2 * gap,
                                                   rect.bottom - y - 2 * gap))

    def _tell(self, surface: pygame.Surface, story: list[str], box: pygame.Rect) -> None:
        """The match's latest lines, newest first, as many as the box holds whole."""
        pal, px = self.theme.palette, self.theme.px
        y = box.y
        heading = Label(self.theme, "What happened", STORY_SIZE, bold=True,
                        colour=pal.text_dim)
        for i, line in enumerate(story):
            label = Label(self.theme, line, STORY_SIZE, colour=pal.text, wrap=True)
            top = y if i else heading.place(box.x, y, box.width) + px(6)
            bottom = label.place(box.x, top, box.width)
            if bottom > box.bottom:
                break  # the older lines: the GM's log has them
            if not i:
                self._draw_label(surface, heading)
            self._draw_label(surface, label)
            self._story_told = True
            y = bottom + px(8)

    def _draw_label(self, surface: pygame.Surface, label: Label) -> None:
        self._story.append(label)
        label.draw(surface)

    def main_widgets(self) -> list[Widget]:
        return list(self._story)
