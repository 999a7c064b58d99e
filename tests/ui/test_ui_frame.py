"""The arena's frame keeps what did not change drawn (the panel, the board under the
mouse, the status bar) and paints only what did. Whatever changes, the next frame
is the very frame painted from scratch, pixel for pixel: an action, an undo, the
mouse moving, a resize, a new UI scale, the arcs and the reach shown or hidden."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pygame
import pytest

from companion.ui.app import App
from companion.ui.events import ANIMATE
from companion.ui.skirmish.board import Float, SkirmishBoard
from companion.ui.skirmish.screen import SkirmishScreen
from companion.ui.widgets.retained import Retained
from tools.shots import QUARTET, click_hex, hover, press, pump


def arena(app: App) -> SkirmishScreen:
    """Four gladiators; Brutus, a human, has rolled his AP and may act: his reach
    and his foes are shown."""
    assert app.start_session("skirmish", QUARTET, seed=3) is None
    screen = app.screen
    assert isinstance(screen, SkirmishScreen)
    screen.skip_ahead()
    press(pygame.K_SPACE, " ")
    pump(app)
    screen.skip_ahead()
    pump(app)
    # The computer's blows have played out (their timer never fires in a test).
    while screen.overlay.animating:
        screen.overlay.tick()
    assert screen.state.phase == "act" and screen.overlay.reach
    return screen


@contextmanager
def painted_afresh() -> Iterator[None]:
    """Every part of the window painted from scratch: nothing kept drawn is used, and
    the board is painted whole, as it was before anything was kept."""
    draw, board_draw = Retained.draw, SkirmishBoard.draw

    def retained_draw(self: Retained, surface: pygame.Surface, rect: pygame.Rect,
                      key: object, paint: Callable[[], None], soil: object = None) -> bool:
        return draw(self, surface, rect, None, paint)

    def whole_board(self: SkirmishBoard, surface: pygame.Surface, state: object,
                    overlay: object, hover: object, *kept: object) -> None:
        board_draw(self, surface, state, overlay, hover, None)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Retained, "draw", retained_draw)
        patch.setattr(SkirmishBoard, "draw", whole_board)
        yield


def pixels(app: App) -> bytes:
    return pygame.image.tobytes(app.window.get_surface(), "RGB")


def frame(app: App) -> bytes:
    app.draw()
    return pixels(app)


def fresh_frame(app: App) -> bytes:
    with painted_afresh():
        return frame(app)


def assert_kept_is_fresh(app: App) -> bytes:
    """The frame as drawn with what was kept is the frame painted from scratch."""
    kept = frame(app)
    assert kept == fresh_frame(app), "a part kept drawn shows what is no longer so"
    return kept


def mouse_on(app: App, label: str) -> None:
    hover(app, label)
    pump(app)


def turn_right(app: App) -> None:
    press(pygame.K_e, "e")
    pump(app)


def undo(app: App) -> None:
    press(pygame.K_z, mod=pygame.KMOD_CTRL)
    pump(app)


def resize(app: App) -> None:
    app.window.size = (1100, 700)
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=1100, y=700))
    pump(app)


def new_scale(app: App) -> None:
    press(pygame.K_F9)
    pump(app)


def arcs_let_go(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_v, mod=0))
    pump(app)


def target_chosen(app: App) -> None:
    press(pygame.K_TAB)
    pump(app)


def path_shown(app: App) -> None:
    """A click on a hex he can reach: the path there is drawn."""
    screen = app.screen
    assert isinstance(screen, SkirmishScreen)
    state = screen.state
    far = max((r for r in screen.overlay.reach.values()
               if r.cost > 0 and state.occupant(r.hex) is None), key=lambda r: r.cost)
    click_hex(app, state.board.to_label(far.hex))
    pump(app)
    assert screen.overlay.path


def turn_ended(app: App) -> None:
    """The computer's turn: Brutus's reach and targets are no longer shown."""
    press(pygame.K_n, "n")
    pump(app)


def wound_floats_up(app: App) -> None:
    """A wound's number over a token (drawn over the kept board), a tick later."""
    screen = app.screen
    assert isinstance(screen, SkirmishScreen)
    g = screen.state.gladiators[1]
    screen.overlay.floats.append(Float(g.hex, "-2", app.theme.palette.bad))
    frame(app)
    pygame.event.post(pygame.event.Event(ANIMATE))
    pump(app)


CHANGES = {
    "the mouse goes to another gladiator": lambda app: mouse_on(app, "C5"),
    "the mouse goes to an empty hex": lambda app: mouse_on(app, "B2"),
    "the mouse leaves the board": lambda app: (
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(0, 0),
                                             buttons=(0, 0, 0))), pump(app)),
    "he turns": turn_right,
    "his turn is undone": lambda app: (turn_right(app), frame(app), undo(app)),
    "the window is resized": resize,
    "the UI scale changes": new_scale,
    "the arcs held shown are let go": arcs_let_go,
    "a foe is chosen (the odds card)": target_chosen,
    "a path is shown": path_shown,
    "his turn ends (the reach goes)": turn_ended,
    "a wound floats up": wound_floats_up,
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_the_next_frame_after_a_change_is_the_frame_painted_afresh(app, change):
    screen = arena(app)
    press(pygame.K_v, "v")  # the arcs held shown
    mouse_on(app, "E8")  # on a foe: his arcs and his card
    assert screen.overlay.arcs_of is not None
    before = assert_kept_is_fresh(app)
    frame(app)  # kept, and used again
    CHANGES[change](app)
    after = assert_kept_is_fresh(app)
    assert after != before, "the change shows"


def test_a_round_of_the_mouse_over_the_board_shows_each_hex_as_painted_afresh(app):
    screen = arena(app)
    press(pygame.K_v, "v")
    for g in screen.state.gladiators:
        label = screen.state.label(g.hex)
        mouse_on(app, label)
        assert_kept_is_fresh(app)
        for near in ("B2", "F9", label):
            mouse_on(app, near)
            assert_kept_is_fresh(app)


def test_the_panel_is_painted_once_while_only_the_mouse_moves(app):
    arena(app)
    frame(app)
    painted = app.panel._retained.painted
    for label in ("E8", "B2", "C5", "G8", "D4"):
        mouse_on(app, label)
    assert app.panel._retained.painted == painted
    turn_right(app)  # an action: his card says he has fewer AP
    assert app.panel._retained.painted == painted + 1


def test_the_board_is_painted_whole_only_when_what_it_shows_changes(app):
    screen = arena(app)
    frame(app)
    base = screen.board._base
    painted = base.painted
    for label in ("B2", "B3", "E8", "C5", "B2"):
        mouse_on(app, label)  # the hover's hex alone, and the arcs' hexes
    assert base.painted == painted
    turn_right(app)
    assert base.painted == painted + 1


def test_a_panel_view_that_does_not_say_what_it_shows_is_painted_every_frame(app):
    arena(app)
    press(pygame.K_F3)  # the dice tray
    pump(app)
    painted = app.panel._retained.painted
    frame(app)
    frame(app)
    assert app.panel._retained.painted == painted + 2



def fresh_frame_unseen(app: App) -> bytes:
    """The frame painted from scratch, with the window left as it was: its pixels,
    what its parts kept and where they were drawn, as if that frame had never been."""
    screen = app.screen
    assert isinstance(screen, SkirmishScreen)
    surface = app.window.get_surface()
    shown = surface.copy()
    parts = (screen.board._base, app.panel._retained, app.soil, screen.board)
    kept = [copy.copy(vars(part)) for part in parts]
    fresh = fresh_frame(app)
    surface.blit(shown, (0, 0))
    for part, was in zip(parts, kept, strict=True):
        vars(part).clear()
        vars(part).update(was)
    return fresh


def test_frame_after_frame_mended_only_where_drawn_over_is_the_frame_painted_afresh(app):
    """The board and the panel, shown the frame before, put back only what the hover,
    his card, a tooltip or a dialog drew over them; frame after frame, with no frame
    painted from scratch between, each is the frame painted afresh."""
    screen = arena(app)
    press(pygame.K_v, "v")
    frame(app)
    board, panel = screen.board._base, app.panel._retained
    mended = board.mended, panel.mended
    steps = ["B2", "B3", "E8", "E7", "C5", "C6", "F9", "B2"]
    for g in screen.state.gladiators:
        steps += [screen.state.label(g.hex), "D4"]
    for label in steps:
        mouse_on(app, label)
        assert frame(app) == fresh_frame_unseen(app), f"the mouse on {label}"
    # A name shown shortened on the panel, whole under the mouse (a tooltip), then gone.
    shortened = [fit.rect.center for layer in app.layers() if layer.name == "panel"
                 for fit in (w.fit() for w in layer.widgets) if fit.shortened]
    assert shortened, "the panel shows a name shortened"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=shortened[0], rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pump(app)
    assert frame(app) == fresh_frame_unseen(app), "a tooltip on the panel"
    mouse_on(app, "B2")
    assert frame(app) == fresh_frame_unseen(app), "the tooltip gone"
    # The keys dialog (F1) over everything, then closed.
    press(pygame.K_F1)
    pump(app)
    assert frame(app) == fresh_frame_unseen(app), "a dialog open"
    press(pygame.K_ESCAPE)
    pump(app)
    assert frame(app) == fresh_frame_unseen(app), "the dialog closed"
    assert board.mended > mended[0] and panel.mended > mended[1], "mended, not blitted whole"
