"""The state of a hex skirmish bout: a tree of dataclasses, and its JSON summary.

Gladiators are referred to by a stable id: the capital letter of their place in the
scenario ("A" for the first, "B" for the second, ...). Actions may also name them by
their name, any case. Hexes are axial `Hex`es inside; labels ("E7") and facing names
("SW") appear only in the summary, the log and actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple, Protocol

from companion.core.hexgrid import Board, Hex, direction_name
from companion.errors import UserError
from companion.rulesets.skirmish.data import GameData
from companion.rulesets.skirmish.events import HeldKind, ItemKind
from companion.rulesets.skirmish.geometry import Geometry, dist

PHASES = ("setup", "ap", "act", "appeal", "over")
FIGHTING: Final = "fighting"
BEATEN: Final = "beaten"
SPARED: Final = "spared"
KILLED: Final = "killed"


class Rolled(Protocol):
    @property
    def faces(self) -> tuple[int, ...]: ...


class Dice(Protocol):
    """What the rules need from a dice source (`companion.dice.sources.DiceSource` fits)."""

    def roll(self, sides: int, count: int = 1, *, purpose: str = "",
             roller: str = "") -> Rolled: ...

    def d6(self, count: int = 1, *, purpose: str = "", roller: str = "") -> Rolled: ...


class Held(NamedTuple):
    """A weapon in a gladiator's hand, on the side it covers. A value (a named tuple,
    so a kit of them hashes quickly): a weapon that changes hands is a new `Held`."""

    weapon: str
    side: str
    lost_first: bool = False


@dataclass(slots=True)
class Entanglement:
    """What holds an entangled gladiator, and where it goes back to when recovered."""

    weapon: str  # the entangling weapon's slug (net, lasso, cape)
    owner: str  # id of the gladiator who cast it
    kind: HeldKind  # "weapon", or "shield" for a cape (it was his shield)
    side: str


@dataclass(slots=True)
class Item:
    """A weapon, shield, dart or arrow lying on the board.

    `kind`: "weapon", "shield" or "ammo" (then `name` is "dart" or "arrow").
    Only its owner may pick it up, and only while `recoverable`.
    """

    id: int
    kind: ItemKind
    name: str
    owner: str
    hex: Hex
    recoverable: bool = True
    side: str | None = None
    lost_first: bool = False


@dataclass(slots=True)
class Gladiator:
    id: str
    name: str
    type: str  # a skirmish-types slug, or "custom"
    side: str  # his team; alone, his own id
    human: bool
    hex: Hex | None  # None once he is out of the fight
    facing: int
    armour: str
    shield: str | None
    shield_side: str | None
    weapons: list[Held]
    darts: int = 0
    arrows: int = 0
    strength: int = 0
    full_strength: int = 0
    fixed_strength: bool = False
    skills: list[str] = field(default_factory=list)
    ap: int = 0
    off_balance: bool = False
    entangled: Entanglement | None = None
    fatigue: int = 0
    used: list[tuple[str, str]] = field(default_factory=list)  # (weapon, side) this turn
    unarmed_used: bool = False
    cut_free_tried: bool = False
    floored: list[str] = field(default_factory=list)  # foes he floored this turn
    status: str = FIGHTING
    given_in: bool = False
    last_hex: Hex | None = None
    wounds_inflicted: int = 0
    seriously_wounded_foes: list[str] = field(default_factory=list)
    defeated: list[str] = field(default_factory=list)
    defeated_by: str | None = None
    defeated_today: int = 0  # from the scenario: earlier bouts today
    spared_today: bool = False
    skills_gained: list[str] = field(default_factory=list)
    # The setup gave him a name of his own: a man with a career, not a house extra
    # named after his type.
    named: bool = False

    @property
    def fighting(self) -> bool:
        return self.status == FIGHTING

    def held(self, weapon: str) -> Held | None:
        return next((h for h in self.weapons if h.weapon == weapon), None)


@dataclass(slots=True)
class Options:
    fatigue: bool = False
    experience: bool = False


@dataclass
class State:
    data: GameData = field(compare=False, repr=False)
    geo: Geometry = field(compare=False, repr=False)
    board: Board
    options: Options
    gladiators: list[Gladiator]
    items: list[Item] = field(default_factory=list)
    next_item: int = 1
    order: list[str] = field(default_factory=list)  # turn order, from initiative
    active: str | None = None  # whose turn
    phase: str = "setup"
    turn_number: int = 0
    appeals: list[str] = field(default_factory=list)  # beaten, waiting to appeal
    after_appeals: str = "act"  # "act": his turn goes on; "next": the next turn starts
    winner: str | None = None  # the side left standing
    spared_earlier: int = 0  # from the scenario: gladiators spared today before this bout

    # --- looking things up ---------------------------------------------------------
    def glad(self, gid: str) -> Gladiator:
        return self.gladiators[ord(gid) - 65]

    def find(self, ref: Any, what: str = "gladiator") -> Gladiator:
        """The gladiator an action names, by id ("B") or by name (any case)."""
        if isinstance(ref, str) and ref:
            if len(ref) == 1 and "A" <= ref < chr(65 + len(self.gladiators)):
                return self.gladiators[ord(ref) - 65]  # an id, as actions give them
            key = ref.strip()
            if len(key) == 1 and "A" <= key.upper() <= chr(64 + len(self.gladiators)):
                return self.gladiators[ord(key.upper()) - 65]
            same = [g for g in self.gladiators if g.name.lower() == key.lower()]
            if len(same) > 1:
                ids = " or ".join(g.id for g in same)
                raise UserError(f"two gladiators here are called {same[0].name}: name him "
                                f"by his letter, {ids}")
            if same:
                return same[0]
        ids = ", ".join(f"{g.id} ({g.name})" for g in self.gladiators)
        shown = f"'{ref}'" if isinstance(ref, str) and ref else "no one"
        raise UserError(f"the {what} named is {shown}, not a gladiator here; they are {ids}")

    def occupant(self, hex_: Hex) -> Gladiator | None:
        q, r = hex_.q, hex_.r
        for g in self.gladiators:
            h = g.hex
            if h is not None and h.q == q and h.r == r:
                return g
        return None

    def enemies(self, g: Gladiator) -> list[Gladiator]:
        """His opponents still fighting on the board."""
        return [o for o in self.gladiators
                if o.side != g.side and o.hex is not None and o.status == FIGHTING]

    def label(self, hex_: Hex | None) -> str | None:
        return None if hex_ is None else self.geo.labels[hex_]

    def current(self) -> Gladiator | None:
        active = self.active
        return None if active is None else self.gladiators[ord(active) - 65]

    def display_name(self, gid: str | None) -> str:
        """His name as a player reads it: with his id ("Brutus (C)") when another
        gladiator of the bout has the same name, so that the log never says "Brutus
        strikes Brutus"."""
        return display_name(self, gid)


def display_name(state: State, gid: str | None) -> str:
    """`State.display_name`, for the UI and the narrator: "nobody" for no one."""
    if gid is None:
        return "nobody"
    g = state.glad(gid)
    key = g.name.strip().lower()
    if sum(1 for o in state.gladiators if o.name.strip().lower() == key) > 1:
        return f"{g.name} ({g.id})"
    return g.name


def wound_levels(data: GameData, g: Gladiator) -> list[str]:
    """The wound levels he has reached, mildest first (empty: unhurt)."""
    return list(levels_of(data, g))


def levels_of(data: GameData, g: Gladiator) -> tuple[str, ...]:
    """`wound_levels` as a shared tuple, for reading only."""
    key = (g.full_strength, g.strength)
    found = data.levels_memo.get(key)
    if found is None:
        found = data.levels_memo[key] = _wound_levels(data, g)
    return found


def _wound_levels(data: GameData, g: Gladiator) -> tuple[str, ...]:
    if g.full_strength <= 0:
        return ()  # strength not rolled yet
    lost = g.full_strength - g.strength
    found = []
    for level in data.wound_levels:
        if level.lost_at_least is not None:
            hit = lost >= level.lost_at_least
        elif level.lost_fraction_at_least is not None:
            hit = lost > 0 and lost >= level.lost_fraction_at_least * g.full_strength
        else:
            hit = g.strength <= level.strength_at_most  # type: ignore[operator]
        if hit:
            found.append(level.key)
    return tuple(found)


def weight_total(data: GameData, g: Gladiator, with_shield: bool = True) -> int:
    total = data.kit[g.armour].weight
    if with_shield and g.shield is not None:
        total += data.kit[g.shield].weight
    return total


def save_value(data: GameData, g: Gladiator, with_shield: bool = True) -> int:
    total = data.kit[g.armour].save
    if with_shield and g.shield is not None:
        total += data.kit[g.shield].save
    return total


def weapon_ids(g: Gladiator) -> list[str]:
    """Names for the weapons in his hands: the slug, with the side added where he
    holds two of the same ("sword-right", "sword-left")."""
    slugs = [h.weapon for h in g.weapons]
    return [h.weapon if slugs.count(h.weapon) == 1 else f"{h.weapon}-{h.side}"
            for h in g.weapons]


def gladiator_summary(state: State, g: Gladiator) -> dict[str, Any]:
    data = state.data
    levels = wound_levels(data, g)
    level = levels[-1] if levels else "unhurt"
    return {
        "id": g.id,
        "name": g.name,
        "type": g.type,
        "side": g.side,
        "human": g.human,
        "at": state.label(g.hex if g.hex is not None else g.last_hex),
        "on_board": g.hex is not None,
        "facing": direction_name(g.facing),
        "strength": g.strength,
        "full_strength": g.full_strength,
        "wound_level": level,
        "ap": g.ap,
        "off_balance": g.off_balance,
        "entangled": g.entangled is not None,
        "entangled_by": None if g.entangled is None else {
            "weapon": g.entangled.weapon, "owner": g.entangled.owner},
        "fatigue": g.fatigue,
        "armour": g.armour,
        "shield": g.shield,
        "shield_side": g.shield_side,
        "weapons": weapon_ids(g),
        "darts": g.darts,
        "arrows": g.arrows,
        "weight": data.weight_rating(weight_total(data, g)),
        "weight_without_shield": data.weight_rating(weight_total(data, g, with_shield=False)),
        "save": save_value(data, g),
        "save_without_shield": save_value(data, g, with_shield=False),
        "status": g.status,
        "beaten": g.status != FIGHTING,
        "given_in": g.given_in,
        "spared": g.status == SPARED,
        "dead": g.status == KILLED,
        "defeated_by": g.defeated_by,
        "skills": list(g.skills),
        "skills_gained": list(g.skills_gained),
    }


def summary(state: State) -> dict[str, Any]:
    """The whole state as plain JSON data (`show --json`; `replay --json` adds the
    log)."""
    active = state.current()
    return {
        "ruleset": "skirmish",
        "board": {"columns": state.board.columns, "rows": state.board.rows},
        "options": {"fatigue": state.options.fatigue, "experience": state.options.experience},
        "phase": state.phase,
        "turn": {
            "number": state.turn_number,
            "gladiator": None if active is None else active.id,
            "name": None if active is None else active.name,
        },
        "order": list(state.order),
        "gladiators": [gladiator_summary(state, g) for g in state.gladiators],
        "items": [
            {"id": i.id, "kind": i.kind, "name": i.name, "owner": i.owner,
             "at": state.label(i.hex), "recoverable": i.recoverable}
            for i in state.items
        ],
        "appeals_pending": list(state.appeals),
        "winner": state.winner,
        "survivors": [g.id for g in state.gladiators if g.status in (FIGHTING, SPARED)],
    }


def adjacent(a: Hex | None, b: Hex | None) -> bool:
    return a is not None and b is not None and dist(a, b) == 1


def names(gladiators: Sequence[Gladiator]) -> str:
    return ", ".join(g.name for g in gladiators)
