"""Verification of a verifiable match: play it again from its setup and its seed, and
say where what was posted or saved differs from what the rules and the dice give.

A claim is what a session file or a replay code says: the system, the setup, the seed,
the tables and, for each action, the action and (from a session file) the rolls and
the digest of the result recorded. Every action's dice are drawn again from the seed
(`DerivedDice`); an action whose dice were typed in is replayed with them and said to
be unverifiable. The first action whose dice or result differ ends the check: what
follows it follows from it. A report's text is checked by writing the same format
again from the replay and comparing it, turn by turn (`verify_text`).

A match of scheme 2 (salted) is checked the same way, its dice drawn with its salts
(`SaltedDice`); its salts must name every manager once, in order, and each sealed
coaching must be the one sealed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.words import listed
from companion.dice.derived import DerivedDice
from companion.dice.rolls import Roll, merge
from companion.dice.salted import SaltedDice
from companion.dice.sources import DiceError, DiceSource, Draw, ScriptedDice
from companion.errors import UserError
from companion.reports.finding import Finding
from companion.reports.verify_text import compare_text  # noqa: F401 (its callers find it here)
from companion.rulesets.base import Ruleset
from companion.session.commitment import (
    Commitment,
    Posted,
    Replay,
    Sealed,
    commit_parts,
    tables_digest,
)
from companion.session.fair import Fair, seal_problems
from companion.session.session import JournalEntry, Session
from companion.tables.loader import TableSet

CLAIMS_SHOWN = 3  # moves falsely said to be the computer's, named one by one


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
class Tally:
    """What rests on the GM's word, by turn: each move he chose by hand (one turn per
    move), and each turn whose dice were typed at the table."""

    by_hand: list[int] = field(default_factory=list)
    typed: list[int] = field(default_factory=list)


@dataclass
class Verdict:
    findings: list[Finding]
    session: Session | None  # the match as the rules and the seed play it
    commitment: Commitment
    checked: int = 0  # actions played again and found as claimed
    tally: Tally = field(default_factory=Tally)
    strict: bool = False  # committed to as strict: every move the coaching's

    @property
    def problems(self) -> list[Finding]:
        return [f for f in self.findings if f.problem]


def claims_of_replay(replay: Replay) -> list[Claimed]:
    return [Claimed(action, rolls) for action, rolls in replay.journal]


def claims_of_entries(entries: Sequence[JournalEntry]) -> list[Claimed]:
    return [Claimed(dict(e.action), tuple(e.rolls), e.outcome) for e in entries]


def verify(ruleset: Ruleset[Any], setup: Mapping[str, Any], seed: str, tables: TableSet,
           claims: Sequence[Claimed], *, tables_claimed: str | None = None,
           posted: Posted | None = None, fair: Mapping[str, Any] | None = None) -> Verdict:
    """Play the claimed actions again from `setup` and `seed` with these tables; a
    salted match's `fair` is its replay code's {"managers", "seals", "salts"}."""
    here = tables_digest(tables.fingerprints(ruleset.table_ids))
    played_with = tables_claimed or here
    public, secret = ruleset.split_secret(setup)
    findings: list[Finding] = []
    salted: Fair | None = None
    if fair is not None:
        salted = _fair_claim(ruleset, setup, seed, played_with, fair, findings)
        if salted is None:
            return Verdict(findings, None, commit_parts(ruleset.id, public, secret,
                                                        played_with, seed))
    sealed = None if salted is None else Sealed(salted.managers, salted.seals,
                                                 salted.strict)
    commitment = commit_parts(ruleset.id, public, secret, played_with, seed, sealed)
    if salted is not None:
        salted = Fair(commitment.digest, salted.managers, salted.seals, salted.salts, True,
                      salted.strict)
    strict = salted is not None and salted.strict
    findings = _against_commitment(commitment, posted, ruleset.secret_word) + findings
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
    tally = Tally()
    for i, claim in enumerate(claims):
        dice = (DerivedDice(seed, i) if salted is None
                else SaltedDice(seed, salted.digest, salted.sorted, i))
        entry = _check_entry(ruleset, state, claim, dice, findings, tally, strict)
        if entry is None:
            break
        truth.append(entry)
    findings = _few_claims(findings)
    session = Session(ruleset, setup, tables, truth, seed=seed, fair=salted)
    session.committed_tables = played_with
    return Verdict(findings, session, commitment,
                   checked=sum(1 for c in claims[:len(truth)] if not c.typed), tally=tally,
                   strict=strict)


def _fair_claim(ruleset: Ruleset[Any], setup: Mapping[str, Any], seed: str, tables: str,
                fair: Mapping[str, Any], findings: list[Finding]) -> Fair | None:
    """The salts and seals claimed, checked: every manager's salt once, in order, and
    every sealed coaching the one sealed (said in `findings`); None when they do not
    read."""
    try:
        managers = tuple(str(m) for m in fair["managers"])
        seals = {str(k): str(v) for k, v in dict(fair["seals"]).items()}
        pairs = [(str(m), None if s is None else str(s)) for m, s in fair["salts"]]
        strict = fair.get("strict", False)
        if not isinstance(strict, bool):
            raise TypeError
    except (KeyError, TypeError, ValueError):
        findings.append(Finding("the salts", "they do not read"))
        return None
    names = [m for m, _s in pairs]
    named = tuple(dict.fromkeys(m for _g, m, _c in ruleset.sealed(setup)))
    if managers != named:
        findings.append(Finding("the salts", f"the managers are not those the setup names "
                                f"({', '.join(named) or 'none'})"))
    left_out = [m for m in managers if m not in names]
    if left_out:
        findings.append(Finding("the salts", f"{listed(left_out)}'s "
                                f"{'is' if len(left_out) == 1 else 'are'} left out"))
    strangers = [m for m in names if m not in managers]
    if strangers:
        findings.append(Finding("the salts", f"{listed(strangers)}: not a manager of "
                                "the match committed to"))
    if len(set(names)) != len(names):
        findings.append(Finding("the salts", "a manager's salt is given twice"))
    if names != sorted(names):
        findings.append(Finding("the salts", "they are not in the order of the managers' "
                                "names, which is the order they are hashed in"))
    salts = dict(pairs)
    said = [f"{m} {'salted' if salts.get(m) is not None else 'posted no salt'}"
            for m in sorted(managers)]
    findings.append(Finding("the salts", "; ".join(said) or "no manager", problem=False))
    for text in seal_problems(seals, ruleset.sealed(setup)):
        findings.append(Finding("the seals", text))
    if seals and not any(f.where == "the seals" for f in findings):
        findings.append(Finding("the seals", f"every sealed {ruleset.secret_word} is the "
                                "one sealed", problem=False))
    return Fair("", managers, seals, salts, True, strict)


def _few_claims(findings: list[Finding]) -> list[Finding]:
    """The first few moves said to be the computer's that are not, then how many more:
    a coaching changed after the fact makes one a turn."""
    claims = [f for f in findings if f.claim]
    if len(claims) <= CLAIMS_SHOWN:
        return findings
    hidden = {id(f) for f in claims[CLAIMS_SHOWN:]}
    kept = [f for f in findings if id(f) not in hidden]
    more = len(hidden)
    kept.append(Finding("", f"and {more} more move{'s' if more != 1 else ''} given as "
                        "the computer's choice that it would not choose"))
    return kept


def _against_commitment(mine: Commitment, posted: Posted | None,
                        secret_word: str) -> list[Finding]:
    """What differs between the posted line and the match revealed, each part by its
    name: the scheme (salted or not), the seed, the setup, the secret part, the seals,
    strict; the tables when all the line's tags agree (they have no tag of their own)."""
    if posted is None:
        return []
    if posted.digest == mine.digest:
        # The hash binds; the word is only read. A line that adds it is no strict match.
        return [] if not posted.strict or mine.strict else [Finding(
            "the commitment", "strict: the line says strict, but the match committed to "
            "is not")]
    if not posted.tags:
        return [Finding("the commitment", "it does not match; give the GM's whole line to "
                        f"know what differs (the setup, the {secret_word}, the seed, the "
                        "tables, the seals, strict)")]
    said = []
    if posted.version is not None and posted.version != mine.version:
        said.append(f"the salts: the line commits to a match {_scheme(posted.version)}, "
                    f"the report's is {_scheme(mine.version)}")
    tags = {("secret" if k == secret_word else k): v for k, v in posted.tags.items()}
    if tags.get("seed", mine.tags["seed"]) != mine.tags["seed"]:
        # The setup's and the secret's tags are keyed by the seed: with another seed
        # they differ whatever the setup is, so they say nothing more.
        said.append("the seed differs from the one committed to")
    else:
        words = {"setup": "the setup", "secret": f"the {secret_word}"}
        differ = [w for part, w in words.items() if tags.get(part, mine.tags[part])
                  != mine.tags[part]]
        if differ:
            said.append(f"{listed(differ)} {'differs' if len(differ) == 1 else 'differ'} "
                        f"from {'the one' if len(differ) == 1 else 'those'} committed to")
    if tags.get("seals") != mine.tags.get("seals"):
        said.append("the seals differ from those committed to" if "seals" in tags
                    and "seals" in mine.tags else "the seals: the line commits to "
                    f"{'seals' if 'seals' in tags else 'none'}, the report's match has "
                    f"{'seals' if 'seals' in mine.tags else 'none'}")
    if posted.strict != mine.strict:
        said.append("strict: the line commits to a strict match, the report's is not"
                    if posted.strict else "strict: the report's match is strict, the line "
                    "committed to is not")
    if not said:
        said.append("the rules tables differ from those committed to (the line's tags of "
                    f"the setup, the {secret_word}, the seed and the seals agree)")
    return [Finding("the commitment", text) for text in said]


def _scheme(version: int) -> str:
    return (f"with the managers' salts (v{version})" if version >= 2
            else f"without salts (v{version})")


def _check_entry(ruleset: Ruleset[Any], state: Any, claim: Claimed, seeded: DiceSource,
                 findings: list[Finding], tally: Tally, strict: bool) -> JournalEntry | None:
    """Play one claimed action on `state` (in place) with the seed's dice, or its
    typed ones; None when it is not what the rules give (said in `findings`). What
    rests on the GM's word goes in `tally`; in a strict match it is a problem."""
    false = ruleset.false_claims(state, claim.action)
    hand = ruleset.by_hand(state, claim.action)
    # Until it has played, the action is placed by what came before it.
    turn = ruleset.due(state).turn
    where = f"after turn {turn}" if turn > 0 else "before the first turn"
    dice: DiceSource
    if claim.typed:
        assert claim.rolls is not None
        try:
            records = [Draw.from_dict(r) for r in claim.rolls]
        except DiceError as err:
            findings.append(Finding(where, f"its dice do not read: {err}"))
            return None
        dice = ScriptedDice([f for r in records for f in r.faces])
    else:
        dice = seeded
    try:
        outcome = ruleset.apply(state, ruleset.parse_action(claim.action), dice)
    except UserError as err:
        findings += [Finding(where, text, claim=True) for text in false]
        findings.append(Finding(where, f"the action does not play: {err}"))
        return None
    where = _where(ruleset, state)  # the turn it began, if it began one
    findings += [Finding(where, text, claim=True) for text in false]
    turn = ruleset.due(state).turn
    tally.by_hand += [turn] * len(hand)
    if strict and hand:
        findings.append(Finding(where, f"the GM chose the move of {listed(hand)} by hand, "
                                "in a match committed to as strict"))
    rolls = [r.to_dict() for r in dice.history]
    if claim.typed:
        rolls = [{**r, "typed": True} for r in rolls]
        if isinstance(dice, ScriptedDice) and dice.remaining:
            findings.append(Finding(where, "more dice were typed in than its rolls use"))
            return None
        tally.typed.append(turn)
        findings.append(Finding(where, "dice typed at the table, in a match committed to as "
                                "strict" if strict else "typed at the table, not verifiable",
                                problem=strict))
    elif claim.rolls is not None:
        differs = _dice_differ(ruleset, claim, outcome.events, dice.history, state)
        if differs is not None:
            findings.append(Finding(where, differs))
            return None
    if claim.outcome is not None and claim.outcome != outcome.digest():
        findings.append(Finding(where, "the result recorded is not what the rules give "
                                "with these dice"))
        return None
    return JournalEntry(action=claim.action, rolls=rolls, outcome=outcome.digest())


def _dice_differ(ruleset: Ruleset[Any], claim: Claimed, events: Any,
                 drawn: Sequence[Draw], after: Any) -> str | None:
    """The first roll whose recorded faces are not the seed's, in words: named as the
    rules describe the roll the seed's dice make there."""
    assert claim.rolls is not None
    try:
        recorded = [Draw.from_dict(r) for r in claim.rolls]
    except DiceError as err:
        return f"its dice do not read: {err}"
    if [r.faces for r in recorded] == [r.faces for r in drawn]:
        return None
    k = next((i for i, (a, b) in enumerate(zip(recorded, drawn, strict=False))
              if a.faces != b.faces), min(len(recorded), len(drawn)))
    if k >= len(drawn):
        return "more dice are recorded than its rolls use"
    if k >= len(recorded):
        return "fewer dice are recorded than its rolls use"
    named = _roll_at(merge(ruleset.rolls(after, events), drawn), drawn, k)
    return (f"{_owner(named)} {named.purpose} roll shows {_faces(recorded[k].faces)}, "
            f"the dice give {_faces(drawn[k].faces)}")


def _roll_at(rolls: Sequence[Roll], drawn: Sequence[Draw], k: int) -> Roll:
    """The described roll that record `k` of `drawn` belongs to (merge keeps the
    order of the dice, a roll covering one record or a run of them)."""
    before = sum(len(r.faces) for r in drawn[:k])
    seen = 0
    for roll in rolls:
        seen += len(roll.faces)
        if seen > before:
            return roll
    return merge([], [drawn[k]])[0]


def _owner(roll: Roll) -> str:
    return f"{roll.who}'s" if roll.who else "the"


def _faces(faces: Sequence[int]) -> str:
    return " ".join(str(f) for f in faces) if faces else "no dice"


def _where(ruleset: Ruleset[Any], state: Any) -> str:
    turn = ruleset.due(state).turn
    return f"turn {turn}" if turn > 0 else "before the first turn"
