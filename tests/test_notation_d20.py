"""What d20 (avrae) users type, read as they mean it (issue 29): labels in brackets,
signs, keeping and dropping on sets, decimals, 0d6 and d1. Each rule with its odds,
worked by hand, where the tray shows them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.cli import main
from companion.dice.notation import NotationError, evaluate, parse
from companion.dice.odds import distribution
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
