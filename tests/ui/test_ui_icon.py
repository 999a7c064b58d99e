"""Both windows show the app's own icon: the main window at its start and the player's
window when it opens; an icon that cannot be read never stops a start."""

from __future__ import annotations

import pygame

from companion import paths
from companion.ui import icon


class Window:
    def __init__(self) -> None:
        self.icons: list[pygame.Surface] = []

    def set_icon(self, surface: pygame.Surface) -> None:
        self.icons.append(surface)


def test_a_window_is_given_the_64_pixel_icon():
    window = Window()
    icon.show_icon(window)  # type: ignore[arg-type]
    [given] = window.icons
    assert given.get_size() == (64, 64)
    assert paths.icon_path(64).is_file()


def test_an_icon_that_cannot_be_read_leaves_the_desktop_s_own(monkeypatch, tmp_path):
    monkeypatch.setattr(paths, "icon_path", lambda size: tmp_path / "no-such-icon.png")
    window = Window()
    icon.show_icon(window)  # type: ignore[arg-type]
    assert window.icons == []


def test_the_app_shows_it_on_its_window(monkeypatch):
    from companion.ui import app as app_module

    shown: list[object] = []
    monkeypatch.setattr(app_module, "show_icon", shown.append)
    window = app_module.App()
    try:
        assert shown == [window.window]
    finally:
        window.close()
