"""A league as it stands, worked out from its records: who is paired next in its
format, its standings and its ratings. Pure reading: the pairings are made into
matches by the command line (`companion.league.matches`)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from companion.errors import UserError
from companion.league import records
from companion.league.elimination import Double, first_round, next_round
from companion.league.parts import tiebreak
from companion.league.ratings import Rating, rated
from companion.league.roundrobin import berger
from companion.league.standings import Played, Row, standings
from companion.league.swiss import swiss_round
from companion.stable.store import Stable


@dataclass(frozen=True)
class Next:
    """The next round: its number, its matches (each a list of gladiator ids, a side
    each) and who rests."""

    number: int
    matches: list[list[int]]
    rested: list[int]


def played(matches: Sequence[records.Match]) -> list[Played]:
    """The league's matches with a result, for the standings and the ratings."""
    found = []
    for m in matches:
        if not m.done:
            continue
        found.append(Played(
            {e.gladiator_id: e.side for e in m.entries},
            {e.gladiator_id: e.result or "loss" for e in m.entries},
            {e.gladiator_id: e.figure for e in m.entries if e.figure is not None},
            frozenset(e.gladiator_id for e in m.entries if e.died), bool(m.forfeit)))
    return found


def table(stable: Stable, league: records.League) -> list[Row]:
    names = records.member_names(stable, league.id)
    members: dict[Hashable, str] = {g: names.get(g, f"#{g}")
                                    for g, _seed in records.members(stable, league.id)}
    matches = records.matches(stable, league.id)
    return standings(members, played(matches),
                     [g for _n, g in records.byes(stable, league.id)],
                     swiss=league.format == "swiss", tiebreak=tiebreak(league.game))


def ratings(stable: Stable, league: records.League) -> dict[Hashable, Rating]:
    return rated(played(records.matches(stable, league.id)))


def pairings(stable: Stable, league: records.League) -> Next:
    """The next round's pairings; UserError, in words, when there is none to make."""
    if league.format == "challenge":
        raise UserError(f"{league.name} is of open challenges: book a match with "
                        "`companion league book`, there are no rounds", exit_code=1)
    seeds = [g for g, _seed in records.members(stable, league.id)]
    if len(seeds) < 2:
        raise UserError(f"{league.name} needs two members or more before its first round",
                        exit_code=1)
    matches = records.matches(stable, league.id)
    open_ = [m for m in matches if not m.done]
    if open_:
        raise UserError(f"{league.name}: {len(open_)} match(es) of the last round have no "
                        "result yet: play them, record them with `companion career "
                        "apply`, or forfeit them", exit_code=1)
    number = len(records.rounds(stable, league.id)) + 1
    alive = {g.id for g in stable.gladiators(game=league.game) if g.alive}
    if league.format == "round-robin":
        table_ = berger(len(seeds), double=league.home_away)
        if number > len(table_):
            raise UserError(f"{league.name}: every round of the round robin is made",
                            exit_code=1)
        pairs = [(seeds[h - 1], None if a is None else seeds[a - 1])
                 for h, a in table_[number - 1]]
        return _next(number, pairs)
    if league.format == "swiss":
        rows: dict[int, float] = {int(str(r.who)): r.points for r in table(stable, league)}
        met = {frozenset(e.gladiator_id for e in m.entries) for m in matches}
        had = {g for _n, g in records.byes(stable, league.id)}
        living = [g for g in seeds if g in alive]
        pairs_, bye = swiss_round(living, rows, met, had)
        return Next(number, [[a, b] for a, b in pairs_], [bye] if bye is not None else [])
    by_round = _rounds_of(matches)
    if league.format == "single":
        pairs = first_round(seeds)
        for n in range(1, number):
            winners = [a if b is None else _winner(by_round.get(n, []), a) for a, b in pairs]
            if len(winners) < 2:
                raise UserError(f"{league.name} is over: its winner is #{winners[0]}",
                                exit_code=1)
            pairs = next_round(winners)
        return _next(number, pairs)
    event = Double.start(seeds)
    for n in range(1, number):
        event.play({e.gladiator_id for m in by_round.get(n, []) for e in m.entries
                    if e.result == "loss"})
    if event.champion is not None:
        raise UserError(f"{league.name} is over: its winner is #{event.champion}",
                        exit_code=1)
    won, lost = event.pairs()
    return _next(number, [*won, *lost])


def _next(number: int, pairs: Sequence[tuple[int, int | None]]) -> Next:
    matches, rested = [], []
    for a, b in pairs:
        if b is None:
            rested.append(a)
        else:
            matches.append([a, b])
    return Next(number, matches, rested)


def _rounds_of(matches: Sequence[records.Match]) -> dict[int, list[records.Match]]:
    found: dict[int, list[records.Match]] = {}
    for m in matches:
        if m.round is not None:
            found.setdefault(m.round, []).append(m)
    return found


def _winner(matches: Sequence[records.Match], one: int) -> int:
    """Who won the round's match that `one` was in."""
    for m in matches:
        if any(e.gladiator_id == one for e in m.entries):
            won = [e.gladiator_id for e in m.entries if e.result == "win"]
            if won:
                return won[0]
    raise UserError(f"gladiator #{one}'s match has no winner: the bracket cannot go on",
                    exit_code=1)
