"""The verifiable GM mode's published texts: the commitment line and the replay code.

The commitment, posted before a match, is
`companion commitment v1 sha256:H setup:S coaching:C seed:D`, where H (64 hex digits)
is the sha256 of the canonical JSON of {"format": "companion-commitment", "version": 1,
"ruleset": ID, "tables": T, "setup": S64, "secret": C64, "seed": D64}:

- canonical JSON: no spaces (separators "," and ":"), UTF-8, non-ASCII characters as
  they are, and the keys of each object in the order the session file has them, not
  sorted: order is meaning there (a sheet's moves make his deck in that order), and
  the file keeps it; the same file gives the same bytes on every machine;
- S64 and C64: HMAC-SHA256 with the seed as key of the canonical JSON of the setup's
  public part and of its secret part (Grimdark: the coaching), as the system splits
  them (`Ruleset.split_secret`); keyed by the seed, so that nobody can try coachings
  against them before the seed is revealed;
- D64: the sha256 of the seed's 32 bytes;
- T, the tables digest: the sha256 of the canonical JSON of {TABLE ID: FINGERPRINT}
  for the tables the rule system plays with (`Ruleset.table_ids`), this one object's
  keys sorted by id (the tables have no order that means anything); a fingerprint is
  `companion.tables.table.fingerprint_of`'s, which docs/explain/verifiable.md writes
  out so that it can be recomputed from the table files alone.

S, C and D are the first 8 hex digits of S64, C64 and D64: they bind nothing (H does),
but let `verify` name which part differs. The replay code, published after the match,
is `companion-replay-v1:` then the standard base64 (no padding, broken into lines as
one likes) of the zlib-compressed canonical JSON of {"ruleset", "setup", "seed",
"tables": T, "journal": [ACTION or {"action": ACTION, "rolls": [...]}, ...]}, then a
full stop. Only the dice typed in by hand are in it: the others come from the seed.

Scheme 2 (`companion.session.fair`, `companion.dice.salted`): the line is
`companion commitment v2 sha256:H setup:S coaching:C seed:D` (and ` seals:E` when a
coaching is sealed), H the sha256 of the canonical JSON of {"format":
"companion-commitment", "version": 2, "ruleset", "tables", "setup", "secret", "seed"
(as above), "managers": [MANAGER, ...] (in the setup's order), "seals": {GLADIATOR:
SEAL, ...} (sorted by name)}; E the first 8 hex digits of the sha256 of the canonical
JSON of those seals. The replay code is `companion-replay-v2:`, its JSON holding also
"fair": {"managers", "seals", "salts": [[MANAGER, SALT or null], ...] sorted by
MANAGER}. A strict match (`new --strict`) adds "strict": true after "seals" in H's
JSON and in the code's "fair", and its line ends with the word ` strict`; a match that
is not strict has neither, so the commitments made before it stand.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.dice.derived import check_seed
from companion.errors import UserError

if TYPE_CHECKING:
    from companion.rulesets.base import Ruleset
    from companion.session.fair import Fair
    from companion.session.session import JournalEntry, Session

VERSION = 1
LINE_PREFIX = f"companion commitment v{VERSION}"
CODE_PREFIX = f"companion-replay-v{VERSION}:"
CODE_PREFIX_2 = "companion-replay-v2:"
TAG = 8  # hex digits of each part's tag
CODE_LINE = 76  # characters of replay code a line
MAX_CODE = 1_000_000  # characters: a longer code is refused before it is decoded
MAX_JSON = 20_000_000  # bytes a code may inflate to


def canonical(data: Any) -> bytes:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def tables_digest(fingerprints: Mapping[str, str]) -> str:
    # The tables have no order that means anything: sorted, so that any order agrees.
    return hashlib.sha256(canonical(dict(sorted(fingerprints.items())))).hexdigest()


@dataclass(frozen=True)
class Commitment:
    """The hash that binds, and the tags of its parts (setup, secret, seed)."""

    digest: str
    tags: Mapping[str, str]
    version: int = VERSION
    strict: bool = False

    def line(self, secret_word: str = "coaching") -> str:
        tags = " ".join(f"{secret_word if k == 'secret' else k}:{v}"
                        for k, v in self.tags.items())
        # Last: a word after a tag would read as part of the next tag's name.
        strict = " strict" if self.strict else ""
        return f"companion commitment v{self.version} sha256:{self.digest} {tags}{strict}"


@dataclass(frozen=True)
class Sealed:
    """What a commitment of scheme 2 binds besides the setup: the managers, in the
    setup's order, and the seals of their coaching, by gladiator."""

    managers: tuple[str, ...]
    seals: Mapping[str, str]
    strict: bool = False


def commit(ruleset: Ruleset[Any], setup: Mapping[str, Any], tables: Mapping[str, str] | str,
           seed: str, sealed: Sealed | None = None) -> Commitment:
    """The commitment to a match: its system, setup (secret part apart), tables (their
    fingerprints, or their digest), seed; and in scheme 2 its managers and seals."""
    digest = tables if isinstance(tables, str) else tables_digest(tables)
    return commit_parts(ruleset.id, *ruleset.split_secret(setup), digest, seed, sealed)


def sealed_of(fair: Fair | None) -> Sealed | None:
    return None if fair is None else Sealed(fair.managers, fair.seals, fair.strict)


def committed_tables(session: Session) -> str:
    """The digest of the tables a verifiable match was committed to: those a replay
    code claims, else those its file recorded, else those it is played with now. A
    match committed to before a table changed keeps its commitment, its report and its
    replay code."""
    if session.committed_tables is not None:
        return session.committed_tables
    if session.seed is not None and session.played_with:
        return tables_digest(session.played_with)
    return tables_digest(session.fingerprints)


def commit_parts(ruleset_id: str, public: Any, secret: Any, tables: str,
                 seed: str, sealed: Sealed | None = None) -> Commitment:
    key = bytes.fromhex(check_seed(seed))
    parts = {
        "setup": hmac.new(key, canonical(public), hashlib.sha256).hexdigest(),
        "secret": hmac.new(key, canonical(secret), hashlib.sha256).hexdigest(),
        "seed": hashlib.sha256(key).hexdigest(),
    }
    whole = {"format": "companion-commitment", "version": VERSION, "ruleset": ruleset_id,
             "tables": tables, **parts}
    if sealed is None:
        digest = hashlib.sha256(canonical(whole)).hexdigest()
        return Commitment(digest, {k: v[:TAG] for k, v in parts.items()})
    seals = dict(sorted(sealed.seals.items()))
    whole = {**whole, "version": 2, "managers": list(sealed.managers), "seals": seals}
    if sealed.strict:
        # Only when strict: the commitments of the matches made before it stand.
        whole["strict"] = True
    digest = hashlib.sha256(canonical(whole)).hexdigest()
    tags = {k: v[:TAG] for k, v in parts.items()}
    if seals:
        tags["seals"] = hashlib.sha256(canonical(seals)).hexdigest()[:TAG]
    return Commitment(digest, tags, 2, sealed.strict)


@dataclass(frozen=True)
class Posted:
    """A commitment line as a player pasted it: the hash, and the tags it gave."""

    digest: str
    tags: Mapping[str, str]
    strict: bool = False
    version: int | None = None  # as the line says it (None: only its sha256 was given)


_HASH = re.compile(r"sha256:([0-9a-f]{64})\b")
_TAG = re.compile(r"\b([a-z][a-z ]*?):([0-9a-f]{8})\b")


def read_line(text: str) -> Posted:
    """A posted commitment: the whole line, or only its `sha256:...` part."""
    found = _HASH.search(text.strip().lower())
    if found is None:
        raise UserError("--commitment: give the line the GM posted, "
                        f"'{LINE_PREFIX} sha256:...' (64 hex digits after sha256:)")
    rest = text.lower()[found.end():]
    # A tag's name is the last word before its colon.
    tags = {name.split()[-1]: value for name, value in _TAG.findall(rest)}
    version = re.search(r"commitment v(\d+)\b", text.lower()[:found.start()])
    return Posted(found.group(1), tags, re.search(r"\bstrict\b", rest) is not None,
                  None if version is None else int(version.group(1)))


# --- the replay code --------------------------------------------------------------------
@dataclass(frozen=True)
class Replay:
    """What a replay code holds: enough to play the match again from the seed."""

    ruleset: str
    setup: dict[str, Any]
    seed: str
    tables: str
    # Each action, and the rolls (as the journal writes them) of an action whose dice
    # were typed in; None for an action the seed's dice played.
    journal: tuple[tuple[dict[str, Any], tuple[dict[str, Any], ...] | None], ...]
    # Scheme 2: {"managers", "seals", "salts": [[MANAGER, SALT|None], ...]}.
    fair: dict[str, Any] | None = None


def replay_of(session: Session) -> Replay:
    if session.seed is None:
        raise UserError("the session is not verifiable: it has no secret seed")
    fair: dict[str, Any] | None = None
    if session.fair is not None:
        fair = {"managers": list(session.fair.managers),
                "seals": dict(sorted(session.fair.seals.items())),
                "salts": [[m, s] for m, s in session.fair.sorted]}
        if session.fair.strict:
            fair["strict"] = True
    return Replay(session.ruleset.id, dict(session.setup), session.seed,
                  committed_tables(session),
                  tuple(_entry(e) for e in session.journal), fair)


def _entry(entry: JournalEntry) -> tuple[dict[str, Any], tuple[dict[str, Any], ...] | None]:
    typed = any(r.get("typed") for r in entry.rolls)
    return dict(entry.action), (tuple(entry.rolls) if typed else None)


def encode(replay: Replay) -> str:
    journal = [action if rolls is None else {"action": action, "rolls": list(rolls)}
               for action, rolls in replay.journal]
    data = {"ruleset": replay.ruleset, "setup": replay.setup, "seed": replay.seed,
            "tables": replay.tables, "journal": journal}
    if replay.fair is not None:
        data["fair"] = replay.fair
    packed = base64.b64encode(zlib.compress(canonical(data), 9)).decode("ascii")
    prefix = CODE_PREFIX if replay.fair is None else CODE_PREFIX_2
    return prefix + packed.rstrip("=") + "."


def code_lines(code: str, width: int = CODE_LINE) -> list[str]:
    """The code broken into lines no wider than `width`, for posts and chat."""
    return [code[i:i + width] for i in range(0, len(code), width)]


_B64 = re.compile(r"[A-Za-z0-9+/]")


def find_code(text: str) -> str | None:
    """The replay code in a text (a report, a file with the code), with the line
    breaks and spaces put between its characters taken out; None when there is none."""
    prefix = CODE_PREFIX
    start = text.find(CODE_PREFIX)
    if start < 0:
        prefix, start = CODE_PREFIX_2, text.find(CODE_PREFIX_2)
    if start < 0:
        return None
    out: list[str] = []
    for i in range(start + len(prefix), min(len(text), start + MAX_CODE)):
        c = text[i]
        if c == ".":
            return prefix + "".join(out) + "."
        if _B64.match(c):
            out.append(c)
        elif not c.isspace() and c != "\\":  # Markdown escapes a leading + or =
            raise UserError(f"the replay code is broken: {c!r} after {len(out)} of its "
                            "characters, where only its letters, digits, + and / belong")
    raise UserError("the replay code is cut short: it ends with a full stop, which is "
                    "missing")


_CODE_LINE = re.compile(r"[A-Za-z0-9+/]*")


def find_code_between(text: str) -> str | None:
    """The replay code of a run of messages with other words between them (Discord
    cuts a report where it likes, within its code too): its lines as `code_lines`
    writes them, each CODE_LINE characters but the last, which ends with the full
    stop; any other line passed over. None when there is no such code."""
    lines = [line.strip().replace("\\", "") for line in text.splitlines()]
    for i, line in enumerate(lines):
        prefix = next((p for p in (CODE_PREFIX, CODE_PREFIX_2) if p in line), None)
        if prefix is None:
            continue
        out = [line[line.index(prefix):]]
        if out[0].endswith("."):
            return out[0]
        for rest in lines[i + 1:]:
            body = rest.removesuffix(".")
            if not _CODE_LINE.fullmatch(body):
                continue
            if rest.endswith("."):
                code = "".join(out) + rest
                if _reads(code):
                    return code
                continue  # words that look like its end ("Nice."): not it
            if len(rest) == CODE_LINE:
                out.append(rest)
        return None
    return None


def _reads(code: str) -> bool:
    try:
        decode(code)
    except UserError:
        return False
    return True


def decode(code: str) -> Replay:
    body = code.removeprefix(CODE_PREFIX).removeprefix(CODE_PREFIX_2).removesuffix(".")
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
        inflate = zlib.decompressobj()
        raw = inflate.decompress(packed, MAX_JSON)
        if inflate.unconsumed_tail or not inflate.eof:
            raise ValueError
        data = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError, RecursionError):
        raise UserError("the replay code does not read: a character is changed or "
                        "missing") from None
    try:
        replay = _replay_from(data)
        if code.startswith(CODE_PREFIX_2) != (replay.fair is not None):
            raise ValueError
        return replay
    except (KeyError, TypeError, ValueError, AttributeError):
        raise UserError("the replay code reads, but is not a match's replay") from None


def _replay_from(data: Any) -> Replay:
    if not isinstance(data["setup"], dict) or not isinstance(data["ruleset"], str) \
            or not isinstance(data["tables"], str):
        raise TypeError
    journal: list[tuple[dict[str, Any], tuple[dict[str, Any], ...] | None]] = []
    for item in data["journal"]:
        if not isinstance(item, dict):
            raise TypeError
        if "action" in item and "rolls" in item and set(item) == {"action", "rolls"}:
            if not isinstance(item["action"], dict) or not isinstance(item["rolls"], list):
                raise TypeError
            journal.append((item["action"], tuple(item["rolls"])))
        else:
            journal.append((item, None))
    fair = data.get("fair")
    if fair is not None and not (isinstance(fair, dict) and isinstance(fair["managers"], list)
                                 and isinstance(fair["seals"], dict)
                                 and isinstance(fair["salts"], list)):
        raise TypeError
    return Replay(data["ruleset"], data["setup"], check_seed(data["seed"], "the replay "
                  "code's seed"), data["tables"], tuple(journal), fair)


# --- committing to a session ------------------------------------------------------------
def commit_session(session: Session) -> tuple[str, str | None]:
    """The commitment line of a session, made verifiable first when it can be, and a
    note saying what that did (None: it was verifiable already).

    A session with no action yet takes a new seed. One whose only action is its
    opening (the strengths and the deal that `new` rolls at once) has it rolled again
    from the new seed: nothing was committed to yet, and every die after the
    commitment must come from the seed. One further on cannot be made verifiable."""
    from companion.dice.derived import new_seed
    from companion.dice.sources import SeededDice

    note = None
    if session.seed is None:
        rules = session.ruleset
        opening = rules.opening
        only_opening = (opening is not None and len(session.journal) == 1
                        and not session.redo_stack
                        and session.journal[0].action == rules.parse_action(dict(opening)))
        if only_opening:
            session.undo()
            session.redo_stack.clear()
        if session.journal or session.redo_stack:
            played = len(session.journal) + len(session.redo_stack)
            raise UserError(
                f"its dice were not drawn from a secret seed ({played} action"
                f"{'s' if played != 1 else ''} already played): make the match verifiable "
                "before its first turn (companion new ... --verifiable)")
        session.make_verifiable(new_seed())
        note = "it is now verifiable: its secret seed is kept in the file"
        if only_opening and opening is not None:
            session.act(dict(opening), SeededDice(None))  # the seed's dice, by act
            note += "; its start was rolled again from the seed"
    rules = session.ruleset
    line = commit(rules, session.setup, committed_tables(session), session.seed or "",
                  sealed_of(session.fair))
    return line.line(rules.secret_word), note


# --- in a report ------------------------------------------------------------------------
def footnotes(session: Session) -> tuple[str, ...]:
    """What a report of a verifiable session adds after its outcome: the commitment
    while the match runs; once it is over, the seed and the replay code as well.
    Nothing for a plain session."""
    if session.seed is None:
        return ()
    if session.fair is not None:
        return _fair_footnotes(session, session.fair)
    rules = session.ruleset
    line = commit(rules, session.setup, committed_tables(session), session.seed).line(
        rules.secret_word)
    notes = ["Verifiable: every die the app rolled came from a secret seed, committed to "
             "before the first roll:", line]
    if not rules.is_over(session.state):
        return (*notes, "The seed and the replay code follow when the match is over.")
    return (*notes, f"Seed: {session.seed}",
            "Replay code (check this report with: companion verify REPORT):",
            *code_lines(encode(replay_of(session))))


DICE_LINE = 76  # characters of the list of dice a line


def _fair_footnotes(session: Session, fair: Fair) -> tuple[str, ...]:
    """Scheme 2's: the commitment, the salts and the seals; once the match is over,
    the seed, every die with its place, and the replay code."""
    rules = session.ruleset
    line = commit(rules, session.setup, committed_tables(session), session.seed or "",
                  sealed_of(fair)).line(rules.secret_word)
    notes = ["Verifiable (scheme 2): every die the app rolled came from a secret seed, "
             "committed to before the managers posted their salts, and from the salts:",
             line, salts_line(fair)]
    if fair.strict:
        notes.append(f"Strict: every move is the {rules.secret_word}'s, and every die the "
                     "seed's; the GM chose none and typed none in.")
    if fair.seals:
        names = ", ".join(sorted(fair.seals))
        notes.append(f"Sealed {rules.secret_word} (the seals are in the commitment): "
                     f"{names}.")
    if not rules.is_over(session.state):
        return (*notes, "The seed, the dice and the replay code follow when the match is "
                "over.")
    return (*notes, f"Seed: {session.seed}",
            "Dice by place (action.draw=face/dsides; t: typed at the table):",
            *dice_lines(session, fair),
            "Replay code (check this report with: companion verify REPORT, or "
            "companion-check.html):",
            *code_lines(encode(replay_of(session))))


def salts_line(fair: Fair) -> str:
    said = []
    for manager, salt in fair.sorted:
        if salt is not None:
            said.append(f"{manager} {json.dumps(salt, ensure_ascii=False)}")
        else:
            said.append(f"{manager} {'posted no salt' if fair.closed else 'not yet'}")
    return "Salts: " + ("; ".join(said) if said else "none (no manager)") + "."


def dice_lines(session: Session, fair: Fair) -> list[str]:
    """Every die of the match with its place: `i.n=face/dsides`, a typed one `t`."""
    from companion.dice.salted import places

    words: list[str] = []
    for i, entry in enumerate(session.journal):
        typed = any(r.get("typed") for r in entry.rolls)
        sides = [int(r["sides"]) for r in entry.rolls for _ in r["faces"]]
        faces = [int(f) for r in entry.rolls for f in r["faces"]]
        if typed:
            words += [f"{i}.t{k}={f}/d{s}" for k, (f, s) in enumerate(zip(faces, sides,
                                                                         strict=True))]
            continue
        got = places(session.seed or "", fair.digest, fair.sorted, i, sides)
        # The faces recorded, each at the place the seed draws it from.
        words += [f"{i}.{n}={f}/d{s}" for (n, _f), f, s in zip(got, faces, sides,
                                                               strict=True)]
    lines: list[str] = []
    for word in words or ["none"]:
        if lines and len(lines[-1]) + 1 + len(word) <= DICE_LINE:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
