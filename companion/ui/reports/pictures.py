"""The pictures of a report, drawn headless: the arena of a skirmish as the board view
draws it, or the cards of a battle-system duel or a Grimdark match as their screens
draw them, at chosen moments of the session, each encoded as PNG bytes.

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
    draw = DRAWERS.get(session.ruleset.id)
    if draw is None or not moments:
        return []
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


# --- the hex skirmish: the arena ------------------------------------------------------
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


# --- the battle system: the two tracker cards -----------------------------------------
def draw_tracker_cards(session: Session, state: Any, theme: Theme) -> pygame.Surface:
    from companion.rulesets.battle.state import SIDES
    from companion.ui.battle.tracker_card import TrackerCard

    width = (CARDS_WIDTH - 3 * GAP) // 2
    cards = []
    for side in SIDES:
        card = TrackerCard(theme, side, state.tables, lambda _action: False,
                           state.display_name)
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


# --- Grimdark Gladiators: a card a gladiator ------------------------------------------
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


# A system not named here has no pictures: its HTML report is words and rolls alone.
DRAWERS: dict[str, Drawer] = {
    "skirmish": draw_arena,
    "battle": draw_tracker_cards,
    "grimdark": draw_grimdark_cards,
}
