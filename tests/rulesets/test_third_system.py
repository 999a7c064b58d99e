"""A third rule system, added with one entry in each registry and no change anywhere
else (the coin-toss duel of `support/coin_toss.py`): the command-line verbs play it,
save, undo and replay; its own table loads, reads in its own words in the browser and
`companion table`, changes the game and is checked; the lab plays it; its report is
exported with its picture; and the app opens its screens."""

from __future__ import annotations

import json

import pygame
import pytest
from support.coin_toss import COIN, COIN_FACES_TABLE

from companion import paths
from companion.cli import main
from companion.dice.sources import ScriptedDice
from companion.games.registry import GAMES
from companion.ui import registry
from companion.ui.app import App
from companion.ui.host import SystemScreens
from tools.shots import press, pump


@pytest.fixture(autouse=True)
def coin_registered(monkeypatch):
    monkeypatch.setitem(GAMES, "coin", COIN)
    _own_table()
    monkeypatch.setitem(registry.PICTURES, "coin", "support.coin_toss:draw_coin")
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


def _own_table(**worth: int) -> None:
    """The game's table where its tables are read from: the user's folder stands in
    for the built-in one, which a game of the tests cannot have."""
    table = {**COIN_FACES_TABLE, "entries": [
        {**e, "points": worth.get(e["name"].lower(), e["points"])}
        for e in COIN_FACES_TABLE["entries"]]}
    folder = paths.user_tables_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "coin-faces.json").write_text(json.dumps(table))


def test_its_own_table_loads_reads_in_its_words_and_is_checked(capsys):
    from companion.tables.loader import load_tables

    _own_table(tails=2)
    table = load_tables().get("coin-faces")
    assert table.file.system == "coin" and [e.points for e in table.entries] == [1, 2]
    assert main(["table", "show", "coin-faces"]) == 0
    shown = capsys.readouterr().out
    assert "1 point for a right call" in shown and "2 points for a right call" in shown
    assert main(["check"]) == 0
    checked = capsys.readouterr().out
    assert "coin-faces.json: ok" in checked and "coin" in checked.splitlines()[-1]


def test_a_table_of_a_game_nobody_knows_is_refused_naming_the_games(capsys):
    folder = paths.user_tables_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "dice-faces.json"
    path.write_text(json.dumps({**COIN_FACES_TABLE, "id": "dice-faces", "system": "dice"}))
    assert main(["check", str(path)]) == 1
    assert "the game 'dice' is not one the companion knows (skirmish, battle, grimdark, " \
        "coin)" in capsys.readouterr().out


def test_its_table_changes_the_game(tmp_path, capsys):
    _own_table(tails=2)
    path = tmp_path / "coin.json"
    main(["new", "coin", "--players", "Ann,Bob", "--target", "2", "--out", str(path)])
    assert main(["act", str(path), "toss tails", "--dice", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[-3:] == [
        "Ann calls tails: tails", "Ann has 2", "Ann wins the toss-up"]


def test_the_lab_plays_it_and_the_report_shows_its_picture(tmp_path, capsys):
    assert main(["lab", "coin", "--bouts", "8", "--workers", "1"]) == 0
    assert "Heads-caller" in capsys.readouterr().out
    path = tmp_path / "coin.json"
    main(["new", "coin", "--players", "Ann,Bob", "--out", str(path)])
    main(["auto", str(path), "--seed", "5"])
    out = tmp_path / "coin.html"
    assert main(["export", str(path), "--format", "html", "--out", str(out)]) == 0
    assert out.read_text().count("data:image/png;base64,") >= 1
