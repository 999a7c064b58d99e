"""`companion stable purse|fallen|star`, and the limit of starred gladiators as `add`
and `import` meet it: a manager's money with each reason, the hall of the fallen with
the fight and the blow that killed each, a star given and taken away, every refusal
one line."""

from __future__ import annotations

import json

from support.grimdark_careers import coaching, play, record, sample, sheet_file

from companion import paths
from companion.cli import main
from companion.stable.store import Stable

SAMPLES = paths.assets_dir() / "samples"


def run(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(["stable", *args])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str, words: str) -> None:
    assert err.count("\n") == 1 and err.startswith("companion: "), err
    assert words in err, err
    assert "Error" not in err and "Traceback" not in err


def starred_sheet(tmp_path, name: str, manager: str = "Ann"):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({**sample("lord-smash"), "name": name, "starred": True,
                                "manager": manager}), encoding="utf-8")
    return path


# --- the purse ------------------------------------------------------------------------
def test_a_managers_purse_starts_empty_and_takes_the_gms_entries_each_with_its_reason(
        capsys):
    run(capsys, "add", "--manager", "Ann")
    assert run(capsys, "purse", "Ann")[1] == "Ann's purse is empty.\n"
    code, out, _ = run(capsys, "purse", "ann", "50", "bet on Lord Smash")
    assert (code, out) == (0, "added to Ann's purse: +50, bet on Lord Smash; it holds 50 "
                              "now\n")
    code, out, _ = run(capsys, "purse", "Ann", "-20", "a promotional deal gone sour")
    assert out.endswith("it holds 30 now\n")
    lines = run(capsys, "purse", "Ann")[1].splitlines()
    assert lines[0] == "Ann's purse: 30"
    assert lines[1].endswith("  +50  bet on Lord Smash")
    assert lines[2].endswith("  -20  a promotional deal gone sour")


def test_the_purse_for_a_script(capsys):
    run(capsys, "add", "--manager", "Ann")
    added = json.loads(run(capsys, "purse", "Ann", "+5", "a tip", "--json")[1])
    assert (added["manager"], added["total"]) == ("Ann", 5)
    assert (added["added"]["amount"], added["added"]["reason"]) == (5, "a tip")
    shown = json.loads(run(capsys, "purse", "Ann", "--json")[1])
    assert shown["added"] is None
    assert [(e["amount"], e["reason"], e["fight_id"]) for e in shown["entries"]] == [
        (5, "a tip", None)]


def test_purse_refusals_are_one_line_each(capsys):
    run(capsys, "add", "--manager", "Ann")
    for args, words in [
        (["purse", "Zed"], "there is no manager called 'Zed' in the stable"),
        (["purse", "Zed", "5", "tip"], "there is no manager called 'Zed'"),
        (["purse", "Ann", "5"], "give the entry's REASON after its AMOUNT"),
        (["purse", "Ann", "5", "   "], "give the entry's REASON"),
        (["purse", "Ann", "0", "nothing"], "AMOUNT: 0 moves no money"),
        (["purse", "Ann", "five", "tip"], "AMOUNT: a whole number of money, such as 50"),
        (["purse", "Ann", "2.5", "tip"], "AMOUNT: a whole number"),
        (["purse", "Ann", "10000000000", "tip"], "AMOUNT: at most 1000000000"),
        (["purse", "Ann", "5", "x" * 201], "REASON: at most 200 characters"),
    ]:
        code, _, err = run(capsys, *args)
        assert code in (1, 2), args
        one_line(err, words)
    assert json.loads(run(capsys, "purse", "Ann", "--json")[1])["entries"] == []
    assert Stable.open(create=False).manager_named("Zed") is None


def test_an_events_fees_and_prizes_come_in_with_the_fight_and_name_it(capsys):
    with Stable.open() as stable:
        stable.add_gladiator("grimdark", sheet_file(sample("lord-smash")), manager="Ann")
        session = play([{"sheet": sample("lord-smash"), "team": "1",
                         "coaching": coaching("lord-smash")},
                        {"sheet": sample("cinder-witch"), "team": "2",
                         "coaching": coaching("cinder-witch")}], 2,
                       event={"name": "The Pit", "kind": "public", "entry_fee": 20,
                              "prize": 80})
        record(stable, session)
    lines = run(capsys, "purse", "Ann")[1].splitlines()
    assert lines[0] == "Ann's purse: 60"
    assert lines[1].endswith("  -20  entry fee of The Pit (Lord Smash) (fight #1)")
    assert lines[2].endswith("  +80  prize of The Pit (Lord Smash won) (fight #1)")


# --- the hall of the fallen -----------------------------------------------------------
def fallen_smash() -> None:
    """Lord Smash, Ann's, killed by the Sewer Beast (seeded), recorded."""
    with Stable.open() as stable:
        stable.add_gladiator("grimdark", sheet_file(sample("lord-smash")), manager="Ann")
        session = play([{"sheet": sample("lord-smash"), "team": "1",
                         "coaching": coaching("lord-smash")},
                        {"sheet": sample("sewer-beast"), "team": "2",
                         "coaching": coaching("sewer-beast")}], 3)
        assert session.state.fighters[0].dead
        record(stable, session, "smash-vs-beast.json")


def test_the_hall_of_the_fallen_names_the_fight_and_the_blow_that_killed_each(capsys):
    assert run(capsys, "fallen")[1] == "No one has fallen: the hall of the fallen is empty.\n"
    fallen_smash()
    (paths.user_data_dir() / "old.json").write_text(json.dumps(
        {**sample("lord-smash"), "name": "Old Bones", "dead": True}), encoding="utf-8")
    run(capsys, "add", str(paths.user_data_dir() / "old.json"))
    code, out, _ = run(capsys, "fallen")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "The hall of the fallen"
    assert lines[1].startswith("  #1 Lord Smash (Grimdark Gladiators, dead): Brutality 6")
    assert lines[2] == (
        "    Ann's; fell in fight #1, played 2026-01-01T20:00:00 (session "
        "smash-vs-beast.json): Sewer Beast beat Lord Smash; Lord Smash died in turn 11: "
        "Sewer Beast's Powerful Attack hit him by 3 for 7 damage; 1 on the d4, the death "
        "die")
    assert lines[3].startswith("  #2 Old Bones (Grimdark Gladiators, dead)")
    assert lines[4] == (f"    dead when he came into the stable (from "
                        f"{(paths.user_data_dir() / 'old.json').resolve()})")
    assert run(capsys, "fallen", "--manager", "Ann")[1].count("  #") == 1
    assert run(capsys, "fallen", "--game", "battle")[1] == \
        "No one has fallen of those asked for.\n"


def test_the_hall_of_the_fallen_for_a_script(capsys):
    fallen_smash()
    [smash] = json.loads(run(capsys, "fallen", "--json")[1])["fallen"]
    assert (smash["name"], smash["manager"], smash["alive"]) == ("Lord Smash", "Ann", False)
    assert smash["fight"]["id"] == 1 and "1 on the d4" in smash["fight"]["result"]
    code, _, err = run(capsys, "fallen", "--manager", "Zed")
    assert code == 1
    one_line(err, "there is no manager called 'Zed'")


# --- starred --------------------------------------------------------------------------
def test_a_star_given_and_taken_away_on_his_sheet_and_in_the_stable(capsys):
    run(capsys, "add", "Lord Smash", "--manager", "Ann")
    assert run(capsys, "star", "Lord Smash")[1] == "#1 Lord Smash is starred\n"
    assert run(capsys, "star", "1")[1] == "#1 Lord Smash is starred already\n"
    held = Stable.open(create=False).gladiator(1)
    assert held is not None and held.starred and json.loads(held.sheet)["starred"] is True
    assert "; starred" in run(capsys, "list")[1]
    assert run(capsys, "star", "#1", "--off")[1] == "#1 Lord Smash is no longer starred\n"
    held = Stable.open(create=False).gladiator(1)
    assert held is not None and not held.starred
    assert json.loads(held.sheet)["starred"] is False


def test_a_fourth_star_is_refused_on_adding_importing_and_starring(capsys, tmp_path):
    for name in ("Ajax", "Brutus", "Crixus"):
        assert run(capsys, "add", str(starred_sheet(tmp_path, name)))[0] == 0
    three = "Ann has three starred gladiators (Ajax, Brutus and Crixus)"
    code, _, err = run(capsys, "add", str(starred_sheet(tmp_path, "Dio")))
    assert code == 1
    one_line(err, f"Dio.json: Dio cannot be starred: {three}; nothing added")
    code, out, err = run(capsys, "import", str(starred_sheet(tmp_path, "Dio")),
                         str(SAMPLES / "spear-rookie.json"))
    assert code == 1 and out.startswith("imported 1 gladiator into the stable")
    assert err == f"companion: skipped: {tmp_path / 'Dio.json'}: Dio cannot be starred: " \
        f"{three}\n"
    run(capsys, "add", "Lord Smash", "--manager", "ann")
    code, _, err = run(capsys, "star", "Lord Smash")
    assert code == 1
    one_line(err, f"Lord Smash cannot be starred: {three}")
    assert run(capsys, "add", str(starred_sheet(tmp_path, "Dio", "Bea")))[0] == 0


def test_star_refusals_are_one_line_each(capsys, tmp_path):
    run(capsys, "add", "Spear Rookie")
    path = tmp_path / "bones.json"
    path.write_text(json.dumps({**sample("lord-smash"), "name": "Old Bones", "dead": True}),
                    encoding="utf-8")
    run(capsys, "add", str(path))
    for args, words in [
        (["star", "Spear Rookie"], "the battle system has no starred gladiators"),
        (["star", "Old Bones"], "#2 Old Bones is dead: a star keeps a gladiator alive"),
        (["star", "Nobody"], "there is no gladiator called 'Nobody'"),
    ]:
        code, _, err = run(capsys, *args)
        assert code == 1, args
        one_line(err, words)
