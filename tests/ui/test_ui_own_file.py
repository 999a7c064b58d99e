"""Once the player has a file of his own (saved with Ctrl+S, or opened), every change
goes to it as well as to the autosave, and still does after Resume; a file that holds
another game by then is left alone, and he is told."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest
from test_ui_soak import duel_scenario

from companion.ui.app import App
from tools.shots import press, pump


def journal_of(path: Path) -> list[Any]:
    return json.loads(path.read_text())["journal"]


def started(app: App) -> Any:
    assert app.start_session("skirmish", duel_scenario(both_human=True), seed=3) is None
    screen = app.screen
    assert screen is not None
    return screen


def test_after_ctrl_s_each_action_is_written_to_his_file_too(app: App,
                                                              tmp_path: Path) -> None:
    screen = started(app)
    his = tmp_path / "saturday.json"
    screen.save(his)
    before = len(journal_of(his))
    press(pygame.K_SPACE, " ")
    pump(app)
    assert len(screen.session.journal) == before + 1
    assert len(journal_of(his)) == before + 1
    press(pygame.K_z, mod=pygame.KMOD_LCTRL)
    pump(app)
    assert len(journal_of(his)) == before
    # Where he keeps it is the autosave's business, never written in his own file.
    assert "own_file" not in json.loads(his.read_text())
    assert json.loads(app.autosave_path().read_text())["own_file"] == str(his)


def played_and_closed(his: Path) -> str:
    """A bout saved to `his` file, one action more, and the window closed: the
    autosave's text."""
    first = App()
    try:
        first.draw()
        started(first).save(his)
        press(pygame.K_SPACE, " ")
        pump(first)
        return first.autosave_path().read_text()
    finally:
        first.close()


def test_after_resume_the_game_still_goes_to_his_file(tmp_path: Path) -> None:
    his = tmp_path / "saturday.json"
    played_and_closed(his)
    played = len(journal_of(his))
    again = App()
    try:
        again.draw()
        again.resume()
        screen = again.screen
        assert screen is not None and screen.save_path == his
        press(pygame.K_z, mod=pygame.KMOD_LCTRL)
        pump(again)
        assert len(screen.session.journal) == played - 1
        assert len(journal_of(his)) == played - 1
    finally:
        again.close()


def test_a_file_that_holds_another_game_by_then_is_left_alone(tmp_path: Path) -> None:
    his = tmp_path / "saturday.json"
    other = played_and_closed(his)
    # He saved another game over it since (begun at another moment).
    data = json.loads(other)
    data.pop("own_file")
    data["created"] = "2026-01-01T00:00:00+00:00"
    his.write_text(json.dumps(data))
    kept = his.read_bytes()
    again = App()
    try:
        again.draw()
        again.resume()
        screen = again.screen
        assert screen is not None and screen.save_path is None
        assert again.note == ("saturday.json holds another game now: this game goes to "
                              "the autosave until you save it (Ctrl+S)")
        press(pygame.K_z, mod=pygame.KMOD_LCTRL)
        pump(again)
        assert len(screen.session.journal) == len(data["journal"]) - 1
        assert his.read_bytes() == kept
    finally:
        again.close()


@pytest.mark.parametrize("named", ["bad\x00name.json", "odd\ud800.json", "/", ""])
def test_an_autosave_naming_a_file_no_system_can_open_still_resumes(
        tmp_path: Path, named: str) -> None:
    his = tmp_path / "saturday.json"
    data = json.loads(played_and_closed(his))
    data["own_file"] = named
    again = App()
    try:
        again.autosave_path().write_text(json.dumps(data), encoding="utf-8",
                                         errors="surrogatepass")
        again.draw()
        again.resume()
        screen = again.screen
        # It opens (a name the JSON reader refuses sends it to the backup, and says
        # so), and the name is never written to.
        assert screen is not None and screen.save_path is None
        assert screen.session.own_file is None
        assert len(screen.session.journal) in (len(data["journal"]) - 1,
                                               len(data["journal"]))
    finally:
        again.close()
