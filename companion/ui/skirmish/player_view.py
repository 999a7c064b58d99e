"""The arena on the player's window: the board large, the tokens with their strength
bars and facing, the wounds floating up as they land. None of the GM's aids: no
reachable hexes, no path, no targets, no arcs (they are his, while he chooses)."""

from __future__ import annotations

from typing import Any

import pygame

from companion.rulesets.skirmish.events import Appealed, BoutOver, SkillGained, SpecialEvent
from companion.rulesets.skirmish.state import State
from companion.rulesets.skirmish.words import weapon_words
from companion.ui.player.view import PlayerView
from companion.ui.skirmish.board import Overlay, SkirmishBoard
from companion.ui.skirmish.panel import pct
from companion.ui.theme import Theme
from companion.ui.widgets.board_view import BoardView


class SkirmishPlayerView(PlayerView):
    banner_kinds = frozenset(k.kind for k in (SpecialEvent, Appealed, BoutOver, SkillGained))

    def __init__(self, theme: Theme, screen: Any) -> None:
        super().__init__(theme, screen)
        self.view = BoardView(self.state.board, theme)
        self.board = SkirmishBoard(self.view, theme)
        self.overlay = Overlay()

    @property
    def state(self) -> State:
        return self.session.state

    def turn_words(self) -> str:
        state = self.state
        if state.phase == "over":
            winners = [self.screen.shown_name(g) for g in state.gladiators
                       if g.side == state.winner and state.winner is not None]
            return f"The bout is over: {' and '.join(winners)} won" if winners else \
                "The bout is over: no winner"
        if state.phase == "setup":
            return "The bout is about to begin"
        if state.phase == "appeal" and state.appeals:
            return f"{self.screen.shown_name(state.appeals[0])} appeals to the crowd"
        g = state.current()
        if g is None:
            return "The bout goes on"
        side = f" ({g.side})" if g.side else ""
        name = f"{self.screen.shown_name(g)}{side}"
        if state.phase == "ap":
            return f"Turn {state.turn_number}: {name} rolls for AP"
        return f"Turn {state.turn_number}: {name}, {g.ap} AP left"

    def odds_words(self) -> list[str]:
        odds = getattr(self.screen, "odds", None)
        if odds is None:
            return []
        state = self.state
        who = f"{self.screen.shown_name(odds.attacker)} at {self.screen.shown_name(odds.target)}"
        what = weapon_words(state, odds.weapon)
        if odds.kind == "cast":
            return [f"{who}, {what}: entangles {pct(odds.p_entangle)}"]
        return [f"{who}, {what}: hits {pct(odds.p_hit)}, wounds {pct(odds.p_wounded)}, "
                f"beats him {pct(odds.p_beaten)}"]

    def moving(self) -> bool:
        gm = getattr(self.screen, "overlay", None)
        return bool(gm is not None and (gm.floats or gm.slides))

    def key(self) -> tuple[Any, ...]:
        odds = getattr(self.screen, "odds", None)
        return (*super().key(), id(odds))

    def draw_main(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.view.set_rect(rect)
        # The wounds floating up and the pushbacks sliding, as on the GM's board; his
        # highlights stay his.
        gm = getattr(self.screen, "overlay", None)
        if gm is not None:
            self.overlay.floats, self.overlay.slides = gm.floats, gm.slides
        self.board.draw(surface, self.state, self.overlay, None)
