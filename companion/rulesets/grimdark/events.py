"""What happens in a Grimdark match, as typed records: one a kind of event, its fields
the numbers, keys and dice of it, never words (the narrator's). Each record's JSON
(`data`) is the dict the rules emitted before they were typed, key for key, so the
digests of every saved match stand: a field absent at some of a kind's emissions is
left out while None, and a fight's sides, damage and critical are nested records
that give their old dicts. The few fields that were dicts (the start's resources, the
result's Fame and records) stay plain dicts: the digest's JSON encoder takes no other
mapping."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from companion.rulesets.base import LEFT_OUT_WHEN_NONE, Event
from companion.rulesets.grimdark.fight import Band, Keep, PartReason, Reach, Reason

# Who chose a move: the coaching (with its reasons), the GM, the rules (stunned: no
# move); "public" is a coaching's choice as a report tells it, its reasons kept back.
PlayedBy = Literal["coaching", "gm", "rules"]
ChosenBy = Literal[PlayedBy, "public"]
DefeatedHow = Literal["hp", "poison", "last-stand", "gruesome"]
FateRule = Literal["starred", "gruesome", "execution", "defeat"]
Shrugged = Literal["knockback", "stun"]
ConditionKey = Literal["out-of-position", "disarmed", "penalty", "stunned", "cooldown",
                       "weapon-gone", "resistant"]

# ------------------------------------------------------------------ the start


@dataclass(frozen=True, slots=True)
class StartRolled(Event):
    """His HP and Init rolled at the start, his active stat and what his abilities
    gave him to begin with (only the resources he has some of)."""

    kind: ClassVar[str] = "started"
    hp: int
    hp_dice: str
    hp_faces: tuple[int, ...]
    init: int
    init_dice: str
    init_faces: tuple[int, ...]
    active_stat: str
    resources: dict[str, int]


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """His deck put in an order by the dice: a die of each size in `sides` (the cards
    left for each place but the last), its face in `faces`."""

    kind: ClassVar[str] = "shuffled"
    sides: tuple[int, ...]
    faces: tuple[int, ...]
    cards: int


@dataclass(frozen=True, slots=True)
class OpeningHand(Event):
    """The hand he starts with: `opening` the moves his coaching put in it."""

    kind: ClassVar[str] = "hand"
    opening: tuple[str, ...]
    hand: tuple[str, ...]
    deck: int


# ------------------------------------------------------------------ a turn's moves


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    kind: ClassVar[str] = "turn"
    turn: int


@dataclass(frozen=True, slots=True)
class MoveChosen(Event):
    """His move this turn (None: stunned), its target and reach, the active stat it
    sets, and who chose it with the coaching's reason codes."""

    kind: ClassVar[str] = "choice"
    move: str | None
    target: str | None
    reach: Reach | None
    active_stat: str | None
    why: tuple[str, ...]
    by: ChosenBy


@dataclass(frozen=True, slots=True)
class ChanceRolled(Event):
    """A chance bonus of an ability rolled: `chance` is (numerator, denominator), the
    die the denominator's size; `face` None when the chance is certain."""

    kind: ClassVar[str] = "chance"
    ability: str
    chance: tuple[int, int]
    face: int | None
    won: bool
    bonus: int


@dataclass(frozen=True, slots=True)
class RandomStatRolled(Event):
    """A move of a random stat (Face-Off): the stat the die gave."""

    kind: ClassVar[str] = "random_stat"
    stat: str
    face: int
    move: str | None


# ------------------------------------------------------------------ the fights


@dataclass(frozen=True, slots=True)
class PowerModifier:
    amount: int
    reason: Reason

    def to_json(self) -> dict[str, Any]:
        return {"amount": self.amount, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class SidePower:
    """One side's power roll in a fight: his move, the stat he rolls, the dice and their
    faces (High Stakes keeps the worse), every modifier, the total, how he attacks."""

    id: str
    move: str
    stat: str
    dice: str
    faces: tuple[int, ...]
    keep: Keep
    modifiers: tuple[PowerModifier, ...]
    total: int
    attack: Reach | None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "move": self.move, "stat": self.stat, "dice": self.dice,
                "faces": list(self.faces), "keep": self.keep,
                "modifiers": [m.to_json() for m in self.modifiers], "total": self.total,
                "attack": self.attack}


@dataclass(frozen=True, slots=True)
class BlowPart:
    amount: int
    reason: PartReason
    faces: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"amount": self.amount, "reason": self.reason, "faces": list(self.faces)}


@dataclass(frozen=True, slots=True)
class BlowDamage:
    """The damage of a blow, part by part; `total` never below 0."""

    total: int
    die: str
    parts: tuple[BlowPart, ...]

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "die": self.die,
                "parts": [p.to_json() for p in self.parts]}


@dataclass(frozen=True, slots=True)
class CritStruck:
    """The critical table's entry a blow rolled, and what it does."""

    roll: int
    severity: int
    key: str
    knockback: int
    stun: bool
    wound: bool
    gruesome: bool

    def to_json(self) -> dict[str, Any]:
        return {"roll": self.roll, "severity": self.severity, "key": self.key,
                "knockback": self.knockback, "stun": self.stun, "wound": self.wound,
                "gruesome": self.gruesome}


@dataclass(frozen=True, slots=True)
class Clashed(Event):
    """One fight of the turn: `who` attacks `target` (both ways when `mutual`), each
    side's power, the advantage and its band, the winner (None: inconclusive), the
    damage of his blow and its critical."""

    kind: ClassVar[str] = "fight"
    target: str
    sides: tuple[SidePower, SidePower]
    advantage: int
    band: Band
    winner: str | None
    damage: BlowDamage | None
    crit: CritStruck | None
    mutual: bool
    gang: int
    ganged: str | None
    out_of_position: bool


@dataclass(frozen=True, slots=True)
class FellBeforeStriking(Event):
    """His blow never came: he was defeated by one that came first (`target` his; None
    for a blow at everyone)."""

    kind: ClassVar[str] = "forestalled"
    target: str | None


@dataclass(frozen=True, slots=True)
class WrathUnleashed(Event):
    """Wrath from Beyond: every combatant takes his Brutality, no fight."""

    kind: ClassVar[str] = "wrath"
    amount: int
    move: str | None


@dataclass(frozen=True, slots=True)
class ShruggedOff(Event):
    """His weapon's property (`by`) kept a critical's knockback or stun off him."""

    kind: ClassVar[str] = "ignored"
    what: Shrugged
    by: str


# ------------------------------------------------------------------ what befalls him


@dataclass(frozen=True, slots=True)
class HpChanged(Event):
    """HP lost (`change` below 0) or regained; `by` whose blow or move it was."""

    kind: ClassVar[str] = "hp"
    change: int
    hp: int
    reason: str
    by: str | None


@dataclass(frozen=True, slots=True)
class Wounded(Event):
    """The wounded condition; a `second` wound lowers a stat for good, to `value`."""

    kind: ClassVar[str] = "wounded"
    source: str
    second: bool
    stat: str | None = field(default=None, metadata=LEFT_OUT_WHEN_NONE)
    value: int | None = field(default=None, metadata=LEFT_OUT_WHEN_NONE)


@dataclass(frozen=True, slots=True)
class WoundHealed(Event):
    kind: ClassVar[str] = "unwounded"
    source: str


@dataclass(frozen=True, slots=True)
class ActiveStatChanged(Event):
    """His active stat set (or made "ineffective"); a Versatile gladiator's rolled on
    `face` instead of Ineffective."""

    kind: ClassVar[str] = "active_stat"
    stat: str
    source: str
    face: int | None = field(default=None, metadata=LEFT_OUT_WHEN_NONE)
    versatile: bool | None = field(default=None, metadata=LEFT_OUT_WHEN_NONE)


@dataclass(frozen=True, slots=True)
class StatAlreadySettled(Event):
    """A blow by `by` that would change his active stat changes nothing: the blow of
    `first`, of the higher Init, already did."""

    kind: ClassVar[str] = "stat_kept"
    source: str
    by: str
    first: str


@dataclass(frozen=True, slots=True)
class ConditionGained(Event):
    kind: ClassVar[str] = "condition"
    key: ConditionKey
    amount: int
    turns: int
    source: str
    against: str | None
    move: str | None
    weapon: int | None


@dataclass(frozen=True, slots=True)
class CzChanged(Event):
    kind: ClassVar[str] = "cz"
    change: int
    cz: int
    reason: str


@dataclass(frozen=True, slots=True)
class ResourceChanged(Event):
    """Arcane essence, quantum energy, curses or poison gained or lost, to `value`."""

    kind: ClassVar[str] = "resource"
    resource: str
    change: int
    value: int
    reason: str


@dataclass(frozen=True, slots=True)
class CursesRolled(Event):
    kind: ClassVar[str] = "curses"
    faces: tuple[int, ...]
    broken: int


@dataclass(frozen=True, slots=True)
class Defeated(Event):
    kind: ClassVar[str] = "defeated"
    how: DefeatedHow
    by: str | None


@dataclass(frozen=True, slots=True)
class FateDecided(Event):
    """Whether a defeated gladiator dies, by `rule`: starred (lives; `gruesome` said),
    a gruesome demise, the crowd's execution (`cz_gap` behind) or the death die
    (`late`: the larger one). `roll` and `die` where a die was rolled."""

    kind: ClassVar[str] = "death"
    dead: bool
    roll: int | None
    die: str | None
    rule: FateRule
    gruesome: bool | None = field(default=None, metadata=LEFT_OUT_WHEN_NONE)
    cz_gap: int | None = field(default=None, metadata=LEFT_OUT_WHEN_NONE)
    late: bool | None = field(default=None, metadata=LEFT_OUT_WHEN_NONE)


# ------------------------------------------------------------------ his cards


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """His hand after the turn's draw; `assess`: a whole new hand (Assess the
    Situation)."""

    kind: ClassVar[str] = "drew"
    hand: tuple[str, ...]
    deck: int
    assess: bool


@dataclass(frozen=True, slots=True)
class MoveKept(Event):
    """The move that hit stays in his hand (a stacking move)."""

    kind: ClassVar[str] = "kept"
    move: str


@dataclass(frozen=True, slots=True)
class MoveReplaced(Event):
    """The move played gives way to its special move (`by`) in his hand."""

    kind: ClassVar[str] = "replaced"
    move: str
    by: str


@dataclass(frozen=True, slots=True)
class DeckRecycled(Event):
    """His deck ran out: his `cards` discards shuffled into a new one."""

    kind: ClassVar[str] = "recycled"
    cards: int


# ------------------------------------------------------------------ the end


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    """The match's result (`death.result_of`): the winners and their team (none when
    no one stands), who was defeated, died, survived; each one's Fame gained, record
    and, after the match, Fame, wins and losses."""

    kind: ClassVar[str] = "over"
    winners: tuple[str, ...]
    winning_team: str | None
    defeated: tuple[str, ...]
    dead: tuple[str, ...]
    survivors: tuple[str, ...]
    fame: dict[str, int]
    record: dict[str, str]
    after: dict[str, dict[str, int]]


KINDS: tuple[type[Event], ...] = (
    StartRolled, DeckShuffled, OpeningHand, TurnBegan, MoveChosen, ChanceRolled,
    RandomStatRolled, Clashed, FellBeforeStriking, WrathUnleashed, ShruggedOff, HpChanged,
    Wounded, WoundHealed, ActiveStatChanged, StatAlreadySettled, ConditionGained, CzChanged,
    ResourceChanged, CursesRolled, Defeated, FateDecided, CardsDrawn, MoveKept, MoveReplaced,
    DeckRecycled, MatchOver)
