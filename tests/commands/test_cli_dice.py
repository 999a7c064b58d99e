"""`companion roll` and `companion odds` as a player uses them in a terminal."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest
from support.places import ROOT

from companion.cli import main
from companion.commands.odds import fraction_chars, percent, percent_of
from companion.dice.odds.expression import distribution


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------- roll


def test_roll_shows_each_die_and_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "roll", "2d6+1", "--seed", "3")
    assert code == 0 and err == ""
    line = out.strip()
    assert line.startswith("2d6+1: (")
    faces = [int(f) for f in line[line.index("(") + 1:line.index(")")].split(", ")]
    assert len(faces) == 2 and all(1 <= f <= 6 for f in faces)
    assert line.endswith(f"+ 1 = {sum(faces) + 1}")


def test_the_same_seed_gives_the_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "roll", "10d6+d66-2", "--seed", "1234")
    second = run(capsys, "roll", "10d6+d66-2", "--seed", "1234")
    assert first == second
    assert run(capsys, "roll", "10d6", "--seed", "1", "--json") == run(
        capsys, "roll", "10d6", "--seed", "1", "--json"
    )


def test_roll_json_is_one_object(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "3d6 - 2", "--seed", "9", "--json",
                       "--purpose", "damage")
    assert code == 0
    data = json.loads(out)
    assert data["expr"] == "3d6-2"
    assert len(data["faces"]) == 3 and all(1 <= f <= 6 for f in data["faces"])
    assert data["total"] == sum(data["faces"]) - 2
    assert data["purpose"] == "damage"
    assert [t["term"] for t in data["terms"]] == ["3d6", "2"]


def test_a_pool_totals_its_successes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "6d6>=5", "--seed", "5", "--json")
    data = json.loads(out)
    assert code == 0 and data["expr"] == "6d6>=5"
    assert data["total"] == sum(f >= 5 for f in data["faces"])


def test_without_a_seed_the_dice_still_roll(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "d66", "--json")
    data = json.loads(out)
    assert code == 0 and data["total"] == 10 * data["faces"][0] + data["faces"][1]


@pytest.mark.parametrize(
    ("expr", "column"),
    [("3d", 3), ("2d6+", 5), ("2x6", 2), ("", 1), ("d0", 2), ("1001d6", 1)],
)
def test_bad_notation_prints_one_line_naming_the_column(
    capsys: pytest.CaptureFixture[str], expr: str, column: int
) -> None:
    code, out, err = run(capsys, "roll", expr)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("companion: ")
    assert f"column {column}" in err


def test_bad_notation_from_a_real_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "roll", "3d"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        "companion: expected a die size after 'd' at column 3: a number, or % for d100\n")


@pytest.mark.parametrize("command", ["roll", "odds"])
def test_help_explains_the_notation(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with pytest.raises(SystemExit) as caught:
        main([command, "--help"])
    assert caught.value.code == 0
    out = capsys.readouterr().out
    for example in ("2d6+1", "d66", "4d6>=5", "examples:"):
        assert example in out


# ---------------------------------------------------------------- odds


def test_odds_lists_every_value_with_fraction_and_percentage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "odds", "2d6")
    assert code == 0
    lines = out.splitlines()
    rows = {line.split()[0]: line.split()[1:] for line in lines[1:]}
    assert list(rows) == [str(v) for v in range(2, 13)]
    assert rows["7"] == ["1/6", "16.67%"]
    assert rows["2"] == ["1/36", "2.78%"]


def test_odds_json_maps_values_to_exact_fractions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "4d6>=5", "--json")
    assert code == 0
    assert json.loads(out) == {"0": "16/81", "1": "32/81", "2": "8/27", "3": "8/81",
                               "4": "1/81"}
    _, out, _ = run(capsys, "odds", "3", "--json")
    assert json.loads(out) == {"3": "1"}


def test_tiny_chances_are_not_rounded_to_zero(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "30d6>=2")
    first = out.splitlines()[1].split()
    assert first[0] == "0" and first[2].endswith("e-22%")


@pytest.mark.parametrize(("expr", "words"),
                         [("2d6+", "column 5"), ("1000d1000", "possible totals")])
def test_odds_of_bad_or_absurd_notation_fail_cleanly(
    capsys: pytest.CaptureFixture[str], expr: str, words: str
) -> None:
    code, out, err = run(capsys, "odds", expr)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err


# ---------------------------------------------------------------- bounds


MANY_SIZES = "+".join(f"12d{s}" for s in (2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233))


@pytest.mark.parametrize(
    ("expr", "words"),
    [
        ("292d245", "companion: 292d245 has 71,249 possible totals; exact odds are worked out "
         "for up to 10,000: use fewer or smaller dice, or roll it instead\n"),
        ("1000d1000", "1000d1000 has 999,001 possible totals"),
        ("1000d11", "1000d11 has 10,001 possible totals"),
        ("500d20 + 500D20", "500d20+500d20 has 19,001"),
        ("-d66" * 182, "-d66-d66-d66-d66-d66-d66-d66-d66-d66... has 10,011"),
        (MANY_SIZES, "11 sizes of dice over 7,153 totals"),
    ],
)
@pytest.mark.parametrize("as_json", [False, True])
def test_odds_too_big_to_work_out_are_refused_at_once(
    capsys: pytest.CaptureFixture[str], expr: str, words: str, as_json: bool
) -> None:
    code, out, err = run(capsys, "odds", *(["--json"] if as_json else []), "--", expr)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("companion: ") and words in err
    assert "Traceback" not in err
    # The same dice still roll.
    code, out, err = run(capsys, "roll", "--seed", "1", "--", expr)
    assert code == 0 and err == "" and out.count("\n") == 1


def test_odds_of_many_totals_show_the_percentages_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 1000d6 is worked out, but its fractions run to 779 digits each: 7 MB of them.
    code, out, err = run(capsys, "odds", "1000d6")
    assert code == 0 and err == ""
    assert len(out) < 200_000
    lines = out.splitlines()
    assert len(lines) == 5002
    assert lines[0].startswith("1000d6: mean 3500; chances rounded: the exact fractions")
    assert "500,000" in lines[0]
    assert lines[1].split() == ["1000", "7.06e-777%"]
    assert all(len(line.split()) == 2 for line in lines[1:])


def test_odds_json_refuses_what_would_run_to_megabytes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "odds", "1000d6", "--json")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "--json prints up to 500,000" in err
    assert "leave out --json" in err


def test_long_fractions_within_the_bound_are_printed_exactly(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "odds", "200d6", "--json")
    assert code == 0 and len(out) < 500_000
    chances = json.loads(out)
    assert len(chances) == 1001
    assert chances["200"] == f"1/{6**200}"
    assert sum(Fraction(c) for c in chances.values()) == 1
    _, out, _ = run(capsys, "odds", "200d6")
    assert out.splitlines()[1].split() == ["200", f"1/{6**200}", "2.34e-154%"]


def test_every_line_of_the_biggest_pool_is_short(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "1000d1000>=500")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 1002
    assert max(map(len, lines[1:])) < 20


def test_a_refusal_from_a_real_process_is_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "odds", "292d245"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("companion: 292d245 has 71,249 possible totals; exact odds are "
                           "worked out for up to 10,000: use fewer or smaller dice, or roll "
                           "it instead\n")


@pytest.mark.parametrize("expr", ["2d6", "4d6>=5", "d66-3", "30d6>=2", "100d6", "1000d2>=1",
                                  "20d7-5d3"])
def test_the_bounds_on_fractions_are_never_short(expr: str) -> None:
    dist = distribution(expr)
    widest, chars = fraction_chars(dist)
    written = [str(dist[value]) for value in dist]
    assert widest >= max(map(len, written)) and chars >= sum(map(len, written))


@pytest.mark.parametrize(
    ("ways", "total", "shown"),
    [(0, 6, "0%"), (6, 6, "100%"), (1, 6, "16.67%"), (1, 36, "2.78%"), (1, 6**30, "4.52e-22%"),
     (6**30 - 1, 6**30, ">99.999999%"), (9999, 10**4, "99.99%"), (99999, 10**5, "99.999%"),
     (1, 10**4, "0.01%"), (1, 6**1000, "7.06e-777%")],
)
def test_percentages_come_from_the_counts(ways: int, total: int, shown: str) -> None:
    assert percent_of(ways, total) == shown
    assert percent(Fraction(ways, total)) == shown


# ---------------------------------------------------------------- the new notation


def test_roll_with_odds_shows_the_roll_then_every_chance(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "4d6kh3", "--seed", "3", "--odds")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("4d6kh3: (") and " dropped" in lines[0], "the dropped die shows"
    assert lines[1] == "4d6kh3: mean 12.2446"
    assert lines[2].split() == ["3", "1/1296", "0.08%"]
    assert len(lines) == 2 + 16


def test_roll_json_says_which_dice_were_kept(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "4d6kh3", "--seed", "3", "--json", "--odds")
    assert code == 0
    data = json.loads(out)
    kept = [d["value"] for d in data["dice"] if d["kept"]]
    assert len(data["dice"]) == 4 and len(kept) == 3
    assert data["total"] == sum(kept)
    assert data["odds"]["18"] == "7/432"


def test_odds_too_big_to_work_out_roll_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "roll", "1000d6e6", "--odds")
    assert code == 2 and out == ""
    assert "possible totals" in err and "\n" not in err.rstrip("\n")


@pytest.mark.parametrize(("expr", "first"), [
    ("2d20kl1", "2d20kl1: mean 7.175"),
    ("d%", "1d100: mean 50.5"),
    ("(1d4+1)*2", "(1d4+1)*2: mean 7"),
])
def test_odds_read_the_new_notation(capsys: pytest.CaptureFixture[str], expr: str,
                                    first: str) -> None:
    code, out, _ = run(capsys, "odds", expr)
    assert code == 0 and out.splitlines()[0] == first
