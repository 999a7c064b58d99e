"""A league's bracket as a picture shows it, worked out from its records: for single
elimination every round from the first to the final (the rounds not yet made with
their places still open), for double elimination the winners' and the losers'
brackets round by round to the grand final, and for round robin and Swiss each round
made, its pairings a column. Words and structure only: the window draws it
(`companion.ui.league.bracket`), on the League screen and as a PNG for the post."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from companion.league import records
from companion.league.elimination import Double, first_round

if TYPE_CHECKING:
    from companion.stable.store import Stable

OPEN = -1  # a place in a later round whose player is not known yet


@dataclass(frozen=True)
class Slot:
    """One match: its players' names ("" for a place still open), which of them won
    (None: not played yet), and a note ("bye", "forfeit")."""

    names: tuple[str, ...]
    winner: int | None = None
    note: str = ""


@dataclass(frozen=True)
class Column:
    title: str
    slots: tuple[Slot, ...]


@dataclass(frozen=True)
class Section:
    """A bracket of columns, read left to right; `tree` when each match's winner goes
    on to the next column's match beside it (lines are drawn between them)."""

    title: str
    columns: tuple[Column, ...]
    tree: bool = False


@dataclass(frozen=True)
class Bracket:
    title: str
    sections: tuple[Section, ...] = field(default=())
    champion: str = ""

    @property
    def empty(self) -> bool:
        return not any(c.slots for s in self.sections for c in s.columns)


def bracket(stable: Stable, league: records.League) -> Bracket:
    names = {g.id: g.name for g in stable.gladiators(game=league.game)}
    seeds = [g for g, _seed in records.members(stable, league.id)]
    matches = records.matches(stable, league.id)
    by_round: dict[int, list[records.Match]] = {}
    for m in matches:
        if m.round is not None:
            by_round.setdefault(m.round, []).append(m)
    title = f"{league.name}: {FORMAT_WORDS.get(league.format, league.format)}"
    if league.format == "single" and len(seeds) >= 2:
        return single(title, seeds, by_round, names)
    if league.format == "double" and len(seeds) >= 2:
        return double(title, seeds, by_round, names)
    byes: dict[int, list[int]] = {}
    for n, g in records.byes(stable, league.id):
        byes.setdefault(n, []).append(g)
    return grid(title, by_round, byes, names, [m for m in matches if m.round is None])


FORMAT_WORDS = {"round-robin": "round robin", "swiss": "Swiss", "single":
                "single elimination", "double": "double elimination",
                "challenge": "open challenges"}


def _found(round_matches: Sequence[records.Match], one: int) -> records.Match | None:
    for m in round_matches:
        if any(e.gladiator_id == one for e in m.entries):
            return m
    return None


def _slot(pair: Sequence[int | None], round_matches: Sequence[records.Match],
          names: Mapping[int, str]) -> tuple[Slot, int | None]:
    """A pair's slot and its winner (None: not known yet; OPEN for a place open)."""
    shown = tuple("" if p is None or p == OPEN else names.get(p, f"#{p}") for p in pair)
    a, b = pair[0], pair[1]
    if a is None or a == OPEN or b == OPEN:
        return Slot(shown), OPEN
    if b is None:  # a bye: he goes through
        return Slot((shown[0], ""), 0, "bye"), a
    m = _found(round_matches, a)
    if m is None or not m.done:
        return Slot(shown), OPEN
    won = [e.gladiator_id for e in m.entries if e.result == "win"]
    if not won:
        return Slot(shown, None, "no winner"), OPEN
    index = 0 if won[0] == a else 1
    return Slot(shown, index, "forfeit" if m.forfeit else ""), won[0]


def single(title: str, seeds: Sequence[int], by_round: Mapping[int, list[records.Match]],
           names: Mapping[int, str]) -> Bracket:
    pairs: list[tuple[int | None, int | None]] = list(first_round(seeds))
    columns = []
    number = 1
    champion = ""
    while pairs:
        slots, winners = [], []
        for pair in pairs:
            slot, won = _slot(pair, by_round.get(number, []), names)
            slots.append(slot)
            winners.append(won if won is not None else OPEN)
        final = len(pairs) == 1
        columns.append(Column("Final" if final else f"Round {number}", tuple(slots)))
        if final:
            if winners[0] not in (OPEN, None):
                champion = names.get(int(winners[0]), "")
            break
        pairs = [(winners[k], winners[k + 1]) for k in range(0, len(winners), 2)]
        number += 1
    return Bracket(title, (Section("", tuple(columns), tree=True),), champion)


def double(title: str, seeds: Sequence[int], by_round: Mapping[int, list[records.Match]],
           names: Mapping[int, str]) -> Bracket:
    event = Double.start(seeds)
    upper: list[Column] = []
    lower: list[Column] = []
    number = 1
    while event.champion is None:
        won, lost = event.pairs()
        if not won and not lost:
            break
        played = by_round.get(number, [])
        final = (len(event.winners) <= 1 and len(event.losers) <= 1) or not event.winners
        up = tuple(_slot(p, played, names)[0] for p in won)
        down = tuple(_slot(p, played, names)[0] for p in lost)
        if up:
            upper.append(Column(("Grand final" if final else f"Round {number}"), up))
        if down:
            lower.append(Column(("Grand final, again" if final else f"Round {number}"),
                                down))
        if not played or any(not m.done for m in played):
            break
        event.play({e.gladiator_id for m in played for e in m.entries
                    if e.result == "loss"})
        number += 1
    champion = names.get(event.champion, "") if event.champion is not None else ""
    sections = [Section("Winners' bracket", tuple(upper))]
    if lower:
        sections.append(Section("Losers' bracket", tuple(lower)))
    return Bracket(title, tuple(sections), champion)


def grid(title: str, by_round: Mapping[int, list[records.Match]],
         byes: Mapping[int, list[int]], names: Mapping[int, str],
         challenges: Sequence[records.Match]) -> Bracket:
    """Each round's pairings a column, in the order of their boards; a bye last."""
    columns = []
    for number in sorted(set(by_round) | set(byes)):
        slots = [_told(m, names) for m in sorted(by_round.get(number, []),
                                                  key=lambda m: m.board)]
        slots += [Slot((names.get(g, f"#{g}"), ""), 0, "bye") for g in byes.get(number, [])]
        columns.append(Column(f"Round {number}", tuple(slots)))
    if challenges:
        columns.append(Column("Challenges", tuple(_told(m, names) for m in challenges)))
    return Bracket(title, (Section("", tuple(columns)),))


def _told(m: records.Match, names: Mapping[int, str]) -> Slot:
    sides: dict[str, list[int]] = {}
    for e in m.entries:
        sides.setdefault(e.side, []).append(e.gladiator_id)
    shown = tuple(" & ".join(names.get(g, f"#{g}") for g in side) for side in sides.values())
    winner = None
    for i, side in enumerate(sides.values()):
        if any(e.result == "win" for e in m.entries if e.gladiator_id in side):
            winner = i
    note = "forfeit" if m.forfeit else ("a draw" if m.done and winner is None else "")
    return Slot(shown, winner, note)
