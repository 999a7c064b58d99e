"""The stable's tables, and what marks a SQLite file as the companion's stable.

    managers    one a row; names are unique whatever their case.
    gladiators  a gladiator of any game: its game's id, his name, his manager (or
                none), his sheet as the JSON text of his game's own sheet file, alive
                or dead, starred, the file he was read from, when he was added.
    fights      a fight recorded into careers: its game, when it was played, the
                session file and its fingerprint (unique: a session counts once),
                its result in words, when it was recorded.
    entrants    one row per gladiator in a fight: his side and his own result.
    changes     what a fight changed in a gladiator, a field at a time, with the
                value before and after as JSON, in order: taking the fight back puts
                the "before" values back, last first.
    purse       a manager's money in and out, each with its reason, and the fight
                that brought it when one did.

The file's header marks it: `PRAGMA application_id` is APPLICATION_ID (a SQLite file
of any other program is refused unread) and `PRAGMA user_version` the schema's
version (a newer one than this companion knows is refused, never rewritten).

The journal is SQLite's rollback journal (`journal_mode=DELETE`), with
`synchronous=FULL`: a change is written to the journal and synced before the file is
touched, so a kill at any moment leaves the file as it was before the change (the
journal rolls it back at the next open) or as it is after, and the stable stays one
file between changes. (WAL would leave two more files beside it, and a read-only
stable could not be read without writing them.)"""

from __future__ import annotations

SCHEMA_VERSION = 4  # 2: the leagues' tables; 3: the release that wrote it; 4: events,
# commitments (`MIGRATIONS`)
APPLICATION_ID = int.from_bytes(b"GlCo", "big")  # "Gladiator Companion"

# Column names avoid SQL's words (`before`, `after`) so no statement needs quotes.
TABLES: tuple[str, ...] = (
    """CREATE TABLE managers (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    note TEXT NOT NULL DEFAULT '',
    added TEXT NOT NULL
)""",
    "CREATE UNIQUE INDEX managers_by_name ON managers (name COLLATE NOCASE)",
    """CREATE TABLE gladiators (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    manager_id INTEGER REFERENCES managers (id),
    sheet TEXT NOT NULL,
    alive INTEGER NOT NULL DEFAULT 1 CHECK (alive IN (0, 1)),
    starred INTEGER NOT NULL DEFAULT 0 CHECK (starred IN (0, 1)),
    source TEXT NOT NULL DEFAULT '',
    added TEXT NOT NULL
)""",
    "CREATE INDEX gladiators_by_manager ON gladiators (manager_id)",
    """CREATE TABLE fights (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    played TEXT NOT NULL,
    session_path TEXT NOT NULL,
    session_digest TEXT NOT NULL UNIQUE,
    result TEXT NOT NULL,
    recorded TEXT NOT NULL
)""",
    """CREATE TABLE entrants (
    fight_id INTEGER NOT NULL REFERENCES fights (id),
    gladiator_id INTEGER NOT NULL REFERENCES gladiators (id),
    side TEXT NOT NULL,
    result TEXT NOT NULL,
    PRIMARY KEY (fight_id, gladiator_id)
)""",
    "CREATE INDEX entrants_by_gladiator ON entrants (gladiator_id)",
    """CREATE TABLE changes (
    id INTEGER PRIMARY KEY,
    fight_id INTEGER NOT NULL REFERENCES fights (id),
    gladiator_id INTEGER NOT NULL REFERENCES gladiators (id),
    field TEXT NOT NULL
        CHECK (field IN ('name', 'sheet', 'alive', 'starred', 'manager_id')),
    before_value TEXT NOT NULL,
    after_value TEXT NOT NULL
)""",
    "CREATE INDEX changes_by_fight ON changes (fight_id)",
    "CREATE INDEX changes_by_gladiator ON changes (gladiator_id)",
    """CREATE TABLE purse (
    id INTEGER PRIMARY KEY,
    manager_id INTEGER NOT NULL REFERENCES managers (id),
    amount INTEGER NOT NULL,
    reason TEXT NOT NULL,
    fight_id INTEGER REFERENCES fights (id),
    entered TEXT NOT NULL
)""",
    "CREATE INDEX purse_by_manager ON purse (manager_id)",
)


def expected_objects(version: int = SCHEMA_VERSION) -> set[tuple[str, str, str | None]]:
    """Each table and index the schema of `version` makes, SQLite's own included, as
    (type, name, SQL) the file's `sqlite_schema` lists them, read from the schema made
    in memory: a file holding anything else (a trigger, a view, a table changed by
    hand) is not a stable this companion made."""
    import sqlite3

    memory = sqlite3.connect(":memory:")
    try:
        for sql in statements(version):
            memory.execute(sql)
        return set(memory.execute("SELECT type, name, sql FROM sqlite_schema"))
    finally:
        memory.close()


# --- version 2: leagues and events (issue 27) -------------------------------------------
# Each version's statements, appended to the stable of the version before: a stable of
# version 1 opened by this companion gains them in one transaction (`opening.migrate`).
#
#     leagues         a league or a one-off event: its name (unique whatever its case),
#                     its game, its format, home and away for a round robin, the folder
#                     its match files are written to.
#     league_members  its gladiators, each with his seed (by hand, or from his rating).
#     league_rounds   a round: its number and its deadline.
#     league_matches  a match: its round (none for an open challenge), the session file
#                     it was made as, the fight it was recorded as (once: unique; read
#                     from the careers' apply step, never typed), or a forfeit.
#     league_entries  one row a gladiator in a match: his side, and once it is known his
#                     result, the game's tie-break figure and whether he died there.
#     league_byes     who rested in a round.
# A recorded fight is named by its id without a reference, so that taking the fight
# back (`career undo`) is never refused for a league: the match reads as unplayed.
MIGRATIONS: dict[int, tuple[str, ...]] = {2: (
    """CREATE TABLE leagues (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    game TEXT NOT NULL,
    format TEXT NOT NULL
        CHECK (format IN ('round-robin', 'swiss', 'single', 'double', 'challenge')),
    home_away INTEGER NOT NULL DEFAULT 0 CHECK (home_away IN (0, 1)),
    folder TEXT NOT NULL,
    created TEXT NOT NULL
)""",
    "CREATE UNIQUE INDEX leagues_by_name ON leagues (name COLLATE NOCASE)",
    """CREATE TABLE league_members (
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    gladiator_id INTEGER NOT NULL REFERENCES gladiators (id),
    seed INTEGER NOT NULL,
    PRIMARY KEY (league_id, gladiator_id)
)""",
    """CREATE TABLE league_rounds (
    id INTEGER PRIMARY KEY,
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    number INTEGER NOT NULL,
    deadline TEXT NOT NULL DEFAULT '',
    made TEXT NOT NULL,
    UNIQUE (league_id, number)
)""",
    """CREATE TABLE league_matches (
    id INTEGER PRIMARY KEY,
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    round_id INTEGER REFERENCES league_rounds (id),
    board INTEGER NOT NULL,
    session_path TEXT NOT NULL,
    fight_id INTEGER UNIQUE,
    forfeit TEXT NOT NULL DEFAULT '',
    made TEXT NOT NULL
)""",
    "CREATE INDEX league_matches_by_league ON league_matches (league_id)",
    """CREATE TABLE league_entries (
    match_id INTEGER NOT NULL REFERENCES league_matches (id),
    gladiator_id INTEGER NOT NULL REFERENCES gladiators (id),
    side TEXT NOT NULL,
    result TEXT,
    figure INTEGER,
    died INTEGER NOT NULL DEFAULT 0 CHECK (died IN (0, 1)),
    PRIMARY KEY (match_id, gladiator_id)
)""",
    "CREATE INDEX league_entries_by_gladiator ON league_entries (gladiator_id)",
    """CREATE TABLE league_byes (
    round_id INTEGER NOT NULL REFERENCES league_rounds (id),
    gladiator_id INTEGER NOT NULL REFERENCES gladiators (id),
    PRIMARY KEY (round_id, gladiator_id)
)""",
),
    # The release that last changed the stable (`companion 0.1.0`), in its one row,
    # written by every change (`opening.stamp_release`).
    3: ("CREATE TABLE written_by (release TEXT NOT NULL)",),
# --- version 4: events' money, matches' commitments (issue 27) -------------------------
#
#     league_events   a league that is an event of the seed's economy: public (an entry
#                     fee from each entrant's manager each match, a prize to each
#                     winner) or invitational (an appearance fee to each entrant, a
#                     prize). Each of its matches' setups carries it, so the money moves
#                     in the careers' apply step, once, as any Grimdark match's event.
#     commitment      a verifiable match's commitment line, kept for the posts.
#     purse_by_fight  a round's purse changes read by its fights, for its post.
    4: (
    """CREATE TABLE league_events (
    league_id INTEGER PRIMARY KEY REFERENCES leagues (id),
    kind TEXT NOT NULL CHECK (kind IN ('public', 'invitational')),
    entry_fee INTEGER NOT NULL DEFAULT 0 CHECK (entry_fee >= 0),
    appearance_fee INTEGER NOT NULL DEFAULT 0 CHECK (appearance_fee >= 0),
    prize INTEGER NOT NULL DEFAULT 0 CHECK (prize >= 0)
)""",
    "ALTER TABLE league_matches ADD COLUMN commitment TEXT NOT NULL DEFAULT ''",
    "CREATE INDEX purse_by_fight ON purse (fight_id)",
)}


def statements(version: int = SCHEMA_VERSION) -> tuple[str, ...]:
    """Every statement that makes the stable of `version` from nothing."""
    found = TABLES
    for step in range(2, version + 1):
        found += MIGRATIONS[step]
    return found
