"""Grimdark Gladiators' picture in a report: a card a gladiator, as the match's screen
draws them, without the coaching (the managers' secret)."""

from __future__ import annotations

from typing import Any

import pygame

from companion.session.session import Session
from companion.ui.reports.pictures import CARDS_WIDTH, GAP
from companion.ui.theme import Theme


def draw_grimdark_cards(session: Session, state: Any, theme: Theme) -> pygame.Surface:
    from companion.rulesets.grimdark.data import GrimdarkData
    from companion.ui.grimdark.card import ASSESS, CardLook, GladiatorCard

    data = GrimdarkData.load(session.tables)
    wounded_at = data.figures.value("wounded-at-hp")
    assess = data.moves.get(ASSESS)
    glads = list(session.ruleset.summary(state).get("gladiators") or [])
    teams = [str(g.get("team")) for g in glads]
    order = list(dict.fromkeys(teams))
    shared = len(set(teams)) < len(teams)
    columns = min(3, max(1, len(glads)))
    width = (CARDS_WIDTH - (columns + 1) * GAP) // columns
    placed: list[tuple[GladiatorCard, dict[str, Any], CardLook]] = []
    for g, team in zip(glads, teams, strict=True):
        # No coaching: it is the managers' secret, and the report keeps it apart.
        look = CardLook(team=f"Team {team}" if shared else None,
                        team_index=order.index(team), compact=True,
                        assess_name=assess.name if assess is not None else
                        "Assess the Situation")
        placed.append((GladiatorCard(theme, str(g.get("id"))), g, look))
    rows = [placed[i:i + columns] for i in range(0, len(placed), columns)]
    heights = [max(card.measure(g, look, width, wounded_at) for card, g, look in row)
               for row in rows]
    surface = pygame.Surface((CARDS_WIDTH, sum(heights) + GAP * (len(rows) + 1)))
    surface.fill(theme.palette.background)
    y = GAP
    for row, height in zip(rows, heights, strict=True):
        for i, (card, g, look) in enumerate(row):
            card.layout(pygame.Rect(GAP + i * (width + GAP), y, width, height))
            card.draw(surface, g, look, wounded_at)
        y += height + GAP
    return surface
