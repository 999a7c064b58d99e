"""A round of a league made into its matches' session files and written to the
stable in one change: what `companion league round` and `book` do, here so that the
League screen makes a round by the same steps as the command line, and says it in the
same words (each match with each side's chance by the league's ratings, and its
commitment when it is verifiable)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from companion.errors import UserError
from companion.league import records, season

if TYPE_CHECKING:
    from companion.stable.model import Gladiator
    from companion.stable.store import Stable


@dataclass(frozen=True)
class Made:
    """A round made: its number, each match's session file and sides (a file "" for a
    match forfeited at once by a dead man), who rests, its lines in words, and each
    verifiable match's commitment by its session file."""

    number: int | None
    matches: list[records.NewMatch] = field(default_factory=list)
    rested: list[int] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    commitments: dict[str, str] = field(default_factory=dict)


def make_round(stable: Stable, league: records.League, deadline: str, clock: str, *,
               verifiable: bool = False, seed: int | None = None) -> Made:
    """The next round's pairings made into matches and recorded (UserError, in words,
    when there is none to make: a match still open, every round made, a winner)."""
    from companion.league.matches import collect

    if stable.writable:
        collect(stable, league)
    nxt = season.pairings(stable, league)
    made = make_matches(stable, league, nxt.number, nxt.matches, verifiable, seed=seed)
    records.add_round(stable, league, nxt.number, deadline, made.matches, nxt.rested,
                      clock, made.commitments)
    names = records.member_names(stable, league.id)
    made.lines.extend(f"  bye: {names.get(g, g)}" for g in nxt.rested)
    return Made(nxt.number, made.matches, nxt.rested, made.lines, made.commitments)


def book(stable: Stable, league: records.League, ids: Sequence[int],
         teams: Sequence[int] | None, clock: str, *, verifiable: bool = False) -> Made:
    """An open challenge's match between `ids` (each of his own side, or of his team
    in `teams`) made and recorded, numbered after the matches booked before it."""
    booked = [m for m in records.matches(stable, league.id) if m.round is None]
    made = make_matches(stable, league, None, [ids], verifiable,
                        teams=None if teams is None else [teams],
                        start_board=max((m.board for m in booked), default=0))
    records.add_round(stable, league, None, "", made.matches, [], clock, made.commitments)
    return made


def make_matches(stable: Stable, league: records.League, number: int | None,
                 groups: Sequence[Sequence[int]], verifiable: bool, *,
                 teams: Sequence[Sequence[int]] | None = None, start_board: int = 0,
                 seed: int | None = None) -> Made:
    """Each group of gladiators (one a side, or by its `teams`) made into a session
    file of the league's game, its boards numbered after `start_board`; a group with a
    dead man in it is no match (he forfeits it: `records.add_round`). With `seed`, each
    match's dice are seeded from it, each its own."""
    from companion.league.matches import file_name, make
    from companion.league.ratings import chances

    rated = season.ratings(stable, league)
    made = Made(number)
    for board, group in enumerate(groups, start=start_board + 1):
        found = [stable.gladiator(g) for g in group]
        known: list[Gladiator] = [g for g in found if g is not None]
        if len(known) != len(found):
            raise UserError(f"match {board}: a gladiator is no longer in the stable",
                            exit_code=1)
        if not all(g.alive for g in known):
            made.matches.append(("", [(g.id, str(i)) for i, g in enumerate(known, start=1)]))
            made.lines.append(f"  {board}. {' v '.join(g.name for g in known)}: forfeit, "
                              + " & ".join(g.name for g in known if not g.alive) + " dead")
            continue
        team = list(teams[board - start_board - 1]) if teams else \
            list(range(1, len(known) + 1))
        path, sides, line = make(stable, league, known, team,
                                 file_name(league, number, board, [g.name for g in known]),
                                 verifiable=verifiable,
                                 seed=None if seed is None else
                                 seed * 1_000_003 + (number or 0) * 1_000 + board)
        made.matches.append((str(path), list(zip(group, sides, strict=True))))
        odds = chances(_sides_of(known, team), rated)
        made.lines.append(f"  {board}. {' v '.join(g.name for g in known)} (chances "
                          f"{' / '.join(f'{p * 100:.0f} %' for p in odds)}): {path}")
        if line is not None:
            made.lines.append(f"     commitment: {line}")
            made.commitments[str(path)] = line
    return made


def _sides_of(known: Sequence[Gladiator], team: Sequence[int]) -> list[list[int]]:
    """The gladiators' ids by side, the sides in the order they first appear."""
    sides: dict[int, list[int]] = {}
    for g, t in zip(known, team, strict=True):
        sides.setdefault(t, []).append(g.id)
    return list(sides.values())


def folder_of(stable: Stable, name: str, given: Path | None) -> str:
    """Where a new league's match files go: `given`, or a folder named after it beside
    the stable."""
    return str(Path(given or stable.path.parent / "leagues" / _slug(name)).resolve())


def _slug(text: str) -> str:
    kept = "".join(c.lower() if c.isalnum() else "-" for c in text)
    return "-".join(p for p in kept.split("-") if p) or "league"
