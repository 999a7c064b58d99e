"""The league at scale (issue 27): a headless season of 64 gladiators, ten seasons of
round robin played by the computer on the balance lab's worker pool with every core,
the lab's time to play the bouts beside the league's own (pairings, recording,
standings, ratings) on the same matches; and a Swiss round of 1,024 paired."""

from __future__ import annotations

import os
import random
import time

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
    return {"league_season_s": round(whole, 2),
            "league_play_s": round(found.play_seconds, 2),
            "league_machinery_share": round(share, 4),
            "league_swiss_1024_ms": round(swiss_ms, 1)}
