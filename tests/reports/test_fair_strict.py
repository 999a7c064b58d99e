"""Foresight and the GM's own moves: verify's last line counts the moves the GM chose
by hand and the dice typed at the table, by turn; a strict match (`new --strict`)
refuses both, at the table and in its report, and verify says "strict"."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.commands.session import load
from companion.dice.sources import SeededDice, TypedDice
from companion.errors import UserError


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def hand_move(path: Path) -> str:
    """A turn whose first gladiator's move is the GM's: the first card of his hand."""
    session = load(path)
    g = session.ruleset.summary(session.state)["gladiators"][0]
    card = next(c for c in g["hand"] if c.get("playable"))
    move = {"move": card["key"]}
    if card.get("targets"):
        move["target"] = card["targets"][0]
    return json.dumps({"type": "turn", "moves": {g["id"]: move}})


def test_verify_counts_the_gms_own_moves_and_the_typed_dice_by_turn(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = tmp_path / "m.json"
    code, out, _ = run(capsys, "new", "grimdark", "--gladiators", "Lord Smash,Sewer Beast",
                       "--verifiable", "--out", str(match))
    line = out.strip().splitlines()[-1]
    assert run(capsys, "act", str(match), "turn")[0] == 0
    assert run(capsys, "act", str(match), hand_move(match))[0] == 0
    # Turn 3, its dice typed at the table: the faces the seed would give, typed.
    session = load(match)
    trial = copy.deepcopy(session)
    action = session.ruleset.choose(session.state)
    trial.act(action, SeededDice(0))
    faces = [f for r in trial.journal[-1].rolls for f in r["faces"]]
    session.act(action, TypedDice(faces))
    session.save(match)
    assert run(capsys, "act", str(match), hand_move(match))[0] == 0
    code, out, _ = run(capsys, "verify", str(match), "--commitment", line)
    assert code == 0, out
    last = out.splitlines()[-1]
    assert last.startswith("verified: ")
    assert "; 2 moves by the GM's choice: turns 2, 4; " in last
    assert "; dice typed at the table, not verifiable: turn 3; " in last


def test_a_match_of_the_coachings_alone_says_no_move_was_the_gms(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = tmp_path / "m.json"
    run(capsys, "new", "grimdark", "--gladiators", "Lord Smash,Sewer Beast", "--verifiable",
        "--out", str(match))
    run(capsys, "auto", str(match), "--turns", "2")
    out = run(capsys, "verify", str(match))[1]
    assert "; 0 moves by the GM's choice; " in out.splitlines()[-1]


def strict_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    match = tmp_path / "strict.json"
    code, out, _ = run(capsys, "new", "grimdark", "--gladiators", "Lord Smash,Sewer Beast",
                       "--verifiable", "--strict", "--out", str(match))
    assert code == 0
    line = out.strip().splitlines()[-1]
    run(capsys, "salts", str(match), "--add", "Lord Smash: ours", "--close")
    return match, line


def test_a_strict_match_is_said_in_its_commitment_and_refuses_the_gms_hand(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match, line = strict_match(tmp_path, capsys)
    assert line.startswith("companion commitment v2 sha256:") and line.endswith(" strict")
    code, _, err = run(capsys, "act", str(match), hand_move(match))
    assert code != 0 and err.count("\n") == 1
    assert "a strict match: every move is the coaching's; Lord Smash's move may not be " \
        "chosen by hand" in err
    code, _, err = run(capsys, "act", str(match), "turn", "--dice", "1,2,3,4,5")
    assert code != 0 and err.count("\n") == 1
    assert "a strict match: every die comes from the seed, none may be typed in" in err
    session = load(match)
    with pytest.raises(UserError, match="a strict match"):
        session.act(session.ruleset.choose(session.state), TypedDice([1, 2, 3]))
    # A move said to be the coaching's that the coaching would not play: refused too.
    action = session.ruleset.choose(session.state)
    assert action is not None
    g = next(iter(action["moves"]))
    hand = next(x for x in session.ruleset.summary(session.state)["gladiators"]
                if x["id"] == g)["hand"]
    card = next(c for c in hand if c["key"] != action["moves"][g]["move"]
                and c.get("playable"))
    forged = {"type": "turn", "moves": {g: {"move": card["key"], "why": ["aggressive"]}}}
    with pytest.raises(UserError, match=r"a strict match: .* given as his coaching's choice"):
        session.act(forged, SeededDice(None))
    assert run(capsys, "auto", str(match))[0] == 0
    report = tmp_path / "strict.bbcode"
    run(capsys, "export", str(match), "--format", "bbcode", "--out", str(report))
    text = report.read_text("utf-8")
    assert "Strict: every move is the coaching's, and every die the seed's" in text
    code, out, _ = run(capsys, "verify", str(report), "--commitment", line)
    assert code == 0, out
    assert "; strict: every move the coaching's, every die the seed's; it matches the " \
        "commitment" in out.splitlines()[-1]
    # The hash binds, and the word is only read: a line that adds "strict" to the
    # commitment of a match that is not strict is refused.
    plain = tmp_path / "plain.json"
    out = run(capsys, "new", "grimdark", "--gladiators", "Lord Smash,Sewer Beast",
              "--salted", "--out", str(plain))[1]
    plain_line = out.strip().splitlines()[-1]
    run(capsys, "salts", str(plain), "--close")
    run(capsys, "auto", str(plain), "--turns", "1")
    code, out, _ = run(capsys, "verify", str(plain), "--commitment", plain_line + " strict")
    assert code == 1
    assert "the commitment: strict: the line says strict, but the match committed to is " \
        "not" in out


def test_a_strict_match_with_a_hand_move_in_its_file_is_refused_by_verify(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match, line = strict_match(tmp_path, capsys)
    run(capsys, "auto", str(match), "--turns", "2")
    data = json.loads(match.read_text("utf-8"))
    turn = data["journal"][2]["action"]
    who = next(iter(turn["moves"]))
    del turn["moves"][who]["why"]  # the same move, given as the GM's
    data["journal"][2]["outcome"] = None
    match.write_text(json.dumps(data), "utf-8")
    code, out, _ = run(capsys, "verify", str(match), "--commitment", line)
    assert code == 1
    assert "turn 2: the GM chose the move of Lord Smash by hand, in a match committed to " \
        "as strict" in out or "turn 2: the GM chose the move of Sewer Beast by hand" in out
