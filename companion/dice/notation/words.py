"""How dice notation and a roll of it are written for a player: the help text, each
face as shown (`ShownDie`), each term as it came out (`TermRoll`), and the signed
parts of a sum joined into one line."""

from __future__ import annotations

from dataclasses import dataclass

NOTATION_HELP = """\
dice notation:
  2d6        two six-sided dice, summed (d6 is one die; D works too; d% is d100)
  2d6+1      dice and whole numbers: + - * and (); d8+d4-1, (d6+1)*2, -1+d6
  d20/3      whole numbers: / rounds toward zero, // rounds down, % the remainder
  d6*1.5     decimals: the product is rounded to a whole number, a half down
  d66        two d6 read as tens and units: 11..66 (the insanity table)
  4d6kh3     keep the highest 3 (kl1 the lowest; p drops: ph1, pl1; k>3, p<2, k6)
  3d6rr1     reroll 1s until none (ro: once; ra: add one die); <N >N pick faces
  d6e6, d6!  explode: a 6 rolls one more die (at most 10 a die); mi2, ma5 clamp
  (d20,d20)kh1  a set: keep or drop whole expressions; ((10d6kh5)kl2)kh1 in turn
  4d6>=5     a success pool: counts the dice showing 5 or more (a whole expression)
  d20+5 [fire]  words in brackets label the roll and add nothing
limits: at most 1000 dice in all, 0 to 1000 a term, of 1 to 1000 sides (d1 is 1).
signs repeat as in arithmetic: +1d6, 1d6+-2, --3."""


@dataclass(frozen=True, slots=True)
class ShownDie:
    """One face drawn, as a window shows it: in the order drawn."""

    sides: int
    face: int  # as drawn
    value: int  # what it counts for (mi and ma change it)
    kept: bool  # counted: False for a face rerolled away or a die dropped
    exploded: bool = False  # it made another die roll (e, !, ra)
    success: bool = False  # a success of a pool
    tens: bool = False  # the tens die of a d66

    def text(self) -> str:
        # In words, not notation: brackets and ">" read as code to a player.
        shown = str(self.face) if self.value == self.face else f"{self.face} as {self.value}"
        shown += "!" if self.exploded else ""
        return shown if self.kept else f"{shown} dropped"


@dataclass(slots=True)
class TermRoll:
    """How one signed term of a sum came out."""

    sign: int
    term: str  # canonical text of the term, without its sign
    faces: list[int]
    value: int  # the term's value before its sign
    # How a term with operators, a product or parentheses shows, with and without the
    # labels (worked out when rolled); None for the plain terms.
    labelled: str | None = None
    plain: str | None = None

    def show(self, labels: bool, alone: bool) -> str:
        if self.labelled is not None and self.plain is not None:
            return self.labelled if labels else self.plain
        if not self.faces:
            return str(self.value)
        faces = ", ".join(map(str, self.faces))
        if self.term == "d66" and not alone:
            # Added to something else, the reader needs the d66 value, not two faces.
            faces += f": {self.value}"
        shown = f"({faces})"
        return f"{self.term} {shown}" if labels else shown


def sum_text(parts: list[tuple[int, str]]) -> str:
    """Signed texts as a sum is written: "2d6 (3, 5) + 1", "-1 - d4 (2)"."""
    out = []
    for index, (sign, text) in enumerate(parts):
        if index == 0:
            out.append(f"-{text}" if sign < 0 else text)
        else:
            out.append(f"{'-' if sign < 0 else '+'} {text}")
    return " ".join(out)


def terms_text(terms: list[TermRoll], labels: bool) -> str:
    """The terms of a rolled sum, each as it shows, in one line."""
    alone = len(terms) == 1
    return sum_text([(term.sign, term.show(labels, alone)) for term in terms])
