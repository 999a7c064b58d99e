"""What lies on the arena board during a skirmish: reachable hexes with their AP cost,
the path about to be walked, attackable foes, arcs, tokens, loose items, and the short
animations after an action (a pushback slide, wounds over a token, a banner)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from companion.core.facing import adjacent_class, front_arc
from companion.core.hexgrid import Hex, distance, hex_range
from companion.rulesets.skirmish.movement import Reach
from companion.rulesets.skirmish.state import BEATEN, FIGHTING, Gladiator, State
from companion.ui.theme import Theme
from companion.ui.widgets.board_view import BoardView
from companion.ui.widgets.retained import Retained, Soil
from companion.ui.widgets.tokens import TokenLook, draw_item, draw_token, side_colour

# Okabe-Ito colours, told apart by red-green colour-blind players; each arc's hexes
# also carry its word, for those who tell no colours apart.
ARC_COLOURS = {
    "front": (0, 158, 115),
    "front-right": (240, 228, 66),
    "front-left": (240, 228, 66),
    "rear": (213, 94, 0),
}
ARC_WORDS = {"front": "front", "front-right": "side", "front-left": "side", "rear": "rear"}
REACH_COLOUR = (40, 120, 255)
PATH_COLOUR = (255, 255, 255)
TARGET_COLOUR = (235, 70, 60)
BAND_COLOURS = ((120, 210, 255), (255, 190, 90), (255, 120, 90))  # clean, -1, -2


@dataclass
class Float:
    """A number or word drifting up from a token for a moment."""

    hex: Hex
    text: str
    colour: tuple[int, int, int]
    ticks: int = 36


@dataclass
class Slide:
    """A token moving from one hex to the next (a pushback)."""

    gid: str
    start: Hex
    end: Hex
    ticks: int = 12
    total: int = 12


@dataclass
class Overlay:
    """The arena screen's view of the board: what to highlight. UI state only."""

    reach: dict[str, Reach] = field(default_factory=dict)
    path: list[str] = field(default_factory=list)
    targets: set[str] = field(default_factory=set)  # gladiator ids he can strike
    chosen: str | None = None  # the foe whose odds are shown
    arcs_of: str | None = None
    floats: list[Float] = field(default_factory=list)
    slides: list[Slide] = field(default_factory=list)
    banner: str = ""
    banner_ticks: int = 0

    @property
    def animating(self) -> bool:
        return bool(self.floats or self.slides or self.banner_ticks)

    def tick(self) -> None:
        for f in self.floats:
            f.ticks -= 1
        self.floats = [f for f in self.floats if f.ticks > 0]
        for s in self.slides:
            s.ticks -= 1
        self.slides = [s for s in self.slides if s.ticks > 0]
        self.banner_ticks = max(0, self.banner_ticks - 1)


def token_look(state: State, g: Gladiator, active: bool) -> TokenLook:
    sides = list(dict.fromkeys(x.side for x in state.gladiators))
    type_info = state.data.types.get(g.type)
    name = type_info.name if type_info else g.name
    initials = "".join(w[0] for w in name.replace("-", " ").split()[:2]).upper()
    if len(initials) == 1:
        initials = name[:2].title()
    right, left = (g.facing + 1) % 6, (g.facing - 1) % 6
    shield_dir = None
    if g.shield is not None:
        shield_dir = left if g.shield_side != "right" else right
    weapon_dir = None
    if g.weapons:
        weapon_dir = right if any(h.side == "right" for h in g.weapons) else left
    # A beaten gladiator lies where he fell until the crowd's verdict.
    where = g.hex if g.hex is not None else g.last_hex
    assert where is not None
    return TokenLook(
        hex=where, facing=g.facing, initials=initials,
        side_index=sides.index(g.side), side_letter=(g.side or "?")[:1].upper(),
        colour=side_colour(g.side, sides.index(g.side)),
        strength=g.strength, full_strength=g.full_strength,
        shield_dir=shield_dir, weapon_dir=weapon_dir,
        off_balance=g.off_balance, entangled=g.entangled is not None,
        out=g.status != FIGHTING, active=active,
    )


class SkirmishBoard:
    ARCS_KEPT = 8  # arcs layers kept drawn: the mouse goes from gladiator to gladiator

    def __init__(self, view: BoardView, theme: Theme) -> None:
        self.view = view
        self.theme = theme
        # The reach tint changes only when he moves or his AP does: keep it drawn.
        self._tint_key: tuple = ()
        self._tint: tuple[pygame.Surface, tuple[int, int]] | None = None
        # The arcs change only when the gladiator shown moves or turns: keep them drawn,
        # cropped to the hexes they cover, with where that crop goes on the window;
        # one layer per gladiator shown lately, the last used last.
        self._arcs_kept: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}
        self._arcs: tuple[pygame.Surface, tuple[int, int]] | None = None
        self.arcs_drawn = 0  # how many times the arcs were drawn afresh (tests read it)
        # The board as drawn without the hover, kept while the state, the highlights
        # and the layout stay the same; the hover's hex is painted over it each frame.
        self._base = Retained()
        # Where the tokens and items lay when the board was last painted whole.
        self._drawn: dict[tuple[str, int], pygame.Rect] = {}
        self._drawn_key: object = None

    def draw(self, surface: pygame.Surface, state: State, overlay: Overlay,
             hover: Hex | None, revision: int | None = None,
             arcs_home: str | None = None, soil: Soil | None = None) -> None:
        """The board as `state` and `overlay` show it, with `hover` outlined. With the
        session's `revision` (which changes with every change of `state`), what does
        not change from frame to frame is kept drawn: see _retained_draw. `arcs_home`:
        whose arcs show while the mouse is on no gladiator (None: nobody's). `soil`:
        the window's record of where it was drawn on, this adds to (see Soil)."""
        soil = soil if soil is not None else Soil()
        if revision is None or overlay.slides:
            # A token sliding moves every frame: nothing below the floats stays put.
            self._base.forget()
            self._paint(surface, state, overlay, hover)
            soil.add(surface.get_rect())
            return
        self._retained_draw(surface, state, overlay, hover, revision, arcs_home, soil)
        # The wounds floating up and the banner are drawn last, over all the rest.
        self._draw_top(surface, overlay)
        if overlay.floats or overlay.banner_ticks:  # rare, and they may go anywhere
            soil.add(surface.get_rect())

    def _retained_draw(self, surface: pygame.Surface, state: State, overlay: Overlay,
                       hover: Hex | None, revision: int, arcs_home: str | None,
                       soil: Soil) -> None:
        """The board without the hover is kept drawn, with the arcs shown while the
        mouse is on no gladiator; each frame it is blitted and the hover's hex painted
        afresh on it, clipped (with everything above the hover's outline there): the
        same pixels as painting the whole board. With the mouse on a gladiator, whose
        arcs are not those kept, the kept board is shown and painted again, clipped,
        where his arcs or the kept ones lie (a few hexes, or a missile's range)."""
        layout, rect = self.view.layout, self.view.rect
        assert layout is not None
        theme = self.theme
        # Everything the board shows but the hover.
        key = (state, revision, tuple(rect), layout, theme.scale, theme.palette,
               tuple(overlay.path), frozenset(overlay.targets), overlay.chosen,
               overlay.reach, overlay.arcs_of)
        kept = self._base.key
        home_key = (*key[:-1], arcs_home)
        others = (overlay.arcs_of != arcs_home and kept == home_key
                  and self._base.rect == rect)
        area: pygame.Rect | None
        if not others:
            self._base.draw(surface, rect, key, lambda: self._paint(
                surface, state, overlay, None, top=False, key=key), soil)
            if hover is None:
                return
            area = self._hover_area(hover)
        else:
            # The kept board shows the home arcs: mend it, then paint again where
            # either his arcs or the home arcs lie, and the hover's hex.
            self._base.draw(surface, rect, home_key, lambda: None, soil)
            area = self._arcs_box(state, arcs_home)
            for box in (self._arcs_box(state, overlay.arcs_of),
                        self._hover_area(hover) if hover is not None else None):
                if box is not None:
                    area = box if area is None else area.union(box)
            if area is None:
                return
        area = area.clip(rect)
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip))
        try:
            self._paint(surface, state, overlay, hover, top=False, area=area, key=home_key
                        if others else key)
        finally:
            surface.set_clip(clip)
        soil.add(area)

    def _hover_area(self, hover: Hex) -> pygame.Rect:
        """The box of the hover's outline on `hover`."""
        layout = self.view.layout
        assert layout is not None
        corners = layout.hex_corners(hover)
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        # The outline's width beyond the corners, and a pixel more each side.
        edge = 2 * self.theme.px(3) + 2
        return pygame.Rect(int(min(xs)) - edge, int(min(ys)) - edge,
                           int(max(xs) - min(xs)) + 2 * edge + 2,
                           int(max(ys) - min(ys)) + 2 * edge + 2)

    def _arcs_box(self, state: State, gid: str | None) -> pygame.Rect | None:
        """Where the arcs of `gid` lie on the window (None: he shows none)."""
        if gid is None:
            return None
        arcs = self._arcs_layer(state, state.find(gid))
        if arcs is None:
            return None
        return pygame.Rect(arcs[1], arcs[0].get_size())

    def _paint(self, surface: pygame.Surface, state: State, overlay: Overlay,
               hover: Hex | None, top: bool = True, area: pygame.Rect | None = None,
               key: object = None) -> None:
        """The whole board, from the floor up; without `top`, all but the floats and
        the banner, which go over everything. With `area`, the part painted again (the
        surface clipped to it): the tokens and items that the whole painting for the
        same `key` drew away from it are left out, which changes no pixel of it."""
        skip = area is not None and key is not None and key == self._drawn_key
        boxes: dict[tuple[str, int], pygame.Rect] = {}
        self.view.draw(surface, hover)
        layout = self.view.layout
        assert layout is not None
        if overlay.arcs_of is not None:
            arcs = self._arcs_layer(state, state.find(overlay.arcs_of))
            if arcs is not None:
                surface.blit(*arcs)
        self._draw_reach(surface, state, overlay)
        for g in state.gladiators:
            if g.id in overlay.targets and g.hex is not None:
                corners = layout.hex_corners(g.hex)
                width = self.theme.px(5 if g.id == overlay.chosen else 3)
                pygame.draw.polygon(surface, TARGET_COLOUR, corners, width)
        slots: dict[Hex, int] = {}
        for n, item in enumerate(state.items):
            slot = slots.get(item.hex, 0)
            slots[item.hex] = slot + 1
            if area is not None and skip and not self._drawn.get(("item", n), area
                                                                 ).colliderect(area):
                continue
            owner = state.glad(item.owner).name[:6] if item.owner else ""
            boxes["item", n] = draw_item(surface, layout, item.hex,
                                         f"{item.name} {owner}".strip(), slot, self.theme)
        sliding = {s.gid: s for s in overlay.slides}
        active = state.current()
        for n, g in enumerate(state.gladiators):
            if g.hex is None and not (g.status == BEATEN and g.last_hex is not None):
                continue
            if area is not None and skip and not self._drawn.get(("token", n), area
                                                                 ).colliderect(area):
                continue
            centre = None
            if g.id in sliding:
                s = sliding[g.id]
                t = 1 - s.ticks / s.total
                (x0, y0), (x1, y1) = layout.hex_to_pixel(s.start), layout.hex_to_pixel(s.end)
                centre = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            is_active = active is not None and g.id == active.id and state.phase in ("ap", "act")
            boxes["token", n] = draw_token(surface, layout, token_look(state, g, is_active),
                                           self.theme, centre)
        if area is None and key is not None:  # drawn whole: where each lies, for `key`
            self._drawn, self._drawn_key = boxes, key
        if top:
            self._draw_top(surface, overlay)

    def _draw_top(self, surface: pygame.Surface, overlay: Overlay) -> None:
        self._draw_floats(surface, overlay)
        if overlay.banner_ticks:
            self._draw_banner(surface, overlay.banner)

    def _draw_reach(self, surface: pygame.Surface, state: State, overlay: Overlay) -> None:
        layout = self.view.layout
        assert layout is not None
        font = self.theme.fonts.get(max(10, round(layout.size * 0.42 / self.theme.scale)),
                                    bold=True)
        shown = [r for r in overlay.reach.values()
                 if r.cost > 0 and state.occupant(r.hex) is None]
        key = (layout.size, layout.origin,
               tuple(sorted((r.hex.q, r.hex.r, r.cost) for r in shown)))
        if key != self._tint_key or self._tint is None:
            self._tint, self._tint_key = _hex_layer(
                [((*REACH_COLOUR, 95), layout.hex_corners(r.hex)) for r in shown],
                [_centred(font.render(str(r.cost), True, (255, 255, 255)),
                          layout.hex_to_pixel(r.hex)) for r in shown],
                self.view.rect.center), key
        if shown:
            layer, where = self._tint
            surface.blit(layer, where)
        if overlay.path:
            points = [layout.hex_to_pixel(state.board.from_label(lb)) for lb in overlay.path]
            if len(points) > 1:
                pygame.draw.lines(surface, PATH_COLOUR, False, points, self.theme.px(4))
            pygame.draw.circle(surface, PATH_COLOUR, points[-1], layout.size * 0.3,
                               self.theme.px(3))

    def _arcs_layer(self, state: State, g: Gladiator,
                    ) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """His front, side and rear hexes in three colours; for reach and missile
        weapons, the front arc out to their range, banded where disadvantaged: a layer
        and where it goes, drawn afresh only for a key not drawn lately."""
        if g.hex is None:
            return None
        layout = self.view.layout
        assert layout is not None
        ranges = []
        for held in g.weapons:
            info = state.data.weapons.get(held.weapon)
            if info is None or info.max_range < 2:
                continue
            bands = tuple(info.disadvantage_at(rng) for rng in range(info.max_range + 1))
            ranges.append((info.min_range, info.max_range, bands))
        key = (layout, g.hex, g.facing, tuple(ranges), self.theme.scale,
               state.board.columns, state.board.rows)
        kept = self._arcs_kept
        arcs = kept.pop(key, None)
        if arcs is None:
            arcs = self._draw_arcs_layer(state, g.hex, g.facing, ranges)
            self.arcs_drawn += 1
            if len(kept) >= self.ARCS_KEPT:
                del kept[next(iter(kept))]
        kept[key] = arcs  # the last used last
        self._arcs = arcs
        return arcs

    def _draw_arcs_layer(self, state: State, at: Hex, facing: int,
                         ranges: list[tuple[int, int, tuple[int, ...]]],
                         ) -> tuple[pygame.Surface, tuple[int, int]]:
        """The arcs on a transparent layer the size of their bounding box, and its
        top-left on the window: a few hexes, not the whole window, to blend each frame.
        The words sit on the layer too, opaque, so they come out as drawn over it."""
        layout = self.view.layout
        assert layout is not None
        polygons: list[tuple[tuple[int, int, int, int], list[tuple[float, float]]]] = []
        words: list[tuple[Hex, str]] = []
        for hex_ in hex_range(at, 1):
            arc = adjacent_class(at, facing, hex_)
            if arc is not None and state.board.contains(hex_):
                polygons.append(((*ARC_COLOURS[str(arc)], 110), layout.hex_corners(hex_)))
                words.append((hex_, ARC_WORDS[str(arc)]))
        for min_range, max_range, bands in ranges:
            for hex_ in front_arc(at, facing, max_range, state.board):
                rng = distance(at, hex_)
                if rng < max(2, min_range):
                    continue
                band = BAND_COLOURS[min(2, bands[rng])]
                polygons.append(((*band, 80), layout.hex_corners(hex_)))
        font = self.theme.fonts.get(14, bold=True)
        labels = []
        for hex_, word in words:
            x, y = layout.hex_to_pixel(hex_)
            labels.append(_centred(font.render(word, True, (15, 15, 18)),
                                   (round(x), round(y + layout.size * 0.55)), (245, 245, 240)))
        return _hex_layer(polygons, labels, layout.hex_to_pixel(at))

    def _draw_floats(self, surface: pygame.Surface, overlay: Overlay) -> None:
        layout = self.view.layout
        assert layout is not None
        font = self.theme.fonts.get(30, bold=True)
        for f in overlay.floats:
            x, y = layout.hex_to_pixel(f.hex)
            rise = (36 - f.ticks) * layout.size * 0.02
            text = font.render(f.text, True, f.colour)
            shadow = font.render(f.text, True, (0, 0, 0))
            spot = text.get_rect(center=(x, y - layout.size * 0.9 - rise))
            surface.blit(shadow, spot.move(2, 2))
            surface.blit(text, spot)

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        rect = self.view.rect
        font = self.theme.fonts.get(30, bold=True)
        label = font.render(text, True, (20, 20, 20))
        box = label.get_rect(center=(rect.centerx, rect.y + rect.height // 2))
        box = box.inflate(self.theme.px(40), self.theme.px(24))
        pygame.draw.rect(surface, self.theme.palette.luck, box, border_radius=self.theme.px(10))
        pygame.draw.rect(surface, (20, 20, 20), box, 3, border_radius=self.theme.px(10))
        surface.blit(label, label.get_rect(center=box.center))


Label = tuple[pygame.Surface, pygame.Rect, tuple[int, int, int] | None]


def _centred(text: pygame.Surface, centre: tuple[float, float],
             box: tuple[int, int, int] | None = None) -> Label:
    """A text to put on a layer at `centre`, on a small box of colour `box` if given."""
    return text, text.get_rect(center=centre), box


def _hex_layer(polygons: list[tuple[tuple[int, int, int, int], list[tuple[float, float]]]],
               labels: list[Label], anchor: tuple[float, float],
               ) -> tuple[pygame.Surface, tuple[int, int]]:
    """Translucent hexes and their texts on a layer the size of their bounding box, and
    where its top-left goes on the window: blending a few hexes each frame, not a layer
    the size of the window. A text's box is opaque on the layer, so it comes out as if
    drawn over the hexes on the window."""
    box = pygame.Rect(round(anchor[0]), round(anchor[1]), 1, 1)
    for _, corners in polygons:
        # One pixel more each side: a polygon's edge may fall on the pixel past a corner.
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        left, top = int(min(xs)) - 1, int(min(ys)) - 1
        box.union_ip(pygame.Rect(left, top, int(max(xs)) + 2 - left, int(max(ys)) + 2 - top))
    for _, spot, back in labels:
        box.union_ip(spot.inflate(4, 0) if back is not None else spot)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    for colour, corners in polygons:
        pygame.draw.polygon(layer, colour, [(x - box.x, y - box.y) for x, y in corners])
    for text, spot, back in labels:
        spot = spot.move(-box.x, -box.y)
        if back is not None:
            pygame.draw.rect(layer, back, spot.inflate(4, 0), border_radius=3)
        layer.blit(text, spot)
    return layer, box.topleft
