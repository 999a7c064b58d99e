"""`companion stable list|show|add|import|export|remove`, as a player and a script use
them: words on the terminal, JSON with --json, one line for each refusal."""

from __future__ import annotations

import json
import shutil

from support.hostile_paths import hostile_folder

from companion import paths
from companion.cli import main
from companion.stable.model import SheetFile
from companion.stable.store import NewFight, Stable

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


def roster() -> None:
    paths.roster_dir().mkdir(parents=True)
    shutil.copy(SAMPLES / "spear-rookie.json", paths.roster_dir())
    (paths.roster_dir() / "grimdark").mkdir()
    shutil.copy(SAMPLES / "grimdark" / "lord-smash.json", paths.roster_dir() / "grimdark")


def test_an_empty_stable_says_how_to_fill_it_and_is_not_made(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0 and out.startswith("The stable is empty")
    assert "companion stable import" in out
    assert not paths.stable_path().exists()


def test_import_then_list_show_and_export(capsys, tmp_path):
    roster()
    code, out, err = run(capsys, "import")
    assert code == 0 and err == ""
    assert out == (f"imported 2 gladiators into the stable ({paths.stable_path()}): 1 of the "
                   "battle system, 1 of Grimdark Gladiators\n")
    code, out, _ = run(capsys, "import")
    assert out.startswith("nothing new to import") and "2 sheets already in it" in out
    code, out, _ = run(capsys, "list")
    assert out.splitlines() == [
        "No manager",
        "  #1 Spear Rookie (the battle system): ATTACK 2, ARMOR 1, SHIELD 2, PARRY/DODGE 3, "
        "HEALTH 12, INITIATIVE 2, RETRIEVE WEAPON 2; 0 wins, 0 losses; 40 development points",
        "  #2 Lord Smash (Grimdark Gladiators): Brutality 6, Style 3, Mind 3, Weird 3; "
        "Fame 0; 0 wins, 0 losses"]
    code, out, _ = run(capsys, "show", "lord smash")
    assert out.splitlines()[:2] == ["#2 Lord Smash, of Grimdark Gladiators", "Manager: none"]
    assert out.splitlines()[-1] == "Career: no fights recorded yet"
    code, out, _ = run(capsys, "export", "#1")
    assert out == (SAMPLES / "spear-rookie.json").read_text()
    code, out, _ = run(capsys, "export", "Lord Smash", "--out", str(tmp_path))
    assert out == f"wrote {tmp_path / 'lord-smash.json'}\n"
    assert (tmp_path / "lord-smash.json").read_bytes() == \
        (SAMPLES / "grimdark" / "lord-smash.json").read_bytes()


def test_list_and_show_in_json_for_a_script(capsys):
    roster()
    code, out, _ = run(capsys, "import", "--manager", "Livia", "--json")
    assert code == 0
    imported = json.loads(out)
    assert [g["name"] for g in imported["imported"]] == ["Spear Rookie", "Lord Smash"]
    assert imported["already"] == [] and imported["skipped"] == []
    listed = json.loads(run(capsys, "list", "--json", "--game", "grimdark")[1])
    assert [m["name"] for m in listed["managers"]] == ["Livia"]
    assert [(g["id"], g["manager"], g["alive"]) for g in listed["gladiators"]] == \
        [(2, "Livia", True)]
    shown = json.loads(run(capsys, "show", "2", "--json")[1])
    assert shown["sheet"]["name"] == "Lord Smash" and shown["fights"] == []
    assert "Starred: no" in shown["lines"]


def test_add_a_sample_with_his_manager_and_not_twice(capsys):
    code, out, _ = run(capsys, "add", "Spear Rookie", "--manager", "Marcus")
    assert (code, out) == (0, "added #1 Spear Rookie (the battle system, Marcus's)\n")
    code, out, err = run(capsys, "add", "Spear Rookie", "--manager", "marcus")
    assert code == 1
    one_line(err, "Spear Rookie is in the stable already (#1); nothing added")
    assert run(capsys, "add", "Spear Rookie")[0] == 0  # no one's is another gladiator
    code, _, err = run(capsys, "show", "Spear Rookie")
    one_line(err, "2 gladiators are called 'Spear Rookie': #1 (the battle system, "
             "Marcus's), #2 (the battle system); give his number")
    code, out, _ = run(capsys, "add", "--manager", "Livia")
    assert out == "added manager Livia to the stable\n"
    code, out, _ = run(capsys, "list", "--manager", "livia")
    assert out == "No gladiators of Livia's in the stable.\n"


def test_refusals_are_one_line_each(capsys, tmp_path):
    run(capsys, "add", "Spear Rookie")
    for args, words in [
        (["add"], "give a SHEET to add"),
        (["add", "Nobody"], "Nobody: no such sheet file, and no sample of that name"),
        (["show", "Nobody"], "there is no gladiator called 'Nobody' in the stable"),
        (["show", "#7"], "there is no gladiator #7 in the stable"),
        (["show", "Spear Rookie", "--game", "grimdark"],
         "no gladiator called 'Spear Rookie' of Grimdark Gladiators"),
        (["remove"], "give the GLADIATOR to remove, or --manager NAME"),
        (["remove", "--manager", "Nobody"], "there is no manager called 'Nobody'"),
        (["list", "--manager", "Nobody"], "there is no manager called 'Nobody'"),
        (["import", ""], "an empty name is no file or folder to import"),
        (["export", "1", "--out", ""], "--out: an empty name is no file or folder"),
        (["add", str(SAMPLES / "grimdark" / "lord-smash.json"), "--game", "battle"],
         "this is a sheet of Grimdark Gladiators, not of the battle system"),
        (["add", str(tmp_path)], "is a folder, not a gladiator's sheet"),
    ]:
        code, out, err = run(capsys, *args)
        # 2: a mistake in the command itself; 1: in what it names.
        usage = words.startswith(("give", "an empty", "--out"))
        assert code == (2 if usage else 1) and out == "", args
        one_line(err, words)


def test_removing_a_gladiator_leaves_his_file_and_asks_before_losing_a_career(capsys):
    run(capsys, "add", "Spear Rookie", "--manager", "Marcus")
    with Stable.open() as stable:
        stable.record_fight(NewFight("battle", "2025-03-01", "/tmp/duel.json", "d", "won"),
                            [(1, "a", "win")], [])
    code, _, err = run(capsys, "remove", "1")
    one_line(err, "#1 Spear Rookie has 1 fight in his career; --with-career removes him")
    code, out, err = run(capsys, "show", "1")
    assert "Fight #1, 2025-03-01: win; won (session /tmp/duel.json)" in out
    code, _, err = run(capsys, "remove", "--manager", "Marcus")
    one_line(err, "Marcus still has 1 gladiator in the stable")
    code, out, _ = run(capsys, "remove", "1", "--with-career")
    assert code == 0
    assert out.startswith("removed #1 Spear Rookie (the battle system) from the stable; "
                          "his sheet file ")
    assert (SAMPLES / "spear-rookie.json").exists()
    assert run(capsys, "remove", "--manager", "Marcus")[1] == \
        "removed manager Marcus from the stable\n"


def test_a_hand_broken_sheet_in_the_stable_is_said_and_the_rest_listed(capsys):
    with Stable.open() as stable:
        stable.add_gladiator("battle", SheetFile("Broken", '{"format": "companion-gladiator"}'))
        stable.add_gladiator("unknown-game", SheetFile("Stranger", "{}"))
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert "#1 Broken (the battle system): his sheet cannot be read: his sheet: name" in out
    assert "#2 Stranger (unknown-game): a gladiator of unknown-game, a game this companion " \
        "does not know" in out
    code, out, _ = run(capsys, "show", "1")
    assert code == 0 and "his sheet cannot be read" in out
    code, _, err = run(capsys, "export", "2")
    one_line(err, "no game 'unknown-game' keeps gladiators in the stable")


def test_files_that_cannot_be_imported_are_named_and_nothing_is_written(capsys, tmp_path):
    hostile_folder(tmp_path)
    for path, words in [(tmp_path / "plain.txt" / "x.json", "plain.txt/x.json: "),
                        (tmp_path / "loop1", "loop1: "), (tmp_path / ("a" * 300), "too long"),
                        (tmp_path / "none.json", "none.json: ")]:
        code, out, err = run(capsys, "import", str(path))
        assert code == 1 and out.startswith("nothing new to import"), path
        one_line(err, words)
        assert err.startswith("companion: skipped: ")
    assert not paths.stable_path().exists() and not paths.user_data_dir().exists()
