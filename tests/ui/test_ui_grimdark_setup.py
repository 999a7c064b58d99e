"""The Grimdark set-up screen as a GM uses it, through posted events: the roster with
each gladiator's badge, the builder checking every rule as he edits, saving and
exporting, a forum sheet pasted and read, and the match set up and started."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from companion.rulesets.grimdark import build
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.forum import read_forum
from companion.rulesets.grimdark.sheet import (
    load_gladiator,
    roster_dir,
    samples_dir,
    save_gladiator,
)
from companion.ui.app import App
from companion.ui.grimdark.roster import export_path
from companion.ui.grimdark.setup import GrimdarkSetup
from tools.shots import click, press, pump, type_text

CTRL = pygame.KMOD_LCTRL
SEED_SHEET = "tests/grimdark_forum/lord-smash-seed.txt"




def key(app: App, k: int, text: str = "", mod: int = 0, times: int = 1) -> None:
    for _ in range(times):
        press(k, text, mod)
    pump(app)


def smash() -> Any:
    return load_gladiator(samples_dir() / "lord-smash.json")


def setup_screen(app: App) -> GrimdarkSetup:
    app.show_setup("grimdark")
    assert isinstance(app.screen, GrimdarkSetup)
    pump(app)
    return app.screen


def entry(screen: GrimdarkSetup, name: str) -> int:
    return next(i for i, e in enumerate(screen.entries) if e.name == name)


def test_the_roster_shows_his_fame_record_star_and_whether_he_keeps_the_rules(app: App) -> None:
    save_gladiator(smash().model_copy(update={"name": "Brenna", "brutality": 9, "fame": 2,
                                              "wins": 3, "losses": 1, "starred": True}))
    screen = setup_screen(app)
    brenna = screen.entries[entry(screen, "Brenna")]
    assert brenna.row() == "★ Brenna  ·  fame 2  ·  3-1" and not brenna.sample
    broken = build.problems(brenna.gladiator, GrimdarkData.load(app.tables))
    assert brenna.badge() == f"{len(broken)} broken rules" and len(broken) >= 2
    lord = screen.entries[entry(screen, "Lord Smash")]
    assert lord.sample and lord.badge() == "legal" and lord.row().endswith("fame 0  ·  0-0")
    # The NPCs shipped with the match are on the roster too, each keeping the rules.
    assert {"Arena Robot", "Sewer Beast"} <= {e.name for e in screen.entries if e.valid}


def test_the_roster_warns_of_a_manager_with_too_many_stars_and_marks_the_dead(app: App) -> None:
    for name in ("Ax", "Bo", "Cy", "Di"):
        save_gladiator(smash().model_copy(update={"name": name, "starred": True,
                                                  "manager": "Grimjaw"}))
    save_gladiator(smash().model_copy(update={"name": "Eli", "dead": True}))
    screen = setup_screen(app)
    screen.roster.select(entry(screen, "Bo"))
    texts = [line.text for line in screen.panel_lines()]
    assert "Grimjaw has 4 starred gladiators (Ax, Bo, Cy and Di); a manager may have at " \
        "most 3" in texts
    assert "Fame 0, record 0-0, managed by Grimjaw" in texts
    eli = screen.entries[entry(screen, "Eli")]
    assert eli.badge() == "dead" and not eli.valid
    assert screen.entries[entry(screen, "Sewer Beast")].row().startswith("Sewer Beast (house NPC)")


def test_the_builder_lists_every_broken_rule_as_he_is_made_and_saves_him(app: App) -> None:
    screen = setup_screen(app)
    key(app, pygame.K_n, "n")
    builder = screen.builder
    assert [builder.draft[s] for s in ("brutality", "style", "mind", "weird")] == [4, 4, 4, 3]
    assert "he has no name: type one in the Name field" in builder.all_problems()
    assert "his repertoire holds 0 moves; it must hold 15 to 30" in builder.problems
    click(builder.name_field.rect.center)
    type_text("Cassia")
    key(app, pygame.K_ESCAPE)  # the field lets go of the keys
    assert builder.draft["name"] == "Cassia"
    key(app, pygame.K_3, "3")
    builder.moves.select(builder.move_keys.index("basic-melee"))
    key(app, pygame.K_EQUALS, "+", times=14)
    assert "his repertoire holds 14 moves; it must hold 15 to 30" in builder.problems
    key(app, pygame.K_EQUALS, "+")
    assert builder.problems == [] and builder.counters()[2] == ("Moves 15 (15-30)", True)
    key(app, pygame.K_1, "1")
    key(app, pygame.K_EQUALS, "+")  # Brutality 5: sixteen points
    assert builder.problems == ["his stats add up to 16; they must add up to 15"]
    key(app, pygame.K_MINUS, "-")
    key(app, pygame.K_s, mod=CTRL)
    saved = roster_dir() / "cassia.json"
    assert builder.path == saved and load_gladiator(saved).moves == {"basic-melee": 15}
    key(app, pygame.K_ESCAPE)
    assert screen.mode == "roster" and screen.selected_entry().name == "Cassia"
    assert screen.selected_entry().badge() == "legal"


def test_a_typed_stat_counts_at_once(app: App) -> None:
    screen = setup_screen(app)
    screen.roster.select(entry(screen, "Lord Smash"))
    key(app, pygame.K_o, "o")
    row = screen.builder.stat_rows[1]  # Style
    click(row.field.rect.center)  # the click selects the number: typing replaces it
    type_text("4")
    pump(app)
    assert screen.builder.draft["style"] == 4
    assert screen.builder.problems == ["his stats add up to 16; they must add up to 15"]


def test_a_sample_opened_and_saved_becomes_his_own_and_the_sample_stays(app: App) -> None:
    screen = setup_screen(app)
    screen.roster.select(entry(screen, "Lord Smash"))
    key(app, pygame.K_o, "o")
    key(app, pygame.K_s, mod=CTRL)
    assert screen.builder.path == roster_dir() / "lord-smash.json"
    key(app, pygame.K_ESCAPE)
    assert [e.sample for e in screen.entries if e.name == "Lord Smash"] == [False]
    assert (samples_dir() / "lord-smash.json").is_file()


def test_leaving_with_unsaved_changes_takes_a_second_escape(app: App) -> None:
    screen = setup_screen(app)
    key(app, pygame.K_o, "o")
    key(app, pygame.K_EQUALS, "+")
    key(app, pygame.K_ESCAPE)
    assert screen.mode == "builder" and "unsaved changes" in screen.builder.message
    key(app, pygame.K_ESCAPE)
    assert screen.mode == "roster"


def test_export_writes_the_forum_sheet_that_reads_back_as_him(app: App) -> None:
    screen = setup_screen(app)
    screen.roster.select(entry(screen, "Lord Smash"))
    key(app, pygame.K_o, "o")
    key(app, pygame.K_e, mod=CTRL)
    written = export_path(smash())
    text = written.read_text()
    assert text == screen.builder.exported and pygame.scrap.get_text() == text
    assert read_forum(text, GrimdarkData.load(app.tables)).gladiator == smash()
    assert any(line.text == "Moves: (20)" for line in screen.panel_lines())


def test_a_pasted_forum_sheet_opens_in_the_builder_ready_to_save(app: App) -> None:
    screen = setup_screen(app)
    key(app, pygame.K_p, "p")
    with open(SEED_SHEET, encoding="utf-8") as f:
        pygame.scrap.put_text(f.read())
    key(app, pygame.K_v, mod=CTRL)
    key(app, pygame.K_r, mod=CTRL)
    builder = screen.builder
    assert screen.mode == "builder" and builder.draft["name"] == "Lord Smash"
    assert builder.all_problems() == [] and builder.path is None and builder.dirty is False
    assert builder.counters() == [("Stats 15/15", True), ("Points 23/23", True),
                                  ("Moves 20 (15-30)", True), ("Slots 5/5", True)]


def test_a_paste_that_cannot_be_read_names_its_lines(app: App) -> None:
    screen = setup_screen(app)
    key(app, pygame.K_p, "p")
    type_text("[b]Cassia[/b]")
    key(app, pygame.K_RETURN)
    type_text("Brutality: 5")
    key(app, pygame.K_RETURN)
    type_text("Moves:")
    key(app, pygame.K_RETURN)
    type_text("Flurry of Bloes x5")
    key(app, pygame.K_r, mod=CTRL)
    paste = screen.paste
    assert screen.mode == "paste"
    assert "line 4: 'Flurry of Bloes x5' is not a move in the Grimdark moves table" in \
        paste.problems and 4 in paste.area.marked
    assert "the sheet has no Style line" in paste.problems
    assert [line.text for line in screen.panel_lines()][2:] == [
        p[0].upper() + p[1:] for p in paste.problems]


def test_the_match_setup_has_each_sheet_team_and_coaching(app: App,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    save_gladiator(smash().model_copy(update={"name": "Aulus"}))
    screen = setup_screen(app)
    started: list[dict[str, Any]] = []
    monkeypatch.setattr(app, "start_session", lambda rules, setup, **_: started.append(setup))
    for name in ("Lord Smash", "Aulus", "Sewer Beast"):
        screen.roster.select(entry(screen, name))
        key(app, pygame.K_a, "a")
    assert screen.lineup.why_not_ready() == ""
    key(app, pygame.K_t, "t")  # two against one
    key(app, pygame.K_RETURN)
    [setup] = started
    glads = setup["gladiators"]
    assert [(g["sheet"]["name"], g["team"]) for g in glads] == [
        ("Lord Smash", "1"), ("Aulus", "1"), ("Sewer Beast", "2")]
    assert glads[0]["sheet"] == {"npc": False, "dead": False, "manager": "",
                                 **json.loads((samples_dir() / "lord-smash.json").read_text())}
    assert glads[0]["coaching"]["opening"] == ["wild-charge", "flurry-of-blows", "brutal-bash"]
    assert glads[1]["coaching"] is None and glads[2]["coaching"]["gladiator"] == "Sewer Beast"
    assert set(setup["options"]) == {"started", "engine"}


def test_a_gladiator_who_breaks_a_rule_keeps_the_match_from_starting(app: App) -> None:
    save_gladiator(smash().model_copy(update={"name": "Brenna", "brutality": 9}))
    screen = setup_screen(app)
    for name in ("Brenna", "Lord Smash"):
        screen.roster.select(entry(screen, name))
        key(app, pygame.K_a, "a")
    assert screen.lineup.why_not_ready().startswith("Brenna breaks 2 build rules")
    key(app, pygame.K_RETURN)
    assert screen.message.startswith("Brenna breaks") and app.screen is screen


def test_enter_starts_the_match_in_the_match_view(app: App) -> None:
    screen = setup_screen(app)
    for name in ("Lord Smash", "Sewer Beast"):
        screen.roster.select(entry(screen, name))
        key(app, pygame.K_a, "a")
    key(app, pygame.K_RETURN)
    assert type(app.screen).__name__ == "GrimdarkScreen"
    assert app.screen.session.ruleset.id == "grimdark"


def test_deleting_asks_first_and_a_sample_cannot_be_deleted(app: App) -> None:
    save_gladiator(smash().model_copy(update={"name": "Aulus"}))
    screen = setup_screen(app)
    screen.roster.select(entry(screen, "Lord Smash"))
    key(app, pygame.K_DELETE)
    assert screen.dialog is None and "sample" in screen.message
    screen.roster.select(entry(screen, "Aulus"))
    key(app, pygame.K_DELETE)
    assert screen.dialog is not None
    click(screen.dialog.buttons[0].rect.center)  # "Delete (Y)"
    pump(app)
    assert not (roster_dir() / "aulus.json").exists()
    assert "Aulus" not in [e.name for e in screen.entries]


def test_a_coaching_made_for_another_gladiator_is_refused_as_it_is_chosen(app: App) -> None:
    screen = setup_screen(app)
    for name in ("Lord Smash", "Sewer Beast"):
        screen.roster.select(entry(screen, name))
        key(app, pygame.K_a, "a")
    screen.fighters.select(0, notify=False)
    smash_fighter = screen.lineup.fighters[0]
    seen = []
    for _ in range(len(screen.coaching) + 1):
        key(app, pygame.K_c, "c")
        if smash_fighter.coaching is not None:
            seen.append((screen.coaching[smash_fighter.coaching].name, screen.message))
    beast = [message for name, message in seen if name == "sewer-beast.json"]
    assert beast and beast[0].startswith("Lord Smash cannot take sewer-beast.json: ")
    own = [message for name, message in seen if name == "lord-smash.json"]
    assert own == ["Lord Smash is coached by lord-smash.json"]


def test_an_ability_with_no_levels_says_so_and_a_broken_prerequisite_turns_points_red(
        app: App) -> None:
    screen = setup_screen(app)
    key(app, pygame.K_n, "n")
    builder = screen.builder
    key(app, pygame.K_2, "2")  # the abilities
    builder.abilities.select(builder.ability_keys.index("arcane-arts"))  # Weird 4 or more
    key(app, pygame.K_EQUALS, "+")
    assert builder.draft["abilities"] == {"arcane-arts": 1} and builder.draft["weird"] == 3
    points = builder.counters()[1]
    assert points[0].startswith("Points 8/") and points[1] is False
    key(app, pygame.K_EQUALS, "+")
    assert builder.draft["abilities"] == {"arcane-arts": 1}
    assert builder.message == "Arcane Arts has no levels: he has it or not (- takes it away)"
    key(app, pygame.K_MINUS, "-")
    assert builder.draft["abilities"] == {} and builder.counters()[1][1] is True


@pytest.mark.parametrize(("size", "scale"), [((1280, 800), 2.0), ((1024, 640), 1.0)])
def test_each_roster_row_shows_a_whole_name_in_a_narrow_list(size, scale) -> None:
    app = App(size=size, scale=scale)
    try:
        screen = setup_screen(app)
        app.draw()
        roster = screen.roster
        for i, found in enumerate(screen.entries):
            y = roster.rect.y + (i - roster.top) * roster.row_height + roster.row_height // 2
            fit = roster.hover_fit((roster.rect.x + 10, y))
            assert fit is not None and not fit.shown.endswith("…"), fit.shown
            assert found.name in fit.shown
    finally:
        app.close()
