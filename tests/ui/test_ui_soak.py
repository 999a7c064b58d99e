"""The window under a storm of random input: 6,000 seeded events in each screen (the
start screen, the battle and Grimdark set-ups, a skirmish human against computer and
human against human, a battle duel, a Grimdark match), posted as real pygame events
and handed to `App.handle`, a frame drawn every DRAW_EVERY events. No exception may
escape; afterwards every session played replays from its journal to the same state, and
the window still draws.

The run is deterministic: the events come from a seeded generator, the dice from seeded
sources, and the app's timers (the computer's moves, animations) run on a virtual clock
that advances with the events instead of the wall clock. Nothing is written outside the
test's own folder: every file write is checked, and refused outside it.

Paths get their own storm: the Open and Save-as dialogs are answered with paths no
file can be at (`/`, `.`, a folder, a name too long, a loop of links), the recent files
of the settings are as bad, and below the soak every field that takes a path (those
two, the Lab's house-rules folder, the Grimdark paste) is given each such path in turn:
a one-line message in words, nothing written. The last guard of `App.run` is checked
there too: an error nothing caught goes to the crash log, and the window goes on.

COMPANION_SOAK_SEED=<n> runs it with other events, and COMPANION_SOAK_EVENTS=<n> with
more of them, to look for more trouble.
"""

from __future__ import annotations

import errno
import json
import os
import random
import re
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest
from support.hostile_paths import hostile_folder

import companion.dice.sources
import companion.files.atomic
import companion.files.settings
import companion.session.session
from companion import paths
from companion.rulesets.battle.sheet import quick_sheet
from companion.rulesets.skirmish.kits import kits_dir
from companion.session.session import Session, load_session
from companion.ui.app import App
from companion.ui.events import AI_STEP, ANIMATE
from companion.ui.host import Screen, session_of

EVENTS = int(os.environ.get("COMPANION_SOAK_EVENTS", "6000"))
DRAW_EVERY = 20
SEED = int(os.environ.get("COMPANION_SOAK_SEED", "20240610"))

F_KEYS = [getattr(pygame, f"K_F{i}") for i in range(1, 13)]
NAMED_KEYS = [pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_UP,
              pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_BACKSPACE,
              pygame.K_DELETE, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END,
              pygame.K_KP_PLUS]
# What a key types as SDL sends it: the KEYDOWN's unicode, then the same as TEXTINPUT.
KEY_UNICODE = {pygame.K_RETURN: "\r", pygame.K_KP_ENTER: "\r", pygame.K_TAB: "\t",
               pygame.K_BACKSPACE: "\b", pygame.K_ESCAPE: "\x1b", pygame.K_DELETE: "\x7f"}
# Keys that type a character: (key, unshifted, shifted).
CHAR_KEYS: list[tuple[int, str, str]] = [
    *[(getattr(pygame, f"K_{c}"), c, c.upper()) for c in "abcdefghijklmnopqrstuvwxyz"],
    *[(getattr(pygame, f"K_{d}"), d, s) for d, s in zip("0123456789", ")!@#$%^&*(", strict=True)],
    (pygame.K_SPACE, " ", " "), (pygame.K_MINUS, "-", "_"), (pygame.K_EQUALS, "=", "+"),
    (pygame.K_PLUS, "+", "+"), (pygame.K_LEFTBRACKET, "[", "{"),
    (pygame.K_RIGHTBRACKET, "]", "}"), (pygame.K_SLASH, "/", "?"), (pygame.K_PERIOD, ".", ">"),
    (pygame.K_COMMA, ",", "<"),
]
# Typed text: plain characters, the control characters a paste or an input method can
# carry (NUL among them), characters fonts draw oddly or not at all, and pieces of
# rolls, health arithmetic and paths.
TEXT_PIECES = [*"abcxyz0123456789 -+=~/.", "\x00", "\x01", "\x08", "\t", "\n", "\r", "\x1b",
               "\x1f", "\x7f", "\x85", "\x9f", "é", "ß", "中文", "😀", "\u200b", "\ufeff",
               "\u202e", "\u0301", "\ud800", "s19", "4", "3 5", "-7", "=12", "~/x.json",
               "~nobody-here/", "/dev/null", "/", ".", "..", "a" * 300]
# What a player types into a field that takes a path (Open, Save as), then Enter.
PATH_ANSWERS = ["", ".", "/", "..", "~", "~nobody-here/x.json", "folder.json", "folder.json/",
                "broken.json", "a" * 300 + ".json", "loop", "broken.json/x.json",
                "saved.json", "~/saved.json"]
PATH_DIALOGS = ("Open a saved session", "Save as")
SIZES = [(1024, 640), (1025, 641), (1280, 800), (1366, 768), (1600, 900), (1920, 1080),
         (1100, 1400), (2000, 700)]
# What a window manager might claim in a resize event: below the window's minimum.
TINY = [(0, 0), (1, 1), (10, 10), (200, 120), (640, 400), (1023, 639)]
# The start screen, the battle set-up, a skirmish human against computer, the same
# with physical dice (every roll typed in), human against human, a battle duel.
SCREENS = ["start", "battle-setup", "hvc", "physical", "hvh", "battle", "grimdark-setup",
           "grimdark"]


def duel_scenario(both_human: bool) -> dict[str, Any]:
    return {"gladiators": [
        {"name": "Brutus", "type": "samnite", "side": "red", "at": "E6", "facing": "S"},
        {"name": "Nereus", "type": "retiarius", "side": "blue", "at": "E7", "facing": "N",
         "human": both_human},
    ]}


def battle_setup() -> dict[str, Any]:
    from companion.ui.battle.setup import duel_setup

    rookie = json.loads((paths.assets_dir() / "samples" / "hammer-rookie.json").read_text())
    return duel_setup(rookie, quick_sheet("Brenna", 12, 2, 1, 3))


def grimdark_setup() -> dict[str, Any]:
    """Lord Smash, coached, against the house Sewer Beast."""
    folder = paths.assets_dir() / "samples" / "grimdark"
    smash = json.loads((folder / "lord-smash.json").read_text())
    beast = json.loads((folder / "sewer-beast.json").read_text())
    coaching = json.loads((folder / "coaching" / "lord-smash.json").read_text())
    return {"gladiators": [{"sheet": smash, "team": "1", "coaching": coaching},
                           {"sheet": beast, "team": "2", "coaching": None}],
            "options": {"started": "2026-12-01T20:00:00"}}


def user_files(folder: Path) -> None:
    """What a user's folders may hold for the start screen: a kit whose name has a NUL
    in it, and recent files that are missing, a folder, broken, unnameable, `/`, `.`,
    a name too long for the system and a loop of links."""
    kits = kits_dir()
    kits.mkdir(parents=True)
    (kits / "odd.json").write_text(json.dumps({
        "format": "companion-kit", "name": "Dimachaerus\x00 with net",
        "kit": {"weapons": [{"weapon": "sword", "side": "right"},
                            {"weapon": "net", "side": "left"}], "armour": "light-armour"}}))
    (folder / "folder.json").mkdir()
    (folder / "broken.json").write_text("{")
    os.symlink("loop", folder / "loop")
    recent = [str(folder / "missing.json"), str(folder / "folder.json"),
              str(folder / "broken.json"), str(folder / "odd\ud800.json"), "/", ".",
              str(folder / ("c" * 4000)), str(folder / "loop")]
    companion.files.settings.settings_path().parent.mkdir(parents=True)
    companion.files.settings.settings_path().write_text(json.dumps({"recent_files": recent}))


@dataclass
class Crash:
    screen: str
    index: int
    event: str
    error: str
    where: str

    def __str__(self) -> str:
        return f"[{self.screen} #{self.index}] {self.error} at {self.where} after {self.event}"


def summary(crashes: list[Crash]) -> str:
    """Each kind of crash once (the first time it happened), with how often it did."""
    kinds: dict[tuple[str, str], list[Crash]] = {}
    for crash in crashes:
        kinds.setdefault((crash.error.split(":")[0], crash.where), []).append(crash)
    return "\n".join(f"{len(found)} x {found[0]}" for found in kinds.values())


@dataclass
class Fakes:
    """The app's timers on a virtual clock: `set_timer` is recorded, and `advance`
    posts the events that fall due, as SDL's timer thread would. And the pointer:
    posted events do not move SDL's own, so `get_pos` answers where the last posted
    mouse event was."""

    now: int = 0
    timers: dict[int, tuple[int, int]] = field(default_factory=dict)  # type -> (every, due)
    mouse: tuple[int, int] = (0, 0)

    def get_pos(self) -> tuple[int, int]:
        return self.mouse

    def set_timer(self, event: Any, millis: int, loops: int = 0) -> None:
        kind = event if isinstance(event, int) else event.type
        if millis <= 0:
            self.timers.pop(kind, None)
        else:
            self.timers[kind] = (millis, self.now + millis)

    def advance(self, millis: int) -> None:
        self.now += millis
        for kind, (every, due) in list(self.timers.items()):
            if due <= self.now:
                pygame.event.post(pygame.event.Event(kind))
                self.timers[kind] = (every, self.now + every)


@dataclass
class Soak:
    """Random events for one screen, and what came of them. `restore` shows the screen
    soaked again, when the events led away from it (a set-up screen started a bout,
    a bout went to the start screen), and returns what `soaked` then is."""

    app: App
    rng: random.Random
    fakes: Fakes
    name: str
    restore: Callable[[], Screen | type]
    soaked: Screen | type = Screen
    crashes: list[Crash] = field(default_factory=list)
    sessions: list[Session] = field(default_factory=list)
    kinds: dict[str, int] = field(default_factory=dict)  # events handled, by type
    restored: int = 0
    frames: int = 0
    seconds: float = 0.0

    # --- making events ---------------------------------------------------------------
    def _pos(self) -> tuple[int, int]:
        """Anywhere in the window (and a little outside), or often on a hex."""
        w, h = self.app.window.size
        if self.rng.random() < 0.3 and self.app.board_view.layout is not None:
            hexes = self.app.board.hexes()
            x, y = self.app.board_view.layout.hex_to_pixel(self.rng.choice(hexes))
            return round(x), round(y)
        return self.rng.randint(-5, w + 5), self.rng.randint(-5, h + 5)

    def _key(self) -> Iterator[pygame.event.Event]:
        rng = self.rng
        roll = rng.random()
        mod = pygame.KMOD_NONE
        if roll < 0.04:  # undo, redo, save and save as
            key, text = rng.choice([pygame.K_z, pygame.K_y, pygame.K_s]), ""
            mod = pygame.KMOD_LCTRL | (pygame.KMOD_LSHIFT if rng.random() < 0.2 else 0)
        elif roll < 0.14:
            key, text = rng.choice(F_KEYS), ""
        elif roll < 0.4:
            # Escape the most while a dialog is open: it closes what other keys open.
            escapes = [pygame.K_ESCAPE] * (4 if self._dialog() is not None else 0)
            key, text = rng.choice([*NAMED_KEYS, *escapes]), ""
            if rng.random() < 0.2:
                mod = pygame.KMOD_LSHIFT
        else:
            key, plain, shifted = rng.choice(CHAR_KEYS)
            flavour = rng.random()
            if flavour < 0.15:
                mod, text = pygame.KMOD_LSHIFT, shifted
            elif flavour < 0.2 and key != pygame.K_q:  # Ctrl+Q would quit: never sent
                mod, text = pygame.KMOD_LCTRL, ""
            else:
                text = plain
        unicode = KEY_UNICODE.get(key, text)
        yield pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode,
                                 scancode=0)
        if text:  # SDL types a printable key's character right after its KEYDOWN
            yield pygame.event.Event(pygame.TEXTINPUT, text=text)
        if rng.random() < 0.7:
            yield pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode,
                                     scancode=0)

    def _text(self) -> str:
        return "".join(self.rng.choice(TEXT_PIECES) for _ in range(self.rng.randint(1, 4)))

    def _answer(self, field: Any) -> Iterator[pygame.event.Event]:
        """What a player types into a dialog's field, then Enter: a path where the
        dialog asks for one, else faces of dice (random text alone hardly ever gets a
        physical-dice bout past its first roll)."""
        if getattr(self._dialog(), "title", "") in PATH_DIALOGS:
            answer = self.rng.choice(PATH_ANSWERS)
        else:
            answer = " ".join(str(self.rng.randint(1, 6))
                              for _ in range(self.rng.randint(1, 4)))
        if field.text:  # Escape clears the field (on an empty one it would cancel)
            yield pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                     unicode="\x1b", scancode=0)
        if answer:
            yield pygame.event.Event(pygame.TEXTINPUT, text=answer)
        yield pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                 scancode=0)

    def _dialog(self) -> Any:
        return self.app.dialog or getattr(self.app.screen, "dialog", None)

    def _open_field(self) -> Any:
        """The text field of the dialog open now, if it has one and it has the keys."""
        field = getattr(self._dialog(), "text_field", None)
        return field if field is not None and field.focused else None

    def gesture(self) -> Iterator[pygame.event.Event]:
        """One thing a player (or a window manager) does: a click, a key, typed text..."""
        rng, app = self.rng, self.app
        roll = rng.random()
        field = self._open_field()
        if field is not None and rng.random() < 0.1:
            yield from self._answer(field)
        elif roll < 0.25:
            pos = self._pos()
            button = rng.choices([1, 2, 3, 4, 5], weights=[10, 1, 3, 1, 1])[0]
            self.fakes.mouse = pos
            yield pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            yield pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
            if rng.random() < 0.9:
                yield pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        elif roll < 0.33:
            self.fakes.mouse = self._pos()
            yield pygame.event.Event(pygame.MOUSEMOTION, pos=self.fakes.mouse,
                                     rel=(rng.randint(-9, 9), rng.randint(-9, 9)),
                                     buttons=(int(rng.random() < 0.1), 0, 0))
        elif roll < 0.38:
            dy = rng.choice([-3, -1, 1, 2])
            yield pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False,
                                     precise_x=0.0, precise_y=float(dy))
        elif roll < 0.85:
            yield from self._key()
        elif roll < 0.93:  # with no key press: an input method's text, a paste
            yield pygame.event.Event(pygame.TEXTINPUT, text=self._text())
        elif roll < 0.95:
            text = self._text()
            yield pygame.event.Event(pygame.TEXTEDITING, text=text, start=0,
                                     length=rng.randint(0, len(text)))
        elif roll < 0.975:
            if rng.random() < 0.5:
                app.window.size = rng.choice(SIZES)
                w, h = app.window.size
            else:
                w, h = rng.choice(TINY)
            yield pygame.event.Event(rng.choice([pygame.WINDOWRESIZED,
                                                 pygame.WINDOWSIZECHANGED]), x=w, y=h)
            if rng.random() < 0.3:
                yield pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
        elif roll < 0.985:
            # A timer's event after its timer was stopped: it was in the queue already.
            yield pygame.event.Event(rng.choice([AI_STEP, ANIMATE]))
        else:  # the UI scale: 100, 150, 200 %
            yield pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F9, mod=0, unicode="",
                                     scancode=0)

    # --- running -----------------------------------------------------------------------
    def on_soaked_screen(self) -> bool:
        screen, soaked = self.app.screen, self.soaked
        return isinstance(screen, soaked) if isinstance(soaked, type) else screen is soaked

    def _watch(self) -> None:
        screen = self.app.screen
        session = session_of(screen) if screen is not None else None
        if session is not None and all(session is not s for s in self.sessions):
            self.sessions.append(session)
        if not self.on_soaked_screen():
            self.restored += 1
            self.soaked = self.restore()

    def run(self, count: int) -> None:
        began = time.perf_counter()
        sent = since_draw = 0
        last = "(none)"
        while sent < count:
            for event in self.gesture():
                pygame.event.post(event)
                sent += 1
                since_draw += 1
            self.fakes.advance(self.rng.randint(0, 60))
            for event in pygame.event.get():
                name = pygame.event.event_name(event.type)
                last = f"{name} {event.dict}"
                self.kinds[name] = self.kinds.get(name, 0) + 1
                self._guard(lambda e=event: self.app.handle(e), sent, last)
                self.app.running = True  # nothing sent quits; be sure nothing did
            if since_draw >= DRAW_EVERY or sent >= count:
                since_draw = 0
                self.frames += 1
                self._guard(self.app.draw, sent, f"draw after {last}")
            self._guard(self._watch, sent, f"restore after {last}")
        self._watch()
        self.seconds = time.perf_counter() - began

    def _guard(self, step: Callable[[], object], index: int, what: str) -> None:
        try:
            step()
        except Exception as err:  # the soak's point: every escape is a finding
            frames = traceback.extract_tb(err.__traceback__)
            inner = [f for f in frames if "companion" in Path(f.filename).parts] or frames
            where = f"{Path(inner[-1].filename).name}:{inner[-1].lineno} ({inner[-1].name})"
            self.crashes.append(Crash(self.name, index, what[:300],
                                      f"{type(err).__name__}: {err}"[:300], where))


def check_session(session: Session, folder: Path) -> None:
    """Every entry of the journal replays, to the state the screen shows; the redo
    stack replays after it; a save reads back to the same state."""
    rules = session.ruleset
    again = Session(rules, session.setup, session.tables, session.journal)
    assert rules.summary(again.state) == rules.summary(session.state)
    Session(rules, session.setup, session.tables,
            [*session.journal, *reversed(session.redo_stack)])
    path = folder / f"check-{id(session)}.json"
    session.save(path)
    loaded = load_session(path, lambda _id: rules, tables=session.tables)
    assert rules.summary(loaded.state) == rules.summary(session.state)


@pytest.fixture
def fakes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Fakes]:
    """No file written outside tmp_path (the save dialog takes random paths); seeded
    dice wherever the app asks for random ones; timers on a virtual clock; the pointer
    where the last posted mouse event put it."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    monkeypatch.chdir(tmp_path)
    real_write = companion.files.atomic.atomic_write
    root = tmp_path.resolve()

    def write(path: Path, text: str) -> None:
        # realpath, not resolve: it does not raise on a loop of links.
        target = Path(os.path.realpath(Path(path).expanduser()))
        if not target.is_relative_to(root):
            raise PermissionError(errno.EACCES, "the soak writes only in its folder", str(path))
        real_write(target, text)

    for module in (companion.files.atomic, companion.session.session, companion.files.settings):
        monkeypatch.setattr(module, "atomic_write", write)
    # An fsync on every autosave would make the soak crawl; durability is tested elsewhere.
    monkeypatch.setattr(companion.files.atomic.os, "fsync", lambda fd: None)
    seeds = random.Random(SEED)
    real_dice = companion.dice.sources.SeededDice

    class SoakDice(real_dice):  # type: ignore[misc, valid-type]
        def __init__(self, seed: int | None = None) -> None:
            super().__init__(seeds.randrange(2**32) if seed is None else seed)

    monkeypatch.setattr(companion.dice.sources, "SeededDice", SoakDice)
    fake = Fakes()
    monkeypatch.setattr(pygame.time, "set_timer", fake.set_timer)
    monkeypatch.setattr(pygame.mouse, "get_pos", fake.get_pos)
    yield fake


def soak(name: str, fakes: Fakes, folder: Path) -> Soak:
    """EVENTS events on the screen `name`, the sessions played checked, a last frame."""
    from companion.ui.battle.setup import BattleSetup
    from companion.ui.grimdark.setup import GrimdarkSetup
    from companion.ui.skirmish.setup import SkirmishSetup

    user_files(folder)
    app = App()
    rng = random.Random(f"{SEED}-{name}")

    def setup_screen(show: Callable[[], None], kind: type) -> Callable[[], Screen | type]:
        def restore() -> type:
            app.dialog = None
            show()
            return kind
        return restore

    def session_screen() -> Screen:
        app.dialog = None
        if name == "battle":
            message = app.start_session("battle", battle_setup(), seed=rng.randrange(99))
        elif name == "grimdark":
            message = app.start_session("grimdark", grimdark_setup(), seed=rng.randrange(99))
        else:
            message = app.start_session("skirmish", duel_scenario(both_human=name == "hvh"),
                                        seed=rng.randrange(99), physical=name == "physical")
        assert message is None and app.screen is not None, message
        return app.screen

    restore = {
        "start": setup_screen(app.show_home, SkirmishSetup),
        "battle-setup": setup_screen(lambda: app.show_setup("battle"), BattleSetup),
        "grimdark-setup": setup_screen(lambda: app.show_setup("grimdark"), GrimdarkSetup),
    }.get(name, session_screen)
    try:
        app.draw()
        run = Soak(app, rng, fakes, name, restore)
        run.soaked = restore()
        run.run(EVENTS)
        for session in run.sessions:
            check_session(session, folder)
        app.dialog = None
        app.draw()
        return run
    finally:
        app.close()


@pytest.mark.parametrize("name", SCREENS)
def test_random_events_crash_nothing_and_every_session_replays(name: str, fakes: Fakes,
                                                               tmp_path: Path) -> None:
    run = soak(name, fakes, tmp_path)
    played = [(len(s.journal), getattr(s.state, "phase", None)) for s in run.sessions]
    print(f"\n{name}: {EVENTS} events posted, {sum(run.kinds.values())} handled, "
          f"{run.frames} frames, {run.seconds:.1f} s; screen shown again {run.restored} "
          f"times; sessions (journal, phase): {played[:6]}{' ...' if len(played) > 6 else ''}")
    assert not run.crashes, summary(run.crashes)
    assert sum(run.kinds.values()) >= EVENTS


# --- what no random event reaches, made to happen -------------------------------------


def test_a_failed_autosave_does_not_stop_play(app: App, monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    from tools.shots import press, pump

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    assert app.start_session("skirmish", duel_scenario(both_human=True), seed=3) is None
    arena = app.screen
    assert arena is not None
    monkeypatch.setattr(companion.session.session, "atomic_write", full)
    before = len(arena.session.journal)
    press(pygame.K_SPACE, " ")  # his AP, or the computer's first roll
    pump(app)
    assert len(arena.session.journal) == before + 1
    assert arena.message_is_error and "not autosaved" in arena.message
    press(pygame.K_z, mod=pygame.KMOD_LCTRL)
    pump(app)
    assert len(arena.session.journal) == before and "not autosaved" in arena.message
    arena.save_path = tmp_path / "gone" / "bout.json"  # type: ignore[attr-defined]
    press(pygame.K_s, mod=pygame.KMOD_LCTRL)
    pump(app)
    assert arena.message_is_error and "cannot save" in arena.message


def test_a_big_autosave_that_fails_in_the_background_is_told_on_the_next_frame(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from tools.shots import press, pump

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    assert app.start_session("skirmish", duel_scenario(both_human=True), seed=3) is None
    arena = app.screen
    assert arena is not None
    app.autosaver.background_from = 1  # every autosave is a big one
    monkeypatch.setattr(companion.session.session, "atomic_write", full)
    before = len(arena.session.journal)
    press(pygame.K_SPACE, " ")
    pump(app)
    app.autosaver.flush()
    pump(app)
    assert len(arena.session.journal) == before + 1
    assert app.note == "not autosaved: the disk is full"
    app.draw()


def test_a_roster_that_cannot_be_written_is_said_so(app: App,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.ui.battle.screen import BattleScreen

    def read_only(path: Path, text: str) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    assert app.start_session("battle", battle_setup(), seed=1) is None
    duel = app.screen
    assert isinstance(duel, BattleScreen)
    monkeypatch.setattr(companion.files.atomic, "atomic_write", read_only)
    # As at the end of a battle: the sheets as they come out of it.
    monkeypatch.setattr(duel.state, "sheets_after", {"a": duel.session.setup["a"]})
    duel.write_sheets()
    assert duel.message_is_error and "cannot write the sheets" in duel.message


def test_a_huge_health_is_refused_at_set_up_and_when_typed_later(app: App) -> None:
    from companion.ui.battle.screen import BattleScreen
    from companion.ui.battle.setup import BattleSetup
    from tools.shots import click, press, pump, type_text

    app.show_setup("battle")
    setup = app.screen
    assert isinstance(setup, BattleSetup)
    setup.sides[0].fields["health"].text = "99999999999"
    setup.sides[1].fields["luck"].text = "²"
    setup.start()
    assert app.screen is setup and "at most 100" in setup.message
    setup.sides[0].fields["health"].text = "12"
    setup.sides[1].fields["luck"].text = "2"
    setup.start()
    duel = app.screen
    assert isinstance(duel, BattleScreen)
    pump(app)
    click(duel.cards["a"].entry.rect.center)
    type_text("=100000000")
    press(pygame.K_RETURN)
    pump(app)
    assert duel.state.fighters["a"].health == 12 and "at most 9999" in duel.message
    duel.cards["a"].entry.text = ""
    type_text("=9999")  # the most a change may be: the card draws its whole track
    press(pygame.K_RETURN)
    pump(app)
    app.draw()
    assert duel.state.fighters["a"].health == 9999


def test_the_hidden_fields_of_a_sheet_chosen_do_not_keep_the_keys(app: App) -> None:
    from companion.ui.battle.setup import BattleSetup
    from tools.shots import click, pump

    app.show_setup("battle")
    setup = app.screen
    assert isinstance(setup, BattleSetup)
    pump(app)
    click(setup.sides[0].fields["name"].rect.center)
    pump(app)
    assert setup.typing
    click(setup.sides[0].buttons[1].rect.center)  # ">": a sheet instead of a tracker
    pump(app)
    assert setup.sides[0].choice == 1 and not setup.typing


def test_a_bout_whose_opening_rolls_were_cancelled_or_undone_can_begin(app: App) -> None:
    from tools.shots import press, pump, type_text

    scenario = duel_scenario(both_human=True)
    for g in scenario["gladiators"]:
        g["strength"] = 8  # only the initiative is rolled at the start
    assert app.start_session("skirmish", scenario, physical=True) is None
    arena = app.screen
    assert arena is not None and arena.dialog is not None
    press(pygame.K_ESCAPE)  # the player cancels the first roll
    pump(app)
    assert arena.dialog is None and arena.state.phase == "setup"
    assert "Space" in arena.status()
    press(pygame.K_SPACE, " ")
    pump(app)
    assert arena.dialog is not None  # asked again
    for face in ("5", "2"):
        type_text(face)
        press(pygame.K_RETURN)
        pump(app)
    assert arena.state.phase == "ap"
    press(pygame.K_z, mod=pygame.KMOD_LCTRL)
    pump(app)
    assert arena.state.phase == "setup"
    press(pygame.K_RETURN)
    pump(app)
    assert arena.dialog is not None


# --- every field that takes a path, given every path a player can type ----------------
LONG_NAME = "a" * 300 + ".json"
# What no message may show: an exception's name, an errno, a path's repr or escapes.
LEAKS = re.compile(r"Error\b|Errno|errno|PosixPath|\\u[0-9a-f]{4}|\\x[0-9a-f]{2}|Traceback")


def hostile_paths(folder: Path) -> dict[str, tuple[str, str]]:
    """Paths a player may type or a settings file hold, each with words its message
    must hold ("" when any words will do)."""
    hostile_folder(folder)
    return {
        "empty": ("", ""),
        "dot": (".", "folder"),
        "root": ("/", "folder"),
        "up": ("..", "folder"),
        "a folder": (str(folder / "folder"), "folder"),
        "a folder/": (str(folder / "folder") + "/", "folder"),
        "a long name": (str(folder / LONG_NAME), "too long"),
        "a NUL": (str(folder / "a\x00b.json"), ""),  # the field keeps no NUL
        "a link loop": (str(folder / "loop1"), "loop"),
        "through a file": (str(folder / "plain.txt" / "x.json"), ""),
        "an unknown user": ("~nobody-here/x.json", "no user"),
        "a pipe": (str(folder / "pipe"), "not a plain file"),
    }


# (A field keeps at most 1,000 characters: a path too long for the system is a
# settings file's, below.)
HOSTILE = [
    "empty", "dot", "root", "up", "a folder", "a folder/", "a long name", "a NUL",
    "a link loop", "through a file", "an unknown user", "a pipe"]


def in_words(text: str, words: str) -> None:
    """A refusal as the window shows it: one line, in words, not too long to read."""
    assert text and "\n" not in text and len(text) < 300, text
    assert not LEAKS.search(text), text
    assert words in text, text


def type_path(app: App, text: str) -> None:
    """The field's text replaced by `text`, as a paste, then Enter: handed to
    `App.handle`, which nothing may escape."""
    from tools.shots import press, pump

    press(pygame.K_a, mod=pygame.KMOD_LCTRL)
    press(pygame.K_BACKSPACE)
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    press(pygame.K_RETURN)
    pump(app)


@pytest.fixture
def bad_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, tuple[str, str]]:
    """The hostile paths, in a folder of their own that `.` is."""
    monkeypatch.chdir(tmp_path)
    return hostile_paths(tmp_path)


@pytest.mark.parametrize("case", HOSTILE)
def test_the_open_dialog_says_why_a_path_does_not_open(
        case: str, app: App, bad_paths: dict[str, tuple[str, str]]) -> None:
    from tools.shots import press, pump

    path, words = bad_paths[case]
    app.show_home()
    press(pygame.K_o, "o")
    pump(app)
    dialog = app.dialog
    assert dialog is not None and dialog.text_field is not None
    type_path(app, path)
    shown = app.dialog
    assert shown is not None  # still asking, or saying why not in a message
    in_words(dialog.error if shown is dialog else " ".join(shown.lines), words)
    assert session_of(app.screen) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("case", [c for c in HOSTILE if c != "a NUL"])  # saves "ab.json"
def test_save_as_says_why_it_cannot_save_at_a_path(
        case: str, app: App, tmp_path: Path, bad_paths: dict[str, tuple[str, str]]) -> None:
    from tools.shots import press, pump

    path, words = bad_paths[case]
    assert app.start_session("skirmish", duel_scenario(both_human=True), seed=3) is None
    arena = app.screen
    pump(app)
    press(pygame.K_s, mod=pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    pump(app)
    dialog = getattr(arena, "dialog", None)
    assert dialog is not None and dialog.text_field is not None
    before = sorted(tmp_path.rglob("*"))
    type_path(app, path)
    assert getattr(arena, "dialog", None) is dialog, "saved where nothing can be"
    in_words(dialog.error, words or "")
    assert sorted(tmp_path.rglob("*")) == before


def test_ctrl_s_to_a_folder_that_became_a_file_says_so(app: App, tmp_path: Path) -> None:
    from tools.shots import press, pump

    assert app.start_session("skirmish", duel_scenario(both_human=True), seed=3) is None
    arena = app.screen
    (tmp_path / "bouts").mkdir()
    press(pygame.K_s, mod=pygame.KMOD_LCTRL)
    pump(app)
    type_path(app, str(tmp_path / "bouts" / "saturday.json"))
    assert (tmp_path / "bouts" / "saturday.json").is_file()
    for left in (tmp_path / "bouts").iterdir():
        left.unlink()
    (tmp_path / "bouts").rmdir()
    (tmp_path / "bouts").write_text("not a folder")
    press(pygame.K_s, mod=pygame.KMOD_LCTRL)
    pump(app)
    assert arena.message_is_error  # type: ignore[union-attr]
    in_words(arena.message, "a part of the path is a file, not a folder")  # type: ignore[union-attr]


def test_recent_files_the_settings_hold_open_or_say_why_not(tmp_path: Path) -> None:
    from companion.ui.widgets.intro_panel import IntroPanel
    from tools.shots import click, pump

    paths_ = hostile_paths(tmp_path)
    recent = [paths_[case][0] for case in ("root", "dot", "a folder", "a link loop",
                                           "through a file")]
    # As long as a recent file's path may be, in characters; in bytes, longer than the
    # system takes.
    recent += [str(tmp_path / ("c" * 4000)), "/".join(["é" * 100] * 40), paths_["a pipe"][0]]
    companion.files.settings.settings_path().parent.mkdir(parents=True)
    companion.files.settings.settings_path().write_text(json.dumps({"recent_files": recent}))
    app = App()
    try:
        app.show_home()
        pump(app)
        panel = app.panel.views.get(0)
        assert isinstance(panel, IntroPanel)
        assert len(panel.files) == len(recent)
        for button in panel.files:
            assert button.label.strip()  # "/" has no name: it shows itself
            app.dialog = None
            click(button.rect.center)
            pump(app)
            assert app.dialog is not None and app.dialog.title == "Cannot open that file"
            in_words(" ".join(app.dialog.lines), "")
        app.draw()
    finally:
        app.close()


@pytest.mark.parametrize("case", HOSTILE)
def test_the_lab_house_rules_field_says_why_a_path_is_no_folder_of_tables(
        case: str, app: App, bad_paths: dict[str, tuple[str, str]]) -> None:
    from companion.ui.lab.screen import LabScreen
    from tools.shots import click, press, pump

    path, words = bad_paths[case]
    app.show_home()
    press(pygame.K_l, "l")
    pump(app)
    lab = app.screen
    assert isinstance(lab, LabScreen)
    click(lab.house.field.rect.center)
    pump(app)
    assert lab.typing
    type_path(app, path)
    if case == "empty":  # nothing typed: nothing chosen, nothing said
        assert lab.house.folder is None and not lab.house.message
        return
    assert lab.house.folder is None and lab.house.is_error
    in_words(lab.house.message, "" if words in ("folder", "not a plain file") else words)
    app.draw()


def test_the_grimdark_paste_takes_paths_as_text(app: App, tmp_path: Path) -> None:
    """The paste reads a forum sheet, not a file: a path pasted is a sheet that does
    not read, said line by line."""
    from companion.ui.grimdark.setup import GrimdarkSetup
    from tools.shots import press, pump

    app.show_setup("grimdark")
    setup = app.screen
    assert isinstance(setup, GrimdarkSetup)
    press(pygame.K_p, "p")
    pump(app)
    assert setup.paste is not None
    text = "\r".join(p for p, _ in hostile_paths(tmp_path).values())
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    press(pygame.K_r, mod=pygame.KMOD_LCTRL)
    pump(app)
    assert setup.paste.problems
    for problem in setup.paste.problems:
        assert "\n" not in problem and not LEAKS.search(problem), problem


# --- the last guard -----------------------------------------------------------------------
def test_an_error_nothing_caught_is_logged_and_the_window_goes_on(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.files.crashlog import crash_log_path
    from tools.shots import press

    app.run(frames=app.frames_drawn + 2)  # the start screen, as on a real start
    screen = app.screen
    assert screen is not None

    def broken(event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            raise RuntimeError("a bug in a screen")
        return False

    monkeypatch.setattr(screen, "handle", broken)
    press(pygame.K_x, "x")
    # A run draws at once, then handles the event and draws again.
    assert app.run(frames=app.frames_drawn + 2) == 0
    assert app.running and app.screen is screen
    log = crash_log_path()
    assert log.parent == paths.user_state_dir()
    text = log.read_text()
    assert "RuntimeError: a bug in a screen" in text and "handling KeyDown" in text
    assert "crash.log" in app.note and "\n" not in app.note
    # The same error again is said again, but written down once.
    press(pygame.K_x, "x")
    app.run(frames=app.frames_drawn + 2)
    assert log.read_text().count("RuntimeError: a bug in a screen") == 1


def test_a_screen_that_cannot_be_drawn_gives_way_to_the_start_screen(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.files.crashlog import crash_log_path
    from tools.shots import press

    assert app.start_session("skirmish", duel_scenario(both_human=True), seed=3) is None
    arena = app.screen
    assert arena is not None

    def broken(*args: Any) -> None:
        raise ZeroDivisionError("a bug in drawing")

    monkeypatch.setattr(arena, "draw", broken)
    press(pygame.K_F2)
    assert app.run(frames=app.frames_drawn + 2) == 0
    assert app.screen is not arena and session_of(app.screen) is None  # type: ignore[arg-type]
    assert "ZeroDivisionError: a bug in drawing" in crash_log_path().read_text()
    app.draw()
    assert app.can_resume()  # the bout is in the autosave
