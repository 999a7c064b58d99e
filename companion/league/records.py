"""A league's records in the stable's database (the tables of stable version 2, see
`companion.stable.schema`): read, and changed each in one transaction of the stable,
so a kill at any moment leaves a league as before or as after.

A match's result is written once, from the fight the careers' apply step recorded
(`record_result`), or as a forfeit the GM declares; never typed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.stable.store import Refused, Stable

FORMATS = ("round-robin", "swiss", "single", "double", "challenge")


@dataclass(frozen=True)
class League:
    id: int
    name: str
    game: str
    format: str
    home_away: bool
    folder: str
    created: str


@dataclass(frozen=True)
class Entry:
    """One gladiator in a match: his side; his result once known ("win", "loss",
    "draw"), the game's tie-break figure, and whether he died."""

    gladiator_id: int
    side: str
    result: str | None = None
    figure: int | None = None
    died: bool = False


@dataclass(frozen=True)
class Match:
    id: int
    league_id: int
    round: int | None  # its round's number; None for an open challenge
    board: int
    session_path: str
    fight_id: int | None
    forfeit: str  # "" or who failed to appear, in words
    made: str
    entries: tuple[Entry, ...]
    commitment: str = ""  # a verifiable match's, posted before it is played

    @property
    def done(self) -> bool:
        return self.fight_id is not None or bool(self.forfeit)


@dataclass(frozen=True)
class Event:
    """A league that is an event of the seed's economy (stable version 3): public, an
    entry fee from each entrant and a prize to each winner, each match; or
    invitational, an appearance fee to each entrant and a prize to each winner."""

    kind: str  # "public" or "invitational"
    entry_fee: int = 0
    appearance_fee: int = 0
    prize: int = 0

    def words(self) -> str:
        """"entry fee 50, prize 200 each match"."""
        paid = f"entry fee {self.entry_fee}" if self.kind == "public" else \
            f"appearance fee {self.appearance_fee}"
        return f"{paid}, prize {self.prize} each match"

    def setup(self, name: str) -> dict[str, Any]:
        """As a match's setup names its event (`options.event`)."""
        return {"name": name, "kind": self.kind, "entry_fee": self.entry_fee,
                "appearance_fee": self.appearance_fee, "prize": self.prize}


@dataclass(frozen=True)
class Round:
    id: int
    number: int
    deadline: str
    made: str


def leagues(stable: Stable) -> list[League]:
    return [_league(row) for row in stable.read(
        f"SELECT {_LEAGUE} FROM leagues ORDER BY id")]


def league_named(stable: Stable, name: str) -> League:
    rows = stable.read(f"SELECT {_LEAGUE} FROM leagues WHERE name = ? COLLATE NOCASE",
                    (name,))
    if not rows:
        known = ", ".join(lg.name for lg in leagues(stable)) or "none yet"
        raise Refused(f"there is no league called {name!r} (the leagues: {known})")
    return _league(rows[0])


def members(stable: Stable, league_id: int) -> list[tuple[int, int]]:
    """(gladiator id, seed), by seed."""
    return [(int(g), int(s)) for g, s in stable.read(
        "SELECT gladiator_id, seed FROM league_members WHERE league_id = ? "
        "ORDER BY seed, gladiator_id", (league_id,))]


def member_names(stable: Stable, league_id: int) -> dict[int, str]:
    """Each member's name, by his id: read from the members alone, so that a league's
    table costs the same in a stable of ten gladiators or of ten thousand."""
    return {int(g): str(n) for g, n in stable.read(
        "SELECT g.id, g.name FROM league_members m JOIN gladiators g ON g.id = "
        "m.gladiator_id WHERE m.league_id = ?", (league_id,))}


def rounds(stable: Stable, league_id: int) -> list[Round]:
    return [Round(*row) for row in stable.read(
        "SELECT id, number, deadline, made FROM league_rounds WHERE league_id = ? "
        "ORDER BY number", (league_id,))]


def byes(stable: Stable, league_id: int) -> list[tuple[int, int]]:
    """(round number, gladiator id) of each bye."""
    return [(int(n), int(g)) for n, g in stable.read(
        "SELECT r.number, b.gladiator_id FROM league_byes b JOIN league_rounds r "
        "ON r.id = b.round_id WHERE r.league_id = ? ORDER BY r.number, b.gladiator_id",
        (league_id,))]


def matches(stable: Stable, league_id: int) -> list[Match]:
    # A match whose fight was taken back since (`career undo`) reads as unplayed: its
    # fight is looked up beside it (f.id is None when the fight is gone).
    rows = stable.read("SELECT m.id, m.league_id, r.number, m.board, m.session_path, "
                    "f.id, m.forfeit, m.made, m.commitment, m.fight_id FROM league_matches m "
                    "LEFT JOIN league_rounds r ON r.id = m.round_id LEFT JOIN fights f ON "
                    "f.id = m.fight_id WHERE m.league_id = ? ORDER BY m.id", (league_id,))
    entries: dict[int, list[Entry]] = {}
    for match_id, gladiator_id, side, result, figure, died in stable.read(
            "SELECT e.match_id, e.gladiator_id, e.side, e.result, e.figure, "
            "e.died FROM league_entries e JOIN league_matches m ON m.id = e.match_id "
            "WHERE m.league_id = ? ORDER BY e.rowid", (league_id,)):
        entries.setdefault(match_id, []).append(
            Entry(gladiator_id, side, result, figure, bool(died)))
    found = []
    for row in rows:
        held = tuple(entries.get(row[0], ()))
        if row[9] is not None and row[5] is None:
            held = tuple(Entry(e.gladiator_id, e.side) for e in held)
        found.append(Match(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7],
                           held, row[8]))
    return found


def event(stable: Stable, league_id: int) -> Event | None:
    """The league's event, or None for a league that moves no money."""
    rows = stable.read("SELECT kind, entry_fee, appearance_fee, prize FROM league_events "
                    "WHERE league_id = ?", (league_id,))
    return Event(*rows[0]) if rows else None


def purse_changes(stable: Stable, fight_ids: Sequence[int]) -> list[tuple[str, int, str]]:
    """What the fights moved in the managers' purses: (manager, amount, reason) each,
    in the order entered."""
    if not fight_ids:
        return []
    marks = ", ".join("?" * len(fight_ids))
    return [(str(n), int(a), str(r)) for n, a, r in stable.read(
        "SELECT m.name, p.amount, p.reason FROM purse p JOIN managers m ON m.id = "
        f"p.manager_id WHERE p.fight_id IN ({marks}) ORDER BY p.id", list(fight_ids))]


def match(stable: Stable, league_id: int, match_id: int) -> Match:
    for found in matches(stable, league_id):
        if found.id == match_id:
            return found
    raise Refused(f"the league has no match #{match_id}")


# --- changing -----------------------------------------------------------------------------
def new_league(stable: Stable, name: str, game: str, league_format: str, *,
               home_away: bool, folder: str, clock: str, event: Event | None = None
               ) -> League:
    """A new league (with `event`, an event of the seed's economy), in one change."""
    if league_format not in FORMATS:
        raise Refused(f"no format {league_format!r}; the formats are {', '.join(FORMATS)}")
    name = name.strip()
    if not 1 <= len(name) <= 80:
        raise Refused("a league's name is 1 to 80 characters")
    with stable.change() as db:
        if db.execute("SELECT 1 FROM leagues WHERE name = ? COLLATE NOCASE",
                      (name,)).fetchone():
            raise Refused(f"there is a league called {name!r} already")
        league_id = db.execute(
            "INSERT INTO leagues (name, game, format, home_away, folder, created) VALUES "
            "(?, ?, ?, ?, ?, ?)", (name, game, league_format, int(home_away), folder, clock)
        ).lastrowid
        if event is not None:
            db.execute("INSERT INTO league_events (league_id, kind, entry_fee, "
                       "appearance_fee, prize) VALUES (?, ?, ?, ?, ?)",
                       (league_id, event.kind, event.entry_fee, event.appearance_fee,
                        event.prize))
    return league_named(stable, name)


def add_members(stable: Stable, league: League, gladiator_ids: Sequence[int]) -> None:
    """Add gladiators of the league's game, seeded after those in, in one change."""
    with stable.change() as db:
        if db.execute("SELECT 1 FROM league_rounds WHERE league_id = ?",
                      (league.id,)).fetchone() and league.format != "challenge":
            raise Refused(f"{league.name} has begun: its rounds are made, so its members "
                          "are fixed")
        seed = db.execute("SELECT coalesce(max(seed), 0) FROM league_members WHERE "
                          "league_id = ?", (league.id,)).fetchone()[0]
        for gladiator_id in gladiator_ids:
            row = db.execute("SELECT name, game, alive FROM gladiators WHERE id = ?",
                             (gladiator_id,)).fetchone()
            if row is None:
                raise Refused(f"there is no gladiator #{gladiator_id}")
            if row[1] != league.game:
                raise Refused(f"{row[0]} is not a gladiator of {league.name}'s game")
            if not row[2]:
                raise Refused(f"{row[0]} is dead: a dead gladiator fights no more")
            if db.execute("SELECT 1 FROM league_members WHERE league_id = ? AND "
                          "gladiator_id = ?", (league.id, gladiator_id)).fetchone():
                raise Refused(f"{row[0]} is in {league.name} already")
            seed += 1
            db.execute("INSERT INTO league_members (league_id, gladiator_id, seed) VALUES "
                       "(?, ?, ?)", (league.id, gladiator_id, seed))


def set_seeds(stable: Stable, league: League, order: Sequence[int]) -> None:
    with stable.change() as db:
        for seed, gladiator_id in enumerate(order, start=1):
            db.execute("UPDATE league_members SET seed = ? WHERE league_id = ? AND "
                       "gladiator_id = ?", (seed, league.id, gladiator_id))


NewMatch = tuple[str, Sequence[tuple[int, str]]]  # (session file, [(gladiator id, side)])


def add_round(stable: Stable, league: League, number: int | None, deadline: str,
              new: Sequence[NewMatch], rested: Sequence[int], clock: str,
              commitments: Mapping[str, str] | None = None) -> None:
    """A round with its matches and byes (with `number` None, matches booked outside
    any round: open challenges), in one change. A match with a dead gladiator in it
    (his session file "": none is made) is forfeited by him there and then.
    `commitments`: each verifiable match's commitment line, by its session file."""
    with stable.change() as db:
        round_id = None
        if number is not None:
            if db.execute("SELECT 1 FROM league_rounds WHERE league_id = ? AND number = ?",
                          (league.id, number)).fetchone():
                raise Refused(f"{league.name} has a round {number} already")
            round_id = db.execute(
                "INSERT INTO league_rounds (league_id, number, deadline, made) VALUES "
                "(?, ?, ?, ?)", (league.id, number, deadline, clock)).lastrowid
        board = db.execute("SELECT coalesce(max(board), 0) FROM league_matches WHERE "
                           "league_id = ? AND round_id IS ?", (league.id, round_id)
                           ).fetchone()[0]
        for path, sides in new:
            board += 1
            match_id = db.execute(
                "INSERT INTO league_matches (league_id, round_id, board, session_path, "
                "made, commitment) VALUES (?, ?, ?, ?, ?, ?)",
                (league.id, round_id, board, path, clock,
                 (commitments or {}).get(path, ""))).lastrowid
            db.executemany("INSERT INTO league_entries (match_id, gladiator_id, side) "
                           "VALUES (?, ?, ?)", [(match_id, g, s) for g, s in sides])
            dead = [name for (name,) in db.execute(
                "SELECT g.name FROM league_entries e JOIN gladiators g ON g.id = "
                "e.gladiator_id WHERE e.match_id = ? AND g.alive = 0 ORDER BY e.rowid",
                (match_id,))]
            if dead:
                db.execute("UPDATE league_matches SET forfeit = ? WHERE id = ?",
                           (" & ".join(dead) + (" is" if len(dead) == 1 else " are")
                            + " dead", match_id))
                db.execute("UPDATE league_entries SET result = CASE WHEN (SELECT alive "
                           "FROM gladiators WHERE id = gladiator_id) THEN 'win' ELSE "
                           "'loss' END WHERE match_id = ?", (match_id,))
        db.executemany("INSERT INTO league_byes (round_id, gladiator_id) VALUES (?, ?)",
                       [(round_id, g) for g in rested])


def record_result(stable: Stable, match_id: int, fight_id: int,
                  results: Sequence[tuple[int, str, int | None, bool]]) -> bool:
    """Write a match's result from its recorded fight: (gladiator id, result, figure,
    died) each. Once: False, and nothing written, when it has one already."""
    with stable.change() as db:
        if db.execute("SELECT 1 FROM league_matches WHERE fight_id = ? AND id != ?",
                      (fight_id, match_id)).fetchone():
            raise Refused(f"fight #{fight_id} is the result of another match already")
        done = db.execute("UPDATE league_matches SET fight_id = ? WHERE id = ? AND "
                          "forfeit = '' AND (fight_id IS NULL OR fight_id NOT IN "
                          "(SELECT id FROM fights))", (fight_id, match_id)).rowcount
        if not done:
            return False
        db.executemany("UPDATE league_entries SET result = ?, figure = ?, died = ? WHERE "
                       "match_id = ? AND gladiator_id = ?",
                       [(r, f, int(d), match_id, g) for g, r, f, d in results])
    return True


def forfeit(stable: Stable, match_id: int, absent: Sequence[int], words: str) -> None:
    """The GM's ruling on a match not played: each of `absent` loses, the others win
    (all absent: all lose). Refused for a match with a result."""
    with stable.change() as db:
        row = db.execute("SELECT fight_id, forfeit FROM league_matches WHERE id = ?",
                         (match_id,)).fetchone()
        if row is None:
            raise Refused(f"there is no match #{match_id}")
        played = row[0] is not None and db.execute("SELECT 1 FROM fights WHERE id = ?",
                                                   (row[0],)).fetchone()
        if played or row[1]:
            raise Refused(f"match #{match_id} has its result already")
        sides = db.execute("SELECT gladiator_id FROM league_entries WHERE match_id = ?",
                           (match_id,)).fetchall()
        if not set(absent) <= {g for (g,) in sides}:
            raise Refused(f"only a gladiator of match #{match_id} can forfeit it")
        db.execute("UPDATE league_matches SET forfeit = ? WHERE id = ?", (words, match_id))
        db.executemany("UPDATE league_entries SET result = ? WHERE match_id = ? AND "
                       "gladiator_id = ?", [("loss" if g in absent else "win", match_id, g)
                                            for (g,) in sides])


_LEAGUE = "id, name, game, format, home_away, folder, created"


def _league(row: tuple[Any, ...]) -> League:
    return League(row[0], row[1], row[2], row[3], bool(row[4]), row[5], row[6])
