"""`companion commit FILE` and `companion verify REPORT-OR-SESSION`: the verifiable GM
mode. The GM posts the commitment before a match; after it, anyone with the report
(or the session file) plays it again from the setup and the seed and sees whether
every roll and every result is what the rules give."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import UserError

if TYPE_CHECKING:
    from companion.reports.verify import Finding, Verdict
    from companion.session.commitment import Posted

MAX_REPORT = 20_000_000  # bytes: a report or a session is never near this


def register(subparsers: argparse._SubParsersAction) -> None:
    commit = subparsers.add_parser(
        "commit", help="the commitment to a verifiable match, a line to post before it",
        description="Print the line to post before a match: the sha256 of its setup (the "
        "coaching included), its rules tables and its secret seed, which reveals none of "
        "them. A session made with `companion new ... --verifiable` has its seed; one "
        "with no action yet, or only its start, is made verifiable here: a seed is drawn "
        "and kept in the file, and the start rolled again from it. The same session "
        "gives the same line on every machine.",
        epilog="example:\n  companion commit smash-vs-beast.json",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    commit.add_argument("file", type=Path, metavar="FILE", help="a session file")
    commit.set_defaults(func=cmd_commit)

    verify = subparsers.add_parser(
        "verify", help="check a verifiable match's report (or session) against its seed",
        description="Play a verifiable match again from its setup and seed: from the "
        "replay code at the end of its report (any format, or the code alone), or from "
        "the GM's session file. Every roll and every result must be what the rules and "
        "the seed give, the report's text what the replay writes, and with --commitment "
        "the match the one committed to. Exit 0 when all is as posted; otherwise exit 1, "
        "naming the turn and the roll that differ. Dice typed in at the table replay but "
        "are said to be unverifiable.",
        epilog="examples:\n"
        "  companion verify smash-vs-beast.bbcode --commitment 'companion commitment v1 "
        "sha256:...'\n  companion verify smash-vs-beast.json",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    verify.add_argument("file", type=Path, metavar="REPORT-OR-SESSION",
                        help="a report as posted (saved as a text file), a replay code, or "
                        "a session file")
    verify.add_argument("--commitment", metavar="LINE",
                        help="the line the GM posted before the match")
    verify.add_argument("--chain-end", metavar="HEX",
                        help="the end of the season's chain the GM posted (companion chain "
                        "new): the match's seed must be one of its links")
    verify.add_argument("--link", type=int, metavar="K",
                        help="with --chain-end: the link the league or the GM posted for "
                        "this match (0 for the season's first); a seed that is another "
                        "link, used out of order or twice, is refused")
    verify.set_defaults(func=cmd_verify)


def cmd_commit(args: argparse.Namespace) -> int:
    from companion.commands.session import load
    from companion.session.commitment import commit_session

    session = load(args.file)
    try:
        line, note = commit_session(session)
    except UserError as err:
        raise UserError(f"{args.file}: {err}") from None
    if note is not None:
        session.save(args.file)
        print(f"companion: note: {args.file}: {note}; do not share the file before the "
              "match is over", file=sys.stderr)
        if session.outcomes:
            for text in session.narrate(session.outcomes[-1]):
                print(f"  {text}", file=sys.stderr)
    print(line)
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from companion.session.commitment import read_line

    posted = read_line(args.commitment) if args.commitment is not None else None
    text = _read(args.file)
    if text.lstrip().startswith("{"):
        verdict, compared = _verify_session(args.file, posted), None
    else:
        verdict, compared = _verify_text(args.file, text, posted)
    if args.link is not None and args.chain_end is None:
        raise UserError("--link: give the season's chain end too (--chain-end HEX)")
    if args.chain_end is not None:
        verdict.findings.append(_chain_finding(verdict, args.chain_end, args.link))
    for finding in verdict.findings:
        print(finding.line())
    if compared:
        print(compared)
    problems = len(verdict.problems)
    if problems:
        print(f"not verified: {problems} problem{'s' if problems != 1 else ''}")
        return 1
    said = [f"{verdict.checked} action{'s' if verdict.checked != 1 else ''} played again "
            "from the seed: every roll and every result is what the rules give"]
    said += _gms_word(verdict)
    said.append("it matches the commitment" if posted is not None
                else "no commitment given to check it against (--commitment LINE)")
    print("verified: " + "; ".join(said))
    return 0


def _gms_word(verdict: Verdict) -> list[str]:
    """What rests on the GM's word, by turn: the moves he chose by hand and the dice
    typed at the table (none in a strict match, which refuses both)."""
    if verdict.strict:
        return ["strict: every move the coaching's, every die the seed's"]
    hand, typed = verdict.tally.by_hand, verdict.tally.typed
    said = [f"{len(hand)} move{'s' if len(hand) != 1 else ''} by the GM's choice"
            + (f": {_turns(hand)}" if hand else "")]
    if typed:
        said.append(f"dice typed at the table, not verifiable: {_turns(typed)}")
    return said


def _turns(turns: list[int]) -> str:
    """`turns 2, 5, 7` (a turn once however many moves it holds); the start as such."""
    named = [("the start" if t == 0 else str(t)) for t in dict.fromkeys(turns)]
    numbers = [n for n in named if n != "the start"]
    words = []
    if "the start" in named:
        words.append("the start")
    if numbers:
        words.append(f"turn{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}")
    return ", ".join(words)


def _chain_finding(verdict: Verdict, end: str, link: int | None) -> Finding:
    from companion.dice.chain import place_of
    from companion.reports.verify import Finding

    text = end.strip().lower().removeprefix("sha256:")
    if len(text) != 64 or any(c not in "0123456789abcdef" for c in text):
        raise UserError("--chain-end: the chain's end is 64 hex digits")
    seed = verdict.session.seed if verdict.session is not None else None
    k = None if seed is None else place_of(seed, text)
    if k is None:
        return Finding("the chain", "the match's seed is not a link of the chain that "
                       "ends there")
    if link is not None and k != link:
        # Each match takes the next link: another one is a link used out of its turn,
        # or one used for another match already.
        return Finding("the chain", f"the seed is link {k} of the season's chain, not link "
                       f"{link} as posted for this match: a link used out of order, or "
                       "twice")
    return Finding("the chain", f"the seed is link {k} of the season's chain (the "
                   f"{_ordinal(k + 1)} match of the season)", problem=False)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _read(path: Path) -> str:
    from companion.files.pathwords import os_problem

    try:
        with path.open("rb") as f:
            data = f.read(MAX_REPORT + 1)
    except (OSError, ValueError) as err:
        raise UserError(os_problem(err, path)) from None
    if len(data) > MAX_REPORT:
        raise UserError(f"{path}: too large for a report or a session "
                        f"(over {MAX_REPORT:,} bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UserError(f"{path}: not a text file (it is not UTF-8)") from None


def _verify_session(path: Path, posted: Posted | None) -> Verdict:
    from companion.reports.verify import claims_of_entries, verify
    from companion.rulesets.playable import playable_tables
    from companion.rulesets.registry import get_ruleset
    from companion.session.commitment import tables_digest
    from companion.session.session import read_session_file
    from companion.tables.loader import load_tables

    parsed = read_session_file(path)
    if parsed.seed is None:
        raise UserError(f"{path}: not a verifiable session: it has no secret seed (see "
                        "companion commit)")
    rules = get_ruleset(parsed.ruleset)
    tables = playable_tables(load_tables(), [rules])
    played = tables_digest(parsed.tables) if parsed.tables else None
    fair: dict[str, Any] | None = None
    if parsed.fair is not None:
        from companion.session.fair import fair_from

        record = fair_from(parsed.fair)
        if record is None or not record.closed:
            raise UserError(f"{path}: its managers' salts are not closed yet: no die has "
                            "been rolled")
        fair = {"managers": list(record.managers), "seals": dict(record.seals),
                "salts": [list(pair) for pair in record.sorted]}
        if record.strict:
            fair["strict"] = True
    return verify(rules, parsed.setup, parsed.seed, tables,
                  claims_of_entries(parsed.journal), tables_claimed=played, posted=posted,
                  fair=fair)


def _verify_text(path: Path, text: str, posted: Posted | None
                 ) -> tuple[Verdict, str | None]:
    from companion.reports.formats import FORMATS
    from companion.reports.verify import claims_of_replay, verify
    from companion.reports.verify_text import compare_post
    from companion.rulesets.playable import playable_tables
    from companion.rulesets.registry import get_ruleset
    from companion.session.commitment import decode
    from companion.tables.loader import load_tables

    page = text.lstrip()[:15].lower().startswith(("<!doctype", "<html"))
    code = _code_in(text, page)
    if code is None:
        raise UserError(f"{path}: no replay code in it: the report of a verifiable match "
                        "carries one after its outcome, once the match is over")
    replay = decode(code)
    rules = get_ruleset(replay.ruleset)
    tables = playable_tables(load_tables(), [rules])
    verdict = verify(rules, replay.setup, replay.seed, tables, claims_of_replay(replay),
                     tables_claimed=replay.tables, posted=posted, fair=replay.fair)
    if verdict.session is None or _only_code(text, code):
        return verdict, None
    if page:
        return verdict, "the page's text is not compared (HTML): its replay code is"
    formats: dict[str, Any] = {k: v for k, v in FORMATS.items() if k != "html"}
    found = compare_post(text, verdict.session, formats)
    if found.finding is not None:
        verdict.findings.append(found.finding)
        return verdict, None
    around = (f"; {found.around} line{'s' if found.around != 1 else ''} of other words "
              "around it (before, after or between its messages) are not part of it"
              if found.around else "")
    return verdict, (f"the report's text ({found.name}) is what the replay writes, line "
                     f"for line{around}")


def _code_in(text: str, page: bool) -> str | None:
    """The report's replay code, read whole; None when it has none."""
    from companion.session.commitment import decode, find_code, find_code_between

    try:
        # A page writes each line of the code in its own paragraph: its tags go.
        code = find_code(re.sub(r"<[^>]*>", "\n", text) if page else text)
        if code is not None:
            decode(code)
        return code
    except UserError:
        # Messages with words between them, the code cut among them: the comparison
        # of the text that follows allows words only between two messages.
        between = None if page else find_code_between(text)
        if between is None:
            raise
        return between


def _only_code(text: str, code: str) -> bool:
    """The text is the replay code alone (spread over lines), not a report."""
    kept = "".join(text.split()).replace("\\", "")
    return kept == code
