"""A verifiable match's report, as posted, against the replay: the format it is in,
and where its text first differs from that format written from the replay. The
report is found inside the post (a forum post, a run of Discord messages) from its
first line to its last: the GM's words before and after it, and between two of its
Discord messages, are not part of it; any other line that is not the replay's is a
difference, named by the part of the report it stands in."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from companion.reports.build import build_report
from companion.reports.discord import messages as discord_messages
from companion.reports.finding import Finding
from companion.reports.model import Report
from companion.session.session import Session

SHOWN = 90  # characters of a report's line quoted in a finding


def compare_text(text: str, session: Session,
                 formats: Mapping[str, Callable[[Report], str]]) -> tuple[str, Finding | None]:
    """The format the report is in, and where its text first differs from that format
    written from the replay (None: it is the same, line for line)."""
    found = compare_post(text, session, formats)
    return found.name, found.finding


@dataclass(frozen=True)
class Compared:
    """A post's report against the replay: its format, where it first differs (None:
    nowhere), and how many lines of the GM's own words stand around it (before it,
    after it, and between its Discord messages), which are not compared."""

    name: str
    finding: Finding | None
    around: int = 0


def compare_post(text: str, session: Session,
                 formats: Mapping[str, Callable[[Report], str]]) -> Compared:
    """`compare_text` on a post that may hold more than the report: the report is
    found in it from its first line to its last, as the replay writes them; the words
    before and after are not part of it, nor those between two Discord messages. Any
    other line that is not the replay's is a difference."""
    report = build_report(session)
    given = _lines(text)
    best: tuple[int, str, Finding] | None = None
    for name, render in formats.items():
        mine, breaks = _written(name, render, report)
        lo, hi = _span(given, mine)
        same, at, skipped = _align(given[lo:hi], mine, breaks)
        if same == len(mine) and at == hi - lo:
            return Compared(name, None, len(given) - (hi - lo) + skipped)
        if best is None or same > best[0]:
            best = (same, name, _differs(report, given[lo:hi], mine, same, at))
    # A report written before the narration's words changed is in its own version's
    # words; a difference is told in today's.
    for version in session.ruleset.earlier_words:
        earlier = build_report(session, version)
        for name, render in formats.items():
            mine, breaks = _written(name, render, earlier)
            lo, hi = _span(given, mine)
            same, at, skipped = _align(given[lo:hi], mine, breaks)
            if same == len(mine) and at == hi - lo:
                return Compared(name, None, len(given) - (hi - lo) + skipped)
    assert best is not None
    return Compared(best[1], best[2])


def _written(name: str, render: Callable[[Report], str], report: Report
             ) -> tuple[list[str], set[int]]:
    """The report's lines in a format, and where a new Discord message begins."""
    parts = ([_lines(m) for m in discord_messages(report)] if name == "discord"
             else [_lines(render(report))])
    breaks = {sum(len(p) for p in parts[:k]) for k in range(1, len(parts))}
    return [line for part in parts for line in part], breaks


def _span(given: Sequence[str], mine: Sequence[str]) -> tuple[int, int]:
    """Where the report stands in the post: from the first line that is its first to
    the last that is its last (the whole post when either is not found)."""
    if not mine:
        return 0, len(given)
    lo = next((i for i, line in enumerate(given) if line == mine[0]), 0)
    hi = next((i + 1 for i in range(len(given) - 1, lo - 1, -1) if given[i] == mine[-1]),
              len(given))
    return lo, hi


def _align(given: Sequence[str], mine: Sequence[str], breaks: set[int]
           ) -> tuple[int, int, int]:
    """How many of the replay's lines the post gives in order, where in the post the
    first that differs stands, and how many lines were passed over between two
    messages (at a break, the post's lines up to the next message's first)."""
    i = j = skipped = 0
    while i < len(given) and j < len(mine):
        if given[i] == mine[j]:
            i, j = i + 1, j + 1
            continue
        if j in breaks:
            nxt = next((k for k in range(i, len(given)) if given[k] == mine[j]), None)
            if nxt is not None:
                skipped += nxt - i
                i = nxt
                continue
        break
    return j, i, skipped


def _differs(report: Report, given: Sequence[str], mine: Sequence[str], same: int,
             at: int) -> Finding:
    where = _section(report, mine, same)
    if at >= len(given):
        return Finding(where, "the report stops short: the replay goes on with "
                       f"\"{_cut(mine[same])}\"")
    if same >= len(mine):
        return Finding(where, f"the report goes on after the replay ends: "
                       f"\"{_cut(given[at])}\"")
    theirs, ours = _around(given[at], mine[same])
    return Finding(where, f"the report says \"{theirs}\", the replay gives \"{ours}\"")


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
    # The last line to say the outcome's first: the last turn's narration may say it
    # too, above that turn's rolls, which are still the turn's.
    end = next((i for i in range(len(lines) - 1, at - 1, -1) if report.outcome
                and report.outcome[0] in lines[i]), None)
    if end is not None and end - 1 <= index and report.turns:
        # The outcome's heading stands a line above its first line.
        return "the outcome"
    return where


def _around(a: str, b: str) -> tuple[str, str]:
    """Two lines that differ, each cut to a stretch around the first difference."""
    first = _common(a, b)
    start = max(0, first - SHOWN // 3)
    lead = "…" if start else ""
    return lead + _cut(a[start:]), lead + _cut(b[start:])


def _cut(line: str) -> str:
    return line if len(line) <= SHOWN else line[:SHOWN - 1] + "…"
