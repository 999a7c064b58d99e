"""A Grimdark match on the player's window: every gladiator's card large (HP with its
wounded mark, CZ, Init, the active stat, conditions, resources, defeated or dead),
and nothing the managers keep to themselves: no coaching, no hands, no move the GM
has chosen, and no odds (they would tell the moves the coaching chose)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from companion.ui.grimdark.card import CardLook, GladiatorCard
from companion.ui.player_view import PlayerView, card_grid
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Widget

LEAST_WIDTH = 260  # a card's pixels at 100 %: room for his name beside his team


class GrimdarkPlayerView(PlayerView):
    banner_kinds = frozenset({"defeated", "death", "over"})

    def __init__(self, theme: Theme, screen: Any) -> None:
        super().__init__(theme, screen)
        self.cards: dict[str, GladiatorCard] = {}
        self._themes: dict[float, Theme] = {}
        self._sized: dict[tuple[float, str], GladiatorCard] = {}

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

    def draw_main(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.theme.px
        gap = px(16)
        glads = self.gladiators()
        ids = [str(g.get("id")) for g in glads]
        if not glads:
            self.cards = {}
            return
        looks = self._looks(glads)
        wounded_at = self.screen.wounded_at

        def height_at(scale: float, width: int) -> int:
            # Every row has the same room: the tallest card must fit it.
            return max(self.card(who, scale).measure(g, looks[who], width, wounded_at)
                       for who, g in zip(ids, glads, strict=True))

        columns, scale = card_grid(len(glads), rect, gap, LEAST_WIDTH, self.theme.scale,
                                   height_at)
        self.cards = {who: self.card(who, scale) for who in ids}
        rows = math.ceil(len(glads) / columns)
        width = (rect.width - gap * (columns + 1)) // columns
        room = (rect.height - gap * (rows + 1)) // rows
        for i, g in enumerate(glads):
            who = ids[i]
            card = self.cards[who]
            row, col = divmod(i, columns)
            natural = card.measure(g, looks[who], width, wounded_at)
            height = max(px(60), min(natural, room))
            card.layout(pygame.Rect(rect.x + gap + col * (width + gap),
                                    rect.y + gap + row * (room + gap), width, height))
            card.draw(surface, g, looks[who], wounded_at)
