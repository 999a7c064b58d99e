"""The verifiable GM mode: a match committed to before its first die, its dice drawn
from a secret seed, and a player who plays it again from the report and finds every
changed die, result and coaching by its turn.

The expected commitment and dice below are fixed by the algorithm (companion/
commitment.py and companion/dice/derived.py say it in words); they change only if it does,
and then every commitment posted before is lost: never regenerate them lightly.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
from pathlib import Path
from typing import Any

import pytest
from support.report_sessions import NOW, _entry

from companion.cli import main
from companion.dice.derived import DerivedDice
from companion.dice.sources import SeededDice, TypedDice
from companion.errors import UserError
from companion.reports.build import build_report
from companion.reports.formats import FORMATS
from companion.reports.verify import claims_of_entries, compare_text, verify
from companion.rulesets.grimdark.rules import GrimdarkRules
from companion.rulesets.registry import get_ruleset
from companion.session.commitment import (
    CODE_PREFIX,
    commit,
    commit_parts,
    decode,
    encode,
    find_code,
    read_line,
    replay_of,
    tables_digest,
)
from companion.session.session import Session, load_session
from companion.tables.loader import load_tables

SEED = "5eed" * 16
TEXT_FORMATS = {k: v for k, v in FORMATS.items() if k != "html"}


def _setup() -> dict[str, Any]:
    return {"gladiators": [_entry("Lord Smash", "1"), _entry("Sewer Beast", "2")],
            "options": {"started": NOW}}


def _match(turns: int = 400) -> Session:
    """Lord Smash against Sewer Beast, verifiable: whatever seed the app's dice are
    given, they come from SEED."""
    rules = GrimdarkRules()
    session = Session(rules, _setup(), load_tables(), seed=SEED)
    for _ in range(turns):
        action = rules.choose(session.state)
        if action is None:
            break
        session.act(action, SeededDice(99))
    return session


@pytest.fixture(scope="module")
def match() -> Session:
    return _match()


def _check(session: Session, entries: Any = None, *, posted: str | None = None) -> Any:
    return verify(session.ruleset, session.setup, session.seed or "", session.tables,
                  claims_of_entries(entries if entries is not None else session.journal),
                  posted=read_line(posted) if posted else None)


def _said(verdict: Any) -> list[str]:
    return [f.line() for f in verdict.findings]


# --- the commitment and the dice, the same on every machine --------------------------
def test_the_commitment_of_a_setup_is_a_fixed_hash() -> None:
    made = commit_parts("grimdark", {"gladiators": [{"sheet": {"name": "Lord Smash"},
                                                     "team": "1"}]},
                        [{"posture": "aggressive", "opening": ["Wild Charge"]}],
                        tables_digest({"grimdark-rules": "ab" * 32,
                                       "grimdark-moves": "cd" * 32}), "01" * 32)
    assert made.line() == (
        "companion commitment v1 sha256:"
        "23e43ec0e34ce8dc8436a064572161b4be510d4272b5c4a0af4edbb3162abd61 "
        "setup:f4378201 coaching:4a9ec4da seed:72cd6e84")


def test_the_order_of_the_tables_does_not_matter_but_the_order_of_a_sheet_does() -> None:
    assert tables_digest({"a": "1", "b": "2"}) == tables_digest({"b": "2", "a": "1"})
    moves = commit_parts("grimdark", {"moves": {"grapple": 2, "tackle": 1}}, None, "t", SEED)
    swapped = commit_parts("grimdark", {"moves": {"tackle": 1, "grapple": 2}}, None, "t",
                           SEED)
    # The deck is dealt in the sheet's order: another order is another match.
    assert moves.digest != swapped.digest


def test_the_dice_of_an_action_come_from_the_seed_and_its_place() -> None:
    dice = DerivedDice("00" * 32, 0)
    assert dice.roll(6, 10).faces == (1, 6, 2, 5, 6, 6, 5, 2, 3, 1)
    assert dice.roll(20, 3).faces == (10, 20, 5)
    # The first d6 said in words: HMAC-SHA256(seed, "0:0"), its first 8 bytes mod 6, + 1.
    block = hmac.new(bytes(32), b"0:0", hashlib.sha256).digest()
    assert int.from_bytes(block[:8], "big") % 6 + 1 == 1
    assert DerivedDice("00" * 32, 1).roll(6, 10).faces != (1, 6, 2, 5, 6, 6, 5, 2, 3, 1)


def test_the_app_dice_of_a_verifiable_session_are_the_seeds(match: Session) -> None:
    first = match.journal[1]
    faces = [f for r in first.rolls for f in r["faces"]]
    again = DerivedDice(SEED, 1)
    assert [f for r in first.rolls for f in again.roll(r["sides"], len(r["faces"])).faces
            ] == faces


def test_undoing_a_turn_and_playing_it_again_draws_the_same_dice() -> None:
    session = _match(turns=3)
    before = session.journal[-1].rolls
    action = session.journal[-1].action
    session.undo()
    session.act(action, SeededDice(12345))
    assert session.journal[-1].rolls == before


# --- an honest match ------------------------------------------------------------------
def test_an_honest_match_verifies_from_its_session(match: Session) -> None:
    line = commit(match.ruleset, match.setup, match.fingerprints, SEED).line()
    verdict = _check(match, posted=line)
    assert verdict.problems == []
    assert verdict.checked == len(match.journal)
    assert verdict.session.log == match.log


@pytest.mark.parametrize("name", sorted(TEXT_FORMATS))
def test_an_honest_report_verifies_in_each_format(match: Session, name: str) -> None:
    text = TEXT_FORMATS[name](build_report(match))
    replay = decode(find_code(text) or "")
    assert replay.seed == SEED and replay.setup == match.setup
    verdict = verify(match.ruleset, replay.setup, replay.seed, match.tables,
                     claims_of_entries(match.journal))
    assert compare_text(text, verdict.session, TEXT_FORMATS) == (name, None)


def test_a_running_match_shows_its_commitment_but_not_its_seed() -> None:
    running = _match(turns=3)
    report = build_report(running)
    text = "\n".join(report.footnotes)
    assert commit(running.ruleset, running.setup, running.fingerprints, SEED).line() in text
    assert SEED not in text and CODE_PREFIX not in text
    assert report.footnotes[-1] == ("The seed and the replay code follow when the match is "
                                    "over.")


def test_a_plain_session_says_nothing_of_seeds() -> None:
    session = Session(GrimdarkRules(), _setup(), load_tables())
    assert build_report(session).footnotes == ()
    assert "seed" not in session.to_file().model_dump_json()


# --- what an edit is found as ---------------------------------------------------------
def test_a_changed_die_is_named_by_its_turn_and_its_roll(match: Session) -> None:
    entries = list(match.journal)
    rolls = copy.deepcopy(entries[3].rolls)
    power = next(r for r in rolls if r["purpose"] == "power" and r["roller"] == "Lord Smash")
    true_face = power["faces"][0]
    power["faces"] = [true_face % 8 + 1]
    entries[3] = entries[3].model_copy(update={"rolls": rolls})
    verdict = _check(match, entries)
    assert _said(verdict) == [
        f"turn 3: Lord Smash's power against Sewer Beast roll shows {true_face % 8 + 1}, "
        f"the dice give {true_face}"]


def test_a_changed_result_is_named_by_its_turn(match: Session) -> None:
    entries = list(match.journal)
    entries[2] = entries[2].model_copy(update={"outcome": "0" * 64})
    assert _said(_check(match, entries)) == [
        "turn 2: the result recorded is not what the rules give with these dice"]


def test_a_changed_coaching_is_found_against_the_commitment(match: Session) -> None:
    line = commit(match.ruleset, match.setup, match.fingerprints, SEED).line()
    setup = copy.deepcopy(match.setup)
    setup["gladiators"][0]["coaching"]["posture"] = "cautious"
    verdict = verify(match.ruleset, setup, SEED, match.tables,
                     claims_of_entries(match.journal), posted=read_line(line))
    said = _said(verdict)
    assert said[0] == "the commitment: the coaching differs from the one committed to"
    # Nor do the moves recorded as his coaching's follow the coaching now given.
    assert any("is given as his coaching's choice, but his coaching plays" in s
               for s in said[1:])


def test_a_move_claimed_for_the_coaching_must_be_the_coachings(match: Session) -> None:
    entries = list(match.journal)
    action = copy.deepcopy(entries[1].action)
    action["moves"]["a"]["move"] = "brutal-bash"  # in his hand, but not what it plays
    entries[1] = entries[1].model_copy(update={"action": action})
    assert _said(_check(match, entries))[0] == (
        "turn 1: Lord Smash's Brutal Bash is given as his coaching's choice, but his "
        "coaching plays Wild Charge")


def test_an_edited_report_fails_at_the_first_turn_that_differs(match: Session) -> None:
    text = FORMATS["bbcode"](build_report(match))
    start = text.index("Turn 4")
    at = text.index("Power: Lord Smash ", start) + len("Power: Lord Smash ")
    edited = text[:at] + "99" + text[at:]
    verdict = _check(match)
    name, differs = compare_text(edited, verdict.session, TEXT_FORMATS)
    assert name == "bbcode" and differs is not None
    assert differs.where == "Turn 4"
    assert differs.text.startswith('the report says "Power: Lord Smash 99')


# --- dice typed in at the table -------------------------------------------------------
def test_dice_typed_at_the_table_replay_but_are_not_verifiable() -> None:
    session = _match(turns=1)
    rules = session.ruleset
    action = rules.choose(session.state)
    trial = copy.deepcopy(session)
    needed = trial.act(action, SeededDice(0)) and trial.journal[-1].rolls
    faces = [f for r in needed for f in r["faces"]]
    session.act(action, TypedDice(faces))
    assert all(r.get("typed") for r in session.journal[-1].rolls)
    verdict = _check(session)
    assert _said(verdict) == ["turn 1: typed at the table, not verifiable"]
    assert verdict.problems == []
    replay = decode(encode(replay_of(session)))
    assert replay.journal[-1][1] == tuple(session.journal[-1].rolls)
    assert replay.journal[0][1] is None  # the seed's dice are not in the code


# --- the replay code -------------------------------------------------------------------
def test_the_replay_code_survives_line_breaks_and_markdown_escapes(match: Session) -> None:
    code = encode(replay_of(match))
    spread = "Replay code:\n" + "\n\\".join(code[i:i + 60] for i in range(0, len(code), 60))
    assert find_code(spread + "\nmore words") == code


def test_a_broken_replay_code_is_refused_on_one_line(match: Session) -> None:
    code = encode(replay_of(match))
    with pytest.raises(UserError, match="the replay code does not read"):
        decode(code[:40] + ("A" if code[40] != "A" else "B") + code[41:])
    with pytest.raises(UserError, match="cut short"):
        find_code(code[:-1])


# --- the commands ----------------------------------------------------------------------
def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_gm_commits_plays_exports_and_a_player_verifies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = tmp_path / "match.json"
    code, out, _ = _run(capsys, "new", "grimdark", "--gladiators", "Lord Smash,Sewer Beast",
                        "--coaching", "lord-smash,sewer-beast", "--verifiable",
                        "--out", str(match))
    assert code == 0
    line = out.strip().splitlines()[-1]
    assert line.startswith("companion commitment v1 sha256:")
    assert _run(capsys, "commit", str(match))[1].strip() == line
    assert _run(capsys, "auto", str(match), "--seed", "3")[0] == 0
    report = tmp_path / "match.bbcode"
    assert _run(capsys, "export", str(match), "--format", "bbcode", "--out", str(report))[0] == 0
    code, out, _ = _run(capsys, "verify", str(report), "--commitment", line)
    assert code == 0, out
    assert out.splitlines()[-2:] == [
        "the report's text (bbcode) is what the replay writes, line for line",
        out.splitlines()[-1]]
    assert out.splitlines()[-1].startswith("verified: ")
    assert out.splitlines()[-1].endswith("; it matches the commitment")
    # The match differs each run (its seed is new): every turn's power is on the d8.
    text = report.read_text("utf-8")
    assert " on the d8" in text
    edited = text.replace(" on the d8", " on the d10", 1)
    report.write_text(edited, "utf-8")
    code, out, _ = _run(capsys, "verify", str(report), "--commitment", line)
    assert code == 1 and out.splitlines()[-1] == "not verified: 1 problem"


def test_commit_makes_a_fresh_session_verifiable_and_refuses_a_played_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fresh, started, played = (tmp_path / f"{n}.json" for n in ("fresh", "started", "played"))
    for path, start in ((fresh, ["--no-start"]), (started, []), (played, [])):
        assert _run(capsys, "new", "grimdark", "--gladiators", "Lord Smash,Sewer Beast",
                    *start, "--out", str(path))[0] == 0
    assert _run(capsys, "act", str(played), "turn")[0] == 0
    code, out, err = _run(capsys, "commit", str(fresh))
    assert code == 0 and out.startswith("companion commitment v1 sha256:")
    assert "is now verifiable" in err
    assert load_session(fresh, get_ruleset).seed is not None
    # Only the start played: it is rolled again, from the seed.
    code, out, err = _run(capsys, "commit", str(started))
    assert code == 0 and "its start was rolled again from the seed" in err
    session = load_session(started, get_ruleset)
    assert session.seed is not None and len(session.journal) == 1
    assert _check(session, posted=out.strip()).problems == []
    code, out, err = _run(capsys, "commit", str(played))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "its dice were not drawn from a secret seed" in err
    code, _, err = _run(capsys, "verify", str(played))
    assert code == 2 and "not a verifiable session" in err


def test_a_session_file_with_a_changed_die_fails_verify(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], match: Session) -> None:
    path = tmp_path / "m.json"
    match.save(path)
    data = json.loads(path.read_text("utf-8"))
    roll = data["journal"][2]["rolls"][-1]
    roll["faces"] = [roll["faces"][0] % roll["sides"] + 1]
    path.write_text(json.dumps(data), "utf-8")
    code, out, _ = _run(capsys, "verify", str(path))
    assert code == 1
    assert out.splitlines()[0].startswith("turn 2: ")
    assert "the dice give" in out.splitlines()[0]


def test_an_html_reports_replay_code_is_verified(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], match: Session) -> None:
    from companion.reports.html import render

    path = tmp_path / "match.html"
    path.write_text(render(build_report(match)), "utf-8")
    code, out, _ = _run(capsys, "verify", str(path))
    assert code == 0, out
    assert out.splitlines()[0] == ("the page's text is not compared (HTML): its replay "
                                   "code is")
