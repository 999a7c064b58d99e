"""Veteran in the app, through posted events: taken in the builder and rolled once as
he is saved, shown on the screen and on his forum sheet, dropped again keeping what it
gave; a pasted sheet rolled as it is saved; an old sheet's roll shown as due."""

from __future__ import annotations

import pygame
from support.places import TESTS

from companion.dice.sources import ScriptedDice
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.forum import read_forum
from companion.rulesets.grimdark.sheet import (
    load_gladiator,
    roster_dir,
    save_gladiator,
)
from companion.ui.app import App
from companion.ui.grimdark.builder import BuilderView
from companion.ui.grimdark.roster import export_path
from companion.ui.grimdark.setup import GrimdarkSetup
from tools.shots import press, pump

CTRL = pygame.KMOD_LCTRL
POST = TESTS / "grimdark_forum" / "brannoc-veteran.txt"
DUE = "Veteran: 1 Fame and d6 wins, not rolled yet: rolled when he is next imported or " \
    "saved in the builder"


def key(app: App, k: int, text: str = "", mod: int = 0, times: int = 1) -> None:
    for _ in range(times):
        press(k, text, mod)
    pump(app)


def setup_screen(app: App, *faces: int) -> GrimdarkSetup:
    app.show_setup("grimdark")
    assert isinstance(app.screen, GrimdarkSetup)
    app.screen.dice = ScriptedDice(faces)  # asked for more, saving says so and saves nothing
    pump(app)
    return app.screen


def open_named(app: App, screen: GrimdarkSetup, name: str) -> BuilderView:
    screen.roster.select(next(i for i, e in enumerate(screen.entries) if e.name == name))
    key(app, pygame.K_o, "o")
    assert screen.builder is not None
    return screen.builder


def choose_ability(app: App, builder: BuilderView, ability: str) -> None:
    key(app, pygame.K_2, "2")
    builder.abilities.select(builder.ability_keys.index(ability))


def texts(screen: GrimdarkSetup) -> list[str]:
    return [line.text for line in screen.panel_lines()]


def test_veteran_taken_in_the_builder_is_rolled_once_when_he_is_saved(app: App) -> None:
    screen = setup_screen(app, 4)
    builder = open_named(app, screen, "Lord Smash")
    choose_ability(app, builder, "combat-focus")
    key(app, pygame.K_MINUS, "-", times=4)  # Combat Focus 2: room for Veteran's 4 points
    choose_ability(app, builder, "veteran")
    key(app, pygame.K_EQUALS, "+")
    assert builder.counters()[1] == ("Points 23/23", True)
    assert DUE in texts(screen) and builder.draft["wins"] == 0
    assert "Rolled once, when he is saved with it (Ctrl+S)." in builder._ability_detail()
    key(app, pygame.K_s, mod=CTRL)
    path = roster_dir() / "lord-smash.json"
    assert builder.message == (f"Veteran: 1 Fame and 4 wins (d6: 4), rolled now; saved to "
                               f"{path}")
    smash = load_gladiator(path)
    assert (smash.fame, smash.wins) == (1, 4) and builder.draft["wins"] == 4
    assert "Veteran: 1 Fame and 4 wins (d6: 4)" in texts(screen) and DUE not in texts(screen)
    assert "He was given 1 Fame and 4 wins (d6: 4) when he was made" in builder._ability_detail()
    # Saved again, and again after a change: the dice are never asked again.
    key(app, pygame.K_s, mod=CTRL)
    key(app, pygame.K_1, "1")
    builder.stat_choice = 5  # Fame
    key(app, pygame.K_EQUALS, "+")
    key(app, pygame.K_s, mod=CTRL)
    assert builder.message == f"Saved to {path}"
    assert load_gladiator(path).career_start == smash.career_start
    # The roster says what Veteran gave him.
    key(app, pygame.K_ESCAPE)
    assert "Veteran: 1 Fame and 4 wins (d6: 4)" in texts(screen)


def test_dropping_veteran_after_its_roll_keeps_fame_and_wins_and_frees_its_points(app: App
                                                                                 ) -> None:
    save_gladiator(read_forum(POST.read_text(), GrimdarkData.load(app.tables)).gladiator)
    screen = setup_screen(app, 5)
    builder = open_named(app, screen, "Old Brannoc")
    key(app, pygame.K_s, mod=CTRL)  # the old sheet's roll, made now
    choose_ability(app, builder, "veteran")
    key(app, pygame.K_MINUS, "-")
    assert builder.counters()[1] == ("Points 19/23", True) and builder.problems == []
    assert (builder.draft["fame"], builder.draft["wins"]) == (1, 5)
    assert "Veteran: 1 Fame and 5 wins (d6: 5); Veteran dropped since, its points free to " \
        "spend" in texts(screen)
    key(app, pygame.K_s, mod=CTRL)
    dropped = load_gladiator(roster_dir() / "old-brannoc.json")
    assert "veteran" not in dropped.abilities and (dropped.fame, dropped.wins) == (1, 5)
    # Taken again, he is not rolled for again (the dice hold no face for it).
    key(app, pygame.K_EQUALS, "+")
    key(app, pygame.K_s, mod=CTRL)
    again = load_gladiator(roster_dir() / "old-brannoc.json")
    assert "veteran" in again.abilities and (again.fame, again.wins) == (1, 5)
    assert builder.good


def test_his_exported_forum_sheet_carries_the_roll(app: App) -> None:
    save_gladiator(read_forum(POST.read_text(), GrimdarkData.load(app.tables)).gladiator)
    screen = setup_screen(app, 3)
    builder = open_named(app, screen, "Old Brannoc")
    key(app, pygame.K_e, mod=CTRL)
    assert "Veteran: 1" not in builder.exported  # not rolled yet: nothing to write
    key(app, pygame.K_s, mod=CTRL)
    key(app, pygame.K_e, mod=CTRL)
    text = export_path(load_gladiator(roster_dir() / "old-brannoc.json")).read_text()
    assert "Record: 3-0\nVeteran: 1 Fame and 3 wins (d6: 3)\n" in text
    assert read_forum(text, GrimdarkData.load(app.tables)).gladiator == \
        load_gladiator(roster_dir() / "old-brannoc.json")


def test_a_pasted_veteran_is_rolled_as_he_is_saved_and_a_pasted_roll_is_kept(app: App) -> None:
    screen = setup_screen(app, 6)
    key(app, pygame.K_p, "p")
    pygame.scrap.put_text(POST.read_text())
    key(app, pygame.K_v, mod=CTRL)
    key(app, pygame.K_r, mod=CTRL)
    builder = screen.builder
    assert builder.message == ("Read from the forum sheet; not saved yet: Ctrl+S saves him to "
                               "your roster and rolls Veteran's 1 Fame and d6 wins")
    key(app, pygame.K_s, mod=CTRL)
    assert builder.message.startswith("Veteran: 1 Fame and 6 wins (d6: 6), rolled now; saved")
    key(app, pygame.K_ESCAPE)
    # A sheet pasted with its roll saves with no dice at all.
    (roster_dir() / "old-brannoc.json").unlink()
    screen.reload()
    screen.dice = ScriptedDice([])
    key(app, pygame.K_p, "p")
    pygame.scrap.put_text(POST.read_text().replace(
        "Fame: 0\nRecord: 0-0", "Fame: 1\nRecord: 6-0\nVeteran: 1 Fame and 6 wins (d6: 6)"))
    key(app, pygame.K_v, mod=CTRL)
    key(app, pygame.K_r, mod=CTRL)
    assert screen.builder.message.endswith("Ctrl+S saves him to your roster")
    key(app, pygame.K_s, mod=CTRL)
    pasted = load_gladiator(roster_dir() / "old-brannoc.json")
    assert (pasted.fame, pasted.wins) == (1, 6)


def test_the_roster_says_an_old_veterans_roll_is_due(app: App) -> None:
    old = read_forum(POST.read_text(), GrimdarkData.load(app.tables)).gladiator
    save_gladiator(old)
    screen = setup_screen(app)
    screen.roster.select(next(i for i, e in enumerate(screen.entries)
                              if e.name == "Old Brannoc"))
    lines = texts(screen)
    assert lines[lines.index("Worth a look") + 1] == DUE
    assert screen.selected_entry().badge() == "legal"
    # Opened and saved with no face to give, nothing is saved and the screen says why.
    builder = open_named(app, screen, "Old Brannoc")
    key(app, pygame.K_s, mod=CTRL)
    assert builder.message.startswith("cannot save him: scripted dice ran out")
    assert load_gladiator(roster_dir() / "old-brannoc.json") == old
