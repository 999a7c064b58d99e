"""The pictures of a report, drawn headless at chosen moments of the session by each
game's own drawer (named in `ui/registry.py`: the skirmish's arena, the duel's or the
match's cards, as their screens draw them), each encoded as PNG bytes.

Everything is drawn on off-screen surfaces with the screens' own widgets: no window
is opened, and it works under SDL_VIDEODRIVER=dummy. Only pygame's font module is
started (and left as it was found), since drawing needs nothing else. What the
pictures show is public: a Grimdark card is drawn without its coaching.

The export command imports this module lazily, only for `--format html`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from companion.reports import png
from companion.reports.moments import Moment, Picture, states_at
from companion.session.session import Session
from companion.ui.theme import Theme

ARENA_SIZE = (640, 700)
CARDS_WIDTH = 900
GAP = 12

Drawer = Callable[[Session, Any, Theme], pygame.Surface]


def pictures(session: Session, moments: Sequence[Moment]) -> list[Picture]:
    """One picture a moment, in the order asked (UserError for a turn never played)."""
    from companion.ui.registry import load, picture_for

    target = picture_for(session.ruleset.id)
    if target is None or not moments:
        return []  # a game without a picture: its HTML report is words and rolls alone
    draw: Drawer = load(target)
    states = states_at(session, moments)
    started = pygame.font.get_init()
    if not started:
        pygame.font.init()
    try:
        theme = Theme()
        out = []
        for moment, state in states:
            surface = draw(session, state, theme)
            out.append(Picture(moment=moment, png=png_bytes(surface),
                               width=surface.get_width(), height=surface.get_height()))
        return out
    finally:
        if not started:
            pygame.font.quit()


def png_bytes(surface: pygame.Surface) -> bytes:
    """The picture as `companion.reports.png` packs it: a third of pygame's own PNG."""
    width, height = surface.get_size()
    return png.encode(width, height, pygame.image.tobytes(surface, "RGBX"))
