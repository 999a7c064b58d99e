"""A session → its report: the narrator's lines and the rolls of each journal entry,
grouped into the turns the system marks (`Ruleset.turn_of`), and the system's sheets,
secrets and outcome. Built from the session's outcomes and roll records only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.dice.rolls import Roll, merge
from companion.dice.sources import Draw
from companion.reports.model import Report, ReportRoll, Secret, Sheet, Turn
from companion.rulesets.base import Event, Ruleset
from companion.session.commitment import footnotes
from companion.session.session import Session

# The title of what happens before the first turn (strengths, initiative, the deal).
BEFORE = "Before the fight"
WHAT_HAPPENED = "What happened"


class _Open:
    """A turn being gathered."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.lines: list[str] = []
        self.rolls: list[ReportRoll] = []

    def close(self) -> Turn:
        return Turn(self.title, tuple(self.lines), tuple(self.rolls))


def build_report(session: Session, words: int | None = None) -> Report:
    """The session's report; `words`: an earlier version of the narration's words
    (`Ruleset.earlier_words`), for checking a report written in them."""
    ruleset, state = session.ruleset, session.state
    turns: list[_Open] = [_Open(BEFORE)]
    for i, outcome in enumerate(session.outcomes):
        records = session.journal[i].records(f"journal[{i}]")
        _add_entry(ruleset, state, outcome.events, records, turns, words)
    if len(turns) == 1:
        # No turn ever began: the table-side trackers, or a fight not yet under way.
        turns[0].title = WHAT_HAPPENED if session.journal else BEFORE
    kept = [t.close() for t in turns if t.lines or t.rolls]
    sheets = tuple(Sheet(name, tuple(lines))
                   for name, lines in ruleset.report_sheets(_as_it_began(session)))
    secrets = tuple(Secret(name, tuple(lines))
                    for name, lines in ruleset.report_secret(state) if lines)
    over = ruleset.is_over(state)
    names = [s.name for s in sheets]
    title = " against ".join(names) if names else ruleset.title.capitalize()
    return Report(title=title, system=_capital(ruleset.title), sheets=sheets,
                  turns=tuple(kept), secrets=secrets,
                  outcome=tuple(ruleset.report_outcome(state, session.events)),
                  next_up=None if over else ruleset.report_next(state),
                  footnotes=footnotes(session))


def _as_it_began(session: Session) -> Any:
    """The sheets the crowd saw at the start: the state after the system's opening
    action (the strengths, hit points and hands are known, nothing is lost yet), or
    the setup's when the session opened otherwise (trackers changed at once)."""
    ruleset, journal = session.ruleset, session.journal
    opening = ruleset.opening["type"] if ruleset.opening else None
    if journal and journal[0].kind() == opening:
        return session.state if len(journal) == 1 else Session(
            ruleset, session.setup, session.tables, journal[:1]).state
    return ruleset.new_state(session.setup, session.tables)


def _add_entry(ruleset: Ruleset[Any], state: Any, events: Sequence[Event],
               records: Sequence[Draw], turns: list[_Open], words: int | None) -> None:
    """One journal entry: its events cut where a turn begins, each part narrated and
    its rolls described; the dice no description covers go with the part before."""
    parts: list[tuple[_Open, list[Event]]] = [(turns[-1], [])]
    for e in events:
        title = ruleset.turn_of(state, e)
        if title is not None:
            turns.append(_Open(title))
            parts.append((turns[-1], []))
        parts[-1][1].append(e)
    described: list[tuple[_Open, Roll]] = []
    for turn, part in parts:
        if part:
            public = [ruleset.report_public(state, e) for e in part]
            turn.lines += (ruleset.narrate(state, public) if words is None
                           else ruleset.narrate_in(state, public, words))
            described += [(turn, r) for r in ruleset.rolls(state, part)]
    home = {id(roll): turn for turn, roll in described}
    typed = any(r.typed for r in records)
    where = parts[0][0]
    for roll in merge([r for _, r in described], records):
        where = home.get(id(roll), where)
        where.rolls.append(ReportRoll(roll, typed=typed))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
