"""The skirmish's start screen offers the stable's gladiators after the types and the
kits: Left from the first type reaches them. One chosen brings his name, skills and
day into the bout, with the experience rule on, and cannot be chosen twice."""

from __future__ import annotations

import json

import pygame
from support.skirmish_careers import bout, gladiator

from companion.cli import main
from companion.stable.recording import preview, record
from companion.stable.store import Stable
from companion.ui.skirmish.setup import SkirmishSetup
from tools.shots import press, pump


def key(app, code: int, text: str = "") -> None:
    press(code, text)
    pump(app)


def add_quintus(tmp_path, skills: list[str]) -> None:
    sheet = tmp_path / "quintus.json"
    sheet.write_text(json.dumps({"format": "companion-skirmish-gladiator", "name": "Quintus",
                                 "type": "samnite", "skills": skills}), "utf-8")
    assert main(["stable", "add", str(sheet)]) == 0


def start_screen():
    from companion.ui.app import App

    app = App()
    app.draw()
    app.show_home()
    app.draw()
    assert isinstance(app.screen, SkirmishSetup)
    return app


def test_left_from_the_first_type_chooses_a_gladiator_of_the_stable(tmp_path):
    add_quintus(tmp_path, ["extra-ap", "popular"])
    app = start_screen()
    try:
        setup = app.screen
        key(app, pygame.K_LEFT)
        row = setup.rows[0]
        assert setup.types[row.type_index][0] == "Quintus (stable, 2 skills)"
        assert row.name.text == "Quintus"
        app.draw()
        words = [w.fit().text for w in setup.widgets()]
        assert "Stable" in words and ("Quintus, of the stable: Samnite; skills Quick, "
                                      "Popular") in words
        key(app, pygame.K_RETURN)
        session = app.screen.session
        quintus = session.setup["gladiators"][0]
        assert quintus["name"] == "Quintus" and quintus["skills"] == ["extra-ap", "popular"]
        assert session.setup["options"]["experience"] is True
    finally:
        app.close()


def test_right_again_gives_back_a_type_and_an_empty_name(tmp_path):
    add_quintus(tmp_path, [])
    app = start_screen()
    try:
        setup = app.screen
        key(app, pygame.K_LEFT)
        key(app, pygame.K_RIGHT)
        row = setup.rows[0]
        assert not setup.campaigner(row) and row.name.text == ""
    finally:
        app.close()


def test_his_day_comes_with_him_the_men_he_beat_and_the_crowds_mercy():
    session = bout([gladiator("Quintus", "samnite"), gladiator("Julius", "myrmillo")], 1)
    with Stable.open() as stable:
        record(preview(session, stable, {}, "bout.json"), stable)
    app = start_screen()
    try:
        setup = app.screen
        labels = [label for label, _ in setup.types]
        quintus = labels.index("Quintus (stable, 1 skill)")
        setup.rows[0].type_index = quintus - 1
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
        started = app.screen.session.setup
        assert started["gladiators"][0]["defeated_today"] == 1
        assert started["spared_today"] == 1  # Julius, spared in the first bout
    finally:
        app.close()


def test_one_man_of_the_stable_fights_once_a_bout(tmp_path):
    add_quintus(tmp_path, [])
    app = start_screen()
    try:
        setup = app.screen
        key(app, pygame.K_LEFT)
        key(app, pygame.K_DOWN)
        setup.rows[1].type_index = 0  # the first type: Left from it is the stable's man
        key(app, pygame.K_LEFT)
        key(app, pygame.K_RETURN)
        assert app.screen is setup
        assert setup.message == "Quintus of the stable is chosen twice: a man fights once a bout"
    finally:
        app.close()
