"""The moments a report's pictures show: the start, the end, or the state after a
chosen turn, and the state of a session at each, found by replaying its journal.

Pure: no pygame. The pictures themselves are drawn by `companion.ui.reports.pictures`;
this module only says which states to draw. A turn is what the report calls one (each
event the system's `turn_of` names begins one), so the same words serve every
system: "after turn 3" is the state just before the fourth turn begins (or the end,
when the third ended the fight)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import UserError
from companion.rulesets.base import Event, Ruleset
from companion.session.session import Session

DEFAULT = "start,end"
# A report shows chosen moments, not every turn: twenty pictures keep the page of a
# sixteen-gladiator match under a megabyte, and a forum post readable.
MOST_MOMENTS = 20


@dataclass(frozen=True)
class Moment:
    """`turn` None with `end` False is the start; `end` True is the end (the session
    as it stands, finished or not); otherwise the state after turn `turn`."""

    turn: int | None = None
    end: bool = False

    @property
    def caption(self) -> str:
        if self.end:
            return "The end"
        if self.turn is None:
            return "The start"
        return f"After turn {self.turn}"


START, END = Moment(), Moment(end=True)


@dataclass(frozen=True)
class Picture:
    """A picture of a moment, as a report embeds it: PNG bytes and their size."""

    moment: Moment
    png: bytes
    width: int
    height: int


def parse_moments(text: str, option: str = "--pictures") -> tuple[Moment, ...]:
    """`start`, `end` and turn numbers, joined by commas (`start,2,5,end`), in the order
    given, each once, at most MOST_MOMENTS; `none` for no pictures. UserError names the
    word that is wrong."""
    words = [w.strip().lower() for w in text.split(",")]
    if words == ["none"]:
        return ()
    found: list[Moment] = []
    for word in words:
        if word == "start":
            moment = START
        elif word == "end":
            moment = END
        elif word.isdigit() and 0 < len(word) < 6 and int(word) > 0:
            moment = Moment(turn=int(word))
        else:
            shown = word if word.isprintable() and len(word) < 30 else "that"
            raise UserError(f"{option}: '{shown}' is not start, end or a turn number "
                            "(e.g. start,3,end)" if word else
                            f"{option}: an empty moment between commas (e.g. start,3,end)")
        if moment not in found:
            found.append(moment)
    if len(found) > MOST_MOMENTS:
        raise UserError(f"{option}: {len(found)} moments; a report pictures at most "
                        f"{MOST_MOMENTS} (choose the turns that matter, e.g. start,3,9,end)")
    return tuple(found)


def states_at(session: Session, moments: Sequence[Moment]) -> list[tuple[Moment, Any]]:
    """The state of `session` at each moment, in the order asked. The journal is
    replayed once from the setup, each entry with its own recorded dice (a `redo`, which
    checks it still produces what was recorded); the session itself is left as it is.
    UserError for a turn the session has not finished."""
    turns = sorted({m.turn for m in moments if m.turn is not None and not m.end})
    probe = Session(session.ruleset, session.setup, session.tables,
                    redo=list(reversed(session.journal)))
    ruleset = probe.ruleset
    # A redo replaces the state with a changed copy: a state kept here never changes.
    found: dict[Moment, Any] = {START: probe.state}
    opening = ruleset.opening["type"] if ruleset.opening else None
    begun = 0
    while probe.redo_stack:
        before = probe.state
        probe.redo()
        begun += turns_begun(ruleset, probe.state, probe.outcomes[-1].events)
        if len(probe.journal) == 1 and probe.journal[0].kind() == opening and not begun:
            # The start as the crowd sees it: HP, Init and hands rolled, nothing lost yet
            # (the sheets of the report's header are taken at the same point).
            found[START] = probe.state
        # Turn N is over once a later one begins: the state before that entry.
        while turns and turns[0] < begun:
            found[Moment(turn=turns.pop(0))] = before
    if turns and turns[0] == begun and ruleset.is_over(probe.state):
        found[Moment(turn=turns.pop(0))] = probe.state  # the turn that ended it
    if turns:
        played = f"{begun} turn{'s' if begun != 1 else ''} begun"
        late = "is not over yet" if turns[0] == begun else "was never played"
        raise UserError(f"--pictures: turn {turns[0]} {late} ({played})")
    found[END] = probe.state
    return [(m, found[m]) for m in moments]


def turns_begun(ruleset: Ruleset[Any], state: Any, events: Sequence[Event]) -> int:
    """How many turns these events begin, as the report counts them (`turn_of`): turn
    N of the pictures is the report's Nth turn."""
    return sum(1 for e in events if ruleset.turn_of(state, e) is not None)
