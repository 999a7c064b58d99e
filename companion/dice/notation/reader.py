"""The text of dice notation as the parser reads it: a position in it, its numbers,
and the errors that name the column where reading failed."""

from __future__ import annotations

from companion.dice.notation.limits import MAX_CONSTANT
from companion.errors import UserError


class NotationError(UserError):
    """Dice notation that cannot be read; `column` (1-based) says where."""

    def __init__(self, message: str, column: int) -> None:
        super().__init__(message)
        self.column = column


class Reader:
    """A position in `text`, moved on as each token is read."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, message: str, pos: int | None = None, hint: str = "") -> NotationError:
        # The column comes right after the message's subject so each error reads
        # "<what> at column N", with any hint after it.
        column = (self.pos if pos is None else pos) + 1
        text = f"{message} at column {column}" + (f": {hint}" if hint else "")
        return NotationError(text, column)

    def peek(self, size: int = 1) -> str:
        return self.text[self.pos:self.pos + size]

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

    def at_operator(self) -> bool:
        return bool(self.peek()) and self.peek() in "kKpPrReE!mM"
