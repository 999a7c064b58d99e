"""What `companion new ... --salted --seals ... --strict --chain FILE` adds to a new
verifiable match: its seed from the season's chain, its managers and their seals, and
whether it is strict (scheme 2)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.dice.chain import Chain
    from companion.session.session import Session


@dataclass
class FairOptions:
    salted: bool
    seals: str | None
    chain_file: Path | None
    strict: bool = False
    _chain: Chain | None = field(default=None, init=False)
    link: int | None = field(default=None, init=False)

    def apply(self, session: Session) -> bool:
        """Set the session's seed and salts; whether its start may be rolled now."""
        from companion.session.commitment import Sealed, commit, committed_tables
        from companion.session.fair import Fair, parse_seals

        if self.chain_file is not None:
            from companion.dice.chain import read_chain

            self._chain, seed, self.link = read_chain(self.chain_file).take()
            session.seed = seed
        if not self.salted:
            return True
        coachings = session.ruleset.sealed(session.setup)
        managers = tuple(dict.fromkeys(m for _g, m, _c in coachings))
        seals = parse_seals(self.seals or "", coachings)
        digest = commit(session.ruleset, session.setup, committed_tables(session),
                        session.seed or "", Sealed(managers, seals, self.strict)).digest
        session.fair = Fair(digest, managers, seals, {m: None for m in managers},
                            strict=self.strict)
        return False

    def taken(self, match: Path) -> None:
        """The match is written: its link is used (the chain's file says so)."""
        if self._chain is None or self.chain_file is None:
            return
        from companion.dice.chain import write_chain

        write_chain(self.chain_file, self._chain)
        print(f"{match}: seed from link {self.link} of the chain {self.chain_file} "
              f"({self._chain.length - self._chain.used} left)")
