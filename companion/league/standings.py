"""The standings table: points, then the tie-breaks in the order named in its header.

A win is a point, a draw half, a bye a point, a forfeit a point to whoever was
there. The tie-breaks, in order:
1. wins;
2. head-to-head: the points the tied players took from one another;
3. for a Swiss league, the opponents' points (Buchholz: the sum of the scores of
   everyone he met);
4. the game's own figure (Fame, higher first; health lost, lower first), summed over
   the league's matches or his latest, as the game's part says;
then the name, so that the table is the same every time it is drawn.

Kills and deaths are counted for each gladiator, and shown; they break no tie.
A match of teams or all against all counts for every gladiator in it: his own result."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Played:
    """A match's outcome for the standings: each gladiator's side, his result ("win",
    "loss", "draw"), the game's figure for him, whether he died, and whom he killed."""

    sides: Mapping[Hashable, str]
    results: Mapping[Hashable, str]
    figures: Mapping[Hashable, int] = field(default_factory=dict)
    died: frozenset[Hashable] = frozenset()
    forfeit: bool = False


@dataclass(frozen=True)
class Tiebreak:
    """The game's own tie-break: its name, whether more is better, and whether it adds
    up over the matches (health lost) or is the latest value (Fame)."""

    name: str
    higher_first: bool = True
    summed: bool = True


@dataclass
class Row:
    who: Hashable
    name: str
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    points: float = 0.0
    head_to_head: float = 0.0
    buchholz: float = 0.0
    figure: int = 0
    kills: int = 0
    deaths: int = 0
    rank: int = 0


POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def header(tiebreak: Tiebreak | None, swiss: bool) -> list[str]:
    """The tie-breaks in the order they are applied, as the table's header names them."""
    names = ["points", "wins", "head-to-head"]
    if swiss:
        names.append("opponents' points (Buchholz)")
    if tiebreak is not None:
        names.append(tiebreak.name + ("" if tiebreak.higher_first else ", fewer first"))
    return names


def standings(members: Mapping[Hashable, str], matches: Sequence[Played],
              byes: Sequence[Hashable] = (), *, swiss: bool = False,
              tiebreak: Tiebreak | None = None) -> list[Row]:
    """The table, ranked: `members` (who: name), the played `matches` in order, and
    who had a bye each round."""
    rows = {who: Row(who, name) for who, name in members.items()}
    against: dict[Hashable, list[Hashable]] = defaultdict(list)
    took: dict[tuple[Hashable, Hashable], float] = defaultdict(float)
    for match in matches:
        for who, result in match.results.items():
            row = rows.get(who)
            if row is None:
                continue
            row.played += 1
            row.points += POINTS.get(result, 0.0)
            row.wins += result == "win"
            row.draws += result == "draw"
            row.losses += result == "loss"
            if who in match.died:
                row.deaths += 1
            figure = match.figures.get(who)
            if figure is not None and tiebreak is not None:
                row.figure = row.figure + figure if tiebreak.summed else figure
            foes = [o for o, side in match.sides.items() if side != match.sides[who]]
            against[who] += foes
            for foe in foes:
                took[(who, foe)] += _share(result, match, who, foe)
        killers = [w for w, r in match.results.items() if r == "win" and w not in match.died]
        for dead in match.died:
            for killer in killers:
                if match.sides.get(killer) != match.sides.get(dead) and killer in rows:
                    rows[killer].kills += 1
    for who in byes:
        if who in rows:
            rows[who].byes += 1
            rows[who].points += 1.0
    for row in rows.values():
        row.buchholz = sum(rows[o].points for o in against[row.who] if o in rows)
    # Head-to-head counts among the players level on points and wins only: the
    # points each took from the foes he met who stand level with him (read from the
    # pairs that met, so a big field costs its matches, not its square).
    for (who, foe), points in took.items():
        mine, theirs = rows.get(who), rows.get(foe)
        if mine is not None and theirs is not None and who != foe and \
                (mine.points, mine.wins) == (theirs.points, theirs.wins):
            mine.head_to_head += points

    def key(row: Row) -> tuple[float, ...]:
        figure = 0.0
        if tiebreak is not None:
            figure = -row.figure if tiebreak.higher_first else row.figure
        return (-row.points, -row.wins, -row.head_to_head,
                -row.buchholz if swiss else 0.0, figure)

    ranked = sorted(rows.values(), key=lambda r: (key(r), r.name.casefold(), str(r.who)))
    for i, row in enumerate(ranked):
        same = i > 0 and key(ranked[i - 1]) == key(row)
        row.rank = ranked[i - 1].rank if same else i + 1
    return ranked


def _share(result: str, match: Played, who: Hashable, foe: Hashable) -> float:
    """The points `who` took from `foe` in one match: a win over him is a point, a
    draw half (in all against all, each beaten foe a point)."""
    theirs = match.results.get(foe)
    if result == "win" and theirs != "win":
        return 1.0
    if result == "draw" and theirs == "draw":
        return 0.5
    return 0.0
