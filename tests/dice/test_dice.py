"""Dice sources and roll records: every die comes from a source and is recorded."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.dice.sources import (
    BadManualEntry,
    BadRollRecord,
    DiceScriptExhausted,
    Draw,
    ImpossibleFace,
    NeedDice,
    RollRequest,
    ScriptedDice,
    SeededDice,
    TypedDice,
    parse_typed_faces,
    roll_d66,
)
from companion.errors import UserError

# ---------------------------------------------------------------- seeded


@given(seed=st.integers(min_value=0, max_value=2**64), sides=st.integers(2, 100),
       count=st.integers(0, 30))
def test_the_same_seed_gives_the_same_faces(seed: int, sides: int, count: int) -> None:
    first = SeededDice(seed).roll(sides, count)
    second = SeededDice(seed).roll(sides, count)
    assert first.faces == second.faces
    assert all(1 <= face <= sides for face in first.faces)
    assert len(first.faces) == count


def test_a_seeded_source_goes_on_rolling_reproducibly() -> None:
    a, b = SeededDice(42), SeededDice(42)
    rolls_a = [a.d6(3).faces for _ in range(5)]
    rolls_b = [b.d6(3).faces for _ in range(5)]
    assert rolls_a == rolls_b
    assert len(set(rolls_a)) > 1, "successive rolls should differ"


def test_an_unseeded_source_still_rolls_fair_faces() -> None:
    record = SeededDice(None).roll(6, 50)
    assert all(1 <= face <= 6 for face in record.faces)


# ---------------------------------------------------------------- records


def test_a_record_keeps_who_why_which_die_and_faces() -> None:
    dice = ScriptedDice([6, 4, 1])
    record = dice.roll(6, 3, purpose="attack", roller="Brutus")
    assert record == Draw(purpose="attack", roller="Brutus", sides=6, faces=(6, 4, 1))
    assert record.total == 11 and record.count == 3
    assert dice.history == [record]


def test_every_roll_lands_in_the_history_in_order() -> None:
    dice = SeededDice(1)
    first = dice.d6(purpose="initiative", roller="A")
    second = dice.roll(20, 2, purpose="save", roller="B")
    assert dice.history == [first, second]
    assert SeededDice(1).history == [], "each source owns its own history"


@given(
    purpose=st.text(max_size=10),
    roller=st.text(max_size=10),
    sides=st.integers(2, 1000),
    data=st.data(),
)
def test_records_round_trip_through_json(purpose: str, roller: str, sides: int,
                                          data: st.DataObject) -> None:
    faces = data.draw(st.lists(st.integers(1, sides), max_size=20))
    record = Draw(purpose=purpose, roller=roller, sides=sides, faces=tuple(faces))
    again = Draw.from_dict(json.loads(json.dumps(record.to_dict())))
    assert again == record


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([1, 2], "expected an object"),
        ({"sides": 6}, "missing field 'faces'"),
        ({"faces": [1]}, "missing field 'sides'"),
        ({"sides": 6, "faces": [1], "colour": "red"}, "unknown field(s) 'colour'"),
        ({"sides": 1, "faces": []}, "'sides' must be a whole number of 2 or more"),
        ({"sides": True, "faces": []}, "'sides'"),
        ({"sides": 6, "faces": "12"}, "'faces' must be a list"),
        ({"sides": 6, "faces": [3, 7]}, "face 2 (7) is impossible on a d6"),
        ({"sides": 6, "faces": [0]}, "face 1 (0) is impossible on a d6"),
        ({"sides": 6, "faces": [2.5]}, "impossible on a d6"),
        ({"sides": 6, "faces": [], "purpose": 3}, "'purpose' must be text"),
    ],
)
def test_a_bad_record_is_refused_with_a_clear_message(data: object, words: str) -> None:
    with pytest.raises(BadRollRecord) as caught:
        Draw.from_dict(data, where="journal entry 4")  # type: ignore[arg-type]
    assert str(caught.value).startswith("journal entry 4: ")
    assert words in str(caught.value)
    assert isinstance(caught.value, UserError)


# ---------------------------------------------------------------- scripted


def test_scripted_dice_hand_out_their_faces_in_order() -> None:
    dice = ScriptedDice([3, 5, 6, 1])
    assert dice.d6(2).faces == (3, 5)
    assert dice.remaining == (6, 1)
    assert dice.roll(8).faces == (6,)
    assert dice.d6().faces == (1,)
    assert dice.remaining == ()


def test_scripted_dice_say_when_they_run_out() -> None:
    dice = ScriptedDice([4, 4, 2])
    dice.d6(2, purpose="attack")
    with pytest.raises(DiceScriptExhausted) as caught:
        dice.d6(3, purpose="save", roller="Crixus")
    message = str(caught.value)
    assert "3 face(s) were scripted" in message
    assert "1 remain" in message
    assert "the save roll of 3d6 by Crixus" in message
    # A failed roll takes nothing and records nothing.
    assert dice.remaining == (2,)
    assert len(dice.history) == 1


def test_scripted_dice_refuse_an_impossible_face() -> None:
    dice = ScriptedDice([2, 7])
    with pytest.raises(ImpossibleFace) as caught:
        dice.d6(2, purpose="attack")
    message = str(caught.value)
    assert "scripted face 7" in message
    assert "impossible on a d6" in message
    assert "attack" in message
    assert caught.value.face == 7 and caught.value.sides == 6
    assert dice.remaining == (2, 7), "nothing was consumed"
    assert dice.roll(8, 2).faces == (2, 7), "the same faces suit a d8"


def test_a_roll_of_no_dice_is_an_empty_record() -> None:
    dice = ScriptedDice([])
    assert dice.d6(0, purpose="defence").faces == ()


def test_nonsense_arguments_are_bugs_not_user_errors() -> None:
    with pytest.raises(ValueError):
        SeededDice(1).roll(1)
    with pytest.raises(ValueError):
        SeededDice(1).roll(6, -1)
    with pytest.raises(TypeError):
        ScriptedDice(["6"])  # type: ignore[list-item]


# ---------------------------------------------------------------- typed in


def test_typed_dice_hand_out_the_players_faces_and_ask_for_more() -> None:
    dice = TypedDice()
    with pytest.raises(NeedDice) as need:
        dice.d6(3, purpose="attack", roller="Spartacus")
    assert need.value.request == RollRequest(sides=6, count=3, purpose="attack",
                                             roller="Spartacus")
    assert need.value.request.describe() == "the attack roll of 3d6 by Spartacus"
    assert dice.type_in("6 6 2") == (6, 6, 2)
    dice.begin()  # the action is tried again from the start
    assert dice.d6(3, purpose="attack", roller="Spartacus").faces == (6, 6, 2)
    dice.done()
    assert dice.remaining == ()


def test_typed_dice_refuse_a_wrong_answer_and_keep_nothing_of_it() -> None:
    dice = TypedDice()
    with pytest.raises(NeedDice):
        dice.d6(3, purpose="heal")
    with pytest.raises(BadManualEntry, match=r"expected 3 face\(s\) for 3d6, got 2: 3 5"):
        dice.type_in("3 5")
    with pytest.raises(ImpossibleFace, match="9 is impossible on a d6"):
        dice.type_in("3 9 1")
    assert dice.remaining == ()
    dice.type_in("3 5 1")
    dice.begin()
    assert dice.d6(3, purpose="heal").faces == (3, 5, 1)


def test_faces_given_at_once_are_checked_against_each_die_asked_for() -> None:
    dice = TypedDice([4, 7])
    assert dice.d6(purpose="AP").faces == (4,)
    with pytest.raises(ImpossibleFace, match="7 is impossible on a d6"):
        dice.d6(purpose="attack")
    assert dice.roll(8, purpose="damage").faces == (7,)  # a refused face stays in line
    short = TypedDice([2])
    with pytest.raises(NeedDice) as need:
        short.d6(2, purpose="appeal to the crowd")
    assert need.value.given == 1


@pytest.mark.parametrize(
    ("text", "sides", "count", "faces"),
    [
        ("3 5", 6, 2, [3, 5]),
        ("3,5", 6, 2, [3, 5]),
        (" 3, 5 ", 6, 2, [3, 5]),
        ("35", 6, 2, [3, 5]),
        ("6", 6, 1, [6]),
        ("12 20", 20, 2, [12, 20]),
        ("", 6, 0, []),
        ("615", 6, 3, [6, 1, 5]),
    ],
)
def test_typed_faces_are_read_in_the_usual_ways(text: str, sides: int, count: int,
                                                 faces: list[int]) -> None:
    assert parse_typed_faces(text, sides, count) == faces


@pytest.mark.parametrize(
    ("text", "sides", "count", "error", "words"),
    [
        ("35", 6, 1, ImpossibleFace, "35 is impossible on a d6"),
        ("3 7", 6, 2, ImpossibleFace, "7 is impossible on a d6"),
        ("0", 6, 1, ImpossibleFace, "0 is impossible on a d6"),
        ("3 x", 6, 2, BadManualEntry, "'x' is not a die face"),
        ("-3", 6, 1, BadManualEntry, "'-3' is not a die face"),
        ("3", 6, 2, BadManualEntry, "expected 2 face(s) for 2d6, got 1: 3"),
        ("", 6, 2, BadManualEntry, "got none"),
        ("356", 6, 2, BadManualEntry, "expected 2 face(s) for 2d6, got 1: 356"),
        ("12", 20, 2, BadManualEntry, "expected 2 face(s) for 2d20, got 1: 12"),
    ],
)
def test_typed_faces_that_cannot_be_read_name_the_trouble(
    text: str, sides: int, count: int, error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as caught:
        parse_typed_faces(text, sides, count)
    assert words in str(caught.value)


# ---------------------------------------------------------------- d66


def test_d66_reads_the_first_die_as_tens() -> None:
    dice = ScriptedDice([3, 5, 6, 1])
    value, record = roll_d66(dice, purpose="insanity", roller="Varro")
    assert value == 35
    assert record == Draw("insanity", "Varro", 6, (3, 5))
    assert roll_d66(dice)[0] == 61


@given(seed=st.integers(0, 10_000))
def test_d66_is_always_a_tens_and_units_value(seed: int) -> None:
    value, record = roll_d66(SeededDice(seed))
    assert value // 10 in range(1, 7) and value % 10 in range(1, 7)
    assert value == record.faces[0] * 10 + record.faces[1]
