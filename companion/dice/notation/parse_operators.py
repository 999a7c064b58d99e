"""Reading the operators after a group of dice (`kh3`, `rr1`, `e6`, `!`, `mi2`) and
the keeps and drops after a set: which may stand where (see the package's docstring),
and the refusals that say why."""

from __future__ import annotations

from companion.dice.notation import limits
from companion.dice.notation.operators import Op, Selector
from companion.dice.notation.reader import Reader


def set_operators(reader: Reader) -> tuple[Op, ...]:
    """Keeps and drops after a set: kh1, pl2, k>5, p<3, k10 (by rank or by value)."""
    ops: list[Op] = []
    while reader.peek() and reader.peek() in "kKpP":
        at = reader.pos
        name = reader.peek().lower()
        reader.pos += 1
        kind = ""
        if reader.peek() and reader.peek() in "hHlL<>":
            kind = reader.peek().lower()
            reader.pos += 1
        number = reader.number()
        written = reader.text[at:reader.pos]
        if number is None:
            raise reader.fail(f"expected a number after '{written}'")
        if kind in ("h", "l") and number == 0:
            verb = "keeps" if name == "k" else "drops"
            raise reader.fail(f"'{written}'", at, f"it {verb} nothing; h and l count 1 "
                              "or more")
        selector = Selector(kind, number)
        if ops and ops[-1].name == name:
            ops[-1] = Op(name, (*ops[-1].selectors, selector))
        else:
            ops.append(Op(name, (selector,)))
    if reader.at_operator() or (reader.peek() and reader.peek() in "hHlL"):
        raise reader.fail(f"unexpected {reader.found()}", hint="a set is kept or dropped "
                          "with k and p only: (1d20, 1d20)kh1")
    return tuple(ops)


def operators(reader: Reader, count: int, sides: int, prior: tuple[Op, ...] = (),
              nested: bool = False) -> tuple[Op, ...]:
    """The operators after dice; `nested`, after a roll in parentheses whose
    operators are `prior` (`(10d6kh5)kl2`): then only keeps and drops, never
    merged with those."""
    ops: list[Op] = list(prior)
    # Before each operator: has the number of dice come to depend on the roll (and
    # by which operator), has a choice by rank been made, and a reroll after it.
    state: tuple[str, bool, str] = ("", False, "")
    for op in prior:
        state = _state_after(op, state)
    changed, chosen, rerolled = state
    before = (changed, chosen, rerolled)
    while reader.at_operator():
        at = reader.pos
        name = _operator_name(reader)
        if nested and name not in ("k", "p"):
            raise reader.fail(f"'{reader.text[at:reader.pos]}'", at, "after ')' come only k "
                              "and p, keeping or dropping: (10d6kh5)kl2")
        if name == "!":
            selector = Selector("", sides)
            name = "e"
        else:
            selector = _selector(reader, name, sides, at)
        merged = len(ops) > len(prior) and ops[-1].name == name and name not in ("mi",
                                                                               "ma")
        if not merged:
            before = (changed, chosen, rerolled)
        written = reader.text[at:reader.pos]
        if selector.by_rank:
            was_changed, was_chosen, was_rerolled = before
            if was_changed:
                raise reader.fail(f"'{written}'", at, f"h and l choose among the dice "
                                  f"rolled, and {was_changed} before it makes their number "
                                  "depend on the roll: choose first")
            if was_chosen and was_rerolled:
                raise reader.fail(f"'{written}'", at, f"h and l cannot choose again after "
                                  f"{was_rerolled} rerolled dice already chosen")
        if name == "ra" and any(op.name == "ra" for op in ops[:len(ops) - merged]):
            raise reader.fail(f"'{written}'", at, "a group adds one die with ra once: "
                              "write its faces together, like ra1ra2")
        if merged:
            op = Op(name, (*ops[-1].selectors, selector))
            ops[-1] = op
        else:
            op = Op(name, (selector,))
            ops.append(op)
        if name in ("rr", "e") and all(op.picks(face) for face in range(1, sides + 1)):
            raise reader.fail(f"'{written}'", at, f"it rerolls every face of a d{sides}, "
                              "for ever" if name == "rr" else f"every face of a d{sides} "
                              f"explodes: each die would add {limits.MAX_EXPLOSIONS}")
        # What the group is like after this operator, for the next one.
        changed, chosen, rerolled = _state_after(op, before)
    if reader.peek() and reader.peek() in "hHlL":
        raise reader.fail(f"unexpected {reader.found()}", hint="keep with k and drop with p: "
                          "kh3, kl1, ph1, pl1")
    return tuple(ops)


def _operator_name(reader: Reader) -> str:
    at = reader.pos
    two = reader.peek(2).lower()
    if two in ("rr", "ro", "ra", "mi", "ma"):
        reader.pos += 2
        return two
    one = reader.peek().lower()
    if one in ("k", "p", "e", "!"):
        reader.pos += 1
        return one
    if one == "r":
        raise reader.fail(f"unexpected {reader.found()}", at, "reroll with rr (until none), "
                          "ro (once) or ra (and add), like rr1")
    raise reader.fail(f"unexpected {reader.found()}", at, "after m comes i or a: mi2, ma5")


def _selector(reader: Reader, name: str, sides: int, at: int) -> Selector:
    kind = ""
    if reader.peek() and reader.peek() in "hHlL<>":
        kind = reader.peek().lower()
        reader.pos += 1
        if name in ("mi", "ma"):
            raise reader.fail(f"unexpected '{kind}'", reader.pos - 1, f"{name} takes a number, "
                              f"like {name}2")
        if kind in "hl" and name not in ("k", "p"):
            raise reader.fail(f"'{name}{kind}'", at, f"h and l choose dice to keep (k) or "
                              f"drop (p); {name} picks faces: {name}1, {name}<3, {name}>4")
    number = reader.number()
    if number is None:
        raise reader.fail(f"expected a number after '{reader.text[at:reader.pos]}'")
    written = reader.text[at:reader.pos]
    die = f"a d{sides} shows 1 to {sides}"
    if name in ("mi", "ma") and not 1 <= number <= sides:
        raise reader.fail(f"'{written}'", at, die)
    if kind in ("h", "l") and number == 0:
        verb = "keeps" if name == "k" else "drops"
        raise reader.fail(f"'{written}'", at, f"it {verb} no dice; h and l count 1 or more")
    if kind == "" and not 1 <= number <= sides:
        raise reader.fail(f"'{written}'", at, f"no face picked: {die}")
    if kind == "<" and number < 2:
        raise reader.fail(f"'{written}'", at, f"no face picked: {die}")
    if kind == ">" and number >= sides:
        raise reader.fail(f"'{written}'", at, f"no face picked: {die}")
    return Selector(kind, number)


def _state_after(op: Op, before: tuple[str, bool, str]) -> tuple[str, bool, str]:
    """What a group is like after `op`: has the number of its dice come to depend on
    the roll (by which operator), has a choice by rank been made, and by which reroll
    after it."""
    changed, chosen, rerolled = before
    if op.name in ("e", "ra") or (op.name in ("k", "p") and op.by_face):
        changed = changed or op.describe()
    if op.by_rank:
        chosen, rerolled = True, ""
    elif op.name in ("rr", "ro") and chosen:
        rerolled = rerolled or op.describe()
    return changed, chosen, rerolled
