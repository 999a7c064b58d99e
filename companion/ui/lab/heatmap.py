"""The balance lab's heat map, drawn with the window's own fonts and colours: the
matrix of win rates (row against column), each cell coloured on a scale from the row
losing every bout to winning every bout, with its win rate and 95 % interval; with
house rules, coloured by the change instead and marked where it is beyond chance. The
Lab screen draws it in its area (numbered columns, the details on hover); `save_heatmap`
draws it whole into a PNG (the names written up the columns)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from companion.lab.results import Cell, Change, Matrix
from companion.ui.theme import Colour, Theme
from companion.ui.widgets.controls import Ink, Label

# The scale's ends and middle: red the row loses, grey even, blue the row wins. Dark
# enough for the white figures on them.
LOW: Colour = (178, 48, 44)
MIDDLE: Colour = (64, 66, 74)
HIGH: Colour = (40, 104, 176)
CHANGE_SPAN = 0.2  # the change scale's ends: 20 points of win rate either way
MARK = "*"


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def rate_colour(rate: float) -> Colour:
    """0 red, 0.5 grey, 1 blue; between, a blend."""
    rate = min(1.0, max(0.0, rate))
    return _mix(LOW, MIDDLE, rate * 2) if rate < 0.5 else _mix(MIDDLE, HIGH, rate * 2 - 1)


def change_colour(delta: float) -> Colour:
    return rate_colour(0.5 + max(-1.0, min(1.0, delta / CHANGE_SPAN)) / 2)


def percent(rate: float) -> str:
    return f"{rate * 100:.0f}"


def interval_text(cell: Cell) -> str:
    low, high = cell.interval
    return f"{low * 100:.0f} to {high * 100:.0f}"


def cell_details(matrix: Matrix, row: int, col: int, change: Change | None = None) -> list[str]:
    """The hover's lines for one cell, in words."""
    cell = matrix.cell(row, col)
    a, b = matrix.entrants[row].name, matrix.col_entrants[col].name
    lines = [f"{a} against {b}",
             f"won {percent(cell.win_rate)} % (95 % interval {interval_text(cell)} %)",
             f"{cell.bouts:,} bouts: {cell.wins:,} won, {cell.losses:,} lost, "
             f"{cell.draws:,} drawn",
             f"a bout lasts {cell.mean_turns:.1f} turns; the loser died in "
             f"{percent(cell.loser_died_rate)} %"]
    if change is not None:
        sign = "beyond chance" if change.significant else "within chance"
        lines.append(f"with the house rules {percent(change.after.win_rate)} % "
                     f"({interval_text(change.after)} %): {change.delta * 100:+.0f} points, "
                     f"{sign}")
    return lines


class Heatmap:
    """Lays the matrix out in a rectangle and draws it. `cells` holds each cell's box
    after `draw`, for the hover; `ink` what text it drew, for the fit check."""

    def __init__(self, theme: Theme, matrix: Matrix,
                 changes: dict[tuple[int, int], Change] | None = None, *,
                 names_up: bool = False) -> None:
        self.theme = theme
        self.matrix = matrix
        self.changes = changes
        self.names_up = names_up  # the columns headed by their names, written upwards
        self.ink = Ink(theme)
        self.cells: dict[tuple[int, int], pygame.Rect] = {}
        self.detail = True  # room for the interval in each cell, as last drawn

    # --- sizes ---------------------------------------------------------------------
    def _name_width(self, size: int) -> int:
        font = self.theme.fonts.get(size)
        return max(font.size(self._row_name(i))[0] for i in range(len(self.matrix.entrants)))

    def _column_names_width(self, size: int) -> int:
        """The longest name written up the columns (the rows' own, or the same
        gladiators played another way)."""
        font = self.theme.fonts.get(size)
        return max(font.size(e.name)[0] for e in self.matrix.col_entrants)

    def _row_name(self, i: int) -> str:
        name = self.matrix.entrants[i].name
        return name if self.names_up else f"{i + 1} {name}"

    def legend_height(self) -> int:
        font = self.theme.fonts.get(14)
        return self.theme.px(14) + font.get_linesize() * 2 + self.theme.px(12)

    def natural_size(self, cell: tuple[int, int] = (78, 50)) -> tuple[int, int]:
        """The size it takes with cells of `cell` pixels at 100 %: for the PNG."""
        n, px = len(self.matrix.entrants), self.theme.px
        head = self._column_names_width(14) + px(16) if self.names_up else \
            self.theme.fonts.get(14).get_linesize() + px(8)
        left = self._name_width(14) + px(16)
        title = self.theme.fonts.get(18, bold=True).get_linesize() + px(10)
        # A small matrix still holds its title and its legend's words whole.
        words = self.theme.fonts.get(14).size(self._legend_words())[0]
        whole = self.theme.fonts.get(18, bold=True).size(self.title())[0]
        return (max(left + n * px(cell[0]), left + words, px(8) + whole) + px(16),
                title + head + n * px(cell[1]) + self.legend_height() + px(16))

    # --- drawing -------------------------------------------------------------------
    def title(self) -> str:
        m = self.matrix
        if self.changes is not None:
            return (f"Change in the row's win rate with the house rules ({m.tables}), "
                    f"{m.bouts:,} bouts a pairing")
        return f"Win rate of the row's gladiator against the column's, {m.bouts:,} bouts " \
               f"a pairing"

    def draw(self, surface: pygame.Surface, rect: pygame.Rect,
             hover: tuple[int, int] | None = None) -> None:
        theme, px, pal = self.theme, self.theme.px, self.theme.palette
        ink = self.ink
        ink.clear()
        self.cells = {}
        n = len(self.matrix.entrants)
        title_bottom = ink.text(surface, self.title(), (rect.x + px(8), rect.y + px(4)),
                                rect.width - px(16), size=18, bold=True, wrap=False,
                                short=(self.title().split(",")[0],
                                       "Change with the house rules" if self.changes is not None
                                       else "Win rate of the row's gladiator"))
        left = rect.x + self._name_width(14) + px(16)
        head_h = self._column_names_width(14) + px(16) if self.names_up else \
            theme.fonts.get(14).get_linesize() + px(8)
        top = title_bottom + px(6) + head_h
        legend_h = self.legend_height()
        cell_w = max(1, (rect.right - px(8) - left) // max(1, n))
        cell_h = max(1, (rect.bottom - legend_h - px(8) - top) // max(1, n))
        detail = self.detail = cell_h >= px(40) and cell_w >= px(70)
        font14 = theme.fonts.get(14)
        for i in range(n):
            y = top + i * cell_h
            label = Label(theme, self._row_name(i), 14, colour=pal.text, elide=True,
                          align="right")
            label.place(rect.x + px(4), y, left - rect.x - px(10), cell_h)
            ink.label(surface, label)
            x = left + i * cell_w
            if self.names_up:
                words = font14.render(self.matrix.col_entrants[i].name, True, pal.text)
                up = pygame.transform.rotate(words, 90)
                surface.blit(up, (x + (cell_w - up.get_width()) // 2,
                                  top - px(6) - up.get_height()))
            else:
                head = Label(theme, str(i + 1), 14, colour=pal.text_dim, align="centre")
                head.place(x, top - head_h, cell_w, head_h - px(4))
                ink.label(surface, head)
        for r in range(n):
            for c in range(n):
                self._draw_cell(surface, pygame.Rect(left + c * cell_w, top + r * cell_h,
                                                     cell_w, cell_h), r, c, detail)
        if hover in self.cells:
            pygame.draw.rect(surface, pal.hover, self.cells[hover], max(2, px(2)))
        self._draw_legend(surface, pygame.Rect(left, top + n * cell_h + px(10),
                                               min(n * cell_w, px(420)), legend_h - px(10)))

    def _draw_cell(self, surface: pygame.Surface, box: pygame.Rect, r: int, c: int,
                   detail: bool) -> None:
        theme, px = self.theme, self.theme.px
        cell = self.matrix.cell(r, c)
        change = self.changes.get((r, c)) if self.changes is not None else None
        colour = change_colour(change.delta) if change is not None else \
            rate_colour(cell.win_rate)
        pygame.draw.rect(surface, colour, box)
        pygame.draw.rect(surface, theme.palette.background, box, 1)
        self.cells[(r, c)] = box
        inner = box.inflate(-px(4), -px(2))
        if change is not None:
            big = f"{change.delta * 100:+.0f}" + (MARK if change.significant else "")
            small = f"{percent(change.after.win_rate)} % now"
        else:
            big, small = percent(cell.win_rate), interval_text(cell)
        if not detail:
            label = Label(theme, big, 14, colour=(255, 255, 255), align="centre")
            label.place(inner.x, inner.y, inner.width, inner.height)
            if not label.overflow:
                self.ink.label(surface, label)
            return
        half = inner.height // 2
        top = Label(theme, big, 18, bold=True, colour=(255, 255, 255), align="centre")
        top.place(inner.x, inner.y, inner.width, half + px(2))
        bottom = Label(theme, small, 14, colour=(232, 232, 232), align="centre")
        bottom.place(inner.x, inner.y + half + px(2), inner.width, inner.height - half - px(2))
        for label in (top, bottom):
            if not label.overflow:
                self.ink.label(surface, label)

    def _draw_legend(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        theme, px, pal = self.theme, self.theme.px, self.theme.palette
        bar = pygame.Rect(box.x, box.y, box.width, px(14))
        for i in range(bar.width):
            t = i / max(1, bar.width - 1)
            colour = change_colour((t * 2 - 1) * CHANGE_SPAN) if self.changes is not None \
                else rate_colour(t)
            pygame.draw.line(surface, colour, (bar.x + i, bar.y), (bar.x + i, bar.bottom - 1))
        if self.changes is not None:
            ends = (f"-{CHANGE_SPAN * 100:.0f}", "no change", f"+{CHANGE_SPAN * 100:.0f} points")
        else:
            ends = ("0 %", "50 %", "100 %")
        words = self._legend_words()
        y = bar.bottom + px(2)
        third = box.width // 3
        for i, (text, align) in enumerate(zip(ends, ("left", "centre", "right"), strict=True)):
            label = Label(theme, text, 14, colour=pal.text_dim, align=align)
            label.place(box.x + i * third, y, third if i < 2 else box.width - 2 * third)
            self.ink.label(surface, label)
        self.ink.text(surface, words, (box.x, y + theme.fonts.get(14).get_linesize()),
                      None, size=14, colour=pal.text_dim, wrap=False)

    def _legend_words(self) -> str:
        if self.changes is not None:
            return f"{MARK} the two 95 % intervals do not overlap"
        return "figures: the win rate in %, its 95 % interval below" if self.detail \
            else "figures: the win rate in %; point at a cell for its interval"

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        return next((key for key, box in self.cells.items() if box.collidepoint(pos)), None)


def heatmap_surface(matrix: Matrix, changes: dict[tuple[int, int], Change] | None = None
                    ) -> pygame.Surface:
    theme = Theme()
    heat = Heatmap(theme, matrix, changes, names_up=True)
    size = heat.natural_size()
    surface = pygame.Surface(size)
    surface.fill(theme.palette.background)
    heat.draw(surface, surface.get_rect())
    return surface


def save_heatmap(path: Path, matrix: Matrix,
                 changes: dict[tuple[int, int], Change] | None = None) -> Path:
    """Draw the heat map headless (fonts only: no window) into a PNG at `path`."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    started = pygame.font.get_init()
    if not started:
        pygame.font.init()
    try:
        pygame.image.save(heatmap_surface(matrix, changes), str(path))
    finally:
        if not started:
            pygame.font.quit()
    return path
