"""A headless season: N gladiators of the balance lab, a round robin by Berger's
tables each season, every match played by the computer on the lab's own worker pool
(`companion.lab.run.run_chunks`: this process, every core, or a Dask scheduler), and
the league's own machinery (pairings, recording, standings, ratings) run over the
results.

Each match is one lab bout whose seed comes from the season's seed and the two
entrants' keys (`companion.lab.tasks.pairing_seed`), and whose layout from the
season's number, so the seasons come out the same for any number of workers, in any
order the workers finish. The time the lab takes to play the bouts and the time the
league's machinery takes are kept apart, for `scripts/bench`."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from typing import Any

from companion.errors import UserError
from companion.league.ratings import Rating, rated
from companion.league.roundrobin import berger
from companion.league.standings import Played, standings


@dataclass
class Season:
    number: int
    champion: str
    table: list[tuple[str, float, int]]  # (name, points, wins) ranked


@dataclass
class Simulated:
    game: str
    gladiators: int
    seasons: list[Season] = field(default_factory=list)
    matches: int = 0
    digest: str = ""  # of every match's outcome, in order: the same for any workers
    play_seconds: float = 0.0
    league_seconds: float = 0.0
    ratings: dict[Hashable, Rating] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        return {"game": self.game, "gladiators": self.gladiators,
                "seasons": len(self.seasons), "matches": self.matches,
                "digest": self.digest,
                "champions": [s.champion for s in self.seasons],
                "play_seconds": round(self.play_seconds, 3),
                "league_seconds": round(self.league_seconds, 3),
                "league_share": round(self.league_seconds / self.play_seconds, 4)
                if self.play_seconds else None}

    def lines(self) -> list[str]:
        out = [f"{len(self.seasons)} season(s) of {self.gladiators} {self.game} gladiators, "
               f"{self.matches} matches"]
        out += [f"  season {s.number}: {s.champion} ({s.table[0][1]:g} points)"
                for s in self.seasons]
        out.append(f"play {self.play_seconds:.2f} s, league {self.league_seconds:.2f} s; "
                   f"outcomes {self.digest[:16]}")
        return out


def simulate(game: str | None, gladiators: int, seasons: int, workers: int, seed: int,
             scheduler: str | None = None) -> Simulated:
    from companion.lab.run import check_workers, run_chunks
    from companion.lab.system import lab_systems, system_for
    from companion.lab.tasks import Chunk, pairing_seed
    from companion.tables.loader import load_tables

    if gladiators < 2 or seasons < 1:
        raise UserError("a season needs two gladiators or more and one season or more",
                        exit_code=2)
    check_workers(workers)
    game = game or lab_systems()[0]
    system = system_for(game)
    tables = load_tables()
    pool = system.screen_entrants(tables)
    if not pool:
        raise UserError(f"the lab has no {game} gladiators to field", exit_code=1)
    # Each gladiator his own key (so his own seeds), fielded as one of the lab's.
    entrants = [replace(pool[i % len(pool)], key=f"{pool[i % len(pool)].key}#{i + 1}",
                        name=f"{pool[i % len(pool)].name} {i + 1}")
                for i in range(gladiators)]
    schedule = berger(gladiators)
    chunks = []
    for s in range(seasons):
        season_seed = seed * 1_000_003 + s
        for round_ in schedule:
            for home, away in round_:
                if away is None:
                    continue
                row, col = entrants[home - 1], entrants[away - 1]
                chunks.append(Chunk(system.id, 0, home - 1, away - 1, row, col,
                                    pairing_seed(season_seed, row, col), s, s + 1))
    out = Simulated(game, gladiators)
    start = time.perf_counter()
    played = run_chunks(chunks, [tables], workers=workers, scheduler=scheduler)
    out.play_seconds = time.perf_counter() - start
    start = time.perf_counter()
    cells = {(c.start, c.row, c.col): cell for c, cell in played}
    names: dict[Hashable, str] = {i: e.name for i, e in enumerate(entrants)}
    digest = hashlib.sha256()
    everything: list[Played] = []
    for s in range(seasons):
        matches = []
        for round_ in schedule:
            for home, away in round_:
                if away is None:
                    continue
                cell = cells[(s, home - 1, away - 1)]
                a, b = home - 1, away - 1
                result = ("win", "loss") if cell.wins else ("loss", "win") if cell.losses \
                    else ("draw", "draw")
                died = frozenset() if not cell.loser_died else frozenset(
                    {b if cell.wins else a})
                matches.append(Played({a: "home", b: "away"},
                                      {a: result[0], b: result[1]}, {}, died))
                digest.update(f"{s}:{a}:{b}:{result[0]}:{int(bool(died))};".encode())
        table = standings(names, matches)
        out.seasons.append(Season(s + 1, table[0].name,
                                  [(r.name, r.points, r.wins) for r in table]))
        everything += matches
        out.matches += len(matches)
    out.ratings = rated(everything)
    out.digest = digest.hexdigest()
    out.league_seconds = time.perf_counter() - start
    return out
