"""A manager's coaching of his gladiator, as its file holds it (seed 000: "Before a
match, each manager will have a chance to coach their gladiator(s)").

Coaching is the secret half of a gladiator: his three opening moves, a posture, the
moves he favours or shuns, and contingencies ("when wounded, prefer Last Stand").
Managers may write moves by name ("Last Stand") as well as by key; `parse_coaching`
turns every name into its key and names each unknown move in words. Whether the
opening moves are his to play is `check_coaching`, which needs his sheet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator

from companion import paths
from companion.files.jsonfile import FileKind, check_name, place, shown
from companion.files.sheetfile import SheetError, read_sheet_file, validated
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.sheet import Gladiator
from companion.rulesets.grimdark.table_models import Stat
from companion.tables.model import StrictModel

FORMAT = "companion-grimdark-coaching"
COACHING = FileKind("a Grimdark coaching", 1_000_000, FORMAT)
SCHEMA_VERSION = 1

Posture = Literal["aggressive", "balanced", "cautious"]
When = Literal["always", "wounded", "opponent-wounded", "hand-has-no-attack",
               "finisher-allowed", "hp-below", "cz-ahead", "behind-on-hp"]
Do = Literal["assess", "finish", "defend", "attack"]
# Whom he goes for among several opponents. "weakest" and "least-hp" are the same:
# the fewest HP left; "most-hurt" the lowest share of his own maximum.
TargetPolicy = Literal["weakest", "least-hp", "most-hurt", "strongest", "most-famous",
                       "least-famous", "crowd-favourite", "wounded"]
WHEN_WITH_VALUE = ("hp-below", "cz-ahead")
ACTIONS = ("prefer", "avoid", "do", "target")
MOST_OPENING = 3
WEIGHT_MOST = 5


class CoachingRule(StrictModel):
    """One contingency: when `when` holds, do exactly one of: `prefer` a move (strongly,
    whenever it is playable), `avoid` one, `do` a kind of thing, or `target` someone.
    Earlier rules weigh more than later ones."""

    when: When
    value: int | None = Field(default=None, ge=0, le=10_000)
    prefer: str | None = Field(default=None, min_length=1, max_length=80)
    avoid: str | None = Field(default=None, min_length=1, max_length=80)
    do: Do | None = None
    target: TargetPolicy | None = None

    @model_validator(mode="after")
    def _one_action(self) -> CoachingRule:
        given = [name for name in ACTIONS if getattr(self, name) is not None]
        if len(given) != 1:
            said = " and ".join(given) if given else "none of them"
            raise ValueError(f"a rule gives exactly one of prefer, avoid, do or target "
                             f"(this one gives {said})")
        if self.when in WHEN_WITH_VALUE and self.value is None:
            raise ValueError(f"'when: {self.when}' needs a value (a number)")
        if self.when not in WHEN_WITH_VALUE and self.value is not None:
            raise ValueError(f"'when: {self.when}' takes no value")
        return self

    @property
    def move(self) -> str | None:
        """The move the rule names (to prefer or avoid), if any."""
        return self.prefer or self.avoid


class Coaching(StrictModel):
    format: Literal["companion-grimdark-coaching"] = "companion-grimdark-coaching"
    version: int = Field(default=SCHEMA_VERSION, ge=1)
    gladiator: str = Field(default="", max_length=80)  # his name; empty: anyone's
    opening: list[str] = Field(default_factory=list, max_length=MOST_OPENING)
    posture: Posture = "balanced"
    prefer: dict[str, int] = Field(default_factory=dict, max_length=100)
    rules: list[CoachingRule] = Field(default_factory=list, max_length=50)
    # The stat Basic Adjustment returns him to; none: his strongest.
    active_stat: Stat | None = None
    notes: str = Field(default="", max_length=20_000)

    _name = field_validator("gladiator")(lambda cls, v: check_name(v))

    @field_validator("opening")
    @classmethod
    def _opening(cls, value: list[str]) -> list[str]:
        for move in value:
            if not 1 <= len(move) <= 80:
                raise ValueError("a move is named in 1 to 80 characters")
        return value

    @field_validator("prefer")
    @classmethod
    def _weights(cls, value: dict[str, int]) -> dict[str, int]:
        for move, weight in value.items():
            if not -WEIGHT_MOST <= weight <= WEIGHT_MOST:
                raise ValueError(f"{shown(move)} is weighted {weight}; weights go from "
                                 f"-{WEIGHT_MOST} (avoid) to {WEIGHT_MOST} (favour)")
        return value

    def moves_named(self) -> Iterator[str]:
        """Every move the coaching names, opening first."""
        yield from self.opening
        yield from self.prefer
        for rule in self.rules:
            if rule.move is not None:
                yield rule.move


def default_coaching() -> Coaching:
    """An uncoached gladiator: balanced, no favourites, no contingencies, and his
    opening hand drawn like any other."""
    return Coaching()


def parse_coaching(data: object, where: str, tables: GrimdarkData) -> Coaching:
    """A coaching as its file gives it, with every move turned into its key; a
    SheetError naming each problem (bad field, unknown move) with its place."""
    found = validated(Coaching, data, where, SCHEMA_VERSION)
    problems: list[str] = []

    def key(text: str, at: str, *, opening: bool = False) -> str:
        move = tables.moves.get(text) or tables.move_named(text)
        if move is None:
            problems.append(f"{where}: {at}: {shown(text)} is not a move in the Grimdark "
                            "moves table")
            return text
        if opening and (move.special or move.always_available):
            problems.append(f"{where}: {at}: {move.name} cannot open a match: it is "
                            "never in a repertoire")
        return move.key

    opening = [key(m, f"opening[{i}]", opening=True) for i, m in enumerate(found.opening)]
    prefer: dict[str, int] = {}
    for name, weight in found.prefer.items():
        move = key(name, place(("prefer", name)))
        if move in prefer:
            problems.append(f"{where}: {place(('prefer', name))}: the same move is "
                            "weighted twice")
        prefer[move] = weight
    rules = [rule.model_copy(update={
        field: key(str(getattr(rule, field)), f"rules[{i}].{field}")
        for field in ("prefer", "avoid") if getattr(rule, field) is not None})
        for i, rule in enumerate(found.rules)]
    if problems:
        raise SheetError(problems)
    return found.model_copy(update={"opening": opening, "prefer": prefer, "rules": rules})


def load_coaching(path: Path, tables: GrimdarkData | None = None) -> Coaching:
    """A coaching file, read through the one reader (size, nesting, numbers, text)."""
    data = tables or GrimdarkData.load()
    return parse_coaching(read_sheet_file(path, COACHING), str(path), data)


def samples_dir() -> Path:
    """The coaching of the sample and house gladiators shipped with the companion."""
    return paths.assets_dir() / "samples" / "grimdark" / "coaching"


def reachable_moves(g: Gladiator, data: GrimdarkData) -> set[str]:
    """Every move that can come into his hand: his repertoire, what its moves are
    replaced by (Biding Time by Opportune Strike), and the moves always open."""
    found = set(g.moves)
    frontier = list(g.moves)
    while frontier:
        move = data.moves.get(frontier.pop())
        if move is not None and move.replaced_by and move.replaced_by not in found:
            found.add(move.replaced_by)
            frontier.append(move.replaced_by)
    return found | {key for key, m in data.moves.items() if m.always_available}


def check_coaching(coaching: Coaching, gladiator: Gladiator, data: GrimdarkData) -> list[str]:
    """What in the coaching does not fit him, in words: another gladiator's name, an
    opening move he does not hold (or more copies than he holds), a move preferred or
    avoided that can never come into his hand. Empty: it fits."""
    out: list[str] = []
    if coaching.gladiator and coaching.gladiator.casefold() != gladiator.name.casefold():
        out.append(f"this coaching is for {coaching.gladiator}, not {gladiator.name}")
    for key, wanted in Counter(coaching.opening).items():
        held = gladiator.moves.get(key, 0)
        if held < wanted:
            out.append(f"he opens with {_move_name(key, data)}"
                       f"{f' {wanted} times' if wanted > 1 else ''} but holds "
                       f"{_copies(held)} of it in his repertoire")
    reachable = reachable_moves(gladiator, data)
    seen: set[str] = set(coaching.opening)
    for key in coaching.moves_named():
        if key not in reachable and key not in seen:
            out.append(f"{_move_name(key, data)} is coached but never comes into his "
                       "hand: it is not in his repertoire")
        seen.add(key)
    return out


def _copies(n: int) -> str:
    return "no copy" if n == 0 else "one copy" if n == 1 else f"{n} copies"


def _move_name(key: str, data: GrimdarkData) -> str:
    move = data.moves.get(key)
    return move.name if move is not None else key
