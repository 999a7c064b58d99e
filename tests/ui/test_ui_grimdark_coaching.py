"""The coaching editor as a manager uses it, through posted events: a coaching made
from nothing for a gladiator, saved as the coaching file the match reads, opened again
and changed; a broken file named in one line and left as it is; the problems
`check_coaching` finds shown as he edits."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from companion.rulesets.grimdark.coaching import check_coaching, load_coaching
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.sheet import load_gladiator, samples_dir, save_gladiator
from companion.ui.app import App
from companion.ui.grimdark.coaching_editor import CoachingView
from companion.ui.grimdark.roster import coaching_dir
from companion.ui.grimdark.setup import GrimdarkSetup
from tools.shots import click, press, pump

CTRL = pygame.KMOD_LCTRL


def key(app: App, k: int, text: str = "", mod: int = 0, times: int = 1) -> None:
    for _ in range(times):
        press(k, text, mod)
    pump(app)


def setup_with(app: App, *names: str) -> GrimdarkSetup:
    """The set-up with `names` added to the match, the first one chosen in it."""
    app.show_setup("grimdark")
    screen = app.screen
    assert isinstance(screen, GrimdarkSetup)
    pump(app)
    for name in names:
        screen.roster.select(next(i for i, e in enumerate(screen.entries) if e.name == name))
        key(app, pygame.K_a, "a")
    screen.fighters.select(0, notify=False)
    return screen


def editor(screen: GrimdarkSetup) -> CoachingView:
    assert screen.mode == "coaching" and screen.coach is not None
    return screen.coach


def aulus() -> None:
    """A gladiator of the user's own with no coaching file yet."""
    smash = load_gladiator(samples_dir() / "lord-smash.json")
    save_gladiator(smash.model_copy(update={"name": "Aulus"}))


def test_a_coaching_made_from_nothing_is_saved_loaded_checked_and_plays_a_match(
        app: App) -> None:
    aulus()
    screen = setup_with(app, "Aulus", "Sewer Beast")
    assert screen.lineup.fighters[0].coaching is None
    key(app, pygame.K_k, "k")
    view = editor(screen)
    assert view.draft.opening == [None, None, None] and view.draft.rules == []
    data = GrimdarkData.load(app.tables)
    his = view.draft.opening_moves()
    # The opening: rows 1 to 3 each stepped to a move of his repertoire.
    for slot in range(3):
        key(app, pygame.K_DOWN)
        key(app, pygame.K_EQUALS, "+", times=slot + 1)
    assert view.draft.opening == his[:3]
    key(app, pygame.K_DOWN)  # the posture: balanced, then cautious
    key(app, pygame.K_RIGHT)
    assert view.draft.posture == "cautious"
    # A weight: Wild Charge +3.
    key(app, pygame.K_2, "2")
    view.weights.select(view.weight_keys.index("wild-charge"))
    key(app, pygame.K_EQUALS, "+", times=3)
    assert view.draft.prefer == {"wild-charge": 3}
    # A rule: when his HP is below 12, prefer Last Stand.
    key(app, pygame.K_3, "3")
    key(app, pygame.K_a, "a")
    while view.draft.rules[0]["when"] != "hp-below":
        key(app, pygame.K_EQUALS, "+")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_EQUALS, "+", times=2)  # 10, the first number, then 12
    key(app, pygame.K_DOWN)
    key(app, pygame.K_MINUS, "-", times=2)  # do -> avoid -> prefer
    key(app, pygame.K_DOWN)
    while view.draft.rules[0].get("prefer") != "last-stand":
        key(app, pygame.K_EQUALS, "+")
    assert view.draft.rules == [{"when": "hp-below", "value": 12, "prefer": "last-stand"}]
    assert view.problems == []
    key(app, pygame.K_s, mod=CTRL)
    saved = coaching_dir() / "aulus.json"
    assert view.path == saved and view.message == f"Saved to {saved}"
    coaching = load_coaching(saved, data)
    assert coaching.gladiator == "Aulus" and coaching.posture == "cautious"
    assert coaching.opening == his[:3] and coaching.prefer == {"wild-charge": 3}
    assert check_coaching(coaching, load_gladiator(screen.entries[0].path), data) == []
    # Written as a manager reads it: moves by name.
    assert json.loads(saved.read_text())["rules"] == [
        {"when": "hp-below", "value": 12, "prefer": "Last Stand"}]
    key(app, pygame.K_ESCAPE)
    fighter = screen.lineup.fighters[0]
    assert screen.mode == "roster" and screen.coaching[fighter.coaching] == saved
    # The line-up's other fighter keeps his own sample coaching.
    assert screen.coaching[screen.lineup.fighters[1].coaching].name == "sewer-beast.json"
    key(app, pygame.K_RETURN)
    assert type(app.screen).__name__ == "GrimdarkScreen"
    setup = app.screen.session.setup  # type: ignore[attr-defined]
    assert setup["gladiators"][0]["coaching"]["prefer"] == {"wild-charge": 3}
    key(app, pygame.K_END)  # played to the end
    assert app.screen.due().over  # type: ignore[attr-defined]


def test_a_coaching_opened_again_keeps_its_file_and_a_changed_weight_is_saved(
        app: App) -> None:
    aulus()
    mine = coaching_dir() / "aulus.json"
    mine.parent.mkdir(parents=True, exist_ok=True)
    mine.write_text(json.dumps({"format": "companion-grimdark-coaching", "version": 1,
                                "gladiator": "Aulus", "prefer": {"Wild Charge": 2}}))
    screen = setup_with(app, "Aulus")
    assert screen.coaching[screen.lineup.fighters[0].coaching] == mine  # named for him
    key(app, pygame.K_k, "k")
    view = editor(screen)
    assert view.draft.prefer == {"wild-charge": 2}
    key(app, pygame.K_2, "2")
    view.weights.select(view.weight_keys.index("wild-charge"))
    key(app, pygame.K_MINUS, "-")
    key(app, pygame.K_s, mod=CTRL)
    assert load_coaching(mine).prefer == {"wild-charge": 1}
    assert sorted(p.name for p in coaching_dir().glob("*.json")) == ["aulus.json"]


def test_a_sample_coaching_saved_becomes_his_own_copy_and_the_sample_stays(app: App) -> None:
    screen = setup_with(app, "Lord Smash")
    sample = samples_dir() / "coaching" / "lord-smash.json"
    before = sample.read_text()
    key(app, pygame.K_k, "k")
    view = editor(screen)
    assert view.draft.opening == ["wild-charge", "flurry-of-blows", "brutal-bash"]
    key(app, pygame.K_2, "2")
    key(app, pygame.K_MINUS, "-")
    key(app, pygame.K_s, mod=CTRL)
    assert view.path == coaching_dir() / "lord-smash.json" and sample.read_text() == before
    key(app, pygame.K_ESCAPE)
    # His own copy comes first among the files, and is the one he now fights with.
    fighter = screen.lineup.fighters[0]
    assert screen.coaching[fighter.coaching] == view.path


def test_a_broken_coaching_file_is_named_in_one_line_and_left_as_it_is(app: App) -> None:
    aulus()
    broken = coaching_dir() / "aulus.json"
    broken.parent.mkdir(parents=True, exist_ok=True)
    text = ('{"format": "companion-grimdark-coaching", "version": 1, '
            '"opening": ["Wyld Charge"], "posture": "reckless"}')
    broken.write_text(text)
    screen = setup_with(app, "Aulus")
    key(app, pygame.K_k, "k")
    assert screen.mode == "roster" and screen.coach is None
    assert screen.message.startswith("aulus.json cannot be opened (left as it is): ")
    assert "\n" not in screen.message and str(broken.parent) not in screen.message
    assert broken.read_text() == text and screen.lineup.fighters[0].entry.name == "Aulus"
    broken.write_text("{not json")
    key(app, pygame.K_k, "k")
    assert screen.mode == "roster" and "aulus.json cannot be opened" in screen.message
    assert broken.read_text() == "{not json"


def test_problems_show_as_he_edits_and_leaving_unsaved_takes_a_second_escape(
        app: App) -> None:
    screen = setup_with(app, "Lord Smash")
    # The Sewer Beast's coaching chosen for him: shown, with what does not fit.
    fighter = screen.lineup.fighters[0]
    while fighter.coaching is None or screen.coaching[fighter.coaching].name != \
            "sewer-beast.json":
        key(app, pygame.K_c, "c")
    click(screen.match_buttons["edit"].rect.center)
    pump(app)
    view = editor(screen)
    assert "this coaching is for Sewer Beast, not Lord Smash" in view.problems
    lines = [line.text for line in screen.panel_lines()]
    assert "This coaching is for Sewer Beast, not Lord Smash" in lines
    key(app, pygame.K_MINUS, "-")  # For: Sewer Beast -> anyone
    key(app, pygame.K_MINUS, "-")  # -> Lord Smash
    assert view.draft.name == "Lord Smash"
    assert not any(p.startswith("this coaching is for") for p in view.problems)
    key(app, pygame.K_ESCAPE)
    assert screen.mode == "coaching" and "unsaved changes" in view.message
    key(app, pygame.K_ESCAPE)
    assert screen.mode == "roster" and screen.coach is None
    assert not coaching_dir().exists() or not list(coaching_dir().iterdir())


def test_notes_are_typed_and_saved_and_keys_do_not_fire_while_typing(app: App) -> None:
    aulus()
    screen = setup_with(app, "Aulus")
    key(app, pygame.K_k, "k")
    view = editor(screen)
    key(app, pygame.K_4, "4")
    key(app, pygame.K_RETURN)
    assert view.typing
    from tools.shots import type_text

    type_text("Roars a lot")
    pump(app)
    key(app, pygame.K_ESCAPE)  # the notes let go of the keys
    assert screen.mode == "coaching" and view.draft.notes == "Roars a lot"
    key(app, pygame.K_s, mod=CTRL)
    assert load_coaching(Path(view.path or "")).notes == "Roars a lot"


def test_a_rule_reads_as_words_and_its_number_starts_again_with_its_condition() -> None:
    from companion.ui.grimdark.coaching_draft import CoachingDraft

    smash = load_gladiator(samples_dir() / "lord-smash.json")
    draft = CoachingDraft(smash, GrimdarkData.load())
    index = draft.add_rule()
    while draft.rules[index]["when"] != "hp-below":
        draft.step_when(index, 1)
    assert draft.step_value(index, 5) and draft.rules[index]["value"] == 15
    draft.step_when(index, 1)
    assert draft.rules[index] == {"when": "cz-ahead", "value": 2, "do": "assess"}
    assert draft.rule_words(index) == "1. When his CZ is 2 or more ahead: assess the situation"
    draft.step_when(index, 1)
    assert "value" not in draft.rules[index] and not draft.step_value(index, 1)
    assert draft.problems() == []
