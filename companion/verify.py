"""Verification of a verifiable match: play it again from its setup and its seed, and
say where what was posted or saved differs from what the rules and the dice give.

A claim is what a session file or a replay code says: the system, the setup, the seed,
the tables and, for each action, the action and (from a session file) the rolls and
the digest of the result recorded. Every action's dice are drawn again from the seed
(`DerivedDice`); an action whose dice were typed in is replayed with them and said to
be unverifiable. The first action whose dice or result differ ends the check: what
follows it follows from it. A report's text is checked by writing the same format
again from the replay and comparing it, turn by turn.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.commitment import Commitment, Posted, Replay, commit_parts, tables_digest
from companion.dice import DiceError, DiceSource, RollRecord, ScriptedDice
from companion.errors import UserError
from companion.reports.build import build_report
from companion.reports.model import Report
from companion.rolls import Roll, merge
from companion.rulesets.base import Ruleset
from companion.seeddice import DerivedDice
from companion.session import JournalEntry, Session
from companion.tables.loader import TableSet

SHOWN = 90  # characters of a report's line quoted in a finding


@dataclass(frozen=True)
class Finding:
    """One thing verify says: `problem` when what was posted is not what the rules
    give; otherwise a note (dice typed in, tables of another version)."""

    where: str
    text: str
    problem: bool = True

    def line(self) -> str:
        return f"{self.where}: {self.text}" if self.where else self.text


@dataclass(frozen=True)
class Claimed:
    """One action as claimed: from a session file, its rolls and result digest."""

    action: dict[str, Any]
    rolls: tuple[dict[str, Any], ...] | None = None
    outcome: str | None = None

    @property
    def typed(self) -> bool:
        return self.rolls is not None and any(r.get("typed") for r in self.rolls)


@dataclass
class Verdict:
    findings: list[Finding]
    session: Session | None  # the match as the rules and the seed play it
    commitment: Commitment
    checked: int = 0  # actions played again and found as claimed

    @property
    def problems(self) -> list[Finding]:
        return [f for f in self.findings if f.problem]


def claims_of_replay(replay: Replay) -> list[Claimed]:
    return [Claimed(action, rolls) for action, rolls in replay.journal]


def claims_of_entries(entries: Sequence[JournalEntry]) -> list[Claimed]:
    return [Claimed(dict(e.action), tuple(e.rolls), e.outcome) for e in entries]


def verify(ruleset: Ruleset[Any], setup: Mapping[str, Any], seed: str, tables: TableSet,
           claims: Sequence[Claimed], *, tables_claimed: str | None = None,
           posted: Posted | None = None) -> Verdict:
    """Play the claimed actions again from `setup` and `seed` with these tables."""
    here = tables_digest(tables.fingerprints(ruleset.table_ids))
    played_with = tables_claimed or here
    public, secret = ruleset.split_secret(setup)
    commitment = commit_parts(ruleset.id, public, secret, played_with, seed)
    findings = _against_commitment(commitment, posted, ruleset.secret_word)
    if played_with != here:
        findings.append(Finding("", "the match was played with rules tables other than "
                                "this companion's (another version, or house tables); "
                                "a difference may come from them", problem=False))
    try:
        state = ruleset.new_state(setup, tables)
    except UserError as err:
        findings.append(Finding("the setup", f"it does not load: {err}"))
        return Verdict(findings, None, commitment)
    truth: list[JournalEntry] = []
    for i, claim in enumerate(claims):
        entry = _check_entry(ruleset, state, i, claim, seed, findings)
        if entry is None:
            break
        truth.append(entry)
    session = Session(ruleset, setup, tables, truth, seed=seed)
    return Verdict(findings, session, commitment,
                   checked=sum(1 for c in claims[:len(truth)] if not c.typed))


def _against_commitment(mine: Commitment, posted: Posted | None,
                        secret_word: str) -> list[Finding]:
    if posted is None or posted.digest == mine.digest:
        return []
    words = {"setup": "the setup", "secret": f"the {secret_word}", "seed": "the seed"}
    differ = [words[part] for part, tag in mine.tags.items()
              if posted.tags.get(secret_word if part == "secret" else part,
                                 tag) != tag]
    if differ:
        return [Finding("the commitment", f"{_and(differ)} "
                        f"{'differs' if len(differ) == 1 else 'differ'} from "
                        f"{'the one' if len(differ) == 1 else 'those'} committed to")]
    if posted.tags:
        return [Finding("the commitment", "it does not match: the rule system or the rules "
                        "tables differ from those committed to")]
    return [Finding("the commitment", f"it does not match: the setup, the {secret_word}, "
                    "the seed or the rules tables differ from those committed to")]


def _check_entry(ruleset: Ruleset[Any], state: Any, index: int, claim: Claimed, seed: str,
                 findings: list[Finding]) -> JournalEntry | None:
    """Play one claimed action on `state` (in place) with the seed's dice, or its
    typed ones; None when it is not what the rules give (said in `findings`)."""
    false = ruleset.false_claims(state, claim.action)
    # Until it has played, the action is placed by what came before it.
    where = f"after {_where(ruleset, state, index)}" if index else "the first action"
    before = copy.deepcopy(state) if claim.rolls is not None else None
    dice: DiceSource
    if claim.typed:
        assert claim.rolls is not None
        try:
            records = [RollRecord.from_dict(r) for r in claim.rolls]
        except DiceError as err:
            findings.append(Finding(where, f"its dice do not read: {err}"))
            return None
        dice = ScriptedDice([f for r in records for f in r.faces])
    else:
        dice = DerivedDice(seed, index)
    try:
        outcome = ruleset.apply(state, ruleset.parse_action(claim.action), dice)
    except UserError as err:
        findings.append(Finding(where, f"the action does not play: {err}"))
        return None
    where = _where(ruleset, state, index)  # the turn it began, if it began one
    findings += [Finding(where, text) for text in false]
    rolls = [r.to_dict() for r in dice.history]
    if claim.typed:
        rolls = [{**r, "typed": True} for r in rolls]
        if isinstance(dice, ScriptedDice) and dice.remaining:
            findings.append(Finding(where, "more dice were typed in than its rolls use"))
            return None
        findings.append(Finding(where, "typed at the table, not verifiable", problem=False))
    elif claim.rolls is not None and before is not None:
        differs = _dice_differ(ruleset, before, claim, outcome.events, dice.history, state)
        if differs is not None:
            findings.append(Finding(where, differs))
            return None
    if claim.outcome is not None and claim.outcome != outcome.digest():
        findings.append(Finding(where, "the result recorded is not what the rules give "
                                "with these dice"))
        return None
    return JournalEntry(action=claim.action, rolls=rolls, outcome=outcome.digest())


def _dice_differ(ruleset: Ruleset[Any], before: Any, claim: Claimed, events: Any,
                 drawn: Sequence[RollRecord], after: Any) -> str | None:
    """The first roll whose recorded faces are not the seed's, in words."""
    assert claim.rolls is not None
    try:
        recorded = [RollRecord.from_dict(r) for r in claim.rolls]
    except DiceError as err:
        return f"its dice do not read: {err}"
    if [r.faces for r in recorded] == [r.faces for r in drawn]:
        return None
    true_rolls = merge(ruleset.rolls(after, events), drawn)
    said = _rolls_of(ruleset, before, claim.action, recorded)
    for mine, theirs in zip(true_rolls, said or [], strict=False):
        if mine.faces != theirs.faces:
            return (f"{_owner(theirs)} {theirs.purpose} roll shows {_faces(theirs)}, "
                    f"the dice give {_faces(mine)}")
    first = next((r for r in drawn), None)
    if first is None:
        return "dice are recorded where the rules roll none"
    roll = merge([], [first])[0]
    return (f"the dice recorded are not the seed's: {_owner(roll)} {roll.purpose} roll "
            f"should show {_faces(roll)}")


def _rolls_of(ruleset: Ruleset[Any], before: Any, action: dict[str, Any],
              records: Sequence[RollRecord]) -> list[Roll] | None:
    """The rolls as the recorded dice make them, or None when they do not play."""
    script = ScriptedDice([f for r in records for f in r.faces])
    try:
        outcome = ruleset.apply(before, ruleset.parse_action(action), script)
    except UserError:
        return None
    return merge(ruleset.rolls(before, outcome.events), script.history)


def _owner(roll: Roll) -> str:
    return f"{roll.who}'s" if roll.who else "the"


def _faces(roll: Roll) -> str:
    return " ".join(str(f) for f in roll.faces) if roll.faces else "no dice"


def _where(ruleset: Ruleset[Any], state: Any, index: int) -> str:
    turn = ruleset.due(state).turn
    return f"turn {turn}" if turn > 0 else "before the first turn"


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# --- a report's text ------------------------------------------------------------------
def compare_text(text: str, session: Session,
                 formats: Mapping[str, Callable[[Report], str]]) -> tuple[str, Finding | None]:
    """The format the report is in, and where its text first differs from that format
    written from the replay (None: it is the same, line for line)."""
    report = build_report(session)
    given = _lines(text)
    best: tuple[int, str, list[str]] | None = None
    for name, render in formats.items():
        mine = _lines(render(report))
        same = _common(given, mine)
        if same == len(given) == len(mine):
            return name, None
        if best is None or same > best[0]:
            best = (same, name, mine)
    assert best is not None
    same, name, mine = best
    where = _section(report, mine, same)
    if same >= len(given):
        return name, Finding(where, "the report stops short: the replay goes on with "
                             f"\"{_cut(mine[same])}\"")
    if same >= len(mine):
        return name, Finding(where, f"the report goes on after the replay ends: "
                             f"\"{_cut(given[same])}\"")
    theirs, ours = _around(given[same], mine[same])
    return name, Finding(where, f"the report says \"{theirs}\", the replay gives \"{ours}\"")


def _lines(text: str) -> list[str]:
    """The text's lines that say something, stripped: blank lines and the spaces a
    post or a paste adds or drops do not count."""
    return [line.strip() for line in text.replace("\r\n", "\n").split("\n") if line.strip()]


def _common(a: Sequence[str], b: Sequence[str]) -> int:
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return n


def _section(report: Report, lines: Sequence[str], index: int) -> str:
    """The part of the report (as written from the replay) that line `index` is in: the
    header, a turn by its title, or what follows the turns."""
    where = "the header"
    at = 0
    for turn in report.turns:
        found = next((i for i in range(at, len(lines)) if turn.title in lines[i]), None)
        if found is None or found > index:
            return where
        where, at = turn.title, found + 1
    end = next((i for i in range(at, len(lines)) if report.outcome
                and report.outcome[0] in lines[i]), None)
    if end is not None and end - 1 <= index and report.turns:
        # The outcome's heading stands a line above its first line.
        return "the outcome"
    return where


def _around(a: str, b: str) -> tuple[str, str]:
    """Two lines that differ, each cut to a stretch around the first difference."""
    first = _common(a, b)  # type: ignore[arg-type]
    start = max(0, first - SHOWN // 3)
    lead = "…" if start else ""
    return lead + _cut(a[start:]), lead + _cut(b[start:])


def _cut(line: str) -> str:
    return line if len(line) <= SHOWN else line[:SHOWN - 1] + "…"
