"""The app's Export: a button on every game screen (and Ctrl+E, pressed in
test_ui_keys and test_ui_grimdark_match) opens the dialog of formats; the report is
always written to a file, beside the session once it is saved, and the text formats
are copied to the clipboard; the HTML page, with its pictures, is a file only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from test_ui_grimdark_match import match
from test_ui_keys import bout, duel, key

from companion import paths
from companion.ui.app import App
from tools.shots import click, pump


def export_button(app: App, screen: Any) -> Any:
    app.draw()
    found = [w for w in [*screen.widgets(), *app.panel.widgets()]
             if getattr(w, "label", None) == "Export (Ctrl+E)"]
    assert found, "no Export button shown"
    return found[0]


@pytest.mark.parametrize("game", ["bout", "duel", "match"])
def test_every_game_screen_has_an_export_button_that_opens_the_formats(app: App,
                                                                       game: str) -> None:
    screen = {"bout": bout, "duel": duel, "match": match}[game](app)
    click(export_button(app, screen).rect.center)
    pump(app)
    assert screen.dialog is not None
    labels = [b.label for b in screen.dialog.buttons]
    assert labels == ["Markdown (M)", "Forum BBCode (B)", "Discord (D)",
                      "HTML page, with pictures (H)", "Cancel (Esc)"]
    assert "in your reports folder" in screen.dialog.lines[0]
    key(app, pygame.K_ESCAPE)
    assert screen.dialog is None


def test_a_text_format_is_written_and_copied_to_the_clipboard(app: App) -> None:
    screen = bout(app)
    pygame.scrap.put_text("something else")
    key(app, pygame.K_e, mod=pygame.KMOD_LCTRL)
    key(app, pygame.K_b, "b")
    written = paths.user_data_dir() / "reports" / f"{screen.kept_path().stem}.bbcode.txt"
    text = written.read_text(encoding="utf-8")
    assert "[b]Brutus[/b]" in text and pygame.scrap.get_text() == text
    assert screen.message == ("Forum BBCode report copied to the clipboard and written as "
                              f"{written.name} in {written.parent}")


def test_the_html_page_is_a_file_only_beside_the_saved_session(app: App, tmp_path: Path) -> None:
    screen = bout(app)
    screen.save(tmp_path / "saturday.json")
    pygame.scrap.put_text("kept")
    key(app, pygame.K_e, mod=pygame.KMOD_LCTRL)
    assert "beside its file" in screen.dialog.lines[0]
    key(app, pygame.K_h, "h")
    page = (tmp_path / "saturday.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count("<img ") == 2
    assert pygame.scrap.get_text() == "kept"
    assert screen.message == (f"report written as saturday.html in {tmp_path} "
                              "(a file only: it carries pictures)")


def test_a_report_that_cannot_be_written_says_so_on_one_line(app: App, tmp_path: Path) -> None:
    screen = bout(app)
    screen.save(tmp_path / "bout.json")
    (tmp_path / "bout.md").mkdir()  # a folder where the report would go
    key(app, pygame.K_e, mod=pygame.KMOD_LCTRL)
    key(app, pygame.K_m, "m")
    assert screen.message_is_error and screen.message.startswith("cannot write the report")
    assert "\n" not in screen.message
