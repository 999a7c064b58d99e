"""The battle system's picture in a report: the two tracker cards as the duel's
screen draws them."""

from __future__ import annotations

from typing import Any

import pygame

from companion.session.session import Session
from companion.ui.reports.pictures import CARDS_WIDTH, GAP
from companion.ui.theme import Theme


def draw_tracker_cards(session: Session, state: Any, theme: Theme) -> pygame.Surface:
    from companion.rulesets.battle.state import SIDES
    from companion.ui.battle.tracker_card import TrackerCard, battle_rules

    width = (CARDS_WIDTH - 3 * GAP) // 2
    cards = []
    for side in SIDES:
        card = TrackerCard(theme, side, battle_rules(session), state.tables,
                           lambda _action: False, state.display_name)
        card.shows_field = False
        cards.append(card)
    active = {side: state.turn == side and state.phase != "over" for side in SIDES}
    height = max(c.measure(state, active[c.side], None, width) for c in cards)
    surface = pygame.Surface((CARDS_WIDTH, height + 2 * GAP))
    surface.fill(theme.palette.background)
    for i, card in enumerate(cards):
        card.layout(pygame.Rect(GAP + i * (width + GAP), GAP, width, height))
        card.draw(surface, state, active[card.side])
    return surface
