"""The report as data: what every format writes, and nothing about how.

A report has a title, a header (the combatants and the public part of their sheets),
one section per turn (the narrator's lines and every roll of the turn), the secrets
kept apart (Grimdark coaching), and a footer (the outcome; for a running session, what
is due next). Formats only lay this out; none reads a log line to find a fact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.dice.rolls import Die, Roll


@dataclass(frozen=True)
class Sheet:
    """A combatant and the public lines of his sheet."""

    name: str
    lines: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "lines": list(self.lines)}


@dataclass(frozen=True)
class ReportRoll:
    """One roll as a report shows it; `typed` when a player typed its faces in from
    his own dice (it replays, but nothing can vouch for it)."""

    roll: Roll
    typed: bool = False

    @property
    def who(self) -> str:
        return self.roll.who or "The table"

    @property
    def purpose(self) -> str:
        return self.roll.purpose

    def faces_text(self) -> str:
        """The dice as they fell: "2d6: 6 6", "d8: 4", "3d6: 6 6, luck 6"; a die that
        does not count is marked as dropped."""
        return dice_text(self.roll.dice)

    def result_text(self) -> str:
        """The modifiers and the verdict, then the result: "weapon +2, 13"."""
        parts = [self.roll.detail] if self.roll.detail else []
        if self.roll.total is not None:
            parts.append(f"result {self.roll.total}")
        return "; ".join(parts)

    def text(self) -> str:
        """The roll in one plain line, without who rolled."""
        more = self.result_text()
        typed = " (typed at the table)" if self.typed else ""
        return f"{self.purpose}: {self.faces_text()}" + (f" → {more}" if more else "") + typed

    def to_json(self) -> dict[str, Any]:
        return {"who": self.who, "purpose": self.purpose,
                "dice": [d.model_dump(mode="json") for d in self.roll.dice],
                "faces": list(self.roll.faces), "total": self.roll.total,
                "detail": self.roll.detail, "typed": self.typed, "text": self.text()}


def dice_text(dice: tuple[Die, ...]) -> str:
    if not dice:
        return "no dice"
    sides = {d.sides for d in dice}
    kinds = (f"{len(dice)}d{dice[0].sides}" if len(dice) > 1 else f"d{dice[0].sides}"
             ) if len(sides) == 1 else f"{len(dice)} dice"
    plain = [_face(d) for d in dice if not d.luck]
    luck = [_face(d) for d in dice if d.luck]
    faces = " ".join(plain)
    if luck:
        faces = (faces + ", " if faces else "") + "luck " + " ".join(luck)
    return f"{kinds}: {faces}"


def _face(d: Die) -> str:
    return str(d.face) if d.kept else f"{d.face} (dropped)"


@dataclass(frozen=True)
class Turn:
    """One turn or round: its title, the narrator's lines and its rolls."""

    title: str
    lines: tuple[str, ...]
    rolls: tuple[ReportRoll, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "lines": list(self.lines),
                "rolls": [r.to_json() for r in self.rolls]}


@dataclass(frozen=True)
class Secret:
    """What the system keeps from the crowd about one combatant (his coaching)."""

    name: str
    lines: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "lines": list(self.lines)}


@dataclass(frozen=True)
class Report:
    title: str
    system: str
    sheets: tuple[Sheet, ...]
    turns: tuple[Turn, ...]
    secrets: tuple[Secret, ...] = ()
    outcome: tuple[str, ...] = ()
    # A running session: what is due next ("Brutus rolls for AP"); None when over.
    next_up: str | None = None
    # Lines set after the outcome by whoever adds them (the verifiable GM mode's seed
    # and replay code): every format writes them as they are.
    footnotes: tuple[str, ...] = field(default=())

    @property
    def over(self) -> bool:
        return self.next_up is None

    @property
    def any_typed(self) -> bool:
        return any(r.typed for t in self.turns for r in t.rolls)

    def closing(self) -> str | None:
        """The last line of a running session's report."""
        return None if self.next_up is None else f"To be continued: next, {self.next_up}."

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "system": self.system, "over": self.over,
                "sheets": [s.to_json() for s in self.sheets],
                "turns": [t.to_json() for t in self.turns],
                "secrets": [s.to_json() for s in self.secrets],
                "outcome": list(self.outcome), "next": self.next_up,
                "footnotes": list(self.footnotes)}
