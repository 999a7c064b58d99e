"""A round of a league made into its matches' session files and written to the
stable in one change: what `companion league round` does, here so that the League
screen makes a round by the same steps as the command line, and says it in the same
words (each match with each side's chance by the league's ratings, and its
commitment when it is verifiable)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from companion.errors import UserError
from companion.league import records, season

if TYPE_CHECKING:
    from companion.stable.model import Gladiator
    from companion.stable.store import Stable


@dataclass(frozen=True)
class Made:
    """A round made: its number, each match's session file and sides (a file "" for a
    match forfeited at once by a dead man), who rests, and its lines in words."""

    number: int
    matches: list[records.NewMatch] = field(default_factory=list)
    rested: list[int] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


def make_round(stable: Stable, league: records.League, deadline: str, clock: str, *,
               verifiable: bool = False) -> Made:
    """The next round's pairings made into matches and recorded (UserError, in words,
    when there is none to make: a match still open, every round made, a winner)."""
    from companion.league.matches import collect

    if stable.writable:
        collect(stable, league)
    nxt = season.pairings(stable, league)
    made, lines = make_matches(stable, league, nxt.number, nxt.matches, verifiable)
    records.add_round(stable, league, nxt.number, deadline, made, nxt.rested, clock)
    names = {g.id: g.name for g in stable.gladiators(game=league.game)}
    lines += [f"  bye: {names.get(g, g)}" for g in nxt.rested]
    return Made(nxt.number, made, nxt.rested, lines)


def make_matches(stable: Stable, league: records.League, number: int | None,
                 groups: Sequence[Sequence[int]], verifiable: bool
                 ) -> tuple[list[records.NewMatch], list[str]]:
    """Each group of gladiators (one a side) made into a session file of the league's
    game; a group with a dead man in it is no match (he forfeits it)."""
    from companion.league.matches import file_name, make
    from companion.league.ratings import chances

    rated = season.ratings(stable, league)
    made: list[records.NewMatch] = []
    lines: list[str] = []
    for board, group in enumerate(groups, start=1):
        found = [stable.gladiator(g) for g in group]
        known: list[Gladiator] = [g for g in found if g is not None]
        if len(known) != len(found):
            raise UserError(f"match {board}: a gladiator is no longer in the stable",
                            exit_code=1)
        if not all(g.alive for g in known):
            made.append(("", [(g.id, str(i)) for i, g in enumerate(known, start=1)]))
            lines.append(f"  {board}. {' v '.join(g.name for g in known)}: forfeit, "
                         + " & ".join(g.name for g in known if not g.alive) + " dead")
            continue
        path, sides, line = make(stable, league, known, list(range(1, len(known) + 1)),
                                 file_name(league, number, board, [g.name for g in known]),
                                 verifiable=verifiable)
        made.append((str(path), list(zip(group, sides, strict=True))))
        odds = chances([[g.id] for g in known], rated)
        lines.append(f"  {board}. {' v '.join(g.name for g in known)} (chances "
                     f"{' / '.join(f'{p * 100:.0f} %' for p in odds)}): {path}")
        if line is not None:
            lines.append(f"     commitment: {line}")
    return made, lines
