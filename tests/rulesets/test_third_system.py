"""A third rule system, added with one line in each registry and no change to the
window, the session or the command line (the coin-toss duel of `support/coin_toss.py`):
the command-line verbs play it, save, undo and replay; the app opens its screens."""

from __future__ import annotations

import json

import pygame
import pytest

from companion.cli import main
from companion.dice.sources import ScriptedDice
from companion.games import GAMES, Game
from companion.ui import registry
from companion.ui.app import App
from companion.ui.host import SystemScreens
from tools.shots import press, pump


@pytest.fixture(autouse=True)
def coin_registered(monkeypatch):
    monkeypatch.setitem(GAMES, "coin", Game("support.coin_toss:CoinRules"))
    monkeypatch.setitem(registry.SCREENS, "coin", SystemScreens(
        "coin", "support.coin_toss:CoinSetup", "support.coin_toss:CoinScreen",
        "Coin-toss duel", "c"))


def test_the_command_line_plays_saves_undoes_and_replays_it(tmp_path, capsys):
    path = tmp_path / "coin.json"
    assert main(["new", "coin", "--players", "Ann,Bob", "--target", "2",
                 "--out", str(path)]) == 0
    assert main(["act", str(path), "toss heads", "--dice", "1"]) == 0
    assert main(["act", str(path), '{"type": "toss", "call": "tails"}', "--dice", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Bob calls tails: heads"
    assert main(["undo", str(path)]) == 0
    assert len(json.loads(path.read_text())["journal"]) == 1
    assert main(["redo", str(path)]) == 0
    assert main(["auto", str(path), "--seed", "5"]) == 0
    capsys.readouterr()
    assert main(["replay", str(path), "--json"]) == 0
    final = json.loads(capsys.readouterr().out)
    assert final["winner"] in (0, 1) and final["log"][0] == "Ann calls heads: heads"
    assert main(["show", str(path)]) == 0
    assert "won" in capsys.readouterr().out


def test_typed_dice_that_do_not_fit_change_nothing(tmp_path, capsys):
    path = tmp_path / "coin.json"
    main(["new", "coin", "--players", "Ann,Bob", "--out", str(path)])
    before = path.read_text()
    assert main(["act", str(path), "toss heads", "--dice", "3"]) == 2
    assert main(["act", str(path), "toss heads", "--dice", "1,2"]) == 2
    assert main(["act", str(path), "toss heads", "--dice", ""]) == 2
    err = capsys.readouterr().err
    assert "impossible on a d2" in err and "too many" in err
    assert path.read_text() == before


def test_a_changed_die_in_the_file_is_noticed(tmp_path, capsys):
    path = tmp_path / "coin.json"
    main(["new", "coin", "--players", "Ann,Bob", "--out", str(path)])
    main(["act", str(path), "toss heads", "--dice", "1"])
    data = json.loads(path.read_text())
    data["journal"][0]["rolls"][0]["faces"] = [2]  # possible, but not what happened
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    assert "journal[0] (toss): the replay differs from what was recorded" in \
        capsys.readouterr().err


def test_the_app_opens_its_screens_and_plays_it(tmp_path):
    app = App()
    try:
        app.draw()
        app.show_setup("coin")
        pump(app)
        assert type(app.screen).__name__ == "CoinSetup"
        press(pygame.K_RETURN)
        pump(app)
        screen = app.screen
        assert type(screen).__name__ == "CoinScreen"
        screen.rolled = ScriptedDice([1, 2])
        press(pygame.K_h, "h")
        press(pygame.K_h, "h")
        pump(app)
        assert screen.session.state.points == [1, 0]
        assert screen.message == "Bob calls heads: tails"
        press(pygame.K_z, mod=pygame.KMOD_LCTRL)
        pump(app)
        assert len(screen.session.journal) == 1
        saved = tmp_path / "coin.json"
        screen.save(saved)
        app.open_file(saved)
        pump(app)
        assert app.screen is not screen and app.screen.session.state.points == [1, 0]
        assert "Ann calls heads: heads" in app.screen.session.log
    finally:
        app.close()
