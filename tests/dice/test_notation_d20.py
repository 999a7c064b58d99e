"""What d20 (avrae) users type, read as they mean it (issue 29): labels in brackets,
signs, keeping and dropping on sets, decimals, 0d6 and d1. Each rule with its odds,
worked by hand, where the tray shows them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.cli import main
from companion.dice.notation.parse import parse
from companion.dice.notation.reader import NotationError
from companion.dice.notation.roll import evaluate
from companion.dice.odds.expression import distribution
from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.ui.tools.dice_tray import TrayRoll
from companion.ui.tools.tool_rolls import tray_roll


def refused(text: str) -> str:
    with pytest.raises(NotationError) as caught:
        parse(text)
    message = str(caught.value)
    assert "\n" not in message and f"at column {caught.value.column}" in message
    assert isinstance(caught.value, UserError)
    return message


def odds(text: str) -> dict[int, Fraction]:
    return distribution(text).probabilities()


def uniform(values: range | list[int], ways: int) -> dict[int, Fraction]:
    found: dict[int, Fraction] = {}
    for value in values:
        found[value] = found.get(value, Fraction(0)) + Fraction(1, ways)
    return found


# ---------------------------------------------------------------- labels


def test_a_bracketed_word_labels_the_roll_and_adds_nothing() -> None:
    result = evaluate("1d20+5 [fire]", ScriptedDice([12]))
    assert result.total == 17
    assert result.label == "fire"
    assert result.expr == "1d20+5"  # the notation stays the notation
    assert str(result) == "1d20+5 (fire): (12) + 5 = 17"
    assert result.to_dict()["label"] == "fire"


def test_a_label_inside_parentheses_labels_the_whole_roll() -> None:
    result = evaluate("4*(3d8kh2+9[fire])", ScriptedDice([3, 8, 5]))
    assert result.total == 4 * (8 + 5 + 9)
    assert result.label == "fire"
    assert result.expr == "4*(3d8kh2+9)"


def test_several_labels_are_joined_in_order_once_each() -> None:
    assert parse("1d8 [slashing] + 2d6[ fire ] + 1 [fire]").label == "slashing, fire"
    assert parse("2d6 [ cold   iron ]").label == "cold iron"
    assert parse("2d6 []").label == ""


def test_a_label_changes_no_odds() -> None:
    assert odds("1d20+5 [fire]") == odds("1d20+5")
    assert odds("1d4 [fire]") == uniform(range(1, 5), 4)


def test_a_success_pool_takes_a_label_after_its_target() -> None:
    result = evaluate("4d6>=5 [hits]", ScriptedDice([6, 2, 5, 1]))
    assert (result.total, result.label) == (2, "hits")


def test_the_roll_log_and_the_tray_show_the_label() -> None:
    result = evaluate("1d20+5 [fire]", ScriptedDice([12]))
    assert tray_roll(result).purpose == "dice tray: 1d20+5 (fire)"
    assert TrayRoll(result).line() == "1d20+5 (fire): (12) + 5 = 17"
    plain = evaluate("1d20+5", ScriptedDice([12]))
    assert tray_roll(plain).purpose == "dice tray: 1d20+5"


def test_companion_roll_prints_the_label(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "2d6+1 [fire]", "--seed", "3"]) == 0
    assert "(fire): " in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1d6 [fire", "unclosed '[' at column 5: the words of a label end with ']'"),
        ("1d6 [a[b]", "unexpected '[' at column 7: a label in brackets holds no other"),
        ("1d6 ]", "unexpected ']' at column 5"),
    ],
)
def test_a_broken_label_is_named_with_its_column(text: str, words: str) -> None:
    assert words in refused(text)


# ---------------------------------------------------------------- signs


@pytest.mark.parametrize(
    ("text", "canonical", "faces", "total"),
    [
        ("+1d6", "1d6", [4], 4),
        ("1d6+-2", "1d6-2", [4], 2),
        ("1d6 - - 2", "1d6+2", [4], 6),
        ("--3", "3", [], 3),
        ("-+-3", "3", [], 3),
        ("+ - 2d6", "-2d6", [1, 2], -3),
        ("(+3)*2", "(3)*2", [], 6),
        ("---d4", "-1d4", [3], -3),
    ],
)
def test_signs_repeat_as_in_arithmetic(text: str, canonical: str, faces: list[int],
                                       total: int) -> None:
    expr = parse(text)
    assert str(expr) == canonical
    assert evaluate(expr, ScriptedDice(faces)).total == total


def test_a_minus_after_an_operator_goes_to_the_first_factor_as_at_the_start() -> None:
    # -7//2 is (-7)//2 = -4, so 10+-7//2 is 10-4 and 10--7//2 is 10+4.
    assert evaluate("10+-7//2", ScriptedDice([])).total == 6
    assert evaluate("10--7//2", ScriptedDice([])).total == 14
    assert evaluate("--7//2", ScriptedDice([])).total == 3


def test_signs_change_no_odds_but_the_sign() -> None:
    assert odds("+1d4") == uniform(range(1, 5), 4)
    assert odds("1d4+-1") == uniform(range(0, 4), 4)
    assert odds("--1d4") == odds("1d4")
    assert odds("-+1d4") == uniform(range(-4, 0), 4)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("+", "expected a term at column 2"),
        ("2d6+-", "expected a term at column 6"),
        ("2d6*-1", "a negative number in a product goes in parentheses"),
    ],
)
def test_signs_with_nothing_after_them_are_refused(text: str, words: str) -> None:
    assert words in refused(text)


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["roll", "-1+d6", "--seed", "1"], "-1+1d6: -1 + (2) = 1"),
        (["roll", "--seed", "1", "-d6"], "-1d6: -(2) = -2"),
        (["roll", "--3"], "3: 3 = 3"),
        (["roll", "--seed", "1", "--", "-d6"], "-1d6: -(2) = -2"),
        (["odds", "-d2"], "-1d2: mean -1.5"),
    ],
)
def test_companion_roll_takes_an_expression_that_starts_with_a_minus(
        capsys: pytest.CaptureFixture[str], args: list[str], line: str) -> None:
    assert main(args) == 0
    assert capsys.readouterr().out.splitlines()[0] == line


def test_a_minus_expression_with_a_typo_names_its_own_column(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "-1+"]) == 2
    assert "expected a term at column 4" in capsys.readouterr().err


# ---------------------------------------------------------------- sets and nested rolls


def test_advantage_keeps_the_higher_of_two_d20() -> None:
    result = evaluate("(1d20, 1d20)kh1", ScriptedDice([5, 17]))
    assert result.total == 17
    assert [d.kept for d in result.dice] == [False, True]  # the tray greys the 5
    assert str(result) == "(1d20, 1d20)kh1: ((5) dropped, (17)) = 17"
    # P(higher = k) = (2k - 1) / 400
    assert odds("(1d20, 1d20)kh1") == {k: Fraction(2 * k - 1, 400) for k in range(1, 21)}


def test_disadvantage_keeps_the_lower() -> None:
    assert evaluate("(1d20,1d20)kl1", ScriptedDice([5, 17])).total == 5
    assert odds("(1d6, 1d6)kl1") == {k: Fraction(13 - 2 * k, 36) for k in range(1, 7)}
    assert odds("(1d6, 1d6)pl1") == odds("(1d6, 1d6)kh1")


def test_a_set_keeps_whole_expressions_and_sums_what_it_keeps() -> None:
    assert evaluate("(1d6+1, 5)kl1 + 2", ScriptedDice([6])).total == 7
    assert odds("(1d6+1, 5)kl1") == {2: Fraction(1, 6), 3: Fraction(1, 6),
                                     4: Fraction(1, 6), 5: Fraction(1, 2)}
    assert evaluate("(1, 2, 3)", ScriptedDice([])).total == 6
    # by value: the items showing 6
    assert odds("(1d6, 1d6)k6") == {0: Fraction(25, 36), 6: Fraction(10, 36),
                                    12: Fraction(1, 36)}


def test_a_roll_in_parentheses_is_kept_again_among_the_dice_still_kept() -> None:
    # 10 dice: keep the 5 highest, of those the 2 lowest, of those the highest.
    faces = [1, 2, 3, 4, 5, 6, 6, 5, 4, 3]
    result = evaluate("((10d6kh5)kl2)kh1", ScriptedDice(faces))
    assert result.total == 5
    assert [d.kept for d in result.dice].count(True) == 1
    assert str(parse("((10d6kh5)kl2)kh1")) == "((10d6kh5)kl2)kh1"
    # the middle of three d2: a 2 when two or three show 2
    assert odds("((3d2kh2)kl1)kh1") == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    # kept in turn, not both at once as 4d6kh1kl1 keeps
    assert odds("(2d4kh2)kl1") == {k: Fraction(9 - 2 * k, 16) for k in range(1, 5)}


def test_nested_keeps_match_counting_every_way_the_dice_fall() -> None:
    from itertools import product

    counts: dict[int, int] = {}
    for faces in product(range(1, 5), repeat=4):
        second = sorted(faces, reverse=True)[1]  # ((4d4kh3)kl2)kh1: the second highest
        counts[second] = counts.get(second, 0) + 1
    assert odds("((4d4kh3)kl2)kh1") == {v: Fraction(c, 256) for v, c in counts.items()}


def test_sets_and_nested_rolls_read_back_as_written() -> None:
    for text in ("(1d20, 1d20)kh1", "((10d6kh5)kl2)kh1", "(1d6+1,)kh1", "(1, 2, 3)",
                 "(1d20, 1d20)kh1kl1"):
        assert parse(str(parse(text))) == parse(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("(1d6)rr1", "unexpected 'r' at column 6: after ')' come only k and p"),
        ("(1d6, 2)e6", "unexpected 'e' at column 9"),
        ("(1d6, 2)kh0", "'kh0' at column 9: it keeps nothing"),
        ("(2d6)kh", "expected a number after 'kh' at column 8"),
        ("(4d6e6)kh3", "e6 before it makes their number depend on the roll"),
        ("(1d6)k7", "no face picked: a d6 shows 1 to 6"),
    ],
)
def test_what_a_set_cannot_do_is_named_with_its_column(text: str, words: str) -> None:
    assert words in refused(text)


def test_a_set_too_big_to_count_is_refused_in_one_line_but_rolls() -> None:
    from companion.dice.odds.size import OddsTooBig

    with pytest.raises(OddsTooBig) as caught:
        distribution("(3d6, 3d6, 3d6, 3d6, 3d6, 3d6)kh1")
    assert "\n" not in str(caught.value) and "roll it instead" in str(caught.value)
    assert evaluate("(3d6, 3d6, 3d6, 3d6, 3d6, 3d6)kh1",
                    ScriptedDice([1] * 18)).total == 3


# ---------------------------------------------------------------- decimals (house ruling)


@pytest.mark.parametrize(
    ("text", "faces", "total"),
    [
        ("1d6*1.5", [3], 4),  # 4.5: a half goes down
        ("1d6*1.5", [4], 6),
        ("1d6*1.5*2", [3], 9),  # rounded once, at the end of the product
        ("(1d6*1.5)*2", [3], 8),  # the parentheses end a product: 4, then 8
        ("1d6/1.5", [4], 3),  # 2.67: / is exact in a product with decimals
        ("1d6/0.5", [3], 6),
        ("2.6", [], 3),
        ("2.5", [], 2),
        ("1d6+0.5", [3], 3),  # a decimal alone is rounded too: 0.5 is 0
        ("-1.5*1d4", [1], -2),  # -1.5: a half goes down, to -2
        ("-2.5*1", [], -3),
        (".5*5", [], 2),
    ],
)
def test_a_product_with_decimals_is_rounded_once_a_half_going_down(
        text: str, faces: list[int], total: int) -> None:
    assert evaluate(text, ScriptedDice(faces)).total == total


def test_the_breakdown_says_where_it_rounded() -> None:
    assert str(evaluate("1d6*1.5+1", ScriptedDice([3]))) == \
        "1d6*1.5+1: (3) * 1.5 rounded to 4 + 1 = 5"
    assert str(evaluate("1d6*1.5", ScriptedDice([4]))) == "1d6*1.5: (4) * 1.5 = 6"


def test_decimal_odds_are_the_rounded_values_of_every_face() -> None:
    sixth = Fraction(1, 6)
    # 1.5, 3, 4.5, 6, 7.5, 9
    assert odds("1d6*1.5") == {1: sixth, 3: sixth, 4: sixth, 6: sixth, 7: sixth, 9: sixth}
    # -1.5, -3, -4.5, -6
    quarter = Fraction(1, 4)
    assert odds("-1.5*1d4") == {-2: quarter, -3: quarter, -5: quarter, -6: quarter}
    assert odds("1d4/0.5") == {2: quarter, 4: quarter, 6: quarter, 8: quarter}
    assert odds("1d6+0.5") == odds("1d6")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1d6/0.0", "division by zero after '/' at column 5: the divisor is 0"),
        ("1.5d6", "unexpected 'd' at column 4: a number of dice is whole"),
        ("1.1234567", "number 1.1234567 at column 1: numbers have at most 6 decimals"),
        ("1.", "unexpected '.' at column 2"),
        ("1000000.5", "numbers go up to 1000000"),
    ],
)
def test_what_decimals_cannot_do_is_named_with_its_column(text: str, words: str) -> None:
    assert words in refused(text)


def test_decimals_read_back_as_written() -> None:
    for text in ("1d6*1.5", "0.25*4", "1d6/0.5+2", "-1.5*1d4"):
        assert parse(str(parse(text))) == parse(text)


# ---------------------------------------------------------------- 0d6


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("0d6", "0d6: 0 = 0"),
        ("0d6+3", "0d6+3: 0 + 3 = 3"),
        ("0d6kh1", "0d6kh1: () = 0"),
        ("0d6>=5", "0d6>=5: () = 0 successes"),
    ],
)
def test_0d6_is_0_and_rolls_no_dice(text: str, line: str) -> None:
    result = evaluate(text, ScriptedDice([]))  # a script with no faces: none drawn
    assert str(result) == line
    assert result.total == 0 or text == "0d6+3"
    assert result.faces == [] and result.dice == []


def test_0d6_has_one_result_for_certain() -> None:
    assert odds("0d6") == {0: Fraction(1)}
    assert odds("0d6!") == {0: Fraction(1)}
    assert odds("0d6>=5") == {0: Fraction(1)}
    assert odds("1d4+0d8") == uniform(range(1, 5), 4)
    assert odds("(0d6, 1d4)kh1") == uniform(range(1, 5), 4)


def test_more_dice_than_a_term_rolls_are_still_refused() -> None:
    assert "1001 dice at column 1: a term rolls 0 to 1000 dice" in refused("1001d6")


# ---------------------------------------------------------------- d1


@pytest.mark.parametrize(
    ("text", "faces", "line"),
    [
        ("d1", [], "1d1: 1 = 1"),
        ("3d1+1d4", [2], "3d1+1d4: 3 + (2) = 5"),
        ("-2d1", [], "-2d1: -2 = -2"),
        ("2d1*1d4", [3], "2d1*1d4: 2 * (3) = 6"),
        ("(1d1, 1d4)kh1", [3], "(1d1, 1d4)kh1: (1 dropped, (3)) = 3"),
    ],
)
def test_a_d1_always_shows_1_and_draws_nothing(text: str, faces: list[int],
                                               line: str) -> None:
    result = evaluate(text, ScriptedDice(faces))  # only the other dice are scripted
    assert str(result) == line
    assert all(record.sides != 1 for record in result.records)


def test_a_d1_is_certain() -> None:
    assert odds("d1") == {1: Fraction(1)}
    assert odds("5d1") == {5: Fraction(1)}
    assert odds("3d1+1d4") == uniform(range(4, 8), 4)
    assert odds("(1d1, 1d4)kl1") == {1: Fraction(1)}


def test_a_d1_in_the_roll_log_shows_no_die() -> None:
    roll = tray_roll(evaluate("3d1+1d4", ScriptedDice([2])))
    assert [(d.sides, d.face) for d in roll.dice] == [(4, 2)] and roll.total == 5


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("d1kh1", "unexpected 'k' at column 3: a d1 always shows 1: it takes no operators"),
        ("3d1!", "unexpected '!' at column 4: a d1 always shows 1"),
        ("3d1>=1", "unexpected '>=' at column 4: a d1 always shows 1: a success pool needs"),
        ("d0", "die size 0 at column 2: dice have 1 to 1000 sides"),
    ],
)
def test_what_a_d1_cannot_do_is_named_with_its_column(text: str, words: str) -> None:
    assert words in refused(text)


# ---------------------------------------------------------------- still refused


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("d6rr<7", "'rr<7' at column 3: it rerolls every face of a d6, for ever"),
        ("d6e<7", "every face of a d6 explodes"),
        ("(1d20, 1d20)kh1 + d6rr<7", "for ever"),
        ("1d6*1.5 + d4e<5", "every face of a d4 explodes"),
    ],
)
def test_rolls_that_never_end_stay_refused_in_one_line(text: str, words: str) -> None:
    assert words in refused(text)
