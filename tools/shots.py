"""Screenshots of the key screens, for people to look at (scripts/shots).

Drives the app with real posted events and saves what the window shows after each.
"""

from __future__ import annotations

import itertools
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from companion.core.hexgrid import Hex, line
from companion.ui.app import App
from companion.ui.events import ANIMATE
from companion.ui.session.screen import SessionScreen
from companion.ui.skirmish.screen import SkirmishScreen
from companion.ui.tools.dice_tray import DiceTray
from companion.ui.tools.table_browser import TableBrowser


def press(key: int, text: str = "", mod: int = 0) -> None:
    """A key as SDL delivers it: KEYDOWN, then TEXTINPUT for printable keys."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def type_text(text: str) -> None:
    for ch in text:
        press(pygame.key.key_code(ch) if ch != " " else pygame.K_SPACE, ch)


def click(pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def pump(app: App) -> None:
    """Hand every queued event to the app, then draw."""
    for event in pygame.event.get():
        app.handle(event)
    app.draw()


def shoot(app: App, folder: Path, name: str, steps: Callable[[], None] | None = None) -> Path:
    if steps:
        steps()
    pump(app)
    path = folder / f"{name}.png"
    pygame.image.save(app.window.get_surface(), str(path))
    return path


DUEL = {
    "gladiators": [
        {"name": "Brutus", "type": "samnite", "side": "red", "at": "E6", "facing": "S"},
        {"name": "Nereus", "type": "retiarius", "side": "blue", "at": "E7", "facing": "N",
         "human": False},
    ]
}


def hover(app: App, label: str) -> None:
    assert app.board_view.layout is not None
    x, y = app.board_view.layout.hex_to_pixel(app.board.from_label(label))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)),
                                         rel=(0, 0), buttons=(0, 0, 0)))


def click_hex(app: App, label: str, button: int = 1) -> None:
    assert app.board_view.layout is not None
    x, y = app.board_view.layout.hex_to_pixel(app.board.from_label(label))
    click((round(x), round(y)), button)


# --- the arena frame as tools/bench/ times it ----------------------------------
# How tools/bench/ times a callable (its median of `repeat` runs), handed in:
# this module importing the bench would make an import cycle.
Timer = Callable[[Callable[[], object], int], float]


def _dummy_drivers() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ["SDL_AUDIODRIVER"] = "dummy"


# The arena as the frame figures draw it: four gladiators, two of them with reach or
# missile weapons, whose arcs are banded out to their range.
QUARTET = {
    "gladiators": [
        {"name": "Brutus", "type": "samnite", "side": "red", "at": "E6", "facing": "S"},
        {"name": "Nereus", "type": "retiarius", "side": "blue", "at": "E8", "facing": "N",
         "human": False},
        {"name": "Crixus", "type": "hoplomachus", "side": "red", "at": "C5", "facing": "S"},
        {"name": "Spiculus", "type": "sagittarius", "side": "blue", "at": "G8", "facing": "N",
         "human": False},
    ]
}


def frame_ms(timer: Timer, size: tuple[int, int], scale: float, repeat: int = 100,
             ) -> float:
    """The median full frame of the arena: four gladiators, a human's turn to act with
    his reach shown, the arcs held shown (V), and the mouse moving. Each frame is one
    mouse motion handled, then the window drawn: the pointer goes one hex further on a
    round from gladiator to gladiator across the hexes between them, so that every
    frame shows a new hover, on a gladiator (his arcs and card) or on the hexes
    between (the arcs of the one whose turn it is), and what the hover changes is
    painted again each frame."""
    _dummy_drivers()
    app = App(size=size, scale=scale)
    try:
        app.draw()
        refused = app.start_session("skirmish", QUARTET, seed=3)
        assert refused is None, refused
        screen = app.screen
        assert isinstance(screen, SkirmishScreen)
        screen.skip_ahead()
        screen.act({"type": "roll_ap"})
        screen.skip_ahead()
        screen.show_arcs = True
        # The computer's blows play out (a pushback's slide, the wounds floating up) as
        # the loop would play them within a second: no timer fires in the bench.
        while screen.overlay.animating:
            app.handle(pygame.event.Event(ANIMATE))
        active = screen.state.current()
        assert active is not None and screen.state.phase == "act"
        layout = app.board_view.layout
        assert layout is not None
        state = screen.state
        round_: list[Hex] = []
        people = state.gladiators
        for g, after in zip(people, people[1:] + people[:1], strict=True):
            assert g.hex is not None and after.hex is not None
            round_ += line(g.hex, after.hex)[:-1]
        moves = [pygame.event.Event(pygame.MOUSEMOTION, rel=(0, 0), buttons=(0, 0, 0),
                                    pos=tuple(round(c) for c in layout.hex_to_pixel(h)))
                 for h in round_]
        turn = itertools.count()

        def frame() -> None:
            app.handle(moves[next(turn) % len(moves)])
            app.draw()

        for _ in moves:  # once round, as a player's mouse would have gone before
            frame()
        return timer(frame, repeat)
    finally:
        app.close()


def ctrl_z_ms(files: dict[int, str], presses: int, rounds: int) -> dict[int, list[float]]:
    """Ctrl+Z in the app, for tools/bench/: each session file (by its length) is
    resumed from the autosave as a player resumes one, then Ctrl+Z pressed `presses`
    times in a row, each key handled (the undo, its autosave, what the screen makes of
    it) and the frame after it drawn; a big autosave is written in the background
    (companion.session.autosaver), as the app writes it. The mean ms of a press, a round
    of files after another, so that a slow spell falls on every length."""
    _dummy_drivers()
    app = App(size=(1280, 800))
    times: dict[int, list[float]] = {n: [] for n in files}
    try:
        app.draw()
        path = app.autosave_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(rounds):
            for n, text in files.items():
                app.autosaver.flush()  # the last file's autosave must not land on this one
                path.write_text(text)
                app.resume()
                pump(app)
                screen = app.screen
                assert isinstance(screen, SessionScreen), n
                journal = screen.session.journal
                assert len(journal) == n, (n, len(journal))
                start = time.perf_counter()
                for _ in range(presses):
                    press(pygame.K_z, mod=pygame.KMOD_LCTRL)
                    pump(app)
                times[n].append((time.perf_counter() - start) / presses * 1000)
                assert len(journal) == n - presses
        return times
    finally:
        app.close()


def window_blit_ms(timer: Timer, size: tuple[int, int], repeat: int = 100) -> float:
    """The floor a full frame is measured against in the same run: one opaque blit of
    the whole window, which is memory bandwidth and nothing else."""
    _dummy_drivers()
    pygame.display.init()
    window = pygame.Window("bench", size)
    try:
        target, picture = window.get_surface(), pygame.Surface(size)
        return timer(lambda: target.blit(picture, (0, 0)), repeat)
    finally:
        window.destroy()


SIZES = ((1280, 800), (1920, 1080))
SCALES = (1.0, 2.0)


def walk(folder: Path, scale: float = 1.0, size: tuple[int, int] = (1280, 800)) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    app = App(size=size, scale=scale)
    suffix = f"-{size[0]}x{size[1]}-{round(scale * 100)}"
    try:
        app.draw()
        app.show_home()
        made = [shoot(app, folder, f"start{suffix}")]
        press(pygame.K_F1)
        made.append(shoot(app, folder, f"start-keys{suffix}"))
        press(pygame.K_ESCAPE)
        pump(app)
        app.start_session("skirmish", DUEL, seed=11)
        arena = app.screen
        assert isinstance(arena, SkirmishScreen)
        arena.skip_ahead()
        pump(app)
        if arena.state.phase == "ap":
            press(pygame.K_SPACE, " ")
        pump(app)
        made.append(shoot(app, folder, f"arena-reach{suffix}"))
        hover(app, "E7")
        made.append(shoot(app, folder, f"arena-arcs{suffix}"))
        click_hex(app, "D6")
        made.append(shoot(app, folder, f"arena-path{suffix}"))
        press(pygame.K_ESCAPE)
        press(pygame.K_TAB)
        made.append(shoot(app, folder, f"odds-card{suffix}"))
        press(pygame.K_F1)
        made.append(shoot(app, folder, f"arena-keys{suffix}"))
        press(pygame.K_ESCAPE)
        press(pygame.K_s, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
        made.append(shoot(app, folder, f"save-as{suffix}"))
        press(pygame.K_ESCAPE)
        press(pygame.K_ESCAPE)
        press(pygame.K_ESCAPE)
        made.append(shoot(app, folder, f"arena-way-out{suffix}"))
        press(pygame.K_ESCAPE)
        pump(app)
        press(pygame.K_F3)
        pump(app)
        tray = app.panel.view
        assert isinstance(tray, DiceTray)
        click(tray.quick[1].rect.center)
        made.append(shoot(app, folder, f"dice-tray{suffix}"))
        press(pygame.K_F4)
        pump(app)
        type_text("s19")
        made.append(shoot(app, folder, f"table-browser{suffix}"))
        press(pygame.K_F5)
        made.append(shoot(app, folder, f"rolls{suffix}"))
        press(pygame.K_F2)
        for g in arena.state.gladiators:
            g.human = False  # let the computer fight it out to the appeal
        arena.skip_ahead()
        made.append(shoot(app, folder, f"appeal{suffix}"))
        press(pygame.K_RETURN)
        pump(app)
        press(pygame.K_RETURN)
        pump(app)
        arena.skip_ahead()
        while arena.dialog is not None and arena.state.phase != "over":
            press(pygame.K_RETURN)
            pump(app)
            arena.skip_ahead()
        made.append(shoot(app, folder, f"end-of-bout{suffix}"))
        press(pygame.K_ESCAPE)
        pump(app)
        made += duel_shots(app, folder, suffix)
        made += grimdark_shots(app, folder, suffix)
        made += lab_shots(app, folder, suffix)
        return made
    finally:
        app.close()


def duel_shots(app: App, folder: Path, suffix: str) -> list[Path]:
    """The battle-system set-up, a duel's tracker cards, and a table entry applied."""
    import json

    from companion import paths
    from companion.rulesets.battle.sheet import quick_sheet
    from companion.ui.battle.screen import BattleScreen
    from companion.ui.battle.setup import BattleSetup, duel_setup

    app.show_setup("battle")
    made = [shoot(app, folder, f"battle-start{suffix}")]
    setup = app.screen
    assert isinstance(setup, BattleSetup)
    setup.sides[1].choice = len(setup.options) - 1
    made.append(shoot(app, folder, f"battle-start-sheet{suffix}"))
    sample = paths.assets_dir() / "samples" / "hammer-rookie.json"
    app.start_session("battle", duel_setup(json.loads(sample.read_text()),
                                           quick_sheet("Brenna", 12, 2, 1, 3)), seed=4)
    duel = app.screen
    assert isinstance(duel, BattleScreen)
    press(pygame.K_RETURN)  # initiative
    pump(app)
    press(pygame.K_RETURN)  # the first attack
    pump(app)
    made.append(shoot(app, folder, f"duel{suffix}"))
    duel.act({"type": "adjust_health", "who": "b", "op": "=-4"})
    duel.act({"type": "spend_luck", "who": "b", "n": 1})
    press(pygame.K_F4)
    pump(app)
    browser = app.panel.view
    assert isinstance(browser, TableBrowser)
    browser.field.set_text("")
    type_text("s21")
    pump(app)
    made.append(shoot(app, folder, f"duel-apply{suffix}"))
    press(pygame.K_F2)
    press(pygame.K_g, "g")
    made.append(shoot(app, folder, f"duel-board{suffix}"))
    press(pygame.K_g, "g")
    press(pygame.K_F5)
    made.append(shoot(app, folder, f"duel-rolls{suffix}"))
    press(pygame.K_F2)
    duel.act({"type": "adjust_health", "who": "a", "op": "=-2"})
    pump(app)
    while duel.due_now() not in ("stay_conscious", "over"):
        duel.main_action()
    if duel.due_now() == "stay_conscious":
        press(pygame.K_d, "d")
    made.append(shoot(app, folder, f"duel-over{suffix}"))
    return made


def grimdark_shots(app: App, folder: Path, suffix: str) -> list[Path]:
    """The Grimdark set-up with a two-against-one line-up, a match after two turns, a
    turn explained, and the end of the match."""
    import json

    from companion.rulesets.grimdark.coaching import samples_dir as coaching_dir
    from companion.rulesets.grimdark.sheet import samples_dir

    app.show_setup("grimdark")
    made = [shoot(app, folder, f"grimdark-setup{suffix}")]

    def entry(key: str, team: str) -> dict[str, object]:
        coaching = coaching_dir() / f"{key}.json"
        return {"sheet": json.loads((samples_dir() / f"{key}.json").read_text()),
                "team": team,
                "coaching": json.loads(coaching.read_text()) if coaching.exists() else None}

    setup = {"gladiators": [entry("lord-smash", "1"), entry("arena-robot", "1"),
                            entry("sewer-beast", "2")],
             "options": {"started": "2026-12-01T20:00:00", "engine": 2}}
    app.start_session("grimdark", setup, seed=5)
    for _ in range(2):
        press(pygame.K_RETURN)
        pump(app)
    made.append(shoot(app, folder, f"grimdark-match{suffix}"))
    press(pygame.K_x, "x")
    made.append(shoot(app, folder, f"grimdark-explained{suffix}"))
    press(pygame.K_x, "x")
    press(pygame.K_e, "e")
    pump(app)
    made.append(shoot(app, folder, f"grimdark-over{suffix}"))
    return made


def lab_shots(app: App, folder: Path, suffix: str, workers: int = 0) -> list[Path]:
    """The Lab screen: its choices, a run under way, and the heat map with the details
    of a cell under the mouse."""
    from companion.ui.lab.screen import LabScreen

    app.show_home()
    press(pygame.K_l, "l")
    pump(app)
    lab = app.screen
    assert isinstance(lab, LabScreen)
    lab.workers = workers
    made = [shoot(app, folder, f"lab-choices{suffix}")]
    press(pygame.K_MINUS, "-")
    press(pygame.K_MINUS, "-")
    press(pygame.K_RETURN)
    pump(app)
    made.append(shoot(app, folder, f"lab-running{suffix}"))
    lab.wait()
    pump(app)
    assert lab.heat is not None
    box = lab.heat.cells[(1, 8)]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    made.append(shoot(app, folder, f"lab-heatmap{suffix}"))
    press(pygame.K_ESCAPE)
    press(pygame.K_ESCAPE)
    pump(app)
    return made


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path("shots")
    made = [path for size in SIZES for scale in SCALES
            for path in walk(folder, scale, size)]
    for path in made:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
