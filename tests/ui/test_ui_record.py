"""The window's small records compare, hash and show by their values, as the named
tuples they replaced did."""

from __future__ import annotations

import pygame

from companion.ui import registry
from companion.ui.fit import Layer
from companion.ui.host import SystemScreens
from companion.ui.widgets.controls import Fit


def test_two_fits_of_the_same_values_are_equal_and_a_different_one_is_not():
    box = pygame.Rect(1, 2, 30, 40)
    assert Fit(box, "Start", "Start") == Fit(pygame.Rect(box), "Start", "Start")
    assert Fit(box, "Start", "Sta…", overflow=True) != Fit(box, "Start", "Start")
    assert Fit(box, "Start", "Sta…").shortened and not Fit(box, "Start", "Start").shortened


def test_a_systems_screens_hash_by_value_and_say_what_they_hold():
    skirmish = registry.screens_for("skirmish")
    same = SystemScreens(skirmish.ruleset, skirmish.setup, skirmish.play, skirmish.title,
                         skirmish.key, skirmish.short_titles)
    assert same == skirmish and len({same, skirmish}) == 1
    assert "ruleset='skirmish'" in repr(skirmish)


def test_a_layer_is_not_equal_to_a_record_of_another_kind():
    layer = Layer("screen", pygame.Rect(0, 0, 10, 10), [])
    assert layer == Layer("screen", pygame.Rect(0, 0, 10, 10), [])
    assert layer != Fit(pygame.Rect(0, 0, 10, 10))
