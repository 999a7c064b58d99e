"""Dice notation: a small grammar, parsed by hand into a tree, rolled with a DiceSource.

    expr  := pool | sum
    sum   := ['-'] term (('+' | '-') term)*
    term  := INTEGER | [COUNT] 'd' SIDES | 'd66'
    pool  := [COUNT] 'd' SIDES '>=' TARGET        (counts the dice showing TARGET or more)

Spaces may stand between tokens, never inside one (`3d6`, `>=`); `d` may be upper case.
`d66` is two d6 read as tens and units (11..66), not a 66-sided die, so it takes no
count. The text is never handed to eval: this module is the only reader.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from companion.dice import DiceSource, RollRecord, roll_d66
from companion.errors import UserError

# Limits keep a typo (or a joke) from freezing the app: no table needs more.
MAX_DICE = 1000  # dice in the whole expression (d66 counts as two)
MAX_SIDES = 1000
MAX_CONSTANT = 1_000_000
MAX_TEXT = 1000  # characters

NOTATION_HELP = """\
dice notation:
  2d6        two six-sided dice, summed (d6 is one die; D works too)
  2d6+1      dice and whole numbers added and subtracted: d8+d4-1, 3d6 - 2, -1+d6
  d66        two d6 read as tens and units: 11..66 (the insanity table)
  4d6>=5     a success pool: counts the dice showing 5 or more (a whole expression)
limits: at most 1000 dice in all, dice of 2 to 1000 sides.
an expression starting with '-' goes after '--':  companion roll -- -1+d6"""


class NotationError(UserError):
    """Dice notation that cannot be read; `column` (1-based) says where."""

    def __init__(self, message: str, column: int) -> None:
        super().__init__(message)
        self.column = column


# ---------------------------------------------------------------- the tree


class Term(ABC):
    """One addend of a sum: a constant, some dice, or d66."""

    @abstractmethod
    def describe(self) -> str: ...

    @property
    def dice_count(self) -> int:
        return 0

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True)
class Const(Term):
    value: int

    def __post_init__(self) -> None:
        if not 0 <= self.value <= MAX_CONSTANT:
            raise ValueError(f"a constant term must be 0..{MAX_CONSTANT}, got {self.value}")

    def describe(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Dice(Term):
    count: int
    sides: int

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_DICE or not 2 <= self.sides <= MAX_SIDES:
            raise ValueError(f"impossible dice term {self.count}d{self.sides}")
        if self.sides == 66:
            raise ValueError("a 66-sided die is not offered: d66 is the D66 term")

    @property
    def dice_count(self) -> int:
        return self.count

    def describe(self) -> str:
        # The count is always written, so "1d8" and "d8" share one canonical form.
        return f"{self.count}d{self.sides}"


@dataclass(frozen=True)
class D66(Term):
    @property
    def dice_count(self) -> int:
        return 2

    def describe(self) -> str:
        return "d66"


@dataclass(frozen=True)
class Signed:
    sign: int  # +1 or -1
    term: Term

    def __post_init__(self) -> None:
        if self.sign not in (1, -1):
            raise ValueError(f"sign must be +1 or -1, got {self.sign}")


class Expr(ABC):
    """A parsed expression; `str()` gives its canonical notation."""

    @abstractmethod
    def describe(self) -> str: ...

    @property
    @abstractmethod
    def dice_count(self) -> int: ...

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True)
class Sum(Expr):
    terms: tuple[Signed, ...]

    def __post_init__(self) -> None:
        if not self.terms:
            raise ValueError("a sum needs at least one term")

    @property
    def dice_count(self) -> int:
        return sum(signed.term.dice_count for signed in self.terms)

    def describe(self) -> str:
        parts = []
        for index, signed in enumerate(self.terms):
            if signed.sign < 0:
                parts.append("-")
            elif index:
                parts.append("+")
            parts.append(signed.term.describe())
        return "".join(parts)


@dataclass(frozen=True)
class Pool(Expr):
    count: int
    sides: int
    target: int

    def __post_init__(self) -> None:
        Dice(self.count, self.sides)  # same limits as a summed term
        if not 1 <= self.target <= self.sides:
            raise ValueError(f"target {self.target} is not a face of a d{self.sides}")

    @property
    def dice_count(self) -> int:
        return self.count

    def describe(self) -> str:
        return f"{self.count}d{self.sides}>={self.target}"


# ---------------------------------------------------------------- the parser


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.dice = 0  # dice seen so far, for the whole-expression limit

    def fail(self, message: str, pos: int | None = None, hint: str = "") -> NotationError:
        # The column comes right after the message's subject so each error reads
        # "<what> at column N", with any hint after it.
        column = (self.pos if pos is None else pos) + 1
        text = f"{message} at column {column}" + (f": {hint}" if hint else "")
        return NotationError(text, column)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def found(self) -> str:
        char = self.peek()
        return f"'{char}'" if char else "the end"

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def number(self) -> int | None:
        start = self.pos
        # isdecimal() also takes other scripts' digits; notation is plain ASCII.
        while self.pos < len(self.text) and self.text[self.pos] in "0123456789":
            self.pos += 1
        digits = self.text[start:self.pos]
        if not digits:
            return None
        if len(digits.lstrip("0")) > len(str(MAX_CONSTANT)):
            shown = digits if len(digits) <= 12 else digits[:12] + "..."
            raise self.fail(f"number {shown}", start, f"numbers go up to {MAX_CONSTANT}")
        return int(digits)

    def term(self) -> Term:
        start = self.pos
        count = self.number()
        if self.peek() not in ("d", "D"):
            if count is None:
                raise self.fail("expected a term", hint=f"a number, dice like 2d6, or d66; "
                                f"found {self.found()}")
            if count > MAX_CONSTANT:
                raise self.fail(f"number {count}", start, f"numbers go up to {MAX_CONSTANT}")
            return Const(count)
        self.pos += 1  # the 'd'
        sides_at = self.pos
        sides = self.number()
        if sides is None:
            raise self.fail("expected a die size after 'd'")
        if sides == 66:
            if count is not None:
                raise self.fail(f"ambiguous '{count}d66'", start,
                                "write d66 for tens and units (11..66), or add d66 terms")
            self.add_dice(2, start)
            return D66()
        if count is not None and not 1 <= count <= MAX_DICE:
            raise self.fail(f"{count} dice", start, f"a term rolls 1 to {MAX_DICE} dice")
        if not 2 <= sides <= MAX_SIDES:
            raise self.fail(f"die size {sides}", sides_at, f"dice have 2 to {MAX_SIDES} sides")
        count = 1 if count is None else count
        self.add_dice(count, start)
        return Dice(count, sides)

    def add_dice(self, count: int, pos: int) -> None:
        self.dice += count
        if self.dice > MAX_DICE:
            raise self.fail("too many dice", pos, f"{self.dice} in all, at most {MAX_DICE}")

    def parse(self) -> Expr:
        if len(self.text) > MAX_TEXT:
            raise self.fail("notation too long", MAX_TEXT, f"at most {MAX_TEXT} characters")
        self.skip_spaces()
        if not self.peek():
            raise self.fail("expected a term", 0, "the notation is empty")
        sign = 1
        if self.peek() == "-":
            sign = -1
            self.pos += 1
            self.skip_spaces()
        terms = [Signed(sign, self.term())]
        while True:
            self.skip_spaces()
            char = self.peek()
            if not char:
                return Sum(tuple(terms))
            if char in "+-":
                self.pos += 1
                self.skip_spaces()
                terms.append(Signed(1 if char == "+" else -1, self.term()))
            elif char in "<>=":
                return self.pool(terms)
            elif char in "dD" and isinstance(terms[-1].term, Const):
                raise self.fail(f"unexpected {self.found()}",
                                hint="write dice with no space inside, like 3d6")
            else:
                raise self.fail(f"unexpected {self.found()}", hint="expected '+', '-' or the end")

    def pool(self, terms: list[Signed]) -> Pool:
        at = self.pos
        if not self.text.startswith(">=", at):
            raise self.fail(f"unexpected {self.found()}",
                            hint="only '>=' compares, in a success pool like 4d6>=5")
        only = terms[0]
        if len(terms) > 1 or only.sign < 0:
            raise self.fail("unexpected '>='", hint="a success pool like 4d6>=5 is a whole "
                            "expression and cannot be added to other terms")
        if isinstance(only.term, D66):
            raise self.fail("unexpected '>='", hint="a success pool needs dice like 4d6, not d66")
        if not isinstance(only.term, Dice):
            raise self.fail("unexpected '>='", hint="a success pool needs dice before it, "
                            "like 4d6>=5")
        dice = only.term
        self.pos += 2
        self.skip_spaces()
        target_at = self.pos
        target = self.number()
        if target is None:
            raise self.fail("expected a target number after '>='")
        if not 1 <= target <= dice.sides:
            raise self.fail(f"target {target}", target_at,
                            f"a d{dice.sides} shows 1 to {dice.sides}")
        self.skip_spaces()
        if self.peek() in ("+", "-"):
            raise self.fail(f"unexpected {self.found()}", hint="a success pool is a whole "
                            "expression: nothing can be added to it")
        if self.peek():
            raise self.fail(f"unexpected {self.found()}", hint="expected the end of the "
                            "success pool")
        return Pool(dice.count, dice.sides, target)


def parse(text: str) -> Expr:
    """Parse dice notation into its tree; raise NotationError naming the column."""
    return _Parser(text).parse()


# ---------------------------------------------------------------- rolling


@dataclass
class TermRoll:
    """How one signed term of a sum came out."""

    sign: int
    term: str  # canonical text of the term, without its sign
    faces: list[int]
    value: int  # the term's value before its sign

    def show(self, labels: bool, alone: bool) -> str:
        if not self.faces:
            return str(self.value)
        shown = "[" + ", ".join(map(str, self.faces)) + "]"
        if self.term == "d66" and not alone:
            # Added to something else, the reader needs the d66 value, not two faces.
            shown += f" ({self.value})"
        return f"{self.term} {shown}" if labels else shown


@dataclass
class RollResult:
    expr: str  # canonical notation
    faces: list[int]  # every die in roll order; d66 gives tens then units
    total: int  # for a success pool: the number of successes
    records: list[RollRecord]
    terms: list[TermRoll] = field(default_factory=list)
    target: int | None = None  # the success threshold of a pool, else None

    @property
    def is_pool(self) -> bool:
        return self.target is not None

    def breakdown(self, labels: bool = True) -> str:
        """e.g. "2d6 [3, 5] + 1 = 9", or "[3, 5] + 1 = 9" without labels."""
        if self.is_pool:
            dice = "[" + ", ".join(map(str, self.faces)) + "]"
            noun = "success" if self.total == 1 else "successes"
            head = f"{self.expr} {dice}" if labels else dice
            return f"{head} = {self.total} {noun}"
        parts: list[str] = []
        alone = len(self.terms) == 1
        for index, term in enumerate(self.terms):
            shown = term.show(labels, alone)
            if index == 0:
                parts.append(f"-{shown}" if term.sign < 0 else shown)
            else:
                parts.append(f"{'-' if term.sign < 0 else '+'} {shown}")
        return f"{' '.join(parts)} = {self.total}"

    def __str__(self) -> str:
        return f"{self.expr}: {self.breakdown(labels=False)}"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"expr": self.expr, "faces": list(self.faces),
                                "total": self.total}
        if self.is_pool:
            data["target"] = self.target
        else:
            data["terms"] = [
                {"sign": "-" if t.sign < 0 else "+", "term": t.term, "faces": list(t.faces),
                 "value": t.value}
                for t in self.terms
            ]
        return data


def evaluate(expr: Expr | str, source: DiceSource, purpose: str = "roll",
             roller: str = "") -> RollResult:
    """Roll `expr` with `source`; every die goes through the source and is recorded.

    If the source fails part-way (a script runs out), the terms already rolled stay
    in its history: the error is the caller's to report.
    """
    if isinstance(expr, str):
        expr = parse(expr)
    if isinstance(expr, Pool):
        record = source.roll(expr.sides, expr.count, purpose=purpose, roller=roller)
        successes = sum(1 for face in record.faces if face >= expr.target)
        return RollResult(expr=str(expr), faces=list(record.faces), total=successes,
                          records=[record], target=expr.target)
    if not isinstance(expr, Sum):
        raise TypeError(f"cannot evaluate {expr!r}")
    terms: list[TermRoll] = []
    records: list[RollRecord] = []
    for signed in expr.terms:
        term = signed.term
        if isinstance(term, Const):
            terms.append(TermRoll(signed.sign, str(term), [], term.value))
            continue
        if isinstance(term, D66):
            value, record = roll_d66(source, purpose=purpose, roller=roller)
        elif isinstance(term, Dice):
            record = source.roll(term.sides, term.count, purpose=purpose, roller=roller)
            value = record.total
        else:
            raise TypeError(f"cannot evaluate term {term!r}")
        records.append(record)
        terms.append(TermRoll(signed.sign, str(term), list(record.faces), value))
    return RollResult(
        expr=str(expr),
        faces=[face for record in records for face in record.faces],
        total=sum(t.sign * t.value for t in terms),
        records=records,
        terms=terms,
    )
