"""`companion event`: an event is a league whose every match's setup names it, so its
money (entry fees or appearance fees, and prizes) moves through the careers' apply
step, once a match, and shows in the round's post."""

from __future__ import annotations

import json

from tests.league.test_league_cli import NAMES, SAMPLES, matches, refused, run


def eight(tmp_path, capsys):
    """Eight Grimdark gladiators, four of Livia's and four of Marcus's."""
    samples = sorted((SAMPLES / "grimdark").glob("*.json"))
    for i, name in enumerate(NAMES):
        data = json.loads(samples[i % len(samples)].read_text(encoding="utf-8"))
        data.update(name=name, npc=False)
        data.pop("manager", None)
        path = tmp_path / f"{name.lower()}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        run(capsys, "stable", "add", str(path), "--manager", "Livia" if i < 4 else "Marcus")


def purse(capsys, manager):
    return json.loads(run(capsys, "stable", "purse", manager, "--json"))


def expected(found, fee, appearance, prize):
    """Each manager's money from the matches played: Livia has the first four."""
    owner = {}
    for m in found:
        for g in m["gladiators"]:
            owner[g["id"]] = "Livia" if NAMES.index(g["name"]) < 4 else "Marcus"
    money = {"Livia": 0, "Marcus": 0}
    for m in found:
        if m["forfeit"]:
            continue  # no match was fought: no money moves
        for g in m["gladiators"]:
            money[owner[g["id"]]] += appearance - fee + (prize if g["result"] == "win" else 0)
    return money


def test_a_public_event_of_eight_takes_its_fees_and_pays_its_prizes(tmp_path, capsys):
    eight(tmp_path, capsys)
    out = run(capsys, "event", "new", "Blood Cup", "--fee", "50", "--prize", "200")
    assert "public event of grimdark, entry fee 50, prize 200 each match" in out
    run(capsys, "league", "add", "Blood Cup", *NAMES)
    deaths = 0
    for number in (1, 2, 3):
        run(capsys, "league", "round", "Blood Cup", "--deadline", "Friday")
        run(capsys, "league", "play", "Blood Cup", "--seed", "11")
        post = run(capsys, "league", "post", "Blood Cup", "--format", "bbcode")
        assert "[b]Purses[/b] (entry fee 50, prize 200 each match)" in post
        assert "-50 entry fee of Blood Cup" in post and "+200 prize of Blood Cup" in post
        found = matches(capsys, "Blood Cup")
        deaths = sum(g["died"] for m in found for g in m["gladiators"])
        assert all(m["done"] for m in found if m["round"] == number)
    assert deaths >= 1  # the seed chosen kills someone: his later match is forfeited
    found = matches(capsys, "Blood Cup")
    money = expected(found, 50, 0, 200)
    assert purse(capsys, "Livia")["total"] == money["Livia"]
    assert purse(capsys, "Marcus")["total"] == money["Marcus"]
    fought = sum(len(m["gladiators"]) for m in found if not m["forfeit"])
    assert money["Livia"] + money["Marcus"] == -50 * fought + 200 * fought // 2
    # Read again, nothing moves twice.
    run(capsys, "league", "results", "Blood Cup")
    assert purse(capsys, "Livia")["total"] == money["Livia"]
    shown = json.loads(run(capsys, "league", "show", "Blood Cup", "--json"))
    assert shown["event"] == {"kind": "public", "entry_fee": 50, "appearance_fee": 0,
                              "prize": 200}


def test_an_invitational_event_pays_each_invited_gladiator(tmp_path, capsys):
    eight(tmp_path, capsys)
    run(capsys, "event", "new", "Consul", "--invitational", "30", "--prize", "100",
        "--format", "round-robin")
    run(capsys, "league", "add", "Consul", *NAMES[:4])
    run(capsys, "league", "round", "Consul")
    run(capsys, "league", "play", "Consul", "--seed", "2")
    found = matches(capsys, "Consul")
    assert purse(capsys, "Livia")["total"] == expected(found, 0, 30, 100)["Livia"] == 320
    post = run(capsys, "league", "post", "Consul", "--format", "markdown")
    assert "### Purses (appearance fee 30, prize 100 each match)" in post
    assert "- Livia: +320 in all" in post and "- Livia: +30 appearance fee of Consul" in post


def test_a_team_match_of_an_event_counts_for_every_gladiator_in_it(tmp_path, capsys):
    eight(tmp_path, capsys)
    run(capsys, "event", "new", "Melee", "--fee", "10", "--prize", "40",
        "--format", "challenge")
    run(capsys, "league", "add", "Melee", *NAMES)
    run(capsys, "league", "book", "Melee", "Aulus", "Brutus", "Execus", "Flamma",
        "--teams", "1,1,2,2")
    run(capsys, "league", "play", "Melee", "--seed", "4")
    found = matches(capsys, "Melee")
    results = {g["name"]: g["result"] for g in found[0]["gladiators"]}
    assert results["Aulus"] == results["Brutus"] != results["Execus"] == results["Flamma"]
    livia = 2 * (-10) + (80 if results["Aulus"] == "win" else 0)
    assert purse(capsys, "Livia")["total"] == livia
    table = json.loads(run(capsys, "league", "standings", "Melee", "--json"))
    assert sum(r["played"] for r in table["rows"]) == 4


def test_an_event_is_refused_what_the_seed_does_not_allow(capsys):
    assert "takes no entry fee" in refused(capsys, "event", "new", "X", "--fee", "5",
                                           "--invitational", "5")
    assert "no events with money" in refused(capsys, "event", "new", "X", "--game",
                                             "skirmish")


def test_a_version_2_stables_league_gains_the_events_table_and_keeps_its_matches(tmp_path):
    import sqlite3

    from companion.league import records
    from companion.stable.schema import APPLICATION_ID, statements
    from companion.stable.store import Stable

    path = tmp_path / "stable.sqlite"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = DELETE")
    for sql in statements(2):
        db.execute(sql)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("PRAGMA user_version = 2")
    db.execute("INSERT INTO leagues (name, game, format, folder, created) VALUES "
               "('Old', 'grimdark', 'swiss', '/x', 'then')")
    db.execute("INSERT INTO league_matches (league_id, board, session_path, made) VALUES "
               "(1, 1, '/x/m.json', 'then')")
    db.close()
    with Stable.open(path) as stable:
        old = records.league_named(stable, "Old")
        assert records.event(stable, old.id) is None
        assert [m.commitment for m in records.matches(stable, old.id)] == [""]
        made = records.new_league(stable, "New", "grimdark", "swiss", home_away=False,
                                  folder="/y", clock="now",
                                  event=records.Event("public", entry_fee=5, prize=9))
        assert records.event(stable, made.id) == records.Event("public", 5, 0, 9)


def test_all_against_all_in_an_event_counts_for_every_gladiator(tmp_path, capsys):
    eight(tmp_path, capsys)
    run(capsys, "event", "new", "Brawl", "--fee", "10", "--prize", "70",
        "--format", "challenge")
    run(capsys, "league", "add", "Brawl", *NAMES)
    run(capsys, "league", "book", "Brawl", "Aulus", "Brutus", "Execus")
    run(capsys, "league", "play", "Brawl", "--seed", "4")
    found = matches(capsys, "Brawl")
    results = {g["name"]: g["result"] for g in found[0]["gladiators"]}
    assert sorted(results.values()).count("win") == 1
    money = expected(found, 10, 0, 70)
    assert purse(capsys, "Livia")["total"] == money["Livia"]
    assert purse(capsys, "Marcus")["total"] == money["Marcus"]
    assert money["Livia"] + money["Marcus"] == -30 + 70
    table = json.loads(run(capsys, "league", "standings", "Brawl", "--json"))
    assert sum(r["played"] for r in table["rows"]) == 3
