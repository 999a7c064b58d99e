"""The fit check: does every widget drawn hold its text, inside its area, without
overlapping another? It asks the widgets (`Widget.fit()`), never the pixels: each
screen, panel view, dialog and the status bar lists what it drew (`widgets()`).

The tests run it on every screen at each window size and UI scale; it is also what a
developer calls to see why a screen looks wrong (`problems(app.layers())`)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.ui.record import Record
from companion.ui.widgets.controls import Fit, Widget


class Layer(Record):
    """Widgets drawn in one area of the window (the screen, the panel, the status bar,
    a dialog): they must stay inside it and apart from one another."""

    __slots__ = ("area", "name", "widgets")

    def __init__(self, name: str, area: pygame.Rect, widgets: Sequence[Widget]) -> None:
        self.name = name
        self.area = area
        self.widgets = widgets


def _what(widget: Widget, fit: Fit) -> str:
    text = fit.text if len(fit.text) <= 60 else fit.text[:57] + "..."
    return f"{type(widget).__name__} {text!r}"


def problems(layers: Sequence[Layer]) -> list[str]:
    """Every widget whose text overflows, that lies outside its area, or that overlaps
    another of its layer; one line each."""
    found: list[str] = []
    for layer in layers:
        fits = [(w, w.fit()) for w in layer.widgets]
        for widget, fit in fits:
            what = _what(widget, fit)
            if fit.overflow:
                found.append(f"{layer.name}: {what} overflows its box {tuple(fit.rect)}")
            if fit.rect.width and fit.rect.height and not layer.area.contains(fit.rect):
                found.append(f"{layer.name}: {what} at {tuple(fit.rect)} is outside "
                             f"{tuple(layer.area)}")
        for i, (a, fa) in enumerate(fits):
            for b, fb in fits[i + 1:]:
                if fa.rect.colliderect(fb.rect):
                    found.append(f"{layer.name}: {_what(a, fa)} at {tuple(fa.rect)} overlaps "
                                 f"{_what(b, fb)} at {tuple(fb.rect)}")
    return found


def widget_at(layers: Sequence[Layer], pos: tuple[int, int]) -> Fit | None:
    """The fit of the widget under `pos` in the top layer that holds `pos`; a list's
    row when the mouse is on one."""
    dialogs = [layer for layer in layers if layer.name == "dialog"]
    # A dialog hides what lies below it.
    for layer in dialogs[-1:] or list(reversed(layers)):
        if not layer.area.collidepoint(pos):
            continue
        for widget in reversed(layer.widgets):
            hover = getattr(widget, "hover_fit", None)
            if hover is not None:
                fit = hover(pos)
                if fit is not None:
                    return fit
            fit = widget.fit()
            if fit.rect.collidepoint(pos):
                return fit
    return None
