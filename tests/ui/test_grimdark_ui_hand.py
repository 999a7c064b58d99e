"""A Grimdark hand: each move's name whole at any card width, and two copies of the
GM's chosen move shown chosen once."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from test_ui_grimdark_match import drawn, entry

from companion.ui.grimdark.card import CardLook, Pending
from companion.ui.theme import Theme

ASSESS = {"key": "assess-the-situation", "name": "Assess the Situation", "kind": "special",
          "attack": None, "modifier": 0, "playable": True, "why_not": None, "targets": [],
          "reaches": []}


@pytest.fixture
def theme() -> Iterator[Theme]:
    pygame.font.init()
    yield Theme()


CHARGE = {"key": "wild-charge", "name": "Wild Charge", "kind": "melee-attack",
          "attack": "melee", "modifier": -2, "playable": True, "why_not": None,
          "targets": ["b"], "reaches": ["melee"]}


@pytest.mark.parametrize("width", [180, 240, 320])
def test_a_moves_name_is_never_cut_on_its_card(theme: Theme, width: int) -> None:
    card, _ = drawn(theme, entry(hand=[ASSESS, CHARGE]), width=width)
    names = [w.fit() for w in card.widgets() if "Assess" in w.fit().text]
    assert names and not any(f.shortened or f.overflow for f in names)


def test_two_copies_of_the_chosen_move_show_it_chosen_once(theme: Theme) -> None:
    look = CardLook(pending=Pending("wild-charge", "Next turn: Wild Charge"))
    card, _ = drawn(theme, entry(hand=[CHARGE, dict(CHARGE)]), look)
    surface = pygame.Surface((340, 2000))
    card.draw(surface, entry(hand=[CHARGE, dict(CHARGE)]), look, 12)
    accent = tuple(theme.palette.accent)[:3]
    rects = [rect for rect, key in card.spots if key == "wild-charge"]
    assert len(rects) == 2
    filled = [tuple(surface.get_at((r.x + 3, r.bottom - 3)))[:3] == accent for r in rects]
    assert filled == [True, False]
