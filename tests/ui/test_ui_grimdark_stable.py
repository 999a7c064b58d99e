"""The Grimdark set-up screen offers the stable's living gladiators first: one added
to the line-up fights with the stable's sheet (his career's Fame and record), opens in
the builder as a copy, and is not deleted from here. No stable, or a broken one, leaves
the screen as it was, with one line for the broken one."""

from __future__ import annotations

import json
import sys

import pygame
import pytest

from companion import paths
from companion.cli import main
from companion.rulesets.grimdark.sheet import roster_dir, samples_dir
from companion.stable.model import SheetFile
from companion.stable.store import Stable
from companion.ui.app import App
from companion.ui.grimdark.setup import GrimdarkSetup
from tools.shots import press, pump

CTRL = pygame.KMOD_LCTRL


def key(app: App, k: int, text: str = "", mod: int = 0, times: int = 1) -> None:
    for _ in range(times):
        press(k, text, mod)
    pump(app)


def setup_screen(app: App) -> GrimdarkSetup:
    app.show_setup("grimdark")
    assert isinstance(app.screen, GrimdarkSetup)
    pump(app)
    return app.screen


def smash_with_a_career() -> dict:
    """Lord Smash in the stable, with Fame and a record his sample has not."""
    assert main(["stable", "add", "Lord Smash"]) == 0
    with Stable.open() as stable:
        [g] = stable.gladiators(game="grimdark")
        sheet = {**json.loads(g.sheet), "fame": 2, "wins": 3, "losses": 1}
        text = json.dumps(sheet)
        stable.rewrite_sheet(g.id, g.sheet, SheetFile(g.name, text))
    return sheet


def choose(app: App, screen: GrimdarkSetup, row: str) -> None:
    """Down the roster to the row that starts with `row`."""
    target = next(i for i, r in enumerate(screen.roster.rows) if r.startswith(row))
    key(app, pygame.K_UP, times=len(screen.roster.rows))
    key(app, pygame.K_DOWN, times=target)
    assert screen.roster.selected == target


def test_the_stables_gladiator_heads_the_roster_and_fights_with_his_career(app: App) -> None:
    sheet = smash_with_a_career()
    screen = setup_screen(app)
    first = screen.entries[0]
    assert first.row() == "Lord Smash (stable)  ·  fame 2  ·  3-1"
    assert first.stable is not None and first.badge() == "legal"
    texts = [line.text for line in screen.panel_lines()]
    assert "Fame 2, record 3-1" in texts
    assert any(t.startswith("Of the stable (#") for t in texts)
    # The sample is still there after him, his own row.
    assert any(r.startswith("Lord Smash (sample)") for r in screen.roster.rows)
    choose(app, screen, "Lord Smash (stable)")
    key(app, pygame.K_a, "a")
    # His namesake, the sample, would make the careers unable to tell them apart.
    choose(app, screen, "Lord Smash (sample)")
    key(app, pygame.K_a, "a")
    assert screen.message.startswith("Lord Smash (stable) is in the match: ")
    assert len(screen.lineup.fighters) == 1
    choose(app, screen, "Sewer Beast")
    key(app, pygame.K_a, "a")
    key(app, pygame.K_RETURN)
    assert type(app.screen).__name__ == "GrimdarkScreen"
    started = app.screen.session.setup  # type: ignore[attr-defined]
    fought = started["gladiators"][0]["sheet"]
    assert {k: fought[k] for k in sheet} == sheet
    assert (fought["fame"], fought["wins"], fought["losses"]) == (2, 3, 1)


def test_he_opens_as_a_copy_and_is_not_deleted_here(app: App) -> None:
    sheet = smash_with_a_career()
    screen = setup_screen(app)
    choose(app, screen, "Lord Smash (stable)")
    key(app, pygame.K_DELETE)
    assert screen.dialog is None
    assert "he is the stable's: companion stable remove" in screen.message
    key(app, pygame.K_o, "o")
    assert screen.mode == "builder" and screen.builder is not None
    key(app, pygame.K_s, "s", mod=CTRL)
    saved = sorted(roster_dir().glob("*.json"))
    assert len(saved) == 1 and json.loads(saved[0].read_text())["fame"] == 2
    with Stable.open() as stable:
        [g] = stable.gladiators(game="grimdark")
        assert json.loads(g.sheet) == sheet


def test_the_dead_of_the_stable_are_not_offered(app: App, tmp_path) -> None:
    smash_with_a_career()
    sample = json.loads((samples_dir() / "lord-smash.json").read_text())
    gone = tmp_path / "gone.json"
    gone.write_text(json.dumps({**sample, "name": "Gone", "dead": True}), "utf-8")
    assert main(["stable", "add", str(gone)]) == 0
    screen = setup_screen(app)
    assert [r for r in screen.roster.rows if "(stable)" in r] == [
        "Lord Smash (stable)  ·  fame 2  ·  3-1"]


def test_no_stable_no_change_and_the_stables_code_is_not_loaded(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    assert not paths.stable_path().exists()
    monkeypatch.setitem(sys.modules, "companion.rulesets.grimdark.campaign", None)
    screen = setup_screen(app)
    assert screen.message == "" and not any("(stable)" in r for r in screen.roster.rows)
    assert screen.entries and all(e.stable is None for e in screen.entries)


def test_a_broken_stable_is_one_line_and_the_roster_as_before(app: App) -> None:
    paths.stable_path().parent.mkdir(parents=True, exist_ok=True)
    paths.stable_path().write_bytes(b"not a database at all, " * 100)
    screen = setup_screen(app)
    assert screen.message.startswith("the stable was not read: ")
    assert "\n" not in screen.message
    assert any(r.startswith("Lord Smash (sample)") for r in screen.roster.rows)
