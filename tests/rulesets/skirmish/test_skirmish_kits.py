"""Saved custom kits: a gladiator who is none of the 13 types, offered on the start
screen; a broken kit file is named and skipped."""

from __future__ import annotations

import json

from companion.cli import main
from companion.rulesets.skirmish.kits import kits_dir, saved_kits

NET_FIGHTER = {
    "format": "companion-kit",
    "name": "Net fighter",
    "kit": {"weapons": [{"weapon": "sword", "side": "right"},
                        {"weapon": "net", "side": "left"}],
            "armour": "light-armour"},
}


def save(name: str, data) -> None:
    kits_dir().mkdir(parents=True, exist_ok=True)
    path = kits_dir() / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def test_a_saved_kit_is_read_from_the_kits_folder():
    save("net.json", NET_FIGHTER)
    kits, problems = saved_kits()
    assert [k.name for k in kits] == ["Net fighter"] and problems == []
    assert kits[0].kit["armour"] == "light-armour"


def test_a_kit_with_an_unknown_weapon_is_named_and_skipped():
    bad = dict(NET_FIGHTER, kit={"weapons": [{"weapon": "laser", "side": "right"}]})
    save("bad.json", bad)
    save("broken.json", '{"format": "companion-kit", "name": ')
    save("net.json", NET_FIGHTER)
    kits, problems = saved_kits()
    assert [k.name for k in kits] == ["Net fighter"]
    assert any("kit.weapons[0].weapon: 'laser'" in p for p in problems)
    assert any("broken.json: line 1" in p for p in problems)


def test_check_validates_kit_files(capsys):
    good = save("net.json", NET_FIGHTER)
    bad = save("bad.json", dict(NET_FIGHTER, kit={"armour": "plate"}))
    assert main(["check", str(good)]) == 0
    assert main(["check", str(bad)]) == 1
    assert "kit.armour: 'plate'" in capsys.readouterr().out


def test_the_start_screen_offers_a_saved_kit(tmp_path):
    import pygame

    from companion.ui.app import App
    from tools.shots import pump

    save("net.json", NET_FIGHTER)
    app = App()
    try:
        app.draw()
        app.show_home()
        labels = [label for label, _ in app.screen.types]
        assert labels[-1] == "Net fighter (kit)" and len(labels) == 14
        app.screen.rows[1].type_index = len(labels) - 1
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r"))
        pump(app)
        fighter = app.screen.state.gladiators[1]
        assert fighter.name == "Net fighter" and fighter.type == "custom"
        assert [h.weapon for h in fighter.weapons] == ["sword", "net"]
    finally:
        app.close()


def test_the_start_screen_names_a_broken_table_file_and_plays_with_the_built_in_one():
    from companion import paths
    from companion.ui.app import App

    folder = paths.user_tables_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "skirmish-ap.json").write_text('{"id": "skirmish-ap", "title": 3}')
    app = App()
    try:
        app.draw()
        app.show_home()
        assert "skipped a broken table file" in app.screen.message
        assert "skirmish-ap.json" in app.screen.message
        assert not app.tables.overridden("skirmish-ap")
    finally:
        app.close()
