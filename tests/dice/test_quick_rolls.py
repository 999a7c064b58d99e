"""The quick ways of rolling give exactly what the long ways gave.

A seeded source draws its faces without `random.randint`'s layers and makes its records
without re-checking them; `evaluate` rolls plain sums, keep-or-drop-highest dice and
plain pools without the full machinery, and works out the terms and the shown dice only
when they are read. The faces for a seed, the records, the journal a session keeps and
its replay must all be what they were.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_notation_fuzz import expressions

from companion.dice.notation.parse import parse
from companion.dice.notation.reader import NotationError
from companion.dice.notation.roll import _evaluate_full, evaluate
from companion.dice.sources import (
    DiceSource,
    Draw,
    NeedDice,
    RollRequest,
    ScriptedDice,
    SeededDice,
    TypedDice,
)
from companion.rulesets.skirmish.rules import SkirmishRules
from companion.session.session import Session, load_session
from companion.tables.loader import load_tables

# ---------------------------------------------------------------- the faces


@given(seed=st.integers(min_value=0, max_value=2**64),
       rolls=st.lists(st.tuples(st.sampled_from([2, 3, 4, 6, 7, 8, 10, 12, 20, 64, 100,
                                                 1000, 1024, 2**40 + 3]),
                                st.integers(0, 12)), max_size=12))
def test_a_seed_gives_the_faces_random_randint_gave(
        seed: int, rolls: list[tuple[int, int]]) -> None:
    dice, reference = SeededDice(seed), random.Random(seed)
    for sides, count in rolls:
        assert dice.roll(sides, count).faces == tuple(
            reference.randint(1, sides) for _ in range(count))


def test_growing_a_roll_draws_on_from_the_same_stream() -> None:
    dice, reference = SeededDice(7), random.Random(7)
    record = dice.roll(6, 3)
    grown = dice.roll_more(record, 2)
    assert grown.faces == tuple(reference.randint(1, 6) for _ in range(5))
    assert dice.history == [grown]


# ---------------------------------------------------------------- the records


def test_a_quick_record_is_the_record_the_checks_would_have_made() -> None:
    record = SeededDice(3).roll(6, 4, purpose="attack", roller="Brutus")
    made = Draw("attack", "Brutus", 6, record.faces)
    assert record == made and hash(record) == hash(made)
    assert record.to_dict() == made.to_dict()
    assert Draw.from_dict(record.to_dict()) == record
    assert dataclasses.replace(record, typed=True).typed


def test_a_quick_record_cannot_be_changed() -> None:
    record = SeededDice(3).d6(2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.faces = (1, 1)  # type: ignore[misc]


def test_wrong_arguments_are_still_refused_by_a_seeded_source() -> None:
    dice = SeededDice(1)
    for sides, count in ((1, 1), (6, -1), (True, 1), (6, 1.5), ("6", 1)):
        with pytest.raises(ValueError):
            dice.roll(sides, count)  # type: ignore[arg-type]
    assert dice.history == []


def test_a_seeded_source_that_draws_its_own_way_is_asked_for_its_faces() -> None:
    class Sixes(SeededDice):
        def _draw(self, request: RollRequest) -> list[int]:
            return [6] * request.count

    assert Sixes(1).roll(6, 3).faces == (6, 6, 6)


# ---------------------------------------------------------------- rolling notation


QUICK = ["1d20", "d20", "4d6", "2d6+3", "10d6", "4d6kh3", "4d6kl1", "5d8ph2", "5d8pl2",
         "3d6kh5", "3d6pl4", "-d4+2d6-1", "100d6", "0+0", "7", "2d10kh1-d6kl1+3",
         "6d6>=5", "1d2>=1"]
FULL = ["d66", "d66+1", "4d6kh1kl1", "4d6rr1", "3d6!", "(d6+1)*2", "d20/3", "4d6rr1>=5",
        "4d6kh3mi2", "2d6+d66"]


@pytest.mark.parametrize("text", QUICK + FULL)
def test_a_roll_is_the_same_the_quick_way_and_the_full_way(text: str) -> None:
    for seed in range(40):
        quick_dice, full_dice = SeededDice(seed), SeededDice(seed)
        quick = evaluate(text, quick_dice, purpose="tray", roller="Varro")
        full = _evaluate_full(parse(text), full_dice, purpose="tray", roller="Varro")
        assert quick_dice.history == full_dice.history
        assert quick.records == full.records
        assert quick.total == full.total and quick.faces == full.faces
        assert quick.terms == full.terms and quick.dice == full.dice
        assert quick == full
        assert quick.to_dict() == full.to_dict()
        assert str(quick) == str(full)
        assert quick.breakdown() == full.breakdown()


def _kept_dice(rng: random.Random) -> str:
    """A group that keeps or drops some of its dice, now and then with more operators."""
    count = rng.randint(1, 12)
    text = f"{count}d{rng.choice([2, 3, 4, 6, 8, 10, 12, 20, 100])}"
    text += rng.choice(["k", "p"]) + rng.choice(["h", "l"]) + str(rng.randint(1, count + 2))
    if rng.random() < 0.2:
        text += rng.choice(["kl1", "ph1", "mi2", "ro1", "e6"])
    return text


def _generated(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    out = expressions(seed, n)
    for _ in range(n):
        terms = [_kept_dice(rng) if rng.random() < 0.6 else rng.choice(["d6", "3", "2d10"])
                 for _ in range(rng.randint(1, 4))]
        out.append("".join(rng.choice("+-") + term for term in terms).lstrip("+"))
    return out


def test_generated_expressions_roll_the_same_the_quick_way() -> None:
    rolled = 0
    for index, text in enumerate(_generated(14, 1500)):
        try:
            expr = parse(text)
        except NotationError:
            continue
        quick, full = evaluate(expr, SeededDice(index)), _evaluate_full(expr,
                                                                       SeededDice(index))
        assert quick == full, text
        assert quick.to_dict() == full.to_dict(), text
        rolled += expr.quick is not None
    assert rolled > 1000  # the quick way was taken often


def test_reading_the_shown_dice_changes_nothing_else() -> None:
    dice = SeededDice(5)
    result = evaluate("4d6kh3+2", dice)
    before = (list(result.faces), result.total, list(result.records), list(dice.history))
    shown = result.dice
    assert [d.kept for d in shown].count(False) == 1
    assert (result.faces, result.total, result.records, dice.history) == before
    assert result.dice is shown  # worked out once


def test_typed_dice_ask_for_the_next_group_the_quick_way_too() -> None:
    quick, full = TypedDice([3, 4]), TypedDice([3, 4])
    with pytest.raises(NeedDice) as asked:
        evaluate("2d6+1d8", quick)
    with pytest.raises(NeedDice) as asked_full:
        _evaluate_full(parse("2d6+1d8"), full)
    assert asked.value.request == asked_full.value.request == RollRequest(8, 1, "roll", "")
    assert quick.history == full.history == [Draw("roll", "", 6, (3, 4), typed=True)]


def test_a_quick_roll_replays_from_its_records() -> None:
    result = evaluate("4d6kh3-1", SeededDice(11), purpose="stat")
    again = evaluate("4d6kh3-1", ScriptedDice(result.records[0].faces), purpose="stat")
    assert again == result


class _Counting(DiceSource):
    """Dice that say how often they were asked."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    def _draw(self, request: RollRequest) -> list[int]:
        self.asked += 1
        return [1] * request.count


def test_reading_the_terms_rolls_no_more_dice() -> None:
    dice = _Counting()
    result = evaluate("3d6+1d4", dice)
    assert dice.asked == 2
    assert [t.faces for t in result.terms] == [[1, 1, 1], [1]]
    assert dice.asked == 2 and len(dice.history) == 2


# ---------------------------------------------------------------- a whole session


class _RandintDice(DiceSource):
    """The seeded dice as they were: randint through the checked path of DiceSource."""

    def __init__(self, seed: int) -> None:
        super().__init__()
        self._rng = random.Random(seed)

    def _draw(self, request: RollRequest) -> list[int]:
        return [self._rng.randint(1, request.sides) for _ in range(request.count)]


def _bout(dice: DiceSource) -> Session:
    rules = SkirmishRules()
    session = Session(rules, rules.make_setup({"gladiators": "samnite,retiarius"}),
                      load_tables())
    for _ in range(300):
        action = rules.choose(session.state)
        if action is None:
            break
        session.act(action, dice)
    return session


def test_a_bout_keeps_the_same_journal_and_replays_from_it(tmp_path: Path) -> None:
    quick, old = _bout(SeededDice(4)), _bout(_RandintDice(4))
    assert len(quick.journal) > 20
    assert [e.rolls for e in quick.journal] == [e.rolls for e in old.journal]
    assert quick.journal == old.journal
    path = tmp_path / "bout.json"
    quick.save(path)
    again = load_session(path, lambda _: SkirmishRules())
    assert again.journal == quick.journal and again.log == quick.log
