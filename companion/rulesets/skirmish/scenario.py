"""The scenario a person writes by hand (JSON): the board, the gladiators, the options.

A scenario holds no dice: strengths that are not fixed and the initiative are rolled
by the first action, {"type": "start"}, so a session replays exactly.

    {
      "board": {"columns": 10, "rows": 12},
      "options": {"fatigue": false, "experience": false},
      "gladiators": [
        {"name": "Brutus", "type": "samnite", "side": "red", "at": "E2", "facing": "S"},
        {"name": "Nereus", "type": "retiarius", "side": "blue", "strength": 8,
         "human": false},
        {"name": "Odd", "kit": {"weapons": [{"weapon": "two-handed", "side": "right"}],
                                "armour": "light-armour"}}
      ]
    }

Gladiators get the ids A, B, C... in this order. A gladiator without a `side` fights
for himself. Without `at`, sides start on opposite edges facing each other; with `at`
but no `facing`, he faces the nearest opponent.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import fields
from functools import lru_cache
from operator import attrgetter
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from companion.core.facing import facing_towards
from companion.core.hexgrid import (
    Board,
    GridInputError,
    Hex,
    distance,
    offset_to_hex,
    parse_direction,
)
from companion.errors import UserError, json_path
from companion.files.jsonfile import check_name
from companion.rulesets.skirmish.data import GameData, HeldSpec
from companion.rulesets.skirmish.state import Gladiator, Held, Options, State


class ScenarioError(UserError):
    """A scenario the rules cannot set up (a mistake of the user's: exit status 2)."""


# Bounds far above any bout (strength is 4 + D6, a gladiator carries a few darts) that
# keep every number a scenario gives small enough to show and to play with.
MAX_STRENGTH = 100
MAX_AMMO = 100  # darts, and arrows
MAX_TODAY = 100  # gladiators defeated, or spared, earlier the same day
MAX_GLADIATORS = 26  # ids A to Z; the board's own limit is usually lower
MAX_NAME = 60
MAX_ID = 40  # a type, weapon, shield, armour, skill or side

# Names and ids are quoted in one-line messages and drawn in the window: short, and on
# one line.
Name = Annotated[str, Field(max_length=MAX_NAME), AfterValidator(check_name)]
Id = Annotated[str, Field(max_length=MAX_ID), AfterValidator(check_name)]
Place = Annotated[str, Field(max_length=10), AfterValidator(check_name)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class WeaponSpec(_Model):
    weapon: Id
    side: Literal["right", "left"] = "right"
    lost_first: bool = False


class KitSpec(_Model):
    weapons: list[WeaponSpec] = Field(default_factory=list, max_length=10)
    shield: Id | None = None
    shield_side: Literal["right", "left"] | None = None
    armour: Id = "no-armour"
    darts: int = Field(default=0, ge=0, le=MAX_AMMO)
    arrows: int = Field(default=0, ge=0, le=MAX_AMMO)


class GladiatorSpec(_Model):
    name: Name | None = None
    type: Id | None = None
    kit: KitSpec | None = None
    side: Id | None = None
    at: Place | None = None
    facing: Place | None = None
    strength: int | None = Field(default=None, ge=1, le=MAX_STRENGTH)
    human: bool = True
    skills: list[Id] = Field(default_factory=list, max_length=20)
    defeated_today: int = Field(default=0, ge=0, le=MAX_TODAY)
    spared_today: bool = False


class BoardSpec(_Model):
    # Unset: the standard arena of skirmish-rules.
    columns: int | None = Field(default=None, ge=3, le=26)
    rows: int | None = Field(default=None, ge=3, le=99)


class OptionsSpec(_Model):
    fatigue: bool = False
    experience: bool = False


class Scenario(_Model):
    title: str = ""
    notes: str = ""
    board: BoardSpec = Field(default_factory=BoardSpec)
    options: OptionsSpec = Field(default_factory=OptionsSpec)
    gladiators: list[GladiatorSpec] = Field(min_length=2, max_length=MAX_GLADIATORS)
    spared_today: int = Field(default=0, ge=0, le=MAX_TODAY)


def parse_scenario(setup: dict[str, Any]) -> Scenario:
    if not isinstance(setup, dict):
        raise ScenarioError(f"a scenario is a JSON object, not {type(setup).__name__}")
    try:
        return Scenario.model_validate(setup)
    except ValidationError as err:
        first = err.errors()[0]
        more = f" (and {err.error_count() - 1} more problems)" if err.error_count() > 1 else ""
        raise ScenarioError(
            f"scenario: {json_path(first['loc'])}: {first['msg']}{more}") from None


class _Kit(NamedTuple):
    """What he carries, from his type or his own kit, checked."""

    weapons: Sequence[WeaponSpec | HeldSpec]
    shield: str | None
    shield_side: str | None
    armour: str
    darts: int
    arrows: int


def _kit_of(data: GameData, spec: GladiatorSpec, where: str) -> tuple[str, _Kit]:
    if (spec.type is None) == (spec.kit is None):
        raise ScenarioError(f"{where}: give either a 'type' or a 'kit', not "
                            f"{'both' if spec.type else 'neither'}")
    if spec.type is not None:
        slug = spec.type.strip().lower().replace(" ", "-")
        info = data.types.get(slug)
        if info is None:
            known = ", ".join(sorted(data.types))
            raise ScenarioError(f"{where}.type: no gladiator type {spec.type!r}; "
                                f"the types are {known}")
        return slug, _Kit(info.weapons, info.shield, info.shield_side, info.armour,
                          info.darts, info.arrows)
    kit = spec.kit
    assert kit is not None
    for i, w in enumerate(kit.weapons):
        info_w = data.weapons.get(w.weapon)
        if info_w is None or w.weapon in ("unarmed", "shield", "cape"):
            usable = ", ".join(sorted(k for k in data.weapons
                                      if k not in ("unarmed", "shield", "cape")))
            raise ScenarioError(f"{where}.kit.weapons[{i}]: {w.weapon!r} is not a weapon "
                                f"a gladiator holds; the weapons are {usable}")
        if info_w.ammo == "dart" and not kit.darts:
            raise ScenarioError(f"{where}.kit: {w.weapon} needs 'darts': how many he carries")
        if info_w.ammo == "arrow" and not kit.arrows:
            raise ScenarioError(f"{where}.kit: {w.weapon} needs 'arrows': how many he carries")
    armour = data.kit.get(kit.armour)
    if armour is None or armour.category != "armour":
        known = ", ".join(k for k, v in data.kit.items() if v.category == "armour")
        raise ScenarioError(f"{where}.kit.armour: {kit.armour!r} is not armour ({known})")
    if kit.shield is not None:
        shield = data.kit.get(kit.shield)
        if shield is None or shield.category != "shield":
            known = ", ".join(k for k, v in data.kit.items() if v.category == "shield")
            raise ScenarioError(f"{where}.kit.shield: {kit.shield!r} is not a shield ({known})")
        if shield.weight == 0 and shield.save == 0:
            kit = kit.model_copy(update={"shield": None})  # "no-shield"
    if kit.shield is not None and kit.shield_side is None:
        kit = kit.model_copy(update={"shield_side": "left"})  # shields go on the left
    if not kit.weapons and kit.shield is None:
        pass  # an unarmed fighter is allowed: he punches
    return "custom", _Kit(kit.weapons, kit.shield, kit.shield_side, kit.armour, kit.darts,
                          kit.arrows)


@lru_cache(maxsize=512)
def _edge_spots(board: Board, edge: int, inset: int, count: int) -> tuple[tuple[Hex, ...], int]:
    """`count` hexes spread along one edge (0 north, 1 south, 2 west, 3 east), `inset`
    hexes in, centred, two apart where they fit; and the facing towards the middle."""
    cols, rows = board.columns, board.rows
    along = cols if edge < 2 else rows
    gap = 2 if 2 * count - 1 <= along else 1
    # Centred, the row never runs past the far end (two apart only where 2n - 1 fit);
    # only more gladiators than hexes would start it before the near one.
    first = max(0, (along - 1) // 2 - (gap * (count - 1)) // 2)
    spots = []
    for i in range(count):
        a = first + gap * i
        if edge == 0:
            spots.append(offset_to_hex(a, inset))
        elif edge == 1:
            spots.append(offset_to_hex(a, rows - 1 - inset))
        elif edge == 2:
            spots.append(offset_to_hex(inset, a))
        else:
            spots.append(offset_to_hex(cols - 1 - inset, a))
    return tuple(spots), (3, 0, 2, 5)[edge]


# The most starting states `build_state` keeps for one table set: more than a lab's
# pairings, few enough to hold for as long as the tables are (each is a few KB).
MOST_STARTS = 512


def build_state(data: GameData, setup: dict[str, Any]) -> State:
    """The state a bout of this scenario starts in; ScenarioError saying what is wrong
    with the scenario. A fresh state every call, made from the one kept for the same
    scenario (by its JSON text) when there is one: checking and placing cost more than
    a bout's first dozen actions."""
    try:
        key = _START_TEXT(setup)
    except (TypeError, ValueError):
        key = None  # not plain JSON: checked (and refused, or built) afresh
    start = None if key is None else data.starts.get(key)
    if start is None:
        start = _build_state(data, setup)
        if key is not None:
            if len(data.starts) >= MOST_STARTS:
                data.starts.clear()
            data.starts[key] = start
    return fresh_copy(start)


# Made once: json.dumps with options builds an encoder on every call. Keys sorted, so
# that the same scenario written in another order is found; NaN refused (not JSON).
_START_TEXT = json.JSONEncoder(sort_keys=True, separators=(",", ":"), allow_nan=False).encode
_STATE_NAMES = [f.name for f in fields(State)]
_STATE_VALUES = attrgetter(*_STATE_NAMES)
_GLADIATORS, _OPTIONS, _ITEMS = (_STATE_NAMES.index(name)
                                 for name in ("gladiators", "options", "items"))
_GLADIATOR_VALUES = attrgetter(*(f.name for f in fields(Gladiator)))


def fresh_copy(start: State) -> State:
    """A state equal to a starting state that shares nothing play changes with it:
    what `build_state` hands out. Field by field, so that a field added to State or
    Gladiator is copied too: lists copied, gladiators and options made anew, the rest
    values (hexes, names, the shared data and board)."""
    values: list[Any] = [list(v) if type(v) is list else v for v in _STATE_VALUES(start)]
    values[_GLADIATORS] = [_fresh_gladiator(g) for g in start.gladiators]
    values[_OPTIONS] = Options(start.options.fatigue, start.options.experience)
    values[_ITEMS] = [copy.copy(i) for i in start.items]
    return State(*values)


def _fresh_gladiator(g: Gladiator) -> Gladiator:
    assert g.entangled is None  # nobody starts entangled
    values: list[Any] = [list(v) if type(v) is list else v for v in _GLADIATOR_VALUES(g)]
    return Gladiator(*values)


def _build_state(data: GameData, setup: dict[str, Any]) -> State:
    scenario = parse_scenario(setup)
    try:
        board = Board(scenario.board.columns or data.rules.board_columns,
                      scenario.board.rows or data.rules.board_rows)
    except GridInputError as err:
        raise ScenarioError(f"scenario: board: {err}") from None
    specs = scenario.gladiators
    limit = data.rules.gladiator_limit(board)
    if len(specs) > limit:
        raise ScenarioError(
            f"scenario: gladiators: {len(specs)} gladiators do not fit a "
            f"{board.columns}x{board.rows} board (at most {limit}); make the board larger")
    gladiators: list[Gladiator] = []
    taken: dict[Hex, str] = {}
    names_seen: dict[str, str] = {}
    for i, spec in enumerate(specs):
        gid = chr(65 + i)
        where = f"scenario: gladiators[{i}]"
        type_slug, kit = _kit_of(data, spec, where)
        type_name = data.types[type_slug].name if type_slug in data.types else "Gladiator"
        name = (spec.name or "").strip() or type_name
        for skill in spec.skills:
            if skill not in data.skills:
                raise ScenarioError(f"{where}.skills: no skill {skill!r}; the skills are "
                                    f"{', '.join(data.skills)}")
        figures = data.rules
        if any(spec.skills.count(s) > figures.skill_copies for s in spec.skills):
            times = "once" if figures.skill_copies == 1 else f"{figures.skill_copies} times"
            raise ScenarioError(f"{where}.skills: a skill can be had only {times}")
        if len(spec.skills) > figures.skill_limit:
            raise ScenarioError(f"{where}.skills: {len(spec.skills)} skills; a gladiator "
                                f"can have at most {figures.skill_limit}")
        hex_ = None
        if spec.at is not None:
            try:
                hex_ = board.from_label(spec.at)
            except GridInputError as err:
                raise ScenarioError(f"{where}.at: {err}") from None
            if hex_ in taken:
                raise ScenarioError(f"{where}.at: {spec.at} is already taken by "
                                    f"{taken[hex_]}; one gladiator a hex")
            taken[hex_] = name
        facing = 0
        if spec.facing is not None:
            try:
                facing = parse_direction(spec.facing)
            except GridInputError as err:
                raise ScenarioError(f"{where}.facing: {err}") from None
        g = Gladiator(
            id=gid, name=name, type=type_slug, side=(spec.side or gid), human=spec.human,
            hex=hex_, facing=facing, armour=kit.armour, shield=kit.shield,
            shield_side=kit.shield_side,
            weapons=[Held(w.weapon, w.side, w.lost_first) for w in kit.weapons],
            darts=kit.darts, arrows=kit.arrows,
            strength=spec.strength or 0, full_strength=spec.strength or 0,
            fixed_strength=spec.strength is not None, skills=list(spec.skills),
            defeated_today=spec.defeated_today, spared_today=spec.spared_today,
            named=bool((spec.name or "").strip()),
        )
        gladiators.append(g)
    # Names must tell gladiators apart: every one of a repeated name gets his id added
    # ("Samnite A" ... "Samnite D", the last one too); a name given once stays plain
    # unless an earlier one now bears it ("Samnite A" typed in beside two Samnites).
    given = Counter(g.name.lower() for g in gladiators)
    for g in gladiators:
        key = g.name.lower()
        if given[key] > 1 or key in names_seen:
            g.name = f"{g.name} {g.id}"
        names_seen[g.name.lower()] = g.id
    sides = list(dict.fromkeys(g.side for g in gladiators))
    if len(sides) < 2:
        raise ScenarioError("scenario: gladiators: all are on one side; a bout needs two")
    _place(board, gladiators, sides, specs)
    state = State(
        data=data, geo=data.geometry(board), board=board,
        options=Options(fatigue=scenario.options.fatigue,
                        experience=scenario.options.experience),
        gladiators=gladiators, spared_earlier=scenario.spared_today,
    )
    for g in gladiators:
        g.hex = g.last_hex = None if g.hex is None else state.geo.canonical(g.hex)
    return state


def _place(board: Board, gladiators: list[Gladiator], sides: list[str],
           specs: list[GladiatorSpec]) -> None:
    """Default places and facings: each side on its own edge, facing inwards; a given
    place without a facing faces the nearest opponent."""
    taken = {g.hex for g in gladiators if g.hex is not None}
    for index, side in enumerate(sides):
        members = [g for g in gladiators if g.side == side and g.hex is None]
        if not members:
            continue
        edge, inset = index % 4, (index // 4) * 2
        spots, facing = _edge_spots(board, edge, inset, len(members))
        free = [h for h in spots if h not in taken]
        if len(free) < len(members):
            # Slide along the edge for room; give up only when the whole edge is full.
            extra, _ = _edge_spots(board, edge, inset,
                                   board.columns if edge < 2 else board.rows)
            free += [h for h in extra if h not in taken and h not in free]
        if len(free) < len(members):
            raise ScenarioError(f"scenario: no room on the board's edge for side {side!r}; "
                                "give their places with 'at'")
        for g, h in zip(members, free, strict=False):
            g.hex = h
            taken.add(h)
            if specs[ord(g.id) - 65].facing is None:
                g.facing = facing
    for g in gladiators:
        spec = specs[ord(g.id) - 65]
        if spec.at is not None and spec.facing is None:
            foes = [o for o in gladiators if o.side != g.side and o.hex is not None]
            nearest = min(foes, key=lambda o: (distance(g.hex, o.hex), o.id))  # type: ignore[arg-type]
            g.facing = facing_towards(g.hex, nearest.hex)  # type: ignore[arg-type]


def scenario_for(types: list[str], sides: list[str] | None = None,
                 computer: set[str] | None = None, board: tuple[int, int] | None = None,
                 options: dict[str, bool] | None = None) -> dict[str, Any]:
    """A scenario dict for a quick bout of the named types (the `new` command)."""
    computer = computer or set()
    glads: list[dict[str, Any]] = []
    for i, t in enumerate(types):
        gid = chr(65 + i)
        entry: dict[str, Any] = {"type": t.strip(), "human": gid not in computer}
        if sides:
            entry["side"] = sides[i]
        glads.append(entry)
    scenario: dict[str, Any] = {"gladiators": glads}
    if board:
        scenario["board"] = {"columns": board[0], "rows": board[1]}
    if options:
        scenario["options"] = dict(options)
    return scenario
