"""Reading dice notation into its tree (`parse`), by hand, by this grammar:

    expr     := pool | sum
    sum      := signs product (('+' | '-') signs product)*
    signs    := ('+' | '-')*               (as arithmetic: --3 is 3, +-2 is -2)
    product  := factor (('*' | '/' | '//' | '%') factor)*
    factor   := (NUMBER | dice | 'd66' | '(' sum ')' | set | nested) label*
    set      := '(' sum (',' sum)* [','] ')' keep*  (one item needs a comma or a keep)
    nested   := '(' dice ')' keep+          (`((10d6kh5)kl2)kh1`: kept again, in turn)
    keep     := ('k' | 'p') selector
    dice     := [COUNT] 'd' (SIDES | '%') operator*
    operator := ('k' | 'p') selector | ('rr' | 'ro' | 'ra' | 'e') selector | '!'
              | ('mi' | 'ma') INTEGER
    selector := ['h' | 'l' | '<' | '>'] INTEGER
    pool     := dice '>=' TARGET       (counts the dice showing TARGET or more)
    NUMBER   := INTEGER | [INTEGER] '.' DIGITS  (with decimals: see the package)
    label    := '[' WORDS ']'          (after any factor or a pool's target: the roll's label)

Spaces may stand between tokens, never inside one (`3d6`, `4d6kh3`, `>=`, `//`);
letters may be upper case. The text is never handed to eval: this is its only reader.
Every refusal is a NotationError naming the column where reading failed; the
operators after dice are read in parse_operators."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from companion.dice.notation.arithmetic import PRODUCT_OPS
from companion.dice.notation.limits import (
    MAX_CONSTANT,
    MAX_DECIMALS,
    MAX_DICE,
    MAX_ROLLS,
    MAX_SIDES,
    MAX_TEXT,
    MAX_VALUE,
)
from companion.dice.notation.operators import shape
from companion.dice.notation.parse_operators import operators, set_operators
from companion.dice.notation.reader import Reader
from companion.dice.notation.tree import (
    D66,
    Const,
    Dice,
    Expr,
    Frac,
    Neg,
    Operated,
    Paren,
    Pool,
    Product,
    Rounded,
    SetOf,
    Signed,
    Sum,
    Term,
    exact_bounds,
)


class _Parser(Reader):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.dice = 0  # dice seen so far, for the whole-expression limit
        self.rolls = 0  # dice drawn at the worst, for MAX_ROLLS
        self.labels: list[str] = []  # the words in brackets, in order

    # -- sums and products

    def signs(self) -> int:
        """A run of signs, perhaps none (`+`, `--`, `+ -`): +1 or -1, as arithmetic."""
        sign = 1
        while self.peek() in ("+", "-") and self.peek():
            if self.peek() == "-":
                sign = -sign
            self.pos += 1
            self.skip_spaces()
        return sign

    def sum(self) -> Sum:
        sign = self.signs()
        first = self.product(negated=sign < 0)
        if _took_minus(first):
            sign = 1  # the minus went to the product's first factor
        terms = [Signed(sign, first)]
        # The sum's bounds so far, added to term by term as `Sum.bounds` adds them: a
        # new Sum of every term at each "+" made a long sum's parse quadratic (a sum of
        # 150 terms took 3.5 ms, 1.6 ms this way).
        low, high = terms[0].bounds()
        while True:
            self.skip_spaces()
            char = self.peek()
            if not char or char not in "+-":
                return Sum(tuple(terms))
            at = self.pos
            self.pos += 1
            self.skip_spaces()
            # Signs after the operator are the next term's own (1d6+-2 is 1d6-2), and a
            # minus among them goes to the first factor of a product, as at the start.
            unary = self.signs()
            term = self.product(negated=unary < 0)
            sign = 1 if char == "+" else -1
            signed = Signed(sign if _took_minus(term) else sign * unary, term)
            terms.append(signed)
            a, b = signed.bounds()
            low, high = low + a, high + b
            self.too_far(low, high, char, at)

    def bounded(self, node: Term | Sum, op: str, at: int) -> None:
        self.too_far(*node.bounds(), op, at)

    def too_far(self, low: int, high: int, op: str, at: int) -> None:
        if max(-low, high) > MAX_VALUE:
            raise self.fail(f"'{op}'", at, f"totals could reach {max(-low, high):,}; "
                            f"at most {MAX_VALUE:,}")

    def product(self, negated: bool = False) -> Term:
        left = self.factor()
        decimal = isinstance(left, Frac)
        while True:
            self.skip_spaces()
            at = self.pos
            op = "//" if self.peek(2) == "//" else self.peek()
            if not op or op not in PRODUCT_OPS:
                return Rounded(left) if decimal else left
            if negated and not isinstance(left, Product):
                left = Neg(left)
            self.pos += len(op)
            self.skip_spaces()
            right_at = self.pos
            if self.peek() == "-":
                raise self.fail("unexpected '-'", hint="a negative number in a product goes "
                                "in parentheses, like 2*(-1)")
            right = self.factor()
            decimal = decimal or isinstance(right, Frac)
            if op != "*":
                low, high = exact_bounds(right)
                if low <= 0 <= high:
                    raise self.fail(f"division by zero after '{op}'", right_at,
                                    "the divisor is 0" if low == high == 0 else
                                    f"{_short(right.describe())} runs from {low} to {high}"
                                    ", and a divisor that could be 0 is refused")
            left = Product(left, op, right)
            if decimal:
                left = _exactly(left)
            self.bounded(left, op, at)

    def annotations(self) -> None:
        """Any words in brackets after a factor (`5 [fire]`): kept as the roll's label,
        they add nothing to the total, as in d20."""
        while True:
            back = self.pos
            self.skip_spaces()
            if self.peek() != "[":
                self.pos = back
                return
            opened = self.pos
            end = self.text.find("]", opened + 1)
            if end < 0:
                raise self.fail("unclosed '['", opened, "the words of a label end with ']', "
                                "like 1d20+5 [fire]")
            words = " ".join(self.text[opened + 1:end].split())
            if "[" in words:
                raise self.fail("unexpected '['", self.text.index("[", opened + 1),
                                "a label in brackets holds no other brackets")
            if words and words not in self.labels:
                self.labels.append(words)
            self.pos = end + 1

    def factor(self) -> Term:
        found = self._factor()
        self.annotations()
        return found

    def _factor(self) -> Term:
        if self.peek() != "(":
            return self.term()
        opened = self.pos
        self.pos += 1
        self.skip_spaces()
        if self.peek() == ")":
            raise self.fail("expected a term", hint="nothing is inside the parentheses")
        items = [self.sum()]
        self.skip_spaces()
        comma = False
        while self.peek() == ",":
            comma = True
            self.pos += 1
            self.skip_spaces()
            if self.peek() == ")":
                break  # (1d6,): a set of one, as d20 writes it
            items.append(self.sum())
            self.skip_spaces()
        if self.peek() and self.peek() in "<>=":
            raise self.fail(f"unexpected {self.found()}", hint="a success pool like 4d6>=5 "
                            "is a whole expression, not put in parentheses")
        if self.peek() != ")":
            raise self.fail(f"expected ')', found {self.found()}",
                            hint=f"the '(' at column {opened + 1} is not closed")
        self.pos += 1
        keeps = bool(self.peek()) and self.peek() in "kKpP"
        if not keeps and self.at_operator():
            raise self.fail(f"unexpected {self.found()}", hint="after ')' come only k and "
                            "p, keeping or dropping: (1d20, 1d20)kh1")
        if not comma and not keeps:
            return Paren(items[0])
        roll = _single_roll(items[0]) if not comma else None
        if roll is not None:
            # A roll in parentheses kept or dropped again: its dice, as if in a row.
            prior = roll.ops if isinstance(roll, Operated) else ()
            closes = roll.closes if isinstance(roll, Operated) else ()
            ops = operators(self, roll.count, roll.sides, prior, nested=True)
            return Operated(roll.count, roll.sides, ops, (*closes, len(prior)))
        return SetOf(tuple(items), set_operators(self))

    # -- terms

    def decimals(self, whole: int | None, start: int) -> Frac:
        """The decimals of a number after its '.': `1.5`, `0.25`, `.5`."""
        self.pos += 1  # the '.'
        at = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in "0123456789":
            self.pos += 1
        digits = self.text[at:self.pos]
        if len(digits) > MAX_DECIMALS:
            raise self.fail(f"number {self.text[start:self.pos]}", start,
                            f"numbers have at most {MAX_DECIMALS} decimals")
        value = (whole or 0) + Fraction(int(digits), 10 ** len(digits))
        if value > MAX_CONSTANT:
            raise self.fail(f"number {self.text[start:self.pos]}", start,
                            f"numbers go up to {MAX_CONSTANT}")
        if self.peek() in ("d", "D"):
            raise self.fail(f"unexpected {self.found()}", hint="a number of dice is whole")
        return Frac(value)

    def term(self) -> Term:
        start = self.pos
        count = self.number()
        if self.peek() == "." and self.peek(2)[1:] in tuple("0123456789"):
            return self.decimals(count, start)
        if self.peek() not in ("d", "D"):
            if count is None:
                raise self.fail("expected a term", hint=f"a number, dice like 2d6, d66 or "
                                f"'('; found {self.found()}")
            if count > MAX_CONSTANT:
                raise self.fail(f"number {count}", start, f"numbers go up to {MAX_CONSTANT}")
            return Const(count)
        self.pos += 1  # the 'd'
        sides_at = self.pos
        if self.peek() == "%":
            self.pos += 1
            sides: int | None = 100
        else:
            sides = self.number()
        if sides is None:
            raise self.fail("expected a die size after 'd'", hint="a number, or % for d100")
        if sides == 66:
            if count is not None:
                raise self.fail(f"ambiguous '{count}d66'", start,
                                "write d66 for tens and units (11..66), or add d66 terms")
            if self.at_operator():
                raise self.fail(f"unexpected {self.found()}", hint="d66 (tens and units) "
                                "takes no operators")
            self.add_dice(2, start)
            self.add_rolls(2, start)
            return D66()
        if count is not None and not 0 <= count <= MAX_DICE:
            raise self.fail(f"{count} dice", start, f"a term rolls 0 to {MAX_DICE} dice")
        if not 1 <= sides <= MAX_SIDES:
            raise self.fail(f"die size {sides}", sides_at, f"dice have 1 to {MAX_SIDES} sides")
        count = 1 if count is None else count
        self.add_dice(count, start)
        if sides == 1:
            if self.at_operator():
                raise self.fail(f"unexpected {self.found()}", hint="a d1 always shows 1: "
                                "it takes no operators")
            return Dice(count, 1)
        ops = operators(self, count, sides)
        self.add_rolls(shape(count, sides, ops).rolls, start)
        return Operated(count, sides, ops) if ops else Dice(count, sides)

    def add_dice(self, count: int, pos: int) -> None:
        self.dice += count
        if self.dice > MAX_DICE:
            raise self.fail("too many dice", pos, f"{self.dice} in all, at most {MAX_DICE}")

    def add_rolls(self, count: int, pos: int) -> None:
        self.rolls += count
        if self.rolls > MAX_ROLLS:
            raise self.fail("too many dice", pos, f"rerolls and explosions could draw "
                            f"{self.rolls:,} in all, at most {MAX_ROLLS:,}")

    # -- the whole

    def parse(self) -> Expr:
        if len(self.text) > MAX_TEXT:
            raise self.fail("notation too long", MAX_TEXT, f"at most {MAX_TEXT} characters")
        self.skip_spaces()
        if not self.peek():
            raise self.fail("expected a term", 0, "the notation is empty")
        expr = self.sum()
        self.skip_spaces()
        char = self.peek()
        if not char:
            return self.labelled(expr)
        if char in "<>=":
            return self.labelled(self.pool(expr))
        if char == ")":
            raise self.fail("unexpected ')'", hint="no '(' before it is open")
        last = expr.terms[-1].term
        if char in "dD" and isinstance(last, Const):
            raise self.fail(f"unexpected {self.found()}",
                            hint="write dice with no space inside, like 3d6")
        if char in "kKpPrReE!mMhHlL":
            raise self.fail(f"unexpected {self.found()}", hint="write operators right after "
                            "their dice, with no space: 4d6kh3")
        raise self.fail(f"unexpected {self.found()}",
                        hint="expected '+', '-', '*', '/', '//', '%' or the end")

    def labelled(self, expr: Sum | Pool) -> Sum | Pool:
        return replace(expr, label=", ".join(self.labels)) if self.labels else expr

    def pool(self, expr: Sum) -> Pool:
        if not self.text.startswith(">=", self.pos):
            raise self.fail(f"unexpected {self.found()}",
                            hint="only '>=' compares, in a success pool like 4d6>=5")
        only = expr.terms[0]
        if len(expr.terms) > 1 or only.sign < 0:
            raise self.fail("unexpected '>='", hint="a success pool like 4d6>=5 is a whole "
                            "expression and cannot be added to other terms")
        if isinstance(only.term, D66):
            raise self.fail("unexpected '>='", hint="a success pool needs dice like 4d6, not d66")
        if not isinstance(only.term, Dice | Operated):
            raise self.fail("unexpected '>='", hint="a success pool needs dice before it, "
                            "like 4d6>=5")
        if only.term.sides == 1:
            raise self.fail("unexpected '>='", hint="a d1 always shows 1: a success pool "
                            "needs dice of 2 sides or more")
        dice = only.term
        ops = dice.ops if isinstance(dice, Operated) else ()
        self.pos += 2
        self.skip_spaces()
        target_at = self.pos
        target = self.number()
        if target is None:
            raise self.fail("expected a target number after '>='")
        if not 1 <= target <= dice.sides:
            raise self.fail(f"target {target}", target_at,
                            f"a d{dice.sides} shows 1 to {dice.sides}")
        self.annotations()
        self.skip_spaces()
        if self.peek() and self.peek() in "+-*/%":
            raise self.fail(f"unexpected {self.found()}", hint="a success pool is a whole "
                            "expression: nothing can be added to it")
        if self.peek():
            raise self.fail(f"unexpected {self.found()}", hint="expected the end of the "
                            "success pool")
        return Pool(dice.count, dice.sides, target, ops)


def _took_minus(term: Term) -> bool:
    """Whether `term` is a product, whose first factor took a minus before it."""
    return isinstance(term, Product) or (isinstance(term, Rounded)
                                         and isinstance(term.inner, Product))


def _exactly(term: Term) -> Term:
    """A product chain marked as worked out exactly (a decimal is in it)."""
    if isinstance(term, Product):
        return Product(_exactly(term.left), term.op, term.right, decimal=True)
    return term


def _single_roll(inner: Sum) -> Dice | Operated | None:
    """The roll of dice a sum in parentheses is, if it is one alone: `(10d6kh5)`."""
    while len(inner.terms) == 1 and inner.terms[0].sign > 0:
        term = inner.terms[0].term
        if isinstance(term, Dice | Operated):
            return term if term.sides > 1 else None  # a d1 is kept as a set of one
        if not isinstance(term, Paren):
            return None
        inner = term.inner
    return None


def _short(text: str) -> str:
    return text if len(text) <= 24 else text[:21] + "..."


def parse(text: str) -> Expr:
    """Parse dice notation into its tree; raise NotationError naming the column."""
    return _parsed(text)


# The same few texts are rolled over and over (a table's dice, the tray's last roll):
# parsing was most of the time of a roll. A tree is immutable (frozen dataclasses of
# tuples), so every caller may share one. Errors are not kept; a text is at most
# MAX_TEXT characters, so the cache stays small.
@lru_cache(maxsize=1024)
def _parsed(text: str) -> Expr:
    return _Parser(text).parse()
