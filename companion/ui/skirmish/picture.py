"""The hex skirmish's picture in a report: the arena as the board view draws it."""

from __future__ import annotations

from typing import Any

import pygame

from companion.session.session import Session
from companion.ui.reports.pictures import ARENA_SIZE
from companion.ui.theme import Theme


def draw_arena(session: Session, state: Any, theme: Theme) -> pygame.Surface:
    """The board view with the tokens where they stand (a beaten man where he fell),
    and the loose items; no highlights, since nobody is choosing anything."""
    from companion.ui.skirmish.board import Overlay, SkirmishBoard
    from companion.ui.widgets.board_view import BoardView

    surface = pygame.Surface(ARENA_SIZE)
    surface.fill(theme.palette.background)
    view = BoardView(state.board, theme)
    view.set_rect(surface.get_rect())
    SkirmishBoard(view, theme).draw(surface, state, Overlay(), None)
    return surface
