"""Dice sources and what they drew.

Every die the companion uses comes from a `DiceSource`, and every request leaves a
`Draw` (who rolled, why, which die, which faces) so a session can be replayed
exactly: the journal keeps the draws. What the roll log shows of a roll (which dice
were kept, which were successes, the total) is the one roll record,
`companion.dice.rolls.Roll`, made from one or more draws. Three sources exist: a
seeded generator, a script (tests and replays) and the player's own physical dice
typed in by hand (`TypedDice`, in the app and with the command line's `--dice`).
"""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.errors import UserError

__all__ = [
    "BadManualEntry",
    "BadRollRecord",
    "DiceError",
    "DiceScriptExhausted",
    "DiceSource",
    "Draw",
    "ImpossibleFace",
    "NeedDice",
    "RollRequest",
    "ScriptedDice",
    "SeededDice",
    "TypedDice",
    "describe_roll",
    "parse_typed_faces",
    "roll_d66",
]


class DiceError(UserError):
    """Base of the dice errors a user (or a script or journal he wrote) can cause."""


class DiceScriptExhausted(DiceError):
    """A scripted source was asked for more faces than it was given."""


class BadManualEntry(DiceError):
    """Typed-in faces that cannot be read, or the wrong number of them."""


class ImpossibleFace(DiceError):
    """A face that the die asked for cannot show (a 7 on a d6, a 0 anywhere)."""

    def __init__(self, message: str, *, face: object, sides: int) -> None:
        super().__init__(message)
        self.face = face
        self.sides = sides


class BadRollRecord(DiceError):
    """A roll record in a journal file that does not describe a possible roll."""


def _is_int(value: object) -> bool:
    # bool is an int subclass, but True is never a die face or a die size.
    return isinstance(value, int) and not isinstance(value, bool)


def describe_roll(sides: int, count: int, purpose: str = "", roller: str = "") -> str:
    """Name a roll for messages: "the attack roll of 3d6 by Brutus"."""
    what = f"the {purpose} roll of {count}d{sides}" if purpose else f"a roll of {count}d{sides}"
    return f"{what} by {roller}" if roller else what


# Slots: a record is made for every roll of every game; slots make it smaller and
# its fields quicker to read (see `_trusted_record` for making one quickly).
@dataclass(frozen=True, slots=True)
class Draw:
    """What one request drew: `len(faces)` dice of `sides` sides, kept in the session
    journal."""

    purpose: str
    roller: str
    sides: int
    faces: tuple[int, ...]
    # Faces a player typed in from his own dice: a report marks them, for they can be
    # replayed but not verified.
    typed: bool = False

    def __post_init__(self) -> None:
        # Accept any sequence of faces, but keep a tuple so the record stays immutable.
        if not isinstance(self.faces, tuple):
            object.__setattr__(self, "faces", tuple(self.faces))
        if not _is_int(self.sides) or self.sides < 2:
            raise ValueError(f"a die needs at least 2 sides, got {self.sides!r}")
        for face in self.faces:
            if not _is_int(face) or not 1 <= face <= self.sides:
                raise ValueError(f"face {face!r} is impossible on a d{self.sides}")

    @property
    def count(self) -> int:
        return len(self.faces)

    @property
    def total(self) -> int:
        return sum(self.faces)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "purpose": self.purpose,
            "roller": self.roller,
            "sides": self.sides,
            "faces": list(self.faces),
        }
        # Written only when true: the files of the app's own dice stay as they were.
        if self.typed:
            data["typed"] = True
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, where: str = "roll record") -> Draw:
        """Read a record written by `to_dict`; `where` names the place for messages."""
        if not isinstance(data, Mapping):
            raise BadRollRecord(f"{where}: expected an object, got {type(data).__name__}")
        unknown = sorted(set(data) - {"purpose", "roller", "sides", "faces", "typed"})
        if unknown:
            raise BadRollRecord(f"{where}: unknown field(s) {', '.join(map(repr, unknown))}")
        for key in ("sides", "faces"):
            if key not in data:
                raise BadRollRecord(f"{where}: missing field {key!r}")
        purpose = data.get("purpose", "")
        roller = data.get("roller", "")
        for key, value in (("purpose", purpose), ("roller", roller)):
            if not isinstance(value, str):
                raise BadRollRecord(f"{where}: {key!r} must be text, got {value!r}")
        sides = data["sides"]
        if not _is_int(sides) or sides < 2:
            raise BadRollRecord(f"{where}: 'sides' must be a whole number of 2 or more, "
                                f"got {sides!r}")
        faces = data["faces"]
        if not isinstance(faces, list | tuple):
            raise BadRollRecord(f"{where}: 'faces' must be a list of numbers, got {faces!r}")
        for index, face in enumerate(faces, start=1):
            if not _is_int(face) or not 1 <= face <= sides:
                raise BadRollRecord(
                    f"{where}: face {index} ({face!r}) is impossible on a d{sides}"
                )
        typed = data.get("typed", False)
        if not isinstance(typed, bool):
            raise BadRollRecord(f"{where}: 'typed' must be true or false, got {typed!r}")
        return cls(purpose=purpose, roller=roller, sides=sides, faces=tuple(faces),
                   typed=typed)


_SET_PURPOSE = Draw.__dict__["purpose"].__set__
_SET_ROLLER = Draw.__dict__["roller"].__set__
_SET_SIDES = Draw.__dict__["sides"].__set__
_SET_FACES = Draw.__dict__["faces"].__set__
_SET_TYPED = Draw.__dict__["typed"].__set__


def _trusted_record(purpose: str, roller: str, sides: int, faces: tuple[int, ...],
                    typed: bool) -> Draw:
    """A record of faces known good (drawn in range by a source of ours), made without
    the checks of `Draw()` and the frozen dataclass's slow field setting: the
    same record, in a third of the time. Every roll of every game makes one."""
    record = object.__new__(Draw)
    _SET_PURPOSE(record, purpose)
    _SET_ROLLER(record, roller)
    _SET_SIDES(record, sides)
    _SET_FACES(record, faces)
    _SET_TYPED(record, typed)
    return record


@dataclass(frozen=True)
class RollRequest:
    """What a manual source asks the player to roll."""

    sides: int
    count: int
    purpose: str = ""
    roller: str = ""

    def describe(self) -> str:
        return describe_roll(self.sides, self.count, self.purpose, self.roller)


class DiceSource(ABC):
    """Where dice come from. Each instance keeps the records it produced in `history`."""

    # Whether its faces are typed in by a player (his records say so).
    typed: ClassVar[bool] = False

    def __init__(self) -> None:
        self.history: list[Draw] = []

    def roll(self, sides: int, count: int = 1, *, purpose: str = "",
             roller: str = "") -> Draw:
        """Roll `count` dice of `sides` sides; record and return the roll.

        A source that fails (script exhausted, bad manual entry) records nothing.
        """
        # Wrong arguments here are bugs in our own code, not user mistakes.
        if not _is_int(sides) or sides < 2:
            raise ValueError(f"a die needs at least 2 sides, got {sides!r}")
        if not _is_int(count) or count < 0:
            raise ValueError(f"cannot roll {count!r} dice")
        request = RollRequest(sides=sides, count=count, purpose=purpose, roller=roller)
        faces = tuple(self._draw(request)) if count else ()
        record = Draw(purpose=purpose, roller=roller, sides=sides, faces=faces,
                            typed=self.typed)
        self.history.append(record)
        return record

    def roll_more(self, record: Draw, count: int) -> Draw:
        """Roll `count` more dice into `record`, the last roll made (the rerolls of a
        group of dice, or the dice its explosions add): one record keeps the whole
        group, its faces in the order drawn. Return the grown record, which takes its
        place in `history`. A source that fails leaves the record as it was."""
        if not self.history or self.history[-1] is not record:
            raise ValueError("only the last roll made can roll more dice")
        if not _is_int(count) or count < 0:
            raise ValueError(f"cannot roll {count!r} dice")
        request = RollRequest(sides=record.sides, count=count, purpose=record.purpose,
                              roller=record.roller)
        faces = tuple(self._draw(request)) if count else ()
        grown = Draw(purpose=record.purpose, roller=record.roller, sides=record.sides,
                           faces=record.faces + faces, typed=record.typed)
        self.history[-1] = grown
        return grown

    def d6(self, count: int = 1, *, purpose: str = "", roller: str = "") -> Draw:
        return self.roll(6, count, purpose=purpose, roller=roller)

    @abstractmethod
    def _draw(self, request: RollRequest) -> Sequence[int]:
        """Return exactly `request.count` valid faces, or raise a DiceError."""


class SeededDice(DiceSource):
    """Pseudo-random dice from a private generator: the same seed, the same faces.

    `seed=None` seeds from the system's randomness.
    """

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.seed = seed
        self._rng = random.Random(seed)
        self._bits = self._rng.getrandbits
        # The quick roll below stands for `_draw`: not for a subclass that draws its
        # own way.
        self._quick = type(self)._draw is SeededDice._draw

    def roll(self, sides: int, count: int = 1, *, purpose: str = "",
             roller: str = "") -> Draw:
        # The same faces and the same record as DiceSource.roll, with fewer layers:
        # no request object, no re-checking of faces drawn in range. Anything unusual
        # (a bad argument, an int subclass, a subclass's own _draw) goes the long way,
        # which checks and raises as before.
        if (type(sides) is not int or type(count) is not int or sides < 2 or count < 0
                or not self._quick):
            return super().roll(sides, count, purpose=purpose, roller=roller)
        record = _trusted_record(purpose, roller, sides, self._faces(sides, count),
                                 self.typed)
        self.history.append(record)
        return record

    def _faces(self, sides: int, count: int) -> tuple[int, ...]:
        # random.Random.randint(1, sides) is 1 + _randbelow(sides), which draws
        # getrandbits(sides.bit_length()) until it is below `sides`: done here without
        # randint's layers of argument checks, face for face the same (tests compare).
        bits, width = self._bits, sides.bit_length()
        if count == 1:
            face = bits(width)
            while face >= sides:
                face = bits(width)
            return (face + 1,)
        faces = []
        for _ in range(count):
            face = bits(width)
            while face >= sides:
                face = bits(width)
            faces.append(face + 1)
        return tuple(faces)

    def _draw(self, request: RollRequest) -> Sequence[int]:
        return self._faces(request.sides, request.count) if request.count else ()


class ScriptedDice(DiceSource):
    """Faces given in advance, handed out in order (tests and session replays)."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__()
        self._faces = tuple(faces)
        for face in self._faces:
            if not _is_int(face):
                raise TypeError(f"scripted faces must be whole numbers, got {face!r}")
        self._next = 0

    @property
    def remaining(self) -> tuple[int, ...]:
        """The faces not handed out yet, in order."""
        return self._faces[self._next:]

    def _draw(self, request: RollRequest) -> Sequence[int]:
        start, stop = self._next, self._next + request.count
        if stop > len(self._faces):
            left = len(self._faces) - start
            raise DiceScriptExhausted(
                f"scripted dice ran out: {len(self._faces)} face(s) were scripted and "
                f"{left} remain, but {request.describe()} asked for {request.count}"
            )
        faces = self._faces[start:stop]
        for offset, face in enumerate(faces):
            if not 1 <= face <= request.sides:
                raise ImpossibleFace(
                    f"scripted face {face} (number {start + offset + 1} of the script) is "
                    f"impossible on a d{request.sides}, asked for by {request.describe()}",
                    face=face,
                    sides=request.sides,
                )
        # Consume only once every face is known good, so a failed roll changes nothing.
        self._next = stop
        return faces


class NeedDice(DiceError):
    """Typed-in dice ran out: `request` names the roll wanted next, `given` how many
    faces were left for it."""

    def __init__(self, request: RollRequest, given: int = 0) -> None:
        super().__init__(f"{request.describe()} needs {request.count} face(s) typed in")
        self.request = request
        self.given = given


class TypedDice(DiceSource):
    """The player's own dice: the faces he typed in, handed out in order.

    When they run out the roll asked for raises `NeedDice` naming it. The app then asks
    for its faces (`type_in`) and tries the action again from the start (a failed
    action changes nothing; `begin` hands the faces out from the first again); the
    command line's `--dice` gives every face at once. `done` drops the faces an action
    used. A face the die cannot show raises `ImpossibleFace`.
    """

    typed: ClassVar[bool] = True

    def __init__(self, faces: Iterable[int] = ()) -> None:
        super().__init__()
        self.faces: list[int] = []
        for face in faces:
            if not _is_int(face):
                raise BadManualEntry(f"{face!r} is not a die face")
            self.faces.append(face)
        self._next = 0
        self.pending: RollRequest | None = None

    @property
    def remaining(self) -> tuple[int, ...]:
        """The faces not handed out yet, in order."""
        return tuple(self.faces[self._next:])

    def begin(self) -> None:
        """Start (or retry) an action: the faces are handed out from the first."""
        self._next = 0
        self.pending = None

    def done(self) -> None:
        """The action went through (or was given up): its faces are used up."""
        del self.faces[:self._next]
        self.begin()

    def type_in(self, text: str) -> tuple[int, ...]:
        """Take the faces typed for the roll that is wanted; BadManualEntry or
        ImpossibleFace when they do not fit it."""
        if self.pending is None:
            raise BadManualEntry("no roll is waiting for dice")
        faces = parse_typed_faces(text, self.pending.sides, self.pending.count)
        self.faces.extend(faces)
        return tuple(faces)

    def _draw(self, request: RollRequest) -> Sequence[int]:
        start, stop = self._next, self._next + request.count
        if stop > len(self.faces):
            self.pending = request
            raise NeedDice(request, given=len(self.faces) - start)
        faces = self.faces[start:stop]
        for face in faces:
            _check_face(face, request.sides, request.describe())
        self._next = stop
        return faces


def _check_face(face: object, sides: int, what: str) -> None:
    if not isinstance(face, int) or isinstance(face, bool):
        raise BadManualEntry(f"{face!r} is not a die face ({what})")
    if not 1 <= face <= sides:
        raise ImpossibleFace(f"{face} is impossible on a d{sides} ({what})",
                             face=face, sides=sides)


_SEPARATORS = re.compile(r"[\s,;]+")


def parse_typed_faces(text: str, sides: int, count: int) -> list[int]:
    """Read faces typed by a player: "3 5", "3,5" or, for dice of 9 sides or fewer,
    "35" (one digit a die, only when there are exactly `count` digits).
    """
    what = describe_roll(sides, count)
    tokens = [token for token in _SEPARATORS.split(text.strip()) if token]
    # A run of digits reads as one digit a die only where that cannot be ambiguous.
    if (len(tokens) == 1 and count > 1 and sides <= 9 and tokens[0].isdigit()
            and len(tokens[0]) == count):
        tokens = list(tokens[0])
    for token in tokens:
        if not (token.isascii() and token.isdigit()):
            raise BadManualEntry(f"{token!r} is not a die face: type whole numbers "
                                 f"separated by spaces or commas ({what})")
    if len(tokens) != count:
        got = f"{len(tokens)}: {' '.join(tokens)}" if tokens else "none"
        raise BadManualEntry(f"expected {count} face(s) for {count}d{sides}, got {got}")
    faces = [int(token) for token in tokens]
    for face in faces:
        _check_face(face, sides, what)
    return faces


def roll_d66(source: DiceSource, purpose: str = "", roller: str = "") -> tuple[int, Draw]:
    """Roll d66: two d6 in one record, the first the tens and the second the units."""
    record = source.roll(6, 2, purpose=purpose, roller=roller)
    tens, units = record.faces
    return tens * 10 + units, record
