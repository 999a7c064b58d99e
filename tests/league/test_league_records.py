"""The league's tables in the stable: added to an older stable when it is opened,
each change one transaction, a result written once, forfeits."""

from __future__ import annotations

import os
import sqlite3

import pytest

from companion.league import records
from companion.stable.model import NewFight, SheetFile
from companion.stable.schema import APPLICATION_ID, SCHEMA_VERSION, TABLES
from companion.stable.store import Refused, Stable


def version_one(path):
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = DELETE")
    for sql in TABLES:
        db.execute(sql)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO managers (name, added) VALUES ('Marcus', 'then')")
    db.close()


def tables(path):
    db = sqlite3.connect(path)
    try:
        return ({n for (n,) in db.execute("SELECT name FROM sqlite_schema WHERE type = "
                                          "'table'")},
                db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        db.close()


def test_an_older_stable_gains_the_leagues_tables_and_keeps_its_records(tmp_path):
    path = tmp_path / "stable.sqlite"
    version_one(path)
    with Stable.open(path) as stable:
        assert [m.name for m in stable.managers()] == ["Marcus"]
        assert records.leagues(stable) == []
    names, version = tables(path)
    assert version == SCHEMA_VERSION == 3 and {"leagues", "league_matches"} <= names
    with Stable.open(path) as stable:  # and opens again as it is now
        assert stable.writable


def test_an_older_stable_that_cannot_be_written_is_read_as_it_is(tmp_path, monkeypatch):
    path = tmp_path / "stable.sqlite"
    version_one(path)
    path.chmod(0o444)
    real = os.access  # root may write anything: the system refuses him here
    monkeypatch.setattr(os, "access", lambda p, mode, **kw:
                        False if mode & os.W_OK else real(p, mode, **kw))
    with Stable.open(path) as stable:
        assert not stable.writable and [m.name for m in stable.managers()] == ["Marcus"]
    assert tables(path)[1] == 1


def stable_with(tmp_path, count=4):
    stable = Stable.open(tmp_path / "stable.sqlite")
    ids = [stable.add_gladiator("battle", SheetFile(f"G{i}", f"{{\"n\": {i}}}"),
                                manager="Marcus").id for i in range(count)]
    return stable, ids


def test_a_league_its_members_a_round_and_its_results(tmp_path):
    stable, ids = stable_with(tmp_path)
    league = records.new_league(stable, "Summer", "battle", "round-robin", home_away=False,
                                folder=str(tmp_path), clock="now")
    with pytest.raises(Refused, match="already"):
        records.new_league(stable, "summer", "battle", "swiss", home_away=False,
                           folder="", clock="now")
    records.add_members(stable, league, ids)
    assert [g for g, _seed in records.members(stable, league.id)] == ids
    records.add_round(stable, league, 1, "2026-12-12",
                      [("m1.json", [(ids[0], "a"), (ids[1], "b")]),
                       ("m2.json", [(ids[2], "a"), (ids[3], "b")])], [], "now")
    with pytest.raises(Refused, match="fixed"):
        records.add_members(stable, league, [ids[0]])
    first, second = records.matches(stable, league.id)
    assert (first.round, first.board, first.done) == (1, 1, False)
    fight = stable.record_fight(NewFight("battle", "now", "m1.json", "digest", "G0 won"),
                                [(ids[0], "a", "win"), (ids[1], "b", "loss")], [])
    results = [(ids[0], "win", 3, False), (ids[1], "loss", 9, True)]
    assert records.record_result(stable, first.id, fight.id, results)
    assert not records.record_result(stable, first.id, fight.id, results)  # once
    with pytest.raises(Refused, match="another match"):
        records.record_result(stable, second.id, fight.id, results)
    first = records.match(stable, league.id, first.id)
    assert first.done and [e.result for e in first.entries] == ["win", "loss"]
    assert first.entries[1].died
    # The fight taken back: the match reads as unplayed, and can be recorded again.
    stable.take_back(fight.id)
    assert not records.match(stable, league.id, first.id).done


def test_a_forfeit_is_the_gms_ruling_on_a_match_not_played(tmp_path):
    stable, ids = stable_with(tmp_path, 2)
    league = records.new_league(stable, "Cup", "battle", "single", home_away=False,
                                folder="", clock="now")
    records.add_members(stable, league, ids)
    records.add_round(stable, league, 1, "", [("m.json", [(ids[0], "a"), (ids[1], "b")])],
                      [], "now")
    (m,) = records.matches(stable, league.id)
    with pytest.raises(Refused, match="only a gladiator"):
        records.forfeit(stable, m.id, [999], "nobody")
    records.forfeit(stable, m.id, [ids[1]], "G1 did not appear")
    m = records.match(stable, league.id, m.id)
    assert m.done and m.forfeit and [e.result for e in m.entries] == ["win", "loss"]
    with pytest.raises(Refused, match="has its result"):
        records.forfeit(stable, m.id, [ids[0]], "again")


def test_a_dead_gladiators_match_is_forfeited_when_its_round_is_made(tmp_path):
    stable, ids = stable_with(tmp_path, 2)
    league = records.new_league(stable, "Cup", "battle", "round-robin", home_away=False,
                                folder="", clock="now")
    records.add_members(stable, league, ids)
    fight = stable.record_fight(NewFight("battle", "now", "x.json", "d", "G0 killed G1"),
                                [(ids[0], "a", "win"), (ids[1], "b", "loss")], [])
    with stable.change() as db:  # as the fight's careers would have left him
        db.execute("UPDATE gladiators SET alive = 0 WHERE id = ?", (ids[1],))
    records.add_round(stable, league, 1, "", [("", [(ids[0], "1"), (ids[1], "2")])], [],
                      "now")
    (m,) = records.matches(stable, league.id)
    assert m.forfeit == "G1 is dead" and [e.result for e in m.entries] == ["win", "loss"]
    assert fight.id
