"""The verifiable GM mode at its edges: the commitment computed as its note says it in
words, the replay code's limits and its broken forms, the seed's dice, and what verify
says of each kind of edit, one by one."""

from __future__ import annotations

import base64
import copy
import dataclasses
import hashlib
import hmac
import json
import zlib
from typing import Any

import pytest
from support.report_sessions import NOW
from test_verify import SEED, TEXT_FORMATS, _setup

from companion.dice.derived import DerivedDice, check_seed, new_seed
from companion.dice.sources import SeededDice
from companion.errors import UserError
from companion.reports.build import build_report
from companion.reports.formats import FORMATS
from companion.reports.verify import (
    Claimed,
    Finding,
    Verdict,
    claims_of_entries,
    compare_text,
    verify,
)
from companion.rulesets.grimdark.rules import GrimdarkRules
from companion.session.commitment import (
    CODE_LINE,
    CODE_PREFIX,
    MAX_CODE,
    MAX_JSON,
    Posted,
    Replay,
    code_lines,
    commit,
    commit_parts,
    commit_session,
    committed_tables,
    decode,
    encode,
    find_code,
    footnotes,
    read_line,
    replay_of,
    tables_digest,
)
from companion.session.session import Session
from companion.tables.loader import load_tables


def _session(turns: int = 0, *, seed: str | None = SEED) -> Session:
    rules = GrimdarkRules()
    session = Session(rules, _setup(), load_tables(), seed=seed)
    for _ in range(turns):
        action = rules.choose(session.state)
        if action is None:
            break
        session.act(action, SeededDice(1))
    return session


def _code_of(data: Any, *, raw: bytes | None = None) -> str:
    """A replay code made by hand, as the note in companion/session/commitment.py says."""
    packed = zlib.compress(raw if raw is not None else json.dumps(data).encode(), 9)
    return CODE_PREFIX + base64.b64encode(packed).decode().rstrip("=") + "."


# --- the commitment, by hand -----------------------------------------------------------
def test_the_commitment_is_the_hash_its_note_describes_names_kept_as_they_are() -> None:
    public = {"gladiators": [{"sheet": {"name": "Bärbel the Grim"}, "team": "1"}]}
    secret = [{"posture": "aggressive", "note": "frappe d'abord, ça ira"}]
    tables = tables_digest({"grimdark-rules": "ab" * 32})
    made = commit_parts("grimdark", public, secret, tables, SEED)

    def canon(data: Any) -> bytes:
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()

    key = bytes.fromhex(SEED)
    s64 = hmac.new(key, canon(public), hashlib.sha256).hexdigest()
    c64 = hmac.new(key, canon(secret), hashlib.sha256).hexdigest()
    d64 = hashlib.sha256(key).hexdigest()
    whole = {"format": "companion-commitment", "version": 1, "ruleset": "grimdark",
             "tables": tables, "setup": s64, "secret": c64, "seed": d64}
    assert made.digest == hashlib.sha256(canon(whole)).hexdigest()
    assert made.line() == (f"companion commitment v1 sha256:{made.digest} "
                           f"setup:{s64[:8]} coaching:{c64[:8]} seed:{d64[:8]}")
    assert made.line("secret part").endswith(f"secret part:{c64[:8]} seed:{d64[:8]}")


def test_a_commitment_to_the_tables_digest_is_the_one_to_their_fingerprints() -> None:
    session = _session()
    prints = session.fingerprints
    by_prints = commit(session.ruleset, session.setup, prints, SEED)
    by_digest = commit(session.ruleset, session.setup, tables_digest(prints), SEED)
    assert by_prints == by_digest
    assert commit(session.ruleset, session.setup, "0" * 64, SEED) != by_digest


def test_what_is_committed_and_found_cannot_be_changed_afterwards() -> None:
    made = commit_parts("grimdark", {}, None, "t", SEED)
    things: list[Any] = [made, Posted(made.digest, {}), Finding("turn 1", "x"),
                         Claimed({"type": "start"}),
                         Replay("grimdark", {}, SEED, "t", ())]
    for thing in things:
        first = dataclasses.fields(thing)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(thing, first, "changed")


# --- which tables a match was committed to ---------------------------------------------
def test_the_tables_committed_to_are_the_codes_then_the_files_then_todays() -> None:
    session = _session()
    today = tables_digest(session.fingerprints)
    assert committed_tables(session) == today
    session.played_with = {"grimdark-rules": "ee" * 32}
    assert committed_tables(session) == tables_digest({"grimdark-rules": "ee" * 32})
    session.committed_tables = "c0" * 32
    assert committed_tables(session) == "c0" * 32
    # A plain session plays with today's tables whatever its file recorded.
    plain = _session(seed=None)
    plain.played_with = {"grimdark-rules": "ee" * 32}
    assert committed_tables(plain) == tables_digest(plain.fingerprints)


# --- the posted line -------------------------------------------------------------------
def test_a_posted_line_reads_whole_or_by_its_hash_alone_in_any_case() -> None:
    made = commit_parts("grimdark", {}, None, "t", SEED)
    whole = read_line("  " + made.line().upper() + "  ")
    assert whole.digest == made.digest
    assert whole.tags == {"setup": made.tags["setup"], "coaching": made.tags["secret"],
                          "seed": made.tags["seed"]}
    alone = read_line(f"the GM said sha256:{made.digest}")
    assert alone == Posted(made.digest, {})
    with pytest.raises(UserError, match="64 hex digits after sha256"):
        read_line("companion commitment v1 sha256:" + made.digest[:63])


# --- the replay code -------------------------------------------------------------------
def test_a_plain_session_has_no_replay_code() -> None:
    with pytest.raises(UserError, match="not verifiable"):
        replay_of(_session(seed=None))


def test_the_code_is_broken_into_lines_of_76_characters() -> None:
    code = encode(replay_of(_session(turns=3)))
    lines = code_lines(code)
    assert CODE_LINE == 76
    assert "".join(lines) == code
    assert all(len(line) == 76 for line in lines[:-1]) and 0 < len(lines[-1]) <= 76
    assert code_lines("abcdefg", 3) == ["abc", "def", "g"]


def test_a_code_is_found_at_the_very_start_of_a_text_and_among_spaces() -> None:
    code = encode(replay_of(_session(turns=2)))
    assert find_code(code) == code
    spaced = code[:30] + " \t\n  " + code[30:50] + "\\" + code[50:]
    assert find_code("see:\n" + spaced + " and more") == code
    assert find_code("no code here") is None


def test_a_code_with_a_stray_character_is_broken_where_it_stands() -> None:
    code = encode(replay_of(_session(turns=1)))
    at = len(CODE_PREFIX) + 10
    with pytest.raises(UserError, match=r"broken: '\*' after 10 of its characters"):
        find_code(code[:at] + "*" + code[at:])


def test_a_code_is_at_most_a_million_characters() -> None:
    body = MAX_CODE - len(CODE_PREFIX) - 1
    longest = CODE_PREFIX + "A" * body + "."
    assert MAX_CODE == 1_000_000 and len(longest) == MAX_CODE
    assert find_code(longest) == longest
    with pytest.raises(UserError, match="cut short"):
        find_code(CODE_PREFIX + "A" * (body + 1) + ".")


def _data(journal: list[Any] | None = None, **changed: Any) -> dict[str, Any]:
    return {"ruleset": "grimdark", "setup": {"gladiators": []}, "seed": SEED,
            "tables": "t", "journal": journal or [], **changed}


def test_codes_of_every_length_read_back() -> None:
    # Base64 pads to four characters; the code drops the padding, the reader puts it back.
    bodies = set()
    for n in range(8):
        replay = Replay("grimdark", {"note": "x" * n}, SEED, "t",
                        (({"type": "start"}, None), ({"type": "turn"}, ({"faces": [3]},))))
        code = encode(replay)
        assert "=" not in code
        assert decode(code) == replay
        bodies.add((len(code) - len(CODE_PREFIX) - 1) % 4)
    assert bodies == {0, 2, 3}  # a body of 4k+1 characters is never made


def test_an_entry_with_typed_dice_reads_back_and_others_are_actions() -> None:
    odd = {"action": {"type": "turn"}, "rolls": [], "more": 1}
    replay = decode(_code_of(_data([{"action": {"type": "start"}, "rolls": [{"faces": [2]}]},
                                    {"type": "turn"}, {"action": {"type": "x"}}, odd])))
    assert replay.journal == (({"type": "start"}, ({"faces": [2]},)),
                              ({"type": "turn"}, None), ({"action": {"type": "x"}}, None),
                              (odd, None))


@pytest.mark.parametrize("data", [
    _data(setup=[]), _data(ruleset=7), _data(tables=None), _data(["start"]),
    _data([{"action": "start", "rolls": []}]),
    _data([{"action": {"type": "start"}, "rolls": {"faces": [1]}}]),
    {"ruleset": "grimdark"}, [1, 2]])
def test_a_code_that_reads_but_is_no_replay_is_refused(data: Any) -> None:
    with pytest.raises(UserError, match="reads, but is not a match's replay"):
        decode(_code_of(data))


def test_a_code_whose_seed_is_no_seed_is_refused() -> None:
    with pytest.raises(UserError, match="the replay code's seed: a seed is 64 hex"):
        decode(_code_of(_data(seed="5eed")))


def test_a_code_with_a_character_of_no_base64_or_its_checksum_cut_does_not_read() -> None:
    code = _code_of(_data())
    with pytest.raises(UserError, match="does not read"):
        decode(code[:30] + "*" + code[30:])
    # The end of the zlib stream (its checksum) cut off: the text is all there, but the
    # code is not whole.
    cut = CODE_PREFIX + base64.b64encode(zlib.compress(json.dumps(_data()).encode())[:-2]
                                         ).decode().rstrip("=") + "."
    with pytest.raises(UserError, match="does not read"):
        decode(cut)


def test_a_code_inflates_to_at_most_twenty_million_bytes() -> None:
    text = json.dumps(_data())
    assert MAX_JSON == 20_000_000
    fits = text + " " * (MAX_JSON - len(text))
    assert decode(_code_of(None, raw=fits.encode())).seed == SEED
    with pytest.raises(UserError, match="does not read"):
        decode(_code_of(None, raw=(fits + " ").encode()))


# --- the seed and its dice -------------------------------------------------------------
@pytest.mark.parametrize("seed", ["5EED" * 16, "5eed" * 16 + "0", "5eed" * 15, 12, None,
                                  "5eed" * 15 + "5ee "])
def test_a_seed_is_exactly_64_lowercase_hex_digits(seed: Any) -> None:
    with pytest.raises(UserError, match="a seed is 64 hex digits"):
        check_seed(seed)


def test_a_new_seed_is_32_random_bytes() -> None:
    seeds = {new_seed() for _ in range(3)}
    assert len(seeds) == 3 and all(check_seed(s) == s and len(s) == 64 for s in seeds)


def test_each_die_is_the_next_hmac_block_read_as_its_note_says() -> None:
    dice = DerivedDice(SEED, 7)
    faces = dice.roll(20, 4).faces + dice.roll(6, 2).faces

    def face(n: int, sides: int) -> int:
        block = hmac.new(bytes.fromhex(SEED), f"7:{n}".encode(), hashlib.sha256).digest()
        return int.from_bytes(block[:8], "big") % sides + 1

    assert faces == (*(face(n, 20) for n in range(4)), face(4, 6), face(5, 6))


# --- committing to a session -----------------------------------------------------------
def test_a_fresh_session_is_made_verifiable_when_committed_to() -> None:
    session = _session(seed=None)
    line, note = commit_session(session)
    assert note == "it is now verifiable: its secret seed is kept in the file"
    assert session.seed is not None and session.journal == []
    assert line == commit(session.ruleset, session.setup, session.fingerprints,
                          session.seed).line("coaching")
    # Committed to again: it is verifiable already, and keeps its seed.
    assert commit_session(session) == (line, None)


def test_a_session_with_only_its_start_is_started_again_from_the_seed() -> None:
    session = _session(seed=None)
    session.act({"type": "start"}, SeededDice(4))
    line, note = commit_session(session)
    assert note == ("it is now verifiable: its secret seed is kept in the file; its start "
                    "was rolled again from the seed")
    assert len(session.journal) == 1 and session.redo_stack == []
    assert session.seed is not None
    assert line == commit(session.ruleset, session.setup, session.fingerprints,
                          session.seed).line("coaching")
    faces = [f for r in session.journal[0].rolls for f in r["faces"]]
    again = DerivedDice(session.seed, 0)
    assert faces == [f for r in session.journal[0].rolls
                     for f in again.roll(r["sides"], len(r["faces"])).faces]


@pytest.mark.parametrize(("played", "undone", "said"), [
    (1, 1, "1 action already played"),  # its start undone: still drawn before
    (2, 1, "2 actions already played"),  # its start, and a turn undone
    (2, 0, "2 actions already played"),
    (3, 2, "3 actions already played")])
def test_a_session_further_on_cannot_be_committed_to(played: int, undone: int,
                                                     said: str) -> None:
    session = _session(turns=played, seed=None)
    session.undo(undone)
    with pytest.raises(UserError, match=said):
        commit_session(session)
    assert session.seed is None
    assert len(session.journal) + len(session.redo_stack) == played


# --- a report's footnotes --------------------------------------------------------------
def test_a_finished_matchs_footnotes_give_its_seed_and_its_code_in_lines() -> None:
    session = _session(turns=400)
    assert session.ruleset.is_over(session.state)
    notes = footnotes(session)
    assert notes[2] == f"Seed: {SEED}"
    assert notes[3] == "Replay code (check this report with: companion verify REPORT):"
    assert "".join(notes[4:]) == encode(replay_of(session))
    assert all(len(line) <= 76 for line in notes[4:])


# --- what verify says ------------------------------------------------------------------
@pytest.fixture(scope="module")
def match() -> Session:
    """Lord Smash against Sewer Beast to the end, from SEED: 12 actions, 11 turns."""
    session = _session(turns=400)
    assert session.ruleset.is_over(session.state) and len(session.journal) == 12
    return session


def _verify(match: Session, claims: list[Claimed], **given: Any) -> Verdict:
    return verify(match.ruleset, given.pop("setup", match.setup), SEED, match.tables,
                  claims, **given)


def _said(verdict: Verdict) -> list[str]:
    return [f.line() for f in verdict.findings]


def _with_rolls(match: Session, index: int, rolls: list[dict[str, Any]]) -> list[Claimed]:
    claims = claims_of_entries(match.journal)
    claims[index] = Claimed(claims[index].action, tuple(rolls), claims[index].outcome)
    return claims


def test_each_honest_action_is_counted_checked_up_to_the_last_claimed(match: Session) -> None:
    claims = claims_of_entries(match.journal)
    verdict = _verify(match, claims[:5])
    assert verdict.findings == [] and verdict.checked == 5
    assert verdict.session is not None and len(verdict.session.journal) == 5
    # From a replay code: no rolls recorded, the seed's dice are drawn all the same.
    from_code = _verify(match, [Claimed(c.action) for c in claims])
    assert from_code.findings == [] and from_code.checked == 12
    assert from_code.session is not None and from_code.session.log == match.log


def test_an_action_that_rolls_no_dice_is_checked_not_taken_for_typed() -> None:
    from support.report_sessions import _sample

    from companion.rulesets.battle.rules import BattleRules

    rules = BattleRules()
    setup = {"a": _sample("hammer-rookie"), "b": _sample("spear-rookie"),
             "options": {"started": NOW}}
    session = Session(rules, setup, load_tables(), seed=SEED)
    session.act({"type": "adjust_health", "who": "a", "op": "-4"}, SeededDice(1))
    assert session.journal[0].rolls == []
    assert replay_of(session).journal == (({"type": "adjust_health", "who": "a",
                                            "op": "-4"}, None),)
    verdict = verify(rules, setup, SEED, session.tables, claims_of_entries(session.journal))
    assert verdict.findings == [] and verdict.checked == 1


def test_a_changed_die_before_the_first_turn_is_named_by_its_own_roll(match: Session) -> None:
    rolls = copy.deepcopy(match.journal[0].rolls)
    assert [(r["roller"], r["purpose"]) for r in rolls[:3]] == [
        ("Lord Smash", "hit points"), ("Lord Smash", "initiative"),
        ("Sewer Beast", "hit points")]
    true = rolls[2]["faces"][0]
    rolls[2]["faces"] = [true % 10 + 1]
    verdict = _verify(match, _with_rolls(match, 0, rolls))
    assert _said(verdict) == [f"before the first turn: Sewer Beast's hit points roll shows "
                              f"{true % 10 + 1}, the dice give {true}"]
    assert verdict.session is not None and verdict.session.journal == []


def test_more_fewer_or_unreadable_dice_recorded_are_each_said(match: Session) -> None:
    rolls = list(match.journal[2].rolls)
    extra = {"purpose": "damage", "roller": "Sewer Beast", "sides": 6, "faces": [1]}
    assert _said(_verify(match, _with_rolls(match, 2, [*rolls, extra]))) == [
        "turn 2: more dice are recorded than its rolls use"]
    assert _said(_verify(match, _with_rolls(match, 2, rolls[:-1]))) == [
        "turn 2: fewer dice are recorded than its rolls use"]
    assert _said(_verify(match, _with_rolls(match, 2, [{"sides": 6}, *rolls[1:]]))) == [
        "turn 2: its dice do not read: roll record: missing field 'faces'"]


def test_typed_dice_that_do_not_read_or_are_too_many_are_refused(match: Session) -> None:
    typed = [{**r, "typed": True} for r in match.journal[1].rolls]
    extra = {"purpose": "damage", "roller": "", "sides": 6, "faces": [1], "typed": True}
    verdict = _verify(match, _with_rolls(match, 1, [*typed, extra]))
    assert _said(verdict) == ["turn 1: more dice were typed in than its rolls use"]
    assert verdict.checked == 1  # the start; the turn was not played
    assert _said(_verify(match, _with_rolls(match, 1, [{"typed": True, "sides": 6}]))) == [
        "before the first turn: its dice do not read: roll record: missing field 'faces'"]
    verdict = _verify(match, _with_rolls(match, 1, typed))
    assert _said(verdict) == ["turn 1: typed at the table, not verifiable"]
    # The match as verify plays it keeps them marked typed, as the session did.
    assert verdict.session is not None
    assert all(r["typed"] for r in verdict.session.journal[1].rolls)
    assert verdict.checked == 11  # all but the turn whose dice were typed


def test_an_action_that_does_not_play_ends_the_check_after_the_turn_before(
        match: Session) -> None:
    claims = claims_of_entries(match.journal)
    claims[2] = Claimed({"type": "bogus"})
    verdict = _verify(match, claims)
    assert _said(verdict) == [
        'after turn 1: the action does not play: a Grimdark action is {"type": "start"} '
        'or {"type": "turn", "moves": {...}}']
    assert verdict.checked == 2
    assert [f.problem for f in verdict.findings] == [True]


def test_a_match_played_with_other_tables_is_noted_not_refused(match: Session) -> None:
    verdict = _verify(match, claims_of_entries(match.journal), tables_claimed="ab" * 32)
    assert _said(verdict) == [
        "the match was played with rules tables other than this companion's (another "
        "version, or house tables); a difference may come from them"]
    assert verdict.problems == []
    assert verdict.session is not None and verdict.session.committed_tables == "ab" * 32
    same = _verify(match, [], tables_claimed=tables_digest(match.fingerprints))
    assert same.findings == []


def test_a_setup_that_does_not_load_is_said_and_nothing_is_played(match: Session) -> None:
    setup = {**match.setup, "gladiators": []}
    verdict = _verify(match, claims_of_entries(match.journal), setup=setup)
    assert _said(verdict) == [
        "the setup: it does not load: a Grimdark match's setup holds two or more "
        'gladiators: {"gladiators": [{"sheet": ...}, {"sheet": ...}]}']
    assert verdict.session is None and verdict.checked == 0


def _line(match: Session, *, setup: Any = None, tables: str | None = None,
          seed: str = SEED) -> Posted:
    return read_line(commit(match.ruleset, setup or match.setup,
                            tables or tables_digest(match.fingerprints), seed).line())


def test_what_differs_from_the_posted_commitment_is_named(match: Session) -> None:
    start = claims_of_entries(match.journal)[:1]
    assert _verify(match, start, posted=_line(match)).findings == []
    # The setup's and the coaching's tags are keyed by the seed: only the seed is named.
    assert _said(_verify(match, start, posted=_line(match, seed="12" * 32))) == [
        "the commitment: the seed differs from the one committed to"]
    other = copy.deepcopy(match.setup)
    other["options"]["started"] = "2025-05-02T20:00:00"
    other["gladiators"][0]["coaching"]["posture"] = "cautious"
    assert _said(_verify(match, start, posted=_line(match, setup=other))) == [
        "the commitment: the setup and the coaching differ from those committed to"]
    coached = copy.deepcopy(match.setup)
    coached["gladiators"][0]["coaching"]["posture"] = "cautious"
    assert _said(_verify(match, start, posted=_line(match, setup=coached))) == [
        "the commitment: the coaching differs from the one committed to"]
    assert _said(_verify(match, start, posted=_line(match, tables="0" * 64))) == [
        "the commitment: the rules tables differ from those committed to (the line's tags "
        "of the setup, the coaching, the seed and the seals agree)"]
    assert _said(_verify(match, start, posted=read_line("sha256:" + "0" * 64))) == [
        "the commitment: it does not match; give the GM's whole line to know what differs "
        "(the setup, the coaching, the seed, the tables, the seals, strict)"]


@pytest.mark.parametrize(("played", "said"), [
    (4, []),
    (5, ["and 1 more move given as the computer's choice that it would not choose"]),
    (12, ["and 8 more moves given as the computer's choice that it would not choose"])])
def test_three_false_claims_are_named_then_how_many_more(match: Session, played: int,
                                                         said: list[str]) -> None:
    setup = copy.deepcopy(match.setup)
    setup["gladiators"][0]["coaching"]["posture"] = "cautious"
    verdict = _verify(match, claims_of_entries(match.journal)[:played], setup=setup)
    named = [f for f in verdict.findings if f.claim]
    assert [f.where for f in named] == ["turn 1", "turn 2", "turn 3"]
    assert all("is given as his coaching's choice" in f.text for f in named)
    assert _said(verdict)[3:] == said
    assert verdict.problems == verdict.findings


def test_a_finding_without_a_place_is_its_text_alone() -> None:
    assert Finding("", "the match was played").line() == "the match was played"
    assert Finding("turn 2", "x").line() == "turn 2: x"
    assert Finding("turn 2", "x").problem and not Finding("turn 2", "x").claim


# --- a report's text against the replay ------------------------------------------------
@pytest.fixture(scope="module")
def markdown(match: Session) -> list[str]:
    return FORMATS["markdown"](build_report(match)).split("\n")


def _compare(match: Session, lines: list[str]) -> tuple[str, Finding | None]:
    return compare_text("\n".join(lines), match, TEXT_FORMATS)


def _edit(lines: list[str], start: str, new: str) -> list[str]:
    at = next(i for i, line in enumerate(lines) if line.startswith(start))
    return [*lines[:at], new, *lines[at + 1:]]


def test_the_report_matches_in_its_own_format_whatever_its_blank_lines(
        match: Session, markdown: list[str]) -> None:
    assert _compare(match, markdown) == ("markdown", None)
    spaced = [f"  {line}  \r" for line in markdown] + ["", "   "]
    assert _compare(match, spaced) == ("markdown", None)


def test_a_report_cut_short_or_going_on_is_said_at_its_end(
        match: Session, markdown: list[str]) -> None:
    code_end = [line.strip() for line in markdown if line.strip()]
    name, finding = _compare(match, markdown[:-2])
    assert name == "markdown" and finding is not None
    assert finding.where == "the outcome"
    assert finding.text == f'the report stops short: the replay goes on with "{code_end[-1]}"'
    # What follows the report's last line is the GM's own words, not the report.
    assert _compare(match, [*markdown, "x" * 90]) == ("markdown", None)
    # A line put in before its last is a difference, cut to its first characters.
    name, finding = _compare(match, [*markdown[:-2], "y" * 91, *markdown[-2:]])
    assert finding is not None and finding.text.startswith(f'the report says "{"y" * 89}…"')


def test_an_edit_is_placed_in_the_header_a_turn_or_the_outcome(
        match: Session, markdown: list[str]) -> None:
    places = {}
    for start, new in (("# Lord Smash against", "# Lord Smash versus Sewer Beast"),
                       ("## Before the fight", "## Before the fights"),
                       ("Turn 1.", "Turn 1!"), ("Turn 11.", "Turn 11!"),
                       ("Lord Smash takes 21", "Lord Smash takes 22"),
                       # The last turn tells the end as well: it is still the turn's.
                       ("Lord Smash is defeated.", "Lord Smash is not defeated."),
                       ("The match is over", "The match is over: a draw."),
                       ("## Outcome", "## Outcomes"),
                       ("- Lord Smash is defeated.", "- Lord Smash is not defeated."),
                       ("- The match is over", "- The match is over: a draw.")):
        name, finding = _compare(match, _edit(markdown, start, new))
        assert name == "markdown" and finding is not None
        places[start] = finding.where
    _, first = _compare(match, _edit(markdown, "# Lord Smash against",
                                     "# Lord Smash versus Sewer Beast"))
    assert first is not None and first.text == (
        'the report says "# Lord Smash versus Sewer Beast", the replay gives '
        '"# Lord Smash against Sewer Beast"')
    assert places == {"# Lord Smash against": "the header",
                      "## Before the fight": "Before the fight", "Turn 1.": "Turn 1",
                      "Turn 11.": "Turn 11", "Lord Smash takes 21": "Turn 11",
                      "Lord Smash is defeated.": "Turn 11", "The match is over": "Turn 11",
                      "## Outcome": "the outcome", "- Lord Smash is defeated.": "the outcome",
                      "- The match is over": "the outcome"}


def test_a_long_line_is_quoted_from_a_little_before_where_it_differs(
        match: Session, markdown: list[str]) -> None:
    long = next(line.strip() for line in markdown if len(line.strip()) > 170)
    edited = long[:100] + "#" + long[101:]
    _, finding = _compare(match, _edit(markdown, long, edited))
    assert finding is not None
    # 30 characters before the first difference, 90 characters at most.
    assert finding.text == (f'the report says "…{edited[70:159]}…", '
                            f'the replay gives "…{long[70:159]}…"')
    early = "#" + long[1:]
    _, finding = _compare(match, _edit(markdown, long, early))
    assert finding is not None
    assert finding.text == (f'the report says "{early[:89]}…", '
                            f'the replay gives "{long[:89]}…"')


class _Blocks:
    """HMAC blocks given in turn, standing for the seed's: to reach the rare top of the
    range, where a fair die must draw again."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)
        self.messages: list[bytes] = []

    def new(self, key: bytes, message: bytes, digestmod: Any) -> Any:
        self.messages.append(message)
        block = self.values.pop(0).to_bytes(8, "big") + bytes(24)

        class Digest:
            def digest(self) -> bytes:
                return block

        return Digest()


def test_a_draw_in_the_uneven_top_of_the_range_is_skipped_for_the_next(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.dice import derived

    top = 2 ** 64 - 2 ** 64 % 6  # the largest multiple of 6 that 8 bytes hold, and more
    blocks = _Blocks(top, 2 ** 64 - 1, top - 1, 7)
    monkeypatch.setattr(derived, "hmac", blocks)
    dice = DerivedDice(SEED, 3)
    assert dice.roll(6, 2).faces == ((top - 1) % 6 + 1, 7 % 6 + 1) == (6, 2)
    assert blocks.messages == [b"3:0", b"3:1", b"3:2", b"3:3"]


def test_a_move_claimed_for_the_coaching_that_does_not_play_is_both_a_claim_and_a_problem(
        match: Session) -> None:
    claims = claims_of_entries(match.journal)
    action = copy.deepcopy(claims[1].action)
    action["moves"]["a"]["move"] = "last-stand"  # not even in his hand
    verdict = _verify(match, [claims[0], Claimed(action)])
    assert [(f.line(), f.claim) for f in verdict.findings] == [
        ("before the first turn: Lord Smash's Last Stand is given as his coaching's choice, "
         "but his coaching plays Wild Charge", True),
        ("before the first turn: the action does not play: Lord Smash cannot play Last "
         "Stand: it is not in his hand (he holds Wild Charge, Flurry of Blows, Brutal Bash)",
         False)]


def test_a_die_no_rule_describes_is_named_by_its_record() -> None:
    from support.tally import Added, TallyRules

    from companion.rulesets.base import Outcome
    from companion.tables.loader import TableSet

    class Nameless(TallyRules):
        """Tally, its dice rolled by nobody in particular."""

        def apply(self, state: Any, action: Any, dice: Any) -> Outcome:
            face = dice.d6(purpose="add").faces[0]
            state.total += face
            return Outcome((Added(None, face=face, total=state.total),))

    for rules, who in ((TallyRules(), "p1's"), (Nameless(), "the")):
        session = Session(rules, {"start": 0}, TableSet(), seed=SEED)
        for _ in range(2):
            session.act({"type": "add"}, SeededDice(1))
        entries = list(session.journal)
        rolls = copy.deepcopy(entries[1].rolls)
        true = rolls[0]["faces"][0]
        rolls[0]["faces"] = [true % 6 + 1]
        entries[1] = entries[1].model_copy(update={"rolls": rolls})
        verdict = verify(rules, {"start": 0}, SEED, TableSet(), claims_of_entries(entries))
        assert [f.line() for f in verdict.findings] == [
            f"before the first turn: {who} add roll shows {true % 6 + 1}, the dice give "
            f"{true}"]
