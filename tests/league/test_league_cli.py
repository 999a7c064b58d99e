"""`companion league`, end to end on a stable of the user's (isolated by the tests'
conftest): a round robin of the battle system played by the computer and at the table
(its results only from `career apply`), a Grimdark Swiss event of eight over three
rounds with deaths, forfeits, open challenges, single elimination, and the posts."""

from __future__ import annotations

import json

import pytest

from companion import paths
from companion.cli import main

SAMPLES = paths.assets_dir() / "samples"
BATTLE = ["hammer-rookie", "spear-rookie", "morning-star-brute", "dart-thrower"]
NAMES = ["Aulus", "Brutus", "Crixus", "Decimus", "Execus", "Flamma", "Gannicus", "Hilarus"]


def run(capsys, *args: str) -> str:
    capsys.readouterr()
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def refused(capsys, *args: str) -> str:
    capsys.readouterr()
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    err = capsys.readouterr().err
    assert code != 0 and err.startswith("companion: ") and err.count("\n") == 1, err
    return err


def battle_league(capsys, name="Summer", fmt="round-robin"):
    run(capsys, "stable", "add", *(str(SAMPLES / f"{s}.json") for s in BATTLE),
        "--manager", "Marcus")
    run(capsys, "league", "new", name, "--game", "battle", "--format", fmt)
    run(capsys, "league", "add", name, "Hammer Rookie", "Spear Rookie",
        "Morning Star Brute", "Dart Thrower")


def matches(capsys, name):
    return json.loads(run(capsys, "league", "results", name, "--json"))


def test_a_round_robin_of_four_played_by_the_computer(capsys):
    battle_league(capsys)
    for number in (1, 2, 3):
        out = run(capsys, "league", "round", "Summer", "--deadline", "Sunday")
        assert f"round {number} (deadline: Sunday)" in out
        run(capsys, "league", "play", "Summer", "--seed", "5")
    assert "every round of the round robin is made" in refused(capsys, "league", "round",
                                                               "Summer")
    found = matches(capsys, "Summer")
    assert len(found) == 6 and all(m["done"] and m["fight"] for m in found)
    pairs = {frozenset(g["id"] for g in m["gladiators"]) for m in found}
    assert len(pairs) == 6  # everyone met everyone once
    table = json.loads(run(capsys, "league", "standings", "Summer", "--json"))
    assert table["tiebreaks"] == ("ranked by points, then wins, then head-to-head, then "
                                  "health lost, fewer first")
    assert sum(r["points"] for r in table["rows"]) == 6
    assert all(r["rating"]["sigma"] < 8.33 for r in table["rows"])
    text = run(capsys, "league", "standings", "Summer")
    assert "health lost" in text.splitlines()[1] and "kills" in text


def test_a_match_played_at_the_table_counts_once_career_apply_records_it(capsys):
    battle_league(capsys)
    made = json.loads(run(capsys, "league", "round", "Summer", "--json"))
    first = made["matches"][0]["file"]
    run(capsys, "auto", first, "--seed", "2")
    assert not matches(capsys, "Summer")[0]["done"]  # played, not yet recorded
    run(capsys, "career", "apply", first)
    found = matches(capsys, "Summer")
    assert found[0]["done"] and not found[1]["done"]
    assert [g["result"] for g in found[0]["gladiators"]].count("win") == 1
    run(capsys, "career", "apply", first)  # recorded already: nothing more
    assert matches(capsys, "Summer")[0] == found[0]
    # Taken back, the match is to play again; applied again, it counts again, once.
    run(capsys, "career", "undo", first)
    assert not matches(capsys, "Summer")[0]["done"]
    run(capsys, "career", "apply", first)
    assert matches(capsys, "Summer")[0]["done"]


def test_a_match_not_played_by_its_deadline_is_forfeited(capsys):
    battle_league(capsys)
    made = json.loads(run(capsys, "league", "round", "Summer", "--json"))
    assert "have no result yet" in refused(capsys, "league", "round", "Summer")
    found = matches(capsys, "Summer")
    absent = found[0]["gladiators"][1]["name"]
    out = run(capsys, "league", "forfeit", "Summer", str(found[0]["id"]), absent)
    assert "forfeit" in out and absent in out
    assert "has its result" in refused(capsys, "league", "forfeit", "Summer",
                                       str(found[0]["id"]), absent)
    run(capsys, "league", "play", "Summer", "--seed", "1")
    table = json.loads(run(capsys, "league", "standings", "Summer", "--json"))
    loser = next(r for r in table["rows"] if r["name"] == absent)
    assert loser["losses"] == 1 and loser["rating"] is None  # a forfeit rates no one
    assert len(made["matches"]) == 2


def test_single_elimination_plays_to_its_winner(capsys):
    battle_league(capsys, "Cup", "single")
    run(capsys, "league", "round", "Cup")
    run(capsys, "league", "play", "Cup", "--seed", "3")
    out = run(capsys, "league", "round", "Cup")
    assert out.count(" v ") == 1
    run(capsys, "league", "play", "Cup", "--seed", "3")
    assert "is over: its winner is" in refused(capsys, "league", "round", "Cup")


def test_open_challenges_are_booked_with_no_round(capsys):
    battle_league(capsys, "Open", "challenge")
    assert "no rounds" in refused(capsys, "league", "round", "Open")
    out = run(capsys, "league", "book", "Open", "Hammer Rookie", "Dart Thrower")
    assert "Hammer Rookie v Dart Thrower" in out
    assert "against himself" in refused(capsys, "league", "book", "Open", "Hammer Rookie",
                                        "Hammer Rookie")
    run(capsys, "league", "play", "Open", "--seed", "1")
    found = matches(capsys, "Open")
    assert found[0]["round"] is None and found[0]["done"]


def grimdark_eight(tmp_path, capsys):
    samples = sorted((SAMPLES / "grimdark").glob("*.json"))
    files = []
    for i, name in enumerate(NAMES):
        data = json.loads(samples[i % len(samples)].read_text(encoding="utf-8"))
        data.update(name=name, npc=False)
        data.pop("manager", None)
        path = tmp_path / f"{name.lower()}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        files.append(str(path))
    run(capsys, "stable", "add", *files, "--manager", "Livia")


def test_a_grimdark_swiss_event_of_eight_over_three_rounds(tmp_path, capsys):
    grimdark_eight(tmp_path, capsys)
    run(capsys, "league", "new", "Winter", "--game", "grimdark", "--format", "swiss")
    run(capsys, "league", "add", "Winter", *NAMES)
    posts = []
    for _ in range(3):
        run(capsys, "league", "round", "Winter", "--deadline", "Friday 20:00")
        before = run(capsys, "league", "post", "Winter", "--format", "bbcode")
        assert "coaching" not in before.lower() and "Friday 20:00" in before
        run(capsys, "league", "play", "Winter", "--seed", "7")
        posts.append(run(capsys, "league", "post", "Winter", "--format", "bbcode"))
    found = matches(capsys, "Winter")
    met = [frozenset(g["id"] for g in m["gladiators"]) for m in found]
    assert len(met) == len(set(met))  # no rematch
    assert "[b]Results[/b]" in posts[-1] and "]report[/url])" in posts[-1]
    assert "opponents' points (Buchholz), then Fame" in posts[-1]
    table = json.loads(run(capsys, "league", "standings", "Winter", "--json"))
    assert sum(r["kills"] for r in table["rows"]) == sum(r["deaths"] for r in table["rows"])


@pytest.mark.parametrize("fmt", ["markdown", "bbcode", "discord", "html"])
def test_every_post_format_has_the_pairings_the_results_and_the_standings(capsys, fmt):
    battle_league(capsys)
    run(capsys, "league", "round", "Summer", "--deadline", "Sunday")
    run(capsys, "league", "play", "Summer", "--seed", "5")
    run(capsys, "league", "round", "Summer", "--deadline", "Tuesday")
    out = run(capsys, "league", "post", "Summer", "--format", fmt)
    assert "Tuesday" in out and "Standings" in out and "Hammer Rookie" in out
    results = run(capsys, "league", "post", "Summer", "--round", "1", "--format", fmt)
    assert "Results" in results and ".md" in results


def test_a_discord_post_keeps_each_message_within_2000_characters(capsys):
    from companion.league.post import Post, discord_messages

    post = Post("Big", "Sunday", [f"{i}. Gladiator {i} v Gladiator {i + 1}"
                                  for i in range(300)],
                [(f"Gladiator {i} beat Gladiator {i + 1}", f"r{i}.md") for i in range(200)],
                ["#", "gladiator"], [[str(i), f"Gladiator {i}"] for i in range(400)], "x")
    messages = discord_messages(post)
    assert len(messages) > 5 and all(len(m) <= 2000 for m in messages)
    assert all(m.count("```") in (0, 2) for m in messages)


def test_leagues_are_listed_and_shown(capsys):
    battle_league(capsys)
    assert json.loads(run(capsys, "league", "list", "--json")) == [
        {"name": "Summer", "game": "battle", "format": "round-robin", "members": 4}]
    shown = json.loads(run(capsys, "league", "show", "Summer", "--json"))
    assert [m["seed"] for m in shown["members"]] == [1, 2, 3, 4]
    assert "no league called" in refused(capsys, "league", "show", "Nowhere")


def test_a_skirmish_round_robin_of_four_played_at_the_table(tmp_path, capsys):
    files = []
    for name, kind in (("Brennus", "samnite"), ("Corvus", "retiarius"),
                       ("Drusus", "myrmillo"), ("Eros", "thracian")):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps({"format": "companion-skirmish-gladiator",
                                    "name": name, "type": kind}), encoding="utf-8")
        files.append(str(path))
    run(capsys, "stable", "add", *files, "--manager", "Quintus")
    run(capsys, "league", "new", "Bouts", "--game", "skirmish", "--format", "round-robin")
    run(capsys, "league", "add", "Bouts", "Brennus", "Corvus", "Drusus", "Eros")
    for _ in range(3):
        made = json.loads(run(capsys, "league", "round", "Bouts", "--json"))
        for m in made["matches"]:  # at the table: played, then recorded into careers
            if not m["file"]:
                continue  # a dead man's match: forfeited when the round was made
            run(capsys, "auto", m["file"], "--seed", "3")
            run(capsys, "career", "apply", m["file"])
    run(capsys, "league", "results", "Bouts")
    table = json.loads(run(capsys, "league", "standings", "Bouts", "--json"))
    assert sum(r["played"] for r in table["rows"]) == 12
    assert "health lost" in table["tiebreaks"]


def test_a_verifiable_grimdark_round_prints_each_matchs_commitment(tmp_path, capsys):
    grimdark_eight(tmp_path, capsys)
    run(capsys, "league", "new", "Open", "--game", "grimdark", "--format", "swiss")
    run(capsys, "league", "add", "Open", *NAMES[:4])
    out = run(capsys, "league", "round", "Open", "--verifiable")
    assert out.count("commitment: ") == 2
    made = matches(capsys, "Open")
    run(capsys, "league", "play", "Open", "--seed", "1")
    for m in made:
        assert "verified" in run(capsys, "verify", m["file"]).lower()
