"""The battle system's two gladiators on the hex board, where the players stood
them, each facing the other: drawn the same on the GM's board and the players'."""

from __future__ import annotations

import pygame

from companion.core.facing import facing_towards
from companion.core.hexgrid import Board, Layout
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.state import SIDES, BattleState
from companion.ui.theme import Theme
from companion.ui.widgets.tokens import TokenLook, draw_token


def draw_fighters(surface: pygame.Surface, layout: Layout, board: Board, state: BattleState,
                  tables: BattleTables, theme: Theme, active: str | None) -> None:
    """Each gladiator placed so far, his token ringed when he is `active`."""
    spots = {side: board.from_label(label) for side, label in state.positions.items()}
    for i, side in enumerate(SIDES):
        if side not in spots:
            continue
        f = state.fighters[side]
        other = spots.get("b" if side == "a" else "a")
        facing = facing_towards(spots[side], other) if other is not None else 0
        look = TokenLook(hex=spots[side], facing=facing, initials=f.name[:2].title(),
                         side_index=i, side_letter=side.upper(), strength=f.health,
                         full_strength=f.max_health, shield_dir=None, weapon_dir=None,
                         out=f.health <= tables.dead_at(), active=side == active)
        draw_token(surface, layout, look, theme)
