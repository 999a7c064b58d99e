"""Rolling a parsed expression with a DiceSource (`evaluate`): every die through the
source and recorded, one record a group of dice; and what a roll gives (`RollResult`).

Two ways, the same draws in the same order: the quick way (`Expr.quick`) works out a
sum of plain dice, or of dice keeping their highest or lowest few, straight from the
faces; the full way (`_evaluate_full`) rolls every other form and makes its words."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from companion.dice.notation.arithmetic import divide, exact, round_half_down
from companion.dice.notation.group import Group
from companion.dice.notation.operators import Op, set_kept
from companion.dice.notation.parse import parse
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
    Sum,
    Term,
)
from companion.dice.notation.words import ShownDie, TermRoll, sum_text, terms_text
from companion.dice.sources import DiceSource, Draw, ScriptedDice, roll_d66


class RollResult:
    """A roll of an expression: its canonical text, every face in roll order (d66
    gives tens then units), the total (for a success pool: the number of successes),
    the records its dice left, and how each term came out (`terms`) and each face
    shows (`dice`).

    `terms` and `dice` are worked out when first read: most rolls (a table's dice, a
    rule's) need only the total and the records, and making the words and the shown
    dice was most of the time of a roll. They are made by rolling the same expression
    again on the faces drawn, which gives them exactly as rolling had.
    """

    __slots__ = ("_dice", "_terms", "_tree", "expr", "faces", "label", "records", "target",
                 "total")

    def __init__(self, expr: str, faces: list[int], total: int, records: list[Draw],
                 terms: list[TermRoll] | None = None, target: int | None = None,
                 dice: list[ShownDie] | None = None, *, tree: Expr | None = None,
                 label: str = "") -> None:
        self.expr = expr  # canonical notation
        self.label = label  # the words in brackets written with it: "fire"
        self.faces = faces
        self.total = total
        self.records = records
        self.target = target  # the success threshold of a pool, else None
        # With `tree` and no terms or dice given, they are worked out from it later.
        self._terms = terms if terms is not None or tree is not None else []
        self._dice = dice if dice is not None or tree is not None else []
        self._tree = tree

    def _work_out(self, words: bool) -> None:
        """Work out the terms (`words`) or the shown dice, and whatever comes with them."""
        tree = self._tree
        assert tree is not None
        plan = tree.quick
        if type(tree) is Pool and plan is not None:
            # A pool with no operators: every face kept, a success from the target on.
            target = tree.target
            self._dice = [ShownDie(tree.sides, f, f, True, success=f >= target)
                          for f in self.records[0].faces]
            self._terms = []
            return
        if type(tree) is Sum and plan is not None:
            # Straight from the records, as the full way makes them, and only what is
            # asked for (the words or the dice).
            records = iter(self.records)
            terms: list[TermRoll] = []
            dice: list[ShownDie] = []
            for signed, (_, count, sides, kept) in zip(tree.terms, plan, strict=True):
                term = signed.term
                if not sides:
                    terms.append(TermRoll(signed.sign, term.describe(), [], count))
                    continue
                faces = next(records).faces
                if kept is None:  # plain dice show as their faces
                    if words:
                        terms.append(TermRoll(signed.sign, term.describe(), list(faces),
                                              sum(faces)))
                    else:
                        dice += [ShownDie(sides, f, f, True) for f in faces]
                    continue
                shown = _kept_or_dropped(term, faces)
                dice += shown
                if words:
                    name = term.describe()
                    text = "(" + ", ".join(d.text() for d in shown) + ")"
                    value = sum(d.value for d in shown if d.kept)
                    terms.append(TermRoll(signed.sign, name, list(faces), value,
                                          f"{name} {text}", text))
            if words:
                self._terms = terms
            else:
                self._dice = dice
            return
        # Anything else is rolled again on the faces drawn, the full way. The records,
        # not `faces`: they are immutable, and a caller may change a list.
        drawn = [face for record in self.records for face in record.faces]
        again = _evaluate_full(tree, ScriptedDice(drawn))
        if self._terms is None:
            self._terms = again.terms
        if self._dice is None:
            self._dice = again.dice

    @property
    def terms(self) -> list[TermRoll]:
        if self._terms is None:
            self._work_out(words=True)
        assert self._terms is not None
        return self._terms

    @property
    def dice(self) -> list[ShownDie]:  # every face, as shown
        if self._dice is None:
            self._work_out(words=False)
        assert self._dice is not None
        return self._dice

    def _fields(self) -> tuple[object, ...]:
        return (self.expr, self.faces, self.total, self.records, self.terms, self.target,
                self.dice, self.label)

    def __eq__(self, other: object) -> bool:
        if type(other) is not RollResult:
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable lists inside, as a dataclass

    def __repr__(self) -> str:
        return (f"RollResult(expr={self.expr!r}, faces={self.faces!r}, "
                f"total={self.total!r}, records={self.records!r}, terms={self.terms!r}, "
                f"target={self.target!r}, dice={self.dice!r}, label={self.label!r})")

    @property
    def is_pool(self) -> bool:
        return self.target is not None

    def breakdown(self, labels: bool = True) -> str:
        """e.g. "2d6 (3, 5) + 1 = 9", or "(3, 5) + 1 = 9" without labels."""
        if self.is_pool:
            if self.dice:
                dice = "(" + ", ".join(d.text() for d in self.dice) + ")"
            else:
                dice = "(" + ", ".join(map(str, self.faces)) + ")"
            noun = "success" if self.total == 1 else "successes"
            head = f"{self.expr} {dice}" if labels else dice
            return f"{head} = {self.total} {noun}"
        return f"{terms_text(self.terms, labels)} = {self.total}"

    @property
    def named(self) -> str:
        """The notation with its label, in words: "1d20+5 (fire)"."""
        return f"{self.expr} ({self.label})" if self.label else self.expr

    def __str__(self) -> str:
        return f"{self.named}: {self.breakdown(labels=False)}"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"expr": self.expr, "faces": list(self.faces),
                                "total": self.total}
        if self.label:
            data["label"] = self.label
        # Each face as drawn, with what it counts for and whether it was kept: the
        # faces alone do not say which dice a keep, a drop or a reroll took out.
        data["dice"] = [{"sides": d.sides, "face": d.face, "value": d.value, "kept": d.kept,
                         "exploded": d.exploded} for d in self.dice]
        if self.is_pool:
            data["target"] = self.target
        else:
            data["terms"] = [
                {"sign": "-" if t.sign < 0 else "+", "term": t.term, "faces": list(t.faces),
                 "value": t.value}
                for t in self.terms
            ]
        return data


def _kept_or_dropped(term: Term, faces: tuple[int, ...]) -> list[ShownDie]:
    """The dice of a group that keeps or drops its highest or lowest few, as the full
    way shows them: ranked highest first, equal faces in the order rolled."""
    assert isinstance(term, Operated)
    op = term.ops[0]
    selector = op.selectors[0]
    ranked = sorted(range(len(faces)), key=lambda i: -faces[i])
    chosen = set(selector.of_ranked(ranked))
    keep = op.name == "k"
    return [ShownDie(term.sides, f, f, (i in chosen) == keep) for i, f in enumerate(faces)]


@dataclass
class _Rolled:
    value: int
    labelled: str
    plain: str
    records: list[Draw]
    dice: list[ShownDie]


class _Roller:
    def __init__(self, source: DiceSource, purpose: str, roller: str) -> None:
        self.source = source
        self.purpose = purpose
        self.roller = roller

    def term(self, term: Term, alone: bool = False) -> _Rolled:
        """Roll `term`; `alone` when it is the whole expression (a d66 then shows no
        value beside its faces: the total says it)."""
        if isinstance(term, Const):
            return _Rolled(term.value, str(term.value), str(term.value), [], [])
        if isinstance(term, D66):
            value, record = roll_d66(self.source, purpose=self.purpose, roller=self.roller)
            faces = f"({record.faces[0]}, {record.faces[1]}" + (")" if alone else f": {value})")
            dice = [ShownDie(6, f, f, True, tens=i == 0) for i, f in enumerate(record.faces)]
            return _Rolled(value, f"d66 {faces}", faces, [record], dice)
        if isinstance(term, Dice) and term.sides == 1:
            # A d1 always shows 1: nothing is drawn.
            return _Rolled(term.count, f"{term} ({term.count})", str(term.count), [], [])
        if isinstance(term, Dice):
            record = self.source.roll(term.sides, term.count, purpose=self.purpose,
                                      roller=self.roller)
            faces = "(" + ", ".join(map(str, record.faces)) + ")"
            dice = [ShownDie(term.sides, f, f, True) for f in record.faces]
            return _Rolled(record.total, f"{term} {faces}", faces, [record], dice)
        if isinstance(term, Operated):
            group = self.group(term.count, term.sides, term.ops)
            shown = group.shown(None)
            faces = "(" + ", ".join(d.text() for d in shown) + ")"
            value = sum(d.value for d in group.kept())
            return _Rolled(value, f"{term} {faces}", faces, [group.record], shown)
        if isinstance(term, Paren):
            inner = self.sum(term.inner)
            return _Rolled(inner.value, f"({inner.labelled})", f"({inner.plain})",
                           inner.records, inner.dice)
        if isinstance(term, SetOf):
            items = [self.sum(item) for item in term.items]
            kept = set_kept([r.value for r in items], term.ops)
            ops = "".join(op.describe() for op in term.ops)

            def listed(texts: list[str]) -> str:
                return "(" + ", ".join(t if k else f"{t} dropped"
                                       for t, k in zip(texts, kept, strict=True)) + ")"

            return _Rolled(
                sum(r.value for r, k in zip(items, kept, strict=True) if k),
                listed([r.labelled for r in items]) + ops,
                listed([r.plain for r in items]),
                [rec for r in items for rec in r.records],
                [d if k else replace(d, kept=False)
                 for r, k in zip(items, kept, strict=True) for d in r.dice],
            )
        if isinstance(term, Neg):
            inner = self.term(term.inner)
            return _Rolled(-inner.value, f"-{inner.labelled}", f"-{inner.plain}",
                           inner.records, inner.dice)
        if isinstance(term, Rounded):
            worked, rolled = self.exact(term.inner)
            rolled.value = round_half_down(worked)
            if worked != rolled.value:
                rolled.labelled += f" rounded to {rolled.value}"
                rolled.plain += f" rounded to {rolled.value}"
            return rolled
        if isinstance(term, Product):
            left, right = self.term(term.left), self.term(term.right)
            return _Rolled(divide(left.value, right.value, term.op),
                           f"{left.labelled} {term.op} {right.labelled}",
                           f"{left.plain} {term.op} {right.plain}",
                           left.records + right.records, left.dice + right.dice)
        raise TypeError(f"cannot evaluate term {term!r}")

    def exact(self, term: Term) -> tuple[Fraction, _Rolled]:
        """A factor or product of a `Rounded`, worked out exactly (its `value` unset)."""
        if isinstance(term, Frac):
            return term.value, _Rolled(0, term.describe(), term.describe(), [], [])
        if isinstance(term, Neg):
            value, inner = self.exact(term.inner)
            return -value, _Rolled(0, f"-{inner.labelled}", f"-{inner.plain}",
                                   inner.records, inner.dice)
        if isinstance(term, Product) and term.decimal:
            (a, left), (b, right) = self.exact(term.left), self.exact(term.right)
            return exact(a, b, term.op), _Rolled(
                0, f"{left.labelled} {term.op} {right.labelled}",
                f"{left.plain} {term.op} {right.plain}",
                left.records + right.records, left.dice + right.dice)
        rolled = self.term(term)
        return Fraction(rolled.value), rolled

    def sum(self, inner: Sum) -> _Rolled:
        """A sum inside parentheses (its words without them)."""
        parts = [(s.sign, self.term(s.term)) for s in inner.terms]
        return _Rolled(
            sum(sign * r.value for sign, r in parts),
            sum_text([(s, r.labelled) for s, r in parts]),
            sum_text([(s, r.plain) for s, r in parts]),
            [rec for _, r in parts for rec in r.records],
            [d for _, r in parts for d in r.dice],
        )

    def group(self, count: int, sides: int, ops: tuple[Op, ...]) -> Group:
        group = Group(self.source, count, sides, self.purpose, self.roller)
        for op in ops:
            group.apply(op)
        return group


def evaluate(expr: Expr | str, source: DiceSource, purpose: str = "roll",
             roller: str = "") -> RollResult:
    """Roll `expr` with `source`; every die goes through the source and is recorded,
    one record a group of dice (its rerolls and explosions with it, in order).

    If the source fails part-way (a script runs out), the terms already rolled stay
    in its history: the error is the caller's to report.
    """
    if isinstance(expr, str):
        expr = parse(expr)
    plan = expr.quick
    if plan is None:
        return _evaluate_full(expr, source, purpose, roller)
    # The quick way: the same draws in the same order as the full way, the total
    # worked out straight from the faces; the terms and the shown dice wait until
    # someone reads them (RollResult).
    roll = source.roll
    if type(expr) is Pool:
        record = roll(expr.sides, expr.count, purpose=purpose, roller=roller)
        target = expr.target
        return RollResult(expr.canonical, list(record.faces),
                          sum(1 for face in record.faces if face >= target), [record],
                          target=target, tree=expr, label=expr.label)
    records: list[Draw] = []
    total = 0
    for sign, count, sides, kept in plan:
        if not sides:
            total += sign * count
            continue
        record = roll(sides, count, purpose=purpose, roller=roller)
        records.append(record)
        faces = record.faces
        value = sum(faces) if kept is None else sum(sorted(faces)[kept])
        total += value if sign > 0 else -value
    if len(records) == 1:
        faces_list = list(records[0].faces)
    else:
        faces_list = [face for record in records for face in record.faces]
    return RollResult(expr.canonical, faces_list, total, records, tree=expr,
                      label=expr.label)


def _evaluate_full(expr: Expr | str, source: DiceSource, purpose: str = "roll",
                   roller: str = "") -> RollResult:
    """Roll `expr` with `source`; every die goes through the source and is recorded,
    one record a group of dice (its rerolls and explosions with it, in order).

    If the source fails part-way (a script runs out), the terms already rolled stay
    in its history: the error is the caller's to report.
    """
    if isinstance(expr, str):
        expr = parse(expr)
    if isinstance(expr, Pool):
        group = _Roller(source, purpose, roller).group(expr.count, expr.sides, expr.ops)
        shown = group.shown(expr.target)
        successes = sum(1 for d in group.kept() if d.value >= expr.target)
        return RollResult(expr=str(expr), faces=list(group.faces), total=successes,
                          records=[group.record], target=expr.target, dice=shown,
                          label=expr.label)
    if not isinstance(expr, Sum):
        raise TypeError(f"cannot evaluate {expr!r}")
    rolling = _Roller(source, purpose, roller)
    terms: list[TermRoll] = []
    records: list[Draw] = []
    dice: list[ShownDie] = []
    for signed in expr.terms:
        term = signed.term
        # Plain dice and constants show as their faces (TermRoll.show): nothing of
        # the words `_Roller.term` makes for them is kept, so they are not made.
        if type(term) is Dice and term.sides == 1:  # always 1 a die: nothing drawn
            terms.append(TermRoll(signed.sign, term.describe(), [], term.count))
            continue
        if type(term) is Dice:
            record = source.roll(term.sides, term.count, purpose=purpose, roller=roller)
            records.append(record)
            dice += [ShownDie(term.sides, f, f, True) for f in record.faces]
            terms.append(TermRoll(signed.sign, term.describe(), list(record.faces),
                                  record.total))
            continue
        if type(term) is Const:
            terms.append(TermRoll(signed.sign, term.describe(), [], term.value))
            continue
        rolled = rolling.term(term, alone=len(expr.terms) == 1)
        records += rolled.records
        dice += rolled.dice
        faces = [face for record in rolled.records for face in record.faces]
        plain_term = isinstance(term, Const | Dice | D66)
        terms.append(TermRoll(signed.sign, str(term), faces, rolled.value,
                              None if plain_term else rolled.labelled,
                              None if plain_term else rolled.plain))
    return RollResult(
        expr=str(expr),
        faces=[face for record in records for face in record.faces],
        total=sum(t.sign * t.value for t in terms),
        records=records,
        terms=terms,
        dice=dice,
        label=expr.label,
    )
