"""The app window: opens at 1280x800 with the empty arena, and closes cleanly."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from companion import APP_NAME
from companion.cli import main
from companion.ui.app import App
from companion.ui.launch import display_available


@pytest.fixture
def app():
    app = App()
    yield app
    app.close()


def post_key(key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


def test_the_window_is_titled_resizable_and_1280_by_800(app):
    assert app.window.title == APP_NAME
    assert app.window.size == (1280, 800)
    assert app.window.minimum_size == (1024, 640)
    assert app.window.resizable


def test_the_whole_10x12_arena_fits_left_of_the_panel(app):
    assert len(app.board.hexes()) == 120
    layout = app.board_view.layout
    area = app.board_view.rect
    for hex_ in app.board.hexes():
        for x, y in layout.hex_corners(hex_):
            assert area.left <= x <= area.right and area.top <= y <= area.bottom
    assert area.right <= app.panel_rect.left


def test_ctrl_q_closes_the_app(app):
    post_key(pygame.K_q, pygame.KMOD_LCTRL)
    assert app.run() == 0
    assert not app.running


def test_the_close_button_closes_the_app(app):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run() == 0
    assert not app.running


def test_a_plain_q_does_not_close_the_app(app):
    post_key(pygame.K_q)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()
    assert app.frames_drawn >= 1


def test_a_resized_window_lays_the_arena_out_again(app):
    app.window.size = (1024, 640)
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=1024, y=640))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()
    assert app.panel_rect.right == 1024
    assert app.board_view.rect.height < 640
    layout = app.board_view.layout
    corners = [c for h in app.board.hexes() for c in layout.hex_corners(h)]
    assert max(y for _, y in corners) <= app.board_view.rect.bottom


def test_smoke_makes_and_draws_the_start_screen_and_exits_zero(monkeypatch):
    shown = []
    real = App.show_home
    monkeypatch.setattr(App, "show_home", lambda self: shown.append(real(self)))
    assert main(["--smoke"]) == 0
    assert len(shown) == 1


def test_smoke_fails_in_one_line_when_the_start_screen_cannot_be_made(monkeypatch, capsys):
    import companion.ui.skirmish.setup as setup

    def broken(host):
        raise ValueError("a kit file\nthat breaks the start screen")

    monkeypatch.setattr(setup, "gladiator_choices", broken)
    assert main(["--smoke"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "start-up failed: ValueError: a kit file that breaks the start screen" in err


def test_a_display_is_needed_unless_a_driver_is_asked_for():
    assert not display_available({}, "linux")
    assert display_available({"DISPLAY": ":0"}, "linux")
    assert display_available({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert display_available({"SDL_VIDEODRIVER": "dummy"}, "linux")
    assert display_available({}, "win32")


def test_without_a_display_companion_says_so_in_one_line_and_fails():
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    done = subprocess.run(
        [sys.executable, "-m", "companion"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode != 0
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "no display" in lines[0]
    assert "Traceback" not in done.stderr
