"""Dice notation: what a player may type, what it means, and how typos are reported."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.dice.notation.limits import MAX_DICE
from companion.dice.notation.parse import parse
from companion.dice.notation.reader import NotationError
from companion.dice.notation.roll import evaluate
from companion.dice.notation.tree import D66, Const, Dice, Expr, Pool, Signed, Sum, Term
from companion.dice.sources import Draw, ScriptedDice, SeededDice
from companion.errors import UserError


def plus(*terms: Term) -> Sum:
    return Sum(tuple(Signed(1, term) for term in terms))


# ---------------------------------------------------------------- the forms


@pytest.mark.parametrize(
    ("text", "tree", "canonical"),
    [
        ("2d6", plus(Dice(2, 6)), "2d6"),
        ("d6", plus(Dice(1, 6)), "1d6"),
        ("1d6", plus(Dice(1, 6)), "1d6"),
        ("2D6", plus(Dice(2, 6)), "2d6"),
        ("7", plus(Const(7)), "7"),
        ("2d6+1", plus(Dice(2, 6), Const(1)), "2d6+1"),
        ("d8+d4-1", Sum((Signed(1, Dice(1, 8)), Signed(1, Dice(1, 4)), Signed(-1, Const(1)))),
         "1d8+1d4-1"),
        ("3d6 - 2", Sum((Signed(1, Dice(3, 6)), Signed(-1, Const(2)))), "3d6-2"),
        ("-1+d6", Sum((Signed(-1, Const(1)), Signed(1, Dice(1, 6)))), "-1+1d6"),
        ("- 2d6 + 10", Sum((Signed(-1, Dice(2, 6)), Signed(1, Const(10)))), "-2d6+10"),
        ("d66", plus(D66()), "d66"),
        ("D66 + 1", plus(D66(), Const(1)), "d66+1"),
        ("4d6>=5", Pool(4, 6, 5), "4d6>=5"),
        ("  4d6 >= 5 ", Pool(4, 6, 5), "4d6>=5"),
        ("d20>=15", Pool(1, 20, 15), "1d20>=15"),
        ("1000d1000", plus(Dice(1000, 1000)), "1000d1000"),
        ("500d6+500d8", plus(Dice(500, 6), Dice(500, 8)), "500d6+500d8"),
        ("d2", plus(Dice(1, 2)), "1d2"),
        ("\t2d6\n", plus(Dice(2, 6)), "2d6"),
    ],
)
def test_every_form_parses_to_its_tree(text: str, tree: Expr, canonical: str) -> None:
    parsed = parse(text)
    assert parsed == tree
    assert str(parsed) == canonical == parsed.describe()
    assert parse(canonical) == tree


def test_a_pool_counts_its_dice_and_d66_counts_two() -> None:
    assert parse("4d6>=5").dice_count == 4
    assert parse("d66+2d6-3").dice_count == 4


# ---------------------------------------------------------------- round trip

terms = st.one_of(
    st.builds(Const, st.integers(0, 1000)),
    st.builds(Dice, st.integers(1, 40), st.integers(2, 1000).filter(lambda s: s != 66)),
    st.just(D66()),
)
sums = st.builds(
    Sum,
    st.lists(st.builds(Signed, st.sampled_from([1, -1]), terms), min_size=1, max_size=8)
    .map(tuple),
)
pools = st.integers(2, 1000).filter(lambda s: s != 66).flatmap(
    lambda sides: st.builds(Pool, st.integers(1, 1000), st.just(sides),
                            st.integers(1, sides))
)
exprs = st.one_of(sums, pools)


def render(expr: Expr, draw: st.DrawFn) -> str:
    """Write a tree the way a player might: odd spacing, capital D, 'd6' for '1d6'."""
    space = st.sampled_from(["", " ", "  ", "\t"])

    def dice(count: int, sides: int) -> str:
        written = "" if count == 1 and draw(st.booleans()) else str(count)
        return f"{written}{draw(st.sampled_from('dD'))}{sides}"

    def term(t: Term) -> str:
        if isinstance(t, Dice):
            return dice(t.count, t.sides)
        if isinstance(t, D66):
            return draw(st.sampled_from(["d66", "D66"]))
        return str(t)

    if isinstance(expr, Pool):
        return (draw(space) + dice(expr.count, expr.sides) + draw(space) + ">="
                + draw(space) + str(expr.target) + draw(space))
    assert isinstance(expr, Sum)
    text = draw(space)
    for index, signed in enumerate(expr.terms):
        if signed.sign < 0:
            text += "-" + draw(space)
        elif index:
            text += "+" + draw(space)
        text += term(signed.term) + draw(space)
    return text


@given(expr=exprs, data=st.data())
def test_any_way_of_writing_an_expression_reads_back_as_its_tree(expr: Expr,
                                                                  data: st.DataObject) -> None:
    text = render(expr, data.draw)
    assert parse(text) == expr
    assert parse(str(parse(text))) == parse(text)


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("3d", 3, "expected a die size after 'd' at column 3"),
        ("2d6+", 5, "expected a term at column 5"),
        ("2d6 + ", 7, "expected a term at column 7"),
        ("2x6", 2, "unexpected 'x' at column 2"),
        ("", 1, "expected a term at column 1"),
        ("   ", 1, "the notation is empty"),
        ("d0", 2, "die size 0 at column 2"),
        ("2d1001", 3, "die size 1001 at column 3"),
        ("1001d6", 1, "1001 dice at column 1"),
        ("600d6 + 401d6", 9, "too many dice at column 9: 1001 in all, at most 1000"),
        ("999d6+d66", 7, "too many dice at column 7"),
        ("3 d6", 3, "write dice with no space inside"),
        ("2d6 3", 5, "unexpected '3' at column 5"),
        ("+", 2, "expected a term at column 2"),
        ("2d6++", 6, "expected a term at column 6"),
        ("2d66", 1, "ambiguous '2d66' at column 1"),
        ("4d6>=", 6, "expected a target number after '>=' at column 6"),
        ("4d6>=7", 6, "target 7 at column 6: a d6 shows 1 to 6"),
        ("4d6>=0", 6, "target 0 at column 6"),
        ("4d6>5", 4, "only '>=' compares"),
        ("1+4d6>=5", 6, "a success pool like 4d6>=5 is a whole expression"),
        ("-4d6>=5", 5, "whole expression"),
        ("4d6>=5+1", 7, "nothing can be added to it"),
        ("4d6>=5 x", 8, "unexpected 'x' at column 8"),
        ("d66>=5", 4, "not d66"),
        ("3>=2", 2, "needs dice before it"),
        ("99999999", 1, "number 99999999 at column 1"),
        ("2d6+" + "1" * 40, 5, "numbers go up to 1000000"),
        ("1" + "+1" * 600, 1001, "notation too long at column 1001"),
        ("2d6*-1", 5, "a negative number in a product goes in parentheses"),
        ("2d6+１", 5, "expected a term at column 5"),
    ],
)
def test_every_error_names_its_column(text: str, column: int, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text)
    assert caught.value.column == column
    assert words in str(caught.value)
    assert f"at column {column}" in str(caught.value)
    assert "\n" not in str(caught.value), "one line for the terminal"
    assert isinstance(caught.value, UserError) and caught.value.exit_code == 2


def test_the_dice_limit_is_exactly_a_thousand() -> None:
    assert parse("500d6+498d8+d66").dice_count == MAX_DICE
    with pytest.raises(NotationError):
        parse("500d6+499d8+d66")


# ---------------------------------------------------------------- rolling


@pytest.mark.parametrize(
    ("text", "faces", "total", "shown"),
    [
        ("2d6+1", [3, 5], 9, "2d6 (3, 5) + 1 = 9"),
        ("d8+d4-1", [7, 2], 8, "1d8 (7) + 1d4 (2) - 1 = 8"),
        ("3d6 - 2", [1, 1, 1], 1, "3d6 (1, 1, 1) - 2 = 1"),
        ("-1+d6", [4], 3, "-1 + 1d6 (4) = 3"),
        ("-2d6+10", [6, 6], -2, "-2d6 (6, 6) + 10 = -2"),
        ("d66", [3, 5], 35, "d66 (3, 5) = 35"),
        ("d66+2", [6, 1], 63, "d66 (6, 1: 61) + 2 = 63"),
        ("4d6>=5", [6, 2, 5, 1], 2, "4d6>=5 (6, 2, 5, 1) = 2 successes"),
        ("2d6>=6", [6, 1], 1, "2d6>=6 (6, 1) = 1 success"),
        ("12", [], 12, "12 = 12"),
    ],
)
def test_scripted_rolls_give_the_known_totals(text: str, faces: list[int], total: int,
                                              shown: str) -> None:
    result = evaluate(parse(text), ScriptedDice(faces), purpose="attack", roller="Brutus")
    assert result.faces == faces
    assert result.total == total
    assert result.breakdown() == shown
    assert result.expr == str(parse(text))
    assert all(r.purpose == "attack" and r.roller == "Brutus" for r in result.records)
    assert [f for r in result.records for f in r.faces] == faces


def test_the_short_form_drops_the_labels() -> None:
    result = evaluate("2d6+1", ScriptedDice([3, 5]))
    assert str(result) == "2d6+1: (3, 5) + 1 = 9"


def test_each_dice_term_is_one_record() -> None:
    dice = ScriptedDice([1, 2, 3, 4, 5, 4])
    result = evaluate(parse("2d6+d66+1d8+d4"), dice, purpose="damage")
    assert result.records == [
        Draw("damage", "", 6, (1, 2)),
        Draw("damage", "", 6, (3, 4)),
        Draw("damage", "", 8, (5,)),
        Draw("damage", "", 4, (4,)),
    ]
    assert dice.history == result.records


def test_the_breakdown_goes_into_json() -> None:
    data = evaluate("2d6-1", ScriptedDice([2, 6])).to_dict()
    assert data == {
        "expr": "2d6-1",
        "faces": [2, 6],
        "total": 7,
        "dice": [
            {"sides": 6, "face": 2, "value": 2, "kept": True, "exploded": False},
            {"sides": 6, "face": 6, "value": 6, "kept": True, "exploded": False},
        ],
        "terms": [
            {"sign": "+", "term": "2d6", "faces": [2, 6], "value": 8},
            {"sign": "-", "term": "1", "faces": [], "value": 1},
        ],
    }


@settings(deadline=None)  # up to a thousand dice a roll: no flakes on a busy machine
@given(expr=exprs, seed=st.integers(0, 2**32))
def test_rolled_faces_are_faces_of_their_dice(expr: Expr, seed: int) -> None:
    result = evaluate(expr, SeededDice(seed))
    assert sum(len(r.faces) for r in result.records) == expr.dice_count == len(result.faces)
    for record in result.records:
        assert all(1 <= face <= record.sides for face in record.faces)
    if isinstance(expr, Pool):
        assert result.total == sum(face >= expr.target for face in result.faces)
    else:
        assert result.total == sum(t.sign * t.value for t in result.terms)
    assert evaluate(expr, SeededDice(seed)).faces == result.faces, "same seed, same faces"


def test_a_text_parsed_again_is_the_same_shared_tree_and_errors_are_not_kept():
    import dataclasses

    from companion.dice.notation.parse import parse
    from companion.dice.notation.reader import NotationError
    from companion.dice.notation.tree import Sum

    first = parse("4d6kh3+2")
    assert parse("4d6kh3+2") is first
    # Callers share the tree, so no part of it can change.
    assert isinstance(first, Sum)
    assert isinstance(first.terms, tuple)
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.terms[0].term.count = 5  # type: ignore[misc]
    for _ in range(2):
        with pytest.raises(NotationError):
            parse("4d6kh")


def test_a_sum_that_could_pass_a_million_million_is_refused_at_the_sign_that_passes_it():
    with pytest.raises(NotationError) as refused:
        parse("1000000*1000000+5-1000000*1000000")
    assert str(refused.value).startswith("'+' at column 16: totals could reach "
                                         "1,000,000,000,005")
    # Taking away what was added keeps the total within the limit.
    assert parse("1000000*1000000 - 1000000*1000000").bounds() == (0, 0)


def test_a_sum_of_a_hundred_and_fifty_terms_reads_as_written():
    text = "+".join(["3d6", "2", "d66"] * 50)
    assert parse(text).describe() == text
