"""`companion career apply|undo`, as a group of players and a script use them, on duels
of the battle system played to their end: the preview, recording a duel once, taking it
back, gladiators the stable did not have, three duels in a row, and every refusal in
one line, hostile session files among them."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from support.career_duels import brenna, played, rookies, sample, varro
from support.grimdark_careers import coaching, play
from support.grimdark_careers import sample as grimdark_sample

from companion import paths
from companion.cli import main
from companion.commands.career import fingerprint
from companion.stable.store import Stable

SAMPLES = paths.assets_dir() / "samples"


def run(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def career(capsys, *args: str) -> tuple[int, str, str]:
    return run(capsys, "career", *args)


def one_line(err: str, words: str) -> None:
    assert err.count("\n") == 1 and err.startswith("companion: "), err
    assert words in err, err
    assert "Error" not in err and "Traceback" not in err


@pytest.fixture(scope="module")
def duel_file(tmp_path_factory) -> Path:
    """Hammer Rookie (a) against Spear Rookie (b), who wins."""
    path = tmp_path_factory.mktemp("duels") / "duel.json"
    rookies().save(path)
    return path


def stable_rows() -> dict[str, list[tuple]]:
    db = sqlite3.connect(paths.stable_path())
    try:
        return {t: db.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall()
                for t in ("managers", "gladiators", "fights", "entrants", "changes", "purse")}
    finally:
        db.close()


def sheet_of(name: str) -> dict:
    with Stable.open(create=False) as stable:
        [g] = stable.named(name)
    return json.loads(g.sheet)


def test_recording_a_duel_previews_it_and_adds_the_gladiators_the_stable_lacks(
        capsys, duel_file):
    code, out, err = career(capsys, "apply", str(duel_file))
    assert code == 0 and err == ""
    assert out.splitlines() == [
        f"{duel_file}: Spear Rookie beat Hammer Rookie, who fell unconscious",
        "Hammer Rookie is not in the stable: added",
        "Spear Rookie is not in the stable: added",
        "Hammer Rookie: loss",
        "  development points 40 to 45",
        "  losses 0 to 1",
        "  total fights 0 to 1",
        "Spear Rookie: win",
        "  development points 40 to 50",
        "  wins 0 to 1",
        "  total fights 0 to 1",
        f"recorded as fight #1 in the stable ({paths.stable_path()}); Hammer Rookie is #1, "
        "Spear Rookie is #2"]
    assert sheet_of("Spear Rookie")["development_points"] == 50
    code, out, _ = run(capsys, "stable", "show", "Spear Rookie")
    assert out.splitlines()[-1].startswith("Fight #1, ")
    assert out.splitlines()[-1].endswith(f": win; Spear Rookie beat Hammer Rookie, who fell "
                                         f"unconscious (session {duel_file})")


def test_a_dry_run_says_the_same_and_records_nothing(capsys, duel_file):
    code, out, _ = career(capsys, "apply", str(duel_file), "--dry-run")
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == "Hammer Rookie is not in the stable: added when recorded"
    assert lines[-1] == "dry run: nothing recorded"
    assert not paths.stable_path().exists()  # not even made


def test_recording_a_duel_twice_changes_nothing(capsys, duel_file, tmp_path):
    career(capsys, "apply", str(duel_file))
    rows = stable_rows()
    code, out, err = career(capsys, "apply", str(duel_file))
    assert code == 0 and err == ""
    assert out.startswith(f"{duel_file}: this fight is recorded already, as fight #1 "
                          "(Spear Rookie beat Hammer Rookie, who fell unconscious), on ")
    assert out.endswith("; nothing changed\n")
    # A copy saved elsewhere, later, in other whitespace, is the same fight.
    copy = tmp_path / "copy.json"
    data = json.loads(duel_file.read_text("utf-8"))
    copy.write_text(json.dumps({**data, "saved": "2030-01-01T00:00:00+00:00"}), "utf-8")
    assert career(capsys, "apply", str(copy))[1].endswith("; nothing changed\n")
    assert stable_rows() == rows


def test_the_fingerprint_is_the_fight_not_the_file(tmp_path):
    session = rookies()
    before = fingerprint(session)
    session.save(tmp_path / "one.json")
    session.undo()
    assert fingerprint(session) != before
    session.redo()
    session.save(tmp_path / "two.json")
    assert fingerprint(session) == before
    other = played(sample("hammer-rookie"), sample("spear-rookie"), 6)
    assert fingerprint(other) != before


def test_taking_a_duel_back_restores_both_sheets(capsys, duel_file):
    run(capsys, "stable", "add", "Hammer Rookie", "Spear Rookie", "--manager", "Marcus")
    rows = stable_rows()
    assert career(capsys, "apply", str(duel_file))[0] == 0
    assert sheet_of("Hammer Rookie")["losses"] == 1
    code, out, err = career(capsys, "undo", str(duel_file))
    assert code == 0 and err == ""
    assert out.splitlines() == [
        f"took back fight #1 (Spear Rookie beat Hammer Rookie, who fell unconscious) of "
        f"{duel_file}",
        "#1 Hammer Rookie: his career as it was before the fight",
        "#2 Spear Rookie: his career as it was before the fight"]
    assert stable_rows() == rows
    # Each exports as the very file he was added from.
    assert run(capsys, "stable", "export", "Spear Rookie")[1] == \
        (SAMPLES / "spear-rookie.json").read_text("utf-8")


def test_taking_back_a_duel_that_added_its_gladiators_takes_them_out_again(capsys,
                                                                          duel_file):
    career(capsys, "apply", str(duel_file))
    code, out, _ = career(capsys, "undo", str(duel_file), "--json")
    assert code == 0
    assert json.loads(out)["removed"] == [{"id": 1, "name": "Hammer Rookie"},
                                          {"id": 2, "name": "Spear Rookie"}]
    with Stable.open(create=False) as stable:
        assert stable.gladiators() == [] and stable.fight(1) is None
    code, _, err = career(capsys, "undo", str(duel_file))
    assert code == 1
    one_line(err, "this fight is not in the stable: nothing to take back")


def next_duel(tmp_path: Path, capsys, n: int, seed: int) -> Path:
    """Both rookies exported from the stable as they are now, and their next duel
    played to its end."""
    for who in ("Hammer Rookie", "Spear Rookie"):
        run(capsys, "stable", "export", who, "--out", str(tmp_path / f"{n}-{who}.json"))
    a, b = (json.loads((tmp_path / f"{n}-{who}.json").read_text("utf-8"))
            for who in ("Hammer Rookie", "Spear Rookie"))
    path = tmp_path / f"duel-{n}.json"
    played(a, b, seed).save(path)
    return path


def test_three_duels_in_a_row_build_on_each_other_and_come_back_off_in_order(
        capsys, duel_file, tmp_path):
    career(capsys, "apply", str(duel_file))
    second = next_duel(tmp_path, capsys, 2, 6)
    assert career(capsys, "apply", str(second))[0] == 0
    third = next_duel(tmp_path, capsys, 3, 7)
    code, out, _ = career(capsys, "apply", str(third), "--json")
    assert code == 0
    recorded = json.loads(out)
    assert recorded["fight"] == 3 and [g["id"] for g in recorded["gladiators"]] == [1, 2]
    hammer, spear = sheet_of("Hammer Rookie"), sheet_of("Spear Rookie")
    assert hammer["wins"] + hammer["losses"] == spear["wins"] + spear["losses"] == 3
    assert len(spear["fights"]) == 3
    assert spear["development_points"] == 40 + 10 * spear["wins"] + 5 * spear["losses"]
    code, _, err = career(capsys, "undo", str(second))
    assert code == 1
    one_line(err, "#1 Hammer Rookie's sheet has changed since this fight: fight #3 (")
    one_line(err, "came after it; take that back first")
    for path in (third, second, duel_file):
        assert career(capsys, "undo", str(path))[0] == 0
    with Stable.open(create=False) as stable:
        assert stable.gladiators() == []


def test_three_duels_in_a_row_with_the_points_spent_between_them(capsys, duel_file,
                                                                  tmp_path):
    duel = duel_file
    for n, next_seed in enumerate((6, 7, None), start=2):
        assert career(capsys, "apply", str(duel))[0] == 0
        for who in ("Hammer Rookie", "Spear Rookie"):  # five HEALTH ranks for 5 points
            code, out, _ = run(capsys, "train", "--stable", who, "health", "5")
            assert code == 0 and "changed #" in out
        if next_seed is not None:
            duel = next_duel(tmp_path, capsys, n, next_seed)
    for who, health in (("Hammer Rookie", 9), ("Spear Rookie", 12)):
        sheet = sheet_of(who)
        assert sheet["skills"]["health"] == health + 3 * 5  # each duel built on the last
        assert sheet["wins"] + sheet["losses"] == 3
        assert sheet["development_points"] == 40 + 10 * sheet["wins"] + 5 * sheet["losses"]
    # The last duel's points are spent: taking it back would undo the training.
    code, _, err = career(capsys, "undo", str(duel))
    assert code == 1
    one_line(err, "'s sheet has changed since this fight (trained or edited since)")


def test_a_fight_whose_sheet_was_changed_since_is_not_taken_back(capsys, duel_file):
    career(capsys, "apply", str(duel_file))
    db = sqlite3.connect(paths.stable_path())
    db.execute("UPDATE gladiators SET sheet = replace(sheet, '\"wins\": 1', '\"wins\": 2') "
               "WHERE id = 2")
    db.commit()
    db.close()
    code, _, err = career(capsys, "undo", str(duel_file))
    assert code == 1
    one_line(err, "#2 Spear Rookie's sheet has changed since this fight (trained or edited "
                  "since): taking the fight back would undo that")


def test_two_gladiators_of_one_name_are_told_apart_with_as(capsys, duel_file):
    run(capsys, "stable", "add", "Spear Rookie", "--manager", "Marcus")
    run(capsys, "stable", "add", "Spear Rookie", "--manager", "Livia")
    code, _, err = career(capsys, "apply", str(duel_file))
    assert code == 1
    one_line(err, "2 gladiators of the battle system in the stable are called 'Spear "
                  "Rookie' (#1, #2): say which fought on side b with --as b=#1")
    assert not stable_rows()["fights"]
    code, out, _ = career(capsys, "apply", str(duel_file), "--as", "b=#2", "--json")
    assert code == 0
    [hammer, spear] = json.loads(out)["gladiators"]
    assert (hammer["added"], hammer["id"]) == (True, 3)
    assert (spear["added"], spear["id"], spear["result"]) == (False, 2, "win")


def test_as_names_a_gladiator_whose_name_has_changed_since(capsys, duel_file):
    run(capsys, "stable", "add", "Spear Rookie")
    db = sqlite3.connect(paths.stable_path())
    db.execute("UPDATE gladiators SET name = 'Spear Veteran'")
    db.commit()
    db.close()
    code, out, _ = career(capsys, "apply", str(duel_file), "--as", "b=spear veteran",
                          "--dry-run")
    assert code == 0 and "#1 Spear Veteran: win" in out.splitlines()


@pytest.mark.parametrize(("given", "words"), [
    (["--as", "c=#1"], "--as c=#1: this fight has no side 'c'; its sides are a, b"),
    (["--as", "b"], "--as b: give SIDE=NAME or SIDE=#ID"),
    (["--as", "b=#9"], "--as b=#9: there is no gladiator #9 of the battle system"),
    (["--as", "b=Nobody"], "there is no gladiator called 'Nobody' of the battle system"),
    (["--as", "a=#1", "--as", "b=#1"], "sides a and b are both #1 Spear Rookie"),
    (["--as", "a=#1", "--as", "a=#1"], "side a is given twice"),
])
def test_as_given_wrong_is_refused_in_one_line(capsys, duel_file, given, words):
    run(capsys, "stable", "add", "Spear Rookie")
    code, _, err = career(capsys, "apply", str(duel_file), *given)
    assert code in (1, 2)
    one_line(err, words)


def test_a_dead_gladiator_in_the_stable_fights_no_more(capsys, tmp_path):
    dies = tmp_path / "dies.json"
    played(brenna(), varro(), 42).save(dies)
    code, out, _ = career(capsys, "apply", str(dies))
    assert code == 0 and "  dead" in out.splitlines()
    with Stable.open(create=False) as stable:
        assert [g.alive for g in stable.gladiators()] == [True, False]
    again = tmp_path / "again.json"
    played(brenna(), varro(), 4).save(again)
    code, _, err = career(capsys, "apply", str(again))
    assert code == 1
    one_line(err, "#2 Varro is dead in the stable: a dead gladiator fights no more")


def test_a_duel_not_over_is_refused(capsys, tmp_path):
    path = tmp_path / "unfinished.json"
    played(brenna(), varro(), 4, most=5).save(path)
    code, _, err = career(capsys, "apply", str(path))
    assert code == 1
    one_line(err, "the fight is not over yet: there is nothing to record")
    assert not paths.stable_path().exists()


def test_a_skirmish_bout_not_begun_is_refused(capsys, tmp_path):
    path = tmp_path / "bout.json"
    run(capsys, "new", "skirmish", "--gladiators", "samnite,retiarius", "--out", str(path))
    code, _, err = career(capsys, "apply", str(path))
    assert code == 1
    one_line(err, "the fight is not over yet: there is nothing to record")
    assert not paths.stable_path().exists()


def hostile(duel_file: Path, tmp_path: Path) -> list[Path]:
    """A session file broken or tampered with, each its own way."""
    data = json.loads(duel_file.read_text("utf-8"))
    tampered = json.loads(json.dumps(data))
    tampered["journal"][3]["rolls"][0]["faces"][0] = \
        7 - tampered["journal"][3]["rolls"][0]["faces"][0]
    files = {"cut.json": duel_file.read_text("utf-8")[:500],
             "tampered.json": json.dumps(tampered),
             "deep.json": "[" * 100_000 + "]" * 100_000,
             "not-a-session.json": json.dumps({"format": "companion-gladiator"}),
             "other.json": json.dumps({**data, "ruleset": "chess"})}
    for name, text in files.items():
        (tmp_path / name).write_text(text, "utf-8")
    return [tmp_path / name for name in files]


def test_hostile_session_files_get_the_sessions_own_one_line_messages(capsys, duel_file,
                                                                     tmp_path):
    for path in hostile(duel_file, tmp_path):
        _, _, said = run(capsys, "replay", str(path))
        for verb in ("apply", "undo"):
            code, out, err = career(capsys, verb, str(path))
            assert code != 0 and out == "", path
            one_line(err, str(path.name))
            assert err == said, path
    assert not paths.stable_path().exists()


def test_json_for_a_script(capsys, duel_file):
    code, out, _ = career(capsys, "apply", str(duel_file), "--json", "--dry-run")
    assert code == 0
    preview = json.loads(out)
    assert (preview["dry_run"], preview["fight"], preview["already"]) == (True, None, False)
    assert preview["gladiators"][1] == {
        "side": "b", "name": "Spear Rookie", "id": None, "added": True, "result": "win",
        "dead": False, "purse": [],
        "said": ["development points 40 to 50", "wins 0 to 1", "total fights 0 to 1"]}
    recorded = json.loads(career(capsys, "apply", str(duel_file), "--json")[1])
    assert recorded["fight"] == 1 and recorded["fingerprint"] == preview["fingerprint"]
    assert [g["id"] for g in recorded["gladiators"]] == [1, 2]
    already = json.loads(career(capsys, "apply", str(duel_file), "--json")[1])
    assert (already["already"], already["fight"]) == (True, 1)


def test_a_stable_the_companion_cannot_use_is_refused_in_one_line_and_left_as_it_is(
        capsys, duel_file):
    paths.stable_path().parent.mkdir(parents=True)
    paths.stable_path().write_text("my notes, not a stable\n", "utf-8")
    for verb in ("apply", "undo"):
        code, out, err = career(capsys, verb, str(duel_file))
        assert code == 1 and out == ""
        one_line(err, "a text file, not a stable")
    assert paths.stable_path().read_text("utf-8") == "my notes, not a stable\n"


def pit_match(tmp_path: Path) -> Path:
    """Lord Smash against the Cinder Witch at a public event, The Pit, played to its
    end (Lord Smash wins)."""
    path = tmp_path / "pit.json"
    play([{"sheet": grimdark_sample("lord-smash"), "team": "1",
           "coaching": coaching("lord-smash")},
          {"sheet": grimdark_sample("cinder-witch"), "team": "2",
           "coaching": coaching("cinder-witch")}], 2,
         event={"name": "The Pit", "kind": "public", "entry_fee": 20, "prize": 80}
         ).save(path)
    return path


def test_a_grimdark_match_is_recorded_as_a_duel_is_its_money_in_the_managers_purse(
        capsys, tmp_path):
    match = pit_match(tmp_path)
    # Lord Smash is not in the stable and his sheet names no manager: his money is
    # said, and kept in no one's purse.
    code, out, _ = career(capsys, "apply", str(match))
    assert code == 0
    assert out.splitlines()[1:3] == ["Lord Smash is not in the stable: added",
                                     "Lord Smash: win"]
    assert "  money: -20 (entry fee of The Pit (Lord Smash)), not kept: he has no " \
        "manager" in out.splitlines()
    assert career(capsys, "undo", str(match))[0] == 0
    # Ann's Lord Smash: the money comes into her purse with the fight, and goes with it.
    run(capsys, "stable", "add", "Lord Smash", "--manager", "Ann")
    code, out, _ = career(capsys, "apply", str(match))
    assert code == 0
    assert out.splitlines()[1:6] == [
        "#1 Lord Smash: win", "  Fame 0 to 1 (a win)", "  record 0-0 to 1-0",
        "  matches fought 0 to 1", "  money: -20 to Ann (entry fee of The Pit (Lord Smash))"]
    assert run(capsys, "stable", "purse", "Ann")[1].splitlines()[0] == "Ann's purse: 60"
    assert career(capsys, "apply", str(match))[1].endswith("; nothing changed\n")
    assert career(capsys, "undo", str(match))[0] == 0
    assert run(capsys, "stable", "purse", "Ann")[1] == "Ann's purse is empty.\n"


def test_three_duels_from_the_command_line_alone_the_stable_s_sheets_fight(capsys,
                                                                           tmp_path):
    """As docs/play/careers.md tells it, with no file but the sessions: the samples go
    into the stable, each duel is made with `new battle` naming them (the stable's
    sheets, with the training since), played by `auto`, recorded, and the points it
    earned spent with `train --stable` before the next."""
    for who in ("Hammer Rookie", "Spear Rookie"):
        assert run(capsys, "stable", "add", who, "--manager", "Marcus")[0] == 0
    for n in range(1, 4):
        duel = tmp_path / f"duel-{n}.json"
        code, _, err = run(capsys, "new", "battle", "Hammer Rookie", "Spear Rookie",
                           "--out", str(duel))
        assert code == 0, err
        setup = json.loads(duel.read_text("utf-8"))["setup"]
        assert setup["a"]["skills"]["health"] == 9 + (n - 1) * 5  # trained since
        assert run(capsys, "auto", str(duel), "--seed", str(n))[0] == 0
        assert career(capsys, "apply", str(duel))[0] == 0
        for who in ("Hammer Rookie", "Spear Rookie"):
            code, out, err = run(capsys, "train", "--stable", who, "health", "5")
            assert code == 0 and "changed #" in out, err
    for who, health in (("Hammer Rookie", 9), ("Spear Rookie", 12)):
        sheet = sheet_of(who)
        assert sheet["skills"]["health"] == health + 3 * 5
        assert sheet["wins"] + sheet["losses"] == 3 == len(sheet["fights"])
