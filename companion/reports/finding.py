"""One thing `companion verify` says of a verifiable match: where, and what."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    """One thing verify says: `problem` when what was posted is not what the rules
    give; otherwise a note (dice typed in, tables of another version)."""

    where: str
    text: str
    problem: bool = True
    claim: bool = False  # a choice said to be the computer's that is not

    def line(self) -> str:
        return f"{self.where}: {self.text}" if self.where else self.text
