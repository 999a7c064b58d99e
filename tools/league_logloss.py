"""The league's ratings checked against the balance lab (issue 27): do openskill's
chances, learnt from a simulated season, predict the lab's measured win rates on the
same matchups?

1. A season: `companion.league.simulate` fields each of the lab's entrants of GAME
   (the skirmish's 13 types, the Grimdark samples) `--copies` times and plays
   `--seasons` round robins of them on the lab's workers; openskill rates every
   gladiator. The chance that type A beats type B is the mean of openskill's
   `predict_win` over each copy of A against each copy of B.
2. The test: the lab plays `--bouts` bouts of every ordered pairing of two types
   (mirrors left out) with a seed of its own. The ratings' log-loss is the mean, over
   those bouts, of -log of the chance given to what happened (a draw: half a win).
3. The baseline: the lab's own win rates measured in another run of as many bouts
   (another seed), as the predictor on the same test bouts, (w + 1/2) / (n + 1) so no
   chance is 0; and a coin's, ln 2 = 0.693.

    .venv/bin/python -m tools.league_logloss skirmish --bouts 200 --workers 0

Slow (tens of seconds on two cores), so not in the test suite; its arithmetic is
(`tests/league/test_league_logloss.py`)."""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

Counts = tuple[int, int, int]  # the row's wins, losses and draws against the column


def log_loss(cells: Mapping[tuple[int, int], Counts],
             chance: Callable[[int, int], float]) -> float:
    """The mean over every bout of -ln(the chance `chance(row, col)` gave the row's
    winning, or its losing, to what happened); a draw counts half each way."""
    total, bouts = 0.0, 0
    for (row, col), (wins, losses, draws) in cells.items():
        p = min(max(chance(row, col), 1e-12), 1 - 1e-12)
        total -= (wins + draws / 2) * math.log(p) + (losses + draws / 2) * math.log(1 - p)
        bouts += wins + losses + draws
    return total / bouts if bouts else float("nan")


def rate(counts: Counts) -> float:
    """The row's win rate as a predictor, a draw half: (w + d/2 + 1/2) / (n + 1)."""
    wins, losses, draws = counts
    return (wins + draws / 2 + 0.5) / (wins + losses + draws + 1)


def mean_chance(copies_a: list[Any], copies_b: list[Any], ratings: Mapping[Any, Any]
                ) -> float:
    from companion.league.ratings import chances

    found = [chances([[a], [b]], ratings)[0] for a in copies_a for b in copies_b]
    return sum(found) / len(found)


@dataclass
class Checked:
    game: str
    types: int
    season_matches: int
    test_bouts: int
    ratings_loss: float
    lab_loss: float
    coin_loss: float = math.log(2)
    seconds: float = 0.0

    def line(self) -> str:
        return (f"{self.game}: {self.types} types, a season of {self.season_matches:,} "
                f"matches, {self.test_bouts:,} test bouts of the lab: log-loss of the "
                f"ratings {self.ratings_loss:.3f}, of the lab's own win rates "
                f"{self.lab_loss:.3f}, of a coin {self.coin_loss:.3f} "
                f"({self.seconds:.0f} s)")


def lab_cells(game: str, bouts: int, seed: int, workers: int) -> dict[tuple[int, int], Counts]:
    from companion.lab.run import run_chunks
    from companion.lab.system import system_for
    from companion.lab.tasks import chunks
    from companion.tables.loader import load_tables

    system = system_for(game)
    tables = load_tables()
    pool = system.screen_entrants(tables)
    found: dict[tuple[int, int], list[int]] = {}
    for chunk, cell in run_chunks(chunks(system.id, pool, bouts, seed), [tables],
                                  workers=workers):
        if chunk.row == chunk.col:
            continue
        held = found.setdefault((chunk.row, chunk.col), [0, 0, 0])
        held[0] += cell.wins
        held[1] += cell.losses
        held[2] += cell.draws
    return {k: (v[0], v[1], v[2]) for k, v in found.items()}


def check(game: str, copies: int, seasons: int, bouts: int, workers: int, seed: int
          ) -> Checked:
    from companion.lab.system import system_for
    from companion.league.simulate import simulate
    from companion.tables.loader import load_tables

    start = time.perf_counter()
    types = len(system_for(game).screen_entrants(load_tables()))
    season = simulate(game, types * copies, seasons, workers, seed)
    # Gladiator i of the season is the lab's entrant i % types (`simulate`).
    of_type = {t: [i for i in range(types * copies) if i % types == t] for t in range(types)}
    chance = {(a, b): mean_chance(of_type[a], of_type[b], season.ratings)
              for a in range(types) for b in range(types) if a != b}
    test = lab_cells(game, bouts, seed + 1, workers)
    train = lab_cells(game, bouts, seed + 2, workers)
    return Checked(game, types, season.matches, sum(sum(c) for c in test.values()),
                   log_loss(test, lambda a, b: chance[(a, b)]),
                   log_loss(test, lambda a, b: rate(train[(a, b)])),
                   seconds=time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.league_logloss",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="skirmish")
    parser.add_argument("--copies", type=int, default=4,
                        help="gladiators of each type in the season")
    parser.add_argument("--seasons", type=int, default=4)
    parser.add_argument("--bouts", type=int, default=200,
                        help="the lab's bouts of each pairing, for the test and the baseline")
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(check(args.game, args.copies, args.seasons, args.bouts, args.workers,
                args.seed).line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
