"""Ratings with `openskill` (Plackett-Luce): each gladiator a rating (mu) and its
uncertainty (sigma), shown as the cautious figure mu - 3 sigma that rises as he wins
and as he proves himself. A match of teams rates each side as a team, and all against
all ranks every side; the chance of each side winning is asked of the same model
before a match."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.league.standings import Played

MU = 25.0
SIGMA = MU / 3


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def shown(self) -> float:
        """The figure the table shows: mu less three times his uncertainty."""
        return self.mu - 3 * self.sigma


def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA)


def _sides(match: Played) -> list[list[Hashable]]:
    found: dict[str, list[Hashable]] = {}
    for who, side in match.sides.items():
        found.setdefault(side, []).append(who)
    return list(found.values())


def _rank(match: Played, team: Sequence[Hashable]) -> int:
    results = {match.results.get(w) for w in team}
    return 1 if "win" in results else 2 if "draw" in results else 3


def rated(matches: Iterable[Played], start: Mapping[Hashable, Rating] | None = None
          ) -> dict[Hashable, Rating]:
    """Everyone's rating after `matches`, in order (a forfeit rates no one)."""
    model = _model()
    ratings: dict[Hashable, Rating] = dict(start or {})
    for match in matches:
        if match.forfeit:
            continue
        teams = _sides(match)
        if len(teams) < 2:
            continue
        ranks = [_rank(match, team) for team in teams]
        if len(set(ranks)) == 1 and ranks[0] == 3:
            continue  # no result to learn from
        given = [[model.create_rating([r.mu, r.sigma]) for r in
                  (ratings.get(w, Rating()) for w in team)] for team in teams]
        after = model.rate(given, ranks=ranks)
        for team, new in zip(teams, after, strict=True):
            for who, r in zip(team, new, strict=True):
                ratings[who] = Rating(float(r.mu), float(r.sigma))
    return ratings


def chances(sides: Sequence[Sequence[Hashable]], ratings: Mapping[Hashable, Rating]
            ) -> list[float]:
    """Each side's chance of winning before the match, in the order given."""
    model = _model()
    teams = [[model.create_rating([r.mu, r.sigma]) for r in
              (ratings.get(w, Rating()) for w in side)] for side in sides]
    return [float(p) for p in model.predict_win(teams)]
