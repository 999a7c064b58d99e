"""The right-hand panel: tabs for the gladiators, the dice tray and the tables."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

import pygame

from companion.ui.theme import Theme
from companion.ui.widgets.controls import Button, Label, ScrollList, TextField, Widget
from companion.ui.widgets.retained import Retained, Soil

# The tabs' letters are those of the small buttons (the start screen's): a size of its
# own would be a font whose every letter is made afresh at every start.
TAB_SIZE = 17


class PanelView(Protocol):
    title: str

    def layout(self, rect: pygame.Rect) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    # Optional: `draw_key() -> object`, which changes whenever what `draw` would show
    # does; the panel then paints the view only when it changes (see Retained).

    def handle(self, event: pygame.event.Event) -> bool: ...

    @property
    def typing(self) -> bool: ...


class SidePanel:
    """Views are made when first shown, so start-up pays only for the first tab."""

    def __init__(
        self, theme: Theme, makers: list[tuple[str, str, Callable[[], PanelView]]]
    ) -> None:
        self.theme = theme
        self.makers = makers  # (title, key name shown on the tab, maker)
        self.views: dict[int, PanelView] = {}
        self.active = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.tabs = [
            Button(theme, f"{title} ({key})", partial(self.show, i), size=TAB_SIZE,
                   short=(f"{title} {key}", title))
            for i, (title, key, _) in enumerate(makers)
        ]
        self._retained = Retained()

    @property
    def view(self) -> PanelView:
        if self.active not in self.views:
            self.views[self.active] = self.makers[self.active][2]()
            self.views[self.active].layout(self._body)
        return self.views[self.active]

    def show(self, index: int) -> None:
        self.active = index
        on_show = getattr(self.view, "on_show", None)
        if on_show is not None:
            on_show()

    def show_title(self, title: str) -> None:
        for i, (name, _, _) in enumerate(self.makers):
            if name == title:
                self.show(i)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        px = self.theme.px
        tab_h, pad = px(38), px(8)
        width = (rect.width - pad * (len(self.tabs) + 1)) // len(self.tabs)
        for i, tab in enumerate(self.tabs):
            tab.rect = pygame.Rect(rect.x + pad + i * (width + pad), rect.y + pad, width, tab_h)
        # Every tab in the same form: all with their keys, or none.
        forms = [(f"{t} ({k})", f"{t} {k}", t) for t, k, _ in self.makers]
        room = width - 2 * self.tabs[0].pad
        font = self.tabs[0].font
        form = next((i for i in range(3) if all(font.size(f[i])[0] <= room for f in forms)), 2)
        for tab, labels in zip(self.tabs, forms, strict=True):
            tab.label, tab.short = labels[form], ()
        self._body = pygame.Rect(
            rect.x, rect.y + tab_h + 2 * pad, rect.width, rect.height - tab_h - 2 * pad
        )
        for view in self.views.values():
            view.layout(self._body)

    def draw(self, surface: pygame.Surface, soil: Soil | None = None) -> None:
        # A view that says what it shows (`draw_key`) is painted once per change of
        # it and copied back on the frames between; any other is painted every frame.
        view = self.view
        draw_key = getattr(view, "draw_key", None)
        key = None
        if draw_key is not None:
            theme = self.theme
            key = (view, draw_key(), self.active, tuple(self.rect), theme.scale,
                   theme.palette, tuple((tab.label, tuple(tab.rect)) for tab in self.tabs))
        self._retained.draw(surface, self.rect, key, lambda: self._paint(surface), soil)

    def _paint(self, surface: pygame.Surface) -> pygame.Rect:
        """The panel; the box it painted, which its edge's line, as thick as the
        scale makes it, may take a pixel or two past the panel's left."""
        pal = self.theme.palette
        pygame.draw.rect(surface, pal.panel, self.rect)
        edge = pygame.draw.line(
            surface, pal.panel_edge, self.rect.topleft, self.rect.bottomleft, self.theme.px(2)
        )
        for i, tab in enumerate(self.tabs):
            tab.selected = i == self.active
            tab.draw(surface)
        self.view.draw(surface)
        # Only the rows of the panel: below it is the status bar's, painted after.
        return edge.clip(pygame.Rect(edge.x, self.rect.y, edge.width, self.rect.height))

    def handle(self, event: pygame.event.Event) -> bool:
        if any(tab.handle(event) for tab in self.tabs):
            return True
        return self.view.handle(event)

    @property
    def typing(self) -> bool:
        return self.view.typing

    def widgets(self) -> list[Widget]:
        """The tabs, and what the view shown drew."""
        return [*self.tabs, *widgets_of(self.view)]


def widgets_of(view: object) -> list[Widget]:
    """A view's `widgets()`; for a view that has none yet, the widgets it holds."""
    listed = getattr(view, "widgets", None)
    if callable(listed):
        return list(listed())
    kinds = (Button, TextField, ScrollList, Label)
    found: list[Widget] = []
    for value in vars(view).values():
        items = value if isinstance(value, list) else [value]
        found += [item for item in items if isinstance(item, kinds)]
    return found
