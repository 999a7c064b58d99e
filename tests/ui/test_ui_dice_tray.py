"""The dice tray as a player uses it: F3, typing, Enter, the chart of the odds beside
the field, a bar hovered; driven by posted events."""

from __future__ import annotations

import pygame
import pytest

from companion.dice.odds.expression import distribution
from companion.dice.oddschart import bars
from companion.dice.sources import ScriptedDice
from companion.ui.app import App
from companion.ui.tools.dice_tray import DiceTray
from tools.shots import press, pump, type_text


@pytest.fixture
def app():
    app = App()
    yield app
    app.close()


def _tray(app: App) -> DiceTray:
    press(pygame.K_F3)
    pump(app)
    tray = app.panel.view
    assert isinstance(tray, DiceTray)
    return tray


def _hover(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pump(app)


def test_f3_puts_the_cursor_in_the_dice_field(app):
    app.dice = ScriptedDice([3, 5])
    tray = _tray(app)
    assert tray.field.focused
    type_text("2d6")
    press(pygame.K_RETURN)
    pump(app)
    assert [r.total for r in tray.history] == [8]


def test_the_field_clears_after_a_roll_and_the_roll_stays_in_the_history(app):
    app.dice = ScriptedDice([2, 5, 5, 1, 4])
    tray = _tray(app)
    type_text("4d6kh3")
    press(pygame.K_RETURN)
    pump(app)
    assert tray.field.text == ""
    type_text("d6")
    press(pygame.K_RETURN)
    pump(app)
    first = tray.history[1]
    assert first.notation == "4d6kh3" and first.total == 12
    assert [(d.face, d.kept) for d in first.dice] == [(2, True), (5, True), (5, True),
                                                      (1, False)]


def test_the_chart_follows_the_typing(app):
    tray = _tray(app)
    type_text("4d6kh3")
    pump(app)
    assert tray.odds == distribution("4d6kh3") and not tray.odds_error
    assert tray.chart_words == "4d6kh3: 3 to 18, 12.2 on average"
    assert len(tray._bars) == 16, "a bar for each total, 3 to 18"
    type_text("+1")
    pump(app)
    assert tray.odds == distribution("4d6kh3+1")


def test_a_typo_shows_its_one_line_message_not_a_chart(app):
    tray = _tray(app)
    type_text("d6/0")
    pump(app)
    assert tray.odds is None and tray._bars == []
    assert tray.odds_error.startswith("division by zero after '/' at column 4")
    assert "\n" not in tray.odds_error
    press(pygame.K_BACKSPACE)
    type_text("2")
    pump(app)
    assert tray.odds == distribution("d6/2") and not tray.odds_error


def test_odds_too_big_to_work_out_say_so_in_one_line(app):
    tray = _tray(app)
    type_text("1000d6e6")
    pump(app)
    assert tray.odds is None and "possible totals" in tray.odds_error


def test_the_roll_is_marked_on_the_chart_of_its_odds(app):
    app.dice = ScriptedDice([6, 6, 1])
    tray = _tray(app)
    type_text("3d6")
    press(pygame.K_RETURN)
    pump(app)
    assert tray.mark == 13 and tray.odds == distribution("3d6")
    marked = [bar for _, bar in tray._bars if bar.holds(13)]
    assert len(marked) == 1
    assert tray.chart_words.endswith("rolled 13")


def test_a_bar_hovered_tells_this_or_better_and_this_or_worse(app):
    tray = _tray(app)
    type_text("2d6")
    pump(app)
    rect, bar = tray._bars[10]  # the bar of 12
    _hover(app, rect.center)
    assert tray.hovered == bar and bar.low == 12
    assert tray.chart_words == "12: 2.8%   12 or better: 2.8%   12 or worse: 100%"
    rect, _ = tray._bars[5]  # 7
    _hover(app, rect.center)
    assert tray.chart_words == "7: 16.7%   7 or better: 58.3%   7 or worse: 58.3%"
    _hover(app, (1, 1))
    assert tray.hovered is None


def test_emptying_the_field_brings_back_the_last_roll(app):
    app.dice = ScriptedDice([4])
    tray = _tray(app)
    type_text("d20")
    press(pygame.K_RETURN)
    type_text("3d6")
    pump(app)
    assert tray.mark is None and tray.odds == distribution("3d6")
    press(pygame.K_ESCAPE)
    pump(app)
    assert tray.mark == 4 and tray.odds == distribution("d20")


def test_many_totals_share_bars_as_wide_as_fit():
    odds = distribution("100d10")
    shown = bars(odds, 50)
    assert len(shown) <= 50
    assert shown[0].low == 100 and shown[-1].high == 1000
    assert sum(bar.chance for bar in shown) == 1


def test_a_die_that_exploded_is_marked_in_the_tray(app):
    app.dice = ScriptedDice([6, 6, 2, 3])
    tray = _tray(app)
    type_text("2d6!")
    press(pygame.K_RETURN)
    pump(app)
    assert tray.history[-1].total == 17
    assert tray.faces_shown == ["6!", "6!", "2", "3"]
