"""The state of one Grimdark match: plain dataclasses the session copies, one
`Fighter` per gladiator in setup order (ids "a", "b", "c", ...).

A match goes: "start" (HP, Init, CZ, hands), then whole turns until at most one team
stands. Everything a later turn needs to know about an earlier one is kept here as
data: conditions with the turns they have left, the cards in hand, deck and discard
pile, what he suffered last turn. The tables are shared by every copy (`Shared`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.errors import UserError
from companion.rulesets.grimdark.coaching import Coaching
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.events import ConditionKey


@dataclass(frozen=True, eq=False)
class Shared:
    """The tables of the session: one object for every copy of the state."""

    data: GrimdarkData

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self


@dataclass
class Condition:
    """Something lasting on a gladiator. `turns` counts the turns it still applies to;
    a condition set during a turn is `fresh` and starts counting at the next one.
    `key` is one of the summary's condition keys; `source` the move, crit or ability
    it came from; `against` the opponent it concerns (out of position); `move` the
    move it concerns (cooldown); `weapon` the index of the weapon in his sheet."""

    key: ConditionKey
    amount: int = 0
    turns: int = 1
    source: str = ""
    against: str | None = None
    move: str | None = None
    weapon: int | None = None  # disarmed, weapon gone: which of his weapons
    fresh: bool = True


@dataclass
class TurnRecord:
    """What befell him in one turn (the last one is what moves like Revenge read)."""

    damage_taken: int = 0
    hit: bool = False
    struck_in_melee_by: list[str] = field(default_factory=list)


@dataclass
class Fighter:
    id: str
    name: str
    team: str
    sheet: dict[str, Any]
    stats: dict[str, int]  # as they stand now: a second wound lowers one for good
    abilities: dict[str, int]
    repertoire: dict[str, int]
    starred: bool = False
    npc: bool = False
    chooser: str = "odds"  # how the computer chooses his moves (engine.CHOOSERS)
    fame: int = 0
    wins: int = 0
    losses: int = 0
    hp: int = 0
    max_hp: int = 0
    init: int = 0
    cz: int = 0
    active_stat: str = "brutality"  # a stat key, or "ineffective"
    wounded: bool = False
    defeated: bool = False
    defeated_how: str | None = None  # "hp", "poison", "last-stand", "gruesome"
    gruesome: bool = False
    dead: bool | None = None
    resources: dict[str, int] = field(default_factory=lambda: {
        "arcane-essence": 0, "quantum-energy": 0, "curses": 0, "poison": 0})
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    conditions: list[Condition] = field(default_factory=list)
    flurry: int = 0  # successive uses of a stacking move so far
    last_turn: TurnRecord = field(default_factory=TurnRecord)

    @property
    def standing(self) -> bool:
        return not self.defeated

    def has(self, key: str) -> list[Condition]:
        return [c for c in self.conditions if c.key == key and not c.fresh]

    def stat_value(self, stat: str) -> int:
        """A stat's value; Ineffective is worth his weakest stat."""
        if stat == "ineffective":
            return min(self.stats.values())
        return self.stats[stat]


@dataclass
class GrimdarkState:
    fighters: list[Fighter]
    coaching: dict[str, Coaching | None]  # secret: never in the summary
    shared: Shared = field(repr=False, compare=False)
    options: dict[str, Any] = field(default_factory=dict)
    started: bool = False
    turn: int = 0  # turns played so far
    over: bool = False
    result: dict[str, Any] | None = None

    @property
    def data(self) -> GrimdarkData:
        return self.shared.data

    @property
    def engine(self) -> int:
        """The engine the match is adjudicated with (`engine.py`): 1 for a match saved
        before engines were named."""
        return int(self.options.get("engine", 1))

    def fighter(self, who: Any) -> Fighter:
        """A gladiator by id ("a") or by name; UserError naming the ones there are."""
        if isinstance(who, str):
            for f in self.fighters:
                if f.id == who:
                    return f
            same = [f for f in self.fighters if f.name.lower() == who.strip().lower()]
            if len(same) == 1:
                return same[0]
            if len(same) > 1:
                raise UserError(f"two gladiators are called {same[0].name}: name him by "
                                "his letter")
        names = ", ".join(f"{f.id} ({f.name})" for f in self.fighters)
        raise UserError(f"'{who}' is not a gladiator of this match; they are {names}")

    def display_name(self, who: str | None) -> str:
        """His name as a player reads it, with his letter when two share a name."""
        if who is None:
            return ""
        f = self.fighter(who)
        key = f.name.strip().lower()
        if sum(1 for o in self.fighters if o.name.strip().lower() == key) > 1:
            return f"{f.name} ({f.id.upper()})"
        return f.name

    def opponents(self, f: Fighter) -> list[Fighter]:
        """His enemies still standing, in setup order."""
        return [o for o in self.fighters if o.team != f.team and o.standing]

    def enemies(self, f: Fighter) -> list[Fighter]:
        return [o for o in self.fighters if o.team != f.team]

    def standing_teams(self) -> list[str]:
        return list(dict.fromkeys(f.team for f in self.fighters if f.standing))
