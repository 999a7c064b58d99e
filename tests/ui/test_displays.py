"""Which display the player's window opens on, and where: where it was last if that
display is still there, else the primary; never off the display it opens on. The
displays are given as their rectangles on the desktop, as SDL reports them."""

from __future__ import annotations

from pygame import Rect

from companion.ui.player.displays import opening_place, place_on, primary

MINIMUM = (1024, 640)
LAPTOP = Rect(0, 0, 1920, 1080)
TV = Rect(1920, 0, 3840, 2160)
BESIDE = Rect(-1280, 0, 1280, 1024)  # a third screen, left of the laptop


def test_it_reopens_on_the_tv_at_the_same_place_on_it() -> None:
    assert opening_place((1, 100, 50, 1600, 900), [LAPTOP, TV], MINIMUM, 0.85) == \
        (1, (2020, 50), (1600, 900))


def test_with_three_displays_each_keeps_its_own_place() -> None:
    displays = [LAPTOP, TV, BESIDE]
    assert opening_place((2, 10, 20, 1100, 700), displays, MINIMUM, 0.85) == \
        (2, (-1270, 20), (1100, 700))
    assert opening_place((0, 10, 20, 1100, 700), displays, MINIMUM, 0.85) == \
        (0, (10, 20), (1100, 700))


def test_a_display_gone_falls_back_to_the_primary_centred() -> None:
    display, place, size = opening_place((2, 10, 20, 1100, 700), [LAPTOP, TV], MINIMUM, 0.85)
    assert display == 0 and Rect(place, size).center == LAPTOP.center


def test_the_primary_is_the_display_at_the_desktops_origin_not_the_first_listed() -> None:
    displays = [BESIDE, LAPTOP]
    assert primary(displays) == 1
    display, place, size = opening_place((4, 0, 0, 1100, 700), displays, MINIMUM, 0.85)
    assert display == 1 and LAPTOP.contains(Rect(place, size))


def test_a_place_off_every_display_is_brought_back_onto_its_own() -> None:
    for saved in [(1, 5000, 3000, 1200, 700), (1, -9000, -40, 1200, 700)]:
        display, place, size = opening_place(saved, [LAPTOP, TV, BESIDE], MINIMUM, 0.85)
        assert display == 1 and TV.contains(Rect(place, size))


def test_a_window_larger_than_its_display_now_is_shrunk_to_it_not_below_the_least() -> None:
    small = Rect(1920, 0, 1280, 720)
    assert place_on(1, (0, 0), (3000, 2000), MINIMUM, [LAPTOP, small]) == \
        (1, (1920, 0), (1280, 720))
    assert place_on(0, (0, 0), (200, 100), MINIMUM, [LAPTOP])[2] == MINIMUM


def test_the_first_time_it_opens_on_the_last_display_centred_at_most_of_its_size() -> None:
    for displays in ([LAPTOP, TV], [LAPTOP, BESIDE, TV]):
        display, place, size = opening_place(None, displays, MINIMUM, 0.85)
        assert display == len(displays) - 1
        assert size == (3264, 1836) and Rect(place, size).center == TV.center
    assert opening_place(None, [LAPTOP], MINIMUM, 0.85)[0] == 0
