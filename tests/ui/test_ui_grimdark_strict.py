"""A strict verifiable match in the Grimdark screen: a click on a card of a hand, the
GM's choice in any other match, is refused with the strict match's one line; Enter
still plays the coaching's moves."""

from __future__ import annotations

from typing import Any

import pygame
from test_ui_grimdark_match import key, last_action, match

from companion.dice.derived import new_seed
from companion.session.fair import Fair
from tools.shots import click, pump


def test_a_strict_match_refuses_a_move_chosen_by_hand(app: Any) -> None:
    screen = match(app)
    session = screen.session
    # Salted and closed (the start is played), strict: as `new --strict` makes it.
    session.seed = new_seed()
    session.fair = Fair("ab" * 32, ("Lord Smash", "Sewer Beast"), closed=True, strict=True)
    rect, _move = screen.cards["a"].spots[0]
    click(rect.center)
    pump(app)
    assert not screen.pending and screen.message_is_error
    assert screen.message == ("a strict match: every move is the coaching's; Lord Smash's "
                              "move may not be chosen by hand")
    key(app, pygame.K_RETURN)
    assert all(m.get("why") for m in last_action(screen)["moves"].values())
