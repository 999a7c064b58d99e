"""A league match's chances in words, for the screen it is played on: each side's
chance of winning by the league's ratings, shown beside the exact odds of the next
exchange. The match is found by its session file; a session that is no league's
match, or a stable that cannot be read, has none ("")."""

from __future__ import annotations

from pathlib import Path

from companion.errors import UserError


def match_chance(session_path: Path | None) -> str:
    """"League ratings: Brutus 62 %, Crixus 38 % to win", or ""."""
    from companion import paths
    from companion.league import posting, records, season
    from companion.stable.store import Stable

    if session_path is None or not paths.stable_path().exists():
        return ""
    try:
        where = str(Path(session_path).resolve())
        with Stable.open(create=False) as stable:
            for league in records.leagues(stable):
                for m in records.matches(stable, league.id):
                    if m.done or str(Path(m.session_path).resolve()) != where:
                        continue
                    names = records.member_names(stable, league.id)
                    odds = posting.odds(m, season.ratings(stable, league))
                    sides = [" & ".join(names.get(g, f"#{g}") for g in side)
                             for side in posting.sides_of(m)]
                    each = ", ".join(f"{who} {p * 100:.0f} %"
                                     for who, p in zip(sides, odds, strict=True))
                    return f"{league.name}'s ratings: {each} to win the match"
    except (UserError, OSError, ValueError):
        return ""
    return ""
