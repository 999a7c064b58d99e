"""A league match opened in the window shows each side's chance of winning by the
league's ratings beside the exact odds of the next exchange; any other game shows
none."""

from __future__ import annotations

from pathlib import Path

import pygame
from support.league_scene import EVENT, make_league

from companion.league import records
from companion.stable.store import Stable
from companion.ui.app import App
from tools.shots import press, pump


def an_open_match() -> Path:
    make_league()
    with Stable.open(create=False) as stable:
        league = records.league_named(stable, EVENT)
        return Path(next(m for m in records.matches(stable, league.id) if not m.done)
                    .session_path)


def test_a_league_match_shows_its_chances_beside_the_odds():
    path = an_open_match()
    app = App(size=(1280, 800))
    try:
        app.draw()
        app.open_file(path)
        app.draw()
        screen = app.screen
        chance = screen.league_chance
        assert chance.startswith(f"{EVENT}'s ratings: ") and chance.endswith(
            " to win the match")
        assert chance.count(" %") == 2
        while screen.due_now() != "act":  # the initiative rolled: an attack is due
            press(pygame.K_RETURN)
            pump(app)
        app.draw()
        words = [w.fit().text for w in screen.widgets()]
        odds = next(i for i, w in enumerate(words) if w.startswith("whiff "))
        assert words[odds + 1] == chance  # right under the exchange's odds
    finally:
        app.close()


def test_a_game_of_no_league_shows_no_chances(tmp_path):
    from companion.cli import main

    duel = tmp_path / "duel.json"
    assert main(["new", "battle", "Hammer Rookie", "Spear Rookie", "--out", str(duel)]) == 0
    app = App(size=(1280, 800))
    try:
        app.draw()
        app.open_file(duel)
        app.draw()
        assert app.screen.league_chance == ""
    finally:
        app.close()
