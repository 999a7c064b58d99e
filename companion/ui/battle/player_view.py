"""A battle-system duel on the player's window: the two tracker cards as large as
the window holds them (health track, luck and heal pips, ammunition, stun and other
badges), without the GM's field for typing health in. While the GM stands them on
the hex board, the board large instead, and beside it the cards' essentials (health,
luck, heal dice, conditions)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from companion.rulesets.battle.actions import BattleAction
from companion.rulesets.battle.events import (
    BattleOver,
    CriticalDamageRolled,
    CriticalEntryFound,
    Died,
    DiedOfWounds,
    Fumbled,
    InsanityGained,
    Scarred,
    Stunned,
)
from companion.rulesets.battle.state import SIDES, BattleState
from companion.ui.battle.board import draw_fighters
from companion.ui.battle.tracker_card import TrackerCard, battle_rules
from companion.ui.player.view import SCALE_STEP, PlayerView, card_grid
from companion.ui.theme import Theme
from companion.ui.widgets.board_view import BoardView
from companion.ui.widgets.controls import Widget

LEAST_WIDTH = 300  # a card's pixels at 100 %, as narrow as the GM's smallest window
ESSENTIALS_SHARE = 0.34  # of the picture's width, for the cards beside the board
ESSENTIALS_WIDTH = 260  # a card's pixels at 100 % beside the board, at the least


def _looks_only(action: BattleAction) -> bool:
    """The cards' clicks, on the player's window: it has no clicks, so nothing acts."""
    return False


class BattlePlayerView(PlayerView):
    # The player's window matches a banner by its kind's name (`PlayerView`).
    banner_kinds = frozenset(kind.kind for kind in (
        CriticalDamageRolled, CriticalEntryFound, Fumbled, Stunned, Died, DiedOfWounds,
        InsanityGained, Scarred, BattleOver))

    def __init__(self, theme: Theme, screen: Any) -> None:
        super().__init__(theme, screen)
        self._sized: dict[tuple[float, bool], dict[str, TrackerCard]] = {}
        self.cards = self.cards_at(theme.scale)
        self.board_view: BoardView | None = None

    def cards_at(self, scale: float, essentials: bool = False) -> dict[str, TrackerCard]:
        """The two cards drawn at `scale` (their own theme: larger than the window's);
        with `essentials`, without their ranks, to stand beside the board."""
        if (scale, essentials) not in self._sized:
            theme = Theme(scale=scale)
            cards = {side: TrackerCard(theme, side, battle_rules(self.session),
                                       self.state.tables, _looks_only,
                                       self.screen.shown_name) for side in SIDES}
            for card in cards.values():
                card.shows_field = card.field_room = False
                card.shows_ranks = not essentials
            self._sized[(scale, essentials)] = cards
        return self._sized[(scale, essentials)]

    def on_board(self) -> bool:
        """The GM is standing the gladiators on the hex board."""
        return bool(getattr(self.screen, "board_mode", False))

    @property
    def state(self) -> BattleState:
        return self.session.state

    def _active(self, side: str) -> bool:
        return self.state.turn == side and self.state.phase != "over"

    def turn_words(self) -> str:
        state = self.state
        if state.phase == "over" and state.result is not None:
            return (f"The duel is over: {self.screen.shown_name(state.result.winner)} wins")
        if state.phase == "over":
            return "The duel is over"
        if state.turn is None:
            return "The duel is about to begin: initiative"
        return f"Turn {state.turn_count}: {self.screen.shown_name(state.turn)} acts"

    def odds_words(self) -> list[str]:
        text = self.screen.odds_text() if hasattr(self.screen, "odds_text") else ""
        return [f"If he attacks: {text}"] if text else []

    def key(self) -> tuple[Any, ...]:
        odds = self.screen.odds_text() if hasattr(self.screen, "odds_text") else ""
        return (*super().key(), odds, self.on_board())

    def main_widgets(self) -> list[Widget]:
        return []

    def areas(self) -> list[tuple[str, pygame.Rect, list[Widget]]]:
        return [(f"the card of {self.screen.shown_name(side)}", pygame.Rect(card.rect),
                 card.widgets()) for side, card in self.cards.items()]

    def draw_main(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if self.on_board():
            self._draw_board(surface, rect)
            return
        px = self.theme.px
        gap = px(16)
        state = self.state

        def height_at(scale: float, width: int) -> int:
            return max(card.measure(state, self._active(side), None, width)
                       for side, card in self.cards_at(scale).items())

        columns, scale = card_grid(len(SIDES), rect, gap, LEAST_WIDTH, self.theme.scale,
                                   height_at)
        self.cards = self.cards_at(scale)
        rows = -(-len(SIDES) // columns)
        width = (rect.width - gap * (columns + 1)) // columns
        room = (rect.height - gap * (rows + 1)) // rows
        natural = height_at(scale, width)
        height = max(px(60), min(natural, room))
        for i, side in enumerate(SIDES):
            row, col = divmod(i, columns)
            card = self.cards[side]
            card.layout(pygame.Rect(rect.x + gap + col * (width + gap),
                                    rect.y + gap + row * (height + gap), width, height))
            card.draw(surface, state, self._active(side), None)

    def _draw_board(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The board large on the left, the two cards' essentials stacked at its right,
        as large as their column holds them."""
        px, state = self.theme.px, self.state
        gap = px(12)
        column_w = max(px(ESSENTIALS_WIDTH) + 2 * gap, round(rect.width * ESSENTIALS_SHARE))
        column = pygame.Rect(rect.right - column_w, rect.y, column_w, rect.height)
        if self.board_view is None:
            self.board_view = BoardView(self.screen.host.board, self.theme)
        view = self.board_view
        view.set_rect(pygame.Rect(rect.x, rect.y, rect.width - column_w, rect.height))
        view.draw(surface, None)
        assert view.layout is not None
        draw_fighters(surface, view.layout, view.board, state, state.tables, self.theme,
                      state.turn if state.phase != "over" else None)
        width = column.width - 2 * gap
        room = (column.height - 3 * gap) // 2

        def height_at(scale: float) -> int:
            return max(card.measure(state, self._active(side), None, width)
                       for side, card in self.cards_at(scale, True).items())

        scale = self.theme.scale
        top = min(scale * 2, width / ESSENTIALS_WIDTH)
        # In steps from the window's scale: few sizes, so that few fonts are loaded.
        trial = scale + SCALE_STEP * math.floor((top - scale) / SCALE_STEP)
        while trial > scale:
            if height_at(trial) <= room:
                scale = trial
                break
            trial -= SCALE_STEP
        self.cards = self.cards_at(scale, True)
        height = max(px(60), min(height_at(scale), room))
        for i, side in enumerate(SIDES):
            card = self.cards[side]
            card.layout(pygame.Rect(column.x + gap, column.y + gap + i * (height + gap),
                                    width, height))
            card.draw(surface, state, self._active(side), None)
