"""The state of one duel: a tree of dataclasses, plain data only, so the session can
copy it and `summary()` can show it as JSON.

A battle goes: initiative (once), then the two gladiators alternate turns. Before a
gladiator acts on his turn, what is due comes first: a fate roll or its choice, the
roll to stay conscious or at death's door when he is below 0, the focus roll when he
is stunned. `due()` says which.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from typing import TYPE_CHECKING, Any, Literal

from companion.errors import UserError

if TYPE_CHECKING:
    from companion.rulesets.battle.data import BattleTables

Stance = Literal["normal", "berserk", "defensive"]
Phase = Literal["initiative", "fighting", "over"]
SIDES = ("a", "b")


@dataclass
class Modifier:
    """A lasting change to his dice from a critical (or a tracker entry)."""

    target: str
    amount: int
    duration: str = "rest_of_battle"
    armor_exempt: bool = False
    source: str = ""


@dataclass
class LastTurn:
    """What he did on his previous turn: it sets his defence pool now."""

    kind: str = "none"  # attack, disarm, heal, retrieve, clear_eyes, stunned, none
    stance: Stance = "normal"
    thrown: bool = False
    whiffed: bool = False
    weapon: str | None = None
    two_handed: bool = False


@dataclass
class Changes:
    """What the battle writes to his sheet when it ends."""

    scars: list[dict[str, Any]] = field(default_factory=list)
    insanities: list[dict[str, Any]] = field(default_factory=list)
    coma_hours: int | None = None


@dataclass
class Fighter:
    side: str
    name: str
    skills: dict[str, int]
    weapon_ranks: dict[str, int]
    insanities: list[tuple[int, str | None]]
    total_fights: int
    max_health: int
    health: int
    luck: int
    heal_dice: int
    carried: dict[str, int]
    # The health table's band for `health` ("fine" at 0 or more); kept in step by
    # `health.set_health`, so that `due` needs no table.
    health_stage: str = "fine"
    dropped: dict[str, int] = field(default_factory=dict)
    # His thrown weapons lodged in his opponent by a critical: gone for the battle.
    lodged: dict[str, int] = field(default_factory=dict)
    shield: Literal["held", "dropped", "none"] = "none"
    ready_weapon: str | None = None
    stunned: bool = False
    stun_turns: int = 0
    no_focus_turns: int = 0
    awake: bool = False
    armour_destroyed: bool = False
    no_shield_or_two_handed: bool = False
    modifiers: list[Modifier] = field(default_factory=list)
    dies_unless_wins: bool = False
    must_win_or_die: bool = False
    insanity_if_wins: bool = False
    wounded: bool = False
    last_turn: LastTurn = field(default_factory=LastTurn)
    used_once: list[str] = field(default_factory=list)
    last_hit_by: str | None = None
    initiative: int | None = None
    # Per-turn progress: the roll below 0 and the focus roll come before acting.
    health_checked: bool = False
    focused: bool = False
    pending_fate: bool = False
    fate_choices: list[int] = field(default_factory=list)
    weak_roll_dice: int | None = None
    notes: list[str] = field(default_factory=list)
    changes: Changes = field(default_factory=Changes)

    def skill(self, key: str) -> int:
        return self.skills.get(key, 0)

    @property
    def has_shield(self) -> bool:
        return self.shield == "held" and not self.no_shield_or_two_handed


@dataclass
class Result:
    winner: str
    loser: str
    how: str
    dead: list[str] = field(default_factory=list)
    kills: dict[str, int] = field(default_factory=dict)


@dataclass
class BattleState:
    fighters: dict[str, Fighter]
    sheets: dict[str, dict[str, Any]]
    # The tables the session plays with: shared by every copy of the state (see
    # `BattleTables.__deepcopy__`) and no part of the summary.
    tables: BattleTables = field(repr=False, compare=False)
    phase: Phase = "initiative"
    turn: str | None = None
    # Turns begun since initiative (the first turn is 1).
    turn_count: int = 0
    clock: str | None = None
    result: Result | None = None
    sheets_after: dict[str, dict[str, Any]] | None = None
    # Where each stands on the hex board, when the players use it ("E7"); free movement.
    positions: dict[str, str] = field(default_factory=dict)

    def fighter(self, who: Any) -> Fighter:
        """A gladiator by side ("a", "b") or by name (when the two names differ)."""
        if isinstance(who, str):
            if who in self.fighters:
                return self.fighters[who]
            same = [f for f in self.fighters.values() if f.name.lower() == who.lower()]
            if len(same) > 1:
                raise UserError(f"both gladiators are called {same[0].name}: name him by "
                                "his side, a or b")
            if same:
                return same[0]
        names = ", ".join(f"{s} ({f.name})" for s, f in self.fighters.items())
        shown = f"'{who}'" if isinstance(who, str) else "no one"
        raise UserError(f"the gladiator named is {shown}, not one in this duel; they are "
                        f"{names}")

    def display_name(self, side: str | None) -> str:
        """His name as a player reads it: with his side ("Hammer Rookie (side B)") when both
        gladiators have the same name, so that the log never says "Hammer Rookie wins;
        Hammer Rookie loses"."""
        return display_name(self, side)

    def opponent(self, fighter: Fighter) -> Fighter:
        return self.fighters["b" if fighter.side == "a" else "a"]

    @property
    def current(self) -> Fighter:
        if self.turn is None:
            raise UserError("no one's turn: roll initiative first")
        return self.fighters[self.turn]

    def summary(self) -> dict[str, Any]:
        """The whole state as plain JSON data, with what is due next (the tables left
        out)."""
        data = {f.name: _plain(getattr(self, f.name)) for f in fields(self)
                if f.name != "tables"}
        data["due"] = due(self)
        return data


def display_name(state: BattleState, side: str | None) -> str:
    """`BattleState.display_name`, for the UI and the narrator ("" for no one)."""
    if side is None:
        return ""
    f = state.fighters[side]
    key = f.name.strip().lower()
    if sum(1 for o in state.fighters.values() if o.name.strip().lower() == key) > 1:
        return f"{f.name} (side {side.upper()})"
    return f.name


def _plain(value: Any) -> Any:
    """`dataclasses.asdict` for one field's value."""
    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_plain(v) for v in value)
    return copy.deepcopy(value)


def due(state: BattleState) -> str:
    """What must happen next: initiative, fate_choice, fate, stay_conscious,
    death_door, focus, act, or over (`health.due_roll` gives a roll's dice)."""
    if state.phase == "over":
        return "over"
    if state.phase == "initiative":
        return "initiative"
    f = state.current
    if f.fate_choices:
        return "fate_choice"
    if f.pending_fate:
        return "fate"
    if f.weak_roll_dice is not None:
        return "stay_conscious"
    if f.health_stage == "struggling" and not f.health_checked:
        return "stay_conscious"
    if f.health_stage == "deaths-door" and not f.health_checked:
        return "death_door"
    if f.stunned and not f.focused:
        return "focus"
    return "act"
