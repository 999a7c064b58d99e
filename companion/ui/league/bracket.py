"""A league's bracket drawn as a picture (`companion.league.bracket` says what is in
it): each match a box of its players, the winner bright and the loser dim, the rounds
left to right, and for single elimination the lines from each match to the next. The
League screen shows it; the command line's HTML post embeds it as a PNG
(`html_with_bracket`, named in `ui/registry.py`), drawn headless as the reports'
pictures are: only pygame's font module is started, and left as it was found."""

from __future__ import annotations

import base64
import html as html_text

import pygame

from companion.league.bracket import Bracket, Section, Slot
from companion.ui.reports.pictures import png_bytes
from companion.ui.theme import Theme
from companion.ui.widgets.controls import shorten

BOX_W = 210  # a match's box, at 100 %
COL_GAP = 36
NAME = 15  # the players' names
HEAD = 16  # a column's title


def _box_h(theme: Theme, slot_lines: int) -> int:
    return slot_lines * theme.fonts.get(NAME).get_linesize() + theme.px(8)


def _lines(section: Section) -> int:
    return max((len(s.names) for c in section.columns for s in c.slots), default=2)


def _section_size(theme: Theme, section: Section) -> tuple[int, int]:
    px = theme.px
    box_h = _box_h(theme, _lines(section))
    most = max((len(c.slots) for c in section.columns), default=0)
    title_h = theme.fonts.get(17, bold=True).get_linesize() + px(4) if section.title else 0
    head_h = theme.fonts.get(HEAD, bold=True).get_linesize() + px(6)
    columns = len(section.columns)
    width = columns * px(BOX_W) + max(0, columns - 1) * px(COL_GAP)
    return width, title_h + head_h + most * (box_h + px(12))


def size_of(bracket: Bracket, theme: Theme, room: int | None = None) -> tuple[int, int]:
    """The picture's natural size; its title, when long, cut to `room` pixels (by
    default three matches' width) where the rounds take less."""
    px = theme.px
    sizes = [_section_size(theme, s) for s in bracket.sections]
    title = theme.fonts.get(20, bold=True).size(_title(bracket))[0]
    most = 3 * px(BOX_W) if room is None else room - 2 * px(16)
    width = max([w for w, _h in sizes] + [min(title, most)])
    height = sum(h + px(12) for _w, h in sizes)
    title_h = theme.fonts.get(20, bold=True).get_linesize() + px(10)
    return width + 2 * px(16), title_h + height + 2 * px(12)


def draw_bracket(bracket: Bracket, theme: Theme, room: int | None = None) -> pygame.Surface:
    """The bracket on a surface of its natural size (`size_of`)."""
    pal, px = theme.palette, theme.px
    surface = pygame.Surface(size_of(bracket, theme, room))
    surface.fill(pal.background)
    x, y = px(16), px(12)
    width = surface.get_width() - 2 * px(16)
    y = _text(surface, theme, _title(bracket), (x, y), width, 20, bold=True) + px(10)
    if bracket.empty:
        _text(surface, theme, "No round made yet.", (x, y), width, NAME, colour=pal.text_dim)
    for section in bracket.sections:
        y = _draw_section(surface, theme, section, x, y) + px(12)
    return surface


def _title(bracket: Bracket) -> str:
    return bracket.title + (f"; champion: {bracket.champion}" if bracket.champion else "")


def _draw_section(surface: pygame.Surface, theme: Theme, section: Section, x: int,
                  y: int) -> int:
    pal, px = theme.palette, theme.px
    if section.title:
        y = _text(surface, theme, section.title, (x, y), surface.get_width() - x, 17,
                  bold=True, colour=pal.label) + px(4)
    box_h = _box_h(theme, _lines(section))
    step = box_h + px(12)
    top = y + theme.fonts.get(HEAD, bold=True).get_linesize() + px(6)
    centres: list[float] = []
    bottom = top
    for c, column in enumerate(section.columns):
        cx = x + c * (px(BOX_W) + px(COL_GAP))
        _text(surface, theme, column.title, (cx, y), px(BOX_W), HEAD, bold=True,
              colour=pal.text_dim)
        if section.tree and c > 0 and len(centres) >= 2 * len(column.slots):
            mine = [(centres[2 * j] + centres[2 * j + 1]) / 2 for j in range(len(column.slots))]
            edge = cx - px(COL_GAP)
            for j, centre in enumerate(mine):
                for child in (centres[2 * j], centres[2 * j + 1]):
                    mid = edge + px(COL_GAP) // 2
                    pygame.draw.lines(surface, pal.panel_edge, False,
                                      [(edge, round(child)), (mid, round(child)),
                                       (mid, round(centre)), (cx, round(centre))],
                                      max(1, px(2)))
        else:
            mine = [top + j * step + box_h / 2 for j in range(len(column.slots))]
        for slot, centre in zip(column.slots, mine, strict=True):
            rect = pygame.Rect(cx, round(centre - box_h / 2), px(BOX_W), box_h)
            _draw_slot(surface, theme, slot, rect)
            bottom = max(bottom, rect.bottom)
        centres = mine
    return bottom


def _draw_slot(surface: pygame.Surface, theme: Theme, slot: Slot, rect: pygame.Rect) -> None:
    pal, px = theme.palette, theme.px
    pygame.draw.rect(surface, pal.panel, rect, border_radius=px(4))
    pygame.draw.rect(surface, pal.panel_edge, rect, 1, border_radius=px(4))
    line = theme.fonts.get(NAME).get_linesize()
    y = rect.y + px(4)
    for i, name in enumerate(slot.names):
        won = slot.winner == i
        lost = slot.winner is not None and not won
        shown = name or ("bye" if slot.note == "bye" else "")
        colour = pal.good if won else pal.text_dim if lost or not name else pal.text
        note = f" ({slot.note})" if won and slot.note and slot.note != "bye" else ""
        _text(surface, theme, shown + note, (rect.x + px(8), y), rect.width - px(16), NAME,
              bold=won, colour=colour)
        y += line


def _text(surface: pygame.Surface, theme: Theme, text: str, pos: tuple[int, int],
          width: int, size: int, *, bold: bool = False,
          colour: tuple[int, int, int] | None = None) -> int:
    font = theme.fonts.get(size, bold=bold)
    if text:
        shown = shorten(text, font, width) if font.size(text)[0] > width else text
        surface.blit(font.render(shown, True, colour or theme.palette.text), pos)
    return pos[1] + font.get_linesize()


def bracket_png(bracket: Bracket) -> tuple[bytes, int, int]:
    """The bracket as PNG bytes and its size, drawn headless at 100 %."""
    started = pygame.font.get_init()
    if not started:
        pygame.font.init()
    try:
        surface = draw_bracket(bracket, Theme())
        return png_bytes(surface), surface.get_width(), surface.get_height()
    finally:
        if not started:
            pygame.font.quit()


def html_with_bracket(page: str, bracket: Bracket) -> str:
    """A league's HTML post with its bracket's picture in it, before the standings (at
    the end where it has none), as a data URI: the post stays one file."""
    png, width, height = bracket_png(bracket)
    data = base64.b64encode(png).decode("ascii")
    alt = html_text.escape(bracket.title, quote=True)
    figure = (f'<h2>Bracket</h2>\n<figure><img src="data:image/png;base64,{data}" '
              f'width="{width}" height="{height}" alt="{alt}"></figure>\n')
    at = page.find("<h2>Standings</h2>")
    if at < 0:
        at = page.rfind("</body>")
    return page + figure if at < 0 else page[:at] + figure + page[at:]


__all__ = ["bracket_png", "draw_bracket", "html_with_bracket", "size_of"]
