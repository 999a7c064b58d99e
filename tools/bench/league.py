"""The league at scale (issue 27): a headless season of 64 gladiators, ten seasons of
round robin played by the computer on the balance lab's worker pool with every core,
the lab's time to play the bouts beside the league's own (pairings, recording,
standings, ratings) on the same matches; a Swiss round of 1,024 paired; and a stable of
10,000 gladiators and 100,000 recorded fights (built at once with `executemany` in a
temporary folder: 50 Swiss leagues of 200 gladiators, 20 rounds each, every fight a
league match) answering one league's standings and one gladiator's career."""

from __future__ import annotations

import os
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tools.bench.measure import Figures


def bench_league() -> Figures:
    from companion.league.simulate import simulate
    from companion.league.swiss import swiss_round

    start = time.perf_counter()
    found = simulate("skirmish", 64, 10, 0, seed=1)
    whole = time.perf_counter() - start
    share = found.league_seconds / found.play_seconds if found.play_seconds else 0.0
    rng = random.Random(1)
    players = list(range(1024))
    scores = {p: float(rng.randint(0, 5)) for p in players}
    met = {frozenset((a, a + 1)) for a in range(0, 1024, 2)}
    start = time.perf_counter()
    swiss_round(players, scores, met)
    swiss_ms = (time.perf_counter() - start) * 1000
    print(f"league_season_s: {whole:.1f} s for 10 seasons of 64 skirmish gladiators "
          f"({found.matches:,} matches) with every core ({os.cpu_count()}): the lab plays "
          f"them in {found.play_seconds:.1f} s, the league's own machinery adds "
          f"{found.league_seconds:.2f} s ({share * 100:.1f} %, goal <= 20 %); a Swiss round "
          f"of 1,024 paired in {swiss_ms:.0f} ms (goal < 1,000)")
    figures: Figures = {"league_season_s": round(whole, 2),
                        "league_play_s": round(found.play_seconds, 2),
                        "league_machinery_share": round(share, 4),
                        "league_swiss_1024_ms": round(swiss_ms, 1)}
    figures.update(bench_big_stable())
    return figures


GLADIATORS, FIGHTS, PER_LEAGUE, ROUNDS = 10_000, 100_000, 200, 20


def build_stable(path: Path, seed: int = 1) -> None:
    """A stable of GLADIATORS skirmish gladiators under 100 managers and FIGHTS fights,
    each a match of one of its Swiss leagues, written at once: the stable's own schema
    (`Stable.open` makes it), then its rows with `executemany` in one transaction."""
    from companion.stable.store import Stable

    Stable.open(path).close()
    rng = random.Random(seed)
    now = "2026-12-05T00:00:00+00:00"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA synchronous = OFF")
    db.execute("BEGIN")
    db.executemany("INSERT INTO managers (id, name, added) VALUES (?, ?, ?)",
                   [(m, f"Manager {m}", now) for m in range(1, 101)])
    sheet = '{"format": "companion-skirmish-gladiator", "name": "%s", "type": "samnite"}\n'
    db.executemany("INSERT INTO gladiators (id, game, name, manager_id, sheet, added) "
                   "VALUES (?, 'skirmish', ?, ?, ?, ?)",
                   [(g, f"Gladiator {g}", 1 + g % 100, sheet % f"Gladiator {g}", now)
                    for g in range(1, GLADIATORS + 1)])
    fights, entrants, matches, entries, members, rounds = [], [], [], [], [], []
    leagues = GLADIATORS // PER_LEAGUE
    db.executemany("INSERT INTO leagues (id, name, game, format, folder, created) VALUES "
                   "(?, ?, 'skirmish', 'swiss', '/nowhere', ?)",
                   [(lg, f"League {lg}", now) for lg in range(1, leagues + 1)])
    fight = 0
    for lg in range(1, leagues + 1):
        field = list(range((lg - 1) * PER_LEAGUE + 1, lg * PER_LEAGUE + 1))
        members += [(lg, g, i + 1) for i, g in enumerate(field)]
        for r in range(1, ROUNDS + 1):
            round_id = (lg - 1) * ROUNDS + r
            rounds.append((round_id, lg, r, now))
            rng.shuffle(field)
            for board, k in enumerate(range(0, PER_LEAGUE, 2), start=1):
                fight += 1
                a, b = field[k], field[k + 1]
                won = rng.random() < 0.5
                results = ("win", "loss") if won else ("loss", "win")
                fights.append((fight, now, f"/nowhere/{fight}.json", f"{fight:064x}",
                               f"Gladiator {a if won else b} won", now))
                entrants += [(fight, a, "A", results[0]), (fight, b, "B", results[1])]
                matches.append((fight, lg, round_id, board, f"/nowhere/{fight}.json",
                                fight, now))
                entries += [(fight, a, "A", results[0], rng.randint(0, 20)),
                            (fight, b, "B", results[1], rng.randint(0, 20))]
    assert fight == FIGHTS
    db.executemany("INSERT INTO fights (id, game, played, session_path, session_digest, "
                   "result, recorded) VALUES (?, 'skirmish', ?, ?, ?, ?, ?)", fights)
    db.executemany("INSERT INTO entrants (fight_id, gladiator_id, side, result) VALUES "
                   "(?, ?, ?, ?)", entrants)
    db.executemany("INSERT INTO league_members (league_id, gladiator_id, seed) VALUES "
                   "(?, ?, ?)", members)
    db.executemany("INSERT INTO league_rounds (id, league_id, number, made) VALUES "
                   "(?, ?, ?, ?)", rounds)
    db.executemany("INSERT INTO league_matches (id, league_id, round_id, board, "
                   "session_path, fight_id, made) VALUES (?, ?, ?, ?, ?, ?, ?)", matches)
    db.executemany("INSERT INTO league_entries (match_id, gladiator_id, side, result, "
                   "figure) VALUES (?, ?, ?, ?, ?)", entries)
    db.execute("COMMIT")
    db.close()


def _ms(work: Callable[[], object], times: int = 5) -> tuple[float, float]:
    """The median of `times` runs of `work()` in milliseconds: by the clock, and in
    this process's CPU time (the machine is shared: the clock counts the others too)."""
    wall, cpu = [], []
    for _ in range(times):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def bench_big_stable() -> Figures:
    from companion.league import records, season
    from companion.stable.store import Stable

    with tempfile.TemporaryDirectory(prefix="bench-stable-") as tmp:
        path = Path(tmp) / "stable.sqlite3"
        start = time.perf_counter()
        build_stable(path)
        build_s = time.perf_counter() - start
        start = time.perf_counter()
        stable = Stable.open(path)
        open_s = time.perf_counter() - start
        with stable:
            league = records.league_named(stable, "League 25")
            standings_ms, standings_cpu = _ms(lambda: season.table(stable, league))
            rated_ms, _cpu = _ms(lambda: season.ratings(stable, league), 3)
            who = 4_321
            career_ms, career_cpu = _ms(lambda: (stable.gladiator(who),
                                                 stable.fights_of(who)))
            assert len(stable.fights_of(who)) == ROUNDS
        size_mb = path.stat().st_size / 1e6
    print(f"league_stable: {GLADIATORS:,} gladiators and {FIGHTS:,} fights "
          f"({size_mb:.0f} MB, built in {build_s:.1f} s, opened and checked in "
          f"{open_s:.2f} s): a league's standings (200 gladiators, 2,000 matches) in "
          f"{standings_ms:.0f} ms ({standings_cpu:.0f} ms of CPU), its ratings in "
          f"{rated_ms:.0f} ms, one gladiator's career in {career_ms:.1f} ms "
          f"({career_cpu:.1f} ms of CPU) (goal < 100 ms each)")
    return {"league_stable_standings_ms": round(standings_ms, 1),
            "league_stable_ratings_ms": round(rated_ms, 1),
            "league_stable_career_ms": round(career_ms, 2),
            "league_stable_open_s": round(open_s, 2)}
