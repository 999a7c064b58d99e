"""The League screen: a league told in words (standings under named tie-breaks, kills
and deaths, each match's chances), a stable without leagues or a broken one in one
line, a match opened to be played, a forfeit after its question, the next round made
as `companion league round` makes it, the posts from the app, and the bracket as a
picture on the screen, as a PNG and in the HTML post."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from support.league_scene import CUP, EVENT, make_league
from support.stable_scene import no_stable

from companion import paths
from companion.ui.app import App
from tools.shots import press, pump, type_text


@pytest.fixture
def window() -> Iterator[App]:
    app = App(size=(1920, 1080))
    app.draw()
    yield app
    app.close()


def shown(app: App) -> list[str]:
    """Every text the screen drew, whole."""
    return [w.fit().text for w in app.screen.widgets()]  # type: ignore[union-attr]


def key(app: App, code: int, text: str = "", mod: int = 0) -> None:
    press(code, text, mod)
    pump(app)


def opened(app: App) -> App:
    make_league()
    app.show_setup("league")
    app.draw()
    return app


def test_the_start_screen_leads_to_the_leagues_by_e_and_esc_back(window):
    window.show_home()
    key(window, pygame.K_e, "e")
    assert type(window.screen).__name__ == "LeagueScreen"
    key(window, pygame.K_ESCAPE)
    assert type(window.screen).__name__ != "LeagueScreen"


def test_a_league_is_told_in_words(window):
    words = shown(opened(window))
    assert EVENT in words and CUP in words
    assert ("Ranked by points, then wins, then head-to-head, then opponents' points "
            "(Buchholz), then health lost, fewer first") in words
    assert {"kills", "deaths", "pts", "W"} <= set(words)
    assert "Round 1, deadline Sunday 20:00: 2 to play" in words
    assert words.count("50 % / 50 %") == 2  # a side's chance before his first match
    assert any(w.startswith("1. Brutus beat Aulus Cornelius") for w in words)
    assert any("forfeit (he did not appear)" in w for w in words)


def test_a_stable_without_leagues_says_so_and_a_broken_one_is_one_line(window):
    no_stable()
    window.show_setup("league")
    window.draw()
    assert any(w.startswith("There is no stable yet, so no league") for w in shown(window))
    paths.stable_path().parent.mkdir(parents=True, exist_ok=True)
    paths.stable_path().write_text("not a stable at all")
    window.show_setup("league")
    window.draw()
    screen = window.screen
    assert screen.view.broken and "\n" not in screen.view.note  # type: ignore[union-attr]
    assert "Traceback" not in screen.view.note  # type: ignore[union-attr]


def test_enter_opens_the_chosen_match_to_be_played_and_a_played_one_says_its_result(window):
    screen = opened(window).screen
    key(window, pygame.K_TAB)
    key(window, pygame.K_TAB)  # round the list to the first match, played
    assert screen.chosen_match.done  # type: ignore[union-attr]
    key(window, pygame.K_RETURN)
    assert window.screen is screen and screen.message.startswith("#1 Brutus beat")
    key(window, pygame.K_TAB, "", 0)
    key(window, pygame.K_TAB, "", 0)  # the third: to play
    chosen = screen.chosen_match  # type: ignore[union-attr]
    assert not chosen.done
    key(window, pygame.K_RETURN)
    assert type(window.screen).__name__ != "LeagueScreen"
    assert window.screen.session.own_file == Path(chosen.path)  # type: ignore[union-attr]


def test_a_forfeit_is_asked_first_and_the_next_round_is_made_from_the_screen(window):
    screen = opened(window).screen
    key(window, pygame.K_n, "n")
    type_text("Friday")
    key(window, pygame.K_RETURN)
    assert "no round made" in screen.message and "no result yet" in screen.message
    for _ in range(2):
        key(window, pygame.K_f, "f")
        assert screen.dialog is not None, screen.message  # type: ignore[union-attr]
        key(window, pygame.K_1, "1")
    card = screen.chosen  # type: ignore[union-attr]
    assert card.open_matches == 0
    assert sum("did not appear" in m.result for m in card.matches) == 3
    key(window, pygame.K_n, "n")
    type_text("Friday")
    key(window, pygame.K_RETURN)
    card = screen.chosen  # type: ignore[union-attr]
    assert card.round == 2 and card.deadline == "Friday" and card.open_matches == 4
    assert all(Path(m.path).is_file() for m in card.matches)
    assert screen.message == f"{EVENT}, round 2: 4 matches to play"


def test_the_posts_are_written_from_the_app(window):
    screen = opened(window).screen
    key(window, pygame.K_p, "p")
    key(window, pygame.K_b, "b")
    card = screen.chosen  # type: ignore[union-attr]
    folder = Path(card.folder)
    bbcode = next(folder.glob("*-round-1-post.bbcode.txt")).read_text()
    assert bbcode.startswith(f"[size=150][b]{EVENT}, round 1[/b][/size]")
    assert "written as" in screen.message
    key(window, pygame.K_p, "p")
    key(window, pygame.K_h, "h")
    page = next(folder.glob("*-round-1-post.html")).read_text()
    assert page.index('<img src="data:image/png;base64,') < page.index("<h2>Standings")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_bracket_is_drawn_on_the_screen_and_saved_as_a_png(window):
    from companion.ui.league.bracket import size_of
    from companion.ui.theme import Theme

    screen = opened(window).screen
    key(window, pygame.K_DOWN)
    key(window, pygame.K_b, "b")
    assert screen.showing_bracket and screen._picture is not None  # type: ignore[union-attr]
    assert "The bracket: B for the standings, S to save it as a PNG" in shown(window)
    key(window, pygame.K_s, "s")
    card = screen.chosen  # type: ignore[union-attr]
    png = next(Path(card.folder).glob("*-bracket.png")).read_bytes()
    assert card.name == CUP and card.bracket is not None
    # Four players: two matches, then the final; at 100 %, whatever the window's scale.
    assert [c.title for c in card.bracket.sections[0].columns] == ["Round 1", "Final"]
    assert png_size(png) == size_of(card.bracket, Theme())
